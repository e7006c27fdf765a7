"""Fixed policies for the betting games: the simple players a game's best bot must beat.

Each bets by one rule, whatever its cards, and takes the first legal move where the choice is not
a bet (stands pat in a draw, throws the first card in a discard, passes the first cards): they are
the baselines a strategy that folds too much, or never punishes a bluff, loses to.

========================  ==============================================================================
``always-call``           checks or calls, never folds, never bets
``always-raise``          bets or raises whenever it may, to the pot (within the limits), else calls
``min-bet-fold``          bets or raises the minimum once a round, then folds to any raise
``fold-to-bet``           checks when it may, folds to any bet, never bets
``min-open-fold``         bets the minimum when no one has bet, folds to any bet, stands pat: the
                          exploit a learner found against Draw's bot (issue 37)
========================  ==============================================================================

>>> import homegame
>>> from homegame.engine import ActionSet, Amounts, Choices, Action
>>> legal = ActionSet(Choices([Action("fold"), Action("call", amount=2)]), Amounts("raise", 4, 100))
>>> class Seen:
...     seat, pot, to_call, bets = 0, 6, 2, {0: 0, 1: 2}
>>> [FIXED_POLICIES[name]().act(Seen, legal) for name in FIXED_POLICIES]
[call 2, raise 10, raise 4, fold, fold]
"""

from __future__ import annotations

from typing import Any

from homegame.bots import Bot
from homegame.engine import Action, ActionSet, Amounts
from homegame.engine.betting import AGGRESSIVE

__all__ = ["FIXED_POLICIES", "FixedPolicy"]

PASSIVE = ("check", "call", "bring-in")


class FixedPolicy(Bot):
    """A betting rule (see the module): :meth:`bet` decides when the seat may bet or has to call."""

    name = "fixed"

    def act(self, view: Any, legal: ActionSet) -> Action:
        passive = _first_of(legal, PASSIVE)
        aggressive = next((f for f in legal.families if isinstance(f, Amounts) and f.kind in AGGRESSIVE),
                          None)
        folds = Action("fold") in legal
        if passive is None and aggressive is None and not folds:
            return legal[0]  # not a betting decision
        return self.bet(view, passive, aggressive, folds) or passive or legal[0]

    def bet(self, view: Any, passive: Action | None, aggressive: Amounts | None,
            folds: bool) -> Action | None:
        """The move, or ``None`` for the passive one."""
        raise NotImplementedError


def _first_of(legal: ActionSet, kinds: tuple[str, ...]) -> Action | None:
    """The first legal action of one of ``kinds`` among the listed ones (not the amounts)."""
    for family in legal.families:
        if not isinstance(family, Amounts):
            for index in range(len(family)):
                action = family.at(index)
                if action.kind in kinds:
                    return action
    return None


def _facing_a_bet(view: Any) -> bool:
    return bool(view.to_call)


def _own_bet(view: Any) -> int:
    bets: dict[int, int] = view.bets
    return bets.get(view.seat, 0)


class AlwaysCall(FixedPolicy):
    name = "always-call"

    def bet(self, view: Any, passive: Action | None, aggressive: Amounts | None,
            folds: bool) -> Action | None:
        return None


class AlwaysRaise(FixedPolicy):
    name = "always-raise"

    def bet(self, view: Any, passive: Action | None, aggressive: Amounts | None,
            folds: bool) -> Action | None:
        if aggressive is None:
            return None
        bets: dict[int, int] = view.bets
        highest = max(bets.values(), default=0)
        pot_sized = highest + view.pot + highest - _own_bet(view)
        return Action(aggressive.kind, amount=max(aggressive.low, min(aggressive.high, pot_sized)))


class MinBetFold(FixedPolicy):
    name = "min-bet-fold"

    def bet(self, view: Any, passive: Action | None, aggressive: Amounts | None,
            folds: bool) -> Action | None:
        if _own_bet(view) and _facing_a_bet(view) and folds:
            return Action("fold")
        if aggressive is not None and not _own_bet(view):
            return Action(aggressive.kind, amount=aggressive.low)
        return None


class FoldToBet(FixedPolicy):
    name = "fold-to-bet"

    def bet(self, view: Any, passive: Action | None, aggressive: Amounts | None,
            folds: bool) -> Action | None:
        return Action("fold") if _facing_a_bet(view) and folds else None


class MinOpenFold(FixedPolicy):
    name = "min-open-fold"

    def bet(self, view: Any, passive: Action | None, aggressive: Amounts | None,
            folds: bool) -> Action | None:
        if _facing_a_bet(view) and folds:
            return Action("fold")
        if aggressive is not None and not _facing_a_bet(view):
            return Action(aggressive.kind, amount=aggressive.low)
        return None


FIXED_POLICIES: dict[str, type[FixedPolicy]] = {  # named here: a compiled class has no name to read
    "always-call": AlwaysCall, "always-raise": AlwaysRaise, "min-bet-fold": MinBetFold,
    "fold-to-bet": FoldToBet, "min-open-fold": MinOpenFold}
"""The fixed policies by name, as ``make_bot`` and ``homegame tournament --bots`` take them."""
