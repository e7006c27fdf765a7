"""Exact counting of card hands by symmetry, so that every hand is counted without evaluating each.

Two facts about the rankings make this exact:

1. Suits are interchangeable: renaming suits never changes a hand's category. So hands are walked one
   *suit-isomorphism class* at a time, each with the number of real hands it stands for. The walk goes
   rank by rank, keeping the suits that are still interchangeable together; choosing *how many* cards
   of each such group (not which) is enough, and the binomial coefficients count the rest.
2. Suits only matter through flushes: once no suit can reach ``threshold`` cards (counting the cards,
   such as wild cards, that can join any suit), the suits of the remaining cards cannot change the
   category, so from there the walk only chooses ranks and counts every suit choice at once.

:func:`hand_classes` yields one representative hand per class with its multiplicity; the
multiplicities add up to the number of hands, ``C(len(deck), n)``.

>>> from math import comb
>>> classes = list(hand_classes(STANDARD_AVAILABILITY, 5, threshold=5))
>>> sum(weight for _, weight, _ in classes) == comb(52, 5)
True
>>> flush_classes = [codes for codes, _, suited in classes if suited]
>>> len(flush_classes)  # the 1,287 rank sets of a flush, one class each (all suits alike)
1287
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product
from math import comb
from typing import Final, TypeAlias

__all__ = ["STANDARD_AVAILABILITY", "HandClass", "availability", "hand_classes"]

RANK_COUNT: Final = 13
ALL_SUITS: Final = 0b1111

STANDARD_AVAILABILITY: Final[tuple[int, ...]] = (ALL_SUITS,) * RANK_COUNT
"""For each rank index (0 for deuces ... 12 for aces) the bitmask of suits the deck holds: all four."""

HandClass: TypeAlias = tuple[tuple[int, ...], int, bool]
"""A representative hand as standard card codes (``rank_index * 4 + suit``), how many hands it
stands for, and whether its suits matter (some suit reaches the threshold)."""


def availability(removed: Sequence[int]) -> tuple[int, ...]:
    """The suit masks per rank of a standard deck without the cards coded in ``removed``.

    >>> availability([0, 1])[:2]  # 2c and 2d removed
    (12, 15)
    """
    masks = list(STANDARD_AVAILABILITY)
    for code in removed:
        masks[code // 4] &= ~(1 << (code % 4))
    return tuple(masks)


def hand_classes(available: Sequence[int], n_cards: int, *, threshold: int | None,
                 helpers: int = 0) -> Iterator[HandClass]:
    """Every ``n_cards`` hand from the deck ``available`` describes, one class at a time.

    ``threshold`` is the number of cards of one suit from which suits can matter (5 for a flush,
    ``None`` when no suit ever matters), and ``helpers`` the number of other cards in the hand that
    join any suit (wild cards): a suit matters once its cards plus ``helpers`` reach ``threshold``.
    """
    walk = _Walk(available, threshold, helpers)
    walk.suited(0, n_cards, walk.initial_groups(), (), 1, (0, 0, 0, 0))
    yield from walk.found
    yield from walk.settled_classes()


class _Walk:
    """One walk over the hands of a deck: ``found`` collects the classes whose suits matter,
    ``settled`` the partial hands whose remaining suits do not, merged by ranks."""

    def __init__(self, available: Sequence[int], threshold: int | None, helpers: int) -> None:
        if len(available) != RANK_COUNT:
            raise ValueError(f"availability needs {RANK_COUNT} suit masks, got {len(available)}")
        self.available = tuple(available)
        self.sizes = tuple(mask.bit_count() for mask in self.available)
        self.first_suits = tuple(tuple(s for s in range(4) if mask >> s & 1) for mask in self.available)
        self.cards_from = tuple(sum(self.sizes[i:]) for i in range(RANK_COUNT + 1))
        self.threshold = threshold
        self.helpers = helpers
        self.found: list[HandClass] = []
        self.settled: dict[tuple[tuple[int, ...], int, int], tuple[tuple[int, ...], int]] = {}

    def initial_groups(self) -> tuple[tuple[int, ...], ...]:
        """Suits alike in the whole deck (same ranks available) start out interchangeable."""
        by_signature: dict[tuple[int, ...], list[int]] = {}
        for suit in range(4):
            signature = tuple(mask >> suit & 1 for mask in self.available)
            by_signature.setdefault(signature, []).append(suit)
        return tuple(tuple(group) for group in by_signature.values())

    def _suits_settled(self, counts: tuple[int, ...], remaining: int) -> bool:
        return self.threshold is None or max(counts) + remaining + self.helpers < self.threshold

    def suited(self, index: int, remaining: int, groups: tuple[tuple[int, ...], ...],
               codes: tuple[int, ...], weight: int, counts: tuple[int, int, int, int]) -> None:
        """Extend a partial hand (ranks below ``index`` decided) by the next rank that gets cards."""
        if self._suits_settled(counts, remaining):
            self._settle(index, remaining, codes, weight)
            return
        if remaining == 0:
            self.found.append((codes, weight, True))
            return
        for rank in range(index, RANK_COUNT):
            if remaining > self.cards_from[rank]:
                return
            for chosen, new_groups, factor in self._choices(groups, self.available[rank], remaining):
                new_counts = list(counts)
                for suit in chosen:
                    new_counts[suit] += 1
                self.suited(rank + 1, remaining - len(chosen), new_groups,
                            codes + tuple(rank * 4 + suit for suit in chosen), weight * factor,
                            (new_counts[0], new_counts[1], new_counts[2], new_counts[3]))

    @staticmethod
    def _choices(groups: tuple[tuple[int, ...], ...], mask: int, remaining: int
                 ) -> Iterator[tuple[list[int], tuple[tuple[int, ...], ...], int]]:
        """Each way, up to interchangeable suits, to take at least one card of a rank: the suits
        taken, the suit groups it leaves, and how many real choices of suits it stands for."""
        limits = [len(group) if mask >> group[0] & 1 else 0 for group in groups]
        for takes in product(*(range(limit + 1) for limit in limits)):
            taken = sum(takes)
            if taken == 0 or taken > remaining:
                continue
            chosen = sorted(suit for group, take in zip(groups, takes, strict=True) for suit in group[:take])
            new_groups = tuple(part for group, take in zip(groups, takes, strict=True)
                               for part in (group[:take], group[take:]) if part)
            factor = 1
            for group, take in zip(groups, takes, strict=True):
                factor *= comb(len(group), take)
            yield chosen, new_groups, factor

    def _settle(self, index: int, remaining: int, codes: tuple[int, ...], weight: int) -> None:
        """Put off a walk whose suits no longer matter, merging it with those of the same ranks."""
        key = (tuple(code // 4 for code in codes), index, remaining)
        known = self.settled.get(key)
        self.settled[key] = (codes, weight) if known is None else (known[0], known[1] + weight)

    def settled_classes(self) -> Iterator[HandClass]:
        """The hands whose suits do not matter, one per rank multiset."""
        merged: dict[tuple[int, ...], tuple[tuple[int, ...], int]] = {}
        for (_, index, remaining), (codes, weight) in self.settled.items():
            for hand, hand_weight, _ in self.unsuited(index, remaining, codes, weight):
                key = tuple(code // 4 for code in hand)
                known = merged.get(key)
                merged[key] = (hand, hand_weight) if known is None else (known[0], known[1] + hand_weight)
        for hand, weight in merged.values():
            yield hand, weight, False

    def unsuited(self, index: int, remaining: int, codes: tuple[int, ...], weight: int
                 ) -> Iterator[HandClass]:
        if remaining == 0:
            yield codes, weight, False
            return
        if remaining > self.cards_from[index]:
            return
        suits = self.first_suits[index]
        for take in range(min(remaining, len(suits)), -1, -1):
            yield from self.unsuited(index + 1, remaining - take,
                                     codes + tuple(index * 4 + suit for suit in suits[:take]),
                                     weight * comb(len(suits), take))
