"""Anaconda: seven cards, two blind passes of three, then a declared high-low split.

Everyone antes and is dealt seven cards face down; the rest of the pack is set aside. A betting
round, then the first pass: every player still in sets three cards aside at the same moment, and
once everyone has chosen each gives them to the next player still in on their left. A second betting
round, the second pass the same way to the second player still in on the right (with two players
left, to the other one), and a third betting round. Then everyone declares high or low at once, in
secret, and the declarations are shown together. Each player keeps five of their seven cards,
throwing two away, and picks four of the five to show; the four are turned up together and the
fifth stays down. A last betting round, then the showdown: half of each pot to the best high hand
among those who declared high, half to the best ace-to-five low among those who declared low. With
nobody on one side the other side takes the whole pot; a player alone on a side takes that half.
Chips that cannot be split evenly stay in the pot for the next hand.

Betting is fixed limit by default: the small bet in the first two rounds, the big bet in the last
two.

>>> import homegame
>>> state = homegame.new_game("anaconda", players=4).deal(seed=3)
>>> view = state.view(2)
>>> view.phase, len(view.hand), view.pot, state.to_act
('bet1', 7, 4, (1,))
"""

from __future__ import annotations

from homegame.engine.stakes import BettingGame, stake_settings
from homegame.games.anaconda.state import AnacondaState
from homegame.games.anaconda.view import AnacondaView

__all__ = ["GAMES", "Anaconda", "AnacondaState", "AnacondaView"]


class Anaconda(BettingGame):
    """Anaconda for 2 to 7 players (seven cards each from one pack)."""

    name = "anaconda"
    title = "Anaconda"
    players = range(2, 8)
    settings = stake_settings(limit="fixed", ante=1, bet=2)
    carry_keys = frozenset({"pot"})
    state_class = AnacondaState


GAMES = (Anaconda,)
