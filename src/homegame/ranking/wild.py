"""Wild cards in standard high poker: the best hand that wild cards can make.

The entry point for :class:`~homegame.ranking.high.HighRanking` (and any ranking built on high hands)::

    best_high_with_wild(cards: Sequence[Card], wild: Collection[Card]) -> tuple[int, tuple[Card, ...]]

It returns the strength, ``encode(category, ranks)`` in the numbering of
:mod:`homegame.ranking.reference` (five of a kind is category 9, above the straight flush), and the
five actual cards that make the hand: the natural cards most significant first, then the wild ones.

A wild card stands for any standard card, even one the hand already holds (five of a kind needs
that), so a flush filled by a wild card counts it as an ace of the suit. Using a wild card is never
worse than using a natural card, so every wild card (up to five) is used, and only the natural cards
are chosen: for each choice the best fill is worked out directly, category by category from the top,
instead of trying every substitution.

>>> from homegame.cards import JOKER, parse_cards
>>> from homegame.ranking.core import decode
>>> strength, five = best_high_with_wild(parse_cards("9h 9d 9s 9c Jk 2d"), {JOKER})
>>> decode(strength), five
((9, (9, 0, 0, 0, 0)), (9h, 9d, 9s, 9c, Jk))
>>> decode(best_high_with_wild(parse_cards("8h 6h 5h 4h Jk"), {JOKER})[0])
(8, (8, 0, 0, 0, 0))
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import combinations
from typing import Final

from homegame.cards import ACE, Card
from homegame.errors import CardError
from homegame.ranking import reference
from homegame.ranking.core import encode

__all__ = [
    "best_high_with_wild", "check_distinct", "five_with_wild", "significance_order", "split_wild",
    "straight_top_with_wild", "straight_tops_with_wild", "wild_high_strength", "window_top",
]

MOST_JOKERS: Final = 2
"""The most jokers a hand can hold: a deck has at most two."""

_STRAIGHT_WINDOWS: Final = tuple(
    (top, sum(1 << rank for rank in (range(top - 4, top + 1) if top > 5 else (ACE, 2, 3, 4, 5))))
    for top in range(ACE, 4, -1)
)
"""Every five-rank straight as (top rank, bit mask of its ranks), best first; the wheel is top 5."""


def split_wild(cards: Sequence[Card], wild: Collection[Card]) -> tuple[list[Card], list[Card]]:
    """The natural cards and the wild cards of ``cards``, each in the order given.

    A natural card given twice is an error, and so are more than two jokers (a deck holds at
    most two).

    >>> from homegame.cards import JOKER, parse_cards
    >>> split_wild(parse_cards("Ah Jk 2c Jk"), {JOKER})
    ([Ah, 2c], [Jk, Jk])
    >>> split_wild(parse_cards("Ah Kd Ah"), {JOKER})
    Traceback (most recent call last):
    ...
    homegame.errors.CardError: the same card twice: Ah
    """
    naturals = [c for c in cards if c not in wild]
    check_distinct(naturals)
    jokers = sum(card.is_joker for card in cards)
    if jokers > MOST_JOKERS:
        raise CardError(f"{jokers} jokers: a deck holds at most {MOST_JOKERS}")
    return naturals, [c for c in cards if c in wild]


def check_distinct(naturals: Sequence[Card]) -> None:
    """Raise :class:`~homegame.errors.CardError` naming any natural card given more than once."""
    if len(set(naturals)) != len(naturals):
        twice = sorted({c for c in naturals if naturals.count(c) > 1})
        raise CardError(f"the same card twice: {' '.join(map(str, twice))}")


def straight_top_with_wild(ranks: Sequence[int]) -> int:
    """The top rank of the best straight that distinct ``ranks`` fit in, wild cards filling the gaps.

    ``ranks`` are the natural ranks (aces 14; an ace also plays low in the wheel), at most five, all
    different; 0 when they fit in no straight.

    >>> straight_top_with_wild([9, 7]), straight_top_with_wild([14, 3]), straight_top_with_wild([14, 7])
    (11, 5, 0)
    """
    mask = _rank_mask(ranks)
    for top, window in _STRAIGHT_WINDOWS:
        if not mask & ~window:
            return top
    return 0


def straight_tops_with_wild(ranks: Sequence[int]) -> list[int]:
    """The top rank of every straight that distinct ``ranks`` fit in, wild cards filling the gaps,
    best first: for a ranking that orders straights otherwise than by their top card (Pai Gow's
    wheel ranked second), which must weigh each way a wild card can play.

    >>> straight_tops_with_wild([5, 4, 3, 2]), straight_tops_with_wild([14, 7])
    ([6, 5], [])
    """
    mask = _rank_mask(ranks)
    return [top for top, window in _STRAIGHT_WINDOWS if not mask & ~window]


def _rank_mask(ranks: Sequence[int]) -> int:
    mask = 0
    for rank in ranks:
        mask |= 1 << rank
    return mask


def _rank(code: int) -> int:
    return (code >> 2) + 2


def five_with_wild(naturals: Sequence[Card], wilds: int) -> int:
    """The strength of the best hand ``naturals`` make with ``wilds`` wild cards, five cards in all.

    >>> from homegame.cards import parse_cards
    >>> from homegame.ranking.core import decode
    >>> decode(five_with_wild(parse_cards("Kh Kd 5s 5c"), 1))
    (6, (13, 5, 0, 0, 0))
    >>> decode(five_with_wild(parse_cards("Ah 7h 3h"), 2))
    (5, (14, 14, 14, 7, 3))
    """
    if wilds == 0:
        return encode(*reference.five_card_key(naturals))
    counts: dict[int, int] = {}
    for c in naturals:
        rank = _rank(c)
        counts[rank] = counts.get(rank, 0) + 1
    if len(counts) <= 1:
        return encode(reference.FIVE_OF_A_KIND, (next(iter(counts), ACE),))
    distinct = len(counts) == len(naturals)
    suited = len({int(c) & 3 for c in naturals}) == 1
    top = straight_top_with_wild(list(counts)) if distinct else 0
    if top and suited:
        return encode(reference.STRAIGHT_FLUSH, (top,))
    by_rank = sorted(counts, reverse=True)
    made = _sets_with_wild(counts, by_rank, wilds)
    if made[0] >= reference.FULL_HOUSE:
        return encode(*made)
    if suited:
        return encode(reference.FLUSH, (ACE,) * wilds + tuple(sorted(map(_rank, naturals), reverse=True)))
    if top:
        return encode(reference.STRAIGHT, (top,))
    return encode(*made)


def _sets_with_wild(counts: dict[int, int], by_rank: list[int], wilds: int) -> tuple[int, tuple[int, ...]]:
    """The best four of a kind, full house, three of a kind or pair that wild cards make.

    ``counts`` are the natural ranks of a hand of five or more cards, at least one of them wild and
    not enough for five of a kind; ``by_rank`` lists those ranks highest first.
    """
    for rank in by_rank:
        if counts[rank] + wilds >= 4:
            return reference.FOUR_OF_A_KIND, (rank, next(other for other in by_rank if other != rank))
    pairs = [rank for rank in by_rank if counts[rank] >= 2]
    if len(pairs) >= 2:
        return reference.FULL_HOUSE, (pairs[0], pairs[1])
    for rank in by_rank:
        if counts[rank] + wilds >= 3:
            return reference.THREE_OF_A_KIND, (rank, *[other for other in by_rank if other != rank][:2])
    return reference.PAIR, tuple(by_rank[:4])


def best_high_with_wild(cards: Sequence[Card], wild: Collection[Card]) -> tuple[int, tuple[Card, ...]]:
    """The strength of the best five-card high hand in ``cards`` and the five cards that make it.

    Any card of ``wild`` in ``cards`` is wild (a joker only if it is in ``wild``). Five or more cards.

    >>> from homegame.cards import parse_cards
    >>> from homegame.ranking.core import decode
    >>> strength, five = best_high_with_wild(parse_cards("Kh Kd 2c 7s 9d 3h 4c"), parse_cards("2c"))
    >>> decode(strength), five
    ((3, (13, 9, 7, 0, 0)), (Kh, Kd, 9d, 7s, 2c))
    """
    best = wild_high_strength(cards, wild)
    naturals, wilds = split_wild(cards, wild)
    used = min(len(wilds), 5)
    chosen = next(subset for subset in combinations(naturals, 5 - used)
                  if five_with_wild(subset, used) == best)
    return best, (*significance_order(chosen), *wilds[:used])


def wild_high_strength(cards: Sequence[Card], wild: Collection[Card]) -> int:
    """Only the strength of :func:`best_high_with_wild`, worked out from the whole hand at once.

    >>> from homegame.cards import JOKER, parse_cards
    >>> from homegame.ranking.core import decode
    >>> decode(wild_high_strength(parse_cards("Kh Kd 5s 5c 9d Jk 2c"), {JOKER}))
    (6, (13, 5, 0, 0, 0))
    """
    if len(cards) < 5:
        raise CardError(f"a high hand needs at least five cards, got {len(cards)}")
    naturals = [c for c in cards if c not in wild]
    check_distinct(naturals)
    wilds = len(cards) - len(naturals)
    if not wilds:
        return encode(*reference.best_five(naturals)[0])
    counts: dict[int, int] = {}
    suit_masks = [0, 0, 0, 0]
    for c in naturals:
        rank = (c >> 2) + 2
        counts[rank] = counts.get(rank, 0) + 1
        suit_masks[c & 3] |= 1 << rank
    need = 5 - wilds
    quintet = ACE if need <= 0 else max((rank for rank, count in counts.items() if count + wilds >= 5),
                                        default=0)
    if quintet:
        return encode(reference.FIVE_OF_A_KIND, (quintet,))
    top = max((window_top(mask, need) for mask in suit_masks), default=0)
    if top:
        return encode(reference.STRAIGHT_FLUSH, (top,))
    by_rank = sorted(counts, reverse=True)
    made = _sets_with_wild(counts, by_rank, wilds)
    if made[0] >= reference.FULL_HOUSE:
        return encode(*made)
    flushes = [(ACE,) * wilds + _top_ranks(mask, need) for mask in suit_masks if mask.bit_count() >= need]
    if flushes:
        return encode(reference.FLUSH, max(flushes))
    top = window_top(sum(1 << rank for rank in counts), need)
    if top:
        return encode(reference.STRAIGHT, (top,))
    return encode(*made)


def window_top(mask: int, need: int) -> int:
    """The top of the best straight holding at least ``need`` of the ranks in ``mask`` (bit ``r`` for
    rank ``r``, aces 14), the wild cards filling the rest; 0 if there is none."""
    if mask.bit_count() < need:
        return 0
    for top, window in _STRAIGHT_WINDOWS:
        if (mask & window).bit_count() >= need:
            return top
    return 0


def _top_ranks(mask: int, count: int) -> tuple[int, ...]:
    return tuple(rank for rank in range(ACE, 1, -1) if mask >> rank & 1)[:count]


def significance_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards ordered most significant first: larger groups of a rank first, then higher ranks."""
    counts: dict[int, int] = {}
    for c in cards:
        counts[_rank(c)] = counts.get(_rank(c), 0) + 1
    return tuple(sorted(cards, key=lambda c: (counts[_rank(c)], _rank(c)), reverse=True))
