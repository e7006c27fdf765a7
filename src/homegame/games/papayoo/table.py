"""Papayoo's table of numbers: the deck for each table size, the packets of the deal, the pass, and
what every card is worth once the die has named the Papayoo.

>>> from homegame.cards import card
>>> deal_packets(3), cards_to_pass(3)
((3, 3, 3, 3, 3, 3, 2), 5)
>>> len(deck_for(7)), card("1p") in deck_for(7), card("1h") in deck_for(7)
(56, True, False)
>>> points(card("14p"), papayoo=card("7h")), points(card("7h"), papayoo=card("7h"))
(14, 40)
>>> points(card("7s"), papayoo=card("7h")), DEAL_POINTS
(0, 250)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from homegame.cards import DECKS, Card, Suit

__all__ = [
    "DEAL_POINTS", "ORDINARY_SUITS", "PAPAYOO_POINTS", "PAPAYOO_RANK", "SUIT_NAMES", "cards_to_pass",
    "deal_packets", "deck_for", "papayoo_card", "points", "points_of",
]

PAPAYOO_RANK: Final = 7
"""The rank of the card the die turns into the Papayoo."""

PAPAYOO_POINTS: Final = 40
DEAL_POINTS: Final = sum(range(1, 21)) + PAPAYOO_POINTS
"""Every deal shares these points: the Payoos 1 to 20 (210) and the Papayoo (40)."""

ORDINARY_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
"""The suits the die can name, one per face: face 1 is clubs, 2 diamonds, 3 hearts, 4 spades."""

SUIT_NAMES: Final = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts",
                     Suit.SPADES: "spades", Suit.PAYOO: "Payoo"}

# Per table size: the packets each player receives, in the order they are dealt, and how many cards
# each player passes to the left.
_DEAL: Final[dict[int, tuple[tuple[int, ...], int]]] = {
    3: ((3, 3, 3, 3, 3, 3, 2), 5),
    4: ((3, 3, 3, 3, 3), 5),
    5: ((3, 3, 3, 3), 4),
    6: ((3, 3, 3, 1), 3),
    7: ((3, 3, 2), 3),
    8: ((3, 3, 1), 3),
}

SMALL_DECK_FROM: Final = 7
"""From this many players on, the four ordinary 1s leave the deck (the Payoo 1 stays)."""


def deck_for(players: int) -> tuple[Card, ...]:
    """The deck a table of ``players`` deals from: 60 cards, or 56 for seven or eight players."""
    return DECKS["papayoo-56" if players >= SMALL_DECK_FROM else "papayoo"]


def deal_packets(players: int) -> tuple[int, ...]:
    """The packet sizes each player receives, round by round (they add up to the hand size)."""
    return _DEAL[players][0]


def cards_to_pass(players: int) -> int:
    """How many cards each player passes to the left at a table of ``players``."""
    return _DEAL[players][1]


def papayoo_card(face: int) -> Card:
    """The 7 of the suit a roll of ``face`` (1 to 4) names: clubs, diamonds, hearts, spades.

    >>> papayoo_card(3)
    7h
    """
    suit = ORDINARY_SUITS[face - 1]
    return next(c for c in DECKS["papayoo"] if c.suit is suit and c.rank == PAPAYOO_RANK)


def points(card: Card, *, papayoo: Card | None) -> int:
    """What ``card`` is worth in a trick: a Payoo its number, the Papayoo 40, anything else 0."""
    if card.suit is Suit.PAYOO:
        return card.rank
    return PAPAYOO_POINTS if card == papayoo else 0


def points_of(cards: Iterable[Card], *, papayoo: Card | None) -> int:
    """The points in a pile of cards."""
    return sum(points(c, papayoo=papayoo) for c in cards)
