"""What a Paiute seat sees: its hand, the wild cards, the top discard, the calls shown, and a hint.

The view holds everything a player at the table could know and nothing more: its own hand, the
number of cards the others hold, the turned-up wild card, the top of the discard pile, the size of
the stock (never its order), the combinations called so far and who still has a last turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from homegame.cards import Card
from homegame.engine import View

__all__ = ["CallShown", "PaiuteView"]


@dataclass(frozen=True, slots=True)
class CallShown:
    """A call on the table: who called, the cards laid face up, and the combination they make.

    ``discarded`` is the sixth card a five-card call threw away (``None`` for a six-card call).
    """

    seat: int
    cards: tuple[Card, ...]
    combination: str
    category: str
    discarded: Card | None


@dataclass(frozen=True)
class PaiuteView(View):
    """One seat's view of a Paiute deal (``seat=None``: a spectator, who holds no hand).

    ``phase`` is ``"draw"`` or ``"discard"`` for the seat to act (``"over"`` at the end);
    ``taken`` is the card the seat to act took from the discard pile this turn, which it may not
    throw back. ``last_turns`` lists, in order, the seats that still have their one last turn after
    a call. ``hint`` says in words what this seat holds and whether it can call it now. ``ranking`` names the
    ranking calls are judged by (``paiute``, or ``paiute-royal-on-top``). Once a deal is won,
    ``settlement`` says who pays the winner how much ("seat 0 and seat 2 each pay 1 chip to seat 1";
    empty before, and for a void deal).
    """

    ranking: str
    hand: tuple[Card, ...]
    hand_sizes: dict[int, int]
    wild: str
    wild_card: Card | None
    wild_cards: tuple[Card, ...]
    top_discard: Card | None
    discards: int
    stock_size: int
    rebuilds: int
    phase: str
    taken: Card | None
    first_turn: bool
    calls: tuple[CallShown, ...]
    last_turns: tuple[int, ...]
    hint: str
    scoring: str
    deals_won: dict[int, int]
    void: bool
    winner: int | None
    result: str
    settlement: str
