"""Chance: every shuffle, die roll and random choice of a hand goes through one :class:`Chance`.

A seed gives a reproducible hand (tests, simulations); no seed draws from the operating system's
randomness. The global ``random`` state is never touched. Every outcome is recorded, so a hand's
history can replay it exactly: :meth:`Chance.replaying` answers with the recorded outcomes instead.

>>> chance = Chance(seed=7)
>>> chance.roll(6), chance.roll(6)
(5, 4)
>>> again = Chance.replaying(chance.record)
>>> again.roll(6), again.roll(6)
(5, 4)

A seeded chance is a counter-mode stream: its ``n``-th draw reads the bytes of BLAKE2b over the
seed, salted with ``n`` (and a block number, should one draw need more than 64 bytes), and turns
them into a uniform choice by rejection. So a hand costs one short hash per shuffle or roll rather
than the seeding of a Mersenne Twister, which cost more than all the rest of a deal; the same seed
gives the same hand on every build and platform; and a copy is the seed and a count
(:meth:`Chance.copy`, what ``state.clone()`` uses), drawing exactly what the original will:

>>> twin = chance.copy()
>>> chance.roll(6) == twin.roll(6), chance.roll(1000) == twin.roll(1000)
(True, True)
"""

from __future__ import annotations

import random
import struct
from collections.abc import Sequence
from functools import lru_cache
from hashlib import blake2b
from typing import Any, Final, TypeVar

from homegame._compile import mypyc_attr
from homegame.errors import ReplayError

__all__ = ["Chance", "ChanceError"]

T = TypeVar("T")

_COUNTERS: Final = struct.Struct("<QQ")
_BLOCK: Final = 64
_SYSTEM: Final = random.SystemRandom()


def _block(key: bytes, draw: int, block: int) -> bytes:
    """The ``block``-th 64 bytes of the stream of draw number ``draw`` of the chance ``key``."""
    return blake2b(key, digest_size=_BLOCK, salt=_COUNTERS.pack(draw, block)).digest()


_AGAIN: Final = 255
"""In a row of :func:`_positions`: the byte is past the step's limit, so the step draws again."""


@lru_cache(maxsize=64)
def _positions(count: int) -> tuple[bytes, ...]:
    """For each Fisher-Yates step of ``count`` items (row ``i``, from 1 to ``count - 1``; row 0 is
    unused), the position each byte ``b`` draws, ``b % (i + 1)``, or :data:`_AGAIN` for a byte at or
    past the largest multiple of ``i + 1`` up to 256 (which would favour the low positions).

    A row is a lookup in place of a comparison and a division for every byte drawn. Row 255 (256
    items) would need 255 as a position: its step takes any byte, and :func:`_permute` does it
    before reading the rows."""
    return tuple(bytes(byte % (i + 1) if byte < 256 - 256 % (i + 1) else _AGAIN for byte in range(256))
                 if 0 < i < 255 else b"" for i in range(count))


def _permute(key: bytes, draw: int, items: list[Any]) -> None:
    """Shuffle ``items`` in place as draw number ``draw`` of ``key`` orders them (Fisher-Yates, one
    byte a step, a byte past the step's limit drawn again so that every order is as likely).

    >>> order = list(range(52))
    >>> _permute(b"7", 0, order)
    >>> sorted(order) == list(range(52))
    True
    >>> again, other = list(range(52)), list(range(52))
    >>> _permute(b"7", 0, again), _permute(b"7", 1, other)
    (None, None)
    >>> order == again != other
    True
    """
    if len(items) > 256:
        _permute_widely(key, draw, items)
        return
    i = len(items) - 1
    if i <= 0:
        return
    rows = _positions(len(items))
    stream = _block(key, draw, 0)
    if i == 255:  # the first step of 256 items: every byte is a position
        j = stream[0]
        items[i], items[j] = items[j], items[i]
        stream, i = stream[1:], i - 1
    block = 0
    while True:
        for byte in stream:
            j = rows[i][byte]
            if j != _AGAIN:
                items[i], items[j] = items[j], items[i]
                i -= 1
                if i == 0:
                    return  # not a block more, which no step would read
        block += 1
        stream = _block(key, draw, block)


def _permute_widely(key: bytes, draw: int, items: list[Any]) -> None:
    """:func:`_permute` for more than 256 items, each step a number below it drawn whole."""
    numbers = _Numbers(key, draw)
    for i in range(len(items) - 1, 0, -1):
        j = numbers.below(i + 1)
        items[i], items[j] = items[j], items[i]


