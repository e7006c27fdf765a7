"""Between hands at a card-room table: the pause that keeps a finished hand on the table before the
dealer's next call, and what a seat not dealt in is told of why (issue 40, points 4 and 6)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from homegame.errors import RoomError
from homegame.room.client import RoomClient, SeatConnection
from homegame.room.config import TableConfig
from homegame.room.table import Table
from homegame.room.views import state_frame, table_json
from room_clients import play
from room_play import seeded_shuffle, step
from room_server import RoomServer


def _table(**fields: object) -> Table:
    config = TableConfig.from_json({"name": "test", "clock": 10, "pause": 0, "buy_in": 1000,
                                    "stakes": {"limit": "fixed"}, **fields})
    return Table.create("t", config, at=0.0)


def _frame(table: Table, seat: int | None, now: float) -> dict[str, Any]:
    return state_frame(table, seat, public=table_json(table), now=now)


def _play_out(table: Table, at: float) -> None:
    chooser = random.Random(5)
    while table.phase == "playing":
        assert step(table, chooser, at)


def test_the_dealer_s_call_opens_only_once_the_pause_after_a_hand_is_over() -> None:
    """A dealer who called (or a bot's call) at once cut the last hand's result short: the pause
    is the table's, whoever deals next."""
    table = _table(seats=2, games=["draw", "whiskey"], pause=3)
    table.join("ann", token_hash="a", at=0.0)
    table.join("bob", token_hash="b", at=0.0)
    assert table.call_opens_at() == 0.0, "the first call waits for no hand"
    table.choose(table.chooser, "draw", [], at=0.5, shuffle=seeded_shuffle(random.Random(1)))
    _play_out(table, at=5.0)
    assert table.phase == "choosing" and table.chooser is not None
    assert table.call_opens_at() == 8.0
    assert table.deadlines[table.chooser] == 18.0, "the dealer's clock runs from the end of the pause"
    with pytest.raises(RoomError, match="the last hand stays on the table for 3 seconds"):
        table.choose(table.chooser, "whiskey", [], at=5.0, shuffle=seeded_shuffle(random.Random(2)))
    assert not _frame(table, table.chooser, now=7.9)["you"]["choosing"]
    assert _frame(table, table.chooser, now=8.0)["you"]["choosing"]
    table.choose(table.chooser, "whiskey", [], at=8.0, shuffle=seeded_shuffle(random.Random(2)))
    assert table.phase == "playing"


def test_a_new_dealer_after_someone_leaves_calls_without_waiting_again() -> None:
    table = _table(seats=3, games=["draw", "whiskey"], pause=3)
    for name in ("ann", "bob", "cy"):
        table.join(name, token_hash=name, at=0.0)
    table.choose(table.chooser, "draw", [], at=0.0, shuffle=seeded_shuffle(random.Random(1)))
    _play_out(table, at=5.0)
    assert table.call_opens_at() == 8.0
    table.leave(table.chooser, at=9.0)
    assert table.phase == "choosing" and table.call_opens_at() == 9.0


def test_a_bot_dealer_calls_the_next_game_once_the_pause_is_over(tmp_path: Path) -> None:
    """At a real room whose bots act at once: the next hand was dealt 0.6 s after the last ended
    when a bot was the next dealer, whatever the table's pause."""
    with RoomServer(str(tmp_path / "room.sqlite3"), bot_workers=1) as server:
        client = RoomClient(server.base)
        table = client.create_table({"name": "pause", "seats": 3, "bots": 2, "games": ["draw", "whiskey"],
                                     "buy_in": 1000, "stakes": {"limit": "fixed"}, "clock": 600,
                                     "pause": 1.5})["table"]
        _, token = client.join(table, "ann")

        async def two_hands() -> list[dict[str, Any]]:
            async with SeatConnection(client.base, table, token) as connection:
                await play(connection, random.Random(4), done=lambda: bool(
                    connection.state and (connection.state["table"]["hand"] or {}).get("number") == 2))
                return [frame for frame in connection.frames if frame["type"] == "state"]
        states = asyncio.run(two_hands())
    over = next(state for state in states if state["table"]["hands_played"] == 1)
    dealt = next(state for state in states if (state["table"]["hand"] or {}).get("number") == 2)
    dealer = over["table"]["chooser"]
    assert over["table"]["seats"][dealer]["bot"], "a bot calls the second game"
    assert dealt["now"] - over["now"] >= 1.4, "the result stayed the table's pause (told a moment after it)"


def _why(table: Table, seat: int) -> object:
    return _frame(table, seat, now=100.0)["you"]["out"]


def test_a_seat_not_dealt_in_is_told_why() -> None:
    """A player sat out by the clock, or short of chips, saw only "You are not dealt in this hand":
    the room says why, so the page can offer the way back."""
    table = _table(seats=3, games=["draw", "pai_gow"], timeouts_to_sit_out=1,
                   stakes={"limit": "fixed", "wager": 50})
    for name in ("ann", "bob"):
        table.join(name, token_hash=name, at=0.0)
    assert [_why(table, seat) for seat in (0, 1)] == [None, None]
    table.choose(table.chooser, "draw", [], at=0.0, shuffle=seeded_shuffle(random.Random(1)))
    table.join("cy", token_hash="cy", at=1.0)
    assert _why(table, 2) == {"why": "late", "needs": None}, "sat down after the deal"
    hand = table.hand
    assert hand is not None
    seat = hand.seats[hand.state.to_act[0]]
    action = table.default_for(seat)
    assert action is not None
    table.act(seat, action, intent=None, at=table.deadlines[seat], by="clock")
    assert _why(table, seat) == {"why": "clock", "needs": None}
    table.come_back(seat, at=20.0)
    assert _why(table, seat) is None
    other = 1 - seat
    table.sit_out(other, at=21.0)
    assert _why(table, other) == {"why": "asked", "needs": None}
    table.come_back(other, at=22.0)
    _play_out(table, at=30.0)
    cy = table.seats[2]
    assert cy is not None
    cy.stack = 30  # as if lost: enough for draw, short of Pai Gow's wager
    assert _why(table, 2) is None, "between games: some game of the table deals to 30 chips"
    assert table.chooser is not None
    table.choose(table.chooser, "pai_gow", [], at=30.0, shuffle=seeded_shuffle(random.Random(2)))
    assert _why(table, 2) == {"why": "chips", "needs": 50}
    _play_out(table, at=40.0)
    cy.stack = 0
    assert _why(table, 2) == {"why": "chips", "needs": 1}
