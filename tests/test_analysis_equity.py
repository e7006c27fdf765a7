"""Equity: exact enumeration against independently known figures, Monte Carlo against exact."""

from __future__ import annotations

import random
from itertools import pairwise

import numpy as np
import pytest

import homegame
from homegame.analysis.equity import DEFAULT_TRIALS, discard_equity, equity
from homegame.analysis.showdown import low8_strengths
from homegame.cards import DECKS, format_cards, parse_cards


def test_aces_against_kings_of_the_same_suits_preflop_is_exact() -> None:
    # 1,712,304 boards; the win and tie counts were checked by dealing every board through eval7.
    result = equity(["AhAs", "KhKs"])
    assert result.exact and result.runouts == 1_712_304 and result.seed is None
    aces, kings = result.players
    assert round(aces.win * result.runouts) == 1_410_336
    assert round(aces.tie * result.runouts) == 9_308
    assert round(kings.win * result.runouts) == 1_712_304 - 1_410_336 - 9_308
    assert aces.equity == pytest.approx((1_410_336 + 9_308 / 2) / 1_712_304)
    assert aces.equity + kings.equity == pytest.approx(1.0)
    assert aces.standard_error is None


def test_a_hand_drawing_dead_has_no_equity() -> None:
    result = equity(["Th 2c", "As Ks"], board="Ah Kh Qh Jh")  # a made royal flush
    assert [p.equity for p in result.players] == [1.0, 0.0]
    assert [p.win for p in result.players] == [1.0, 0.0]
    assert result.runouts == 52 - 8


def test_hands_alike_up_to_suits_split_evenly() -> None:
    # Swapping hearts with spades and diamonds with clubs turns each hand into the other.
    first, second = equity(["Ah Kd", "As Kc"], board="9h 9s 2d").players
    assert first.equity == pytest.approx(0.5, abs=1e-12)
    assert second.equity == pytest.approx(0.5, abs=1e-12)
    assert first.win == pytest.approx(second.win)


def test_a_completed_board_gives_whole_results() -> None:
    won, lost = equity(["Ac Ad", "Kc Kd"], board="Ah 7s 2c 9d Jh").players
    assert (won.win, won.tie, won.equity) == (1.0, 0.0, 1.0)
    assert (lost.win, lost.tie, lost.equity) == (0.0, 0.0, 0.0)
    shared = equity(["2c 3d", "4c 5d"], board="Ah Kh Qh Jh Th").players  # the board plays
    assert [(p.win, p.tie, p.equity) for p in shared] == [(0.0, 1.0, 0.5), (0.0, 1.0, 0.5)]


def test_monte_carlo_lands_within_four_standard_errors_of_the_exact_answer() -> None:
    hands, board = ["Ah Kh", "Qs Qd", "7c 8c"], "Qh Jh 2c"
    exact = equity(hands, board=board)
    sampled = equity(hands, board=board, trials=20_000, seed=7)
    assert exact.exact and not sampled.exact and sampled.seed == 7 and sampled.runouts == 20_000
    for truth, estimate in zip(exact.players, sampled.players, strict=True):
        assert estimate.standard_error is not None and estimate.standard_error > 0
        assert abs(estimate.equity - truth.equity) < 4 * estimate.standard_error
    assert equity(hands, board=board, trials=20_000, seed=7) == sampled  # the seed replays it


def test_monte_carlo_without_a_seed_reports_the_one_it_drew() -> None:
    result = equity(["Ah Kh", "Qs Qd"], trials=1_000)
    assert result.seed is not None
    assert equity(["Ah Kh", "Qs Qd"], trials=1_000, seed=result.seed) == result
    assert DEFAULT_TRIALS >= 100_000


def test_hi_lo_splits_between_the_best_high_and_the_best_qualifying_low() -> None:
    low, high = equity(["4c 5c", "Ks Kc"], board="Ah 2c 3d Kh Kd", hi_lo=True).players
    assert (low.equity, high.equity) == (0.5, 0.5)
    assert (low.tie, high.tie) == (1.0, 1.0)
    scooped = equity(["4c 5c", "Qs Js"], board="Ah 2c 3d Kh Kd", hi_lo=True)
    assert [p.equity for p in scooped.players] == [1.0, 0.0]  # the wheel is also the best high
    no_low = equity(["Ah 2h", "Qs Qd"], board="Kh Kd Qc Js 9h", hi_lo=True)
    assert [p.equity for p in no_low.players] == [0.0, 1.0]
    assert no_low.low_qualifies == 0.0


def _best_low_rank(hand: homegame.Hand) -> int:
    return max(1 if c.rank == 14 else c.rank for c in hand.cards)


def test_low8_strengths_order_lows_as_the_ace_to_five_ranking_does() -> None:
    rng = random.Random(11)
    deck = list(DECKS["standard"])
    hands = [rng.sample(deck, 7) for _ in range(3_000)]
    fast = low8_strengths(np.array(hands, dtype=np.int8))
    for hand, low in zip(hands, fast, strict=True):
        evaluated = homegame.evaluate(hand, "ace-to-five")
        qualifies = evaluated.category.name == "no pair" and _best_low_rank(evaluated) <= 8
        assert (low > 0) == qualifies, format_cards(hand)
    qualifying = [index for index, low in enumerate(fast) if low]
    assert len(qualifying) > 300
    for i, j in pairwise(qualifying):
        ranked = homegame.strength(hands[i], "ace-to-five") - homegame.strength(hands[j], "ace-to-five")
        assert np.sign(fast[i] - fast[j]) == np.sign(ranked)


