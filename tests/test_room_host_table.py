"""The host's requests at a table, in the room's own process: each records table events, refuses
what cannot be done now with the table unchanged, and a table read back from its log is the table
the host left (so a restart keeps every request, pause and adjustment)."""

from __future__ import annotations

from typing import Any

import pytest

from homegame.cards import Card
from homegame.errors import RoomError
from homegame.room.config import TableConfig
from homegame.room.host_actions import host_request
from homegame.room.protocol import BadMessage, read_host_action
from homegame.room.table import MOST_REQUESTS, Table
from homegame.room.views import ledger_json


def _shuffle(cards: list[Card]) -> list[Card]:
    return list(cards)


def _table(**setup: Any) -> Table:
    config = TableConfig.from_json({"name": "Friday", "games": ["draw"], "clock": 30, "pause": 2, **setup})
    return Table.create("t", config, at=0.0)


def _host(table: Table, action: dict[str, Any], at: float = 10.0) -> str:
    return str(host_request(table, read_host_action(action), at=at, host="ann")["done"])


def _same_after_restart(table: Table) -> None:
    events = table.take_unsaved()
    for event in events:  # what the store holds: the table's whole log
        table.unsaved.append(event)
    again = Table.restore(table.id, table.unsaved)
    assert again.checkpoint() == table.checkpoint()
    assert ledger_json(again) == ledger_json(table)


def test_a_seat_request_is_answered_by_the_host_and_a_refused_one_opens_nothing() -> None:
    table = _table(ask_to_sit=True, max_buy_in=300)
    first = table.ask("bob", token_hash="b", at=1.0, chips=250)
    second = table.ask("cy", token_hash="c", at=2.0, seat=3)
    assert table.seats == [None] * 6 and set(table.requests) == {first, second}
    assert _host(table, {"type": "approve", "request": first}) == "bob sits in seat 0 with 250 chips"
    assert _host(table, {"type": "refuse", "request": second}) == "cy was not seated"
    assert table.seats[0] is not None and table.seats[0].token_hash == "b" and table.seats[3] is None
    assert table.requests[second].refused and first not in table.requests
    with pytest.raises(RoomError, match="no one waits for an answer as request"):
        _host(table, {"type": "approve", "request": second})
    _same_after_restart(table)


def test_a_request_names_no_one_seated_or_asking_and_a_table_keeps_a_few_waiting() -> None:
    table = _table(ask_to_sit=True, seats=8)
    table.join("cat", token_hash="h", at=1.0)
    for name in ("Cat", " cat ", "c\u0430t", "\uff43at"):  # case, spaces, a Cyrillic a, a full-width c
        with pytest.raises(RoomError, match="someone called cat"):
            table.ask(name, token_hash="x", at=2.0)
    table.ask("dan", token_hash="d", at=2.0)
    with pytest.raises(RoomError, match="someone called dan"):
        table.join("DAN", token_hash="e", at=3.0)
    for number in range(MOST_REQUESTS - 1):
        table.ask(f"guest{number}", token_hash=f"g{number}", at=4.0)
    with pytest.raises(RoomError, match=f"{MOST_REQUESTS} people are waiting"):
        table.ask("one more", token_hash="z", at=5.0)


def test_the_night_starts_when_the_host_says_and_a_pause_stops_every_clock() -> None:
    table = _table(host_starts=True)
    table.join("ann", token_hash="a", at=1.0)
    table.join("bob", token_hash="b", at=1.0)
    assert table.phase == "waiting" and table.awaits_start
    _host(table, {"type": "start"}, at=5.0)
    assert table.phase == "between" and table.wakes_at == 7.0
    table.deal(at=7.0, shuffle=_shuffle)
    deadlines = dict(table.deadlines)
    _host(table, {"type": "pause"}, at=8.0)
    assert table.due(100.0) == [] and table.next_wake() is None
    seat = next(iter(deadlines))
    with pytest.raises(RoomError, match="ann has paused the table"):
        table.act(seat, table.default_for(seat), intent="x", at=100.0)
    _same_after_restart(table)
    _host(table, {"type": "resume"}, at=68.0)  # paused for a minute: every clock a minute later
    assert table.deadlines == {seat: deadline + 60.0 for seat, deadline in deadlines.items()}
    with pytest.raises(RoomError, match="not paused"):
        _host(table, {"type": "resume"})


