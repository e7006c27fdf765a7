"""Three-card front hands of Chinese Poker and Open-Face Chinese Poker.

A front hand is three of a kind, a pair or high card: straights and flushes do not count in three
cards. Its strength lives in the same space as five-card :data:`~homegame.ranking.high.HIGH`
strengths (``encode(category, ranks)`` in the numbering of :mod:`homegame.ranking.reference`), the
ranks a front hand lacks counting lowest. So checking a set hand for a foul is a plain comparison:
the front must not be stronger than the middle. A pair of queens in front with a pair of queens and
kickers in the middle is not a foul; the same pair with a lower pair in the middle is.

>>> from homegame.cards import parse_cards
>>> from homegame.ranking.high import HIGH
>>> FRONT.evaluate(parse_cards("Qh Qd 4c")).name
'a pair of queens'
>>> FRONT.evaluate(parse_cards("2c 3c 4c")).name
'four high'
>>> FRONT.strength(parse_cards("Qh Qd 4c")) < HIGH.strength(parse_cards("Qs Qc 5d 3h 2s"))
True
>>> FRONT.strength(parse_cards("Qh Qd 4c")) > HIGH.strength(parse_cards("Js Jc Ad Kh 9s"))
True
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import combinations
from typing import Final

from homegame.cards import ACE, Card
from homegame.errors import CardError
from homegame.ranking import reference
from homegame.ranking.core import Hand, Ranking, decode, encode
from homegame.ranking.high import HIGH_CATEGORIES, high_name
from homegame.ranking.wild import check_distinct

__all__ = ["FRONT", "FrontRanking"]


def _three_value(naturals: Sequence[Card], wilds: int) -> int:
    """Strength of three cards, ``wilds`` of them wild (each the best rank for the hand)."""
    ranks = sorted(((c >> 2) + 2 for c in naturals), reverse=True)
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) <= 1:
        return encode(reference.THREE_OF_A_KIND, (distinct[0] if distinct else ACE,))
    if len(distinct) == 2 and not wilds:
        pair = ranks[1]
        return encode(reference.PAIR, (pair, next(r for r in distinct if r != pair)))
    if wilds:
        return encode(reference.PAIR, tuple(distinct))
    return encode(reference.HIGH_CARD, tuple(ranks))


class FrontRanking(Ranking):
    """Three-card hands for the front row; best three of more cards if given more."""

    name = "front"
    categories = tuple(HIGH_CATEGORIES[value] for value in
                       (reference.HIGH_CARD, reference.PAIR, reference.THREE_OF_A_KIND))

    def strength(self, cards: Sequence[Card], wild: Collection[Card] = ()) -> int:
        return self._best(cards, wild)[0]

    def evaluate(self, cards: Sequence[Card], wild: Collection[Card] = ()) -> Hand:
        value, three = self._best(cards, wild)
        category, ranks = decode(value)
        chosen = HIGH_CATEGORIES[category]
        return Hand(value, chosen, three, high_name(chosen, ranks), self.name)

    def _best(self, cards: Sequence[Card], wild: Collection[Card]) -> tuple[int, tuple[Card, ...]]:
        if len(cards) < 3:
            raise CardError(f"a front hand needs three cards, got {len(cards)}")
        naturals = [c for c in cards if c not in wild]
        check_distinct(naturals)
        wilds = [c for c in cards if c in wild][:3]
        best = -1
        chosen: tuple[Card, ...] = ()
        for subset in combinations(naturals, 3 - len(wilds)):
            value = _three_value(subset, len(wilds))
            if value > best:
                best, chosen = value, subset
        ordered = sorted(chosen, key=lambda c: (sum(o >> 2 == c >> 2 for o in chosen), c >> 2), reverse=True)
        return best, (*ordered, *wilds)


FRONT: Final = FrontRanking()
