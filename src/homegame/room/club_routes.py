"""The HTTP routes of the room's clubs (docs/protocol.md has each answer's schema, docs/night.md
the rest):

- ``POST /api/clubs``: make a club (its id, page and owner token; the host's member key too);
- ``GET /api/clubs/<club>``: the standings, the nights filed and the season's graph;
- ``GET /api/clubs/<club>/ledger?format=csv`` (or ``json``): the standings as a file to keep;
- ``POST /api/clubs/<club>/members`` and ``.../members/<n>/key``: a member, or a new key for one
  (the club's owner token as the bearer);
- ``POST /api/clubs/<club>/nights``: file a closed table under the club (the club's owner token as
  the bearer, the table's in the body);
- ``GET /api/clubs/<club>/me``: who a member key (the bearer) is in the club.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from homegame.errors import RoomError
from homegame.room.club_ledger import club_csv, club_json
from homegame.room.clubs import Clubs
from homegame.room.night_routes import download, stem
from homegame.room.protocol import BadMessage

__all__ = ["club_routes"]

Handler = Callable[[Request], Awaitable[Response]]


def club_routes(clubs: Clubs, *, api: Callable[[Handler], Handler], bearer: Callable[[Request], str | None],
                body: Callable[[Request], Awaitable[Any]]) -> list[BaseRoute]:
    """The routes above, built with the room API's helpers (see :func:`homegame.web.web_routes`)."""

    def club_id(request: Request) -> str:
        return str(request.path_params["club"])

    async def create(request: Request) -> Response:
        return JSONResponse(await clubs.create(await body(request)), status_code=201)

    async def show(request: Request) -> Response:
        return JSONResponse(club_json(await clubs.club(club_id(request))))

    async def ledger(request: Request) -> Response:
        form = request.query_params.get("format", "json")
        if form not in ("csv", "json"):
            raise BadMessage("bad_message",
                             f"a club's ledger comes as format=csv or format=json, not {form[:20]!r}")
        club = await clubs.club(club_id(request))
        name = f"{stem(club.name, club.id, 'club')}-standings.{form}"
        if form == "csv":
            return download(club_csv(club), "text/csv; charset=utf-8", name)
        return download(json.dumps(club_json(club)), "application/json", name)

    async def add_member(request: Request) -> Response:
        request_body = await body(request)
        if not isinstance(request_body, dict) or set(request_body) != {"name"}:
            raise RoomError("a member is added with {'name': their name in the club}")
        member = await clubs.add_member(club_id(request), bearer(request), request_body["name"])
        return JSONResponse(member, status_code=201)

    async def renew_key(request: Request) -> Response:
        member = await clubs.renew_key(club_id(request), bearer(request), request.path_params["member"])
        return JSONResponse(member, status_code=201)

    async def file(request: Request) -> Response:
        night = await clubs.file(club_id(request), bearer(request), await body(request))
        return JSONResponse(night, status_code=201)

    async def me(request: Request) -> Response:
        return JSONResponse(await clubs.member_of(club_id(request), bearer(request)))

    return [
        Route("/api/clubs", api(create), methods=["POST"]),
        Route("/api/clubs/{club}", api(show)),
        Route("/api/clubs/{club}/ledger", api(ledger)),
        Route("/api/clubs/{club}/members", api(add_member), methods=["POST"]),
        Route("/api/clubs/{club}/members/{member:int}/key", api(renew_key), methods=["POST"]),
        Route("/api/clubs/{club}/nights", api(file), methods=["POST"]),
        Route("/api/clubs/{club}/me", api(me)),
    ]
