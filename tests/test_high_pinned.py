"""Pins what one high hand's evaluation returns, so that the single path can be made faster safely.

Every class of hand the single path can meet is checked: every rank multiset of five to seven
cards without a flush (73,775), every flush suit of five to seven ranks beside other cards (4,719),
and a large seeded sample of random hands against the numpy batch path (a separate implementation,
a dense array per hand size) and a smaller one against the reference oracle, strength, name and
cards. The tables the single path reads are held to the numpy builders, which
``tests/test_high_tables.py`` holds to the reference on every rank multiset and every flush. Runs
against the plain and the compiled build alike (``make test`` and ``make test-compiled``).
"""

import random

import numpy as np
import pytest

import homegame
from homegame.cards import DECKS
from homegame.ranking import _high_tables as tables
from homegame.ranking import reference
from homegame.ranking.batch import high_strengths
from homegame.ranking.core import encode
from homegame.ranking.high import HIGH_CATEGORIES, fast_strength, high_name

STANDARD = DECKS["standard"]


def _spread_suits(counts: np.ndarray) -> list:
    """Cards with these rank counts, suits dealt in turn so that no suit holds five of them."""
    cards, suit = [], 0
    for index, count in enumerate(counts.tolist()):
        for _ in range(count):
            cards.append(STANDARD[4 * index + suit % 4])
            suit += 1
    return cards


@pytest.mark.parametrize("size", [5, 6, 7])
def test_every_rank_multiset_without_a_flush(size: int) -> None:
    counts = tables.rank_multisets(size)
    counts = counts[counts.sum(axis=1) == size]
    expected = tables.nonflush_strengths(counts).tolist()
    hands = [_spread_suits(row) for row in counts]
    assert len(hands) == {5: 6_175, 6: 18_395, 7: 49_205}[size]
    assert [homegame.strength(hand) for hand in hands] == expected
    assert [fast_strength(tuple(reversed(hand))) for hand in hands] == expected


def test_every_flush_of_five_to_seven_cards() -> None:
    """Each rank mask of one suit with five to seven ranks, the hand filled to seven cards with
    other suits' cards of any rank (a flush beats all they could add in seven cards)."""
    flushes = tables.flush_strengths()
    dealer = random.Random(38)
    checked = 0
    for mask in range(1 << 13):
        ranks = [index for index in range(13) if mask >> index & 1]
        if not 5 <= len(ranks) <= 7:
            continue
        suit = mask % 4
        suited = [STANDARD[4 * index + suit] for index in ranks]
        others = [card for card in STANDARD if card & 3 != suit]
        hand = suited + dealer.sample(others, 7 - len(suited))
        dealer.shuffle(hand)
        assert homegame.strength(hand) == int(flushes[mask]), hand
        checked += 1
    assert checked == 4_719


@pytest.mark.parametrize("size", [5, 6, 7])
def test_a_large_seeded_sample_equals_the_batch_path(size: int) -> None:
    dealer = random.Random(20261129 + size)
    hands = [dealer.sample(STANDARD, size) for _ in range(40_000)]
    expected = high_strengths(np.array([[int(card) for card in hand] for hand in hands])).tolist()
    assert [homegame.strength(hand) for hand in hands] == expected


def test_a_seeded_sample_equals_the_reference_strength_name_and_cards() -> None:
    dealer = random.Random(2026)
    for _ in range(150):
        hand = dealer.sample(STANDARD, dealer.choice([5, 6, 7]))
        (category, ranks), five = reference.best_five(hand)
        evaluated = homegame.evaluate(hand)
        assert homegame.strength(hand) == evaluated.strength == encode(category, ranks)
        assert evaluated.name == high_name(HIGH_CATEGORIES[category], (*ranks, 0, 0, 0, 0))
        assert set(evaluated.cards) <= set(hand)
        assert reference.five_card_key(evaluated.cards) == reference.five_card_key(five)


@pytest.mark.parametrize("text", [
    "Ah Kd Qc Js",                    # fewer than five cards
    "Ah Kd Qc Js 9h 8d 7c 2s",        # more than seven
    "Ah Kd Qc Js 9h 8d Jk",           # a joker
    "Ah Ah Ah Ah Ah 2c 3d",           # the same card over and over: five aces
    "Ah Ah Ah Ah Ah Ah Ah",
])
def test_the_fast_path_turns_away_what_its_table_does_not_cover(text: str) -> None:
    cards = homegame.parse_cards(text)
    with pytest.raises(LookupError):
        fast_strength(cards)
