"""The card room as an ASGI application (Starlette): a small JSON API and one websocket a client.

The HTTP API makes and lists tables, seats players, takes the host's actions, and shows ledgers and
past hands; the websocket (``/ws``) carries the protocol of :mod:`homegame.room.protocol`. Every
refusal is a JSON error with the fitting status (400 a bad request, 403 a missing token, 404 no
such table, 429 over one of the room's limits, 503 with ``Retry-After`` for a table changing
owners), and nothing changes.

    uvicorn.run(create_app("room.sqlite3"), host="127.0.0.1", port=8000)

serves the room's API alone; ``homegame serve`` serves it with the browser's page and the
middleware a room open to the internet needs (:mod:`homegame.site`), which build on the helpers
here (:func:`api`, :func:`bearer`, :func:`json_body`).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any, Final

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from homegame.errors import HomegameError, NotAllowed, NotFound, RoomError
from homegame.games import GAMES
from homegame.games.pages import rules_text
from homegame.room.club_routes import club_routes
from homegame.room.config import setup_json
from homegame.room.connection import CLOSE_NO_TABLE, CLOSE_TABLE_CLOSED, CLOSE_UNAUTHORIZED, RATE, Connection
from homegame.room.forwarding import ForwardToOwner, relay_socket
from homegame.room.host import TableHost, token_hash
from homegame.room.limits import OverLimit, refused
from homegame.room.night_routes import night_routes
from homegame.room.ownership import CLOSE_MOVING, TableMoving
from homegame.room.protocol import LARGEST_MESSAGE, BadMessage, read_intent
from homegame.room.service import CardRoom
from homegame.room.store import TableLost, open_store
from homegame.room.views import closed_frame, game_json

__all__ = ["api", "bearer", "client_of", "create_app", "json_body", "room_routes"]

LARGEST_BODY: Final = 64 * 1024
HELLO_WITHIN: Final = 10.0
Handler = Callable[[Request], Awaitable[Response]]


def create_app(store: str | None = None, *, room: CardRoom | None = None) -> Starlette:
    """The room's API and websocket alone, keeping its tables in the store at ``store`` (see
    :func:`~homegame.room.store.open_store`), or serving ``room`` as it is given."""
    the_room = room if room is not None else CardRoom(open_store(store))
    app = Starlette(routes=room_routes(the_room), lifespan=lifespan_of(the_room),
                    middleware=[Middleware(ForwardToOwner, room=the_room)])
    app.state.room = the_room
    return app


def lifespan_of(room: CardRoom) -> Callable[[Starlette], Any]:
    """The application's life: the room started before the first request, stopped after the last."""
    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await room.start()
        try:
            yield
        finally:
            await room.stop()
    return lifespan


