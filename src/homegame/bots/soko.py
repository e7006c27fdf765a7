"""A heuristic bot for Soko, playing from its seat's view only.

It rates its cards by their measured chance to win heads-up at that street
(:mod:`homegame.bots.soko_equity`: what they make so far, and whether they could still make a
flush or a straight), discounted by how many of the others' up cards beat its own. Betting then
follows :func:`homegame.bots.betting.bet_by_strength`.

>>> import homegame
>>> state = homegame.new_game("soko", players=3).deal(seed=3)
>>> seat = state.to_act[0]
>>> HeuristicSokoBot(seed=1).act(state.view(seat), state.legal_actions(seat)) in state.legal_actions(seat)
True
"""

from __future__ import annotations

from typing import Any

from homegame.bots import Bot
from homegame.bots.betting import PotOdds, bet_by_strength, habit_choice
from homegame.bots.soko_equity import equity
from homegame.engine import Action, ActionSet
from homegame.games.soko import showing_strength

__all__ = ["BOTS", "HeuristicSokoBot"]


class HeuristicSokoBot(Bot):
    """Bets its rating against the pot, wary of boards that beat its own up cards."""

    name = "heuristic"

    def act(self, view: Any, legal: ActionSet) -> Action:
        if view.show:
            return habit_choice(legal)
        score, odds = self.read_bet(view)
        return bet_by_strength(legal, score, odds, self.random)

    def read_bet(self, view: Any) -> tuple[float, PotOdds]:
        """The cards' measured chance, less for each rival showing more, and the pot odds this
        seat faces."""
        own = [view.hole, *view.up_cards.get(view.seat, ())] if view.hole is not None else []
        score = equity(own) if len(own) >= 2 else 0.0
        mine = showing_strength(view.up_cards.get(view.seat, ()))
        threats = sum(1 for seat, up in view.up_cards.items()
                      if seat != view.seat and seat not in view.folded and showing_strength(up) > mine)
        score *= 0.92 ** threats
        opponents = sum(1 for seat in view.up_cards if seat != view.seat and seat not in view.folded)
        return score, PotOdds(view.pot, view.to_call, view.bets.get(view.seat, 0), opponents)


BOTS = {"heuristic": HeuristicSokoBot}
