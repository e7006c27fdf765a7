"""Analysis tools over the rankings and games: exact odds tables and hand-against-hand equity.

>>> category_table("high", 5).counts["straight flush"]
40
"""

from homegame.analysis.odds import CategoryTable, category_table
from homegame.analysis.progress import Progress, ProgressBar

__all__ = ["CategoryTable", "Progress", "ProgressBar", "category_table"]
