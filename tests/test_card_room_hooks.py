"""What the games tell a card room: the default action of a seat that does not act, whether the
next deal must be the same game, and a hand's outcome in chips."""

from __future__ import annotations

import random
from typing import Any

import pytest

import homegame
from homegame import Action
from homegame.engine import GameState

GAMES = sorted(homegame.GAMES)


def _players(name: str) -> int:
    seats = homegame.GAMES[name].players
    return 3 if 3 in seats else seats[0]


def _play(state: GameState[Any], chooser: random.Random, steps: int | None = None) -> None:
    taken = 0
    while not state.is_over and taken != steps:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[chooser.randrange(len(legal))])
        taken += 1


@pytest.mark.parametrize("name", GAMES)
def test_a_default_action_is_legal_or_left_to_a_bot(name: str) -> None:
    for seed in range(15):
        state = homegame.new_game(name, players=_players(name)).deal(seed=seed)
        chooser = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            default = state.default_action(seat)
            assert default is None or default in state.legal_actions(seat)
            _play(state, chooser, steps=1)


@pytest.mark.parametrize("name", ["draw", "soko", "whiskey", "anaconda", "pineapple"])
def test_a_betting_round_checks_where_it_can_and_folds_where_it_cannot(name: str) -> None:
    state = homegame.new_game(name, players=3).deal(seed=5)
    chooser = random.Random(5)
    seen = set()
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        default = state.default_action(seat)
        if Action("check") in legal:
            assert default == Action("check")
            seen.add("check")
        elif Action("fold") in legal:
            assert default == Action("fold")
            seen.add("fold")
        state.apply(seat, legal[chooser.randrange(len(legal))])
    assert seen


def test_draw_stands_pat_in_the_draw() -> None:
    state = homegame.new_game("draw", players=2).deal(seed=1)
    while state.view(state.to_act[0]).phase != "draw":
        state.apply(state.to_act[0], state.default_action(state.to_act[0]))
    seat = state.to_act[0]
    hand = state.view(seat).hand
    state.apply(seat, state.default_action(seat))
    assert state.view(seat).hand == hand and state.view(None).drawn[seat] == 0


def test_soko_brings_in_when_the_low_card_must_bet() -> None:
    state = homegame.new_game("soko", players=3).deal(seed=2)
    seat = state.to_act[0]
    assert "bring-in" in state.legal_actions(seat).kinds()
    assert state.default_action(seat).kind == "bring-in"


def test_pai_gow_declines_the_bank_and_sets_by_the_house_way() -> None:
    state = homegame.new_game("pai_gow", players=2, variants=["player-banks"]).deal(seed=3)
    assert state.default_action(state.to_act[0]) == Action("decline")
    state.apply(state.to_act[0], Action("decline"))
    state.apply(state.to_act[0], Action("decline"))
    assert state.default_action(state.to_act[0]) == Action("set", option="house")


def test_paiute_draws_from_the_stock_and_whiskey_passes_in_the_exchange() -> None:
    paiute = homegame.new_game("paiute", players=3).deal(seed=4)
    assert paiute.default_action(paiute.to_act[0]) == Action("draw", option="stock")
    whiskey = homegame.new_game("whiskey", players=3, variants=["chips"]).deal(seed=4)
    assert whiskey.default_action(whiskey.to_act[0]) == Action("pass")


def test_chinese_shows_rather_than_surrenders_and_leaves_the_setting_to_a_bot() -> None:
    state = homegame.new_game("chinese", players=2).deal(seed=6)
    assert state.default_action(state.to_act[0]) is None


def test_a_papayoo_game_goes_on_to_its_last_deal() -> None:
    game = homegame.new_game("papayoo", players=3, deals=2)
    first = game.deal(seed=1)
    _play(first, random.Random(1))
    assert first.continues_game and not first.ends_game
    second = game.deal(seed=2, dealer=first.next_dealer, carry=first.carry_out)
    _play(second, random.Random(2))
    assert not second.continues_game and second.ends_game


def test_whiskey_chips_game_goes_on_until_someone_is_out() -> None:
    game = homegame.new_game("whiskey", players=3, variants=["chips"])
    state = game.deal(seed=1, carry={"chips": {"0": 1, "1": 5, "2": 5}})
    _play(state, random.Random(1))
    assert state.continues_game == (not state.ends_game)
    assert homegame.new_game("whiskey", players=3).deal(seed=1).continues_game is False


def test_anaconda_goes_on_while_a_pot_is_carried() -> None:
    game = homegame.new_game("anaconda", players=3)
    for seed in range(200):
        state = game.deal(seed=seed)
        _play(state, random.Random(seed))
        assert state.continues_game == bool(state.carry_out.get("pot"))
        if state.continues_game:
            return
    pytest.fail("no hand in 200 carried a pot")


@pytest.mark.parametrize(("name", "variants", "in_chips"), [
    ("draw", [], True), ("pai_gow", [], True), ("chinese", [], True), ("open_face", [], True),
    ("whiskey", [], True), ("whiskey", ["chips"], False), ("paiute", [], False), ("paiute", ["ante"], True),
    ("paiute", ["pay-table"], False), ("papayoo", [], False),
])
def test_which_games_count_chips(name: str, variants: list[str], in_chips: bool) -> None:
    assert homegame.new_game(name, players=3, variants=variants).scores_in_chips is in_chips


def test_points_that_sum_to_zero_are_paid_at_the_rate() -> None:
    paiute = homegame.new_game("paiute", players=3)
    assert paiute.in_chips({0: 2, 1: -1, 2: -1}, rate=5) == {0: 10, 1: -5, 2: -5}


def test_points_that_do_not_sum_to_zero_are_settled_pair_by_pair() -> None:
    whiskey = homegame.new_game("whiskey", players=3, variants=["chips"])
    assert whiskey.in_chips({0: -1, 1: 0, 2: 0, "bank": 1}, rate=3) == {0: -6, 1: 3, 2: 3}
    papayoo = homegame.new_game("papayoo", players=4)
    chips = papayoo.in_chips({0: 100, 1: 50, 2: 60, 3: 40}, rate=1)
    assert chips == {0: -150, 1: 50, 2: 10, 3: 90} and sum(chips.values()) == 0


def test_chips_stay_chips() -> None:
    draw = homegame.new_game("draw", players=2)
    assert draw.in_chips({0: 7, 1: -7}, rate=10) == {0: 7, 1: -7}
    pai_gow = homegame.new_game("pai_gow", players=1)
    assert pai_gow.in_chips({0: 19, "bank": -19}, rate=10) == {0: 19, "bank": -19}
