"""The Papayoo ruleset: 3 to 8 players, a game of an agreed number of deals.

>>> from homegame import new_game
>>> game = new_game("papayoo", players=4)
>>> state = game.deal(seed=1)
>>> state.to_act, len(state.view(0).hand), state.view(0).pass_count
((0, 1, 2, 3), 15, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from homegame.cards import Card
from homegame.engine import Chance, Game, Setting
from homegame.games.papayoo.state import PapayooState
from homegame.games.papayoo.table import DEAL_POINTS, deck_for

__all__ = ["Papayoo"]


class Papayoo(Game):
    """Take as few points as you can: the Payoos score their number, the Papayoo 40.

    A game is ``deals`` deals (the deal moves clockwise); each deal's state carries the totals to
    the next through ``carry_out``, and the last deal names the lowest total the winner.
    """

    name = "papayoo"
    title = "Papayoo"
    players = range(3, 9)
    score_is_penalty = True
    points_rate = Fraction(1, 10)
    numbered_cards = True
    settings = {"deals": Setting(4, "deals in a game; the lowest total after the last deal wins",
                                 minimum=1, maximum=100, label="Deals")}
    carry_keys = frozenset({"deal", "totals"})

    def costliest_outcome(self) -> dict[int | str, int]:
        """One player takes every point of the deal."""
        return {seat: DEAL_POINTS if seat == 0 else 0 for seat in range(self.player_count)}

    @property
    def deck(self) -> list[Card]:
        """60 cards, or 56 without the four ordinary 1s for seven or eight players."""
        return list(deck_for(self.player_count))

    def start(self, deck: list[Card], *, dealer: int, stacks: Sequence[int] | None,
              carry: dict[str, Any], chance: Chance) -> PapayooState:
        return PapayooState(self, deck, dealer=dealer, chance=chance, carry=carry)
