"""homegame: the dealer's-choice book of a home card game.

Cards and every hand ranking the games use:

>>> import homegame
>>> hand = homegame.evaluate("Kh Kd Ks 9c 9d")
>>> hand.name, hand.category.name
('full house, kings over nines', 'full house')
>>> homegame.parse_cards("As 10h Jk")
[As, Th, Jk]

The games (``homegame.GAMES``, ``homegame.new_game``) load on first use, so that importing
homegame for its rankings stays quick.
"""

from typing import TYPE_CHECKING, Any

from homegame.cards import Card, parse_cards
from homegame.engine import Action
from homegame.errors import CardError, GameError, HomegameError, IllegalAction, ReplayError
from homegame.ranking import RANKINGS, Hand, evaluate, strength

if TYPE_CHECKING:
    from homegame.games import GAMES, new_game, replay

__all__ = [
    "GAMES", "RANKINGS", "Action", "Card", "CardError", "GameError", "Hand", "HomegameError",
    "IllegalAction", "ReplayError", "evaluate", "new_game", "parse_cards", "replay", "strength",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    if name in ("GAMES", "new_game", "replay"):
        from homegame import games

        return getattr(games, name)
    raise AttributeError(f"module 'homegame' has no attribute {name!r}")
