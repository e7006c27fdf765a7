"""What a Papayoo seat sees: its hand and which cards it may play, the pass, the Papayoo once the die
has named it, the trick on the table, every completed trick, the points taken and the running totals.

Nothing here shows another seat's hand or the cards passed to another seat: a seat learns the cards
it receives only once every seat has passed.
"""

from __future__ import annotations

from dataclasses import dataclass

from homegame.cards import Card
from homegame.engine import View

__all__ = ["DealResult", "PapayooView", "Play", "Trick"]


@dataclass(frozen=True, slots=True)
class Play:
    """One card played to a trick, and who played it."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: the cards in the order played, who took it and the points in it."""

    plays: tuple[Play, ...]
    winner: int
    points: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(play.card for play in self.plays)


@dataclass(frozen=True, slots=True)
class DealResult:
    """One seat's points at the end of a deal, its running total, and why: the cards that scored."""

    seat: int
    points: int
    total: int
    reason: str


@dataclass(frozen=True)
class PapayooView(View):
    """One seat's view of a Papayoo deal (``seat=None``: a spectator, who holds no hand).

    ``phase`` is ``"pass"``, ``"play"`` or ``"over"``. ``passing`` holds the cards this seat chose
    to pass (gone from ``hand`` at once; it still remembers them later), ``passed`` the seats that
    have chosen; once all have, ``received`` holds the cards that arrived from ``received_from``.
    ``playable`` lists the cards of ``hand`` this seat may play now (empty when it is not to play).
    ``led_suit`` is the suit letter of the trick on the table (``"p"`` for Payoo). ``taken`` is each
    seat's points this deal; ``totals`` adds them to the totals of the deals before (``deal`` of
    ``deals``). At the end ``results`` says who took what and, after the last deal of a game,
    ``winners`` holds the lowest total(s). ``summary`` says where the deal stands (which deal it is,
    ``deal`` and ``deals`` say) or who won the game, and ``hint`` what this seat is to do now.
    """

    players: int
    deal: int
    deals: int
    phase: str
    hand: tuple[Card, ...]
    playable: tuple[Card, ...]
    hand_sizes: dict[int, int]
    pass_count: int
    pass_to: int | None
    passing: tuple[Card, ...]
    passed: tuple[int, ...]
    received: tuple[Card, ...]
    received_from: int | None
    papayoo: Card | None
    leader: int | None
    led_suit: str | None
    trick: tuple[Play, ...]
    tricks: tuple[Trick, ...]
    taken: dict[int, int]
    totals: dict[int, int]
    results: tuple[DealResult, ...]
    winners: tuple[int, ...]
    summary: str
    hint: str

    @property
    def last_trick(self) -> Trick | None:
        """The trick completed most recently this deal, if any."""
        return self.tricks[-1] if self.tricks else None

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played this deal, in completed tricks and on the table now."""
        return tuple(c for trick in self.tricks for c in trick.cards) + tuple(p.card for p in self.trick)
