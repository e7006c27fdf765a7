"""What every game is made of: the state machine contract, actions, views, chance and history.

Betting, pots and the match that chains hands live in their own modules here too.
"""

from homegame.engine.action_sets import ActionSet, Amounts, Arrangements, Choices, Family, Subsets
from homegame.engine.actions import Action
from homegame.engine.chance import Chance, ChanceError
from homegame.engine.game import Game, GameError, Setting, Variant
from homegame.engine.history import Event, History
from homegame.engine.state import GameState, IllegalAction, Outcome
from homegame.engine.view import View
from homegame.errors import HomegameError, ReplayError

__all__ = [
    "Action", "ActionSet", "Amounts", "Arrangements", "Chance", "ChanceError", "Choices", "Event",
    "Family", "Game", "GameError", "GameState", "History", "HomegameError", "IllegalAction", "Outcome",
    "ReplayError", "Setting", "Subsets", "Variant", "View",
]
