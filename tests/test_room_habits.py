"""A regular's table habits at a card-room table, without a server: the time bank (drawn when a turn's
clock runs out, charged with the time it ran, refilled every so many hands, kept across a restart)
and bomb pots (called by the owner, or every so many hands)."""

from __future__ import annotations

import random

import pytest

from homegame import Action
from homegame.errors import RoomError
from homegame.room.config import TableConfig
from homegame.room.table import Table, TableEvent
from homegame.room.views import table_json
from room_play import seeded_shuffle, snapshot

SHUFFLE = seeded_shuffle(random.Random(5))


def _table(**fields: object) -> Table:
    config = TableConfig.from_json({"name": "habits", "clock": 10, "pause": 0, "games": ["draw"], **fields})
    table = Table.create("t", config, at=0.0)
    table.join("ann", token_hash="a", at=0.0)
    table.join("bob", token_hash="b", at=0.0)
    return table


def _play_out(table: Table, at: float) -> None:
    """Check or call for every seat to act until the hand in play is over."""
    hand = table.hand
    assert hand is not None
    while not hand.state.is_over:
        player = hand.state.to_act[0]
        default = hand.state.default_action(player)
        legal = hand.state.legal_actions(player)
        action = default if default is not None else next(a for a in legal if a.kind == "call")
        table.act(hand.seats[player], action, intent=None, at=at)


def test_a_turn_s_clock_runs_out_into_the_time_bank_which_is_charged_what_it_ran() -> None:
    table = _table(time_bank=30, time_bank_refill=5, time_bank_every=2)
    table.deal(at=1.0, shuffle=SHUFFLE)
    hand = table.hand
    assert hand is not None and [s.time_bank for s in table.seats if s] == [30.0, 30.0]
    seat = hand.seats[hand.state.to_act[0]]
    assert table.deadlines[seat] == 11.0
    assert not table.draw_time_bank(seat, at=10.0)  # its clock has not run out
    assert table.draw_time_bank(seat, at=11.0) and table.deadlines[seat] == 41.0 and seat in table.banking
    assert not table.draw_time_bank(seat, at=11.5)  # drawing already
    with pytest.raises(RoomError, match="clock has not run out"):
        table.act(seat, Action("check"), intent=None, at=20.0, by="clock")
    table.act(seat, Action("check"), intent="i1", at=23.0)  # 12 seconds of the bank used
    assert table.seats[seat].time_bank == 18.0 and seat not in table.banking
    restored = Table.restore("t", _log(table))
    assert snapshot(restored) == snapshot(table) and restored.seats[seat].time_bank == 18.0


def test_a_bank_that_runs_dry_lets_the_clock_play_and_refills_every_so_many_hands() -> None:
    table = _table(time_bank=20, time_bank_refill=5, time_bank_every=2)
    table.deal(at=1.0, shuffle=SHUFFLE)
    hand = table.hand
    assert hand is not None
    seat = hand.seats[hand.state.to_act[0]]
    assert table.draw_time_bank(seat, at=11.0) and table.deadlines[seat] == 31.0
    table.act(seat, hand.state.default_action(hand.state.to_act[0]), intent=None, at=31.0, by="clock")
    assert table.seats[seat].time_bank == 0.0
    assert not table.draw_time_bank(hand.seats[hand.state.to_act[0]], at=31.0)  # the other's clock still runs
    _play_out(table, at=32.0)
    assert table.hands_played == 1 and table.seats[seat].time_bank == 0.0
    table.deal(at=33.0, shuffle=SHUFFLE)
    _play_out(table, at=34.0)
    assert table.hands_played == 2 and [s.time_bank for s in table.seats if s] == [
        5.0 if index == seat else 20.0 for index in range(2)]


