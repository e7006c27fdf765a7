"""Points paid in chips: a game scored in points (Papayoo's points taken, Paiute's deals won) is
paid at a rate of chips a point, which may be a fraction (a chip for every ten points), in whole
chips that still sum to zero.

>>> from fractions import Fraction
>>> points_in_chips({0: -37, 1: -91, 2: -122}, rate=Fraction(1, 10))
{0: 14, 1: -2, 2: -12}
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

__all__ = ["points_in_chips", "whole_chips"]


def points_in_chips(scores: Mapping[int, int], *, rate: int | Fraction) -> dict[int, int]:
    """Each seat's ``scores`` (higher is better) paid at ``rate`` chips a point: when the scores sum
    to zero (a point won is a point another lost) each seat's score is paid as it is; otherwise
    every two seats settle the difference between their scores, so the worst score pays each other
    seat what it is behind."""
    total = sum(scores.values())
    count = len(scores) if total else 1
    if isinstance(rate, int):
        return {seat: rate * (count * score - total) for seat, score in scores.items()}
    return whole_chips({seat: rate * (count * score - total) for seat, score in scores.items()})


def whole_chips(exact: Mapping[int, Fraction]) -> dict[int, int]:
    """``exact`` amounts that sum to zero, as whole chips that still sum to zero: each rounded down,
    then a chip more to the largest parts rounded off, the earliest seat first among equal parts.

    >>> whole_chips({0: Fraction(5, 2), 1: Fraction(-5, 2)})
    {0: 3, 1: -3}
    """
    chips = {seat: math.floor(amount) for seat, amount in exact.items()}
    short = -sum(chips.values())
    for seat in sorted(exact, key=lambda seat: (chips[seat] - exact[seat], seat))[:short]:
        chips[seat] += 1
    return chips
