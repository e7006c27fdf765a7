"""Exact odds tables: known published counts, and independent derivations by plain counting."""

from __future__ import annotations

from itertools import combinations
from math import comb

import pytest

from homegame.analysis.odds import CategoryTable, category_table
from homegame.analysis.symmetry import STANDARD_AVAILABILITY, availability, hand_classes
from homegame.cards import DECKS
from homegame.ranking import reference

FIVE_CARD_HIGH = {
    "straight flush": 40, "four of a kind": 624, "full house": 3_744, "flush": 5_108,
    "straight": 10_200, "three of a kind": 54_912, "two pair": 123_552, "pair": 1_098_240,
    "high card": 1_302_540,
}
SIX_CARD_HIGH = {
    "straight flush": 1_844, "four of a kind": 14_664, "full house": 165_984, "flush": 205_792,
    "straight": 361_620, "three of a kind": 732_160, "two pair": 2_532_816, "pair": 9_730_740,
    "high card": 6_612_900,
}
SEVEN_CARD_HIGH = {
    "straight flush": 41_584, "four of a kind": 224_848, "full house": 3_473_184, "flush": 4_047_644,
    "straight": 6_180_020, "three of a kind": 6_461_620, "two pair": 31_433_400,
    "pair": 58_627_800, "high card": 23_294_460,
}

# Hands of five distinct ranks, and how a rank set splits by suits: all five suited in 4 ways.
DISTINCT_RANK_HANDS = comb(13, 5) * 4**5
PAIR = 13 * comb(4, 2) * comb(12, 3) * 4**3
TWO_PAIR = comb(13, 2) * comb(4, 2) ** 2 * 11 * 4
TRIPS = 13 * comb(4, 3) * comb(12, 2) * 4**2
FULL_HOUSE = 13 * comb(4, 3) * 12 * comb(4, 2)
QUADS = 13 * 48


def nonzero(table: CategoryTable) -> dict[str, int]:
    return {name: count for name, count in table.counts.items() if count}


def test_five_card_high_by_symmetry_matches_the_known_counts() -> None:
    table = category_table("high", 5, method="symmetry")
    assert nonzero(table) == FIVE_CARD_HIGH
    assert table.total == comb(52, 5)
    assert list(table.counts)[:2] == ["five of a kind", "straight flush"]  # best first


@pytest.mark.slow
def test_six_card_high_by_symmetry_matches_the_known_counts() -> None:
    assert nonzero(category_table("high", 6, method="symmetry")) == SIX_CARD_HIGH


def test_six_card_high_by_batch_matches_the_known_counts() -> None:
    assert nonzero(category_table("high", 6)) == SIX_CARD_HIGH


def test_five_card_high_by_batch_matches_the_known_counts() -> None:
    assert nonzero(category_table("high", 5, method="batch")) == FIVE_CARD_HIGH


@pytest.mark.slow
def test_seven_card_high_by_batch_matches_the_known_counts() -> None:
    table = category_table("high", 7)
    assert nonzero(table) == SEVEN_CARD_HIGH
    assert table.total == comb(52, 7)


def test_ace_to_five_ignores_straights_and_flushes() -> None:
    table = category_table("ace-to-five", 5)
    assert nonzero(table) == {
        "no pair": DISTINCT_RANK_HANDS, "pair": PAIR, "two pair": TWO_PAIR, "three of a kind": TRIPS,
        "full house": FULL_HOUSE, "four of a kind": QUADS,
    }
    assert table.total == 2_598_960


@pytest.mark.parametrize("ranking", ["deuce-to-seven", "ace-to-six"])
def test_lows_that_count_straights_and_flushes(ranking: str) -> None:
    # Nine straights either way: deuce-to-seven has aces high only, 2-3-4-5-6 to 10-J-Q-K-A;
    # ace-to-six aces low only, A-2-3-4-5 to 9-10-J-Q-K. A straight flush is one of 4 suits.
    straights = 9
    straight_flushes = straights * 4
    flushes = 4 * comb(13, 5) - straight_flushes
    plain_straights = straights * 4**5 - straight_flushes
    table = category_table(ranking, 5)
    assert nonzero(table) == {
        "no pair": DISTINCT_RANK_HANDS - plain_straights - flushes - straight_flushes,
        "straight": plain_straights, "flush": flushes, "straight flush": straight_flushes,
        "pair": PAIR, "two pair": TWO_PAIR, "three of a kind": TRIPS, "full house": FULL_HOUSE,
        "four of a kind": QUADS,
    }
    assert table.total == 2_598_960


