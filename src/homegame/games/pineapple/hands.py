"""Naming and judging Pineapple hands: two kept hole cards and the board, high and eight-or-better low.

A Pineapple hand is the best five of seven cards (two hole cards and five board cards), any five, as
in hold'em. Before the discard a player holds three hole cards; the hint then names the best hand
that any two of them make with the board, since only two will play. In a small form a hand may hold
fewer than five cards in all (one kept hole card, a short board): it is then ranked whole, by sets of
equal ranks and then high cards (:data:`~homegame.ranking.short.SHORT_HIGH`).

>>> from homegame.cards import parse_cards
>>> best_high_name(parse_cards("Ah Kd 7c"), parse_cards("Ac 7d 2s"))
'two pair, aces and sevens'
>>> best_high_name(parse_cards("Ah Ad 7c"), ())
'a pair of aces'
>>> best_low_name(parse_cards("Ah 3d"), parse_cards("Kc 7d 2s 5h Qs"))
'a seven-five low'
>>> best_low_name(parse_cards("Ah 3d"), parse_cards("Kc 9d 2s 5h Qs"))
'no low'
>>> best_high_name(parse_cards("Kh Ad"), parse_cards("Kd"), keep=1)
'a pair of kings'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from homegame.cards import Card, rank_counts, rank_name
from homegame.ranking import Hand, evaluate, strength
from homegame.ranking.high import strength_name
from homegame.ranking.low import low_ranking
from homegame.ranking.short import SHORT_HIGH, short_name

__all__ = ["EIGHT_OR_BETTER", "NO_LOW", "best_high_name", "best_low_name", "evaluate_high", "high_strength",
           "low_strength"]

EIGHT_OR_BETTER: Final = low_ranking("ace-to-five", qualifier=8)
"""Ace-to-five low where every card of the five is 8 or lower (a failing hand has strength 0)."""
NO_LOW: Final = "no low"


def high_strength(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """The high strength of the best five of ``hole`` plus ``board`` (five to seven cards; fewer
    are a short hand, ranked whole)."""
    cards = [*hole, *board]
    return strength(cards) if len(cards) >= 5 else SHORT_HIGH.strength(cards)


def evaluate_high(cards: Sequence[Card]) -> Hand:
    """The best high hand of ``cards``: five of them, or all of a short hand.

    >>> from homegame.cards import parse_cards
    >>> evaluate_high(parse_cards("Ah Kd")).name, evaluate_high(parse_cards("Ah Kd Ad 7c 2s")).name
    ('ace high', 'a pair of aces')
    """
    return evaluate(cards) if len(cards) >= 5 else SHORT_HIGH.evaluate(cards)


def low_strength(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """The eight-or-better low strength of the best five of ``hole`` plus ``board`` (0: no low).

    >>> from homegame.cards import parse_cards
    >>> low_strength(parse_cards("Ah 3d"), parse_cards("Kc 7d 2s 5h Qs")) > 0
    True
    """
    return EIGHT_OR_BETTER.strength([*hole, *board])


def _playing_sets(hole: Sequence[Card], keep: int) -> list[tuple[Card, ...]]:
    """The ways to keep ``keep`` of ``hole`` (just ``hole`` once the discard is made)."""
    return list(combinations(hole, keep)) if len(hole) > keep else [tuple(hole)]


def best_high_name(hole: Sequence[Card], board: Sequence[Card], keep: int = 2) -> str:
    """The name of the best high hand ``keep`` of ``hole`` make with ``board`` (ranks only before
    the flop)."""
    if not hole:
        return ""
    kept = _playing_sets(hole, keep)
    if not board or len(kept[0]) + len(board) < 5:
        short = max(kept, key=lambda cards: SHORT_HIGH.strength([*cards, *board]))
        return _starting_name(short) if not board else short_name([*short, *board])
    best = 0
    for cards in kept:  # a loop: compiled, a generator is an object made and stepped
        best = max(best, strength([*cards, *board]))
    return strength_name(best)


def best_low_name(hole: Sequence[Card], board: Sequence[Card], keep: int = 2) -> str:
    """The name of the best eight-or-better low ``keep`` of ``hole`` make with ``board``, or "no low"."""
    kept = _playing_sets(hole, keep)
    if len(kept[0]) + len(board) < 5 or not hole:
        return NO_LOW
    best = max(kept, key=lambda cards: EIGHT_OR_BETTER.strength([*cards, *board]))
    hand = EIGHT_OR_BETTER.evaluate([*best, *board])
    return hand.name if hand.strength else NO_LOW


def _starting_name(hole: Sequence[Card]) -> str:
    counts = rank_counts(hole)
    rank, count = max(counts.items(), key=lambda item: (item[1], item[0]))
    if count == 3:
        return f"three {rank_name(rank, plural=True)}"
    if count == 2:
        return f"a pair of {rank_name(rank, plural=True)}"
    return f"{rank_name(rank)} high"
