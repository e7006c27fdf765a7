"""Analysis over the rankings: exact odds tables and hand-against-hand equity.

>>> category_table("ace-to-five", 5).counts["four of a kind"]
624
>>> [p.equity for p in equity(["Ac Ad", "Kc Kd"], board="Ah 7s 2c 9d").players]  # kings drawing dead
[1.0, 0.0]
"""

from homegame.analysis.equity import DiscardChoice, EquityResult, PlayerEquity, discard_equity, equity
from homegame.analysis.odds import CategoryTable, category_table
from homegame.analysis.progress import Progress, ProgressBar

__all__ = [
    "CategoryTable", "DiscardChoice", "EquityResult", "PlayerEquity", "Progress", "ProgressBar",
    "category_table", "discard_equity", "equity",
]
