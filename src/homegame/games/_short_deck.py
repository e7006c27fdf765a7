"""The settings that shorten the deck for a game's small form (Soko, Draw, Pineapple): ``ranks``
keeps the highest ranks, ``suits`` the first suits of spades, hearts, diamonds and clubs (see
:func:`homegame.cards.short_deck`). Declared once so that every game words them alike.

>>> sorted(deck_settings("ranks", "suits")), deck_settings("ranks")["ranks"].default
(['ranks', 'suits'], 13)
"""

from __future__ import annotations

from homegame.engine import Setting

__all__ = ["deck_settings"]

_SETTINGS = {
    "ranks": Setting(13, "how many ranks the deck holds, from the ace down (fewer: a small game)",
                     minimum=2, maximum=13, label="Ranks in the deck"),
    "suits": Setting(4, "how many suits the deck holds: spades, then hearts, diamonds, clubs "
                        "(fewer: a small game)", minimum=1, maximum=4, label="Suits in the deck"),
}


def deck_settings(*names: str) -> dict[str, Setting]:
    """The settings ``names`` (``ranks``, ``suits``), for a game's ``settings``."""
    return {name: _SETTINGS[name] for name in names}
