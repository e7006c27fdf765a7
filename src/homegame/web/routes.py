"""The routes the card room adds to serve the browser table.

``/`` is the lobby, ``/t/<table>`` a table (the invite link the API gives), ``/static/...`` the
page's files. Two JSON endpoints answer a seat about its own decision (see
:mod:`homegame.web.advice`), each authorised by the seat's token (``Authorization: Bearer``):

- ``POST /api/tables/<table>/check`` with ``{"action": ...}``: legal or not and why, the foul it
  would make, the rows' names;
- ``GET /api/tables/<table>/suggest``: what the game's best bot or solver would play now.

Both are rate limited per seat, as the protocol limits messages. The lessons (``/learn`` and their
endpoints) are :mod:`homegame.web.lessons`'s.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from homegame.room.connection import TokenBucket
from homegame.room.protocol import BadMessage
from homegame.web.advice import check, suggestion
from homegame.web.lessons import lesson_routes

if TYPE_CHECKING:
    from homegame.room.service import CardRoom

__all__ = ["STATIC", "web_routes"]

STATIC: Final = Path(__file__).parent / "static"
"""The page's files: HTML, CSS and JavaScript modules, served as they are."""
Handler = Callable[[Request], Awaitable[Response]]


class _Revalidated(StaticFiles):
    """Static files a browser keeps but asks about again (by ETag) before using, so a room that is
    upgraded serves its new page at once."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


def _page(name: str) -> Handler:
    async def endpoint(request: Request) -> Response:
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})
    return endpoint


def web_routes(room: CardRoom, *, api: Callable[[Handler], Handler], bearer: Callable[[Request], str | None],
               body: Callable[[Request], Awaitable[Any]]) -> list[BaseRoute]:
    """The browser's routes for ``room``, built with the room API's own helpers: ``api`` wraps a
    JSON endpoint so that a refusal becomes a JSON error of the fitting status, ``bearer`` reads a
    request's token and ``body`` its JSON body."""
    buckets: dict[tuple[str, int | None], TokenBucket] = {}

    def allowed(table: str, seat: int | None, *, rate: float, burst: int) -> None:
        bucket = buckets.setdefault((table, seat), TokenBucket(rate=rate, burst=burst))
        if not bucket.take(now=room.monotonic()):
            raise BadMessage("slow_down", "too many questions: wait a moment")

    async def check_endpoint(request: Request) -> Response:
        table_id = str(request.path_params["table"])
        host = room.host(table_id)
        seat = host.seat_of(bearer(request))
        asked = await body(request)
        allowed(table_id, seat, rate=10.0, burst=40)
        if not isinstance(asked, dict) or set(asked) != {"action"}:
            raise BadMessage("bad_message", "ask with {'action': <an action in the engine's JSON form>}")
        return JSONResponse(check(host.table, seat, asked["action"]))

    async def suggest_endpoint(request: Request) -> Response:
        table_id = str(request.path_params["table"])
        host = room.host(table_id)
        seat = host.seat_of(bearer(request))
        allowed(f"{table_id}/suggest", seat, rate=0.5, burst=4)
        return JSONResponse(await suggestion(room, host.table, seat))

    return [
        Route("/", _page("lobby.html")),
        Route("/t/{table}", _page("table.html")),
        Route("/api/tables/{table}/check", api(check_endpoint), methods=["POST"]),
        Route("/api/tables/{table}/suggest", api(suggest_endpoint)),
        *lesson_routes(api=api, body=body, page=_page, monotonic=room.monotonic),
        Mount("/static", app=_Revalidated(directory=STATIC), name="static"),
    ]

