"""The HTTP routes of what a night leaves behind: the ledger as a file, the statistics and chip
graph, and the hand histories (docs/protocol.md has each answer's schema, docs/night.md the rest).

- ``GET /api/tables/<table>/ledger?format=csv`` (or ``json``): the ledger to keep, as a download;
- ``GET /api/tables/<table>/stats``: each player's figures by game, and the chip graph;
- ``GET /api/tables/<table>/histories`` with a seat's token: every hand that seat's player was
  dealt, as they saw it; with the owner's token, once the table has closed, every hand in full.

Every answer is read from the table's stored log, so it is the same from any process of the room
and after a restart; a night read once is kept until the table's log grows.
"""

from __future__ import annotations

import re
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Final

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from homegame.errors import NotAllowed, NotFound
from homegame.room.host import token_hash
from homegame.room.night import Night, read_night
from homegame.room.night_hands import histories_jsonl
from homegame.room.night_ledger import ledger_csv, ledger_export
from homegame.room.night_stats import stats_json
from homegame.room.protocol import BadMessage

if TYPE_CHECKING:
    from homegame.room.service import CardRoom

__all__ = ["NightReader", "download", "night_routes", "stem"]

Handler = Callable[[Request], Awaitable[Response]]
_KEPT: Final = 16


class NightReader:
    """Reads tables' nights from the room's store, keeping the last few read (a night is read
    again only once its table's log has grown)."""

    def __init__(self, room: CardRoom) -> None:
        self.room = room
        self._kept: OrderedDict[str, tuple[int, Night]] = OrderedDict()

    async def night(self, table_id: object) -> Night:
        if not isinstance(table_id, str):
            raise NotFound("there is no such table in this room")
        events = await self.room.store.all_events(table_id)
        if not events:
            raise NotFound(f"there is no table {table_id[:64]!r} in this room")
        kept = self._kept.get(table_id)
        if kept is not None and kept[0] == events[-1].seq:
            self._kept.move_to_end(table_id)
            return kept[1]
        night = read_night(table_id, events)
        self._kept[table_id] = (events[-1].seq, night)
        while len(self._kept) > _KEPT:
            self._kept.popitem(last=False)
        return night


def download(body: str, media: str, filename: str) -> Response:
    """``body`` as a file to keep, named ``filename``."""
    headers = {"Cache-Control": "no-store", "Content-Disposition": f'attachment; filename="{filename}"'}
    return Response(body, media_type=media, headers=headers)


def stem(name: str, ident: str, fallback: str) -> str:
    """A file name's start for downloads: ``name`` made safe (``fallback`` if nothing is left),
    then ``ident``.

    >>> stem("Friday night!", "abc", "table"), stem("???", "abc", "club")
    ('friday-night-abc', 'club-abc')
    """
    safe = re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower()[:40]
    return f"{safe or fallback}-{ident}"


def file_stem(night: Night) -> str:
    """A file name's start for the night's downloads: the table's name, made safe, and its id."""
    return stem(night.table.config.name, night.table.id, "table")


def night_routes(room: CardRoom, *, api: Callable[[Handler], Handler],
                 bearer: Callable[[Request], str | None]) -> list[BaseRoute]:
    """The routes above for ``room``, built with the room API's helpers (see
    :func:`homegame.web.web_routes`)."""
    reader = NightReader(room)

    async def ledger(request: Request) -> Response:
        form = request.query_params.get("format")
        if form is None:
            return JSONResponse(await room.ledger(str(request.path_params["table"])))
        if form not in ("csv", "json"):
            raise BadMessage("bad_message", f"a ledger comes as format=csv or format=json, not {form[:20]!r}")
        night = await reader.night(request.path_params["table"])
        if form == "csv":
            return download(ledger_csv(night), "text/csv; charset=utf-8", f"{file_stem(night)}-ledger.csv")
        response = JSONResponse(ledger_export(night))
        response.headers["Content-Disposition"] = f'attachment; filename="{file_stem(night)}-ledger.json"'
        return response

    async def stats(request: Request) -> Response:
        return JSONResponse(stats_json(await reader.night(request.path_params["table"])))

    async def histories(request: Request) -> Response:
        night = await reader.night(request.path_params["table"])
        token = bearer(request)
        if not token:
            raise NotAllowed("a hand history is its player's: send your seat's token (or, once the table "
                             "has closed, the owner's token for every hand in full)")
        hashed = token_hash(token)
        if night.table.owner_hash and secrets.compare_digest(hashed, night.table.owner_hash):
            if not night.closed:
                raise NotAllowed("the full histories, deck order and all, are the host's once the table "
                                 "has closed: close it first")
            body, whose = histories_jsonl(night, full=True), "all"
        elif hashed in night.names_by_token:
            body, whose = histories_jsonl(night, token_hash=hashed), "mine"
        else:
            raise NotAllowed("that token opens no seat of this table")
        return download(body, "application/x-ndjson", f"{file_stem(night)}-hands-{whose}.jsonl")

    return [
        Route("/api/tables/{table}/ledger", api(ledger)),
        Route("/api/tables/{table}/stats", api(stats)),
        Route("/api/tables/{table}/histories", api(histories)),
    ]
