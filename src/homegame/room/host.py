"""One table of the card room, live: its connections, its clock, its bots.

Every change to a table goes through :meth:`TableHost.change`: under the table's lock the request
runs against the table (which records events, or refuses and changes nothing); the new events are
written to the store in one transaction; only then does each connection get its new state. If the
store refuses (a crash of the database, another room process that wrote first) the table is read
back from the store, which is the truth, and the request fails with nothing changed; if it refuses
because another process owns the table now, the room lets the table go and its clients connect
again (and reach the new owner, which takes their unanswered requests).

Time moves the table too: a clock runs out, a pause between deals ends. The host keeps one timer
for the table's next moment and plays what the rules say: the game's default action for a seat
whose clock ran out (a bot's choice where the rules leave one), the table's default game for a
dealer who did not call, the next deal of a game of several deals or of a table's only game, which
no one calls. Bots think in the room's bot pool and act through the same requests as people.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import math
import secrets
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

from homegame.engine import Action
from homegame.errors import HomegameError, NotAllowed, RoomError
from homegame.room.connection import CLOSE_REPLACED, Connection, TokenBucket
from homegame.room.host_actions import host_request
from homegame.room.protocol import PROTOCOL, BadMessage
from homegame.room.store import TableLost
from homegame.room.table import Table, TableEvent
from homegame.room.views import EventTexts, dumps, state_text, table_json

if TYPE_CHECKING:
    from homegame.room.service import CardRoom

__all__ = ["TableHost", "token_hash"]

T = TypeVar("T")
_LOG = logging.getLogger("homegame.room")


def new_token(nbytes: int = 32) -> str:
    """A fresh URL-safe secret of ``nbytes`` random bytes that never begins with ``-``, so a person
    can pass it to a command line (``--seat-token TOKEN``) without it being read as an option.

    >>> len(new_token()) >= 43 and not new_token().startswith("-")
    True
    """
    while (token := secrets.token_urlsafe(nbytes)).startswith("-"):
        pass
    return token


def token_hash(token: str) -> str:
    """How a seat's token is kept: only its SHA-256 (a token is 32 random bytes, so a plain hash
    cannot be reversed by guessing)."""
    return hashlib.sha256(token.encode()).hexdigest()


class TableHost:
    """The live side of one table (see the module's docstring)."""

    def __init__(self, room: CardRoom, table: Table) -> None:
        self.room, self.table = room, table
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self._timer: asyncio.TimerHandle | None = None
        self._busy: set[tuple[Any, ...]] = set()
        self._chat: dict[int, TokenBucket] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._stopped = False
        self._call_told: tuple[int, float] | None = None
        self._log = EventTexts()

    # -- changing the table ---------------------------------------------------------------------

    async def change(self, request: Callable[[Table], T]) -> T:
        """Run ``request`` on the table, store what it recorded, then tell everyone."""
        async with self.lock:
            try:
                result = request(self.table)
            except HomegameError:
                if self.table.unsaved:
                    await self._reload()
                raise
            except BaseException:
                await self._reload()
                raise
            events = self.table.take_unsaved()
            if events:
                await self._save(events)
                self._tell(events)
                if self.table.tournament is not None and self.table.phase != "playing":
                    self.room.tournament_of(self.table).look_again()
            if self.table.phase == "closed":
                # Once the request that closed it is answered: its ack goes out before the end.
                asyncio.get_running_loop().call_soon(self.room.closed, self)
            self._schedule()
            return result

    async def _save(self, events: list[TableEvent]) -> None:
        """Store ``events``. A table this process has lost (it froze past its lease, and another
        took the table) is let go, so its clients reconnect to the new owner and send again."""
        try:
            await self.room.store.append(self.table.id, events)
        except TableLost:
            self.room.let_go(self.table.id)
            raise
        except BaseException:
            if not await self.room.still_holds(self.table.id):
                self.room.let_go(self.table.id)
                raise TableLost(f"table {self.table.id} belongs to another room process now") from None
            await self._reload()
            raise RoomError("the table could not be saved just now: nothing changed") from None

    async def _reload(self) -> None:
        self.table = Table.restore(self.table.id, await self.room.store.load(self.table.id))

    def seat_of(self, token: str | None) -> int | None:
        """The seat ``token`` opens (``None``: no token, a spectator); :class:`RoomError` for a
        token that opens no seat of this table."""
        if token is None:
            return None
        seat = self._seat_by_hash(token_hash(token))
        if seat is None:
            raise NotAllowed("that token opens no seat at this table")
        return seat

    def _seat_by_hash(self, hashed: str) -> int | None:
        for seat, occupant in enumerate(self.table.seats):
            if occupant is not None and occupant.opens_with(hashed):
                return seat
        return None

    def request_of(self, token: str | None) -> int | None:
        """The seat request ``token`` was given for (waiting for the host, or refused), if any."""
        if token is None:
            return None
        hashed = token_hash(token)
        return next((number for number, request in self.table.requests.items()
                     if hmac.compare_digest(request.token_hash, hashed)), None)

    def is_host(self, token: str | None) -> bool:
        """Whether ``token`` is the host's: the table's owner token, or the token of the seat the
        host's role was handed to."""
        return bool(token) and _holds(self.table.owner_hash, token_hash(token or ""))

    async def host_action(self, token: str | None, action: dict[str, Any]) -> dict[str, Any]:
        """Carry out one of the host's requests (an action of ``HOST_ACTIONS``, checked already);
        :class:`NotAllowed`, and nothing changed, for anyone without the host's token."""
        if not self.is_host(token):
            raise NotAllowed("only the table's host may do that: open the table with the host's link")
        seat = self._seat_by_hash(token_hash(token or ""))
        occupant = self.table.seats[seat] if seat is not None else None
        host = occupant.name if occupant is not None else "the host"
        return await self.change(lambda t: host_request(t, action, at=self.room.clock(), host=host))

    # -- connections ----------------------------------------------------------------------------

    def connect(self, connection: Connection, seat: int | None, *, last_seq: int,
                keys: tuple[str, ...] = ()) -> None:
        """Welcome a connection: its seat, the chat since ``last_seq``, and the table as it is.
        ``keys`` are the hashes of the tokens it presented: the host's, a seat request's. A seat
        has one connection: an older one on the same seat is told, and closed."""
        connection.table_id, connection.seat, connection.keys = self.table.id, seat, keys
        if seat is not None:
            self._replace(seat)
        self.connections.add(connection)
        occupant = self.table.seats[seat] if seat is not None else None
        connection.send({"type": "welcome", "protocol": PROTOCOL, "table": self.table.id, "seat": seat,
                         "name": occupant.name if occupant else None, "host": self._hosts(connection)})
        for line in self.table.chat:
            if line["seq"] > last_seq:
                connection.send(_chat_frame(line))
        self._push()

    def _replace(self, seat: int) -> None:
        for older in [c for c in self.connections if c.seat == seat]:
            older.send({"type": "error", "id": None, "code": "replaced",
                        "message": "this seat was opened on another connection, which plays it now"})
            older.close(CLOSE_REPLACED)
            self.connections.discard(older)

    def _hosts(self, connection: Connection) -> bool:
        """Whether ``connection`` holds the host's controls (a tournament's tables have none: the
        tournament runs by its rules)."""
        owner = self.table.owner_hash
        return self.table.tournament is None and any(_holds(owner, key) for key in connection.keys)

    def disconnect(self, connection: Connection) -> None:
        if connection in self.connections:
            self.connections.discard(connection)
            self._push()

    async def handle(self, connection: Connection, message: dict[str, Any]) -> None:
        """Carry out one checked message from ``connection``; answer it with an ack or an error."""
        kind = message["type"]
        if kind == "ping":
            connection.send({"type": "pong"})
            return
        intent: str = message["id"]
        seat = connection.seat
        if seat is None:
            raise BadMessage("watching", "spectators watch: join a seat to play")
        if kind == "chat" and not self._chat.setdefault(seat, TokenBucket(rate=0.5, burst=5)).take(
                now=self.room.monotonic()):
            raise BadMessage("slow_down", "at most five chat lines in a row, then one every two seconds")
        taken = await self.change(self._request(seat, kind, intent, message))
        connection.send({"type": "ack", "id": intent, "seq": self.table.seq, "again": not taken})

    def _request(self, seat: int, kind: str, intent: str, message: dict[str, Any]) -> Callable[[Table], bool]:
        clock, shuffle = self.room.clock, self.room.shuffle
        if kind == "act":
            def act(table: Table) -> bool:
                occupant = table.seats[seat]
                resent = occupant is not None and intent in occupant.intents  # taken once already
                since = table.facing_since.get(seat, table.seq)
                if "seq" in message and message["seq"] < since and not resent:
                    raise BadMessage("stale", "the table moved on while you decided (a bet to face, or "
                                              "the clock played for you): look again and choose anew")
                return table.act(seat, Action.from_json(message["action"]), intent=intent, at=clock())
            return act
        requests: dict[str, Callable[[Table], bool]] = {
            "choose": lambda t: t.choose(seat, message["game"], message.get("variants", []), at=clock(),
                                         shuffle=shuffle, intent=intent),
            "chat": lambda t: t.say(seat, message["text"], at=clock(), intent=intent),
            "sit_out": lambda t: t.sit_out(seat, at=clock(), intent=intent),
            "come_back": lambda t: t.come_back(seat, at=clock(), intent=intent),
            "rebuy": lambda t: t.rebuy(seat, message["chips"], at=clock(), intent=intent),
            "leave": lambda t: t.leave(seat, at=clock(), intent=intent),
        }
        return requests[kind]

    def _tell(self, events: list[TableEvent]) -> None:
        for event in events:
            if event.kind == "chat":
                frame = _chat_frame({**event.data, "seq": event.seq, "at": event.at})
                for connection in self.connections:
                    connection.send(frame)
        self._push()

    def public(self) -> dict[str, Any]:
        """The table as everyone sees it, with the seats whose players are connected now (and, at
        a tournament's table, the tournament as everyone sees it)."""
        present = {c.seat for c in self.connections if c.seat is not None}
        tournament = None
        if self.table.tournament is not None:
            tournament = self.room.tournament_of(self.table).summary(self.room.clock())
        return table_json(self.table, present, tournament=tournament)

    def push(self) -> None:
        """Send every connection the table as its own seat may see it now (the tournament calls
        this when another of its tables changed what everyone sees of it)."""
        self._push()

    def _push(self) -> None:
        """Send every connection the table as its own seat (and the host, the host) may see it now."""
        table = self.table
        for connection in list(self.connections):
            if connection.seat is not None and table.seats[connection.seat] is None:
                moved = table.moved_out_of(connection.seat)
                if moved is not None:
                    connection.send({"type": "moved", "table": moved["to"], "name": moved["name"]})
                connection.seat = None  # the seat was given up: the connection watches now
            if connection.seat is None and connection.keys:  # a request the host has granted
                seats = (self._seat_by_hash(key) for key in connection.keys)
                seated = next((s for s in seats if s is not None), None)
                if seated is not None:
                    self._replace(seated)
                    connection.seat = seated
        public, now, log = dumps(self.public()), self.room.clock(), self._log.for_hand(table.hand)
        seen = None if table.hand is None else table.hand.state.view(None)  # what every seat shares
        frames: dict[tuple[int | None, bool, int | None], str] = {}
        for connection in self.connections:
            key = (connection.seat, self._hosts(connection), self._asking(connection))
            frame = frames.get(key)
            if frame is None:
                frame = frames[key] = state_text(table, connection.seat, public=public, now=now,
                                                 host=key[1], request=key[2], log=log, seen=seen)
            connection.send_state(frame)

    def _asking(self, connection: Connection) -> int | None:
        """The seat request a spectator's connection made, while the table keeps it."""
        if connection.seat is not None:
            return None
        return next((number for number, request in self.table.requests.items()
                     if any(_holds(request.token_hash, key) for key in connection.keys)), None)

    # -- time and bots --------------------------------------------------------------------------

    def start(self) -> None:
        self._schedule()

    def halt(self) -> None:
        """Stop the clock and the bots: no more work starts, and work under way is cancelled."""
        self._stopped = True
        if self._timer is not None:
            self._timer.cancel()
        for task in self._tasks:
            task.cancel()

    async def stop(self) -> None:
        """:meth:`halt`, and wait until the work under way has ended."""
        self.halt()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def _schedule(self) -> None:
        """Set the timer for the table's next moment, and start the bots whose turn it is."""
        table = self.table
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._stopped or table.paused is not None:
            return  # a paused table waits for its host, with every clock standing still
        waiting = [d for s, d in table.deadlines.items() if ("clock", s, self._decision(s)) not in self._busy]
        opens, now = table.call_opens_at(), self.room.clock()
        moments = [*waiting, *([table.wakes_at] if table.wakes_at is not None else []),
                   *([opens] if opens is not None and opens > now else [])]  # the pause before a call
        change = table.level_at(now)[2] if table.phase != "closed" else math.inf
        if math.isfinite(change):
            moments.append(change + 0.01)  # a tournament's new level or break: tell everyone
        if moments:
            delay = max(0.0, min(moments) - now)
            self._timer = asyncio.get_running_loop().call_later(delay, lambda: self._spawn(self._wake()))
        for seat in self._bots_to_move():
            key = ("bot", seat, self._decision(seat))
            if key not in self._busy:
                self._spawn(self._bot_turn(seat, key))

    def _decision(self, seat: int) -> tuple[Any, ...]:
        """What ``seat`` is deciding now: a call of the game, or a point of the hand in play."""
        table, hand = self.table, self.table.hand
        if table.phase == "playing" and hand is not None:
            return ("hand", hand.number, len(hand.state.history.events))
        return ("call", table.hands_played, table.phase)

    def _bots_to_move(self) -> list[int]:
        table, hand = self.table, self.table.hand
        if table.phase == "choosing" and table.chooser is not None:
            opens = table.call_opens_at()
            seats = [table.chooser] if opens is not None and opens <= self.room.clock() else []
        elif table.phase == "playing" and hand is not None:
            seats = [hand.seats[player] for player in hand.state.to_act]
        else:
            return []
        return [s for s in seats if (occupant := table.seats[s]) is not None and occupant.bot is not None]

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        if self._stopped:
            work.close()
            return
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._ended)

    def _ended(self, task: asyncio.Task[None]) -> None:
        """A bot's or the clock's work ended: a failure no rule explains is logged, never lost."""
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            _LOG.error("table %s: %s failed", self.table.id, task.get_coro(), exc_info=task.exception())

    async def _wake(self) -> None:
        table, now = self.table, self.room.clock()
        opens = table.call_opens_at()
        if opens is not None and opens <= now and self._call_told != (table.seq, opens):
            self._call_told = (table.seq, opens)
            self._push()  # the pause is over: the dealer is asked for the call now
        if table.phase == "between" and table.wakes_at is not None and table.wakes_at <= now:
            await self._quietly(self.change(lambda t: t.deal(at=self.room.clock(), shuffle=self.room.shuffle)
                                            if t.phase == "between" else None))
        if table.phase == "break" and table.wakes_at is not None and table.wakes_at <= now:
            await self._quietly(self.change(lambda t: t.end_break(at=self.room.clock())))
        for seat in table.due(now):
            key = ("clock", seat, self._decision(seat))
            if key not in self._busy:
                self._spawn(self._run_out(seat, key))
        if table.tournament is not None:
            self._push()  # the tournament's clock may have moved to a new level or break
        self._schedule()

    async def _run_out(self, seat: int, key: tuple[Any, ...]) -> None:
        """``seat``'s clock ran out: the table plays for it what the rules say."""
        self._busy.add(key)
        try:
            table = self.table
            if table.phase == "choosing" and seat == table.chooser:
                game = self._fallback_game(table)
                await self.change(lambda t: t.choose(seat, game, [], at=self.room.clock(),
                                                     shuffle=self.room.shuffle, by="clock"))
                return
            if await self.change(lambda t: t.draw_time_bank(seat, at=self.room.clock())):
                return
            action = await self._default_for(seat)
            if action is not None and self._decision(seat) == key[2]:
                occupant = table.seats[seat]
                by = "away" if occupant is not None and occupant.leaving else "clock"
                await self.change(lambda t: t.act(seat, action, intent=None, at=self.room.clock(), by=by))
        except HomegameError:
            pass  # the table moved on before the clock's choice was ready
        finally:
            self._busy.discard(key)
            self._schedule()

    async def _default_for(self, seat: int) -> Action | None:
        """What the rules take for a seat whose clock ran out: a fold for one that left, where
        folding exists; the game's default; else what a bot would choose."""
        hand = self.table.hand
        player = hand.player_of(seat) if hand is not None else None
        if hand is None or player is None or player not in hand.state.to_act:
            return None
        default = self.table.default_for(seat)
        if default is not None:
            return default
        return await self.room.bots.decide(hand.game.name, self.table.config.bot_level, hand.state, player)

    async def _bot_turn(self, seat: int, key: tuple[Any, ...]) -> None:
        self._busy.add(key)
        try:
            await asyncio.sleep(self.room.bot_delay)
            table = self.table
            if self._decision(seat) != key[2]:
                return
            occupant = table.seats[seat]
            if table.phase == "choosing" and table.chooser == seat and occupant is not None:
                game = self.room.random.choice(table.choosable())
                await self.change(lambda t: t.choose(seat, game, [], at=self.room.clock(),
                                                     shuffle=self.room.shuffle, by="bot"))
                return
            hand = table.hand
            assert hand is not None and occupant is not None and occupant.bot is not None
            player = hand.seats.index(seat)
            # The table's level, not the one stored with the seat: a level since brought within
            # the room's limits (TableConfig.from_stored) holds for the bots seated under it too.
            level = table.config.bot_level
            action = await self.room.bots.decide(hand.game.name, level, hand.state, player)
            if self._decision(seat) == key[2]:
                await self.change(lambda t: t.act(seat, action, intent=f"bot:{key[2]}", at=self.room.clock(),
                                                  by="bot"))
        except HomegameError:
            pass  # the table moved on while the bot thought
        finally:
            self._busy.discard(key)
            self._schedule()

    async def _quietly(self, work: Coroutine[Any, Any, Any]) -> None:
        with contextlib.suppress(HomegameError):  # the table moved on first
            await work

    @staticmethod
    def _fallback_game(table: Table) -> str:
        choosable = table.choosable()
        return table.config.default_game if table.config.default_game in choosable else choosable[0]


def _holds(kept: str | None, hashed: str) -> bool:
    return bool(kept) and hmac.compare_digest(kept or "", hashed)


def _chat_frame(line: dict[str, Any]) -> dict[str, Any]:
    return {"type": "chat", "seq": line["seq"], "seat": line["seat"], "name": line["name"],
            "text": line["text"], "at": line["at"]}
