"""One client's websocket at the card room: what it is sent, in order, and how fast it may talk.

Frames for a connection go through an outbox that a writer task drains, so a slow client never
holds up the table. A ``state`` frame is a whole snapshot, so a newer one replaces an older one the
client has not been sent yet; everything else (acks, errors, chat) is sent as it came. A client
that falls too far behind, or floods the room, or keeps sending what the protocol refuses, is
closed with the matching websocket close code.

>>> bucket = TokenBucket(rate=2.0, burst=2)
>>> [bucket.take(now=0.0) for _ in range(3)], bucket.take(now=0.5)
([True, True, False], True)
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from typing import Any, Final, Protocol

__all__ = ["CLOSE_FLOOD", "CLOSE_REPLACED", "CLOSE_SLOW", "CLOSE_TABLE_CLOSED", "Connection", "TokenBucket"]

CLOSE_UNAUTHORIZED: Final = 4401
"""Closed for presenting a token that opens no seat of the table."""
CLOSE_NO_TABLE: Final = 4404
"""Closed for asking for a table the room does not have."""
CLOSE_REPLACED: Final = 4409
"""Closed because the same seat was opened on another connection, which plays it from then on."""
CLOSE_TABLE_CLOSED: Final = 4410
"""Closed because the table closed (its last frame, ``closed``, carries the final ledger)."""
CLOSE_FLOOD: Final = 1008
"""Closed for breaking the protocol again and again, or sending faster than the rate limit."""
CLOSE_SLOW: Final = 1013
"""Closed for reading too slowly: its outbox overflowed."""

RATE: Final = 30.0
"""Messages a second a client may send, after a burst of :data:`BURST` (a bot over the network
plays fast; a flood is refused, and a client refused too often is closed)."""
BURST: Final = 60
MOST_QUEUED: Final = 256
FAULTS_ALLOWED: Final = 20
FAULT_WINDOW: Final = 10.0


class Socket(Protocol):
    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


class TokenBucket:
    """At most ``burst`` messages at once, refilled at ``rate`` a second."""

    def __init__(self, *, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.last = float(burst), 0.0

    def take(self, *, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Connection:
    """A client connected to one table, as one seat or as a spectator (``seat`` is ``None``)."""

    def __init__(self, socket: Socket) -> None:
        self.socket = socket
        self.table_id: str | None = None
        self.seat: int | None = None
        self.keys: tuple[str, ...] = ()
        """The hashes of the tokens the connection presented (a seat's, a request's, the host's)."""
        self.client = ""
        """The client's address, for the room's log."""
        self.messages = TokenBucket(rate=RATE, burst=BURST)
        self.closed: asyncio.Event = asyncio.Event()
        self._outbox: deque[list[Any]] = deque()
        self._state_box: list[Any] | None = None
        self._ready = asyncio.Event()
        self._faults: deque[float] = deque()
        self._close_code: int | None = None

    def send(self, frame: dict[str, Any]) -> None:
        """Queue a frame (acks, errors, chat) behind those already queued."""
        self._queue([frame])

    def send_state(self, frame: dict[str, Any] | str) -> None:
        """Queue a state snapshot (or its JSON text, written once for the connections that share
        it), replacing one that is still waiting to go out."""
        if self._state_box is not None:
            self._state_box[0] = frame
            return
        self._state_box = [frame]
        self._queue(self._state_box)

    def _queue(self, box: list[Any]) -> None:
        if self._close_code is not None:
            return
        if len(self._outbox) >= MOST_QUEUED:
            self.close(CLOSE_SLOW)
            return
        self._outbox.append(box)
        self._ready.set()

    def fault(self, *, now: float) -> bool:
        """Count a refused message; ``True`` (and the connection closed) when there were too many
        in the last few seconds."""
        self._faults.append(now)
        while self._faults and self._faults[0] < now - FAULT_WINDOW:
            self._faults.popleft()
        if len(self._faults) > FAULTS_ALLOWED:
            self.close(CLOSE_FLOOD)
            return True
        return False

    def close(self, code: int) -> None:
        """Close once the frames already queued are sent (an error saying why goes first)."""
        if self._close_code is None:
            self._close_code = code
            self._ready.set()

    async def write(self) -> None:
        """Send queued frames until the connection closes (the connection's writer task)."""
        try:
            while True:
                await self._ready.wait()
                self._ready.clear()
                while self._outbox:
                    box = self._outbox.popleft()
                    if box is self._state_box:
                        self._state_box = None
                    frame = box[0]
                    await self.socket.send_text(frame if isinstance(frame, str)
                                                else json.dumps(frame, separators=(",", ":")))
                if self._close_code is not None:
                    await self.socket.close(self._close_code)
                    return
        finally:
            self.closed.set()
