"""A heuristic bot for Whiskey Poker, playing from its seat's view only.

Betting follows the hand's rating, its measured chance to win heads-up as a draw poker hand (see
:mod:`homegame.bots.betting` and :mod:`homegame.bots.draw_equity`). Before the widow is shown it
knocks with two pair or better, takes the widow unseen with no pair, and passes otherwise. Once the
widow is face up it makes whichever trade (one card, or the whole widow) gives the strongest hand,
and knocks when no trade improves its hand.

>>> import homegame
>>> state = homegame.new_game("whiskey", players=3).deal(seed=4)
>>> seat = state.to_act[0]
>>> HeuristicWhiskeyBot(seed=1).act(state.view(seat), state.legal_actions(seat)) in state.legal_actions(seat)
True
"""

from __future__ import annotations

from typing import Any

from homegame.bots import Bot
from homegame.bots.betting import PotOdds, bet_by_strength
from homegame.bots.draw_equity import equity
from homegame.cards import Card
from homegame.engine import Action, ActionSet
from homegame.ranking import evaluate, strength

__all__ = ["BOTS", "HeuristicWhiskeyBot", "best_trade"]

KNOCK, TAKE, PASS = Action("knock"), Action("take"), Action("pass")


def best_trade(hand: tuple[Card, ...], widow: tuple[Card, ...], legal: ActionSet) -> Action | None:
    """The legal trade that makes the strongest hand, if it beats ``hand`` as it stands.

    >>> from homegame.cards import parse_cards
    >>> from homegame.engine import Choices
    >>> hand, widow = tuple(parse_cards("Ah Ad 7c 4s 2h")), tuple(parse_cards("Ac 9d 8d 6h 3s"))
    >>> swaps = [Action("swap", cards=(m, w)) for w in widow for m in hand]
    >>> best_trade(hand, widow, ActionSet(Choices([*swaps, Action("take"), Action("knock")])))
    swap 2h Ac
    """
    best, best_strength = None, strength(list(hand))
    for action in legal:
        if action.kind == "take":
            after = list(widow)
        elif action.kind == "swap":
            mine, wanted = action.cards
            after = [wanted if card == mine else card for card in hand]
        else:
            continue
        value = strength(after)
        if value > best_strength:
            best, best_strength = action, value
    return best


class HeuristicWhiskeyBot(Bot):
    """Bets by hand rating, trades greedily with the widow, knocks with a made hand."""

    name = "heuristic"

    def act(self, view: Any, legal: ActionSet) -> Action:
        if view.phase == "exchange":
            return self._exchange(view, legal)
        if view.phase == "widow":
            trade = best_trade(view.hand, view.widow, legal)
            return trade if trade is not None else KNOCK
        score, odds = self.read_bet(view)
        return bet_by_strength(legal, score, odds, self.random)

    def read_bet(self, view: Any) -> tuple[float, PotOdds]:
        """The hand's rating and the pot odds this seat faces: rated as a draw poker hand by its
        measured chance to win heads-up (:mod:`homegame.bots.draw_equity`), as one still to be
        improved until the last betting round."""
        opponents = sum(1 for seat in view.stacks if seat != view.seat and seat not in view.folded)
        score = equity(view.hand, wild="none", before_draw=view.phase != "bet3")
        return score, PotOdds(view.pot, view.to_call, view.bets.get(view.seat, 0), opponents)

    def _exchange(self, view: Any, legal: ActionSet) -> Action:
        made = evaluate(list(view.hand)).category.name
        if made not in ("high card", "pair") and KNOCK in legal:
            return KNOCK
        return TAKE if made == "high card" else PASS


BOTS = {"heuristic": HeuristicWhiskeyBot}