def room_routes(the_room: CardRoom) -> list[BaseRoute]:
    """The room's HTTP API and its websocket, as routes."""
    _api = api
    return [
        Route("/api/health", _api(lambda request: _ok({"ok": True, "tables": len(the_room.hosts)}))),
        Route("/api/stats", _api(lambda request: _ok(the_room.stats()))),
        Route("/api/games", _api(lambda request: _ok([game_json(name) for name in sorted(GAMES)]))),
        Route("/api/setup", _api(lambda request: _ok(setup_json()))),
        Route("/api/games/{game}/rules", _api(lambda request: _ok(_rules(request.path_params["game"])))),
        Route("/api/tables", _api(lambda request: _tables(the_room, request)), methods=["GET", "POST"]),
        Route("/api/tables/{table}", _api(lambda request: _table(the_room, request))),
        Route("/api/tables/{table}/seats", _api(lambda request: _join(the_room, request)), methods=["POST"]),
        Route("/api/tables/{table}/close", _api(lambda request: _close(the_room, request)), methods=["POST"]),
        Route("/api/tables/{table}/host", _api(lambda request: _host(the_room, request)), methods=["POST"]),
        Route("/api/tables/{table}/bomb-pot", _api(lambda request: _bomb_pot(the_room, request)),
              methods=["POST"]),
        Route("/api/tables/{table}/seat-codes", _api(lambda request: _seat_code(the_room, request)),
              methods=["POST"]),
        Route("/api/tables/{table}/seat-codes/claim", _api(lambda request: _claim(the_room, request)),
              methods=["POST"]),
        Route("/api/tables/{table}/hands/{number:int}", _api(lambda request: _hand(the_room, request))),
        Route("/api/tournaments", _api(lambda request: _tournaments(the_room, request)),
              methods=["GET", "POST"]),
        Route("/api/tournaments/{tournament}", _api(lambda request: _tournament(the_room, request))),
        Route("/api/tournaments/{tournament}/entries", _api(lambda request: _enter(the_room, request)),
              methods=["POST"]),
        Route("/api/tournaments/{tournament}/start", _api(lambda request: _start(the_room, request)),
              methods=["POST"]),
        Route("/api/tournaments/{tournament}/ledger",
              _api(lambda request: _tournament_ledger(the_room, request))),
        WebSocketRoute("/ws", lambda websocket: _serve_socket(the_room, websocket)),
        *night_routes(the_room, api=_api, bearer=bearer),  # ledger files, statistics, histories
        *club_routes(the_room.clubs, api=_api, bearer=bearer, body=json_body),  # a group's running account
    ]


# -- HTTP -------------------------------------------------------------------------------------------

def api(handler: Callable[[Request], Awaitable[Response]]) -> Handler:
    """``handler`` with homegame's refusals turned into JSON errors of the fitting status (a
    refused token is logged with the client's address, never the token)."""
    async def endpoint(request: Request) -> Response:
        try:
            return await handler(request)
        except NotFound as error:
            return _error(404, str(error))
        except NotAllowed as error:
            refused("a token for %s %s", client_of(request), request.method, request.url.path)
            return _error(403, str(error))
        except OverLimit as error:
            refused("%s", client_of(request), error)
            return _error(429, str(error))
        except (TableMoving, TableLost) as error:  # nothing changed: the table's new owner takes it again
            return _error(503, str(error), retry_after=1)
        except RoomError as error:
            return _error(400, str(error), field=error.field)
        except HomegameError as error:
            return _error(400, str(error))
    return endpoint


def _rules(name: str) -> dict[str, Any]:
    """A game with its rules page and the table's variants and settings (as ``homegame rules``
    shows them); an unknown game is not found (404), as an unknown table is."""
    try:
        game = game_json(name)
    except HomegameError as error:
        raise NotFound(str(error)) from None
    return {**game, "rules": rules_text(name, commands=False)}


async def _ok(data: Any, status: int = 200) -> Response:
    return JSONResponse(data, status_code=status)


def _error(status: int, message: str, *, field: str | None = None,
           retry_after: int | None = None) -> Response:
    """A refusal: why, and the field of the request at fault where the room knows it (or, for a
    table changing owners, when to try again)."""
    return JSONResponse({"error": message} if field is None else {"error": message, "field": field},
                        status_code=status,
                        headers=None if retry_after is None else {"retry-after": str(retry_after)})


def client_of(connection: Request | WebSocket) -> str:
    """The client's address as the server sees it (the proxy's client where its headers are trusted)."""
    return connection.client.host if connection.client is not None else ""


