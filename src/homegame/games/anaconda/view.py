"""What one Anaconda seat may see, the hint line, and where passed cards go.

>>> from homegame.cards import parse_cards
>>> hint(parse_cards("Kh Kd 4s 4c 9h 2d 3c"))
'Best high: two pair, kings and fours (Kh Kd 4s 4c 9h); best low: a king-nine low (Kh 9h 4s 3c 2d)'
>>> pass_targets([0, 2, 3, 5], second=False), pass_targets([0, 2, 3, 5], second=True)
({0: 2, 2: 3, 3: 5, 5: 0}, {0: 3, 2: 5, 3: 0, 5: 2})
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from homegame.cards import Card, format_cards
from homegame.engine import View
from homegame.ranking import evaluate

__all__ = ["AnacondaView", "hint", "pass_targets"]

HIGH, LOW = "high", "ace-to-five"


@dataclass(frozen=True)
class AnacondaView(View):
    """A seat's view of an Anaconda hand.

    ``phase``: bet1, pass1, bet2, pass2, bet3, declare, show, bet4 or over. ``hand`` is the seat's
    cards (seven until the final five are revealed). ``chosen`` lists the seats that have made the
    current simultaneous choice; the choices themselves stay hidden until everyone has chosen, except
    the seat's own: ``passing`` (cards set aside to pass), ``declaration``, and ``my_show`` /
    ``my_hidden`` / ``my_discards`` (the final five split into the four to show and the one kept
    down, and the two thrown away). ``passed`` and ``received`` hold the cards of each finished
    pass; ``pass_to`` says who passes to whom in the current or last pass. ``declarations`` and
    ``shown`` (each player's four face-up cards) appear once revealed together. ``pot`` includes
    ``carried_in``, the chips the last hand left; ``carried_out`` is what this hand leaves.
    """

    phase: str
    hand: tuple[Card, ...]
    hint: str
    chosen: tuple[int, ...]
    passing: tuple[Card, ...]
    passed: tuple[tuple[Card, ...], ...]
    received: tuple[tuple[Card, ...], ...]
    pass_to: dict[int, int]
    declaration: str | None
    declarations: dict[int, str]
    my_show: tuple[Card, ...]
    my_hidden: Card | None
    my_discards: tuple[Card, ...]
    shown: dict[int, tuple[Card, ...]]
    pot: int
    carried_in: int
    carried_out: int
    stacks: dict[int, int]
    bets: dict[int, int]
    to_call: int
    folded: tuple[int, ...]
    showdown: dict[int, tuple[Card, ...]]
    hand_names: dict[int, str]
    results: tuple[str, ...]


def hint(cards: Sequence[Card]) -> str:
    """The best high five and the best ace-to-five low five among ``cards``, named."""
    if len(cards) < 5:
        return ""
    high, low = evaluate(list(cards), HIGH), evaluate(list(cards), LOW)
    return (f"Best high: {high.name} ({format_cards(high.cards)}); "
            f"best low: {low.name} ({format_cards(low.cards)})")


def pass_targets(live: Sequence[int], *, second: bool) -> dict[int, int]:
    """Who each seat still in passes to: the next one still in to the left (clockwise) on the first
    pass, the second one still in to the right on the second (with two left, the other one).

    ``live`` lists the seats still in, in clockwise order.
    """
    count = len(live)
    if count == 2:
        return {live[0]: live[1], live[1]: live[0]}
    step = -2 if second else 1
    return {seat: live[(index + step) % count] for index, seat in enumerate(live)}
