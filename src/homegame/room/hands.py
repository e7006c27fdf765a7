"""The hand a card-room table is playing, and the game of several deals it belongs to.

A :class:`HandInPlay` is the engine's state of the hand together with which table seat plays each of
the game's seats (a hand is dealt only to the players who can play it, so game seat 0 may be table
seat 3). A :class:`Series` is the game the dealer called, dealt again while the game says it goes
on (a Papayoo game of several deals, fantasyland, a carried pot), with the same players.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from homegame.cards import Card, parse_cards
from homegame.engine import Action, Chance, Game, GameState
from homegame.games import new_game

if TYPE_CHECKING:
    from homegame.room.table import TableEvent

__all__ = ["HandInPlay", "Series", "chance_by_hand", "rate_json", "replay_hand", "replaying", "start_hand"]


@dataclass
class HandInPlay:
    """A hand dealt at the table: its number, the table seats in the game's seat order, the
    configured game and the engine's state; ``dealt_seq``, the table's event that dealt it, and
    ``clocked``, the last action the clock took for each table seat in it, with its event."""

    number: int
    seats: tuple[int, ...]
    game: Game
    state: GameState[Any]
    dealt_seq: int = 0
    clocked: dict[int, dict[str, Any]] = field(default_factory=dict)

    def player_of(self, seat: int | None) -> int | None:
        """The game's seat for table seat ``seat`` (``None`` if it is not dealt in)."""
        return self.seats.index(seat) if seat in self.seats else None

    def chips_moved(self, points_rate: int | None) -> dict[int | str, int]:
        """What the finished hand moves in chips, by game seat (and ``"bank"``, the house's part):
        its outcome as the game pays it at a table where a point is worth ``points_rate`` chips
        (``None``: the game's own rate)."""
        return self.game.in_chips(self.state.outcome, rate=points_rate)

    def points_rate(self, table_rate: int | None) -> float | None:
        """The chips a point of this hand is worth at a table of ``table_rate`` (``None``: the
        game's own), or ``None`` for a game played for chips."""
        if self.game.scores_in_chips:
            return None
        return rate_json(self.game.points_rate if table_rate is None else table_rate)

    def chips_by_seat(self, points_rate: int | None) -> list[int] | None:
        """Each game seat's chips won (or lost, below zero) in the finished hand; ``None`` while it
        is played."""
        if not self.state.is_over:
            return None
        moved = self.chips_moved(points_rate)
        return [moved.get(player, 0) for player in range(len(self.seats))]


@dataclass
class Series:
    """The game the dealer called, while it runs: its variants, what one deal carries to the
    next, and (from the second deal) the seats it is dealt to."""

    game: str
    variants: tuple[str, ...]
    carry: dict[str, Any] = field(default_factory=dict)
    seats: tuple[int, ...] | None = None

    def checkpoint(self) -> dict[str, Any]:
        return {"game": self.game, "variants": list(self.variants), "carry": self.carry,
                "seats": None if self.seats is None else list(self.seats)}

    @classmethod
    def from_checkpoint(cls, data: dict[str, Any]) -> Series:
        seats = data["seats"]
        return cls(data["game"], tuple(data["variants"]), dict(data["carry"]),
                   None if seats is None else tuple(seats))


def rate_json(rate: int | Fraction) -> int | float:
    """A points rate as JSON shows it: a whole number, or a fraction as a decimal (0.1).

    >>> rate_json(Fraction(1, 10)), rate_json(Fraction(2))
    (0.1, 2)
    """
    exact = Fraction(rate)
    return int(exact) if exact.denominator == 1 else float(exact)


def start_hand(deal: dict[str, Any], *, deck: Sequence[Card] | None, chance: Chance) -> HandInPlay:
    """The hand a ``dealt`` event describes (its game, variants, settings, seats, dealer, stacks
    and carry), dealt from ``deck``: a trial deal from a fresh shuffle when it is ``None``."""
    seats = tuple(deal["seats"])
    game = new_game(deal["game"], players=len(seats), variants=deal["variants"], **deal["settings"])
    state = game.deal(deck=deck, dealer=deal["dealer"], stacks=deal["stacks"], carry=deal["carry"],
                      chance=chance)
    return HandInPlay(deal["number"], seats, game, state)


def replay_hand(events: Sequence[TableEvent]) -> HandInPlay:
    """A past hand played again from its events (its ``dealt`` event and the actions after it)."""
    *_, (_, hand) = replaying(events)
    return hand


def replaying(events: Sequence[TableEvent]) -> Iterator[tuple[int, HandInPlay]]:
    """A past hand played again from its events step by step: after each event, its number at the
    table and the hand as it then stood (one hand, changing as it goes)."""
    deal, *actions = events
    chance = Chance.replaying([outcome for event in actions for outcome in event.data["chance"]])
    hand = start_hand(deal.data, deck=parse_cards(deal.data["deck"]), chance=chance)
    yield deal.seq, hand
    for event in actions:
        hand.state.apply(hand.seats.index(event.data["seat"]), Action.from_json(event.data["action"]))
        yield event.seq, hand


def chance_by_hand(events: Iterable[TableEvent]) -> dict[int, list[Any]]:
    """The chance outcomes (reshuffles, die rolls) each hand drew while it was played, in order,
    by hand number: restoring a table deals each hand with them, so it draws the same again."""
    drawn: dict[int, list[Any]] = {}
    number = 0
    for event in events:
        if event.kind == "dealt":
            number = event.data["number"]
        elif event.kind == "acted":
            drawn.setdefault(number, []).extend(event.data["chance"])
    return drawn
