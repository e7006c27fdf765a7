"""A fixed workload of the room's pushes, for counting their instructions (callgrind): one table of
``benchmarks room`` (four people, a bot's seat, dealer's choice among its games) played at random
without a server, the four people connected, and after every table event the push
that sends each connection its state frame (``TableHost._push``: the public table, each seat's
view and its JSON). The same moves every run, so its count is the same on any machine.

    python -m benchmarks room --instructions
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from types import SimpleNamespace

from homegame.cards import Card
from homegame.room.config import TableConfig
from homegame.room.connection import Connection
from homegame.room.host import TableHost
from homegame.room.table import Table

GAMES = ["draw", "pineapple", "crazy_pineapple", "soko"]
SEATS, CONNECTED = 5, 4

WORKLOAD = """
from benchmarks._room_pushes import pushes
pushes({units})
"""
"""``pushes`` under callgrind: ``{units}`` table events, each followed by its push."""


class _Quiet:
    """A socket that is never written to: the connections' writer tasks do not run here."""

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


def pushes(units: int, *, seed: int = 0, spectators: int = 0) -> TableHost:
    """Play ``units`` table events at a new table, pushing every connection its frame after each
    (the four people's, and ``spectators`` more)."""
    chooser = random.Random(seed)
    setup = {"name": "pushes", "seats": SEATS, "games": GAMES, "buy_in": 10**9, "clock": 300, "pause": 0}
    table = Table.create("t", TableConfig.from_json(setup), at=0.0)
    for seat in range(SEATS):
        table.join(f"player {seat}", token_hash=f"h{seat}", at=0.0)
    now = [1.0]
    room = SimpleNamespace(clock=lambda: now[0])
    host = TableHost(room, table)  # type: ignore[arg-type]  # the push asks its room only the time
    for seat in (*range(CONNECTED), *[None] * spectators):
        connection = Connection(_Quiet())
        connection.seat = seat
        host.connections.add(connection)
    for _ in range(units):
        now[0] += 1.0
        _move(table, chooser, now[0])
        table.take_unsaved()
        host.push()
    return host


def _move(table: Table, chooser: random.Random, now: float) -> None:
    """One move of the table, as its players would make it: a random legal action, a game chosen
    at random, the next deal, buying in again once only one player has chips."""

    def shuffle(cards: Sequence[Card]) -> list[Card]:
        return chooser.sample(cards, len(cards))

    if table.phase == "choosing":
        assert table.chooser is not None
        table.choose(table.chooser, chooser.choice(table.choosable()), [], at=now, shuffle=shuffle)
    elif table.phase == "between":
        table.deal(at=now, shuffle=shuffle)
    elif table.phase == "waiting":  # everyone but one has lost all: they buy in again
        for seat, occupant in enumerate(table.seats):
            if occupant is not None and occupant.stack < table.config.buy_in:
                table.rebuy(seat, table.config.buy_in - occupant.stack, at=now)
    else:
        hand = table.hand
        assert table.phase == "playing" and hand is not None, table.phase
        player = chooser.choice(hand.state.to_act)
        legal = hand.state.legal_actions(player)
        table.act(hand.seats[player], legal[chooser.randrange(len(legal))], at=now, intent=None)

