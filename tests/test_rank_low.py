"""Lowball rankings: exhaustive over rank patterns, frequencies, wild cards and the qualifier."""

from collections import Counter
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from math import comb, prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import homegame
from homegame.cards import JOKER, Card, deck, parse_cards
from homegame.ranking import Ranking, reference
from homegame.ranking.low import ACE_TO_FIVE, ACE_TO_SIX, DEUCE_TO_SEVEN, LowRanking, low_ranking, qualifies

STANDARD = deck()
RANKS = range(2, 15)
RANK_MULTISETS = [ranks for ranks in combinations_with_replacement(RANKS, 5)
                  if max(Counter(ranks).values()) <= 4]


def cards_of(ranks: Sequence[int], *, suited: bool) -> list[Card]:
    """Cards with these ranks: all clubs if ``suited`` (distinct ranks only), else not all one suit."""
    if len(set(ranks)) == 5:
        suits = [0] * 5 if suited else [1, 0, 0, 0, 0]
    else:
        suits = [ranks[:index].count(rank) for index, rank in enumerate(ranks)]
    return [Card((rank - 2) * 4 + suit) for rank, suit in zip(ranks, suits, strict=True)]


def test_rank_multisets_are_all_the_shapes() -> None:
    assert len(RANK_MULTISETS) == 6175


def test_ace_to_five_ignores_straights_and_flushes_and_orders_like_reversed_ace_low_poker() -> None:
    def ace_low_key(ranks: Sequence[int]) -> tuple[int, tuple[int, ...]]:
        low = [1 if r == 14 else r for r in ranks]
        counts = Counter(low)
        shape = tuple(sorted(counts.values(), reverse=True))
        return shape, tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))

    seen = []
    for ranks in RANK_MULTISETS:
        strengths = {ACE_TO_FIVE.strength(cards_of(ranks, suited=False))}
        if len(set(ranks)) == 5:
            strengths.add(ACE_TO_FIVE.strength(cards_of(ranks, suited=True)))
        assert len(strengths) == 1, ranks
        seen.append((strengths.pop(), ace_low_key(ranks)))
    by_strength = [key for _, key in sorted(seen, reverse=True)]
    assert by_strength == sorted(by_strength)
    assert len({s for s, _ in seen}) == len(seen)


def test_deuce_to_seven_is_reversed_standard_poker_with_aces_always_high() -> None:
    seen = []
    for ranks in RANK_MULTISETS:
        for suited in ([False, True] if len(set(ranks)) == 5 else [False]):
            cards = cards_of(ranks, suited=suited)
            category, key = reference.five_card_key(cards)
            if sorted(ranks) == [2, 3, 4, 5, 14]:
                category = reference.FLUSH if suited else reference.HIGH_CARD
                key = (14, 5, 4, 3, 2)
            seen.append((DEUCE_TO_SEVEN.strength(cards), (category, key)))
    by_strength = [key for _, key in sorted(seen, reverse=True)]
    assert by_strength == sorted(by_strength)
    best = max(seen)[0]
    assert best == DEUCE_TO_SEVEN.strength(parse_cards("7c 5d 4h 3s 2c"))
    assert DEUCE_TO_SEVEN.evaluate(parse_cards("7c 5d 4h 3s 2c")).name == "a seven-five low"
    assert DEUCE_TO_SEVEN.strength(parse_cards("7c 5c 4c 3c 2c")) < best


def test_best_hands_of_each_way() -> None:
    def best_of(ranking: Ranking) -> str:
        best = max((ranking.strength(cards), cards) for ranks in combinations(RANKS, 5)
                    for cards in (cards_of(ranks, suited=False), cards_of(ranks, suited=True)))
        return ranking.evaluate(best[1]).name

    assert best_of(ACE_TO_FIVE) == "a wheel"
    assert best_of(DEUCE_TO_SEVEN) == "a seven-five low"
    assert best_of(ACE_TO_SIX) == "a six-four low"
    assert ACE_TO_SIX.evaluate(parse_cards("6c 4d 3h 2s Ac")).strength > \
        ACE_TO_SIX.evaluate(parse_cards("6c 5d 4h 3s Ac")).strength


