"""A stacked deck for any game's deck, short ones included: the cards a test names on top, in that
order, then the rest of the game's deck in deck order; and the moves of a hand dealt from it."""

from __future__ import annotations

from typing import Any

from homegame.cards import Card, parse_cards
from homegame.engine import Action, Game, GameState


def stacked(game: Game, top: str) -> list[Card]:
    """``game``'s deck with ``top`` dealt first (each card of ``top`` must be in the deck once)."""
    first = parse_cards(top)
    rest = list(game.deck)
    for card in first:
        rest.remove(card)
    return [*first, *rest]


def play(state: GameState[Any], *moves: str) -> None:
    """Each move, an action as written (``"raise 4"``), by the first seat to act."""
    for text in moves:
        state.apply(state.to_act[0], Action.parse(text))
