"""The Pineapple heuristic bot and the terminal table, from seats' views only."""

from __future__ import annotations

import random

import pytest

from homegame.analysis.simulation import play_hand, simulate
from homegame.bots import RandomBot, make_bot
from homegame.bots.pineapple import (
    HeuristicPineappleBot,
    best_pair,
    hand_rating,
    made_rating,
    starting_rating,
)
from homegame.cards import parse_cards
from homegame.engine import Action
from homegame.games.pineapple import CrazyPineapple, CrazyPineappleHiLo, Pineapple, PineappleState
from homegame.render import render_view
from test_pineapple import THREE, THROWS, bet_round, deal, discard_all

# -- the bot's judgement --------------------------------------------------------------------------


def test_before_the_flop_the_bot_keeps_a_pair_then_suited_connectors_then_high_cards() -> None:
    assert best_pair(parse_cards("9c 2d 9h"), []) == tuple(parse_cards("9c 9h"))
    assert best_pair(parse_cards("8h Kc 9h"), []) == tuple(parse_cards("8h 9h"))
    assert best_pair(parse_cards("Ac 4d Kh"), []) == tuple(parse_cards("Ac Kh"))


def test_after_the_flop_the_bot_keeps_the_two_that_make_the_best_hand_with_the_board() -> None:
    board = parse_cards("Qs Qd 5c")
    assert set(best_pair(parse_cards("Qc Ah 5d"), board)) == set(parse_cards("Qc 5d"))  # full house
    assert set(best_pair(parse_cards("Ah Kh 2c"), parse_cards("Qh 7h 3s"))) == set(parse_cards("Ah Kh"))


def test_in_hi_lo_the_bot_values_a_made_low() -> None:
    board = parse_cards("3c 5h 7s")
    hole = parse_cards("Ad 2d Kc")
    assert set(best_pair(hole, board, hi_lo=True)) == set(parse_cards("Ad 2d"))
    assert made_rating(parse_cards("Ad 2d"), board, hi_lo=True) > made_rating(parse_cards("Ad 2d"), board)


def test_ratings_order_hands_sensibly() -> None:
    assert starting_rating(parse_cards("Ah Ad")) > starting_rating(parse_cards("Kh Qh")) > \
        starting_rating(parse_cards("7c 2d"))
    board = parse_cards("9h Th Jc 2d 2s")
    assert made_rating(parse_cards("Qd Kd"), board) > made_rating(parse_cards("Jd 3c"), board) > \
        made_rating(parse_cards("Ac 4c"), board)
    assert hand_rating([], []) == 0.0


def test_the_bot_discards_from_its_view_when_the_discard_comes() -> None:
    state = deal(Pineapple, {1: "Ah Ad 2c", 2: "Kh 7d 3c", 0: "Qh Qd 4c"})
    bet_round(state)
    bot = HeuristicPineappleBot(seed=1)
    assert bot.act(state.view(1), state.legal_actions(1)) == Action("discard", cards=tuple(parse_cards("2c")))


def test_the_bot_raises_the_nuts_and_folds_trash_to_a_bet() -> None:
    state = deal(CrazyPineapple, {1: "Ah Kh 2c", 2: "2d 3c 4s", 0: "Qh Jh 4c"}, "Th 9h 8h 2s 3s")
    bet_round(state)
    assert state.to_act == (1,)  # first on the flop, holding a royal flush
    assert HeuristicPineappleBot(seed=3).act(state.view(1), state.legal_actions(1)).kind == "bet"
    state.apply(1, Action("bet", amount=2))
    assert HeuristicPineappleBot(seed=3).act(state.view(2), state.legal_actions(2)).kind == "fold"


@pytest.mark.parametrize("name", ["pineapple", "crazy_pineapple", "crazy_pineapple_hi_lo"])
def test_the_heuristic_bot_beats_random_play(name: str) -> None:
    from homegame import new_game

    game = new_game(name, players=4)
    bots = [make_bot(name, "heuristic", seed=0), RandomBot(seed=1), make_bot(name, "heuristic", seed=2),
            RandomBot(seed=3)]
    seats = simulate(game, bots, 200, seed=7).seats
    assert seats[0].total + seats[2].total > 0 > seats[1].total + seats[3].total


def test_bots_play_every_game_to_the_end() -> None:
    for game in (Pineapple(players=6), CrazyPineappleHiLo(players=3, limit="no")):
        state = game.deal(seed=11)
        play_hand(state, [HeuristicPineappleBot(seed=seat) for seat in range(game.player_count)])
        assert state.is_over and sum(state.outcome.values()) == 0


# -- the terminal table ---------------------------------------------------------------------------


def test_the_table_shows_your_cards_the_blinds_and_who_must_discard() -> None:
    state = deal(Pineapple, THREE, "7s 8c Td 3h 5s")
    lines = render_view(state.view(1))
    assert lines[0] == "Pineapple - you are seat 1, dealer seat 0 - pre-flop betting"
    assert lines[1] == "Pot 3   fixed limit 2/4, now 2   blinds you 1, seat 2 2"
    assert "Your cards: A♥ A♦ 2♣" in lines and "You have: a pair of aces   to call: 1" in lines
    bet_round(state)
    discard_all(state, {1: "2c"})
    lines = render_view(state.view(1))
    assert "  seat 2: chips 98  (to discard)" in lines and "  you: chips 98" in lines
    assert "Your cards: A♥ A♦   (threw 2♣)" in lines
    assert not any("(threw" in line for line in render_view(state.view(2)))


def test_the_table_at_the_showdown_names_hands_discards_and_the_winner() -> None:
    state = deal(CrazyPineappleHiLo, THREE, "7s 8c Td 3h 5s")
    while not state.is_over:
        if state.discarding is not None:
            discard_all(state, {seat: THROWS[seat] for seat in state.to_act})
        else:
            bet_round(state)
    lines = render_view(state.view(None))
    assert lines[0].endswith("- showdown") and lines[2] == "Board: 7♠ 8♣ T♦ 3♥ 5♠"
    assert "  seat 1: chips 104  shows A♥ A♦ - a pair of aces; low: an eight-seven low  (threw 2♣)" in lines
    assert lines[-2:] == ["High half: seat 1 wins 3 with a pair of aces, beating a pair of kings (seat 2)",
                          "Low half: seat 1 wins 3 with an eight-seven low"]


def test_the_table_says_when_everyone_folded() -> None:
    state = deal(Pineapple, THREE, variants=("ante",))
    for seat in (1, 2):
        state.apply(seat, Action("bet", amount=2) if seat == 1 else Action("fold"))
    state.apply(0, Action("fold"))
    lines = render_view(state.view(0))
    assert lines[0].endswith("- hand over") and lines[1].endswith("ante 1")
    assert lines[-1] == "Seat 1 wins 5 because everyone else folded"


def test_random_views_render_without_error() -> None:
    chooser = random.Random(4)
    for seed in range(10):
        state = CrazyPineappleHiLo(players=4).deal(seed=seed)
        assert isinstance(state, PineappleState)
        while not state.is_over:
            seat = state.to_act[0]
            assert render_view(state.view(seat))[0].startswith("Crazy Pineapple Hi-Lo 8 or better")
            legal = state.legal_actions(seat)
            state.apply(seat, legal[chooser.randrange(len(legal))])
        assert render_view(state.view(None))