def test_a_pause_is_kept_over_a_restart_with_the_time_left_on_each_clock() -> None:
    table = _table()
    table.join("ann", token_hash="a", at=1.0)
    table.join("bob", token_hash="b", at=1.0)
    table.deal(at=3.0, shuffle=_shuffle)
    left = {seat: deadline - 4.0 for seat, deadline in table.deadlines.items()}
    _host(table, {"type": "pause"}, at=4.0)
    again = Table.restore(table.id, table.take_unsaved())
    again.resume(now=500.0)  # the room was away a long while
    assert again.paused is not None and again.paused["by"] == "ann"
    host_request(again, {"type": "resume"}, at=510.0, host="ann")
    assert {seat: deadline - 510.0 for seat, deadline in again.deadlines.items()} == left


def test_chips_asked_for_wait_for_the_host_and_an_adjustment_is_in_the_ledger() -> None:
    table = _table(approve_chips=True, buy_in=100, max_buy_in=200)
    table.join("ann", token_hash="a", at=1.0)
    table.join("bob", token_hash="b", at=1.0)
    table.rebuy(0, 50, at=2.0, intent="r1")
    assert table.seats[0] is not None and table.seats[0].stack == 100 and table.seats[0].chips_asked == 50
    assert _host(table, {"type": "approve_chips", "seat": 0}) == "ann gets 50 chips"
    table.rebuy(1, 80, at=3.0, intent="r2")
    _host(table, {"type": "refuse_chips", "seat": 1})
    assert [s.stack for s in table.seats[:2] if s] == [150, 100] and table.seats[1].chips_asked == 0
    with pytest.raises(RoomError, match="has asked for no chips"):
        _host(table, {"type": "approve_chips", "seat": 1})
    _host(table, {"type": "adjust", "seat": 1, "chips": -30, "reason": "paid ann back in cash"})
    with pytest.raises(RoomError, match="at most that can be taken"):
        _host(table, {"type": "adjust", "seat": 1, "chips": -71, "reason": "too much"})
    ledger = ledger_json(table)
    assert ledger["adjustments"] == [{"name": "bob", "chips": -30, "reason": "paid ann back in cash",
                                      "at": 10.0}]
    assert sum(line["net"] for line in ledger["lines"]) == 0
    _same_after_restart(table)


def test_a_removed_player_is_cashed_out_into_the_ledger() -> None:
    table = _table()
    table.join("ann", token_hash="a", at=1.0)
    table.join("bob", token_hash="b", at=1.0)
    assert _host(table, {"type": "remove", "seat": 1}) == "bob is removed and cashed out with 100 chips"
    line = next(line for line in ledger_json(table)["lines"] if line["name"] == "bob")
    assert line == {"name": "bob", "bought": 100, "cashed": 100, "stack": 0, "net": 0, "bot": False}
    assert table.seats[1] is None and table.phase == "waiting"


def test_the_host_s_role_goes_to_a_seated_person_and_an_action_sent_twice_is_taken_once() -> None:
    table = _table(bots=1)
    table.join("bob", token_hash="b", at=1.0)
    with pytest.raises(RoomError, match="is a bot"):
        _host(table, {"type": "hand_over", "seat": 0})
    _host(table, {"type": "hand_over", "seat": 1, "id": "h1"})
    assert table.owner_hash == "b"
    assert host_request(table, {"type": "hand_over", "seat": 1, "id": "h1"}, at=11.0, host="bob")["again"]
    _host(table, {"type": "settings", "public": True, "ask_to_sit": True})
    assert table.config.public and table.config.ask_to_sit
    _same_after_restart(table)
    assert _host(table, {"type": "end"}) == "the night is over: the table is closed"
    with pytest.raises(RoomError, match="closed"):
        _host(table, {"type": "start"})


@pytest.mark.parametrize("action", [
    {"type": "approve"}, {"type": "remove", "seat": 9},
    {"type": "adjust", "seat": 0, "chips": 0, "reason": "x"},
    {"type": "adjust", "seat": 0, "chips": 5}, {"type": "settings", "public": "yes"}, {"type": "dance"},
    {"type": "pause", "extra": 1}, [],
])
def test_a_malformed_host_action_is_refused_by_its_schema(action: Any) -> None:
    with pytest.raises(BadMessage):
        read_host_action(action)
