"""Action indices: the segments an encoding numbers its actions with, the legal indices of a
turn, and the arithmetic that numbers sets of card positions.

An :class:`~homegame.agents.encoding.Encoding` is made of :class:`Segment` s (the kinds are in
:mod:`homegame.agents.segments`); a turn's legal indices are a shared :class:`Legal`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from math import comb
from typing import Any, Final, TypeGuard

import numpy as np

from homegame._compile import mypyc_attr
from homegame.agents.features import Mask
from homegame.cards import Card
from homegame.engine import Action, ActionSet, Family, action_sets
from homegame.errors import HomegameError

__all__ = ["IllegalIndex", "Legal", "Segment", "is_index", "legal_marks", "positions_of", "rank_combination",
           "unrank_combination"]


class IllegalIndex(HomegameError):
    """An action index that is out of range or not legal for the seat now."""


def rank_combination(chosen: Sequence[int], n: int) -> int:
    """The lexicographic rank of the sorted positions ``chosen`` among all of ``range(n)`` of
    their size (the order of the engine's ``Subsets``).

    >>> rank_combination((0, 1, 2), 7), rank_combination((4, 5, 6), 7), comb(7, 3)
    (0, 34, 35)
    """
    rank, start, size = 0, 0, len(chosen)
    for taken, position in enumerate(chosen):
        left = size - taken - 1
        rank += sum(comb(n - candidate - 1, left) for candidate in range(start, position))
        start = position + 1
    return rank


def unrank_combination(rank: int, n: int, size: int) -> tuple[int, ...]:
    """The positions of rank ``rank`` (the inverse of :func:`rank_combination`): the engine's own
    unranking, which numbers its ``Subsets`` and ``Arrangements``.

    >>> unrank_combination(34, 7, 3)
    (4, 5, 6)
    """
    return action_sets.unrank_combination(n, size, rank)


def positions_of(cards: Sequence[Card], held: Sequence[Card]) -> tuple[int, ...] | None:
    """The positions in ``held`` of ``cards``, the earliest ones for repeated cards (so that two
    ways of naming the same cards get one index), or ``None`` if they are not all held."""
    try:
        found = sorted(held.index(card) for card in cards)
    except ValueError:
        return None
    if len(set(found)) == len(found):
        return tuple(found)
    used: set[int] = set()
    for card in cards:
        position = next((i for i, c in enumerate(held) if c == card and i not in used), None)
        if position is None:
            return None
        used.add(position)
    return tuple(sorted(used))


class Segment(ABC):
    """A contiguous run of action indices that all mean one kind of move.

    ``kinds`` are the engine action kinds it numbers. Subclasses turn an action into a local index
    (:meth:`encode`, ``None`` when it is not theirs), a local index back into the action
    (:meth:`decode`), and may number a whole legal family at once (:meth:`family`).
    """

    def __init__(self, name: str, size: int, meaning: str, kinds: Sequence[str] = ()) -> None:
        self.name, self.size, self.meaning = name, size, meaning
        self.kinds = tuple(kinds)
        self.start = 0

    @abstractmethod
    def encode(self, view: Any, legal: ActionSet, action: Action) -> int | None:
        """The local index of ``action``, or ``None`` when this segment does not number it."""

    @abstractmethod
    def decode(self, view: Any, legal: ActionSet, local: int) -> Action | None:
        """The action of a local index for this view, or ``None`` when it names none now."""

    def family(self, view: Any, family: Family) -> tuple[int, ...] | range | None:
        """The local indices of every action of ``family`` at once, or ``None`` to have them
        encoded one by one. A tuple or a range: the encoding knows a turn by them (see
        :meth:`Encoding.legal`). Subclasses keep this very signature: a narrower return type makes
        the compiled build convert every call through a glue method."""
        return None

    def describe(self, local: int) -> str:
        """What a local index means without a view (for OpenSpiel's action strings)."""
        return f"{self.name} {local}"


@mypyc_attr(allow_interpreted_subclasses=True)  # copied and pickled without __init__ (see _compile.py)
class Legal:
    """The legal action indices of a turn: ``mask`` (read-only: hand out copies), ``allowed``,
    the same marks as bytes, which tell whether an index is legal without a numpy call, and
    ``indices``, the legal indices in order."""

    __slots__ = ("allowed", "indices", "mask")

    def __init__(self, empty: Mask, marks: Iterable[int | range]) -> None:
        for mark in marks:
            if isinstance(mark, range):
                empty[mark.start:mark.stop] = 1
            else:
                empty[mark] = 1
        empty.flags.writeable = False
        self.mask = empty
        self.allowed = empty.tobytes()
        self.indices: tuple[int, ...] = tuple(np.flatnonzero(empty).tolist())

    def allows(self, index: int) -> bool:
        """Whether ``index`` (an integer, any size or sign) is legal."""
        return 0 <= index < len(self.allowed) and self.allowed[index] == 1


def legal_marks(pieces: list[tuple[int, Sequence[int]]]) -> list[int | range]:
    """The indices a turn's pieces (each a start and local indices) mark: a whole run of local
    indices as one range."""
    marks: list[int | range] = []
    for start, local in pieces:
        if isinstance(local, range) and local.step == 1:
            marks.append(range(start + local.start, start + local.stop))
        else:
            marks.extend([start + number for number in local])
    return marks


def is_index(value: object) -> TypeGuard[int | np.integer[Any]]:
    """Whether ``value`` is an integer index: a Python or numpy integer, not a ``bool`` (a plain
    ``int``, the usual case, is told by its type alone)."""
    return type(value) is int or (isinstance(value, _INTEGERS) and not isinstance(value, bool))


_INTEGERS: Final = (int, np.integer)
"""What :func:`is_index` accepts, as a tuple made once (a union written in the call is a new
object every time, and costs more than the rest of the test)."""
