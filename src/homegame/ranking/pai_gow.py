"""Pai Gow Poker: five-card and two-card hands, with the joker as the bug.

The joker is not wild here: it is an ace, or it completes a straight, a flush, a straight flush or a
royal flush. In a flush it stands for the highest card of the suit that the hand lacks (a real card,
so never a second ace of the suit). Four aces and the joker are five aces, the top hand. In the
two-card hand the joker is an ace.

Two-card and five-card strengths share one space (``encode(category, ranks)`` in the numbering of
:mod:`homegame.ranking.reference`, the two-card hand's missing cards counting lowest), so the rule
that the five-card hand must outrank the two-card hand is ``five.strength > two.strength``.

A-2-3-4-5 is the lowest straight; :data:`PAI_GOW_WHEEL_SECOND` ranks it (and the A-2-3-4-5 straight
flush) just below A-K-Q-J-10, as many casinos do; the joker with 2-3-4-5 then plays as the ace.

>>> from homegame.cards import parse_cards
>>> PAI_GOW.evaluate(parse_cards("Jk Ah Kd 7c 7s")).name
'two pair, aces and sevens'
>>> PAI_GOW.evaluate(parse_cards("Jk 9h 8d 7c 5s")).name
'straight, nine high'
>>> bug_and_four = parse_cards("Jk 2h 3d 4c 5s")
>>> PAI_GOW.evaluate(bug_and_four).name, PAI_GOW_WHEEL_SECOND.evaluate(bug_and_four).name
('straight, six high', 'straight, five high')
>>> PAI_GOW.evaluate(parse_cards("Jk Kd")).name
'ace-king high'
>>> two, five = PAI_GOW.evaluate(parse_cards("7h 7d")), PAI_GOW.evaluate(parse_cards("7c 7s 9d 4h 2c"))
>>> five.strength > two.strength
True
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from itertools import combinations
from typing import Final

from homegame.cards import ACE, Card, rank_name
from homegame.errors import CardError
from homegame.ranking import reference
from homegame.ranking.core import Hand, Ranking, decode, encode
from homegame.ranking.high import HIGH, HIGH_CATEGORIES, high_name
from homegame.ranking.wild import check_distinct, significance_order, straight_tops_with_wild

__all__ = ["PAI_GOW", "PAI_GOW_WHEEL_SECOND", "PaiGowRanking"]

_JOKER_CODE: Final = 52

Key = tuple[int, tuple[int, ...]]
"""A hand's category and its ranks in order of significance."""
Order = Callable[[Key], Key]
"""How a ranking orders keys: the key it compares in a key's place."""


def _rank(code: int) -> int:
    return (code >> 2) + 2


def _five_key(cards: Sequence[Card], order: Order) -> Key:
    """Category and ranks of five cards, the joker (at most one) playing as the bug: as an ace, or
    as whatever card completes a straight or a flush, the best of these by ``order``."""
    naturals = [c for c in cards if c != _JOKER_CODE]
    if len(naturals) == 5:
        return decode(HIGH.strength(naturals))
    ranks = [_rank(c) for c in naturals]
    if ranks.count(ACE) == 4:
        return reference.FIVE_OF_A_KIND, (ACE,)
    options = [_key_of_ranks([*ranks, ACE])]
    suited = len({int(c) & 3 for c in naturals}) == 1
    if suited:
        missing = max(rank for rank in range(ACE, 1, -1) if rank not in ranks)
        options.append((reference.FLUSH, tuple(sorted([*ranks, missing], reverse=True))))
    if len(set(ranks)) == 4:
        straight = reference.STRAIGHT_FLUSH if suited else reference.STRAIGHT
        options.extend((straight, (top,)) for top in straight_tops_with_wild(ranks))
    return max(options, key=order)


