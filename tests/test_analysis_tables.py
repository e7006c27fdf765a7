"""Odds tables of Soko, Paiute and Pai Gow against counts derived by hand, and the two assumptions
the counting by symmetry rests on, checked against every ranking."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from math import comb

import pytest

import homegame
from homegame.analysis.odds import SUIT_THRESHOLDS, _counts_by_symmetry, category_table
from homegame.cards import DECKS, JOKER, Card
from homegame.ranking import wild_cards

STANDARD = DECKS["standard"]
ACE = 14


def _four_runs() -> list[frozenset[int]]:
    """Four ranks in sequence, the ace low (A-2-3-4) or high (J-Q-K-A): 11 of them."""
    return [frozenset({ACE, 2, 3, 4})] + [frozenset(range(low, low + 4)) for low in range(2, 12)]


def _is_straight(ranks: frozenset[int]) -> bool:
    return ranks == {ACE, 2, 3, 4, 5} or max(ranks) - min(ranks) == 4


def test_soko_four_flushes_and_four_straights_counted_by_hand() -> None:
    # Four-flush: exactly four cards of one suit (4 * C(13,4) rank sets, 39 odd cards), less the
    # 600 straights among them (10 straights * 5 odd positions * 4 suits * 3 odd suits).
    four_flush = 4 * comb(13, 4) * 39 - 600
    four_flush_pairs = 4 * comb(13, 4) * 12  # the odd card pairs one of the four
    # Four-straight with five ranks: rank sets holding a four-run but no straight, each with every
    # suit pattern but the 4 flushes and the 60 four-flushes (4 suits * 5 odd cards * 3 odd suits).
    runs = _four_runs()
    five_rank_sets = [frozenset(s) for s in combinations(range(2, 15), 5)]
    with_run = [s for s in five_rank_sets if any(run <= s for run in runs) and not _is_straight(s)]
    # With a pair: the four ranks are a run, the pair any of them; of the C(4,2) * 4^3 suit patterns
    # 12 are four-flushes (the run in one suit: 4, the pair's other card in another: 3).
    paired = len(runs) * 4 * (comb(4, 2) * 4**3 - 12)
    four_straight = len(with_run) * (4**5 - 4 - 60) + paired
    table = category_table("soko", 5)
    assert table.total == 2_598_960
    assert table.counts["four-flush"] == four_flush == 110_940
    assert table.counts["four-straight"] == four_straight
    assert table.counts["pair"] == 1_098_240 - four_flush_pairs - paired
    assert table.counts["two pair"] == 123_552 and table.counts["straight"] == 10_200


def test_paiute_five_cards_with_wild_threes_counted_by_hand() -> None:
    table = category_table("paiute", 5, "3")
    # Five of a kind: w wild threes and 5 - w natural cards of one of the 12 other ranks.
    five_of_a_kind = sum(comb(4, w) * 12 * comb(4, 5 - w) for w in range(1, 5))
    # Royal flush (and not five of a kind): the natural cards are distinct ranks of 10-J-Q-K-A, all
    # one suit; with four wild cards the one natural card makes five of a kind instead.
    royal = sum(comb(4, w) * 4 * comb(5, 5 - w) for w in range(4))
    assert table.counts["five of a kind"] == five_of_a_kind == 672
    assert table.counts["royal flush"] == royal == 484
    assert table.counts["four/two"] == table.counts["three/three"] == table.counts["paiute"] == 0
    assert table.total == comb(52, 5)


@pytest.mark.parametrize(("wild", "jokers", "plain_ranks", "total"), [
    ("3", 0, 12, comb(52, 6)),
    pytest.param(None, 2, 13, comb(54, 6), marks=pytest.mark.slow),
])
def test_paiute_six_cards_three_three_only_comes_natural(wild: str | None, jokers: int, plain_ranks: int,
                                                         total: int) -> None:
    # A wild card in a three/three would rather join the other three as a four/two, which ranks
    # higher, so three/three hands are exactly two natural threes: C(ranks, 2) * 4 * 4.
    table = category_table("paiute", 6, wild, jokers=jokers)
    assert table.total == total
    assert table.counts["three/three"] == comb(plain_ranks, 2) * 4 * 4


def test_pai_gow_five_cards_with_the_bug() -> None:
    table = category_table("pai-gow", 5, jokers=1)
    assert table.total == comb(53, 5)
    # Four of a kind: natural (624), natural with the bug as kicker (12; with aces it is five
    # aces), or three aces and the bug (4 * 48).
    assert table.counts["four of a kind"] == 624 + 12 + 4 * 48
    assert table.counts["five of a kind"] == 1
    # Full house: natural, or the bug as an ace with aces-up two pair (12 * 6 * 6) or with three of
    # another rank and one ace (12 * 4 * 4).
    assert table.counts["full house"] == 3_744 + 12 * 6 * 6 + 12 * 4 * 4
    # The other rows are the published figures for a 53-card deck with the bug.
    assert dict(table.counts) | {"four of a kind": 0, "full house": 0} == {
        "five of a kind": 1, "straight flush": 204, "four of a kind": 0, "full house": 0,
        "flush": 7_804, "straight": 20_532, "three of a kind": 63_360, "two pair": 138_600,
        "pair": 1_215_024, "high card": 1_418_964,
    }


# Small decks where every hand can be dealt and evaluated, to check counting by symmetry for every
# ranking against brute force.
def _small_deck(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Suit masks per rank index for a deck of ``ranks``, 2h removed so that suits are not all alike."""
    return tuple((0b1111 if index + 2 in ranks else 0) & (0b1011 if index == 0 else 0b1111)
                 for index in range(13))


