"""The state machine every game is: whose turn, what they may do, what they may see.

A game's state subclasses :class:`GameState` and fills in four hooks: ``to_act``, ``_legal``,
``_apply`` and ``view`` (plus ``_outcome``). The base class does the checking that makes the
contract hold for every game: an action from a seat that is not to act, or not among its legal
actions, raises :class:`IllegalAction` before anything changes, and every applied action is logged
to the hand's :class:`~homegame.engine.history.History`.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self, cast

from homegame._compile import mypyc_attr
from homegame.cards import Card
from homegame.engine.actions import EMPTY, Action, ActionSet
from homegame.engine.chance import Chance
from homegame.engine.history import Event, History
from homegame.engine.view import View

if TYPE_CHECKING:
    from homegame.engine.game import Game

__all__ = ["GameState", "IllegalAction", "Outcome", "View", "deal_again"]

Outcome = dict[int | str, int]
"""Each seat's (and ``"bank"``'s) result for the hand, in the game's unit, summing to zero
(in Papayoo, the points taken, summing to 250)."""


class IllegalAction(ValueError):
    """An action that may not be taken now; the message says why. The state is unchanged."""


@mypyc_attr(allow_interpreted_subclasses=True)
class GameState:
    """One hand in progress. Build it with ``game.deal(...)``, never directly."""

    def __init__(self, game: Game, *, deck: Sequence[Card], dealer: int, chance: Chance,
                 stacks: Sequence[int] | None = None, carry: dict[str, Any] | None = None) -> None:
        self.game = game
        self.players = game.player_count
        self.dealer = dealer
        self.chance = chance
        self.stacks = list(stacks) if stacks is not None else None
        self.carry_in: dict[str, Any] = dict(carry or {})
        header = game.header(deck=(), dealer=dealer, stacks=stacks, carry=carry)
        self.history = History(header, deck=deck)
        self._legal_cache: dict[int, ActionSet] = {}

    # -- the contract -------------------------------------------------------------------------

    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that must act now; several for a simultaneous choice; empty when over."""

    def legal_actions(self, seat: int) -> ActionSet:
        """Every action ``seat`` may take now (empty if it is not to act)."""
        legal = self._legal_cache.get(seat)
        if legal is None:
            legal = self._legal(seat) if seat in self.to_act else EMPTY
            self._legal_cache[seat] = legal
        return legal

    def apply(self, seat: int, action: object) -> None:
        """Take ``action`` for ``seat``, or raise :class:`IllegalAction` and change nothing.

        Anything that is not an :class:`Action` is refused the same way, so input from outside
        (a client's message, a bot's mistake) needs no checking of its own first.
        """
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action")
        cache = self._legal_cache
        legal = cache.get(seat)
        if legal is None:
            if seat not in self.to_act:
                raise IllegalAction(self._not_your_turn(seat))
            legal = self.legal_actions(seat)
        if action not in legal:
            reason = self.explain_illegal(seat, action) if len(legal) else self._not_your_turn(seat)
            raise IllegalAction(reason)
        cache.clear()
        events = self.history.events
        private_to = self.action_private_to(seat, action)
        events.append(Event("action", seat, {"action": action.to_json()}, private_to))
        self._apply(seat, action)
        if not self.to_act:
            outcome = {str(k): v for k, v in self._outcome().items()}
            events.append(Event("outcome", None, {"outcome": outcome}))

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """Everything ``seat`` may know and nothing more; ``None`` is a spectator."""

    @property
    def is_over(self) -> bool:
        return not self.to_act

    @property
    def outcome(self) -> Outcome:
        """Each seat's result for the hand (see :data:`Outcome`); only once the hand is over."""
        if not self.is_over:
            raise RuntimeError("the hand is not over yet")
        return self._outcome()

    # -- between hands ------------------------------------------------------------------------

    @property
    def carry_out(self) -> dict[str, Any]:
        """What this hand leaves to the next (a carried pot, fantasyland seats, totals)."""
        return {}

    @property
    def ends_game(self) -> bool:
        """Whether this hand ends a game of several hands (Papayoo's last deal, the first player
        out of chips in Whiskey Poker's chips variant); the next deal then starts a new game."""
        return False

    @property
    def next_dealer(self) -> int:
        """Who deals the next hand: the next seat clockwise, unless the rules keep the dealer."""
        return (self.dealer + 1) % self.players

    def clone(self) -> Self:
        """An independent copy, for search: applying actions to it leaves this state alone.

        The copy is this hand dealt again from its history and played through the same actions;
        its chance gives back the outcomes drawn so far, then goes on as this hand's will.
        """
        chance = Chance.replaying(self.history.chance_outcomes(), then=self.chance)
        return cast(Self, deal_again(self.game, self.history, chance))

    # -- hooks for games ----------------------------------------------------------------------

    @abstractmethod
    def _legal(self, seat: int) -> ActionSet:
        """The legal actions of a seat that is to act."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Carry out a legal action (already checked): must not raise."""

    @abstractmethod
    def _outcome(self) -> Outcome:
        """The result of a finished hand."""

    def action_private_to(self, seat: int, action: Action) -> tuple[int, ...] | None:
        """Who may see ``action`` in the log: everyone (``None``) unless the rules hide it, as a
        hand set face down or cards passed at the same time (the game reveals them later)."""
        return None

    def explain_illegal(self, seat: int, action: Action) -> str:
        """Why ``action`` is not legal for ``seat``; games override this for clearer reasons."""
        legal = self.legal_actions(seat)
        return f"{action} is not allowed now; seat {seat} may {_describe(legal)}"

    def _not_your_turn(self, seat: int) -> str:
        if not 0 <= seat < self.players:
            return f"there is no seat {seat}; seats are 0 to {self.players - 1}"
        if self.is_over:
            return "the hand is over"
        waiting = ", ".join(str(s) for s in self.to_act)
        return f"seat {seat} is not to act; waiting for seat {waiting}"

    def view_base(self, seat: int | None) -> dict[str, Any]:
        """The :class:`View` fields every game shares, for a game's own view to extend."""
        return {
            "game": self.game.name,
            "seat": seat,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "is_over": self.is_over,
            "log": tuple(self.history.seen_by(seat)),
        }

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """Shuffle ``cards`` through the hand's chance, recording the order for replay (privately)."""
        order = self.chance.shuffle(cards)
        self.history.add("chance", None, {"outcome": self.chance.record[-1]}, private_to=())
        return order

    def roll(self, faces: int) -> int:
        """Roll a ``faces``-sided die through the hand's chance, recording it for replay."""
        outcome = self.chance.roll(faces)
        self.history.add("chance", None, {"outcome": outcome}, private_to=())
        return outcome


def deal_again(game: Game, history: History, chance: Chance) -> GameState:
    """The hand ``history`` records: dealt by ``game`` as its header says, with ``chance`` answering
    every chance draw, and played through the recorded actions (a refused one raises
    :class:`IllegalAction`)."""
    header = history.header
    state = game.deal(deck=header["deck"], dealer=header["dealer"], stacks=header["stacks"],
                      carry=header["carry"], chance=chance)
    for number, event in enumerate(history.of_kind("action")):
        assert event.seat is not None
        try:
            state.apply(event.seat, Action.from_json(event.data["action"]))
        except IllegalAction as error:
            refused = f"recorded action {number} of seat {event.seat} is refused: {error}"
            raise IllegalAction(refused) from None
    return state


def _describe(legal: ActionSet) -> str:
    if not len(legal):
        return "do nothing now"
    if len(legal) <= 8:
        return ", ".join(str(a) for a in legal)
    return "one of: " + ", ".join(legal.kinds()) + f" ({len(legal)} actions)"
