"""What one seat of a Whiskey Poker hand may see: the game's view, as plain data.

It has a module of its own so that it stays plain Python in the compiled build, where the JSON
codec reads its field types (compiled classes keep only the outer type of each field).
"""

from __future__ import annotations

from dataclasses import dataclass

from homegame.cards import Card
from homegame.engine import View

__all__ = ["WhiskeyView"]


@dataclass(frozen=True)
class WhiskeyView(View):
    """A seat's view. ``phase``: bet1, exchange, bet2, widow, bet3 or over (no bet phases with
    the chips variant). ``widow`` holds the widow's cards when this seat may know them (face up in
    the widow phase, or the seat's own old hand lying face down). ``knocker`` is the knock that will
    end the current phase. ``chips`` is each player's chips in the chips variant."""

    phase: str
    hand: tuple[Card, ...]
    hint: str
    widow: tuple[Card, ...] | None
    widow_face_up: bool
    knocker: int | None
    pot: int
    stacks: dict[int, int]
    bets: dict[int, int]
    to_call: int
    folded: tuple[int, ...]
    showdown: dict[int, tuple[Card, ...]]
    hand_names: dict[int, str]
    results: tuple[str, ...]
    chips: dict[int, int]
