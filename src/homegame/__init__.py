"""homegame: the dealer's-choice book of a home card game.

Cards and every hand ranking the games use:

>>> import homegame
>>> hand = homegame.evaluate("Kh Kd Ks 9c 9d")
>>> hand.name, hand.category.name
('full house, kings over nines', 'full house')
>>> homegame.parse_cards("As 10h Jk")
[As, Th, Jk]

Everything but the cards and the errors loads on first use (the rankings, the engine, the games),
so that a command such as ``homegame --help`` starts at once.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from homegame.cards import Card, parse_cards
from homegame.errors import CardError, GameError, HomegameError, IllegalAction, ReplayError

if TYPE_CHECKING:
    from homegame.engine import Action
    from homegame.games import GAMES, new_game, replay
    from homegame.ranking import RANKINGS, Hand, evaluate, strength

__all__ = [
    "GAMES", "RANKINGS", "Action", "Card", "CardError", "GameError", "Hand", "HomegameError",
    "IllegalAction", "ReplayError", "evaluate", "new_game", "parse_cards", "replay", "strength",
]
__version__ = "0.1.0"

_LAZY = {"Action": "homegame.engine", "GAMES": "homegame.games", "new_game": "homegame.games",
         "replay": "homegame.games", "RANKINGS": "homegame.ranking", "Hand": "homegame.ranking",
         "evaluate": "homegame.ranking", "strength": "homegame.ranking"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'homegame' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
