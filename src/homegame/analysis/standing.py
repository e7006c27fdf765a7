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

import json
import os
import sys
import zlib
from collections.abc import Collection
from dataclasses import dataclass
from functools import cache
from itertools import accumulate, pairwise
from typing import Final

import homegame
from homegame.cards import Card
from homegame.errors import GameError
from homegame.ranking import Hand

__all__ = ["MAX_STANDING_CARDS", "SHIPPED", "Standing", "standing", "write_shipped"]

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


SHIPPED: Final = os.path.join(os.path.dirname(__file__), "standings.zlib")
"""The counts of every ranking's hands of the size it ranks, without wild cards (and with Pai Gow's
joker), counted once and shipped with the package so that ``homegame rank`` answers at once; hands
with wild cards or other jokers are counted when asked for (a second or so)."""


def _shipped_key(ranking: str, size: int, jokers: int) -> str:
    return f"{ranking}/{size}/{jokers}"


@cache
def _shipped() -> dict[str, list[list[int]]]:
    """The shipped counts: for each key, the distinct strengths (as steps up from the last) and
    the number of hands of each."""
    with open(SHIPPED, "rb") as shipped:
        loaded: dict[str, list[list[int]]] = json.loads(zlib.decompress(shipped.read()))
    return loaded


@cache
def _strengths(ranking: str, size: int, wild: frozenset[Card], jokers: int) -> dict[int, int]:
    """How many hands of ``size`` cards have each strength."""
    shipped = None if wild else _shipped().get(_shipped_key(ranking, size, jokers))
    if shipped is not None:
        steps, counts = shipped
        return dict(zip(accumulate(steps), counts, strict=True))
    return count_strengths(ranking, size, wild, jokers)


def count_strengths(ranking: str, size: int, wild: frozenset[Card], jokers: int) -> dict[int, int]:
    """How many hands of ``size`` cards have each strength, counted now (by symmetry)."""
    from homegame.analysis.odds import _counts_by_symmetry

    counted: dict[int, int] = _counts_by_symmetry(homegame.RANKINGS[ranking], size, wild, jokers, None,
                                                  key=lambda evaluated: evaluated.strength)
    return counted


def shipped_sizes() -> list[tuple[str, int, int]]:
    """The rankings, hand sizes and jokers the shipped counts cover: every ranking at the size of
    the hands it ranks (Pai Gow's two and five, the front's three, five for the rest)."""
    sizes = {"front": (3,), "pai-gow": (2, 5), "pai-gow-wheel-second": (2, 5)}
    return [(name, size, 1 if name.startswith("pai-gow") else 0)
            for name in homegame.RANKINGS for size in sizes.get(name, (5,))]


def write_shipped() -> None:
    """Count every shipped table again and write :data:`SHIPPED` (``python -m
    homegame.analysis.standing``); a slow test checks that the file holds the same counts."""
    tables = {}
    for ranking, size, jokers in shipped_sizes():
        counts = sorted(count_strengths(ranking, size, frozenset(), jokers).items())
        strengths = [strength for strength, _ in counts]
        steps = [strengths[0], *(b - a for a, b in pairwise(strengths))]
        tables[_shipped_key(ranking, size, jokers)] = [steps, [n for _, n in counts]]
    with open(SHIPPED, "wb") as shipped:
        shipped.write(zlib.compress(json.dumps(tables, separators=(",", ":")).encode(), 9))


if __name__ == "__main__":
    write_shipped()
    print(f"wrote {SHIPPED}", file=sys.stderr)
