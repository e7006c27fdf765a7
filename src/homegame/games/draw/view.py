"""What one seat of a draw poker hand may see."""

from __future__ import annotations

from dataclasses import dataclass

from homegame.cards import Card
from homegame.engine import View

__all__ = ["DrawView"]


@dataclass(frozen=True)
class DrawView(View):
    """A seat's view of a draw hand.

    ``phase`` is ``bet1``, ``draw``, ``bet2``, ``show`` (the table's show-or-muck habit: the winner of an
    uncontested pot, or a hand that wins nothing at the showdown, chooses) or ``over``. ``hand`` and
    ``hint`` (its name under the game's ranking) are the seat's own; ``bets`` are this round's bets
    (amounts are each seat's total for the round); ``drawn`` counts the cards each seat drew;
    ``shown_aces`` the ace a seat showed to draw four; ``showdown`` and ``hand_names`` the hands revealed
    at the end, ``results`` why each pot went where it went; ``mucked`` the seats that threw their hands
    away unseen. ``ranking`` names how hands rank; ``wild`` is ``none``, ``jokers``, ``deuces`` or
    ``aces``; ``bomb_pot`` what each player put in before a bomb pot's deal (0: a hand as usual).
    """

    phase: str
    hand: tuple[Card, ...]
    hint: str
    pot: int
    stacks: dict[int, int]
    bets: dict[int, int]
    folded: tuple[int, ...]
    all_in: tuple[int, ...]
    to_call: int
    drawn: dict[int, int]
    shown_aces: dict[int, Card]
    showdown: dict[int, tuple[Card, ...]]
    hand_names: dict[int, str]
    mucked: tuple[int, ...]
    results: tuple[str, ...]
    ante: int
    limit: str
    ranking: str
    wild: str
    bomb_pot: int
