"""The lookup tables behind the fast high-hand paths, built with numpy in a few milliseconds.

The single-hand path reads them from the files shipped with the package (``ranking/tables/``),
which ``python -m homegame.ranking._high_tables`` writes from these functions; the batch path
builds its arrays here.

A standard card ``c`` (code 0-51) has rank index ``c >> 2`` (0 for a deuce, 12 for an ace) and suit
``c & 3``. Two facts make the tables small:

* Without a flush, the best five of up to seven cards depends only on the multiset of ranks, and
  the sum of :data:`RANK_KEYS` over the cards tells every such multiset of a given size apart.
  There are 76,155 multisets of at most seven cards (no rank more than four times), so their best
  strengths fit a compact hashed array (the single path, :func:`rank_slots`) or a dense array
  indexed by the key sum (the batch path).
* With a flush, the best hand depends only on the 13-bit mask of the flush suit's ranks: 8,192
  entries. In at most seven cards a flush also beats anything the ranks alone could make, since a
  full house or four of a kind beside five suited cards needs at least eight cards.

The strengths are :func:`homegame.ranking.core.encode` of the category numbers and tie-break ranks of
:mod:`homegame.ranking.reference`, which the tests hold these tables to.

>>> from homegame.ranking.core import decode
>>> counts = np.zeros((1, 13), dtype=np.int8)
>>> counts[0, [12, 11, 7]] = [1, 1, 3]   # A K 9 9 9
>>> decode(int(nonflush_strengths(counts)[0]))
(3, (9, 14, 13, 0, 0))
>>> decode(int(flush_strengths()[0b1000000001111]))    # A 5 4 3 2 suited: the steel wheel
(8, (5, 0, 0, 0, 0))
"""

from __future__ import annotations

import json
import os
import zlib
from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from homegame.errors import CardError
from homegame.ranking import high, reference
from homegame.ranking.high import RANK_KEYS, SHIPPED_TABLES

__all__ = [
    "EMPTY_SLOT",
    "MAX_CARDS",
    "RANK_KEYS",
    "flush_strengths",
    "nonflush_strengths",
    "nonflush_table",
    "rank_multisets",
    "rank_slots",
    "shipped_tables",
    "straight_tops",
    "write_shipped",
]

IntArray = npt.NDArray[np.int64]

MAX_CARDS: Final = 7
"""The most cards the rank-multiset tables cover (beyond that flushes and full houses can coexist)."""

EMPTY_SLOT: Final = (1 << 32) - 1
"""A slot of the compact rank table that holds no entry: its row matches none."""

_RANK_VALUES: Final = np.arange(2, 15, dtype=np.int64)


def rank_multisets(max_cards: int = MAX_CARDS) -> npt.NDArray[np.int8]:
    """Every multiset of at most ``max_cards`` ranks, a rank at most four times, as count rows.

    >>> rows = rank_multisets(7)
    >>> rows.shape, int(rows.sum(axis=1).max())
    ((76155, 13), 7)
    """
    rows = np.zeros((1, 0), dtype=np.int8)
    for _ in range(13):
        sizes = rows.sum(axis=1)
        parts = []
        for count in range(5):
            fits = sizes + count <= max_cards
            column = np.full((int(fits.sum()), 1), count, dtype=np.int8)
            parts.append(np.hstack([rows[fits], column]))
        rows = np.vstack(parts)
    return rows


def straight_tops(masks: IntArray) -> IntArray:
    """The top rank (2-14) of the best straight in each 13-bit rank mask, 0 where there is none.

    >>> straight_tops(np.array([0b1111100000000, 0b1000000001111, 0b0110110000000])).tolist()
    [14, 5, 0]
    """
    tops = np.zeros(masks.shape, dtype=np.int64)
    for top in range(5, 15):
        window = 0b1000000001111 if top == 5 else 0b11111 << (top - 6)
        tops = np.where((masks & window) == window, top, tops)
    return tops


def _encode(category: IntArray, ranks: IntArray) -> IntArray:
    """Vectorized :func:`homegame.ranking.core.encode`: ``ranks`` holds five columns."""
    value = category.astype(np.int64)
    for column in range(5):
        value = (value << 4) | ranks[:, column]
    return value


