"""Paiute: the six winning combinations, of five or six cards, with wild cards.

Five-card combinations: five of a kind, royal flush, straight flush (5-4-3-2-A lowest). Six-card
combinations: four/two (four of one rank and two of another), three/three, and two/two/two, the
"paiute". Straights and flushes alone are worth nothing, and a hand without a combination is in the
category "no combination" (all such hands tie). A hand is judged by its best combination: from six
cards, the better of the six-card combination and any five-card one among them.

A wild card stands for any card, even one the hand already holds. Ties follow the rulings: five of a
kind by rank; royal flushes tie; straight flushes by top card; four/two by the four, then the two;
three/three by the higher three, then the lower; a paiute by its pairs high to low.

``Hand.cards`` holds the cards the combination uses (five or six), natural cards first; whether it is
a five- or a six-card combination is ``len(hand.cards)``, or :func:`is_six_card`. :data:`PAIUTE`
ranks five of a kind on top; :data:`PAIUTE_ROYAL_ON_TOP` (``paiute_ranking(royal_on_top=True)``,
registered as ``paiute-royal-on-top``) puts the royal flush above it.

>>> from homegame.cards import parse_cards
>>> PAIUTE.evaluate(parse_cards("9c 9d 9h 9s Kd Kh")).name
'four/two, nines and kings'
>>> PAIUTE.evaluate(parse_cards("Jc Jd 7h 7s 3d 3h")).name
'paiute, jacks, sevens and threes'
>>> hand = PAIUTE.evaluate(parse_cards("9c 9d 9h 3s 2d Qh"), wild=parse_cards("3s 2d"))
>>> hand.name, hand.cards
('five of a kind, nines', (9c, 9d, 9h, 3s, 2d))
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import combinations, permutations
from typing import Final

from homegame.cards import ACE, KING, QUEEN, Card, rank_name
from homegame.errors import CardError
from homegame.ranking.core import Category, Hand, Ranking, decode, encode
from homegame.ranking.wild import significance_order, split_wild, straight_top_with_wild, window_top

__all__ = [
    "PAIUTE", "PAIUTE_ROYAL_ON_TOP", "PaiuteRanking", "is_six_card", "paiute_ranking",
]

NO_COMBINATION, PAIUTE_PAIRS, THREE_THREE, FOUR_TWO, STRAIGHT_FLUSH = range(5)
"""Category values; royal flush and five of a kind take 5 and 6 in the order the variant says."""

_SIX_CARD_CATEGORIES: Final = frozenset({PAIUTE_PAIRS, THREE_THREE, FOUR_TWO})
_SPARE_RANKS: Final = (ACE, KING, QUEEN)
"""Ranks that wild cards take when the natural cards leave a group open: the highest."""


def _counts(naturals: Sequence[Card]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for c in naturals:
        rank = (c >> 2) + 2
        counts[rank] = counts.get(rank, 0) + 1
    return counts


def _groups(counts: dict[int, int], sizes: tuple[int, ...]) -> tuple[int, ...] | None:
    """The best distinct ranks, one per group size in ``sizes``, that the natural ranks fit in.

    Every natural card must belong to a group; wild cards fill what the groups still lack (the total
    of ``sizes`` is the number of cards). Ranks are returned in the order of ``sizes``.
    """
    if len(counts) > len(sizes) or max(counts.values(), default=0) > max(sizes):
        return None
    spares = [rank for rank in _SPARE_RANKS if rank not in counts]
    if len(set(sizes)) == 1:
        return tuple(sorted([*counts, *spares[:len(sizes) - len(counts)]], reverse=True))
    # Candidates are highest first, so permutations come best first and the first fit wins.
    for ranks in permutations(sorted([*counts, *spares], reverse=True), len(sizes)):
        if all(counts.get(rank, 0) <= size for rank, size in zip(ranks, sizes, strict=True)) and \
                set(counts) <= set(ranks):
            return ranks
    return None


def _six_value(naturals: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """The best six-card combination of six cards, of which ``naturals`` are not wild."""
    counts = _counts(naturals)
    if len(counts) > 3:
        return NO_COMBINATION, ()
    for category, sizes in ((FOUR_TWO, (4, 2)), (THREE_THREE, (3, 3)), (PAIUTE_PAIRS, (2, 2, 2))):
        ranks = _groups(counts, sizes)
        if ranks is not None:
            return category, ranks
    return NO_COMBINATION, ()


class PaiuteRanking(Ranking):
    """Paiute hands of five or more cards; see the module text and :func:`paiute_ranking`."""

    def __init__(self, *, royal_on_top: bool = False) -> None:
        self.royal_on_top = royal_on_top
        self.name = "paiute-royal-on-top" if royal_on_top else "paiute"
        self.five_of_a_kind = 5 if royal_on_top else 6
        self.royal_flush = 6 if royal_on_top else 5
        names = {NO_COMBINATION: "no combination", PAIUTE_PAIRS: "paiute", THREE_THREE: "three/three",
                 FOUR_TWO: "four/two", STRAIGHT_FLUSH: "straight flush",
                 self.royal_flush: "royal flush", self.five_of_a_kind: "five of a kind"}
        self.categories = tuple(Category(value, names[value]) for value in range(7))

    def strength(self, cards: Sequence[Card], wild: Collection[Card] = ()) -> int:
        if 5 <= len(cards) <= 6:
            return self._whole_hand(cards, wild)
        return self._best(cards, wild)[0]

    def evaluate(self, cards: Sequence[Card], wild: Collection[Card] = ()) -> Hand:
        value, used = self._best(cards, wild)
        category, ranks = decode(value)
        return Hand(value, self.categories[category], used, self._name(category, ranks), self.name)

    def six_card(self, cards: Sequence[Card], wild: Collection[Card] = ()) -> Hand:
        """The best six-card combination of six cards, whatever five-card one they also hold: what a
        six-card call shows, and is judged by.

        >>> from homegame.cards import parse_cards
        >>> hand = parse_cards("9c 9d 9h 9s 2c Kh")
        >>> PAIUTE.evaluate(hand, wild=parse_cards("2c")).name
        'five of a kind, nines'
        >>> PAIUTE.six_card(hand, wild=parse_cards("2c")).name
        'four/two, nines and kings'
        """
        if len(cards) != 6:
            raise CardError(f"a six-card combination takes six cards, got {len(cards)}")
        naturals, wilds = split_wild(cards, wild)
        category, ranks = _six_value(naturals)
        used = (*significance_order(naturals), *wilds)
        return Hand(encode(category, ranks), self.categories[category], used, self._name(category, ranks),
                    self.name)

    def _best(self, cards: Sequence[Card], wild: Collection[Card]) -> tuple[int, tuple[Card, ...]]:
        if len(cards) < 5:
            raise CardError(f"a Paiute hand has five or six cards, got {len(cards)}")
        if len(cards) > 6:
            return self._best_of_subsets(cards, wild)
        best = self._whole_hand(cards, wild)
        category = best >> 20
        if category == NO_COMBINATION or category in _SIX_CARD_CATEGORIES:
            naturals, wilds = split_wild(cards, wild)
            return best, (*significance_order(naturals), *wilds)
        return best, self._five_making(cards, wild, best)

    def _whole_hand(self, cards: Sequence[Card], wild: Collection[Card]) -> int:
        """The best combination of five or six cards, worked out from the whole hand at once."""
        naturals, wilds = split_wild(cards, wild)
        spare = len(wilds)
        counts = _counts(naturals)
        candidates = [encode(*_six_value(naturals))] if len(cards) == 6 else []
        quintet = ACE if spare >= 5 else max(
            (rank for rank, count in counts.items() if count + spare >= 5), default=0)
        if quintet:
            candidates.append(encode(self.five_of_a_kind, (quintet,)))
        suit_masks = [0, 0, 0, 0]
        for c in naturals:
            suit_masks[c & 3] |= 1 << ((c >> 2) + 2)
        top = max(window_top(mask, 5 - spare) for mask in suit_masks)
        if top == ACE:
            candidates.append(encode(self.royal_flush))
        elif top:
            candidates.append(encode(STRAIGHT_FLUSH, (top,)))
        return max(candidates, default=encode(NO_COMBINATION))

    def _five_making(self, cards: Sequence[Card], wild: Collection[Card], value: int) -> tuple[Card, ...]:
        """Five of ``cards`` whose five-card combination has strength ``value``."""
        naturals, wilds = split_wild(cards, wild)
        spare = min(len(wilds), 5)
        chosen = next(subset for subset in combinations(naturals, 5 - spare)
                      if encode(*self._five_value(subset, spare)) == value)
        return (*significance_order(chosen), *wilds[:spare])

    def _best_of_subsets(self, cards: Sequence[Card], wild: Collection[Card]) -> tuple[int, tuple[Card, ...]]:
        """For more than six cards: the best combination of any six (each holds its fives too)."""
        best, used = encode(NO_COMBINATION), tuple(cards)
        for chosen in combinations(cards, 6):
            value, made = self._best(chosen, wild)
            if value > best:
                best, used = value, made
        return best, used

    def _five_value(self, naturals: Sequence[Card], wilds: int) -> tuple[int, tuple[int, ...]]:
        counts = _counts(naturals)
        if len(counts) <= 1:
            return self.five_of_a_kind, (next(iter(counts), ACE),)
        if len(counts) < len(naturals) or len({int(c) & 3 for c in naturals}) > 1:
            return NO_COMBINATION, ()
        top = straight_top_with_wild(list(counts))
        if top == ACE:
            return self.royal_flush, ()
        return (STRAIGHT_FLUSH, (top,)) if top else (NO_COMBINATION, ())

    def _name(self, category: int, ranks: tuple[int, ...]) -> str:
        plural = [rank_name(rank, plural=True) for rank in ranks if rank]
        if category == self.five_of_a_kind:
            return f"five of a kind, {plural[0]}"
        if category == self.royal_flush:
            return "royal flush"
        if category == STRAIGHT_FLUSH:
            return f"straight flush, {rank_name(ranks[0])} high"
        if category == FOUR_TWO:
            return f"four/two, {plural[0]} and {plural[1]}"
        if category == THREE_THREE:
            return f"three/three, {plural[0]} and {plural[1]}"
        if category == PAIUTE_PAIRS:
            return f"paiute, {plural[0]}, {plural[1]} and {plural[2]}"
        return "no combination"


def is_six_card(hand: Hand) -> bool:
    """Whether a Paiute hand's combination is a six-card one (four/two, three/three, paiute).

    >>> from homegame.cards import parse_cards
    >>> is_six_card(PAIUTE.evaluate(parse_cards("Qc Qd Qh 6s 6d 6h")))
    True
    """
    return hand.category.value in _SIX_CARD_CATEGORIES


def paiute_ranking(*, royal_on_top: bool = False) -> PaiuteRanking:
    """The Paiute ranking; ``royal_on_top`` puts the royal flush above five of a kind."""
    return PAIUTE_ROYAL_ON_TOP if royal_on_top else PAIUTE


PAIUTE: Final = PaiuteRanking()
PAIUTE_ROYAL_ON_TOP: Final = PaiuteRanking(royal_on_top=True)
