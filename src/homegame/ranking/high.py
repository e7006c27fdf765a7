"""Standard high poker: the best five cards of five, six, seven or more.

>>> from homegame.cards import parse_cards
>>> HIGH.evaluate(parse_cards("Kh Kd Ks 9c 9d 2s 3c")).name
'full house, kings over nines'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from homegame.cards import ACE, Card, rank_name
from homegame.ranking import reference
from homegame.ranking.core import Category, Hand, Ranking, categories, decode, encode

HIGH_CATEGORIES = categories([
    "high card", "pair", "two pair", "three of a kind", "straight", "flush", "full house",
    "four of a kind", "straight flush", "five of a kind",
])


def high_name(category: Category, ranks: Sequence[int]) -> str:
    """The human name of a high hand from its category and tie-break ranks."""
    first = ranks[0]
    match category.value:
        case reference.HIGH_CARD:
            return f"{rank_name(first)} high"
        case reference.PAIR:
            return f"a pair of {rank_name(first, plural=True)}"
        case reference.TWO_PAIR:
            return f"two pair, {rank_name(first, plural=True)} and {rank_name(ranks[1], plural=True)}"
        case reference.THREE_OF_A_KIND:
            return f"three of a kind, {rank_name(first, plural=True)}"
        case reference.STRAIGHT:
            return f"straight, {rank_name(first)} high"
        case reference.FLUSH:
            return f"flush, {rank_name(first)} high"
        case reference.FULL_HOUSE:
            return f"full house, {rank_name(first, plural=True)} over {rank_name(ranks[1], plural=True)}"
        case reference.FOUR_OF_A_KIND:
            return f"four of a kind, {rank_name(first, plural=True)}"
        case reference.STRAIGHT_FLUSH:
            return "royal flush" if first == ACE else f"straight flush, {rank_name(first)} high"
        case _:
            return f"five of a kind, {rank_name(first, plural=True)}"


class HighRanking(Ranking):
    """Standard poker ranking, aces high (and low in the wheel A-2-3-4-5)."""

    name = "high"
    categories = HIGH_CATEGORIES

    def evaluate(self, cards: Sequence[Card], wild: Collection[Card] = ()) -> Hand:
        if len(cards) < 5:
            raise ValueError(f"a high hand needs at least five cards, got {len(cards)}")
        (category, ranks), five = reference.best_five(cards)
        strength = encode(category, ranks)
        chosen = HIGH_CATEGORIES[category]
        return Hand(strength, chosen, five, high_name(chosen, decode(strength)[1]), self.name)


HIGH = HighRanking()