class _Numbers:
    """Uniform whole numbers from one draw's stream of bytes."""

    def __init__(self, key: bytes, draw: int) -> None:
        self.key, self.draw = key, draw
        self.block = 0
        self.stream = _block(key, draw, 0)
        self.position = 0

    def _bytes(self, size: int) -> int:
        taken = b""
        while len(taken) < size:
            if self.position == _BLOCK:
                self.block += 1
                self.stream = _block(self.key, self.draw, self.block)
                self.position = 0
            end = min(_BLOCK, self.position + size - len(taken))
            taken += self.stream[self.position:end]
            self.position = end
        return int.from_bytes(taken, "little")

    def below(self, bound: int) -> int:
        """A number from 0 to ``bound - 1``, each as likely."""
        size = max(1, ((bound - 1).bit_length() + 7) // 8)
        span: int = 1 << (8 * size)
        limit = span - span % bound
        number = limit
        while number >= limit:
            number = self._bytes(size)
        return number % bound


class ChanceError(ReplayError):
    """A replayed hand asked chance for something the recording does not hold."""


@mypyc_attr(allow_interpreted_subclasses=True)  # copy() makes one without __init__ (see _compile.py)
class Chance:
    """The one random source of a hand. ``record`` lists every outcome drawn, as plain JSON data."""

    __slots__ = ("_draws", "_goes_on", "_key", "_script", "record")

    def __init__(self, seed: int | str | None = None) -> None:
        self._key: bytes | None = None if seed is None else _key_of(seed)
        self._draws = 0
        self._script: list[Any] | None = None
        self._goes_on = False
        self.record: list[Any] = []

    def copy(self) -> Chance:
        """A chance that goes on exactly as this one will, and independently of it. The operating
        system's randomness is not foreseeable: a copy of such a chance draws afresh too."""
        twin = Chance.__new__(Chance)  # no __init__: every field is set here
        twin._key, twin._draws, twin._goes_on = self._key, self._draws, self._goes_on
        twin._script = None if self._script is None else list(self._script)
        twin.record = list(self.record)
        return twin

    @classmethod
    def replaying(cls, record: Sequence[Any], then: Chance | None = None) -> Chance:
        """A chance that gives back ``record``'s outcomes in order, for replaying a history.

        When they run out it raises :class:`ChanceError`, or, given ``then``, goes on drawing as a
        copy of ``then`` would: a cloned hand continues exactly as the original will.
        """
        chance = then.copy() if then is not None else cls(seed=0)
        chance.record = []
        chance._script = list(reversed(record))
        chance._goes_on = then is not None
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

    def _next_draw(self) -> int:
        draw = self._draws
        self._draws = draw + 1
        return draw

    def shuffle(self, items: Sequence[T], *, record: bool = True) -> list[T]:
        """A shuffled copy of ``items``; the order is recorded as indices into ``items`` unless
        ``record`` is false (a hand's deck, whose order its history keeps)."""
        order = self._recorded("shuffle")
        if order is None:
            if not record:
                shuffled = list(items)
                self._permute(shuffled)
                return shuffled
            order = list(range(len(items)))
            self._permute(order)
        elif not _reorders(order, len(items)):
            raise ChanceError("the recorded shuffle does not fit these cards")
        if record:
            self.record.append(order)
        return [items[index] for index in order]

    def _permute(self, items: list[Any]) -> None:
        if self._key is None:
            _SYSTEM.shuffle(items)
        else:
            _permute(self._key, self._next_draw(), items)

    def roll(self, faces: int) -> int:
        """A fair die of ``faces`` faces: 1 to ``faces``."""
        if faces < 1:
            raise ValueError(f"a die has at least one face, not {faces}")
        outcome = self._recorded("roll")
        if outcome is None:
            outcome = _SYSTEM.randint(1, faces) if self._key is None else \
                1 + _Numbers(self._key, self._next_draw()).below(faces)
        elif not (isinstance(outcome, int) and 1 <= outcome <= faces):
            raise ChanceError(f"the recorded roll {outcome!r} is not a face of a {faces}-sided die")
        self.record.append(outcome)
        return int(outcome)

    def pick(self, items: Sequence[T]) -> T:
        """One of ``items``, uniformly."""
        return items[self.roll(len(items)) - 1]


def _key_of(seed: int | str) -> bytes:
    """The bytes a seed's stream is hashed from: its text, marked as a number or a string so that
    ``7`` and ``"7"`` deal differently."""
    return (b"#" if isinstance(seed, int) else b"$") + str(seed).encode()


def _reorders(order: object, size: int) -> bool:
    """Whether a recorded ``order`` (read from a history, so of any shape) puts ``size`` items in
    an order: each index from 0 to ``size - 1`` once, as whole numbers.

    >>> _reorders([2, 0, 1], 3), _reorders([0, 0, 1], 3), _reorders([1, None, 0], 3)
    (True, False, False)
    """
    return isinstance(order, list) and all(type(index) is int for index in order) \
        and sorted(order) == list(range(size))
