"""Lowball: ace-to-five, deuce-to-seven and ace-to-six, the best low of five from five or more cards.

A low ranking turns standard poker upside down: the worse the poker hand, the better the low. The
three ways differ in two switches:

============== ============ ===============================
ranking        aces         straights and flushes
============== ============ ===============================
ace-to-five    low          ignored (A-2-3-4-5, the wheel, is the best hand)
deuce-to-seven high         count against (7-5-4-3-2 is best; A-2-3-4-5 is ace high)
ace-to-six     low          count against (6-4-3-2-A is best; A-2-3-4-5 is a straight)
============== ============ ===============================

As everywhere in homegame, greater strength is better, so a better low has a *greater* strength.
A wild card becomes the card that makes the best low: in ace-to-five the lowest rank that does not
pair the hand, and where straights count, the lowest that also does not complete a straight (it never
completes a flush: a wild card may take any suit).

A qualifier ("eight or better": every card of the low 8 or lower, no pair, and no straight or flush
where they count) is either checked with :func:`qualifies` or built into a ranking by
:func:`low_ranking`, whose hands that fail it all share the lowest strength, 0.

>>> from homegame.cards import parse_cards
>>> ACE_TO_FIVE.evaluate(parse_cards("7c 5d 4h 3s 2c Kd Kh")).name
'a seven-five low'
>>> ACE_TO_FIVE.evaluate(parse_cards("Ac 2d 3h 4s 5c")).name
'a wheel'
>>> DEUCE_TO_SEVEN.evaluate(parse_cards("Ac 2d 3h 4s 5c")).name
'an ace-five low'
>>> ACE_TO_SIX.evaluate(parse_cards("Ac 2d 3h 4s 5c")).name
'straight, five high'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import combinations
from typing import Final

from homegame.cards import ACE, Card, rank_name
from homegame.errors import CardError, GameError
from homegame.ranking import reference
from homegame.ranking.core import Category, Hand, Ranking, decode, encode
from homegame.ranking.high import high_name
from homegame.ranking.wild import check_distinct

__all__ = ["ACE_TO_FIVE", "ACE_TO_SIX", "DEUCE_TO_SEVEN", "LowRanking", "low_ranking", "qualifies"]

_NO_PAIR_VALUE: Final = 8 - reference.HIGH_CARD
_CATEGORY_NAMES: Final = (
    "no pair", "pair", "two pair", "three of a kind", "straight", "flush", "full house",
    "four of a kind", "straight flush",
)
"""Category names in the numbering of :mod:`reference`; a low's category value is 8 minus it."""


class LowRanking(Ranking):
    """One way of ranking lows; see the module text. Build variants with :func:`low_ranking`."""

    def __init__(self, *, name: str, aces_low: bool, straights_and_flushes: bool,
                 qualifier: int | None = None) -> None:
        self.name = name
        self.aces_low = aces_low
        self.straights_and_flushes = straights_and_flushes
        self.qualifier = qualifier
        reachable = [reference.HIGH_CARD, reference.PAIR, reference.TWO_PAIR, reference.THREE_OF_A_KIND,
                     reference.FULL_HOUSE, reference.FOUR_OF_A_KIND]
        if straights_and_flushes:
            reachable += [reference.STRAIGHT, reference.FLUSH, reference.STRAIGHT_FLUSH]
        found = [Category(8 - ref, _CATEGORY_NAMES[ref]) for ref in reachable]
        if qualifier is not None:
            found.append(Category(-1, f"no {rank_name(qualifier)}-or-better low"))
        self.categories = tuple(sorted(found, key=lambda category: category.value))
        self._by_value = {category.value: category for category in self.categories}

    def strength(self, cards: Sequence[Card], wild: Collection[Card] = ()) -> int:
        return self._qualified(self._best(cards, wild)[0])

    def evaluate(self, cards: Sequence[Card], wild: Collection[Card] = ()) -> Hand:
        value, five = self._best(cards, wild)
        qualified = self._qualified(value)
        if qualified == 0:
            category = self._by_value[-1]
            return Hand(0, category, five, category.name, self.name)
        category = self._by_value[value >> 20]
        return Hand(value, category, five, self._name(value), self.name)

    def _qualified(self, value: int) -> int:
        if self.qualifier is None or _qualifies(value, self.qualifier):
            return value
        return 0

    def _value(self, card: int) -> int:
        rank = (card >> 2) + 2
        return 1 if rank == ACE and self.aces_low else rank

    def _best(self, cards: Sequence[Card], wild: Collection[Card]) -> tuple[int, tuple[Card, ...]]:
        if len(cards) < 5:
            raise CardError(f"a low hand needs at least five cards, got {len(cards)}")
        naturals = [c for c in cards if c not in wild]
        check_distinct(naturals)
        wilds = [c for c in cards if c in wild][:5]
        if not wilds and not self.straights_and_flushes:
            quick = self._distinct_lowest(naturals)
            if quick is not None:
                return quick
        best = -1
        chosen: tuple[Card, ...] = ()
        for subset in combinations(naturals, 5 - len(wilds)):
            value = self._five(subset, len(wilds))
            if value > best:
                best, chosen = value, subset
        return best, (*self._significance_order(chosen), *wilds)

    def _significance_order(self, cards: Sequence[Card]) -> list[Card]:
        """Cards as the low is read: larger groups of a rank first, then higher ranks (aces as valued)."""
        values = [self._value(c) for c in cards]
        return sorted(cards, key=lambda c: (values.count(self._value(c)), self._value(c)), reverse=True)

    def _distinct_lowest(self, cards: Sequence[Card]) -> tuple[int, tuple[Card, ...]] | None:
        lowest: dict[int, Card] = {}
        for c in sorted(cards, key=self._value):
            lowest.setdefault(self._value(c), c)
        if len(lowest) < 5:
            return None
        values = sorted(lowest)[:5]
        return (encode(_NO_PAIR_VALUE, [15 - v for v in reversed(values)]),
                tuple(lowest[v] for v in reversed(values)))

    def _five(self, naturals: Sequence[Card], wilds: int) -> int:
        values = [self._value(c) for c in naturals]
        if not wilds:
            flush = self.straights_and_flushes and len({int(c) & 3 for c in naturals}) == 1
            return self._low_value(values, flush)
        absent = [v for v in range(1 if self.aces_low else 2, 15 if not self.aces_low else 14)
                  if v not in values]
        if not self.straights_and_flushes:
            return self._low_value(values + absent[:wilds], False)
        return max(self._low_value(values + list(fill), False) for fill in combinations(absent, wilds))

    def _low_value(self, values: list[int], flush: bool) -> int:
        counts: dict[int, int] = {}
        for v in values:
            counts[v] = counts.get(v, 0) + 1
        order = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
        if len(counts) == 5:
            top = self._straight_top(order) if self.straights_and_flushes else 0
            if top:
                return encode(8 - (reference.STRAIGHT_FLUSH if flush else reference.STRAIGHT), (15 - top,))
            category = reference.FLUSH if flush else reference.HIGH_CARD
        else:
            shape = tuple(sorted(counts.values(), reverse=True))
            if shape not in _SHAPES:
                raise CardError("five cards of one rank: a card was given twice")
            category = _SHAPES[shape]
        return encode(8 - category, [15 - v for v in order])

    def _straight_top(self, descending: list[int]) -> int:
        return descending[0] if descending[0] - descending[4] == 4 else 0

    def _name(self, value: int) -> str:
        category, inverted = decode(value)
        ranks = [ACE if 15 - r == 1 else 15 - r for r in inverted if r]
        if category != _NO_PAIR_VALUE:
            return high_name(Category(8 - category, ""), ranks)
        if self.aces_low and not self.straights_and_flushes and inverted == (10, 11, 12, 13, 14):
            return "a wheel"
        first = rank_name(ranks[0])
        article = "an" if first[0] in "ae" else "a"
        return f"{article} {first}-{rank_name(ranks[1])} low"


