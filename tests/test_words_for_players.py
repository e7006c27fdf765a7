"""What players read when they get something wrong is in their words (issue 40, point 22): no
position numbers, event numbers or Python lists, only the card that is missing, the name of the
dealer, and the games listed where a game was expected."""

from __future__ import annotations

import random

import pytest

import homegame
from homegame.cli import main
from homegame.engine import Action
from homegame.errors import CardError, IllegalAction, RoomError
from homegame.room.config import TableConfig
from homegame.room.table import Table
from room_play import seeded_shuffle


def test_a_bad_card_is_named_without_a_position_which_the_error_keeps_for_programs() -> None:
    with pytest.raises(CardError) as error:
        homegame.parse_cards("As Kx")
    assert str(error.value) == "'Kx' is not a card (write rank then suit, as As, 10h, Jk)"
    assert error.value.position == 3


def test_a_discard_names_only_the_card_that_is_not_held() -> None:
    state = homegame.new_game("draw", players=2).deal(seed=1)
    while state.view(state.to_act[0]).phase != "draw":
        seat = state.to_act[0]
        state.apply(seat, next(a for a in state.legal_actions(seat) if a.kind in ("check", "call")))
    seat = state.to_act[0]
    hand = state.view(seat).hand
    held = hand[0]
    stranger = next(card for card in homegame.parse_cards("2c 3d 4h 5s 9c") if card not in hand)
    with pytest.raises(IllegalAction) as error:
        state.apply(seat, Action("discard", cards=(held, stranger)))
    assert str(error.value).startswith(f"you do not hold {stranger}; your hand is ")


def test_the_dealer_s_call_is_refused_in_words() -> None:
    games = [{"game": "draw", "variants": ["lowball"]}, "papayoo"]
    config = TableConfig.from_json({"name": "t", "seats": 2, "games": games, "pause": 0})
    table = Table.create("t", config, at=0.0)
    table.join("ann", token_hash="a", at=0.0)
    table.join("bob", token_hash="b", at=0.0)
    chooser, other = table.chooser, 1 - table.chooser
    shuffle = seeded_shuffle(random.Random(1))
    with pytest.raises(RoomError) as wrong:
        table.choose(chooser, "draw", ["lowbal"], at=1.0, shuffle=shuffle)
    assert str(wrong.value) == ("draw has no variant lowbal at this table (did you mean lowball?); "
                                "the dealer may switch on lowball")
    with pytest.raises(RoomError) as turn:
        table.choose(other, "draw", [], at=1.0, shuffle=shuffle)
    assert str(turn.value) == f"it is not your call: {table.seats[chooser].name} calls the next game"


def test_rules_without_a_game_list_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in homegame.GAMES) and "Basic Draw Poker, 2 to 6 players" in out
