"""Paiute: the Hawaiian draw-and-discard game of five- and six-card combinations, with wild cards.

The package reads like the rulebook: :mod:`.game` the table (variants, settings, scoring),
:mod:`.state` a deal (turns, calls, the last round, the void rule), :mod:`.table` the stock and
discard pile, :mod:`.views` what a seat sees, :mod:`.hints` the rules in words.

>>> import homegame
>>> homegame.GAMES["paiute"].title
'Paiute'
"""

from homegame.games.paiute.game import PAY_TABLE_SETTINGS, Paiute
from homegame.games.paiute.state import CALL_SIX, DRAW_PILE, DRAW_STOCK, PaiuteState
from homegame.games.paiute.views import CallShown, PaiuteView

GAMES = (Paiute,)

__all__ = [
    "CALL_SIX", "DRAW_PILE", "DRAW_STOCK", "GAMES", "PAY_TABLE_SETTINGS", "CallShown", "Paiute",
    "PaiuteState", "PaiuteView",
]
