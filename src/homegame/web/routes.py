"""The routes the card room adds to serve the browser table.

``/`` is the lobby, ``/t/<table>`` a table (the invite link the API gives), ``/tournament/<id>`` a
tournament (its entries, standings and entry form), ``/c/<club>`` a club's standings (``/club``
makes one), ``/static/...`` the page's files (compressed and cached by content:
:mod:`homegame.web.assets`), and ``/api/tables/<table>/invite.svg`` the invite link as a QR code,
for friends in the same room to join by pointing a phone at the host's screen. Two JSON endpoints
answer a seat about its own decision (see :mod:`homegame.web.advice`), each authorised by the
seat's token (``Authorization: Bearer``):

- ``POST /api/tables/<table>/check`` with ``{"action": ...}``: legal or not and why, the foul it
  would make, the rows' names;
- ``GET /api/tables/<table>/suggest``: what the game's best bot or solver would play now.

Both are rate limited per seat, as the protocol limits messages. The lessons (``/learn`` and their
endpoints) are :mod:`homegame.web.lessons`'s.
"""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import segno
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from homegame.room.connection import TokenBucket
from homegame.room.protocol import BadMessage
from homegame.web.advice import check, suggestion
from homegame.web.assets import Assets
from homegame.web.lessons import lesson_routes

if TYPE_CHECKING:
    from homegame.room.service import CardRoom

__all__ = ["invite_qr", "web_routes"]

Handler = Callable[[Request], Awaitable[Response]]


def invite_qr(link: str) -> bytes:
    """The invite ``link`` as a QR code, an SVG image (segno: a maintained, pure-Python encoder).

    >>> invite_qr("https://cards.example/t/abc123").startswith(b"<svg")
    True
    """
    buffer = io.BytesIO()
    segno.make(link, error="m").save(buffer, kind="svg", scale=6, border=2, xmldecl=False,
                                     dark="#111111", light="#ffffff", title="the table's invite link")
    return buffer.getvalue()


def _static(assets: Assets) -> Handler:
    async def endpoint(request: Request) -> Response:
        version, _, name = str(request.path_params["path"]).partition("/")
        found = assets.file(version, name) or assets.file("", f"{version}/{name}".strip("/"))
        if found is None:
            return Response("no such file", status_code=404, media_type="text/plain")
        asset, cache = found
        return asset.response(request, cache=cache)
    return endpoint


def web_routes(room: CardRoom, *, api: Callable[[Handler], Handler], bearer: Callable[[Request], str | None],
               body: Callable[[Request], Awaitable[Any]]) -> list[BaseRoute]:
    """The browser's routes for ``room``, built with the room API's own helpers: ``api`` wraps a
    JSON endpoint so that a refusal becomes a JSON error of the fitting status, ``bearer`` reads a
    request's token and ``body`` its JSON body."""
    buckets: dict[tuple[str, int | None], TokenBucket] = {}
    assets = Assets()

    def page(name: str) -> Handler:
        async def endpoint(request: Request) -> Response:
            return assets.page(name).response(request, cache="no-cache")
        return endpoint

    async def qr_endpoint(request: Request) -> Response:
        table = await room.public_table(request.path_params["table"])  # an open or closed table, or 404
        link = room.invite_link(table["id"], base=str(request.base_url))
        return Response(invite_qr(link), media_type="image/svg+xml",
                        headers={"Cache-Control": "private, max-age=3600"})

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
        Route("/", page("lobby.html")),
        Route("/t/{table}", page("table.html")),
        Route("/c/{club}", page("club.html")),  # a club's standings (homegame.room.club_routes)
        Route("/club", page("club.html")),  # a new club
        Route("/tournament/{tournament}", page("tournament.html")),
        Route("/api/tables/{table}/check", api(check_endpoint), methods=["POST"]),
        Route("/api/tables/{table}/suggest", api(suggest_endpoint)),
        Route("/api/tables/{table}/invite.svg", api(qr_endpoint)),
        *lesson_routes(api=api, body=body, page=page, monotonic=room.monotonic),
        Route("/static/{path:path}", _static(assets)),
    ]