def _key_of_ranks(ranks: list[int]) -> tuple[int, tuple[int, ...]]:
    """Category and ranks of five ranks with no flush possible (the joker has no suit)."""
    top = reference.straight_top(ranks)
    if top:
        return reference.STRAIGHT, (top,)
    counts = sorted((ranks.count(rank) for rank in set(ranks)), reverse=True)
    category = {
        (4, 1): reference.FOUR_OF_A_KIND, (3, 2): reference.FULL_HOUSE,
        (3, 1, 1): reference.THREE_OF_A_KIND, (2, 2, 1): reference.TWO_PAIR,
        (2, 1, 1, 1): reference.PAIR, (1, 1, 1, 1, 1): reference.HIGH_CARD,
    }[tuple(counts)]
    return category, tuple(reference.grouped_ranks(ranks))


def _two_key(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    ranks = sorted((ACE if c == _JOKER_CODE else _rank(c) for c in cards), reverse=True)
    if ranks[0] == ranks[1]:
        return reference.PAIR, (ranks[0],)
    return reference.HIGH_CARD, tuple(ranks)


class PaiGowRanking(Ranking):
    """Pai Gow hands: two cards, or the best five of five or more; see the module text."""

    categories = HIGH_CATEGORIES
    jokers_wild = False

    def __init__(self, *, wheel_second: bool = False) -> None:
        self.wheel_second = wheel_second
        self.name = "pai-gow-wheel-second" if wheel_second else "pai-gow"

    def strength(self, cards: Sequence[Card], wild: Collection[Card] = ()) -> int:
        plain = not wild and _JOKER_CODE not in cards
        if plain and (len(cards) == 5 or (not self.wheel_second and 5 <= len(cards) <= 7)):
            return encode(*self._order(decode(HIGH.strength(cards))))
        return self._best(cards, wild)[0]

    def evaluate(self, cards: Sequence[Card], wild: Collection[Card] = ()) -> Hand:
        value, chosen, (category, ranks) = self._best(cards, wild)
        if len(chosen) == 2 and category == reference.HIGH_CARD:
            name = f"{rank_name(ranks[0])}-{rank_name(ranks[1])} high"
        else:
            name = high_name(HIGH_CATEGORIES[category], ranks)
        return Hand(value, HIGH_CATEGORIES[category], chosen, name, self.name)

    def _best(self, cards: Sequence[Card], wild: Collection[Card],
              ) -> tuple[int, tuple[Card, ...], tuple[int, tuple[int, ...]]]:
        if wild:
            raise CardError("Pai Gow has no wild cards: the joker is the bug (an ace or to complete "
                             "a straight or flush)")
        if sum(c == _JOKER_CODE for c in cards) > 1:
            raise CardError("Pai Gow is played with one joker")
        check_distinct(cards)
        if len(cards) == 2:
            key = _two_key(cards)
            return encode(*key), _ordered(cards), key
        if len(cards) < 5:
            raise CardError(f"a Pai Gow hand is two cards or five, got {len(cards)}")
        key, five = max(((_five_key(five, self._order), five) for five in combinations(cards, 5)),
                        key=lambda pair: self._order(pair[0]))
        return encode(*self._order(key)), _ordered(five), key

    def _order(self, key: tuple[int, tuple[int, ...]]) -> tuple[int, tuple[int, ...]]:
        """The key as it orders hands: with ``wheel_second`` a wheel ranks just below the top."""
        category, ranks = key
        if not self.wheel_second or category not in (reference.STRAIGHT, reference.STRAIGHT_FLUSH):
            return key
        top = ranks[0]
        return category, (ACE - 1 if top == 5 else top if top == ACE else top - 1,)


def _ordered(cards: Sequence[Card]) -> tuple[Card, ...]:
    naturals = [c for c in cards if c != _JOKER_CODE]
    return (*significance_order(naturals), *(c for c in cards if c == _JOKER_CODE))


PAI_GOW: Final = PaiGowRanking()
PAI_GOW_WHEEL_SECOND: Final = PaiGowRanking(wheel_second=True)
