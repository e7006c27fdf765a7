"""A Python client for the card room: the HTTP calls, and a seat's websocket.

:class:`RoomClient` makes, lists and joins tables over HTTP; :class:`SeatConnection` is one
connection to a table, as a seat (with its token) or a spectator. It keeps the latest ``state``
the server pushed, numbers every intent it sends, sends it again after a dropped connection (the
server takes an intent once, however often it comes), and reconnects by itself, telling the server
the last event it saw so it is caught up.

    client = RoomClient("http://127.0.0.1:8000")
    table = client.create_table({"name": "Friday", "games": ["draw"], "bots": 2})["table"]
    seat, token = client.join(table, "ann")
    async with SeatConnection(client.base, table, token) as connection:
        state = await connection.wait_for(lambda s: s["you"]["to_act"])
        await connection.act(ActionSet.from_json(state["legal"])[0])
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import secrets
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import deque
from collections.abc import Callable
from types import TracebackType
from typing import Any, Final

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from homegame.engine import Action, View
from homegame.errors import NotAllowed, NotFound, RoomError
from homegame.games import view_class
from homegame.room.connection import (
    CLOSE_FLOOD,
    CLOSE_NO_TABLE,
    CLOSE_REPLACED,
    CLOSE_TABLE_CLOSED,
    CLOSE_UNAUTHORIZED,
)

__all__ = ["RoomClient", "SeatConnection", "parse_club_link", "parse_invite", "parse_link", "read_view"]

_TIMEOUT: Final = 30.0
_FOR_GOOD: Final = frozenset({CLOSE_FLOOD, CLOSE_UNAUTHORIZED, CLOSE_NO_TABLE, CLOSE_TABLE_CLOSED,
                              CLOSE_REPLACED})
"""Close codes after which connecting again would be refused the same way."""


def parse_invite(url: str) -> tuple[str, str]:
    """The room's base address and the table's id from an invite link (``.../t/<table>``).

    >>> parse_invite("http://192.0.2.7:8000/t/abc123")
    ('http://192.0.2.7:8000', 'abc123')
    """
    base, kind, name = parse_link(url)
    if kind != "t":
        raise RoomError(f"an invite link looks like http://HOST:PORT/t/TABLE, not {url!r}")
    return base, name


def parse_link(url: str) -> tuple[str, str, str]:
    """The room's base address, the kind of link (``t``: a table's invite, ``tournament``: a
    tournament's) and the table's or tournament's id.

    >>> parse_link("http://192.0.2.7:8000/tournament/xyz")
    ('http://192.0.2.7:8000', 'tournament', 'xyz')
    """
    parts = urllib.parse.urlsplit(url)
    path = parts.path.rstrip("/").split("/")
    if parts.scheme not in ("http", "https") or len(path) < 2 or path[-2] not in ("t", "tournament") \
            or not path[-1]:
        raise RoomError(f"an invite link looks like http://HOST:PORT/t/TABLE (a table) or "
                        f"http://HOST:PORT/tournament/ID (a tournament), not {url!r}")
    base = urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/".join(path[:-2]), "", ""))
    return base, path[-2], path[-1]


def read_view(data: dict[str, Any]) -> View:
    """A seat's view as the room sent it (a ``state``'s ``view``), read back into the game's own
    view class, so that bots and renderers take it as they take a local one.

    >>> from homegame import new_game
    >>> view = new_game("draw", players=2).deal(seed=1).view(0)
    >>> read_view(view.to_json()) == view
    True
    """
    return view_class(str(data.get("game"))).from_json(data)


class RoomClient:
    """The room's HTTP API at ``base`` (``http://host:port``)."""

    def __init__(self, base: str) -> None:
        self.base = base.rstrip("/")

    def _call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        return json.loads(self._text(method, path, body, token))

    def _text(self, method: str, path: str, body: Any = None, token: str | None = None) -> str:
        """The room's answer as text (JSON, or a file such as a CSV); a refusal raises."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=_TIMEOUT) as response:
                return str(response.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            try:
                message = json.loads(error.read()).get("error", error.reason)
            except ValueError:
                message = f"the room answered {error.code} {error.reason}"
            kind = {404: NotFound, 403: NotAllowed}.get(error.code, RoomError)
            raise kind(message) from None
        except urllib.error.URLError as error:
            why = getattr(error.reason, "strerror", None) or error.reason
            raise RoomError(f"no card room answers at {self.base} ({why})") from None

    def games(self) -> list[dict[str, Any]]:
        return list(self._call("GET", "/api/games"))

    def tables(self) -> list[dict[str, Any]]:
        return list(self._call("GET", "/api/tables"))

    def create_table(self, setup: dict[str, Any]) -> dict[str, Any]:
        """Make a table; its id (``table``), invite path and the owner's token."""
        return dict(self._call("POST", "/api/tables", setup))

    def table(self, table: str) -> dict[str, Any]:
        return dict(self._call("GET", f"/api/tables/{table}"))

    def join(self, table: str, name: str, seat: int | None = None,
             chips: int | None = None, member_key: str | None = None) -> tuple[int, str]:
        """Take a seat (bringing ``chips`` where the table allows deep stacks; as the club member
        ``member_key`` opens); the seat's number and its token (keep it: it is shown only now). At
        a table whose host seats players, see :meth:`take_seat`."""
        answer = self.take_seat(table, name, seat, chips, member_key=member_key)
        if answer["seat"] is None:
            raise RoomError(f"the host seats players at this table: you asked (request {answer['request']})")
        return int(answer["seat"]), str(answer["token"])

    def take_seat(self, table: str, name: str, seat: int | None = None, chips: int | None = None,
                  *, member_key: str | None = None, host_token: str | None = None) -> dict[str, Any]:
        """Take a seat, or ask the host for one where players ask to sit (the host, with
        ``host_token``, sits at once): ``{"seat", "token"}``, or ``{"seat": None, "request",
        "token"}``, the token opening the seat once the host grants it."""
        body: dict[str, Any] = {"name": name, "seat": seat, "chips": chips, "member_key": member_key}
        body = {key: value for key, value in body.items() if value is not None}
        return dict(self._call("POST", f"/api/tables/{table}/seats", body, token=host_token))

    def host(self, table: str, host_token: str, action: dict[str, Any]) -> dict[str, Any]:
        """One of the host's actions (``{"type": "approve", "request": 3}``...): what was done."""
        return dict(self._call("POST", f"/api/tables/{table}/host", action, token=host_token))

    def seat_code(self, table: str, token: str) -> dict[str, Any]:
        """A code that opens the seat of ``token`` on another device, once, for a few minutes:
        ``{"code", "expires", "seat"}`` (see :mod:`homegame.room.devices`)."""
        return dict(self._call("POST", f"/api/tables/{table}/seat-codes", {}, token=token))

    def claim(self, table: str, code: str) -> tuple[int, str, str]:
        """Take the seat a code opens on this device: its number, its player's name, and this
        device's own token for it (keep it: it is shown only now)."""
        answer = self._call("POST", f"/api/tables/{table}/seat-codes/claim", {"code": code})
        return int(answer["seat"]), str(answer["name"]), str(answer["token"])

    def ledger(self, table: str) -> dict[str, Any]:
        return dict(self._call("GET", f"/api/tables/{table}/ledger"))

    def ledger_file(self, table: str, form: str) -> str:
        """The ledger to keep, as ``csv`` or ``json`` text."""
        return self._text("GET", f"/api/tables/{table}/ledger?format={form}")

    def stats(self, table: str) -> dict[str, Any]:
        return dict(self._call("GET", f"/api/tables/{table}/stats"))

    def histories(self, table: str, token: str) -> str:
        """The hands a seat's token opens (the owner's: every hand in full, once closed), as JSON lines."""
        return self._text("GET", f"/api/tables/{table}/histories", token=token)

    def hand(self, table: str, number: int, token: str | None = None) -> dict[str, Any]:
        return dict(self._call("GET", f"/api/tables/{table}/hands/{number}", token=token))

    def close(self, table: str, owner_token: str) -> dict[str, Any]:
        return dict(self._call("POST", f"/api/tables/{table}/close", {}, token=owner_token))

    def create_tournament(self, setup: dict[str, Any]) -> dict[str, Any]:
        """Make a tournament; its id (``tournament``), tables, invite path and the owner's token."""
        return dict(self._call("POST", "/api/tournaments", setup))

    def tournament(self, tournament: str) -> dict[str, Any]:
        return dict(self._call("GET", f"/api/tournaments/{tournament}"))

    def enter(self, tournament: str, name: str) -> dict[str, Any]:
        """Enter a tournament: the ``table`` and ``seat`` it seats you at, and your ``token``
        (keep it: it is shown only now, and opens your seat at every table the tournament moves
        you to)."""
        return dict(self._call("POST", f"/api/tournaments/{tournament}/entries", {"name": name}))

    def start_tournament(self, tournament: str, owner_token: str) -> dict[str, Any]:
        return dict(self._call("POST", f"/api/tournaments/{tournament}/start", {}, token=owner_token))

    def bomb_pot(self, table: str, owner_token: str) -> dict[str, Any]:
        """Call a bomb pot (the table's owner): the next hand of a game that has them."""
        return dict(self._call("POST", f"/api/tables/{table}/bomb-pot", {}, token=owner_token))

    # -- clubs (docs/night.md) -------------------------------------------------------------------

    def create_club(self, name: str, member: str | None = None) -> dict[str, Any]:
        """Make a club: its id, page and owner token (and the host's member key, as ``member``)."""
        body = {"name": name} | ({"member": member} if member else {})
        return dict(self._call("POST", "/api/clubs", body))

    def club(self, club: str) -> dict[str, Any]:
        return dict(self._call("GET", f"/api/clubs/{club}"))

    def club_csv(self, club: str) -> str:
        return self._text("GET", f"/api/clubs/{club}/ledger?format=csv")

    def add_member(self, club: str, owner_token: str, name: str) -> dict[str, Any]:
        return dict(self._call("POST", f"/api/clubs/{club}/members", {"name": name}, token=owner_token))

    def renew_key(self, club: str, owner_token: str, member: int) -> dict[str, Any]:
        return dict(self._call("POST", f"/api/clubs/{club}/members/{member}/key", {}, token=owner_token))

    def file_night(self, club: str, owner_token: str, table: str, table_owner_token: str,
                   names: dict[str, int] | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"table": table, "owner_token": table_owner_token}
        if names:
            body["names"] = names
        return dict(self._call("POST", f"/api/clubs/{club}/nights", body, token=owner_token))

    def club_member(self, club: str, key: str) -> dict[str, Any]:
        return dict(self._call("GET", f"/api/clubs/{club}/me", token=key))


