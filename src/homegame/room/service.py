"""The card room: every open table, the store they are kept in, the bots, and how to make and join
tables.

:class:`CardRoom` is what the server runs: on start it reads every open table back from the store
(exactly as it was: same hand, same cards, same seat to act, same clocks), and from then on each
table lives in its :class:`~homegame.room.host.TableHost`. On a shared store (PostgreSQL) the room
is one of several processes: it hosts the tables it owns, tells where the others are served, and
takes over those of a process that died (:mod:`homegame.room.ownership`). Making a table gives
its owner a token to close it; joining a seat gives the player a token for that seat and nothing
else. Tokens are kept only as hashes.
"""

from __future__ import annotations

import asyncio
import logging
import random
import statistics
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, Final

from homegame.cards import Card
from homegame.errors import NotAllowed, NotFound, RoomError
from homegame.room.bots import BotPool
from homegame.room.clubs import Clubs
from homegame.room.config import TableConfig
from homegame.room.connection import CLOSE_TABLE_CLOSED, TokenBucket
from homegame.room.devices import new_code, normal_code, shown_code
from homegame.room.hands import replay_hand
from homegame.room.host import TableHost, new_token, token_hash
from homegame.room.limits import RoomLimits
from homegame.room.ownership import Sharing
from homegame.room.protocol import BadMessage, read_host_action
from homegame.room.store import SharedStore, Store
from homegame.room.table import Shuffle, Table, TableEvent
from homegame.room.tournament import Tournament
from homegame.room.tournament_setup import open_tournament
from homegame.room.views import closed_frame, hand_chips, ledger_json, table_json

__all__ = ["ABANDONED_AFTER", "CardRoom", "system_shuffle"]

_LOG = logging.getLogger("homegame.room")

_LAG_SAMPLE: Final = 0.02
ABANDONED_AFTER: Final = 1800.0
"""Seconds with no one connected to a table and nothing happening at it, after which the lobby no
longer lists it."""


def system_shuffle(cards: Sequence[Card]) -> list[Card]:
    """A shuffle from the operating system's randomness: how a live room deals."""
    order = list(cards)
    random.SystemRandom().shuffle(order)
    return order


