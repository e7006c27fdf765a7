"""Boards still to come, as arrays of card codes: every one of them, or a seeded random sample.

>>> every_runout([3, 7, 9], 2).tolist()
[[3, 7], [3, 9], [7, 9]]
>>> sample_runouts([3, 7, 9, 11], 2, trials=4, seed=1).shape
(4, 2)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["CodeArray", "combination_indices", "every_runout", "sample_runouts"]

CodeArray = npt.NDArray[np.int8]
"""Card codes, one row per hand or board."""


def combination_indices(n: int, k: int) -> npt.NDArray[np.int16]:
    """Every ``k``-subset of ``range(n)`` as a row, in lexicographic order (``itertools`` order).

    >>> combination_indices(4, 3).tolist()
    [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]
    """
    if not 0 <= k <= n:
        return np.zeros((0, max(k, 0)), dtype=np.int16)
    tails = np.arange(n, dtype=np.int16)[:, None] if k else np.zeros((1, 0), dtype=np.int16)
    for _ in range(k - 1):
        firsts = tails[:, 0]
        tails = np.concatenate([
            np.column_stack([np.full(int(np.count_nonzero(firsts > first)), first, dtype=np.int16),
                             tails[firsts > first]])
            for first in range(n)
        ])
    return tails


def every_runout(remaining: Sequence[int], missing: int) -> CodeArray:
    """Every choice of ``missing`` cards from ``remaining``, one row each."""
    deck = np.asarray(remaining, dtype=np.int8)
    return deck[combination_indices(len(deck), missing)]


def sample_runouts(remaining: Sequence[int], missing: int, *, trials: int, seed: int) -> CodeArray:
    """``trials`` random choices of ``missing`` cards from ``remaining``, each uniform, from ``seed``."""
    deck = np.asarray(remaining, dtype=np.int8)
    keys = np.random.default_rng(seed).random((trials, len(deck)))
    if missing == 0:
        return np.zeros((trials, 0), dtype=np.int8)
    chosen = np.argpartition(keys, missing - 1, axis=1)[:, :missing]
    return deck[chosen]
