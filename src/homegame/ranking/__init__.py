"""Every hand ranking the games use, by name, behind one ``evaluate`` and one ``strength``.

>>> evaluate("Ah Kh Qh Jh Th").name
'royal flush'
>>> strength("2c 2d 5h 7s 9c") > strength("Ac Kd Qh 9s 7c")
True
>>> 'high' in RANKINGS
True
"""

from __future__ import annotations

from homegame.ranking.by_name import RANKINGS, evaluate, strength, wild_cards
from homegame.ranking.core import Category, Hand, Ranking

__all__ = ["RANKINGS", "Category", "Hand", "Ranking", "evaluate", "strength", "wild_cards"]