def _grouped(counts: npt.NDArray[np.int8]) -> tuple[IntArray, IntArray]:
    """Ranks ordered by count then rank, most first (as ``reference.grouped_ranks``), and their counts.

    Both arrays have seven columns, padded with zeros past the distinct ranks of a row.
    """
    counts64 = counts.astype(np.int64)
    score = np.where(counts64 > 0, counts64 * 16 + _RANK_VALUES, 0)
    ordered = -np.sort(-score, axis=1)[:, :7]
    return ordered & 15, ordered >> 4


def nonflush_strengths(counts: npt.NDArray[np.int8]) -> IntArray:
    """The best strength each row of rank counts makes, suits ignored (no flush is considered).

    Works for any number of cards per row, at least five.
    """
    ranks, sizes = _grouped(counts)
    zero = np.zeros(len(counts), dtype=np.int64)
    masks = (counts > 0).astype(np.int64) @ (1 << np.arange(13, dtype=np.int64))
    top = straight_tops(masks)
    first, second, third = ranks[:, 0], ranks[:, 1], ranks[:, 2]
    kicker_after_one = ranks[:, 1:].max(axis=1)
    kicker_after_two = ranks[:, 2:].max(axis=1)
    best_pair_after_one = np.where(sizes[:, 1:] >= 2, ranks[:, 1:], 0).max(axis=1)
    full_house = (sizes[:, 0] == 3) & (sizes[:, 1] >= 2)
    choices = [
        (sizes[:, 0] >= 4, reference.FOUR_OF_A_KIND, [first, kicker_after_one, zero, zero, zero]),
        (full_house, reference.FULL_HOUSE, [first, best_pair_after_one, zero, zero, zero]),
        (top > 0, reference.STRAIGHT, [top, zero, zero, zero, zero]),
        (sizes[:, 0] == 3, reference.THREE_OF_A_KIND, [first, second, third, zero, zero]),
        (sizes[:, 1] == 2, reference.TWO_PAIR, [first, second, kicker_after_two, zero, zero]),
        (sizes[:, 0] == 2, reference.PAIR, [first, second, third, ranks[:, 3], zero]),
        (sizes[:, 0] == 1, reference.HIGH_CARD, [ranks[:, column] for column in range(5)]),
    ]
    strengths = np.full(len(counts), -1, dtype=np.int64)
    for condition, category, tiebreak in reversed(choices):
        value = _encode(np.full(len(counts), category), np.stack(tiebreak, axis=1))
        strengths = np.where(condition, value, strengths)
    return strengths


def flush_strengths() -> IntArray:
    """The best strength of the cards of one suit, indexed by their 13-bit rank mask.

    Masks of fewer than five ranks hold 0 (no flush there).
    """
    masks = np.arange(1 << 13, dtype=np.int64)
    present = (masks[:, None] >> np.arange(13)) & 1
    ranks = -np.sort(-(present * _RANK_VALUES), axis=1)[:, :5]
    top = straight_tops(masks)
    zero = np.zeros_like(masks)
    straight_flush = _encode(np.full(len(masks), reference.STRAIGHT_FLUSH), np.stack([top, zero, zero, zero,
                                                                                      zero], axis=1))
    flush = _encode(np.full(len(masks), reference.FLUSH), ranks)
    strengths = np.where(top > 0, straight_flush, flush)
    return np.where(present.sum(axis=1) >= 5, strengths, 0)


