"""What one seat of a Pai Gow table sees: its seven cards, the ways to set them, the reveal, results.

>>> from homegame.cards import parse_cards
>>> from homegame.engine.codec import from_json, to_json
>>> placed = Placement(tuple(parse_cards("Qs Jd")), tuple(parse_cards("9c 9d 5h 4s 2c")),
...                    "queen-jack high", "a pair of nines", False)
>>> from_json(Placement, to_json(placed)) == placed
True
>>> to_json(placed)["two"]
['Qs', 'Jd']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from homegame.cards import Card
from homegame.engine import View

__all__ = ["PaiGowView", "Placement", "Result", "distinct_ways"]


@dataclass(frozen=True, slots=True)
class Placement:
    """A two-card and a five-card hand as set, with their names and whether the setting is foul."""

    two: tuple[Card, ...]
    five: tuple[Card, ...]
    two_name: str
    five_name: str
    foul: bool


def distinct_ways(options: Sequence[Placement]) -> list[Placement]:
    """The ways to set the cards that differ for a player: one for each pair of hand names (two
    kings of different suits set alike, so 21 ways of setting a hand may be a dozen choices)."""
    seen: dict[tuple[str, str], Placement] = {}
    for option in options:
        seen.setdefault((option.two_name, option.five_name), option)
    return list(seen.values())


@dataclass(frozen=True, slots=True)
class Result:
    """One player's result against the bank: ``win``, ``push`` or ``lose``, net chips and why."""

    verdict: str
    amount: int
    reason: str


@dataclass(frozen=True)
class PaiGowView(View):
    """A seat's view. ``variants`` are the table's variants (public), ``banker`` the banking seat,
    ``None`` when the house banks.

    ``cards`` are the seat's seven cards; ``placed`` its setting once made (a banking player's is
    set by the house way at the deal); ``advice`` the house way for them; ``options`` every way to
    set them, named, foul ones flagged, while the seat has still to set; ``house_rule`` the rule
    the house way follows for them ("no pair: the highest card behind, the next two in front");
    ``hint`` the house way, its rule and a foul warning, in one sentence. ``shown`` and
    ``bank_hand`` hold every setting after the reveal, ``results`` each player's result with its
    reason, ``bank_commission`` what a banking player paid the house.
    """

    variants: tuple[str, ...]
    wager: int
    banker: int | None
    bank_decided: bool
    cards: tuple[Card, ...]
    placed: Placement | None
    options: tuple[Placement, ...]
    advice: Placement | None
    house_rule: str
    hint: str
    set_seats: tuple[int, ...]
    shown: dict[int, Placement]
    bank_hand: Placement | None
    results: dict[int, Result]
    bank_commission: int
