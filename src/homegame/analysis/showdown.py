"""Who takes what at showdown, for many boards at once: high pots and high-low split pots.

Strengths arrive as one row per player and one column per board (greater is better); the result is
each player's share of the pot on each board. Ties share equally.

>>> import numpy as np
>>> pot_shares(np.array([[5, 7], [5, 3]])).tolist()
[[0.5, 1.0], [0.5, 0.0]]
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from homegame.analysis.runouts import CodeArray

__all__ = ["LOW_RANKS", "low8_strengths", "pot_shares", "split_pot_shares"]

Strengths = npt.NDArray[np.int64]
Shares = npt.NDArray[np.float64]

LOW_RANKS: Final = 8
"""Hi-lo "8 or better": a low is five cards of different ranks, ace (low) to eight."""


def _low_bits() -> npt.NDArray[np.int64]:
    """For each card code, its bit in an ace-to-eight rank mask (ace bit 0 ... eight bit 7), or 0."""
    bits = np.zeros(52, dtype=np.int64)
    for code in range(52):
        rank = code // 4 + 2
        low_rank = 1 if rank == 14 else rank
        if low_rank <= LOW_RANKS:
            bits[code] = 1 << (low_rank - 1)
    return bits


def _best_lows() -> npt.NDArray[np.int64]:
    """For each ace-to-eight rank mask, the strength of the best low it holds (0: no low).

    The best low takes the five lowest ranks present. Between two five-rank masks the better low is
    the one whose highest differing rank is lower, which is the smaller mask, so 256 minus the mask
    orders lows with greater better.
    """
    best = np.zeros(1 << LOW_RANKS, dtype=np.int64)
    for mask in range(1 << LOW_RANKS):
        if mask.bit_count() < 5:
            continue
        five = mask
        while five.bit_count() > 5:
            five &= ~(1 << (five.bit_length() - 1))
        best[mask] = (1 << LOW_RANKS) - five
    return best


_LOW_BIT: Final = _low_bits()
_BEST_LOW: Final = _best_lows()


def low8_strengths(codes: CodeArray) -> Strengths:
    """The ace-to-five low of each row of standard card codes, 8 or better: 0 when none qualifies,
    else greater is better (the wheel A-2-3-4-5 is best). Straights and flushes do not count.

    >>> from homegame.cards import parse_cards
    >>> rows = np.array([parse_cards("Ah 2c 3d 4s 5h Kd Kc"), parse_cards("8h 7c 6d 4s 2h 2d Kc"),
    ...                  parse_cards("9h 7c 6d 4s 2h 2d Kc")], dtype=np.int8)
    >>> strengths = low8_strengths(rows)
    >>> bool(strengths[0] > strengths[1] > 0), int(strengths[2])
    (True, 0)
    """
    masks = np.bitwise_or.reduce(_LOW_BIT[codes.astype(np.int64)], axis=1)
    return _BEST_LOW[masks]


def _winners_shares(strengths: Strengths) -> Shares:
    best = strengths.max(axis=0)
    winners = strengths == best
    shares: Shares = winners / winners.sum(axis=0)
    return shares


def pot_shares(high: Strengths) -> Shares:
    """Each player's share of a pot the best high hand takes (ties split)."""
    return _winners_shares(high)


def split_pot_shares(high: Strengths, low: Strengths) -> Shares:
    """Shares of a high-low split pot: half to the best high, half to the best qualifying low
    (``low`` is 0 where a hand has none), and the whole pot to the high when no low qualifies.

    >>> split_pot_shares(np.array([[9, 9], [4, 4]]), np.array([[0, 0], [3, 0]])).tolist()
    [[0.5, 1.0], [0.5, 0.0]]
    """
    high_shares = _winners_shares(high)
    has_low = low.max(axis=0) > 0
    low_winners = (low == low.max(axis=0)) & has_low
    low_shares = low_winners / np.maximum(low_winners.sum(axis=0), 1)
    result: Shares = np.where(has_low, 0.5 * high_shares + 0.5 * low_shares, high_shares)
    return result
