"""A heuristic bot for Soko, playing from its seat's view only.

It rates its cards from 0 to 1: a made Soko hand by its category once it has five cards, and
before that what its cards already make (pairs and better) plus the promise of four to a flush or
a straight, discounted by how many of the others' up cards beat its own. Betting then follows
:func:`homegame.bots.betting.bet_by_strength`.

>>> import homegame
>>> state = homegame.new_game("soko", players=3).deal(seed=3)
>>> seat = state.to_act[0]
>>> HeuristicSokoBot(seed=1).act(state.view(seat), state.legal_actions(seat)) in state.legal_actions(seat)
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from homegame.bots import Bot
from homegame.bots.betting import PotOdds, bet_by_strength, habit_choice
from homegame.cards import Card
from homegame.engine import Action, ActionSet
from homegame.games.soko import showing_strength
from homegame.ranking import evaluate

__all__ = ["BOTS", "HeuristicSokoBot", "soko_rating"]

_FINAL = {"high card": 0.1, "pair": 0.35, "four-straight": 0.5, "four-flush": 0.55, "two pair": 0.65,
          "three of a kind": 0.75, "straight": 0.82, "flush": 0.86, "full house": 0.92,
          "four of a kind": 0.97, "straight flush": 1.0, "royal flush": 1.0}


def soko_rating(cards: Sequence[Card]) -> float:
    """How good ``cards`` (hole card first, then up cards) are, 0 to 1.

    >>> from homegame.cards import parse_cards
    >>> soko_rating(parse_cards("Ah Ad")) > soko_rating(parse_cards("7h 2c"))
    True
    """
    if len(cards) == 5:
        made = evaluate(list(cards), "soko")
        top = max(c.rank for c in made.cards)
        return min(1.0, _FINAL.get(made.category.name, 0.5) + 0.04 * (top - 2) / 12)
    counts = sorted(Counter(c.rank for c in cards).values(), reverse=True)
    high = max(c.rank for c in cards)
    score = {4: 0.97, 3: 0.88, 2: 0.62 + 0.1 * (high - 2) / 12}.get(counts[0], 0.3 + 0.25 * (high - 2) / 12)
    if counts[0] == 2 and len(counts) > 1 and counts[1] == 2:
        score = 0.8
    suits = Counter(c.suit for c in cards).most_common(1)[0][1]
    if suits == len(cards) >= 3:
        score = max(score, 0.35 + 0.05 * len(cards))
    return score


class HeuristicSokoBot(Bot):
    """Bets its rating against the pot, wary of boards that beat its own up cards."""

    name = "heuristic"

    def act(self, view: Any, legal: ActionSet) -> Action:
        if view.show:
            return habit_choice(legal)
        score, odds = self.read_bet(view)
        return bet_by_strength(legal, score, odds, self.random)

    def read_bet(self, view: Any) -> tuple[float, PotOdds]:
        """The cards' rating, less for each rival showing more, and the pot odds this seat faces."""
        own = [view.hole, *view.up_cards.get(view.seat, ())] if view.hole is not None else []
        score = soko_rating(own) if own else 0.0
        mine = showing_strength(view.up_cards.get(view.seat, ()))
        threats = sum(1 for seat, up in view.up_cards.items()
                      if seat != view.seat and seat not in view.folded and showing_strength(up) > mine)
        score *= 0.92 ** threats
        opponents = sum(1 for seat in view.up_cards if seat != view.seat and seat not in view.folded)
        return score, PotOdds(view.pot, view.to_call, view.bets.get(view.seat, 0), opponents)


BOTS = {"heuristic": HeuristicSokoBot}
