"""What one seat of a Chinese Poker hand may see: the game's view, as plain data.

It has a module of its own so that it stays plain Python in the compiled build, where the JSON
codec reads its field types (compiled classes keep only the outer type of each field).
"""

from __future__ import annotations

from dataclasses import dataclass

from homegame.cards import Card
from homegame.engine import View
from homegame.games._units import Payment

__all__ = ["ChineseView"]


@dataclass(frozen=True)
class ChineseView(View):
    """One seat's view. ``hand`` is the seat's thirteen cards; ``my_setting`` its chosen rows (or
    its natural) and ``my_foul`` why they foul ("" if they do not); ``shown`` the rows revealed so
    far (naturals, then showdown), ``row_names`` the names of those rows and of the seat's own,
    ``payments`` every payment with its reason once made."""

    phase: str
    unit: int
    pair_units: tuple[tuple[int, int, int], ...]
    """Units two players agreed on between themselves: ``(seat, seat, chips a unit)``."""
    surrender_cost: int
    """What a surrender costs this seat, in chips: two units to every opponent."""
    hand: tuple[Card, ...]
    my_setting: tuple[tuple[Card, ...], ...]
    my_natural: str | None
    available_naturals: tuple[str, ...]
    decided: tuple[int, ...]
    naturals: dict[int, str]
    surrendered: tuple[int, ...]
    shown: dict[int, tuple[tuple[Card, ...], ...]]
    row_names: dict[int, tuple[str, ...]]
    my_foul: str
    fouled: tuple[int, ...]
    payments: tuple[Payment, ...]
    totals: dict[int, int]
    hint: str
