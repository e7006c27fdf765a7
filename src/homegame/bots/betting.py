"""Betting by hand strength and pot odds: the part every heuristic poker bot shares.

A game's bot rates its hand from 0 (hopeless) to 1 (unbeatable), roughly its chance to win against
one opponent, and :func:`bet_by_strength` turns that into an action: bet or raise strong hands in
proportion to the pot, call when the rating beats the price the pot offers, check when free, and
fold the rest. The more opponents still in, the more a rating is discounted.

>>> import random
>>> from homegame.engine import ActionSet, Amounts, Choices, Action
>>> legal = ActionSet(Choices([Action("fold"), Action("call", amount=10)]), Amounts("raise", 20, 100))
>>> odds = PotOdds(pot=30, to_call=10, own_bet=0, opponents=1)
>>> bet_by_strength(legal, 0.1, odds, random.Random(1)).kind
'fold'
>>> bet_by_strength(legal, 0.5, odds, random.Random(1)).kind
'call'
>>> bet_by_strength(legal, 0.95, odds, random.Random(1))
raise 53
>>> print(explain_bet(legal, 0.5, odds)[1])
your hand rates 0.50 (0 hopeless, 1 unbeatable) against 1 opponent; calling 10 into a pot of 30 \
needs 0.30 (25% pot odds plus a 0.05 margin), and the rating reaches that
>>> explain_bet(legal, 0.28, odds)[1].endswith("margin), and the rating falls short")  # short of 0.30
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

from homegame._compile import rebuilt_from_fields
from homegame.engine import Action, ActionSet, Amounts
from homegame.engine.habits import RUN_TWICE, habit_default
from homegame.wording import counted

AGGRESSION = 0.55
"""Bet or raise above this discounted rating, plus up to 0.1 at random (so bots are not read)."""
MARGIN = 0.05
"""Call when the discounted rating beats the pot's price by this much."""

__all__ = ["BettingBot", "PotOdds", "aggression_chance", "bet_by_strength", "explain_bet", "habit_choice"]


@dataclass(frozen=True, slots=True)
class PotOdds:
    """What a betting decision looks at: the pot, the chips owed, this round's own bet, opponents."""

    pot: int
    to_call: int
    own_bet: int
    opponents: int


rebuilt_from_fields(PotOdds)


class BettingBot(Protocol):
    """A bot that bets by :func:`bet_by_strength`: it can say how it reads a betting decision."""

    def read_bet(self, view: Any) -> tuple[float, PotOdds]:
        """Its hand's rating (0-1) and the pot odds it faces, from ``view``."""
        ...


def discounted(rating: float, opponents: int) -> float:
    """The rating against ``opponents`` players still in: the more of them, the lower."""
    return float(rating ** (1 + 0.35 * (max(1, opponents) - 1)))


def price_of(odds: PotOdds) -> float:
    """The share of the pot (after calling) that a call costs."""
    return odds.to_call / (odds.pot + odds.to_call) if odds.to_call else 0.0


def aggression_chance(rating: float, opponents: int) -> float:
    """How likely :func:`bet_by_strength` is to bet or raise a hand rated ``rating`` against
    ``opponents`` when it may (its threshold is drawn uniformly from ``AGGRESSION`` to
    ``AGGRESSION + 0.1``): what a search reads into another seat's bets and checks.

    >>> aggression_chance(0.3, 1), round(aggression_chance(0.6, 1), 2), aggression_chance(0.9, 1)
    (0.0, 0.5, 1.0)
    """
    return min(1.0, max(0.0, (discounted(rating, opponents) - AGGRESSION) / 0.1))


def bet_by_strength(legal: ActionSet, rating: float, odds: PotOdds, rng: random.Random) -> Action:
    """A betting action for a hand rated ``rating`` (0-1) facing ``odds``."""
    aggressive = any(isinstance(f, Amounts) for f in legal.families)
    return _decide(legal, rating, odds, AGGRESSION + 0.1 * rng.random() if aggressive else 1.0)


def habit_choice(legal: ActionSet) -> Action:
    """A bot's answer to a table habit's question (see :mod:`homegame.engine.habits`): it agrees to
    run the board twice, never straddles, and mucks rather than show what it need not.

    >>> from homegame.engine.habits import run_choices, straddle_choices
    >>> habit_choice(run_choices()), habit_choice(straddle_choices(4))
    (run twice, no-straddle)
    """
    if RUN_TWICE in legal:
        return RUN_TWICE
    return habit_default(legal) or legal[0]


def _decide(legal: ActionSet, rating: float, odds: PotOdds, threshold: float) -> Action:
    score = discounted(rating, odds.opponents)
    passive = [a for a in legal if a.kind in ("check", "call", "bring-in")]
    aggressive = next((f for f in legal.families if isinstance(f, Amounts)), None)
    if aggressive is not None and score > threshold:
        target = odds.own_bet + odds.to_call + int(odds.pot * (0.5 + score))
        return Action(aggressive.kind, amount=max(aggressive.low, min(aggressive.high, target)))
    if passive and (passive[0].kind in ("check", "bring-in") or score >= price_of(odds) + MARGIN):
        return passive[0]
    return next((a for a in legal if a.kind == "fold"), passive[0] if passive else legal[0])


def explain_bet(legal: ActionSet, rating: float, odds: PotOdds) -> tuple[Action, str]:
    """What :func:`bet_by_strength` does with the middle of its random threshold, and why."""
    action = _decide(legal, rating, odds, AGGRESSION + 0.05)
    score = discounted(rating, odds.opponents)
    them = counted(odds.opponents, "opponent")
    why = f"your hand rates {score:.2f} (0 hopeless, 1 unbeatable) against {them}"
    if action.kind in ("bet", "raise", "complete"):
        return action, f"{why}: strong enough to bet, sized to the pot"
    if not odds.to_call:
        return action, f"{why}; nothing to call, and not strong enough to bet"
    needed = price_of(odds) + MARGIN
    verdict = "the rating reaches that" if action.kind == "call" else "the rating falls short"
    return action, (f"{why}; calling {odds.to_call} into a pot of {odds.pot} needs {needed:.2f} "
                    f"({price_of(odds):.0%} pot odds plus a {MARGIN:.2f} margin), and {verdict}")