def parse_club_link(url: str) -> tuple[str, str, str | None]:
    """The room's base address, the club's id, and the member key a member's link carries.

    >>> parse_club_link("http://192.0.2.7:8000/c/xyz#key=s3cret")
    ('http://192.0.2.7:8000', 'xyz', 's3cret')
    """
    parts = urllib.parse.urlsplit(url)
    path = parts.path.rstrip("/").split("/")
    if parts.scheme not in ("http", "https") or len(path) < 2 or path[-2] != "c" or not path[-1]:
        raise RoomError(f"a club's link looks like http://HOST:PORT/c/CLUB, not {url!r}")
    base = urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/".join(path[:-2]), "", ""))
    key = urllib.parse.parse_qs(parts.fragment).get("key", [None])[0]
    return base, path[-1], key


def _duration(seconds: float) -> str:
    """``seconds`` in words: ``30 seconds``, ``5 minutes``."""
    return f"{round(seconds / 60)} minutes" if seconds >= 120 else f"{round(seconds)} seconds"


class SeatConnection:
    """One websocket to a table (see the module's docstring); use it with ``async with``.

    ``frames`` keeps every frame received, oldest first (unless ``keep_frames`` is false, as for a
    client that stays all night), ``chat_lines`` the latest chat lines, and ``state`` the latest state.
    ``version`` counts what changed: frames received and connections lost.
    """

    def __init__(self, base: str, table: str, token: str | None = None, *, reconnect: bool = True,
                 keep_frames: bool = True, give_up_after: float = 300.0, owner: str | None = None) -> None:
        self.url = base.replace("http", "ws", 1).rstrip("/") + "/ws"
        self.table, self.token, self.reconnect = table, token, reconnect
        self.owner = owner
        """The host's token, if this client holds it (its states then carry what the host sees)."""
        self.give_up_after = give_up_after
        """How long to keep trying to connect again after a drop, in seconds."""
        self.connected = False
        """Whether the connection is open now (false while it is connecting again)."""
        self.gave_up = False
        self.drops = 0
        """How many times the connection was lost."""
        self.received_at = 0.0
        """When (``time.monotonic()``) the latest state arrived: its deadlines are the room's clock."""
        self.frames: list[dict[str, Any]] = []
        self.keep_frames = keep_frames
        self.chat_lines: deque[dict[str, Any]] = deque(maxlen=200)
        self.version = 0
        self.state: dict[str, Any] | None = None
        self.seat: int | None = None
        self.answers: dict[str, dict[str, Any]] = {}
        self._socket: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._changed = asyncio.Condition()
        self._ids = (f"{secrets.token_hex(4)}-{n}" for n in itertools.count())
        self._unanswered: dict[str, dict[str, Any]] = {}
        self.closed_with: int | None = None
        self.refusal: str | None = None
        """The last refusal that answered no intent (a bad hello: why the room closes)."""
        self.final_ledger: dict[str, Any] | None = None
        """The table's final ledger, sent when it closes."""
        self.moves: list[str] = []
        """The tables a tournament moved this seat to, in turn (the connection follows it there)."""
        self._moving = False

    async def __aenter__(self) -> SeatConnection:
        try:
            await self.open()
        except (OSError, InvalidHandshake) as error:
            why = getattr(error, "strerror", None) or error
            raise RoomError(f"no card room answers at {self.url} ({why})") from None
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        await self.close()

    @property
    def last_seq(self) -> int:
        return int(self.state["seq"]) if self.state else 0

    async def open(self) -> None:
        """Connect and say hello (again, after a drop: with the last event seen)."""
        self._socket = await connect(self.url, max_size=2**22, open_timeout=_TIMEOUT)
        hello = {"type": "hello", "table": self.table, "token": self.token, "last_seq": self.last_seq}
        await self._socket.send(json.dumps({**hello, **({"owner": self.owner} if self.owner else {})}))
        for message in self._unanswered.values():
            await self._socket.send(json.dumps(message))
        self.connected = True
        if self._reader is None or self._reader.done():
            self._reader = asyncio.get_running_loop().create_task(self._read())

    async def close(self) -> None:
        self.reconnect = False
        if self._socket is not None:
            await self._socket.close()
        if self._reader is not None:
            try:
                await asyncio.wait_for(self._reader, timeout=5)
            except (TimeoutError, ConnectionClosed):
                self._reader.cancel()

    async def drop(self) -> None:
        """Cut the connection as a failing network would (it reconnects if it may)."""
        if self._socket is not None:
            await self._socket.close(code=1001)

    async def _read(self) -> None:
        while True:
            socket = self._socket
            assert socket is not None
            try:
                async for text in socket:
                    await self._receive(json.loads(text))
                    if self._moving:
                        break
            except ConnectionClosed:
                pass
            if self._moving:  # a tournament moved the seat: the same token opens it at the new table
                self._moving = False
                with contextlib.suppress(ConnectionClosed):
                    await socket.close()
                await self._reopen()
                await self._notify()
                continue
            self.connected, self.drops = False, self.drops + 1
            self.closed_with = socket.close_code
            await self._notify()
            if not self.reconnect or self.closed_with in _FOR_GOOD:
                return
            await self._reopen()
            await self._notify()

    async def _reopen(self) -> None:
        """Connect again after a drop, trying ever less often (every five seconds at most) until the
        room answers or :attr:`give_up_after` seconds have passed."""
        deadline = time.monotonic() + self.give_up_after
        delay = 0.05
        while self.reconnect:
            try:
                await self.open()
                return
            except (TimeoutError, OSError, ConnectionClosed, InvalidHandshake):  # e.g. cut mid-handshake
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                await asyncio.sleep(min(delay, left))
                delay = min(delay * 2, 5.0)
        self.gave_up = self.reconnect
        self.reconnect = False

    def why_closed(self) -> str:
        """Why the room closed the connection, in words: what it said last, if it said why."""
        if self.refusal is not None:
            return self.refusal
        if self.gave_up:
            return (f"the room did not answer for {_duration(self.give_up_after)}; your seat is kept, so "
                    "join again with the same link (and token) when the room is back")
        return {CLOSE_NO_TABLE: "there is no such table", CLOSE_TABLE_CLOSED: "the table is closed",
                CLOSE_UNAUTHORIZED: "the room refused this seat",
                CLOSE_REPLACED: "this seat was opened on another connection, which plays it now",
                CLOSE_FLOOD: "the room closed the connection"}.get(self.closed_with or 0,
                                                                   "the connection to the room was lost")

    async def first_state(self) -> dict[str, Any]:
        """The table as the room first sends it; :class:`RoomError` (why) if the room closes the
        connection instead (a wrong token, a closed table)."""
        version = -1
        while self.state is None and not self.ended:
            version = await self.wait_changed(version)
        if self.state is None:
            raise (NotAllowed if self.closed_with == CLOSE_UNAUTHORIZED else RoomError)(self.why_closed())
        return self.state

    @property
    def ended(self) -> bool:
        """Whether the connection is closed for good (closed, refused, or out of retries)."""
        return self._reader is not None and self._reader.done()

    async def _notify(self) -> None:
        self.version += 1
        async with self._changed:
            self._changed.notify_all()

    async def wait_changed(self, since: int) -> int:
        """Wait until something changed after ``version`` ``since`` (a frame, a lost connection);
        the new version."""
        async with self._changed:
            await self._changed.wait_for(lambda: self.version != since or self.ended)
        return self.version

    async def _receive(self, frame: dict[str, Any]) -> None:
        if self.keep_frames:
            self.frames.append(frame)
        kind = frame.get("type")
        if kind == "chat":
            self.chat_lines.append(frame)
        if kind == "welcome":
            self.seat = frame["seat"]
        elif kind == "state" and (self.state is None or frame["seq"] >= self.state["seq"]):
            self.state, self.received_at = frame, time.monotonic()
        elif kind == "closed":
            self.final_ledger = frame["ledger"]
        elif kind == "moved":
            self.table, self.state, self._moving = frame["table"], None, True
            self.moves.append(frame["table"])
        elif kind == "error" and frame.get("id") is None:
            self.refusal = frame["message"]
        elif kind in ("ack", "error") and frame.get("id") is not None:
            self.answers[frame["id"]] = frame
            self._unanswered.pop(frame["id"], None)
        await self._notify()

    async def send(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send an intent (an id is added) and wait for its ack or error; an intent refused for
        coming too fast is sent again a little later (the server takes it once either way)."""
        intent = next(self._ids)
        message = {**message, "id": intent}
        for pause in (0.1, 0.2, 0.5, 1.0, 2.0, 0.0):
            self._unanswered[intent] = message
            assert self._socket is not None, "open the connection first"
            with contextlib.suppress(ConnectionClosed):  # if closed, it is sent again on reconnecting
                await self._socket.send(json.dumps(message))
            answer = await self._answer(intent)
            if answer.get("code") != "slow_down" or not pause:
                return answer
            del self.answers[intent]
            await asyncio.sleep(pause)
        return answer

    async def _answer(self, intent: str) -> dict[str, Any]:
        """The room's answer to ``intent``: it may wait while the connection is made again (the
        intent is sent again then), but not for a room that is connected and silent, nor for one
        that is gone (:class:`RoomError`, saying why)."""
        def answered() -> bool:
            return intent in self.answers or self.ended

        while True:
            drops = self.drops
            try:
                async with self._changed:
                    await asyncio.wait_for(self._changed.wait_for(answered), timeout=_TIMEOUT)
            except TimeoutError:
                if self.connected and self.drops == drops:
                    raise RoomError(f"the room did not answer within {_duration(_TIMEOUT)}") from None
                continue
            if intent in self.answers:
                return self.answers[intent]
            raise RoomError(self.why_closed())

    async def act(self, action: Action | dict[str, Any], *, seq: int | None = None) -> dict[str, Any]:
        data = action.to_json() if isinstance(action, Action) else action
        return await self.send({"type": "act", "action": data, **({"seq": seq} if seq is not None else {})})

    async def choose(self, game: str, variants: list[str] | None = None) -> dict[str, Any]:
        return await self.send({"type": "choose", "game": game, "variants": variants or []})

    async def chat(self, text: str) -> dict[str, Any]:
        return await self.send({"type": "chat", "text": text})

    async def raw(self, text: str | bytes) -> None:
        """Send ``text`` as it is (for tests of what the server refuses)."""
        assert self._socket is not None
        await self._socket.send(text)

    async def wait_for(self, ready: Callable[[dict[str, Any]], bool], *,
                       timeout: float = _TIMEOUT) -> dict[str, Any]:
        """The first state (the current one included) for which ``ready`` is true."""
        def fits() -> bool:
            return self.state is not None and ready(self.state)
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(fits), timeout=timeout)
        assert self.state is not None
        return self.state
