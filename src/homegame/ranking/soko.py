"""Soko (Canadian Stud): standard poker plus the four-flush and the four-straight.

A four-flush is exactly four cards of one suit, a four-straight exactly four ranks in sequence
(A-2-3-4 and J-Q-K-A count; no wrap-around such as Q-K-A-2), in a hand that makes nothing higher.
Both sit above one pair and below two pair, the four-flush above the four-straight. A four-flush
compares its four suited cards high to low, then the odd card; a four-straight compares its top card
(4 for A-2-3-4), then the odd card. Everything else is standard poker.

>>> from homegame.cards import parse_cards
>>> SOKO.evaluate(parse_cards("Kh 9h 6h 2h Kc")).name
'four-flush, king high'
>>> SOKO.evaluate(parse_cards("Ac 2d 3h 4s 9c")).name
'four-straight, four high'
>>> SOKO.strength(parse_cards("Kh 9h 6h 2h Kc")) > SOKO.strength(parse_cards("Ac 2d 3h 4s 4c"))
True
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import combinations
from typing import Final

from homegame.cards import ACE, Card, deck, rank_name
from homegame.errors import CardError
from homegame.ranking import reference
from homegame.ranking.core import CATEGORY_SHIFT, Hand, Ranking, categories, decode, encode
from homegame.ranking.high import HIGH, HIGH_CATEGORIES, high_name
from homegame.ranking.wild import five_with_wild, significance_order, split_wild

__all__ = ["SOKO", "SOKO_CATEGORIES", "SokoRanking", "soko_five"]

SOKO_CATEGORIES: Final = categories([
    "high card", "pair", "four-straight", "four-flush", "two pair", "three of a kind", "straight",
    "flush", "full house", "four of a kind", "straight flush", "five of a kind",
])
FOUR_STRAIGHT: Final = 2
FOUR_FLUSH: Final = 3
_ABOVE_PAIR: Final = 2
"""Standard categories from two pair up move up two places to make room for the two new ones."""

_FOUR_WINDOWS: Final = tuple(
    (top, sum(1 << rank for rank in (range(top - 3, top + 1) if top > 4 else (ACE, 2, 3, 4))))
    for top in range(ACE, 3, -1)
)
_STANDARD: Final = tuple(deck())


def soko_five(cards: Sequence[Card]) -> int:
    """The Soko strength of exactly five natural cards, all different.

    >>> from homegame.cards import parse_cards
    >>> decode(soko_five(parse_cards("Jc Qd Kh As 2c")))
    (2, (14, 2, 0, 0, 0))
    """
    return _from_standard(cards, HIGH.strength(cards))


def _from_standard(cards: Sequence[Card], standard: int) -> int:
    """The Soko strength of five cards from their standard strength (categories from two pair move up)."""
    if standard >> CATEGORY_SHIFT >= reference.TWO_PAIR:
        return standard + (_ABOVE_PAIR << CATEGORY_SHIFT)
    suits = [int(c) & 3 for c in cards]
    for suit in set(suits):
        if suits.count(suit) == 4:
            four = sorted(((c >> 2) + 2 for c in cards if int(c) & 3 == suit), reverse=True)
            odd = next((c >> 2) + 2 for c in cards if int(c) & 3 != suit)
            return encode(FOUR_FLUSH, (*four, odd))
    mask = 0
    for c in cards:
        mask |= 1 << ((c >> 2) + 2)
    for top, window in _FOUR_WINDOWS:
        if mask & window == window:
            return encode(FOUR_STRAIGHT, (top, _odd_card(cards, window)))
    return standard


def _odd_card(cards: Sequence[Card], window: int) -> int:
    """The rank of the card left over once one card of each rank in ``window`` is taken."""
    remaining = window
    for c in cards:
        bit = 1 << ((c >> 2) + 2)
        if remaining & bit:
            remaining &= ~bit
        else:
            return (c >> 2) + 2
    raise AssertionError("five cards over a four-rank window leave one card")


def _five_with_wild(naturals: Sequence[Card], wilds: int) -> int:
    """Best Soko strength with wild cards: the standard best unless it is only a pair."""
    if not wilds:
        return soko_five(naturals)
    standard = five_with_wild(naturals, wilds)
    if standard >> CATEGORY_SHIFT >= reference.TWO_PAIR:
        return standard + (_ABOVE_PAIR << CATEGORY_SHIFT)
    # One wild card and four unrelated natural cards: it may instead fill a four-flush or four-straight.
    return max(_from_standard(five, encode(*reference.five_card_key(five)))
               for five in ([*naturals, *fill] for fill in combinations(_STANDARD, wilds)))


def soko_name(strength: int) -> str:
    """The human name of a Soko hand from its strength."""
    category, ranks = decode(strength)
    if category == FOUR_FLUSH:
        return f"four-flush, {rank_name(ranks[0])} high"
    if category == FOUR_STRAIGHT:
        return f"four-straight, {rank_name(ranks[0])} high"
    standard = category - _ABOVE_PAIR if category > FOUR_FLUSH else category
    return high_name(HIGH_CATEGORIES[standard], ranks)


class SokoRanking(Ranking):
    """Soko hands: the best five of five or more cards, wild cards allowed."""

    name = "soko"
    categories = SOKO_CATEGORIES

    def strength(self, cards: Sequence[Card], wild: Collection[Card] = ()) -> int:
        return self._best(cards, wild)[0]

    def evaluate(self, cards: Sequence[Card], wild: Collection[Card] = ()) -> Hand:
        value, five = self._best(cards, wild)
        return Hand(value, SOKO_CATEGORIES[value >> 20], five, soko_name(value), self.name)

    def _best(self, cards: Sequence[Card], wild: Collection[Card]) -> tuple[int, tuple[Card, ...]]:
        if len(cards) < 5:
            raise CardError(f"a Soko hand needs five cards, got {len(cards)}")
        naturals, wilds = split_wild(cards, wild)
        used = min(len(wilds), 5)
        best = -1
        chosen: tuple[Card, ...] = ()
        for subset in combinations(naturals, 5 - used):
            value = _five_with_wild(subset, used)
            if value > best:
                best, chosen = value, subset
        return best, (*significance_order(chosen), *wilds[:used])


SOKO: Final = SokoRanking()