SMALL = _small_deck((ACE, 2, 3, 4, 5))
TINY = _small_deck((ACE, 2, 3, 4))


def _brute_force(ranking: str, n_cards: int, wild: frozenset[Card], jokers: int,
                 masks: tuple[int, ...] = SMALL) -> Counter[str]:
    deck = [c for c in STANDARD if masks[c // 4] >> (c % 4) & 1] + [JOKER] * jokers
    counts: Counter[str] = Counter()
    for hand in combinations(range(len(deck)), n_cards):
        counts[homegame.evaluate([deck[i] for i in hand], ranking, wild).category.name] += 1
    return counts


@pytest.mark.parametrize(("ranking", "n_cards", "wild", "jokers"), [
    ("high", 5, None, 0), ("high", 5, "2", 0), ("ace-to-five", 5, "3c 3s", 0),
    ("deuce-to-seven", 5, None, 0), ("ace-to-six", 5, None, 1), ("soko", 5, None, 0),
    ("paiute", 5, "4", 0), ("paiute", 5, None, 2), ("pai-gow", 5, None, 1), ("front", 3, None, 0),
])
def test_symmetry_counts_equal_dealing_every_hand_of_a_small_deck(
        ranking: str, n_cards: int, wild: str | None, jokers: int) -> None:
    wild_set = wild_cards(wild)
    counted = _counts_by_symmetry(homegame.RANKINGS[ranking], n_cards, wild_set, jokers, None, SMALL)
    assert {name: n for name, n in counted.items() if n} == _brute_force(ranking, n_cards, wild_set, jokers)


@pytest.mark.parametrize(("wild", "jokers"), [("3", 0), (None, 2), ("As 2s", 0)])
def test_six_card_paiute_by_symmetry_equals_dealing_every_hand_of_a_tiny_deck(wild: str | None,
                                                                              jokers: int) -> None:
    wild_set = wild_cards(wild)
    counted = _counts_by_symmetry(homegame.RANKINGS["paiute"], 6, wild_set, jokers, None, TINY)
    assert {name: n for name, n in counted.items() if n} == _brute_force("paiute", 6, wild_set, jokers, TINY)


def _resuited(hand: list[Card], rng: random.Random) -> list[Card]:
    """The same ranks with suits drawn at random, no card twice."""
    while True:
        cards = [STANDARD[(c.rank - 2) * 4 + rng.randrange(4)] for c in hand]
        if len(set(cards)) == len(cards):
            return cards


@pytest.mark.parametrize("ranking", sorted(SUIT_THRESHOLDS))
def test_suits_only_matter_from_the_threshold_on(ranking: str) -> None:
    """The assumption behind counting by ranks: below the threshold, suits never change a category."""
    threshold = SUIT_THRESHOLDS[ranking]
    rng = random.Random(ranking)
    sizes = (3,) if ranking == "front" else (5, 6)
    checked = 0
    while checked < 300:
        hand = rng.sample(STANDARD, rng.choice(sizes))
        other = _resuited(hand, rng)
        if threshold is not None and max(_longest_suit(hand), _longest_suit(other)) >= threshold:
            continue
        assert homegame.evaluate(other, ranking).category == homegame.evaluate(hand, ranking).category
        checked += 1


def _longest_suit(cards: list[Card]) -> int:
    return max(Counter(c.suit for c in cards).values())


@pytest.mark.parametrize(("ranking", "wild"), [("high", "2"), ("ace-to-five", "3"), ("deuce-to-seven", "7"),
                                               ("paiute", "3"), ("soko", "9")])
def test_which_wild_card_a_hand_holds_never_matters(ranking: str, wild: str) -> None:
    """The assumption behind weighting wild cards: any wild card may stand in for another."""
    wilds = sorted(wild_cards(wild))
    rng = random.Random(ranking)
    for _ in range(200):
        held = rng.randrange(1, 4)
        naturals = rng.sample([c for c in STANDARD if c not in wilds], rng.choice((5, 6)) - held)
        first, second = rng.sample(wilds, held), rng.sample(wilds, held)
        assert (homegame.evaluate(naturals + first, ranking, wild).category
                == homegame.evaluate(naturals + second, ranking, wild).category)
