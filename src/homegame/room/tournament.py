"""A dealer's-choice tournament in the card room: its tables, its entries, its clock, and the
decisions that span tables (the places of players knocked out, moves that balance the tables, the
end and the payouts).

A :class:`Tournament` is the room's view of a sit-and-go spread over one or more of its tables
(:mod:`homegame.room.tournament_table`). It holds no state of its own: everything it decides is an
event at one of its tables (an entry seated, a player placed, a player moved, the winner), so a
room that restarts rebuilds it from its tables' logs, and finishes what a crash interrupted (a
player moved out of one table and not yet seated at the other is seated again). Its tables are made
together by one room process and, on a shared store, taken over together when that process dies
(see docs/scaling.md), so it can move players between them in one process.

After every change at one of its tables between hands, the tournament looks again (one look at a
time): a player with no chips left is placed (below those still in; two knocked out in the same hand
are placed by the chips they started it with), the last player left wins and every table closes; a
table no longer needed is broken up and its players seated at the others, and a table two players
larger than another gives one of them up. Players move only between hands.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from homegame.errors import HomegameError, RoomError
from homegame.room.names import display_name, taken_alike
from homegame.room.seats import Ledger
from homegame.room.settle import settle_up
from homegame.room.table import Table
from homegame.room.tournament_config import TournamentConfig

if TYPE_CHECKING:
    from homegame.room.host import TableHost
    from homegame.room.service import CardRoom

__all__ = ["Tournament"]

_LOG = logging.getLogger("homegame.room")


class Tournament:
    """One tournament of the room (see the module's docstring), known by its first table's id."""

    def __init__(self, room: CardRoom, rules: TournamentConfig, name: str) -> None:
        self.room, self.rules, self.name = room, rules, name
        self.id = rules.id
        self.lock = asyncio.Lock()
        self.closed: dict[str, Table] = {}
        """Its tables that have closed (broken up, or at the end), as they were left."""
        self._looking: asyncio.Task[None] | None = None
        self._again = False
        self._recovered = False

    # -- its tables -------------------------------------------------------------------------------

    def hosts(self) -> list[TableHost]:
        """Its open tables this process serves."""
        return [host for table_id in self.rules.tables
                if (host := self.room.hosts.get(table_id)) is not None and host.table.phase != "closed"]

    def tables(self) -> Iterator[Table]:
        """Every table of it this process knows, open or closed."""
        for table_id in self.rules.tables:
            host = self.room.hosts.get(table_id)
            table = host.table if host is not None else self.closed.get(table_id)
            if table is not None:
                yield table

    def _play(self, table: Table) -> Any:
        assert table.tournament is not None
        return table.tournament

    @property
    def started_at(self) -> float | None:
        return next((self._play(t).started_at for t in self.tables() if self._play(t).started_at is not None),
                    None)

    def entries(self) -> list[dict[str, Any]]:
        return [entry for table in self.tables() for entry in self._play(table).entries]

    def placed(self) -> list[dict[str, Any]]:
        """The players placed so far, best place first."""
        placed = [p for table in self.tables() for p in self._play(table).placed]
        return sorted(placed, key=lambda p: int(p["place"]))

    def seated(self) -> list[tuple[TableHost, int]]:
        """Every player still in, at the open tables: their table's host and seat."""
        return [(host, seat) for host in self.hosts()
                for seat, occupant in enumerate(host.table.seats) if occupant is not None]

    @property
    def public(self) -> bool:
        """Whether the tournament is listed, in the room's tournaments and its tables in the lobby
        (its tables' setup, ``public``); a private one is found only by its link."""
        return any(table.config.public for table in self.tables())

    @property
    def finished(self) -> bool:
        return any(p["place"] == 1 for p in self.placed())

    # -- entering and starting --------------------------------------------------------------------

    def open_for_entries(self, at: float) -> str | None:
        """Why no one may enter now (``None``: they may)."""
        if self.finished:
            return "the tournament is over"
        if len(self.entries()) >= self.rules.entrants:
            return f"all {self.rules.entrants} entries are taken"
        started = self.started_at
        if started is not None:
            level, _, _ = self.rules.schedule(at - started)
            if level >= self.rules.late_entry:
                last = self.rules.late_entry
                return "late entry is over" + (f" (it closed with level {last})" if last else "")
        return None

    async def enter(self, name: object, *, token_hash: str | None, bot: str | None = None) -> tuple[str, int]:
        """Seat an entry at the table with the fewest players; its table and seat. The tournament
        starts when its last entry is taken."""
        async with self.lock:
            at = self.room.clock()
            why = self.open_for_entries(at)
            if why is not None:
                raise RoomError(f"no entry now: {why}")
            shown = display_name(name)
            alike = taken_alike(shown, [entry["name"] for entry in self.entries()])
            if alike is not None:
                raise RoomError(f"someone called {alike} has entered already; choose another name",
                                field="name")
            host = self._roomiest(self.hosts())
            if host is None:
                raise RoomError("the tournament's tables are full")
            seat = await host.change(lambda t: t.seat_entry(shown, token_hash=token_hash, bot=bot,
                                                            chips=self.rules.stack, at=at))
            if self.started_at is None and len(self.entries()) == self.rules.entrants:
                await self._start(at)
            return host.table.id, seat

    async def start(self) -> None:
        """Start now, with the entries there are (late entry stays open as the rules say)."""
        async with self.lock:
            if self.started_at is not None:
                raise RoomError("the tournament has started already")
            if len(self.entries()) < 2:
                raise RoomError("a tournament needs two entries to start")
            await self._start(self.room.clock())

    async def _start(self, at: float) -> None:
        for host in self.hosts():
            await host.change(lambda t: t.start_tournament(at=at))
        self.look_again()

    # -- looking again after a hand --------------------------------------------------------------

    def look_again(self) -> None:
        """Look at the tournament again soon (after a change at one of its tables): one look at a
        time, and one more if something changed meanwhile."""
        if self._looking is not None and not self._looking.done():
            self._again = True
            return
        self._looking = asyncio.get_running_loop().create_task(self._look())
        self._looking.add_done_callback(_log_failure)

    async def recover(self) -> None:
        """Read back the tables of the tournament that closed (broken up, or at its end) and that
        this process does not serve, once: the entries and places made there count."""
        if self._recovered:
            return
        self._recovered = True
        for table_id in self.rules.tables:
            if table_id not in self.room.hosts and table_id not in self.closed:
                events = await self.room.store.load(table_id)
                if events and events[-1].kind == "closed":
                    self.closed[table_id] = Table.restore(table_id, events)

    async def _look(self) -> None:
        await self.recover()
        self._again = True
        while self._again:
            self._again = False
            with contextlib.suppress(HomegameError):  # a table moved on meanwhile: the next look sees it
                await self.review()

    async def review(self) -> None:
        """Seat players a crash left between tables, place those knocked out, end the tournament
        when one player is left, and balance the tables."""
        async with self.lock:
            if self.started_at is None or self.finished or not self._whole():
                return
            await self._land_moves()
            await self._knock_out()
            players = self.seated()
            if len(players) == 1 and not self._moving():
                await self._finish(*players[0])
                return
            await self._balance()
            for host in self.hosts():
                host.push()

    def _whole(self) -> bool:
        """Whether this process holds every table of the tournament (open, or closed and read
        back): only then may it decide places, moves and the end. (Its tables stay together; one
        missing is being taken over, and the next look sees it.)"""
        known = {host.table.id for host in self.hosts()} | set(self.closed)
        if all(table_id in known for table_id in self.rules.tables):
            return True
        _LOG.warning("tournament %s: not all of its tables are served here; it waits", self.id)
        return False

    def _moving(self) -> bool:
        """Whether a player moved out of a table is not seated at another yet."""
        return bool(self._unlanded())

    def _unlanded(self) -> list[tuple[Table, dict[str, Any]]]:
        names = {s.name for host in self.hosts() for s in host.table.seats if s is not None}
        placed = {p["name"] for p in self.placed()}
        landed: set[str] = set()
        pending = []
        for table in self.tables():
            for move in reversed(self._play(table).moved_out):
                if move["name"] not in names and move["name"] not in placed and move["name"] not in landed:
                    pending.append((table, move))
                landed.add(move["name"])
        return pending

    async def _land_moves(self) -> None:
        """Seat the players moved out of a table whose new seat a crash kept them from."""
        for table, move in self._unlanded():
            host = self.room.hosts.get(move["to"]) or self._roomiest(self.hosts())
            if host is None:
                continue
            await self._seat_moved(host, move, table.id)

    async def _knock_out(self) -> None:
        """Place every player left without chips, below those still in: the fewer chips they
        started their last hand with, the lower the place."""
        out = [(host, seat) for host, seat in self.seated()
               if host.table.occupant(seat).stack == 0 and not host.table.plays_on(seat)]
        if not out:
            return
        left = len(self.seated())
        out.sort(key=lambda place: _started_with(*place))
        for place, (host, seat) in zip(range(left, left - len(out), -1), out, strict=False):
            await self._place(host, seat, place)

    async def _place(self, host: TableHost, seat: int, place: int) -> None:
        at = self.room.clock()
        await host.change(lambda t: t.knock_out(seat, place, at=at))

    async def _finish(self, host: TableHost, seat: int) -> None:
        """The last player left wins; every table closes, and the payouts are in the ledger."""
        at = self.room.clock()
        await host.change(lambda t: t.declare_winner(seat, at=at))
        for each in self.hosts():
            self.closed[each.table.id] = each.table
            await each.change(lambda t: t.close(at=at))

    async def _balance(self) -> None:
        """Break up a table no longer needed, or move a player from a table two larger than another."""
        hosts = self.hosts()
        if not hosts:
            return
        counts = {host: sum(s is not None for s in host.table.seats) for host in hosts}
        needed = max(1, math.ceil(sum(counts.values()) / max(h.table.config.seats for h in hosts)))
        if len(hosts) > needed:
            # the first table, whose id is the tournament's, stays to the end
            breaking = min((h for h in hosts if h.table.id != self.id),
                           key=lambda h: (counts[h], h.table.phase == "playing"))
            others = [h for h in hosts if h is not breaking]
            for seat, occupant in enumerate(breaking.table.seats):
                if occupant is not None and not breaking.table.plays_on(seat):
                    await self._move(breaking, seat, self._roomiest(others))
            if not any(s is not None for s in breaking.table.seats):
                self.closed[breaking.table.id] = breaking.table
                await breaking.change(lambda t: t.close(at=self.room.clock()))
            return
        largest, smallest = max(hosts, key=counts.__getitem__), min(hosts, key=counts.__getitem__)
        mover = _next_to_move(largest.table) if counts[largest] - counts[smallest] >= 2 else None
        if mover is not None:
            await self._move(largest, mover, smallest)

    async def _move(self, source: TableHost, seat: int, destination: TableHost | None) -> None:
        if destination is None:
            return
        at = self.room.clock()
        moving = await source.change(lambda t: t.move_out(seat, destination.table.id, at=at))
        await self._seat_moved(destination, moving, source.table.id)

    async def _seat_moved(self, host: TableHost, move: dict[str, Any], source: str) -> None:
        """Seat at ``host``'s table a player ``move`` took out of table ``source``."""
        at = self.room.clock()
        await host.change(lambda t: t.seat_entry(move["name"], token_hash=move.get("token"),
                                                 bot=move.get("bot"), chips=move["chips"], at=at,
                                                 moved_from=source))

    @staticmethod
    def _roomiest(hosts: list[TableHost]) -> TableHost | None:
        """The table with the fewest players that has a free seat (``None``: all full)."""
        free = [h for h in hosts if any(s is None for s in h.table.seats) and h.table.phase != "closed"]
        return min(free, key=lambda h: sum(s is not None for s in h.table.seats), default=None)

    # -- what everyone sees --------------------------------------------------------------------------

    def summary(self, now: float) -> dict[str, Any]:
        """The tournament as everyone sees it: its clock, its tables, who is placed and paid."""
        rules, started = self.rules, self.started_at
        level, on_break, change = rules.schedule(now - started) if started is not None else (0, False, 0.0)
        prizes = self.prizes()
        placed = [{**p, "prize": _prize(prizes, p["place"])} for p in self.placed()]
        return {
            "id": self.id, "name": self.name, "entrants": rules.entrants, "entries": len(self.entries()),
            "started_at": started, "level": level + 1, "stakes": dict(rules.levels[level]),
            "next_stakes": dict(rules.levels[level + 1]) if level + 1 < len(rules.levels) else None,
            "on_break": on_break, "changes_at": None if started is None else started + change,
            "late_entry": self.open_for_entries(now) is None, "players_left": len(self.seated()),
            "tables": [{"id": host.table.id, "players": sum(s is not None for s in host.table.seats)}
                       for host in self.hosts()],
            "prize_pool": self.pool(), "prizes": prizes, "placed": placed, "finished": self.finished,
            "rules": rules.to_json(), "now": now,
        }

    def pool(self) -> int:
        return len(self.entries()) * self.rules.buy_in

    def prizes(self) -> list[int]:
        return self.rules.prizes(pool=self.pool(), paid=len(self.entries()))

    def ledger(self) -> dict[str, Any]:
        """The tournament's ledger: each entry's fee and prize, its place, and once it is over who
        pays whom (bots' nets are the house's, which paid their entries)."""
        ledger, prizes = Ledger(), self.prizes()
        places = {p["name"]: p["place"] for p in self.placed()}
        for entry in self.entries():
            ledger.buy_in(entry["name"], self.rules.buy_in, bot=entry["bot"])
            place = places.get(entry["name"])
            ledger.cash_out(entry["name"], _prize(prizes, place))
        lines = [{**line, "place": places.get(line["name"])} for line in ledger.to_json({})]
        lines.sort(key=lambda line: line["place"] or 0)
        transfers = settle_up(ledger.settlement({})) if self.finished else []
        return {"lines": lines, "settle_up": [transfer.to_json() for transfer in transfers]}


def _prize(prizes: list[int], place: int | None) -> int:
    """The prize of ``place`` (0 for a place not paid, or not known yet)."""
    return prizes[place - 1] if place is not None and place <= len(prizes) else 0


def _started_with(host: TableHost, seat: int) -> int:
    """The chips ``seat`` started the table's last hand with (0 if it was not dealt in)."""
    hand = host.table.hand
    if hand is None or seat not in hand.seats or hand.state.stacks is None:
        return 0
    return int(hand.state.stacks[hand.seats.index(seat)])


def _next_to_move(table: Table) -> int | None:
    """The player a table gives up to balance the tables: the first after the button who is not in
    the hand in play."""
    count = len(table.seats)
    for step in range(1, count + 1):
        seat = (table.button + step) % count
        if table.seats[seat] is not None and not table.plays_on(seat):
            return seat
    return None


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        _LOG.error("a tournament's look at its tables failed", exc_info=task.exception())
