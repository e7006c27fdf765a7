"""What one seat of a Open-Face Chinese Poker hand may see: the game's view, as plain data.

It has a module of its own so that it stays plain Python in the compiled build, where the JSON
codec reads its field types (compiled classes keep only the outer type of each field).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from homegame.cards import Card
from homegame.engine import View
from homegame.games._units import Payment

__all__ = ["FoulKind", "OpenFaceView", "PlacingWarning"]

FoulKind = Literal["risk", "will foul"]
"""How sure a foul is: ``"risk"`` (a lower row is ahead so far) or ``"will foul"`` (whatever comes)."""


@dataclass(frozen=True, slots=True)
class PlacingWarning:
    """What placing ``card`` in ``row`` ("front", "middle" or "back") does to the rows: it risks a
    foul or makes one certain (``kind``), and why (``reason``, "the middle is stronger than the
    back so far").

    >>> from homegame.cards import card
    >>> print(PlacingWarning(card("3c"), "middle", "risk", "the front is stronger than the middle so far"))
    3c in the middle risks a foul: then the front is stronger than the middle so far
    """

    card: Card
    row: str
    kind: FoulKind
    reason: str

    def __str__(self) -> str:
        does = "fouls for sure" if self.kind == "will foul" else "risks a foul"
        return f"{self.card} in the {self.row} {does}: then {self.reason}"


@dataclass(frozen=True)
class OpenFaceView(View):
    """One seat's view: every placed card it may see (a fantasyland hand only once shown), its own
    unplaced cards, and at the end royalties, fouls and every payment with its reason."""

    unit: int
    pair_units: tuple[tuple[int, int, int], ...]
    """Units two players agreed on between themselves: ``(seat, seat, chips a unit)``."""
    graded_front_trips: bool
    rows: dict[int, tuple[tuple[Card, ...], ...]]
    row_names: dict[int, tuple[str, ...]]
    pending: tuple[Card, ...]
    fantasyland: tuple[int, ...]
    fantasy_set: tuple[int, ...]
    stock_size: int
    warnings: tuple[PlacingWarning, ...]
    """For a seat with one card to place: a warning for each row with room where it would risk a
    foul or make one certain."""
    hint: str
    fouled: tuple[int, ...]
    royalties: dict[int, tuple[int, ...]]
    payments: tuple[Payment, ...]
    totals: dict[int, int]
    next_fantasyland: tuple[int, ...]
