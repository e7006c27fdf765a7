"""The habits of a regular's table that betting games share, each off unless the table sets it.

- **Show or muck** (``show_or_muck``): the winner of a pot everyone else folded to may show any of
  its face-down cards, or none; at a showdown, the hands shown first are those that win something,
  and each hand that wins nothing may then be shown or mucked unseen. A mucked hand never reaches
  another seat's view or the history as seen by anyone but its owner.
- **Straddle** (``straddle``, blinds only): before the cards are dealt, the player after the big
  blind may post a straddle of twice the big blind, a blind raise; the betting before the flop then
  starts at the next player and the straddler acts last.
- **Bomb pot** (``bomb_pot``): every player puts the same number of chips in before the deal and the
  hand skips its first betting round (in a board game it starts at the flop).
- **Run it twice** (``run_twice``): when no more betting can happen before the board is complete,
  the players still in are asked at the same time whether to deal the rest of the board twice; if
  all agree, each run settles half of every pot (an odd chip goes to the first run).

A game takes the settings it supports (:func:`homegame.engine.stakes.habit_settings`) and the
pieces here; with a setting off nothing it does changes.

>>> from homegame.cards import parse_cards
>>> ending = ShowOrMuck.after_fold(2, parse_cards("Ah Kd"))
>>> ending.waiting, len(ending.legal[2])
((2,), 4)
>>> ending.take(2, Action("show", cards=tuple(parse_cards("Ah")))), ending.done
((Ah,), True)
>>> first, second = halved([Pot(11, (0, 1)), Pot(4, (1,)), Pot(1, (0,))])
>>> [pot.amount for pot in first], [pot.amount for pot in second]
([6, 2, 1], [5, 2])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from homegame.cards import Card, format_cards
from homegame.engine.action_sets import ActionSet, Choices, Subsets
from homegame.engine.actions import Action, amount_action
from homegame.engine.history import History
from homegame.engine.pots import Chips, Pot, award_pots
from homegame.engine.seats import SimultaneousChoice

__all__ = ["HABIT_KINDS", "MUCK", "NO_STRADDLE", "RUN_ONCE", "RUN_TWICE", "ShowOrMuck", "habit_default",
           "halved", "is_on", "post_bomb_pot", "run_choices", "straddle_choices", "winners_of"]

MUCK: Final = Action("muck")
NO_STRADDLE: Final = Action("no-straddle")
RUN_ONCE: Final = Action("run", option="once")
RUN_TWICE: Final = Action("run", option="twice")
HABIT_KINDS: Final = frozenset({"show", "muck", "straddle", "no-straddle", "run"})
"""The kinds of action the habits add; a game's other decisions never use them together."""
_PASSIVE: Final = (MUCK, NO_STRADDLE, RUN_ONCE)
"""What the rules take for a seat that does not decide (the clock ran out, the player left)."""
_MUCK_ONLY: Final = Choices((MUCK,))
_RUN_CHOICES: Final = ActionSet(Choices((RUN_TWICE, RUN_ONCE)))


def is_on(config: Mapping[str, Any], key: str) -> bool:
    """Whether the switch ``key`` is on in a game's ``config`` (off where the game has no such
    setting)."""
    return config.get(key) == "on"


def habit_default(legal: ActionSet) -> Action | None:
    """The passive choice among a habit's decision: muck, no straddle, run once (``None``: the
    decision is none of the habits').

    >>> habit_default(run_choices())
    run once
    """
    return next((action for action in _PASSIVE if action in legal), None)


def straddle_choices(amount: int) -> ActionSet:
    """A straddle of ``amount`` chips, or none."""
    return ActionSet(Choices((amount_action("straddle", amount), NO_STRADDLE)))


def run_choices() -> ActionSet:
    """Running the rest of the board twice, or once."""
    return _RUN_CHOICES


def post_bomb_pot(history: History, chips: Chips, seats: Iterable[int], amount: int) -> None:
    """Each of ``seats`` puts ``amount`` chips in (all it has, if less), logged as one
    ``"bomb pot"`` event of what each put in.

    >>> history, chips = History({}), Chips([10, 3])
    >>> post_bomb_pot(history, chips, [0, 1], 5)
    >>> history.events[0].kind, history.events[0].data, chips.pot
    ('bomb pot', {'posted': {'0': 5, '1': 3}}, 8)
    """
    posted = {str(seat): chips.post(seat, amount) for seat in seats}
    history.add("bomb pot", None, {"posted": posted})


