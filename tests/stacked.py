"""A stacked deck for any game's deck, short ones included: the cards a test names on top, in that
order, then the rest of the game's deck in deck order."""

from __future__ import annotations

from homegame.cards import Card, parse_cards
from homegame.engine import Game


def stacked(game: Game, top: str) -> list[Card]:
    """``game``'s deck with ``top`` dealt first (each card of ``top`` must be in the deck once)."""
    first = parse_cards(top)
    rest = list(game.deck)
    for card in first:
        rest.remove(card)
    return [*first, *rest]