def test_ace_to_six_counts_the_wheel_as_a_straight_and_ace_king_as_king_high() -> None:
    assert ACE_TO_SIX.evaluate(parse_cards("Ac 2d 3h 4s 5c")).name == "straight, five high"
    assert ACE_TO_SIX.evaluate(parse_cards("Ac Kd Qh Js Tc")).name == "a king-queen low"
    assert ACE_TO_SIX.evaluate(parse_cards("Ac 7c 5c 3c 2c")).name == "flush, seven high"


def test_five_card_category_frequencies_weighted_over_rank_multisets() -> None:
    """Ace-to-five ignores suits, so weighting each rank pattern by its suit choices counts all hands."""
    counts: Counter[str] = Counter()
    for ranks in RANK_MULTISETS:
        weight = prod(comb(4, n) for n in Counter(ranks).values())
        counts[ACE_TO_FIVE.evaluate(cards_of(ranks, suited=False)).category.name] += weight
    assert counts == {
        "no pair": comb(13, 5) * 4 ** 5, "pair": 1_098_240, "two pair": 123_552,
        "three of a kind": 54_912, "full house": 3_744, "four of a kind": 624,
    }
    assert sum(counts.values()) == comb(52, 5)


def test_eight_or_better_frequency() -> None:
    qualifying = sum(prod(comb(4, n) for n in Counter(ranks).values()) for ranks in RANK_MULTISETS
                     if qualifies(ACE_TO_FIVE.evaluate(cards_of(ranks, suited=False)), 8))
    assert qualifying == comb(8, 5) * 4 ** 5 == 57_344


def test_pairs_count_against_and_are_named() -> None:
    paired = ACE_TO_FIVE.evaluate(parse_cards("Ac Ad 2h 3s 4c"))
    assert paired.name == "a pair of aces"
    assert paired.strength < ACE_TO_FIVE.strength(parse_cards("Kc Qd Jh 9s 8c"))
    assert paired.strength > ACE_TO_FIVE.strength(parse_cards("2c 2d 3h 3s 4c"))


def test_wild_card_is_the_lowest_card_that_does_not_pair() -> None:
    wild = {JOKER}
    assert ACE_TO_FIVE.evaluate(parse_cards("7c 5d 4h Jk 2c"), wild).strength == \
        ACE_TO_FIVE.strength(parse_cards("7c 5d 4h Ac 2c"))
    assert DEUCE_TO_SEVEN.evaluate(parse_cards("7c 5d 4h Jk 2c"), wild).strength == \
        DEUCE_TO_SEVEN.strength(parse_cards("7c 5d 4h 3c 2s"))
    # Where straights count, the wild card also avoids completing one: 6-5-4-3 and a wild is 8-6-5-4-3.
    assert DEUCE_TO_SEVEN.evaluate(parse_cards("6c 5d 4h 3s Jk"), wild).name == "an eight-six low"
    assert ACE_TO_SIX.evaluate(parse_cards("2c 3d 4h 5s Jk"), wild).name == "a seven-five low"
    # ...and never a flush: it takes another suit.
    assert DEUCE_TO_SEVEN.evaluate(parse_cards("7c 5c 4c 2c Jk"), wild).name == "a seven-five low"
    assert homegame.evaluate("Jk 7c 5d 4h 2c", "ace-to-five").name == "a seven-five low"
    assert homegame.evaluate("3c 3d 3h 3s Jk", "ace-to-five").name == "four of a kind, threes"


