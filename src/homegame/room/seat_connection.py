"""One connection to a card-room table, as a seat (with its token) or a spectator: the websocket
half of :mod:`homegame.room.client`, which names it for users.

A :class:`SeatConnection` keeps the latest ``state`` the server pushed, numbers every intent it
sends, sends it again after a dropped connection (the server takes an intent once, however often
it comes), and reconnects by itself, telling the server the last event it saw so it is caught up.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import secrets
import time
from collections import deque
from collections.abc import Callable
from types import TracebackType
from typing import Any, Final

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from homegame.engine import Action
from homegame.errors import NotAllowed, RoomError
from homegame.room.connection import (
    CLOSE_FLOOD,
    CLOSE_NO_TABLE,
    CLOSE_REPLACED,
    CLOSE_TABLE_CLOSED,
    CLOSE_UNAUTHORIZED,
)

__all__ = ["TIMEOUT", "SeatConnection"]

TIMEOUT: Final = 30.0
"""Seconds the client waits for the room: to connect, to answer an HTTP call or an intent."""
_FOR_GOOD: Final = frozenset({CLOSE_FLOOD, CLOSE_UNAUTHORIZED, CLOSE_NO_TABLE, CLOSE_TABLE_CLOSED,
                              CLOSE_REPLACED})
"""Close codes after which connecting again would be refused the same way."""


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
        self._socket = await connect(self.url, max_size=2**22, open_timeout=TIMEOUT)
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
                    await asyncio.wait_for(self._changed.wait_for(answered), timeout=TIMEOUT)
            except TimeoutError:
                if self.connected and self.drops == drops:
                    raise RoomError(f"the room did not answer within {_duration(TIMEOUT)}") from None
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
                       timeout: float = TIMEOUT) -> dict[str, Any]:
        """The first state (the current one included) for which ``ready`` is true."""
        def fits() -> bool:
            return self.state is not None and ready(self.state)
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(fits), timeout=timeout)
        assert self.state is not None
        return self.state
