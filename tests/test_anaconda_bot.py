"""The Anaconda heuristic bot: legal play from views alone, and each of its choices on known cards."""

from __future__ import annotations

import dataclasses
from typing import Any

from homegame.analysis.simulation import play_hand, simulate
from homegame.bots import RandomBot
from homegame.bots.anaconda import HeuristicAnacondaBot, keep_for_pass, low_rating
from homegame.cards import parse_cards
from homegame.engine import Action, ActionSet, Amounts, Arrangements, Choices, Subsets
from homegame.games.anaconda import Anaconda, AnacondaState, AnacondaView


def view_of(phase: str, hand: str, **changes: Any) -> AnacondaView:
    state = Anaconda(players=3).deal(seed=1)
    assert isinstance(state, AnacondaState)
    view = dataclasses.replace(state.view(1), phase=phase, hand=tuple(parse_cards(hand)))
    return dataclasses.replace(view, **changes)


def test_it_keeps_a_set_or_four_to_a_flush_or_small_cards() -> None:
    assert set(keep_for_pass(parse_cards("Kh Kd Ks 7c 2d 9h 4s"))) >= set(parse_cards("Kh Kd Ks"))
    assert set(keep_for_pass(parse_cards("Ah 9h 6h 3h Kc Qd Js"))) == set(parse_cards("Ah 9h 6h 3h"))
    assert set(keep_for_pass(parse_cards("Ah 2c 3d 5s Kh Qc Jd"))) == set(parse_cards("Ah 2c 3d 5s"))


def test_it_passes_the_three_cards_it_does_not_keep() -> None:
    hand = "Qs Qh Qd 9c 2d 5h 6s"
    legal = ActionSet(Subsets("pass", parse_cards(hand), (3,)))
    action = HeuristicAnacondaBot(seed=1).act(view_of("pass1", hand), legal)
    assert action in legal and not set(action.cards) & set(parse_cards("Qs Qh Qd"))


def test_it_declares_the_side_its_hand_is_better_for() -> None:
    legal = ActionSet(Choices([Action("declare", option="high"), Action("declare", option="low")]))
    bot = HeuristicAnacondaBot(seed=1)
    assert bot.act(view_of("declare", "Ah 2c 3d 4s 7h Kd Qc"), legal).option == "low"
    assert bot.act(view_of("declare", "Kh Kd Ks 7c 7d 2h 4s"), legal).option == "high"
    assert low_rating(parse_cards("Kh Kd Ks 7c 7d 2h 4s")) == 0.05


def test_it_keeps_the_best_five_for_its_side_and_shows_four() -> None:
    hand = "Ah 2c 3d 4s 7h Kd Qc"
    legal = ActionSet(Arrangements("show", parse_cards(hand), maximum=(4, 1, 2), minimum=(4, 1, 2)))
    for seed in range(8):
        action = HeuristicAnacondaBot(seed=seed).act(view_of("show", hand, declaration="low"), legal)
        assert action in legal
        assert set(action.groups[2]) == set(parse_cards("Kd Qc"))


def test_alone_on_its_side_it_bets_and_beaten_on_its_side_it_folds() -> None:
    legal = ActionSet(Choices([Action("fold"), Action("call", amount=4)]), Amounts("raise", 8, 8))
    hand = "Ah 2c 3d 4s 7h"
    alone = view_of("bet4", hand, declarations={0: "high", 1: "low", 2: "high"}, pot=20, to_call=4,
                    folded=())
    assert HeuristicAnacondaBot(seed=1).act(alone, legal).kind == "raise"
    pair = "Kh Kd 9c 4s 2h"
    shown = {0: tuple(parse_cards("Qs Qh Qd 3c")), 1: tuple(parse_cards("Kh Kd 9c 4s"))}
    beaten = view_of("bet4", pair, declarations={0: "high", 1: "high", 2: "low"}, pot=20, to_call=4,
                     folded=(), shown=shown)
    assert HeuristicAnacondaBot(seed=1).act(beaten, legal).kind == "fold"


def test_it_plays_every_hand_legally_and_beats_random_bots() -> None:
    game = Anaconda(players=4)
    bots = [HeuristicAnacondaBot(seed=1), RandomBot(seed=2), HeuristicAnacondaBot(seed=3), RandomBot(seed=4)]
    for seed in range(10):
        state = play_hand(game.deal(seed=seed, stacks=[100] * 4), bots)
        assert state.is_over
    result = simulate(game, bots, 150, seed=7)
    heuristic = sum(seat.total for seat in result.seats if seat.bot == "heuristic")
    random_total = sum(seat.total for seat in result.seats if seat.bot == "random")
    assert heuristic > 0 > random_total
