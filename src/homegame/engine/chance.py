"""Chance: every shuffle, die roll and random choice of a hand goes through one :class:`Chance`.

A seed gives a reproducible hand (tests, simulations); no seed uses the operating system's
randomness. The global ``random`` state is never touched. Every outcome is recorded, so a hand's
history can replay it exactly: :meth:`Chance.replaying` answers with the recorded outcomes instead.

>>> chance = Chance(seed=7)
>>> chance.roll(6), chance.roll(6)
(3, 2)
>>> again = Chance.replaying(chance.record)
>>> again.roll(6), again.roll(6)
(3, 2)

A copy (:meth:`Chance.copy`, what ``state.clone()`` uses) draws exactly what the original will:

>>> twin = chance.copy()
>>> chance.roll(6) == twin.roll(6), chance.roll(100) == twin.roll(100)
(True, True)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, TypeVar

from homegame.errors import ReplayError

__all__ = ["Chance", "ChanceError"]

T = TypeVar("T")


def _shuffled_indices(source: random.Random, count: int) -> list[int]:
    """``list(range(count))`` shuffled exactly as ``source.shuffle`` would, with less overhead.

    The loop is the standard library's Fisher-Yates with its rejection sampling written inline,
    so a seed gives the same deal as before; only the Python calls per card are saved.

    >>> expected = list(range(54))
    >>> random.Random(9).shuffle(expected)
    >>> _shuffled_indices(random.Random(9), 54) == expected
    True
    """
    order = list(range(count))
    if isinstance(source, random.SystemRandom):
        source.shuffle(order)
        return order
    getrandbits = source.getrandbits
    for i, bits in _steps(count):
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        order[i], order[j] = order[j], order[i]
    return order


@lru_cache(maxsize=64)
def _steps(count: int) -> tuple[tuple[int, int], ...]:
    """For each Fisher-Yates step ``i``, the bits that ``randbelow(i + 1)`` draws."""
    return tuple((i, (i + 1).bit_length()) for i in range(count - 1, 0, -1))


class ChanceError(ReplayError):
    """A replayed hand asked chance for something the recording does not hold."""


class Chance:
    """The one random source of a hand. ``record`` lists every outcome drawn, as plain JSON data."""

    __slots__ = ("_goes_on", "_holders", "_random", "_script", "record")

    def __init__(self, seed: int | str | None = None) -> None:
        self._random: random.Random = random.SystemRandom() if seed is None else random.Random(seed)
        self._script: list[Any] | None = None
        self._goes_on = False
        self._holders = [1]
        self.record: list[Any] = []

    def copy(self) -> Chance:
        """A chance that goes on exactly as this one will, and independently of it.

        Copying a generator's state costs more than a whole clone of a betting hand, and most
        copies never draw (search plays a copy for a few actions and drops it), so the two share
        the generator until one of them draws: the one that draws first takes a copy of its own
        (see :meth:`_own_generator`). The operating system's randomness has no state: a copy of it
        draws its own.
        """
        twin = Chance(None)
        if not isinstance(self._random, random.SystemRandom):
            twin._random = self._random
            self._holders[0] += 1
            twin._holders = self._holders
        twin._script = None if self._script is None else list(self._script)
        twin._goes_on = self._goes_on
        twin.record = list(self.record)
        return twin

    def _own_generator(self) -> random.Random:
        """The generator, first copied if a copy of this chance still shares it."""
        holders = self._holders
        if holders[0] > 1:
            holders[0] -= 1
            self._random = copy.deepcopy(self._random)
            self._holders = [1]
        return self._random

    @classmethod
    def replaying(cls, record: Sequence[Any], then: Chance | None = None) -> Chance:
        """A chance that gives back ``record``'s outcomes in order, for replaying a history.

        When they run out it raises :class:`ChanceError`, or, given ``then``, goes on drawing as a
        copy of ``then`` would: a cloned hand continues exactly as the original will. (The
        operating system's randomness has no state to copy: a copy of it draws its own.)
        """
        chance = cls(seed=0)
        chance._script = list(reversed(record))
        if then is not None:
            system = isinstance(then._random, random.SystemRandom)
            chance._random = random.SystemRandom() if system else copy.deepcopy(then._random)
            chance._goes_on = True
        return chance

    def _recorded(self, kind: str) -> Any:
        """The next recorded outcome, or ``None`` when chance draws afresh; raises when the
        recording is used up and may not go on."""
        script = self._script
        if script:
            return script.pop()
        if script is None:
            return None
        if self._goes_on:
            self._script = None
            return None
        raise ChanceError(f"the recording has no more outcomes (wanted a {kind})")

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy of ``items``; the order is recorded as indices into ``items``."""
        order = self._recorded("shuffle")
        if order is None:
            order = _shuffled_indices(self._own_generator(), len(items))
        elif sorted(order) != list(range(len(items))):
            raise ChanceError("the recorded shuffle does not fit these cards")
        self.record.append(order)
        return list(map(items.__getitem__, order))

    def roll(self, faces: int) -> int:
        """A fair die of ``faces`` faces: 1 to ``faces``."""
        outcome = self._recorded("roll")
        if outcome is None:
            outcome = self._own_generator().randint(1, faces)
        elif not (isinstance(outcome, int) and 1 <= outcome <= faces):
            raise ChanceError(f"the recorded roll {outcome!r} is not a face of a {faces}-sided die")
        self.record.append(outcome)
        return int(outcome)

    def pick(self, items: Sequence[T]) -> T:
        """One of ``items``, uniformly."""
        return items[self.roll(len(items)) - 1]
