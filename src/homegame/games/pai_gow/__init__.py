"""Pai Gow Poker: seven cards set into a two-card and a five-card hand against a house-way banker.

The package holds the splits and their strengths (:mod:`.hands`), the house way (:mod:`.house_way`),
settling against the bank (:mod:`.settle`), the view (:mod:`.view`) and the game (:mod:`.game`).

>>> from homegame.cards import parse_cards
>>> house_way(parse_cards("Jk Kd Kc 9s 7h 4d 2c"))
Jk 9s | Kd Kc 7h 4d 2c
"""

from homegame.games.pai_gow.game import BANK, DECLINE, HOUSE_WAY, PaiGow, PaiGowState, foul_warning
from homegame.games.pai_gow.hands import ScoredSplit, Split, ranking_for, scored_splits
from homegame.games.pai_gow.house_way import house_way, house_way_rule
from homegame.games.pai_gow.settle import Settlement, commission, is_foul, settle
from homegame.games.pai_gow.view import PaiGowView, Placement, Result, distinct_ways

__all__ = [
    "BANK", "DECLINE", "GAMES", "HOUSE_WAY", "PaiGow", "PaiGowState", "PaiGowView", "Placement",
    "Result", "ScoredSplit", "Settlement", "Split", "commission", "distinct_ways", "foul_warning",
    "house_way", "house_way_rule", "is_foul", "ranking_for", "scored_splits", "settle",
]

GAMES = (PaiGow,)
