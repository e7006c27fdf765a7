"""Saying why one hand beat another when their names are the same.

"flush, ace high beats flush, ace high" says nothing: the names agree, and the hands were decided
further down. Given the cards of each hand most significant first (as :attr:`Hand.cards` lists
them), :func:`decided_by` names the first place they differ, or says the hands tie exactly, and
:func:`versus` writes the whole comparison.

>>> from homegame.ranking import evaluate
>>> mine, theirs = evaluate("Ah Kh 9h 5h 2h"), evaluate("As Qs 9s 5s 2s")
>>> versus(mine.name, mine.cards, theirs.name, theirs.cards)
'flush, ace high beats flush, ace high on the second card (a king against a queen)'
>>> versus("a pair of nines", mine.cards, "ace high", theirs.cards)
'a pair of nines beats ace high'
"""

from __future__ import annotations

from collections.abc import Sequence

from homegame.cards import Card, rank_name

__all__ = ["decided_by", "versus"]

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")


def decided_by(winner: Sequence[Card], loser: Sequence[Card]) -> str:
    """Where two hands of one name part: ``"on the third card (a nine against an eight)"``;
    ``"an exact tie"`` when every rank matches.

    >>> from homegame.cards import parse_cards
    >>> decided_by(parse_cards("Kh Kd 9c 7s 2d"), parse_cards("Ks Kc 9d 6h 5c"))
    'on the fourth card (a seven against a six)'
    >>> decided_by(parse_cards("Kh Kd 9c"), parse_cards("Ks Kc 9d"))
    'an exact tie'
    """
    if any(card.is_joker for card in (*winner, *loser)):
        return "on the cards a joker stands for"
    for index, (mine, theirs) in enumerate(zip(winner, loser, strict=False)):
        if mine.rank != theirs.rank:
            place = _ORDINALS[index] if index < len(_ORDINALS) else f"card {index + 1}"
            return f"on the {place} card ({_a(mine.rank)} against {_a(theirs.rank)})"
    if len(winner) != len(loser):
        return "on the number of cards"
    return "an exact tie"


def versus(winner_name: str, winner: Sequence[Card], loser_name: str, loser: Sequence[Card],
           verb: str = "beats") -> str:
    """``"<winner> beats <loser>"``, and what decided it when the names alone do not say."""
    text = f"{winner_name} {verb} {loser_name}"
    if winner_name != loser_name:
        return text
    decider = decided_by(winner, loser)
    return f"{text}: {decider}" if decider == "an exact tie" else f"{text} {decider}"


def _a(rank: int) -> str:
    name = rank_name(rank)
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"
