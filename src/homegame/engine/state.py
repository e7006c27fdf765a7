"""The state machine every game is: whose turn, what they may do, what they may see.

A game's state subclasses :class:`GameState` and fills in the hooks ``to_act``, ``_legal``,
``_apply``, ``_view`` and ``_outcome`` (and, for clearer refusals, ``_explain_illegal``). The base
class does the checking that makes the contract hold for every game, whatever a caller passes:

- every public entry point that takes a seat (``apply``, ``legal_actions``, ``view``,
  ``explain_illegal``) accepts only an ``int`` seat of the table (``None`` where a spectator is
  meant) and raises :class:`IllegalAction` for anything else: ``1.0``, ``True``, ``-1``, ``"1"``;
- an action from a seat that is not to act, or not among its legal actions, or anything that is
  not an :class:`Action`, raises :class:`IllegalAction` before anything changes;
- every applied action is logged to the hand's :class:`~homegame.engine.history.History`, and a
  failed one leaves no event behind.

The history holds the whole deck order from the start of the hand, so it is for the table's own
keeping and for after the hand: only views (``state.view(seat)``) go to players while it is on.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, Self, TypeVar, cast

from homegame._compile import mypyc_attr
from homegame.cards import Card
from homegame.engine.action_sets import EMPTY, ActionSet
from homegame.engine.actions import Action
from homegame.engine.chance import Chance
from homegame.engine.habits import habit_default
from homegame.engine.history import History
from homegame.engine.redeal import Redeal
from homegame.engine.view import View
from homegame.errors import IllegalAction, shown

if TYPE_CHECKING:
    from homegame.engine.betting import BettingRound
    from homegame.engine.game import Game

__all__ = ["GameState", "IllegalAction", "Outcome", "View", "deal_again"]

Outcome = dict[int | str, int]
"""Each seat's (and ``"bank"``'s) result for the hand, in the game's unit, summing to zero
(in Papayoo, the points taken, summing to 250)."""

ViewT = TypeVar("ViewT", bound=View)


@mypyc_attr(allow_interpreted_subclasses=True)
class GameState(Generic[ViewT]):
    """One hand in progress. Build it with ``game.deal(...)``, never directly.

    ``ViewT`` is the game's own :class:`View`, which :meth:`view` returns.
    """

    def __init__(self, game: Game, *, deck: Sequence[Card], dealer: int, chance: Chance,
                 stacks: Sequence[int] | None = None, carry: dict[str, Any] | None = None) -> None:
        self.game = game
        self.players = game.player_count
        self.dealer = dealer
        self.chance = chance
        self.stacks = list(stacks) if stacks is not None else None
        self.carry_in: dict[str, Any] = dict(carry or {})
        self.history = History.of_deal(game, deck=deck, dealer=dealer, stacks=self.stacks,
                                       carry=self.carry_in)
        # The legal set last worked out, of seat _legal_seat_cache (None: none, which no seat asked
        # for equals, -1 included), kept until the next action: a seat asks for its set, then
        # applies from it. One seat, not a dict of them: emptying a dict after every action cost a
        # compiled hand 5%.
        self._legal_seat_cache: int | None = None
        self._legal_cache = EMPTY

    # -- the contract -------------------------------------------------------------------------

    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that must act now; several for a simultaneous choice; empty when over."""

    def legal_actions(self, seat: object) -> ActionSet:
        """Every action ``seat`` may take now (empty if it is not to act)."""
        player = seat if type(seat) is int else self.checked_seat(seat)
        if player == self._legal_seat_cache:
            return self._legal_cache
        if player in self.to_act:  # a seat to act is a seat of the table
            legal = self._legal(player)
        else:
            if not 0 <= player < self.players:
                player = self.checked_seat(player)  # raises: not a seat of this table
            legal = EMPTY
        self._legal_seat_cache, self._legal_cache = player, legal
        return legal

    def apply(self, seat: object, action: object) -> None:
        """Take ``action`` for ``seat``, or raise :class:`IllegalAction` and change nothing.

        A seat that is not a seat of the table, or anything that is not an :class:`Action`, is
        refused the same way, so input from outside (a client's message, a bot's mistake) needs
        no checking of its own first.
        """
        if not isinstance(action, Action):
            raise IllegalAction(f"{shown(action)} is not an action")
        player = seat if type(seat) is int else self.checked_seat(seat)
        if player == self._legal_seat_cache:
            legal = self._legal_cache
        else:
            if not 0 <= player < self.players:
                player = self.checked_seat(player)  # raises: not a seat of this table
            if player not in self.to_act:
                raise IllegalAction(self._not_your_turn(player))
            legal = self.legal_actions(player)
        flat = legal._flat  # a few plain actions once used: a tuple's test, without a method call
        if not (action in flat if flat else action in legal):
            reason = self._explain_illegal(player, action) if len(legal) else self._not_your_turn(player)
            raise IllegalAction(reason)
        self._legal_seat_cache = None
        history = self.history
        logged = history.log_action(player, action, self.action_private_to(player, action))
        try:
            self._apply(player, action)
        except BaseException:
            history.forget_since(logged)
            raise
        if not self.to_act:
            history.add_later("outcome", None, _outcome_data, tuple(self._outcome().items()))

    def view(self, seat: object) -> ViewT:
        """Everything ``seat`` may know and nothing more; ``None`` is a spectator."""
        return self._view(None if seat is None else self.checked_seat(seat))

    def explain_illegal(self, seat: object, action: object) -> str:
        """Why ``seat`` may not take ``action`` now, in words a player understands."""
        player = self.checked_seat(seat)
        if not isinstance(action, Action):
            return f"{shown(action)} is not an action"
        if player not in self.to_act:
            return self._not_your_turn(player)
        if action in self.legal_actions(player):
            return f"{action} is allowed now"
        return self._explain_illegal(player, action)

    def checked_seat(self, seat: object) -> int:
        """``seat`` if it is a seat of this table (an ``int``, not a ``bool``, from 0 to
        ``players - 1``); otherwise :class:`IllegalAction`, whatever ``seat`` is."""
        last = self.players - 1
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise IllegalAction(f"a seat is a whole number from 0 to {last}, not {shown(seat)}")
        if not 0 <= seat <= last:
            raise IllegalAction(f"there is no seat {seat}; seats are 0 to {last}")
        return int(seat)

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
    def continues_game(self) -> bool:
        """Whether the next deal must be of this same game: a game of several deals that is not
        over yet (a Papayoo game, Whiskey Poker's chips game), a seat playing fantasyland, a pot
        carried to the next hand. A dealer's-choice table deals it again before the next choice."""
        return False

    def default_action(self, seat: int) -> Action | None:
        """What the rules take for ``seat`` when it does not act (a card room's clock running out,
        a player who left): a check where checking is allowed, else a forced bring-in, else a
        fold, else the passive choice of a table's habit (muck, no straddle, run the board once);
        ``None`` where the rules leave a real choice (a setting, a pass, a card to play),
        which a bot then makes.

        Games override this where they have a default of their own (standing pat, the house way).
        """
        legal = self.legal_actions(seat)
        if _CHECK in legal:
            return _CHECK
        if "bring-in" in legal.kinds():
            return next(action for action in legal if action.kind == "bring-in")
        return _FOLD if _FOLD in legal else habit_default(legal)

    @property
    def next_dealer(self) -> int:
        """Who deals the next hand: the next seat clockwise, unless the rules keep the dealer."""
        return (self.dealer + 1) % self.players

    def clone(self) -> Self:
        """An independent copy, for search: applying actions to it leaves this state alone, and it
        plays on exactly as this state would (its chance draws what this one's will).

        The copy shares what never changes (the game, cards, actions, events, legal action sets)
        and copies what play changes: the history and the chance here, the game's own fields in its
        :meth:`_copy_into`. A game without one is dealt again instead (:meth:`replayed`).
        """
        cls = type(self)
        twin = cls.__new__(cls)  # no __init__: this and _copy_into set every field
        twin.game, twin.players, twin.dealer = self.game, self.players, self.dealer
        twin.stacks, twin.carry_in = self.stacks, self.carry_in
        twin.history, twin.chance = self.history.copy(), self.chance.copy()
        twin._legal_seat_cache, twin._legal_cache = self._legal_seat_cache, self._legal_cache
        if not self._copy_into(twin):
            return self.replayed()
        return twin

    def resample(self, seat: object, rng: random.Random) -> Self:
        """A copy that agrees with everything ``seat`` has seen, the cards it has not seen dealt
        again: for search, which plays on from hands as they might be.

        The seat's own cards, every card shown and everything the play so far tells the seat (a
        player who did not follow suit holds none of it; the cards the seat passed are where it
        passed them) stay as they are; the other cards are dealt again uniformly among the deals
        that agree with all that (see :mod:`homegame.engine.redeal`), and choices other seats made
        in secret are made again to fit their new cards. ``view(seat)`` is the same before and
        after. The copy's history holds only the events ``seat`` may see, and its chance is new,
        drawn from ``rng``: nothing of what the seat cannot know is left in it.
        """
        player = self.checked_seat(seat)
        twin = self.clone()
        twin._legal_seat_cache = None
        twin._redeal(player, Redeal(rng))
        twin.history = self.history.as_seen_by(player)
        twin.chance = Chance(rng.getrandbits(64))
        return twin

    def replayed(self) -> Self:
        """A copy made the slow way: this hand dealt again from its history and played through the
        same actions, its chance giving back the outcomes drawn so far and then going on as this
        hand's will. :meth:`clone` falls back to it for a game that does not copy itself."""
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
    def _view(self, seat: int | None) -> ViewT:
        """The view of a checked seat (``None``: a spectator)."""

    @abstractmethod
    def _outcome(self) -> Outcome:
        """The result of a finished hand."""

    def _copy_into(self, twin: Self) -> bool:
        """Set every field of the game's own on ``twin``, a new state whose :class:`GameState`
        fields :meth:`clone` has set: a copy of each structure play changes (lists, dicts, sets,
        chips, betting rounds, stocks, choices), the value itself where play only replaces it
        (cards, actions, tuples, frozen records, numbers, text); return ``True``.

        Field by field rather than a copy of the whole object: the compiled build stores fields
        natively, and there a generic copy costs more than the rest of the clone. The default
        returns ``False``: the game does not copy itself and :meth:`clone` replays the hand."""
        return False

    def _redeal(self, seat: int, redeal: Redeal) -> None:
        """Called on a clone (see :meth:`resample`): tell ``redeal`` where the cards ``seat`` cannot
        see lie and what it knows of them, deal them (``redeal.deal()``), and bring what depends on
        them up to date (secret choices of other seats, caches of their hands)."""
        raise NotImplementedError(f"{self.game.title} cannot deal its hidden cards again yet")

    def betting_round(self) -> BettingRound | None:
        """The betting round being played now: ``None`` between rounds and in a game that does
        not bet. A round stays the same object while it is bet, so a reader of a hand played
        step by step tells the first round (before the draw or the flop) from the later ones."""
        return None

    def action_private_to(self, seat: int, action: Action) -> tuple[int, ...] | None:
        """Who may see ``action`` in the log: everyone (``None``) unless the rules hide it, as a
        hand set face down or cards passed at the same time (the game reveals them later)."""
        return None

    def _explain_illegal(self, seat: int, action: Action) -> str:
        """Why ``action`` is not legal for ``seat``, which is to act; games override this for
        clearer reasons."""
        legal = self.legal_actions(seat)
        return f"{action} is not allowed now; seat {seat} may {_describe(legal)}"

    def _not_your_turn(self, seat: int) -> str:
        if self.is_over:
            return "the hand is over"
        waiting = ", ".join(str(s) for s in self.to_act)
        return f"seat {seat} is not to act; waiting for seat {waiting}"

    def view_base(self, seat: int | None) -> dict[str, Any]:
        """The :class:`View` fields every game shares, for a game's own view to extend."""
        return _with_shared_fields(self, {"game": self.game.name}, seat)

    def view_fields(self, seat: int | None, template: dict[str, Any]) -> dict[str, Any]:
        """The :class:`View` fields every game shares written into a copy of ``template``, which
        holds ``game``: the game's :func:`~homegame.engine.frozen.template` of its view (the
        fields its settings decide filled in too) where it builds its view there and makes it
        with :func:`~homegame.engine.frozen.make_filled`."""
        return _with_shared_fields(self, template.copy(), seat)

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


def _with_shared_fields(state: GameState[Any], fields: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """``fields`` with the fields every view shares written in (a function: compiled, a method of a
    class open to Python subclasses is called through a lookup by name)."""
    fields["seat"] = seat
    fields["dealer"] = state.dealer
    fields["to_act"] = state.to_act
    fields["is_over"] = state.is_over
    fields["log"] = tuple(state.history.seen_by(seat))
    return fields


_CHECK: Final = Action("check")
_FOLD: Final = Action("fold")


def deal_again(game: Game, history: History, chance: Chance) -> GameState[Any]:
    """The hand ``history`` records: dealt by ``game`` as its header says, with ``chance`` answering
    every chance draw, and played through the recorded actions (a refused one raises
    :class:`IllegalAction`)."""
    header = history.header
    state = game.deal(deck=header["deck"], dealer=header["dealer"], stacks=header["stacks"],
                      carry=header["carry"], chance=chance)
    for number, event in enumerate(history.of_kind("action")):
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


def _outcome_data(outcome: tuple[tuple[int | str, int], ...]) -> dict[str, Any]:
    """The ``"outcome"`` event's data: each seat's (and ``"bank"``'s) result, keyed by text."""
    return {"outcome": {str(who): result for who, result in outcome}}
