"""What a unit is worth in the games settled one pair of players at a time (Chinese Poker and
Open-Face Chinese Poker).

The table agrees on a unit in chips; any two players may agree on a unit of their own for what
passes between the two of them, and every other pair keeps the table's. The setting names such
pairs by their seats: ``pair_units="0-1:5"`` makes a unit worth 5 chips between seats 0 and 1.

>>> table = PairUnits.parse("0-1:5, 2-3:20", players=4, unit=2)
>>> table.between(1, 0), table.between(0, 2), table.as_triples()
(5, 2, ((0, 1, 5), (2, 3, 20)))
>>> table.against_everyone(4)  # seat 2 or 3: 20 + 2 + 2
24
>>> PairUnits.parse("0-0:5", players=2, unit=1)
Traceback (most recent call last):
...
homegame.errors.GameError: units two players agreed on: 0-0:5 names seat 0 twice; a pair is two ...
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import ClassVar, Final

from homegame.engine import Game, Setting
from homegame.engine.game import MAX_CHIPS
from homegame.errors import GameError

__all__ = ["PairUnits", "PairwiseGame", "Payment"]

_PAIR: Final = re.compile(r"(\d+)-(\d+):(\d+)")


@dataclass(frozen=True)
class PairUnits:
    """The table's unit in chips, and the units two players agreed on between themselves."""

    unit: int
    agreed: dict[tuple[int, int], int] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str, *, players: int, unit: int) -> PairUnits:
        """Read ``"A-B:CHIPS"`` pairs, split by spaces or commas; :class:`GameError` says what is
        wrong with the first bad one."""
        agreed: dict[tuple[int, int], int] = {}
        for item in text.replace(",", " ").split():
            match = _PAIR.fullmatch(item)
            if match is None:
                raise _refused(f"{item!r} is not a pair's unit, written seat-seat:chips such as 0-1:5")
            a, b, chips = (int(group) for group in match.groups())
            pair = (min(a, b), max(a, b))
            if a == b:
                raise _refused(f"{item} names seat {a} twice; a pair is two different seats")
            if pair[1] >= players:
                raise _refused(f"{item} names seat {pair[1]}, but the seats are 0 to {players - 1}")
            if not 1 <= chips <= MAX_CHIPS:
                raise _refused(f"{item} gives a unit of {chips} chips; a unit is 1 to {MAX_CHIPS} chips")
            if pair in agreed:
                raise _refused(f"seats {pair[0]} and {pair[1]} are given a unit twice")
            agreed[pair] = chips
        return cls(unit, agreed)

    @classmethod
    def from_triples(cls, unit: int, agreed: Iterable[tuple[int, int, int]]) -> PairUnits:
        """The units as a view shows them (its ``unit`` and ``pair_units``, see :meth:`as_triples`).

        >>> PairUnits.from_triples(1, ((0, 2, 10),)).between(2, 0)
        10
        """
        return cls(unit, {(a, b): chips for a, b, chips in agreed})

    def between(self, a: int, b: int) -> int:
        """Chips a unit between seats ``a`` and ``b``."""
        return self.agreed.get((min(a, b), max(a, b)), self.unit)

    def with_everyone(self, seat: int, players: int) -> int:
        """What one unit from every opponent of ``seat`` comes to, in chips (a surrender's cost is
        two of these)."""
        return sum(self.between(seat, other) for other in range(players) if other != seat)

    def against_everyone(self, players: int) -> int:
        """The most :meth:`with_everyone` comes to for any seat: what bounds a hand's result."""
        return max(self.with_everyone(seat, players) for seat in range(players))

    def as_triples(self) -> tuple[tuple[int, int, int], ...]:
        """The agreed units as ``(seat, seat, chips)``, lower seats first: how a view shows them."""
        return tuple((a, b, chips) for (a, b), chips in sorted(self.agreed.items()))


def _refused(why: str) -> GameError:
    return GameError(f"units two players agreed on: {why}", setting="pair_units")


class PairwiseGame(Game):
    """A game settled between every two players on their own, in units of chips."""

    settings: ClassVar[dict[str, Setting]] = {
        "unit": Setting(1, "chips a unit: every payment is this many chips a unit", minimum=1,
                        label="Chips a unit"),
        "pair_units": Setting("", "units two players agreed on between themselves, as seat-seat:chips "
                                  "pairs split by spaces, such as 0-1:5 (seats 0 and 1 play for 5 chips "
                                  "a unit); every other pair plays for the table's unit",
                              label="Units two players agreed on"),
    }
    scores_in_chips = True
    units: PairUnits

    def check_config(self) -> None:
        self.units = PairUnits.parse(self.config["pair_units"], players=self.player_count,
                                     unit=self.config["unit"])


@dataclass(frozen=True, slots=True)
class Payment:
    """Units one player pays another, and why ("middle: flush beats straight").

    Plain Python, not compiled with the rows' rules: the views show payments, and a view's schema
    describes each value in it by its docstring, which a compiled class does not keep.
    """

    payer: int
    payee: int
    units: int
    reason: str

    def __str__(self) -> str:
        return f"seat {self.payer} pays seat {self.payee} {self.units}: {self.reason}"
