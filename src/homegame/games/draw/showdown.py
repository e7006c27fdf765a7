"""Naming hands and saying why each pot went where it went, for the history and the views.

>>> from homegame.engine.pots import Award, Pot
>>> names = {0: "two pair, nines and fours", 1: "a pair of kings", 2: "a pair of kings"}
>>> award_reason(Award(0, "all", {0: 30}), {0: 9, 1: 5, 2: 5}, Pot(30, (0, 1, 2)), names.get)
'seat 0 wins 30 with two pair, nines and fours, beating a pair of kings (seat 1)'
>>> print(award_reason(Award(0, "all", {2: 8, 1: 7}), {0: 1, 1: 5, 2: 5}, Pot(15, (0, 1, 2)), names.get))
seats 1 and 2 tie with a pair of kings and split 15; the odd chip goes to seat 2, first from the dealer's left
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from homegame.cards import Card
from homegame.engine.pots import Award, Pot
from homegame.ranking import Ranking, evaluate, strength
from homegame.ranking.core import decode
from homegame.ranking.high import HIGH_CATEGORIES, high_name

__all__ = ["award_reason", "hand_name"]


_NAMES: dict[tuple[str | Ranking, frozenset[Card] | None, int], str] = {}
"""Low hand names by ranking, wild cards and strength (a name follows from the strength alone; high
hands are named straight from their strength)."""


def hand_name(cards: Sequence[Card], ranking: str | Ranking, wild: frozenset[Card] | None) -> str:
    """The name of the hand ``cards`` make (jokers are wild whenever the ranking allows).

    >>> from homegame.cards import parse_cards
    >>> hand_name(parse_cards("9c 9d 4h 4s Kd"), "high", None)
    'two pair, nines and fours'
    """
    cards = list(cards)
    value = strength(cards, ranking, wild)
    if ranking == "high":
        category, ranks = decode(value)
        return high_name(HIGH_CATEGORIES[category], ranks)
    key = (ranking, wild, value)
    name = _NAMES.get(key)
    if name is None:
        if len(_NAMES) > 50_000:
            _NAMES.clear()
        name = _NAMES[key] = evaluate(cards, ranking, wild).name
    return name


def award_reason(award: Award, strengths: Mapping[int, int], pot: Pot,
                 name: Callable[[int], str | None]) -> str:
    """Why ``award`` went to its winners: the winning hand and what it beat, or the tie."""
    winners = list(award.shares)
    total = sum(award.shares.values())
    others = [seat for seat in pot.eligible if seat not in award.shares]
    if len(pot.eligible) == 1:
        return f"seat {winners[0]} takes back {total} that no one still in could match"
    if winners and strengths.get(winners[0], 1) == 0:
        return f"no hand qualifies, so the {total} is shared by the hands still in"
    if len(winners) == 1:
        seat = winners[0]
        if not others:
            return f"seat {seat} wins {total} with {name(seat)}"
        runner = max(others, key=lambda s: strengths.get(s, -1))
        return f"seat {seat} wins {total} with {name(seat)}, beating {name(runner)} (seat {runner})"
    listed = sorted(winners)
    seats = ", ".join(map(str, listed[:-1])) + f" and {listed[-1]}"
    text = f"seats {seats} tie with {name(winners[0])} and split {total}"
    shares = set(award.shares.values())
    if len(shares) > 1:
        text += f"; the odd chip goes to seat {winners[0]}, first from the dealer's left"
    return text
