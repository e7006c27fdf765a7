"""homegame: the dealer's-choice book of a home card game.

Cards and every hand ranking the games use:

>>> import homegame
>>> hand = homegame.evaluate("Kh Kd Ks 9c 9d")
>>> hand.name, hand.category.name
('full house, kings over nines', 'full house')
>>> homegame.parse_cards("As 10h Jk")
[As, Th, Jk]
"""

from homegame.cards import Card, CardError, parse_cards
from homegame.ranking import RANKINGS, Hand, evaluate, strength

__all__ = ["RANKINGS", "Card", "CardError", "Hand", "evaluate", "parse_cards", "strength"]
__version__ = "0.1.0"