def test_qualifier() -> None:
    eight = low_ranking("ace-to-five", qualifier=8)
    assert eight.name == "ace-to-five/8"
    miss = eight.evaluate(parse_cards("9c 5d 4h 3s 2c"))
    assert (miss.strength, miss.name) == (0, "no eight-or-better low")
    made = eight.evaluate(parse_cards("8c 5d 4h 3s 2c Kd 9s"))
    assert made.strength == ACE_TO_FIVE.strength(parse_cards("8c 5d 4h 3s 2c")) > 0
    assert eight.strength(parse_cards("Ac Ad 2h 3s 4c")) == 0
    assert not qualifies(ACE_TO_SIX.evaluate(parse_cards("Ac 2d 3h 4s 5c")), 8)
    assert qualifies(DEUCE_TO_SEVEN.evaluate(parse_cards("8c 6d 4h 3s 2c")), 8)
    with pytest.raises(ValueError, match="qualifier"):
        low_ranking("ace-to-five", qualifier=3)
    with pytest.raises(ValueError, match="unknown low ranking"):
        low_ranking("ace-to-nine")


def test_too_few_cards_is_an_error() -> None:
    with pytest.raises(ValueError, match="five cards"):
        ACE_TO_FIVE.evaluate(parse_cards("Ac 2d 3h 4s"))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([*STANDARD, JOKER]), min_size=5, max_size=7, unique=True),
       st.sampled_from([ACE_TO_FIVE, DEUCE_TO_SEVEN, ACE_TO_SIX]))
def test_best_low_of_more_cards_is_the_best_of_its_fives(cards: list[Card], ranking: Ranking) -> None:
    hand = ranking.evaluate(cards, {JOKER})
    assert hand.strength == max(ranking.strength(five, {JOKER}) for five in combinations(cards, 5))
    assert len(hand.cards) == 5 and set(hand.cards) <= set(cards)
    assert ranking.strength(hand.cards, {JOKER}) == hand.strength


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(STANDARD), min_size=5, max_size=5, unique=True), st.data(),
       st.sampled_from([ACE_TO_FIVE, DEUCE_TO_SEVEN, ACE_TO_SIX]))
def test_wild_low_equals_the_best_substitution(cards: list[Card], data: st.DataObject,
                                               ranking: Ranking) -> None:
    wild = data.draw(st.sets(st.sampled_from(cards), min_size=1, max_size=1))
    naturals = [c for c in cards if c not in wild]
    best = max(ranking.strength([*naturals, fill]) for fill in STANDARD if fill not in naturals)
    assert ranking.strength(cards, wild) == best


def weighted_counts(ranking: LowRanking) -> tuple[Counter[str], int]:
    """Category counts over all 2,598,960 hands, each rank pattern weighted by its suitings.

    Five different ranks take 4**5 suitings, 4 of them one suit; a paired pattern cannot be a flush.
    """
    counts: Counter[str] = Counter()
    strengths = set()
    for ranks in RANK_MULTISETS:
        suitings = [(cards_of(ranks, suited=False), prod(comb(4, n) for n in Counter(ranks).values()))]
        if len(set(ranks)) == 5:
            suitings = [(cards_of(ranks, suited=False), 4 ** 5 - 4), (cards_of(ranks, suited=True), 4)]
        for cards, weight in suitings:
            hand = ranking.evaluate(cards)
            counts[hand.category.name] += weight
            strengths.add(hand.strength)
    return counts, len(strengths)


@pytest.mark.parametrize("ranking", [DEUCE_TO_SEVEN, ACE_TO_SIX])
def test_frequencies_where_straights_and_flushes_count(ranking: LowRanking) -> None:
    """Each way has nine straights (2-7: no wheel; A-6: no ace-high), so 9 x 1,020 of them."""
    counts, distinct = weighted_counts(ranking)
    assert counts == {
        "straight flush": 9 * 4, "four of a kind": 624, "full house": 3_744, "flush": 1_278 * 4,
        "straight": 9 * 1_020, "three of a kind": 54_912, "two pair": 123_552, "pair": 1_098_240,
        "no pair": 1_278 * 1_020,
    }
    assert sum(counts.values()) == comb(52, 5)
    assert distinct == 7_462
