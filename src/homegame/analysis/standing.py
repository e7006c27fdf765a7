"""Where a hand stands among every hand of its size: what its strength number means.

A strength only orders hands of one ranking (greater beats smaller), so on its own the number says
little. :func:`standing` places the hand among all the hands of as many cards from the deck,
counted exactly (by symmetry, as the odds tables are): its place among the distinct hands (hands
that tie are one), and the share of all hands it beats.

>>> from homegame import evaluate
>>> place = standing(evaluate("Kh Kd Ks 9c 9d"))
>>> place.place, place.distinct, place.total
(183, 7462, 2598960)
>>> print(place)
number 183 of the 7,462 distinct five-card hands from the top; it beats 99.96% of all 2,598,960 \
five-card hands (23 others tie it)
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from functools import cache

import homegame
from homegame.analysis.odds import _counts_by_symmetry
from homegame.cards import Card
from homegame.errors import GameError
from homegame.ranking import Hand

__all__ = ["MAX_STANDING_CARDS", "Standing", "standing"]

MAX_STANDING_CARDS = 5
"""Standings are counted for hands of up to five cards (the size of every ranked hand but Paiute's
six-card ones); more would take seconds for a number printed beside a hand."""
_SIZES = {1: "one-card", 2: "two-card", 3: "three-card", 4: "four-card", 5: "five-card"}


@dataclass(frozen=True, slots=True)
class Standing:
    """``place``: 1 for the best distinct hand; ``beaten`` and ``tied``: how many of the ``total``
    hands of ``cards`` cards it beats and ties (itself among them)."""

    cards: int
    place: int
    distinct: int
    beaten: int
    tied: int
    total: int

    def __str__(self) -> str:
        size = _SIZES.get(self.cards, f"{self.cards}-card")
        others = self.tied - 1
        ties = f" ({others:,} other{'s' if others != 1 else ''} tie it)" if others else ""
        return (f"number {self.place:,} of the {self.distinct:,} distinct {size} hands from the top; "
                f"it beats {self.beaten / self.total:.2%} of all {self.total:,} {size} hands{ties}")


def standing(hand: Hand, wild: Collection[Card] = ()) -> Standing:
    """Where ``hand`` (as :func:`homegame.evaluate` returns it) stands among every hand of as many
    cards as make it, dealt from 52 cards plus the jokers it holds (Pai Gow's deck always has one);
    ``wild`` as it was evaluated."""
    size = len(hand.cards)
    if not 1 <= size <= MAX_STANDING_CARDS:
        raise GameError(f"standings are counted for hands of 1 to {MAX_STANDING_CARDS} cards, not {size}")
    jokers = max(sum(card.is_joker for card in hand.cards), int(hand.ranking.startswith("pai-gow")))
    counts = _strengths(hand.ranking, size, frozenset(c for c in wild if not c.is_joker), jokers)
    stronger = [strength for strength in counts if strength > hand.strength]
    return Standing(cards=size, place=len(stronger) + 1, distinct=len(counts),
                    beaten=sum(n for strength, n in counts.items() if strength < hand.strength),
                    tied=counts.get(hand.strength, 0), total=sum(counts.values()))


@cache
def _strengths(ranking: str, size: int, wild: frozenset[Card], jokers: int) -> dict[int, int]:
    """How many hands of ``size`` cards have each strength."""
    chosen = homegame.RANKINGS[ranking]
    counted: dict[int, int] = _counts_by_symmetry(chosen, size, wild, jokers, None,
                                                  key=lambda evaluated: evaluated.strength)
    return counted
