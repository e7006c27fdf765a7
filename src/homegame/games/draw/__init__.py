"""Basic Draw Poker (seed 003) and lowball draw: ante, a betting round, one draw, a second round,
showdown.

>>> import homegame
>>> game = homegame.new_game("draw", players=3, ante=1)
>>> state = game.deal(seed=1)
>>> state.to_act, state.view(1).phase
((1,), 'bet1')
"""

from homegame.games.draw.game import DrawPoker
from homegame.games.draw.state import DrawState
from homegame.games.draw.view import DrawView

__all__ = ["GAMES", "DrawPoker", "DrawState", "DrawView"]

GAMES = (DrawPoker,)