def test_unknown_ranking_and_impossible_deals_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown ranking 'omaha'"):
        category_table("omaha", 5)
    with pytest.raises(ValueError, match="hands of 1 to 7 cards, not 8"):
        category_table("high", 8)
    with pytest.raises(ValueError, match="0, 1 or 2 jokers"):
        category_table("high", 5, jokers=3)
    with pytest.raises(ValueError, match="batch path"):
        category_table("ace-to-five", 5, method="batch")


def test_ace_to_five_with_wild_threes_counts_pairs_among_the_natural_cards_only() -> None:
    # A wild card becomes the lowest rank that does not pair the hand, and one always exists, so
    # a hand is "no pair" exactly when its natural cards (12 ranks, 48 cards) have distinct ranks.
    table = category_table("ace-to-five", 5, wild="3")
    assert table.total == comb(52, 5)
    assert table.wild == "3c 3d 3h 3s"
    no_pair = sum(comb(4, wild) * comb(12, 5 - wild) * 4 ** (5 - wild) for wild in range(5))
    assert table.counts["no pair"] == no_pair
    assert table.counts["four of a kind"] == 12 * 48  # four natural cards of a rank, fifth any


def test_table_json_and_odds() -> None:
    table = category_table("ace-to-five", 5)
    data = table.to_json()
    assert data["total"] == 2_598_960
    categories = data["categories"]
    assert isinstance(categories, list)
    assert categories[0] == {"name": "no pair", "count": DISTINCT_RANK_HANDS,
                             "probability": DISTINCT_RANK_HANDS / 2_598_960}
    assert table.odds("four of a kind") == pytest.approx(2_598_960 / 624)
    assert abs(sum(table.probabilities.values()) - 1) < 1e-12


def _class_counts(available: tuple[int, ...], n_cards: int, threshold: int | None) -> dict[object, int]:
    """Sum the class weights by high category (which depends on suits only through flushes)."""
    deck = DECKS["standard"]
    counts: dict[object, int] = {}
    for codes, weight, _ in hand_classes(available, n_cards, threshold=threshold):
        key = reference.best_five([deck[code] for code in codes])[0][0]
        counts[key] = counts.get(key, 0) + weight
    return counts


def _direct_counts(available: tuple[int, ...], n_cards: int) -> dict[object, int]:
    deck = [card for card in DECKS["standard"] if available[card // 4] >> (card % 4) & 1]
    counts: dict[object, int] = {}
    for hand in combinations(deck, n_cards):
        key = reference.best_five(hand)[0][0]
        counts[key] = counts.get(key, 0) + 1
    return counts


@pytest.mark.parametrize("threshold", [None, 0, 5])
def test_hand_classes_weights_agree_with_dealing_every_hand_of_a_small_deck(threshold: int | None) -> None:
    # Six ranks only (2-6 and the ace, so wheels happen), one card removed to break suit symmetry.
    ranks = (0b1111,) * 5 + (0,) * 7 + (0b1111,)
    small = tuple(mask & availability([2])[index] for index, mask in enumerate(ranks))
    expected = _direct_counts(small, 5)
    found = _class_counts(small, 5, threshold if threshold is not None else 5)
    assert found == expected
    assert sum(weight for _, weight, _ in hand_classes(small, 5, threshold=threshold)) == comb(23, 5)


def test_suit_isomorphism_classes_of_five_cards_number_134459() -> None:
    assert sum(1 for _ in hand_classes(STANDARD_AVAILABILITY, 5, threshold=0)) == 134_459
