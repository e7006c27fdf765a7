"""Naming draw hands quickly, for the history, the views and the hint (why each pot went where it
went is said by :func:`homegame.engine.showdown.award_reason`, shared by every betting game)."""

from __future__ import annotations

from collections.abc import Sequence

from homegame.cards import Card
from homegame.ranking import Ranking, evaluate, strength
from homegame.ranking.high import strength_name

__all__ = ["hand_name"]


_NAMES: dict[tuple[str | Ranking, frozenset[Card] | None, int], str] = {}
"""Low hand names by ranking, wild cards and strength (a name follows from the strength alone; high
hands are named straight from their strength)."""


def hand_name(cards: Sequence[Card], ranking: str | Ranking, wild: frozenset[Card] | None,
              value: int | None = None) -> str:
    """The name of the hand ``cards`` make (jokers are wild whenever the ranking allows);
    ``value``, when the caller already has it, is the hand's strength.

    >>> from homegame.cards import parse_cards
    >>> hand_name(parse_cards("9c 9d 4h 4s Kd"), "high", None)
    'two pair, nines and fours'
    """
    cards = list(cards)
    if value is None:
        value = strength(cards, ranking, wild)
    if ranking == "high":
        return strength_name(value)
    key = (ranking, wild, value)
    name = _NAMES.get(key)
    if name is None:
        if len(_NAMES) > 50_000:
            _NAMES.clear()
        name = _NAMES[key] = evaluate(cards, ranking, wild).name
    return name
