"""Seats around a table: clockwise order and simultaneous choices.

Seats are numbered clockwise from 0; "left" is the next seat clockwise.

>>> clockwise(start=3, players=4)
[3, 0, 1, 2]
>>> left_of(3, players=4), right_of(0, players=4)
(0, 3)
>>> clockwise(start=2, players=5, among={0, 2, 4})
[2, 4, 0]
>>> choice = SimultaneousChoice([0, 2])
>>> choice.choose(2, "high"); choice.waiting, choice.done
((0,), False)
>>> choice.choose(0, "low"); choice.done, choice.choices
(True, {2: 'high', 0: 'low'})
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Generic, TypeVar

from homegame._compile import mypyc_attr

__all__ = ["SimultaneousChoice", "clockwise", "left_of", "right_of"]

T = TypeVar("T")


def left_of(seat: int, players: int, steps: int = 1) -> int:
    """The seat ``steps`` places clockwise (to the left) of ``seat``."""
    return (seat + steps) % players


def right_of(seat: int, players: int, steps: int = 1) -> int:
    """The seat ``steps`` places anticlockwise (to the right) of ``seat``."""
    return (seat - steps) % players


def clockwise(start: int, players: int, among: Collection[int] | None = None) -> list[int]:
    """Every seat (or every seat in ``among``) in clockwise order, beginning at ``start``."""
    order = [(start + step) % players for step in range(players)]
    return order if among is None else [seat for seat in order if seat in among]


@mypyc_attr(allow_interpreted_subclasses=True)  # copied and pickled without __init__ (see _compile.py)
class SimultaneousChoice(Generic[T]):
    """Choices several seats make at once (passing cards, declaring): each seat's choice stays
    hidden from the others until everyone has chosen."""

    __slots__ = ("choices", "seats")

    def __init__(self, seats: Iterable[int]) -> None:
        self.seats = tuple(seats)
        self.choices: dict[int, T] = {}

    def copy(self) -> SimultaneousChoice[T]:
        """The same seats and choices, independent of this one (choices are values, shared)."""
        twin: SimultaneousChoice[T] = SimultaneousChoice(self.seats)
        twin.choices = dict(self.choices)
        return twin

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats that have not chosen yet, in seat order."""
        choices = self.choices
        waiting = []
        for seat in self.seats:  # a loop: a generator is a function object in plain Python, and
            if seat not in choices:  # filterfalse costs the compiled build twice the loop
                waiting.append(seat)
        return tuple(waiting)

    @property
    def done(self) -> bool:
        return len(self.choices) == len(self.seats)

    def choose(self, seat: int, choice: T) -> None:
        if seat not in self.seats or seat in self.choices:
            raise ValueError(f"seat {seat} has no choice to make here")
        self.choices[seat] = choice