async def json_body(request: Request) -> Any:
    """A request's body, one JSON object of at most :data:`LARGEST_BODY` bytes."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > LARGEST_BODY:
            raise BadMessage("too_large", f"a request body is at most {LARGEST_BODY} bytes")
    try:
        return json.loads(body or b"{}")
    except (ValueError, RecursionError):
        raise BadMessage("bad_json", "the request body is one JSON object") from None


def _table_id(request: Request) -> str:
    return str(request.path_params["table"])


def bearer(request: Request) -> str | None:
    """The token a request carries (``Authorization: Bearer TOKEN``), if any."""
    header = request.headers.get("authorization", "")
    return header[7:].strip() or None if header.lower().startswith("bearer ") else None


async def _tables(room: CardRoom, request: Request) -> Response:
    if request.method in ("GET", "HEAD"):
        return await _ok(await room.all_tables())
    table_id, owner = await room.create_table(await json_body(request), client=client_of(request))
    invite = room.invite_link(table_id)
    return await _ok({"table": table_id, "invite": invite, "host_link": f"{invite}#host={owner}",
                      "owner_token": owner}, 201)


async def _table(room: CardRoom, request: Request) -> Response:
    return await _ok(await room.public_table(_table_id(request)))


async def _join(room: CardRoom, request: Request) -> Response:
    body = await json_body(request)
    if not isinstance(body, dict) or set(body) - {"name", "seat", "chips", "member_key"}:
        raise BadMessage("bad_message", "join with {'name': ..., 'seat': (optional) number, "
                                        "'chips': (optional) what you bring where the table allows more, "
                                        "'member_key': (optional) your club's key for you}")
    answer = await room.join(_table_id(request), body.get("name"), body.get("seat"), body.get("chips"),
                             member_key=body.get("member_key"), host_token=bearer(request))
    return await _ok(answer, 201 if answer["seat"] is not None else 202)


async def _seat_code(room: CardRoom, request: Request) -> Response:
    return await _ok(await room.seat_code(_table_id(request), bearer(request)), 201)


async def _claim(room: CardRoom, request: Request) -> Response:
    body = await json_body(request)
    if not isinstance(body, dict) or set(body) != {"code"}:
        raise BadMessage("bad_message", "claim a seat with {'code': the code your seat's device shows}")
    return await _ok(await room.claim_seat(_table_id(request), body["code"]), 201)


async def _close(room: CardRoom, request: Request) -> Response:
    return await _ok(await room.close_table(_table_id(request), bearer(request) or ""))


async def _host(room: CardRoom, request: Request) -> Response:
    action = await json_body(request)
    return await _ok(await room.host_action(_table_id(request), bearer(request), action))


async def _bomb_pot(room: CardRoom, request: Request) -> Response:
    return await _ok(await room.call_bomb_pot(_table_id(request), bearer(request) or ""))


def _tournament_id(request: Request) -> str:
    return str(request.path_params["tournament"])


async def _tournaments(room: CardRoom, request: Request) -> Response:
    if request.method in ("GET", "HEAD"):
        listed = [t for t in room.tournaments.values() if t.public and not t.finished]
        return await _ok([t.summary(room.clock()) for t in listed])
    return await _ok(await room.create_tournament(await json_body(request)), 201)


async def _tournament(room: CardRoom, request: Request) -> Response:
    return await _ok((await room.tournament(_tournament_id(request))).summary(room.clock()))


async def _enter(room: CardRoom, request: Request) -> Response:
    body = await json_body(request)
    if not isinstance(body, dict) or set(body) - {"name"}:
        raise BadMessage("bad_message", "enter with {'name': ...}")
    return await _ok(await room.enter_tournament(_tournament_id(request), body.get("name")), 201)


async def _start(room: CardRoom, request: Request) -> Response:
    return await _ok(await room.start_tournament(_tournament_id(request), bearer(request) or ""))


async def _tournament_ledger(room: CardRoom, request: Request) -> Response:
    return await _ok((await room.tournament(_tournament_id(request))).ledger())


async def _hand(room: CardRoom, request: Request) -> Response:
    log = await room.hand_log(_table_id(request), request.path_params["number"], bearer(request))
    return await _ok(log)


# -- the websocket ----------------------------------------------------------------------------------

async def _serve_socket(room: CardRoom, websocket: WebSocket) -> None:
    """One client's connection: a hello that names the table (and the seat's token), then intents."""
    await websocket.accept()
    connection = Connection(websocket)
    connection.client = client_of(websocket)
    writer = asyncio.get_running_loop().create_task(connection.write())
    host: TableHost | None = None
    try:
        host = await _welcome(room, websocket, connection)
        while host is not None and not connection.closed.is_set():
            await _receive(room, host, websocket, connection)
    except WebSocketDisconnect:
        pass
    finally:
        if host is not None:
            host.disconnect(connection)
        connection.close(1000)
        try:
            await asyncio.wait_for(writer, timeout=5)
        except (TimeoutError, Exception):
            writer.cancel()


async def _next_text(websocket: WebSocket) -> str:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise BadMessage("bad_json", "messages are JSON text, not binary")
    return str(text)


async def _welcome(room: CardRoom, websocket: WebSocket, connection: Connection) -> TableHost | None:
    try:
        hello = read_intent(await asyncio.wait_for(_next_text(websocket), timeout=HELLO_WITHIN))
        if hello["type"] != "hello":
            raise BadMessage("hello_first", "say hello first: which table, and your seat's token")
        host = await room.locate(hello["table"])
        if isinstance(host, str):  # another process of the room owns the table: serve it through that
            await relay_socket(websocket, connection, host, hello)
            return None
        token, owner = hello.get("token"), hello.get("owner")
        seat = host.seat_of(token) if host.request_of(token) is None else None
        keys = tuple(token_hash(given) for given in (token, owner) if given)
    except TimeoutError:
        connection.close(CLOSE_UNAUTHORIZED)
        return None
    except TableMoving:
        connection.close(CLOSE_MOVING)
        return None
    except NotFound as error:
        await _closed_or_missing(room, connection, hello["table"], error)
        return None
    except NotAllowed as error:
        refused("a seat's token on the websocket", connection.client)
        _refuse(connection, None, error)
        connection.close(CLOSE_UNAUTHORIZED)
        return None
    except HomegameError as error:
        _refuse(connection, None, error)
        connection.close(CLOSE_UNAUTHORIZED)
        return None
    host.connect(connection, seat, last_seq=hello.get("last_seq", 0), keys=keys)
    return host


async def _closed_or_missing(room: CardRoom, connection: Connection, table_id: str, error: NotFound) -> None:
    """A hello to a table no process serves: its final ledger if it has closed, else "no table"."""
    try:
        table = await room.readable(table_id)
        connection.send(closed_frame(table, await room.ledger(table_id)))
        connection.close(CLOSE_TABLE_CLOSED)
    except NotFound:
        _refuse(connection, None, error)
        connection.close(CLOSE_NO_TABLE)


async def _receive(room: CardRoom, host: TableHost, websocket: WebSocket, connection: Connection) -> None:
    """Read and carry out one message; a refusal is an error to this client alone."""
    intent: dict[str, Any] | None = None
    try:
        text = await _next_text(websocket)
        intent = read_intent(text)
        if not connection.messages.take(now=room.monotonic()):
            raise BadMessage("slow_down", f"too many messages: at most {RATE:g} a second")
        if intent["type"] == "hello":
            raise BadMessage("hello_twice", "this connection has said hello already")
        await host.handle(connection, intent)
    except HomegameError as error:
        answered = intent.get("id") if intent else error.intent if isinstance(error, BadMessage) else None
        _refuse(connection, answered, error)
        if connection.fault(now=room.monotonic()):
            refused("more messages than the protocol takes (the connection was closed)", connection.client)


def _refuse(connection: Connection, intent: Any, error: HomegameError) -> None:
    codes: dict[type[HomegameError], str] = {NotFound: "no_table", NotAllowed: "bad_token"}
    code = error.code if isinstance(error, BadMessage) else codes.get(type(error), "refused")
    message = error.message if isinstance(error, BadMessage) else str(error)
    connection.send({"type": "error", "id": intent if isinstance(intent, str) else None, "code": code,
                     "message": message[:LARGEST_MESSAGE]})
