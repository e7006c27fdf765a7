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
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from homegame.engine import Action, ActionSet, Amounts

__all__ = ["PotOdds", "bet_by_strength"]


@dataclass(frozen=True, slots=True)
class PotOdds:
    """What a betting decision looks at: the pot, the chips owed, this round's own bet, opponents."""

    pot: int
    to_call: int
    own_bet: int
    opponents: int


def bet_by_strength(legal: ActionSet, rating: float, odds: PotOdds, rng: random.Random) -> Action:
    """A betting action for a hand rated ``rating`` (0-1) facing ``odds``."""
    score = rating ** (1 + 0.35 * (max(1, odds.opponents) - 1))
    passive = [a for a in legal if a.kind in ("check", "call", "bring-in")]
    aggressive = next((f for f in legal.families if isinstance(f, Amounts)), None)
    price = odds.to_call / (odds.pot + odds.to_call) if odds.to_call else 0.0
    if aggressive is not None and score > 0.55 + 0.1 * rng.random():
        target = odds.own_bet + odds.to_call + int(odds.pot * (0.5 + score))
        return Action(aggressive.kind, amount=max(aggressive.low, min(aggressive.high, target)))
    if passive and (passive[0].kind in ("check", "bring-in") or score >= price + 0.05):
        return passive[0]
    return next((a for a in legal if a.kind == "fold"), passive[0] if passive else legal[0])