@cache
def nonflush_table(n_cards: int) -> tuple[npt.NDArray[np.uint16], IntArray]:
    """For hands of exactly ``n_cards`` (5, 6 or 7): an index per rank-key sum, and the distinct
    strengths (ascending) the indexes stand for. The best hand without a flush of cards whose rank
    keys sum to ``k`` is ``distinct[table[k]]``. About 15 MB for seven cards; built once per size.

    >>> table, distinct = nonflush_table(5)
    >>> len(distinct), table.dtype.name
    (6175, 'uint16')
    """
    if not 5 <= n_cards <= MAX_CARDS:
        raise CardError(f"rank tables cover hands of 5 to {MAX_CARDS} cards, not {n_cards}")
    counts = rank_multisets(n_cards)
    counts = counts[counts.sum(axis=1) == n_cards]
    keys = counts.astype(np.int64) @ np.array(RANK_KEYS, dtype=np.int64)
    distinct, index = np.unique(nonflush_strengths(counts), return_inverse=True)
    table = np.zeros(int(keys.max()) + 1, dtype=np.uint16)
    table[keys] = index
    return table, distinct


def rank_slots() -> tuple[list[int], list[int], list[int]]:
    """The compact rank table of the single-hand path (its layout is described in
    :mod:`homegame.ranking.high`): the row offsets, the slots, and the distinct strengths they index.

    Every rank multiset of five to seven cards is one entry, keyed by its card count and rank-key
    sum. Rows are placed first fit, most entries first (ties by row number, so the table is always
    the same), each at the lowest offset where none of its entries meets one already placed: with
    rows this sparse, some 87% of the slots end up used.

    >>> offsets, slots, strengths = rank_slots()
    >>> len(offsets), len(strengths), sum(slot != EMPTY_SLOT for slot in slots)
    (8192, 6175, 73775)
    """
    numbers, strengths = [], []
    for n_cards in range(5, MAX_CARDS + 1):
        counts = rank_multisets(n_cards)
        counts = counts[counts.sum(axis=1) == n_cards]
        rank_sums = counts.astype(np.int64) @ np.array(RANK_KEYS, dtype=np.int64)
        numbers.extend((n_cards << high._RANK_SUM_BITS | rank_sums).tolist())
        strengths.append(nonflush_strengths(counts))
    distinct, index = np.unique(np.concatenate(strengths), return_inverse=True)
    by_row: list[list[tuple[int, int]]] = [[] for _ in range(1 << high._ROW_BITS)]
    for number, strength_index in zip(numbers, index.tolist(), strict=True):
        hashed = high.scrambled_rank_key(number)
        by_row[hashed & high._ROW_MASK].append((hashed >> high._ROW_BITS, strength_index))
    offsets = _first_fit([[column for column, _ in entries] for entries in by_row])
    slots = [EMPTY_SLOT] * (max(offset + column for offset, entries in zip(offsets, by_row, strict=True)
                                for column, _ in entries) + 1)
    for row, (offset, entries) in enumerate(zip(offsets, by_row, strict=True)):
        for column, strength_index in entries:
            slots[offset + column] = row << high._INDEX_BITS | strength_index
    return offsets, slots, distinct.tolist()


def _first_fit(rows: list[list[int]]) -> list[int]:
    """An offset per row such that no two rows' ``offset + column`` meet, fullest rows first.

    The taken slots are one Python integer used as a bit set: the offsets free for a row are the
    bits set in every ``free >> column``, and the lowest of them is taken."""
    offsets = [0] * len(rows)
    taken = 0
    for row in sorted(range(len(rows)), key=lambda row: (-len(rows[row]), row)):
        if not rows[row]:
            continue
        free = ~taken
        fits = (1 << (taken.bit_length() + 1)) - 1
        for column in rows[row]:
            fits &= free >> column
        offset = (fits & -fits).bit_length() - 1
        offsets[row] = offset
        for column in rows[row]:
            taken |= 1 << (offset + column)
    return offsets


def shipped_tables() -> dict[str, list[list[int]]]:
    """The tables the single-hand path reads (see ``homegame.ranking.high.shipped_table``), built."""
    return {"flush": [flush_strengths().tolist()], "rank": list(rank_slots())}


def write_shipped() -> None:
    """Write :func:`shipped_tables` where the single-hand path reads them."""
    for name, table in shipped_tables().items():
        text = json.dumps(table, separators=(",", ":")).encode()
        with open(os.path.join(SHIPPED_TABLES, f"{name}.zlib"), "wb") as shipped:
            shipped.write(zlib.compress(text, 9))


if __name__ == "__main__":
    write_shipped()
