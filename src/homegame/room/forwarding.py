"""Serving a table that another room process owns, through this one (a proxy; docs/scaling.md).

A client may reach any process of a shared room. A request for a table this process does not own
is passed on to the owner's advertised address and the owner's answer handed back: HTTP requests
by :class:`ForwardToOwner` (an ASGI middleware), a websocket by :func:`relay_socket`, which
carries frames both ways until either side closes. The client never needs to know which process
owns its table, so it keeps using the one address it was given, even after its table's owner died
and another process took the table over.

A forwarded request carries the :data:`FORWARDED` header; a process never forwards such a request
again (two processes that disagree for a moment about an owner answer "try again" rather than
pass a request back and forth).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import urllib.error
import urllib.request
from typing import TYPE_CHECKING, Any, Final

from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from homegame.errors import NotFound
from homegame.room.connection import Connection
from homegame.room.ownership import CLOSE_MOVING, TableMoving

if TYPE_CHECKING:
    from homegame.room.service import CardRoom

__all__ = ["FORWARDED", "ForwardToOwner", "relay_socket"]

FORWARDED: Final = "x-homegame-forwarded"
_TABLE_PATH: Final = re.compile(r"^/api/(?:tables|tournaments)/([^/]+)(?:/|$)")
"""A request about a table, or a tournament (known by its first table, whose process serves it)."""
_PASSED_HEADERS: Final = ("authorization", "content-type")
_TIMEOUT: Final = 10.0
_LARGEST_BODY: Final = 64 * 1024
_PASSED_CLOSES: Final = frozenset({1000, 1008, 1009, 1013, 4401, 4404, 4409, 4410})
"""Close codes the owner chose for the client, passed on as they are; any other end of the owner's
connection (it died, it let the table go) tells the client to connect again."""


class ForwardToOwner:
    """Pass HTTP requests about a table another process owns to that process."""

    def __init__(self, app: ASGIApp, room: CardRoom) -> None:
        self.app, self.room = app, room

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        match = _TABLE_PATH.match(scope["path"]) if scope["type"] == "http" else None
        if match is None or self.room.sharing is None or match[1] in self.room.hosts:
            await self.app(scope, receive, send)
            return
        try:
            place = await self.room.locate(match[1])
        except NotFound:
            place = None  # the application answers as it does for any unknown table
        except TableMoving as error:
            await _moving(str(error))(scope, receive, send)
            return
        if not isinstance(place, str):
            await self.app(scope, receive, send)
            return
        headers = {key.decode().lower(): value.decode() for key, value in scope["headers"]}
        if FORWARDED in headers:
            await _moving("the room's processes disagree about this table's owner for a moment")(
                scope, receive, send)
            return
        body = await _read_body(receive)
        if body is None:
            await JSONResponse({"error": f"a request body is at most {_LARGEST_BODY} bytes"},
                               status_code=400)(scope, receive, send)
            return
        path = scope["path"] + (f"?{scope['query_string'].decode()}" if scope["query_string"] else "")
        request = urllib.request.Request(place + path, data=body or None, method=scope["method"],
                                         headers={**{k: headers[k] for k in _PASSED_HEADERS if k in headers},
                                                  FORWARDED: "1"})
        answer = await asyncio.get_running_loop().run_in_executor(None, _fetch, request)
        await (answer or _moving("the table's process did not answer"))(scope, receive, send)


async def _read_body(receive: Receive) -> bytes | None:
    body = b""
    while True:
        message = await receive()
        body += bytes(message.get("body", b""))
        if len(body) > _LARGEST_BODY:
            return None
        if not message.get("more_body"):
            return body


def _fetch(request: urllib.request.Request) -> Response | None:
    """The owner's answer to ``request`` as it is; ``None`` if the owner cannot be reached."""
    try:
        with urllib.request.urlopen(request, timeout=_TIMEOUT) as answer:
            status, headers, content = answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as error:
        status, headers, content = error.code, error.headers, error.read()
    except OSError:
        return None
    attachment = headers.get("content-disposition")  # a download keeps its file name
    return Response(content, status_code=status, media_type=headers.get("content-type"),
                    headers={"content-disposition": attachment} if attachment else None)


def _moving(message: str) -> Response:
    return JSONResponse({"error": message}, status_code=503, headers={"retry-after": "1"})


async def relay_socket(websocket: WebSocket, connection: Connection, address: str,
                       hello: dict[str, Any]) -> None:
    """Serve ``connection`` (which said ``hello``) through the table's owner at ``address``: its
    frames go to the owner and the owner's come back, until either side closes."""
    if FORWARDED in websocket.headers:
        connection.close(CLOSE_MOVING)
        return
    url = address.replace("http", "ws", 1) + "/ws"
    try:
        upstream = await connect(url, open_timeout=_TIMEOUT, max_size=2**22,
                                 additional_headers={FORWARDED: "1"})
    except (OSError, TimeoutError, InvalidHandshake):
        connection.close(CLOSE_MOVING)  # the owner is gone: on reconnecting, the table is taken over
        return
    async with upstream:
        await upstream.send(json.dumps(hello))

        async def down() -> None:
            async for text in upstream:
                frame = json.loads(text)
                (connection.send_state if frame.get("type") == "state" else connection.send)(frame)

        async def up() -> None:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                text = message.get("text")
                await upstream.send(text if text is not None else message.get("bytes") or b"")
        pumps = [asyncio.get_running_loop().create_task(pump()) for pump in (down, up)]
        try:
            await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for pump in pumps:
                pump.cancel()
            for pump in pumps:
                with contextlib.suppress(asyncio.CancelledError, ConnectionClosed, WebSocketDisconnect):
                    await pump
    code = upstream.close_code
    connection.close(code if code in _PASSED_CLOSES else CLOSE_MOVING)
