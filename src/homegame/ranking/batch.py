"""Vectorized standard (high) hand strengths, and exact category counts over every hand of a size.

:func:`high_strengths` evaluates many hands at once, the same strengths as
:func:`homegame.strength` gives one at a time; :func:`tabulate_high` counts every category over all
the hands of five, six or seven cards a 52-card deck deals (133,784,560 hands of seven in seconds).

Both use the tables of :mod:`homegame.ranking._high_tables`: a dense array per hand size indexed by
the sum of the cards' rank keys (the best hand without a flush), and an 8,192-entry array indexed by
the rank mask of the flush suit. Tables are built on first use and kept (about 40 MB for all sizes).

>>> import numpy as np
>>> from homegame.cards import parse_cards
>>> from homegame import strength
>>> hands = [parse_cards("As Ks Qs Js Ts 2c 3d"), parse_cards("9h 9d 9s 4c 4d 2h 7s")]
>>> high_strengths(np.array(hands)).tolist() == [strength(hand) for hand in hands]
True
>>> tabulate_high(5)["four of a kind"]
624
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations
from math import comb
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from homegame.errors import CardError
from homegame.ranking import _high_tables as tables
from homegame.ranking.high import HIGH_CATEGORIES

__all__ = ["high_strengths", "tabulate_high"]

IntArray = npt.NDArray[np.int64]
U16Array = npt.NDArray[np.uint16]
CodeArray = npt.NDArray[np.integer]
CHUNK_ROWS: Final = 1 << 20
"""Hands evaluated per step of :func:`high_strengths`, to keep temporaries to a few tens of MB."""

_CODES: Final = np.arange(52)
_RANK_KEY: Final = np.array(tables.RANK_KEYS, dtype=np.int32)[_CODES >> 2]
_SUIT_COUNT: Final = (1 << (4 * (_CODES & 3))).astype(np.uint16)
"""A 4-bit counter per suit; preset to 3, a counter reaches bit 3 from five cards of its suit on."""
_SUIT_PRESET: Final = 0x3333
_FLUSH_BITS: Final = 0x8888
_RANK_BIT: Final = (1 << (_CODES >> 2)).astype(np.int64)


@cache
def _flush_table() -> IntArray:
    return tables.flush_strengths()


@cache
def _category_table(n_cards: int) -> npt.NDArray[np.uint8]:
    """The category of the best hand without a flush, per rank-key sum of ``n_cards`` cards."""
    table, distinct = tables.nonflush_table(n_cards)
    return (distinct >> 20).astype(np.uint8)[table]


def _checked(codes: npt.ArrayLike) -> CodeArray:
    array = np.asarray(codes)
    if array.ndim != 2 or not 5 <= array.shape[1] <= tables.MAX_CARDS:
        raise CardError(f"expected an (N, k) array of card codes, k = 5, 6 or 7; got shape {array.shape}")
    if array.size and not np.issubdtype(array.dtype, np.integer):
        raise CardError(f"card codes must be integers, got {array.dtype}")
    if array.size and (array.min() < 0 or array.max() > 51):
        raise CardError("card codes must be standard cards, 0 to 51 (no jokers: wild hands go one by one)")
    bits = np.left_shift(np.int64(1), array.astype(np.int64))
    union = bits[:, 0].copy()
    for column in range(1, bits.shape[1]):
        union |= bits[:, column]
    repeated = np.flatnonzero(_column_sum(bits, np.int64) != union)
    if repeated.size:
        raise CardError(f"hand {int(repeated[0])} holds the same card twice: {array[repeated[0]].tolist()}")
    return array


def high_strengths(codes: npt.ArrayLike, *, check: bool = True) -> IntArray:
    """The strength of each row of an ``(N, k)`` array of card codes (``k`` = 5, 6 or 7).

    Codes are those of :class:`homegame.cards.Card` (``(rank - 2) * 4 + suit``); a list of lists of
    cards works as it is. The strengths are exactly :func:`homegame.strength`'s. ``check=False``
    skips the checks for codes out of range or given twice in a row, for callers that deal the
    codes themselves (a third faster; bad codes then give wrong strengths or an IndexError).

    >>> from homegame.cards import parse_cards
    >>> from homegame.ranking.core import decode
    >>> [decode(int(s)) for s in high_strengths([parse_cards("5s 4d 3c 2h Ah")])]
    [(4, (5, 0, 0, 0, 0))]
    >>> high_strengths([[0, 1, 2, 3, 4, 4]])
    Traceback (most recent call last):
    ...
    homegame.errors.CardError: hand 0 holds the same card twice: [0, 1, 2, 3, 4, 4]
    """
    array = np.ascontiguousarray(codes)  # numpy gathers through a strided index array far slower
    if check or array.ndim != 2 or not 5 <= array.shape[1] <= tables.MAX_CARDS:
        _checked(array)
    result = np.empty(len(array), dtype=np.int64)
    for start in range(0, len(array), CHUNK_ROWS):
        result[start:start + CHUNK_ROWS] = _chunk_strengths(array[start:start + CHUNK_ROWS])
    return result


def _column_sum(values: npt.NDArray[Any], dtype: type[np.integer]) -> npt.NDArray[Any]:
    """Row sums of a 2-D array, a column at a time (numpy reduces short rows slowly)."""
    total = values[:, 0].astype(dtype)
    for column in range(1, values.shape[1]):
        total += values[:, column]
    return total


def _chunk_strengths(codes: CodeArray) -> IntArray:
    table, distinct = tables.nonflush_table(codes.shape[1])
    keys = _column_sum(_RANK_KEY[codes], np.int32)
    suits = _column_sum(_SUIT_COUNT[codes], np.uint16) + np.uint16(_SUIT_PRESET)
    strengths: IntArray = distinct[table[keys]]
    flushed = np.flatnonzero(suits & _FLUSH_BITS)
    if flushed.size:
        flush_suit = np.zeros(flushed.size, dtype=np.intp)
        for suit in range(4):
            flush_suit[(suits[flushed] >> (4 * suit + 3)) & 1 == 1] = suit
        rows = codes[flushed]
        masks = _column_sum(np.where((rows & 3) == flush_suit[:, None], _RANK_BIT[rows], 0), np.int64)
        strengths[flushed] = _flush_table()[masks]
    return strengths


def _combinations(n_items: int, size: int) -> npt.NDArray[np.uint8]:
    """Every ``size``-subset of ``range(n_items)`` in lexicographic order, one row each."""
    rows = np.arange(n_items, dtype=np.uint8)[:, None]
    for _ in range(size - 1):
        # Subsets starting above ``first`` are a suffix of the lexicographic list.
        starts = np.searchsorted(rows[:, 0], np.arange(n_items), side="left")
        parts = [np.hstack([np.full((len(rows) - starts[first + 1], 1), first, dtype=np.uint8),
                            rows[starts[first + 1]:]])
                 for first in range(n_items - 1) if starts[first + 1] < len(rows)]
        rows = np.vstack(parts)
    return rows


def tabulate_high(n_cards: int, progress: Callable[[int, int], None] | None = None) -> dict[str, int]:
    """Exact count of every category over all ``C(52, n_cards)`` hands, ``n_cards`` = 5, 6 or 7.

    Every hand is evaluated: the last five cards of each hand run through numpy at once for each
    choice of the cards before them. ``progress(done, total)`` is called as hands are counted.
    Categories are listed from best to worst; five of a kind (wild cards only) is left out.

    >>> table = tabulate_high(5)
    >>> table["straight flush"], table["high card"], sum(table.values())
    (40, 1302540, 2598960)
    """
    if n_cards not in (5, 6, 7):
        raise CardError(f"tabulate_high counts hands of 5, 6 or 7 cards, not {n_cards}")
    keys, suits, suit_masks, starts = _five_card_parts()
    categories = _category_table(n_cards)
    flush_categories = (_flush_table() >> 20).astype(np.uint8)
    counts = np.zeros(len(HIGH_CATEGORIES), dtype=np.int64)
    total, done = comb(52, n_cards), 0
    for prefix in combinations(range(52 - 5), n_cards - 5):  # five cards must follow the prefix
        begin = starts[prefix[-1] + 1] if prefix else 0
        prefix_key = sum(int(_RANK_KEY[c]) for c in prefix)
        prefix_suits = sum(int(_SUIT_COUNT[c]) for c in prefix)
        hand_keys = keys[begin:] + np.int32(prefix_key)
        hand_suits = suits[begin:] + np.uint16(prefix_suits)
        category = categories[hand_keys]
        flushed = np.flatnonzero(hand_suits & _FLUSH_BITS)
        counts += np.bincount(category, minlength=len(counts))
        if flushed.size:
            counts -= np.bincount(category[flushed], minlength=len(counts))
            counts += np.bincount(_flush_categories(flushed, hand_suits, suit_masks[begin:], prefix,
                                                    flush_categories), minlength=len(counts))
        done += len(hand_keys)
        if progress is not None:
            progress(done, total)
    names = [category.name for category in HIGH_CATEGORIES]
    return {names[value]: int(counts[value]) for value in range(len(counts) - 2, -1, -1)}


@cache
def _five_card_parts() -> tuple[npt.NDArray[np.int32], U16Array, U16Array, IntArray]:
    """For every five-card hand in lexicographic order: its rank-key sum, preset suit counters and
    rank mask per suit; and where the hands whose lowest card is each code start."""
    fives = _combinations(52, 5)
    keys = _column_sum(_RANK_KEY[fives], np.int32)
    suits = _column_sum(_SUIT_COUNT[fives], np.uint16) + np.uint16(_SUIT_PRESET)
    rank_bits = _RANK_BIT[fives].astype(np.uint16)
    suit_masks = np.stack([_column_sum(np.where((fives & 3) == suit, rank_bits, 0), np.uint16)
                           for suit in range(4)], axis=1)
    starts = np.searchsorted(fives[:, 0], np.arange(53), side="left").astype(np.int64)
    return keys, suits, suit_masks, starts


def _flush_categories(flushed: IntArray, hand_suits: npt.NDArray[np.uint16],
                      suit_masks: npt.NDArray[np.uint16], prefix: tuple[int, ...],
                      flush_categories: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    flush_suit = np.zeros(flushed.size, dtype=np.intp)
    for suit in range(4):
        flush_suit[(hand_suits[flushed] >> (4 * suit + 3)) & 1 == 1] = suit
    masks = suit_masks[flushed, flush_suit].astype(np.int64)
    for card in prefix:
        masks += np.where(flush_suit == card & 3, 1 << (card >> 2), 0)
    return flush_categories[masks]