class CardRoom:
    """Every table of one room process (see the module's docstring).

    ``clock`` gives wall time (deadlines are kept as wall times, so they survive a restart);
    ``shuffle`` deals; ``bot_delay`` is how long a bot waits before acting, so people can follow.
    On a shared store, ``advertise`` is the address other processes send this one's clients to,
    and ``lease`` how many seconds of silence make the others take this process for dead.
    ``limits`` keep one visitor from filling the room (none by default: ``homegame serve`` sets
    them); ``public_url`` is the address people reach the room at (behind a proxy, its public
    ``https://`` address), which invite links carry.
    """

    def __init__(self, store: Store, *, shuffle: Shuffle = system_shuffle,
                 clock: Callable[[], float] = time.time, bots: BotPool | None = None,
                 bot_delay: float = 0.6, advertise: str | None = None, lease: float = 10.0,
                 limits: RoomLimits | None = None, public_url: str | None = None) -> None:
        self.store, self.shuffle, self.clock = store, shuffle, clock
        self.public_url = public_url.rstrip("/") if public_url else None
        self.limits = limits if limits is not None else RoomLimits(tables_per_hour=0, open_tables=0)
        self.bots = bots if bots is not None else BotPool(workers=1)
        self.bot_delay = bot_delay
        self.monotonic = time.monotonic
        self.random = random.SystemRandom()
        self.hosts: dict[str, TableHost] = {}
        self.tournaments: dict[str, Tournament] = {}
        self._claims: dict[str, TokenBucket] = {}
        self.lag: deque[float] = deque(maxlen=3000)
        self._lag_task: asyncio.Task[None] | None = None
        self.sharing: Sharing | None = None
        self.clubs = Clubs(store, lambda: self.clock())
        if isinstance(store, SharedStore):
            self.sharing = Sharing(self, store, address=advertise or "", lease=lease)
        elif advertise is not None:
            raise RoomError("an address to advertise is for a room whose store several processes "
                            "share (PostgreSQL, or a shared SQLite file)")

    async def start(self) -> None:
        """Open the store and bring back every open table (on a shared store: every table whose
        owner is gone)."""
        await self.store.open()
        if self.sharing is not None:
            await self.sharing.start()
        else:
            for table_id, events in (await self.store.load_open()).items():
                self.host_stored(table_id, events)
        self._lag_task = asyncio.get_running_loop().create_task(self._watch_lag())

    async def stop(self) -> None:
        if self._lag_task is not None:
            self._lag_task.cancel()
        if self.sharing is not None:
            await self.sharing.stop()
        await asyncio.gather(*(host.stop() for host in self.hosts.values()))
        self.bots.close()
        await self.store.close()

    def host(self, table_id: object) -> TableHost:
        host = self.hosts.get(table_id) if isinstance(table_id, str) else None
        if host is None:
            raise NotFound(f"there is no open table {str(table_id)[:64]!r} in this room")
        return host

    def host_stored(self, table_id: str, events: list[TableEvent]) -> bool:
        """Serve a stored table again. One whose log can no longer be read stays in the store,
        unserved, and is logged: it must not keep the room and every other table from starting."""
        try:
            table = Table.restore(table_id, events)
            table.resume(self.clock())
        except Exception:
            _LOG.exception("table %s could not be read back from its log; it is not served", table_id)
            return False
        host = self.hosts[table_id] = TableHost(self, table)
        host.start()
        if table.tournament is not None:
            self.tournament_of(table).look_again()  # it may finish what a crash interrupted
        return True

    def tournament_of(self, table: Table) -> Tournament:
        """The tournament ``table`` is one of (known again from its rules after a restart)."""
        rules = table.config.tournament
        assert rules is not None
        tournament = self.tournaments.get(rules.id)
        if tournament is None:
            name = table.config.name.rsplit(" · table ", 1)[0]
            tournament = self.tournaments[rules.id] = Tournament(self, rules, name)
        return tournament

    async def still_holds(self, table_id: str) -> bool:
        """Whether this process may still write ``table_id`` (always, unless the store is shared)."""
        return self.sharing is None or await self.sharing.still_holds(table_id)

    def let_go(self, table_id: str) -> None:
        """Stop hosting a table another process owns now (its clients connect again)."""
        if self.sharing is not None and table_id in self.hosts:
            self.sharing.drop([table_id])

    async def locate(self, table_id: object) -> TableHost | str:
        """Where the table is served: its host in this process, or (on a shared store) the address
        of the process that owns it; a table whose owner died is taken over here first."""
        if self.sharing is None or not isinstance(table_id, str) or table_id in self.hosts:
            return self.host(table_id)
        return await self.sharing.locate(table_id)

    # -- making and joining tables --------------------------------------------------------------

    async def create_table(self, setup: Any, *, client: str = "") -> tuple[str, str]:
        """Make a table from its setup (see :class:`TableConfig`) for the client at address
        ``client``, within the room's limits; its id and the owner's token."""
        config = TableConfig.from_json(setup)
        if config.tournament is not None:
            raise RoomError("a tournament's tables are made with the tournament: POST /api/tournaments",
                            field="tournament")
        self.limits.make_table(client, now=self.monotonic(), open_tables=len(await self._open_lines()))
        table_id, owner = new_token(8), new_token()
        table = Table.create(table_id, config, at=self.clock(), owner_hash=token_hash(owner))
        await self.store.append(table_id, table.take_unsaved())
        host = self.hosts[table_id] = TableHost(self, table)
        host.start()
        if self.sharing is not None:
            await self.sharing.publish()  # in every process's lobby at once
        return table_id, owner

    def invite_link(self, table_id: str, *, base: str = "") -> str:
        """The table's invite link: at the room's public address if it has one, else at ``base``
        (the address the asker reached the room at; none: the link's path alone)."""
        return f"{(self.public_url or base).rstrip('/')}/t/{table_id}"

    async def create_tournament(self, setup: Any) -> dict[str, Any]:
        """Make a tournament from its setup (:func:`~homegame.room.tournament_setup.open_tournament`)."""
        return await open_tournament(self, setup)

    async def tournament(self, tournament_id: object) -> Tournament:
        """The tournament known by ``tournament_id`` (its first table's id): one this process
        serves, or one that has ended, read back from the store."""
        if isinstance(tournament_id, str) and tournament_id in self.tournaments:
            return self.tournaments[tournament_id]
        table = await self.readable(tournament_id)
        if table.config.tournament is None or table.config.tournament.id != tournament_id:
            raise NotFound(f"there is no tournament {str(tournament_id)[:64]!r} in this room")
        tournament = self.tournament_of(table)
        await tournament.recover()
        return tournament

    async def enter_tournament(self, tournament_id: str, name: object) -> dict[str, Any]:
        """Enter a tournament under ``name``: the table and seat it is seated at, and the seat's
        token (the only time it is shown; it follows the player from table to table)."""
        tournament = await self.tournament(tournament_id)
        token = new_token()
        table_id, seat = await tournament.enter(name, token_hash=token_hash(token))
        return {"table": table_id, "seat": seat, "token": token, "invite": f"/t/{table_id}"}

    async def start_tournament(self, tournament_id: str, owner_token: str) -> dict[str, Any]:
        """Start a tournament now (its owner only), with the entries it has."""
        self.hosts_table(tournament_id, owner_token, "start the tournament")
        tournament = await self.tournament(tournament_id)
        await tournament.start()
        return tournament.summary(self.clock())

    async def join(self, table_id: str, name: object, seat: object = None, chips: object = None, *,
                   member_key: object = None, host_token: str | None = None) -> dict[str, Any]:
        """Seat ``name`` at the table (bringing ``chips`` where it allows deep stacks; as the club
        member a ``member_key`` opens, if given), or, where players ask to sit, ask its host for the
        seat (the host, with ``host_token``, sits at once): ``{"seat", "token"}``, or
        ``{"seat": None, "request", "token"}`` for a request (the token opens the seat once the host
        grants it, and the seat is the member's then too). The only time the token is shown."""
        host = self.host(table_id)
        member = None if member_key is None else await self.clubs.seated_member(member_key)
        token = new_token()
        hashed, at = token_hash(token), self.clock()
        if host.table.config.ask_to_sit and not host.is_host(host_token):
            number = await host.change(lambda t: t.ask(name, token_hash=hashed, at=at, seat=seat,
                                                        chips=chips, member=member))
            return {"seat": None, "request": number, "token": token}
        host_hash = token_hash(host_token) if host_token and host.is_host(host_token) else None
        taken = await host.change(lambda t: t.join(name, token_hash=hashed, at=at, seat=seat, chips=chips,
                                                   host_hash=host_hash, member=member))
        return {"seat": taken, "token": token}

    async def host_action(self, table_id: str, token: str | None, action: Any) -> dict[str, Any]:
        """One of the host's requests (see :mod:`homegame.room.host_actions`); only the host's token
        may make it (:class:`NotAllowed`, and nothing changed, for any other)."""
        host = self.hosts_table(table_id, token, "do that: open the table with the host's link")
        return await host.host_action(token, read_host_action(action))

    async def seat_code(self, table_id: str, token: str | None) -> dict[str, Any]:
        """A code that opens the seat ``token`` opens on another device, once, for a few minutes
        (see :mod:`homegame.room.devices`)."""
        host = self.host(table_id)
        seat = host.seat_of(token)
        if seat is None:
            raise NotAllowed("a code for another device is asked for with your seat's token")
        code = new_code()
        expires = await host.change(lambda t: t.issue_code(seat, token_hash(code), at=self.clock()))
        return {"code": shown_code(code), "expires": expires, "seat": seat}

    async def claim_seat(self, table_id: str, code: object) -> dict[str, Any]:
        """The seat a code opens, with a token of this device's own for it (shown this once)."""
        host = self.host(table_id)
        claims = self._claims.setdefault(table_id, TokenBucket(rate=0.5, burst=10))
        if not claims.take(now=self.monotonic()):
            raise BadMessage("slow_down", "too many seat codes tried at this table: wait a moment")
        hashed, token = token_hash(normal_code(code)), new_token()
        seat = await host.change(lambda t: t.claim(hashed, token_hash(token), at=self.clock()))
        occupant = host.table.seats[seat]
        return {"seat": seat, "name": occupant.name if occupant else "", "token": token}

    async def close_table(self, table_id: str, owner_token: str) -> dict[str, Any]:
        """Close the table (its host only): at once between hands, else when the hand in play
        ends. Whether it closed now, and the ledger (the final one if it did)."""
        host = self.hosts_table(table_id, owner_token, "close it (with its owner token or the host's link)")
        if host.table.tournament is not None:
            raise RoomError("a tournament's tables close when it ends")
        closed = await host.change(lambda t: t.close(at=self.clock()))
        return {"closed": closed, "ledger": ledger_json(host.table)}

    async def call_bomb_pot(self, table_id: str, owner_token: str) -> dict[str, Any]:
        """Call a bomb pot (the table's host only): the next hand of a game that has bomb pots."""
        host = self.hosts_table(table_id, owner_token, "call a bomb pot")
        await host.change(lambda t: t.call_bomb_pot(at=self.clock()))
        return {"bomb_pot_called": True, "chips": host.table.config.bomb_pot,
                "games": host.table.config.bomb_pot_games}

    def hosts_table(self, table_id: str, token: str | None, doing: str) -> TableHost:
        """The host of ``table_id`` for the table's host, the one check of every host's request
        (closing, a bomb pot, starting a tournament, the host's controls): the token
        :meth:`TableHost.is_host` takes, the owner token given when the table was made or the
        seat's the host's role was handed to (:class:`NotAllowed` for any other)."""
        host = self.host(table_id)
        if not host.is_host(token):
            raise NotAllowed(f"only the table's host may {doing}")
        return host

    def closed(self, host: TableHost) -> None:
        """A table has closed: every connection gets its final ledger and is closed, and the room
        serves the table no more (its ledger and hands are read from the store from then on)."""
        host.halt()
        table = host.table
        ledger = self.tournament_of(table).ledger() if table.tournament is not None else None
        frame = closed_frame(table, ledger)
        for connection in host.connections:
            connection.send(frame)
            connection.close(CLOSE_TABLE_CLOSED)
        if self.hosts.get(host.table.id) is host:
            del self.hosts[host.table.id]
        if self.sharing is not None:
            self.sharing.forget(host.table.id)

    async def readable(self, table_id: object) -> Table:
        """The table to read (its lobby line, ledger, hands): an open table this process serves,
        or a closed one read back from the store."""
        if isinstance(table_id, str):
            if table_id in self.hosts:
                return self.hosts[table_id].table
            events = await self.store.load(table_id)
            if events and events[-1].kind == "closed":
                return Table.restore(table_id, events)
        raise NotFound(f"there is no open table {str(table_id)[:64]!r} in this room")

    async def public_table(self, table_id: object) -> dict[str, Any]:
        """The table as everyone sees it (``GET /api/tables/<table>``): who is connected now, for a
        table this process serves; a closed table as it was left."""
        host = self.hosts.get(table_id) if isinstance(table_id, str) else None
        return host.public() if host is not None else table_json(await self.readable(table_id))

    def lobby(self) -> list[dict[str, Any]]:
        """The open tables this process hosts, public or not (see :meth:`lobby_line`)."""
        return [self.lobby_line(host) for host in self.hosts.values()]

    async def all_tables(self) -> list[dict[str, Any]]:
        """The lobby of the whole room (on a shared store, every open table of every process): the
        public tables (a private one is found only by its invite link), but the abandoned ones: no
        one has been connected to them, nor has anything happened there, for
        :data:`ABANDONED_AFTER` seconds. They stay open, and their links lead to them."""
        now = self.clock()
        # (a line published by an older room process says neither: it is listed)
        return [line for line in await self._open_lines() if line.get("public") and (
            line.get("connected", 1) or now - line.get("active_at", now) < ABANDONED_AFTER)]

    async def _open_lines(self) -> list[dict[str, Any]]:
        """The lobby line of every open table of the room, public or not: on a shared store, of
        every process."""
        return await self.sharing.lobby() if self.sharing is not None else self.lobby()

    @staticmethod
    def lobby_line(host: TableHost) -> dict[str, Any]:
        """A table in a lobby: name, seats taken and free, what it deals, what is on, whether it is
        listed (``public``), the tournament it is one of, how many are connected to it now and when
        its last event happened."""
        table = host.table
        rules = table.config.tournament
        return {"id": table.id, "name": table.config.name, "seats": table.config.seats,
                "taken": sum(s is not None for s in table.seats), "phase": table.phase,
                "games": [choice.game for choice in table.config.games], "hands_played": table.hands_played,
                "public": table.config.public, "tournament": None if rules is None else rules.id,
                "connected": len(host.connections), "active_at": table.last_at}

    async def ledger(self, table_id: str) -> dict[str, Any]:
        """Who brought and took what, each net, and who pays whom to settle up (at a tournament's
        table: the tournament's entries, places and prizes)."""
        table = await self.readable(table_id)
        rules = table.config.tournament
        if rules is not None:
            return (await self.tournament(rules.id)).ledger()
        return ledger_json(table)

    async def hand_log(self, table_id: str, number: object, token: str | None) -> dict[str, Any]:
        """A finished hand's history as one seat saw it (everything public for a spectator, for a
        player asking about a hand dealt before they sat in that seat, and once the table closed)."""
        table = await self.readable(table_id)
        if type(number) is not int or not 1 <= number <= table.hands_played:
            raise NotFound(f"hand {str(number)[:12]} has not been played at this table")
        host = self.hosts.get(table.id)  # none once the table has closed
        seat = host.seat_of(token) if host is not None else None
        if seat is not None and not table.sat_for(seat, number):
            seat = None
        hand = replay_hand(await self.store.hand_events(table.id, number))
        view = hand.state.view(hand.player_of(seat))
        return {"number": number, "game": hand.game.name, "title": hand.game.title, "seats": list(hand.seats),
                "player": hand.player_of(seat), "view": view.to_json(), **hand_chips(table, hand)}

    # -- health ---------------------------------------------------------------------------------

    async def _watch_lag(self) -> None:
        """Measure how late the event loop wakes: the room's own check that nothing stalls it."""
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(_LAG_SAMPLE)
            self.lag.append(max(0.0, loop.time() - start - _LAG_SAMPLE))

    def stats(self) -> dict[str, Any]:
        lags = sorted(self.lag) or [0.0]
        return {"tables": len(self.hosts),
                "connections": sum(len(h.connections) for h in self.hosts.values()),
                "loop_lag_ms": {"p50": 1000 * statistics.median(lags),
                                "p99": 1000 * lags[min(len(lags) - 1, int(0.99 * len(lags)))],
                                "max": 1000 * lags[-1], "samples": len(lags)}}