_SHAPES: Final = {
    (2, 1, 1, 1): reference.PAIR, (2, 2, 1): reference.TWO_PAIR, (3, 1, 1): reference.THREE_OF_A_KIND,
    (3, 2): reference.FULL_HOUSE, (4, 1): reference.FOUR_OF_A_KIND,
}

_WAYS: Final = {
    "ace-to-five": {"aces_low": True, "straights_and_flushes": False},
    "deuce-to-seven": {"aces_low": False, "straights_and_flushes": True},
    "ace-to-six": {"aces_low": True, "straights_and_flushes": True},
}


def low_ranking(way: str, *, qualifier: int | None = None) -> LowRanking:
    """A low ranking by name, optionally with a qualifier (``8``: eight or better).

    With a qualifier, the ranking is named like ``ace-to-five/8`` and every hand that fails it has
    strength 0, below every qualifying low, so "no low" needs no special case in a split pot.

    >>> from homegame.cards import parse_cards
    >>> eight = low_ranking("ace-to-five", qualifier=8)
    >>> eight.name, eight.evaluate(parse_cards("9c 5d 4h 3s 2c")).name
    ('ace-to-five/8', 'no eight-or-better low')
    >>> eight.strength(parse_cards("8c 5d 4h 3s Ac")) > 0
    True
    """
    if way not in _WAYS:
        raise GameError(f"unknown low ranking {way!r}; known: {', '.join(_WAYS)}")
    if qualifier is not None and not 5 <= qualifier <= 13:
        raise GameError(f"a qualifier is a rank from 5 to 13 (king), got {qualifier}")
    name = way if qualifier is None else f"{way}/{qualifier}"
    return LowRanking(name=name, qualifier=qualifier, aces_low=_WAYS[way]["aces_low"],
                      straights_and_flushes=_WAYS[way]["straights_and_flushes"])


def qualifies(hand: Hand, limit: int) -> bool:
    """Whether a low ``hand`` is unpaired (no straight or flush where they count) and ``limit`` or lower.

    >>> from homegame.cards import parse_cards
    >>> qualifies(ACE_TO_FIVE.evaluate(parse_cards("8c 7d 4h 3s Ac")), 8)
    True
    >>> qualifies(ACE_TO_FIVE.evaluate(parse_cards("9c 7d 4h 3s Ac")), 8)
    False
    """
    return _qualifies(hand.strength, limit)


def _qualifies(value: int, limit: int) -> bool:
    category, inverted = decode(value)
    return category == _NO_PAIR_VALUE and 15 - inverted[0] <= limit


ACE_TO_FIVE: Final = low_ranking("ace-to-five")
DEUCE_TO_SEVEN: Final = low_ranking("deuce-to-seven")
ACE_TO_SIX: Final = low_ranking("ace-to-six")
