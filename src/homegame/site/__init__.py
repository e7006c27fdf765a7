"""The card room as it is served: the room's API and websocket, the browser's page, and the
middleware a room open to the internet needs, composed in one place.

The room (:mod:`homegame.room`) knows nothing of its face and the page (:mod:`homegame.web`)
builds on the room's API; :func:`create_site` puts them together for ``homegame serve``: the names
the room answers to, the origins it takes changes from and the headers of every answer
(:mod:`~homegame.site.guard`), gzip for the API's larger answers, and the passing of another
process's tables to their owner on a shared store.

    uvicorn.run(create_site(CardRoom(open_store(None))), host="127.0.0.1", port=8000)
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Iterable

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware

from homegame.room.app import api, bearer, json_body, lifespan_of, room_routes
from homegame.room.forwarding import ForwardToOwner
from homegame.room.service import CardRoom
from homegame.site.guard import Guard, RoomNames
from homegame.web import web_routes

__all__ = ["create_site"]


def create_site(room: CardRoom, *, hosts: Iterable[str] = (), origins: Iterable[str] = ()) -> Starlette:
    """The whole site of ``room``: it answers to the names in ``hosts`` (and to the host of the
    room's public address, ``localhost`` and any IP address), and takes changes and websockets from
    browsers on its own origin and on ``origins``."""
    names, allowed = [*hosts], [*origins]
    if room.public_url:
        names.append(urllib.parse.urlsplit(room.public_url).hostname or "")
        allowed.append(room.public_url)
    middleware = [Middleware(Guard, names=RoomNames(names), origins=allowed),
                  Middleware(GZipMiddleware, minimum_size=1024),
                  Middleware(ForwardToOwner, room=room)]
    routes = [*room_routes(room), *web_routes(room, api=api, bearer=bearer, body=json_body)]
    app = Starlette(routes=routes, lifespan=lifespan_of(room), middleware=middleware)
    app.state.room = room
    return app
