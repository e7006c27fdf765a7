"""Papayoo: the trick-taking game of the set, where every point taken counts against you.

Each deal the players pass cards to the left all at once, a die names which 7 is the Papayoo (40
points), and the tricks are played out; the Payoo suit scores each card's number. After the agreed
number of deals the lowest total wins.
"""

from homegame.games.papayoo.game import Papayoo
from homegame.games.papayoo.state import PapayooState
from homegame.games.papayoo.views import DealResult, PapayooView, Play, Trick

__all__ = ["GAMES", "DealResult", "Papayoo", "PapayooState", "PapayooView", "Play", "Trick"]

GAMES = (Papayoo,)