def test_discard_equity_shows_every_pair_a_pineapple_hand_could_keep() -> None:
    choices = discard_equity(["7c 7d", "Ah Kh Qd"], board="Qh Jh 2c")
    assert [format_cards(choice.kept) for choice in choices] == ["Ah Kh", "Ah Qd", "Kh Qd"]
    for choice in choices:
        assert choice.seat == 1
        assert choice.discarded in choice.result.dead
        assert choice.result.runouts == 946  # C(44, 2): the discarded card is out of play too
        assert choice.result == equity(["7c 7d", choice.kept], board="Qh Jh 2c", dead=[choice.discarded])
    # Top pair, ace kicker, is ahead of the nut flush and straight draw against a pair of sevens.
    best = max(choices, key=lambda choice: choice.result.players[1].equity)
    assert format_cards(best.kept) == "Ah Qd"


@pytest.mark.parametrize(("hands", "board", "dead", "message"), [
    (["Ah Kh", "Ah Qd"], "", "", "Ah is dealt twice"),
    (["Ah Kh", "Qs Qd"], "Qs 2c 3c", "", "Qs is dealt twice"),
    (["Ah Kh", "Qs Qd"], "", "Ah", "Ah is dealt twice"),
    (["Ah Kh"], "", "", "at least two hands"),
    (["Ah", "Qs Qd"], "", "", "each hand holds 2 cards"),
    (["Ah Kh Qh", "Qs Qd"], "", "", "discard_equity"),
    (["Ah Kh", "Qs Qd"], "2c 3c 4c 5c 6c 7c", "", "at most 5 cards"),
    (["Ah Jk", "Qs Qd"], "", "", "not a card of the standard deck"),
])
def test_bad_deals_are_refused_with_a_reason(hands: list[str], board: str, dead: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        equity(hands, board=board, dead=dead)


def test_bad_trials_and_bad_discard_requests_are_refused() -> None:
    with pytest.raises(ValueError, match="trials are 1 to 2,000,000 boards"):
        equity(["Ah Kh", "Qs Qd"], trials=0)
    with pytest.raises(ValueError, match="exactly one three-card hand"):
        discard_equity(["Ah Kh Qd", "Qs Qc 2d"])
    with pytest.raises(homegame.CardError, match="'Xx'"):
        equity(["Ah Xx", "Qs Qd"])


def test_json_names_the_method_and_every_hand() -> None:
    data = equity(["Ah Kh", "Qs Qd"], board="Qh Jh 2c 3d").to_json()
    assert data["method"] == "exact" and data["runouts"] == 44 and data["board"] == "Qh Jh 2c 3d"
    assert data["players"] == [
        {"cards": "Ah Kh", "win": 10 / 44, "tie": 0.0, "equity": 10 / 44, "standard_error": None},
        {"cards": "Qs Qd", "win": 34 / 44, "tie": 0.0, "equity": 34 / 44, "standard_error": None},
    ]
    assert parse_cards("Ah Kh") == [homegame.parse_cards("Ah")[0], homegame.parse_cards("Kh")[0]]


def _brute_force_hi_lo(hands: list[str], board: str) -> list[float]:
    """Deal every river and split each pot by the rules, one hand at a time, with the rankings."""
    held = [homegame.parse_cards(hand) for hand in hands]
    known = homegame.parse_cards(board)
    used = {c for cards in held for c in cards} | set(known)
    shares = [0.0] * len(held)
    rivers = [c for c in DECKS["standard"] if c not in used]
    for river in rivers:
        sevens = [cards + known + [river] for cards in held]
        highs = [homegame.strength(seven) for seven in sevens]
        lows = [homegame.evaluate(seven, "ace-to-five") for seven in sevens]
        qualified = [low.strength if low.category.name == "no pair" and _best_low_rank(low) <= 8 else None
                     for low in lows]
        high_winners = [i for i, s in enumerate(highs) if s == max(highs)]
        low_strengths = [s for s in qualified if s is not None]
        low_winners = [i for i, s in enumerate(qualified) if low_strengths and s == max(low_strengths)]
        for i in high_winners:
            shares[i] += (0.5 if low_winners else 1.0) / len(high_winners)
        for i in low_winners:
            shares[i] += 0.5 / len(low_winners)
    return [share / len(rivers) for share in shares]


def test_hi_lo_equity_equals_splitting_every_river_by_the_rankings() -> None:
    hands, board = ["Ah 3s", "4c 6c", "Kd Ks"], "2c 5d 8h Kc"
    result = equity(hands, board=board, hi_lo=True)
    assert result.low_qualifies is not None and 0 < result.low_qualifies <= 1
    assert [p.equity for p in result.players] == pytest.approx(_brute_force_hi_lo(hands, board), abs=1e-12)


def test_progress_counts_boards_up_to_the_whole_job() -> None:
    seen: list[tuple[int, int]] = []
    equity(["Ah Kh", "Qs Qd"], board="Qh Jh 2c", progress=lambda done, total: seen.append((done, total)))
    assert seen == [(990, 990)]
    seen.clear()
    discard_equity(["Ah Kh Qd", "7c 7d"], board="Qh Jh 2c",
                   progress=lambda done, total: seen.append((done, total)))
    assert seen == [(946, 3 * 946), (2 * 946, 3 * 946), (3 * 946, 3 * 946)]


def test_every_discard_is_judged_on_the_same_sampled_boards() -> None:
    choices = discard_equity(["Ah Kh Qd", "7c 7d"], trials=2_000, seed=5)
    assert {choice.result.seed for choice in choices} == {5}
    assert all(not choice.result.exact for choice in choices)
