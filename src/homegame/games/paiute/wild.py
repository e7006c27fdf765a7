"""The wild cards of a Paiute deal, and how to say which they are.

By default every card of the turned-up rank is wild; with ``opposite-colour`` only the two cards of
that rank in the other colour; with ``jokers`` the two jokers and nothing else.
"""

from __future__ import annotations

from homegame.cards import JOKER, Card, deck, rank_name

__all__ = ["describe_wild", "wild_for"]


def wild_for(turned: Card | None, *, jokers: bool, opposite_colour: bool) -> frozenset[Card]:
    """The wild cards of a deal: the jokers, or the turned card's rank (only the other colour's two).

    >>> from homegame.cards import card
    >>> sorted(wild_for(card("5s"), jokers=False, opposite_colour=True))
    [5d, 5h]
    >>> len(wild_for(card("5s"), jokers=False, opposite_colour=False))
    4
    """
    if jokers or turned is None:
        return frozenset({JOKER})
    same_rank = [c for c in deck() if c.rank == turned.rank]
    if opposite_colour:
        return frozenset(c for c in same_rank if c.is_red != turned.is_red)
    return frozenset(same_rank)


def describe_wild(turned: Card | None, *, jokers: bool, opposite_colour: bool) -> str:
    """The wild cards in words, for views and the table.

    >>> from homegame.cards import card
    >>> describe_wild(card("5s"), jokers=False, opposite_colour=True)
    'the red fives are wild (the five of spades was turned up)'
    """
    if jokers or turned is None:
        return "the two jokers are wild"
    plural = rank_name(turned.rank, plural=True)
    if opposite_colour:
        colour = "black" if turned.is_red else "red"
        return f"the {colour} {plural} are wild (the {turned.name} was turned up)"
    return f"all the {plural} are wild (the {turned.name} was turned up)"
