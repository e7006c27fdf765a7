"""What one seat of a Soko (Canadian Stud) hand may see: the game's view, as plain data.

It has a module of its own so that it stays plain Python in the compiled build, where the JSON
codec reads its field types (compiled classes keep only the outer type of each field).
"""

from __future__ import annotations

from dataclasses import dataclass

from homegame.cards import Card
from homegame.engine import View

__all__ = ["SokoView"]


@dataclass(frozen=True)
class SokoView(View):
    """A seat's view: its own hole card, everyone's up cards, the money, and the results.

    ``street`` is the betting round (1-4, 5 when over); ``limits`` the current minimum and maximum
    bet (or fixed bet size); ``doubled`` whether the limits are doubled now. ``show`` is true while
    the table's show-or-muck habit waits for a choice (the winner of an uncontested pot may show its
    hole card; at the showdown a hand that wins nothing may be mucked); ``mucked`` lists the seats
    that threw their hands away unseen."""

    street: int
    hole: Card | None
    up_cards: dict[int, tuple[Card, ...]]
    hint: str
    pot: int
    stacks: dict[int, int]
    bets: dict[int, int]
    to_call: int
    folded: tuple[int, ...]
    bring_in: int
    limits: str
    doubled: bool
    showdown: dict[int, tuple[Card, ...]]
    hand_names: dict[int, str]
    mucked: tuple[int, ...]
    show: bool
    results: tuple[str, ...]