def halved(pots: Sequence[Pot]) -> tuple[list[Pot], list[Pot]]:
    """Each pot split for two runs of the board: the first run's half takes an odd chip (a pot of
    one chip is the first run's alone)."""
    first = [Pot(pot.amount - pot.amount // 2, pot.eligible) for pot in pots]
    second = [Pot(pot.amount // 2, pot.eligible) for pot in pots if pot.amount > 1]
    return first, second


def winners_of(pots: Sequence[Pot], high: Mapping[int, int], low: Mapping[int, int] | None, *,
               dealer: int, players: int) -> set[int]:
    """The seats that win a share of any of ``pots`` (see :func:`~homegame.engine.pots.award_pots`)
    that someone else could have won: a seat still in that is not among them wins nothing (taking
    back chips no one could match is not winning), and may muck.

    >>> pots = [Pot(10, (0, 1, 2)), Pot(4, (0, 2))]
    >>> sorted(winners_of(pots, {0: 5, 1: 9, 2: 7}, None, dealer=0, players=3))
    [1, 2]
    """
    contested = [pot for pot in pots if len(pot.eligible) > 1]
    awards = award_pots(contested, high, low, dealer=dealer, players=players)
    return {seat for award in awards for seat in award.shares}


class ShowOrMuck:
    """The end of a hand where showing is a choice: which seats still decide, what each may do,
    what was shown and who mucked. Every seat asked decides once, all at the same time."""

    __slots__ = ("choice", "hands", "legal", "mucked", "shown", "whole")

    def __init__(self, hands: Mapping[int, Sequence[Card]], *, whole: bool) -> None:
        self.hands = {seat: tuple(cards) for seat, cards in hands.items()}
        self.whole = whole
        sizes: Callable[[int], Iterable[int]] = (lambda n: (n,)) if whole else (lambda n: range(1, n + 1))
        self.legal = {seat: ActionSet(Subsets("show", cards, sizes(len(cards))), _MUCK_ONLY)
                      for seat, cards in self.hands.items()}
        self.choice: SimultaneousChoice[Action] = SimultaneousChoice(self.hands)
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.mucked: list[int] = []

    @classmethod
    def after_fold(cls, winner: int, face_down: Sequence[Card]) -> ShowOrMuck:
        """The winner of an uncontested pot chooses which of its ``face_down`` cards to show, if any."""
        return cls({winner: face_down}, whole=False)

    @classmethod
    def at_showdown(cls, hands: Mapping[int, Sequence[Card]]) -> ShowOrMuck:
        """Each seat of ``hands`` (hands that win nothing) shows its hand whole, or mucks it."""
        return cls(hands, whole=True)

    def copy(self) -> ShowOrMuck:
        twin = ShowOrMuck.__new__(ShowOrMuck)  # no __init__: the choices are values, shared
        twin.hands, twin.whole, twin.legal = self.hands, self.whole, self.legal
        twin.choice = self.choice.copy()
        twin.shown, twin.mucked = dict(self.shown), list(self.mucked)
        return twin

    @property
    def waiting(self) -> tuple[int, ...]:
        return self.choice.waiting

    @property
    def done(self) -> bool:
        return self.choice.done

    def take(self, seat: int, action: Action) -> tuple[Card, ...] | None:
        """Record ``seat``'s legal choice; the cards it shows (``None``: it mucked)."""
        self.choice.choose(seat, action)
        if action.kind == "muck":
            self.mucked.append(seat)
            return None
        self.shown[seat] = action.cards
        return action.cards

    def explain(self, seat: int, action: Action) -> str:
        """Why ``action`` is not a choice ``seat`` may make now, in a player's words.

        >>> from homegame.cards import parse_cards
        >>> ShowOrMuck.at_showdown({1: parse_cards("9c 9d")}).explain(1, Action("fold"))
        'your hand wins nothing: show it whole (show 9c 9d) or muck it, not fold'
        """
        held = format_cards(self.hands[seat])
        named = action.kind if action.kind not in ("show", "muck") else str(action)
        if self.whole:
            return f"your hand wins nothing: show it whole (show {held}) or muck it, not {named}"
        return f"you may show any of your face-down cards ({held}), such as 'show {self.hands[seat][0]}', " \
               f"or muck them, not {named}"