def test_the_bank_stands_still_while_the_room_is_away() -> None:
    table = _table(time_bank=30)
    table.deal(at=1.0, shuffle=SHUFFLE)
    hand = table.hand
    assert hand is not None
    seat = hand.seats[hand.state.to_act[0]]
    table.draw_time_bank(seat, at=11.0)
    restored = Table.restore("t", _log(table))
    restored.resume(111.0)  # the room was down for 100 seconds after the bank started
    assert restored.deadlines[seat] == 141.0 and restored.banking[seat] == 111.0
    restored.act(seat, Action("check"), intent=None, at=116.0)
    assert restored.seats[seat].time_bank == 25.0


def test_an_owner_s_bomb_pot_is_the_next_hand_of_a_game_that_has_them() -> None:
    table = _table(games=["papayoo", "draw"], seats=3, bots=1, bomb_pot=7)
    table.call_bomb_pot(at=0.5)
    with pytest.raises(RoomError, match="a bomb pot is called already"):
        table.call_bomb_pot(at=0.6)
    assert table.phase == "choosing"
    table.choose(table.chooser, "papayoo", [], at=1.0, shuffle=SHUFFLE)
    assert table.hand is not None and "bomb_pot" not in table.hand.game.config and table.bomb_pot_called
    table.close(at=2.0)
    table = _table(games=["papayoo", "draw"], seats=3, bots=1, bomb_pot=7)
    table.call_bomb_pot(at=0.5)
    table.choose(table.chooser, "draw", [], at=1.0, shuffle=SHUFFLE)
    hand = table.hand
    assert hand is not None and hand.game.config["bomb_pot"] == 7 and hand.state.view(None).pot == 21
    assert not table.bomb_pot_called and snapshot(Table.restore("t", _log(table))) == snapshot(table)


def test_a_bomb_pot_every_so_many_hands() -> None:
    table = _table(bomb_pot=3, bomb_pot_every=2)
    pots = []
    for number in range(1, 5):
        table.deal(at=float(number), shuffle=SHUFFLE)
        assert table.hand is not None
        pots.append(table.hand.game.config["bomb_pot"])
        _play_out(table, at=float(number))
    assert pots == [0, 3, 0, 3]


@pytest.mark.parametrize(("fields", "field", "words"), [
    ({"bomb_pot_every": 3}, "bomb_pot", "needs the chips each player puts in"),
    ({"bomb_pot": 5, "games": ["papayoo", "soko"]}, "bomb_pot", "none of this table's games has bomb pots"),
    ({"stakes": {"bomb_pot": 5}}, "stakes.bomb_pot", "not as a stake"),
    ({"time_bank": -1}, "time_bank", "a number of seconds from 0"),
    ({"time_bank_every": 0}, "time_bank_every", "a whole number from 1"),
])
def test_a_habit_set_wrong_is_refused_by_its_field(fields: dict[str, object], field: str, words: str) -> None:
    with pytest.raises(RoomError, match=words) as refused:
        TableConfig.from_json({"name": "t", "games": ["draw"], **fields})
    assert refused.value.field == field


def test_a_table_without_a_bomb_pot_amount_refuses_the_call() -> None:
    with pytest.raises(RoomError, match="sets no bomb_pot amount"):
        _table().call_bomb_pot(at=1.0)


def _log(table: Table) -> list[TableEvent]:
    """Every event the table has recorded (a test table keeps them all unsaved)."""
    return list(table.unsaved)


def test_the_terminal_shows_each_time_bank_and_a_called_bomb_pot() -> None:
    from homegame.cli.room_text import phase_line, seat_lines
    from homegame.room.views import state_frame

    table = _table(time_bank=30, bomb_pot=2)
    table.deal(at=1.0, shuffle=SHUFFLE)
    hand = table.hand
    assert hand is not None
    seat = hand.seats[hand.state.to_act[0]]
    table.draw_time_bank(seat, at=11.0)
    table.call_bomb_pot(at=12.0)
    frame = state_frame(table, 0, public=table_json(table), now=12.0)
    lines = seat_lines(frame)
    assert any("to act, 29 s on the time bank" in line and "time bank 30 s" in line for line in lines)
    assert "A bomb pot is called for the next hand." in phase_line(frame)
