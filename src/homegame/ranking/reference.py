"""Plain, obviously-correct standard poker evaluation: the oracle the fast paths are tested against.

Works on any five cards given as ``(rank, suit)`` pairs, aces high, and picks the best five of more
by trying every choice. Slow, and meant to be: it is read, not run, in hot loops.

>>> from homegame.cards import parse_cards
>>> five_card_key(parse_cards("Kh Kd Ks 9c 9d"))
(6, (13, 9))
>>> five_card_key(parse_cards("5s 4d 3c 2h Ah"))
(4, (5,))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from homegame.cards import ACE, Card

HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND = range(8)
STRAIGHT_FLUSH = 8
FIVE_OF_A_KIND = 9


def straight_top(ranks: Sequence[int]) -> int:
    """The top rank of a five-rank straight (5 for the wheel A-2-3-4-5), or 0 if not a straight."""
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) != 5:
        return 0
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    if distinct == [ACE, 5, 4, 3, 2]:
        return 5
    return 0


def grouped_ranks(ranks: Sequence[int]) -> list[int]:
    """Ranks ordered by how many times they occur, then by rank, each rank once: K K 9 9 9 -> 9 K."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    return sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)


def five_card_key(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """Category and tie-break ranks of exactly five standard cards (no wild cards)."""
    ranks = [c.rank for c in cards]
    flush = len({c.suit for c in cards}) == 1
    top = straight_top(ranks)
    if top:
        return (STRAIGHT_FLUSH if flush else STRAIGHT), (top,)
    if flush:
        return FLUSH, tuple(sorted(ranks, reverse=True))
    order = grouped_ranks(ranks)
    shape = sorted(Counter(ranks).values(), reverse=True)
    category = {
        (4, 1): FOUR_OF_A_KIND,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): THREE_OF_A_KIND,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): PAIR,
        (1, 1, 1, 1, 1): HIGH_CARD,
    }[tuple(shape)]
    return category, tuple(order)


def best_five(cards: Sequence[Card]) -> tuple[tuple[int, tuple[int, ...]], tuple[Card, ...]]:
    """The best key over every five of ``cards`` and the five cards that make it."""
    return max(((five_card_key(five), five) for five in combinations(cards, 5)),
               key=lambda pair: pair[0])
