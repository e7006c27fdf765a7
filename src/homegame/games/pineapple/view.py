"""What one seat of a Pineapple hand may see."""

from __future__ import annotations

from dataclasses import dataclass

from homegame.cards import Card
from homegame.engine import View

__all__ = ["PineappleView"]


@dataclass(frozen=True)
class PineappleView(View):
    """A seat's view of a Pineapple, Crazy Pineapple or Crazy Pineapple Hi-Lo hand.

    ``street`` is ``preflop``, ``flop``, ``turn``, ``river`` or ``showdown`` (the hand is over); ``phase``
    is ``betting``, ``discard``, ``over``, or one of the table habits' decisions: ``straddle`` (the player
    after the big blind may straddle before the deal), ``run`` (everyone still in is asked to run the rest
    of the board twice) or ``show`` (show or muck). ``hole`` is the seat's own hole cards (three until it
    discards, then two) and ``discarded`` the card it threw away. ``must_discard`` lists the seats that
    still have to discard now; discards stay face down until the showdown, where ``discards`` shows those
    of the hands that were shown. ``bets`` are this round's bets (each seat's total for the round),
    ``blinds`` the blinds posted this hand, ``ante`` each player's ante. ``hint`` names the seat's best
    high hand so far; ``low_hint`` (Hi-Lo only, else empty) its best eight-or-better low or "no low".
    ``showdown``, ``hand_names`` and ``low_names`` are the hands shown at the end, ``results`` the reason
    for every award (with its half in Hi-Lo). ``second_board`` is the board of the second run when the
    rest of the board was run twice (empty otherwise), ``second_hand_names`` and ``second_low_names`` the
    hands shown named on it. ``straddler`` is the seat that straddled (its straddle is among ``blinds``),
    ``bomb_pot`` what each player put in before a bomb pot's deal (0: a hand as usual), ``mucked`` the
    seats that threw their hands away unseen.
    """

    street: str
    phase: str
    hi_lo: bool
    hole: tuple[Card, ...]
    discarded: Card | None
    board: tuple[Card, ...]
    pot: int
    stacks: dict[int, int]
    bets: dict[int, int]
    to_call: int
    folded: tuple[int, ...]
    all_in: tuple[int, ...]
    blinds: dict[int, int]
    ante: int
    limits: str
    must_discard: tuple[int, ...]
    hint: str
    low_hint: str
    showdown: dict[int, tuple[Card, ...]]
    discards: dict[int, Card]
    hand_names: dict[int, str]
    low_names: dict[int, str]
    second_board: tuple[Card, ...]
    second_hand_names: dict[int, str]
    second_low_names: dict[int, str]
    straddler: int | None
    bomb_pot: int
    mucked: tuple[int, ...]
    results: tuple[str, ...]
