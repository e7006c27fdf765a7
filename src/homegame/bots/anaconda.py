"""A heuristic bot for Anaconda, playing from its seat's view only.

**Passing.** Of its seven cards it keeps the four that best serve one plan, high (sets of a rank,
four to a flush) or low (distinct cards of five or below, then up to eight), and passes the other
three. **Declaring.** It rates its best high five and its best ace-to-five low five and declares the
side that rates higher. **Showing.** It keeps the best five for its side and usually turns up the
four that look weakest, keeping the card that tells most face down; now and then it shows the
strongest-looking four instead, to represent more than it holds. **Betting** goes by the rating of
its hand (see :mod:`homegame.bots.betting`): before the declaration by its better side; afterwards
by its declared side, against only the players who declared the same side, near the top when it is
alone on its side (half the pot is then its own) and near the bottom when someone on its side
already shows more than it holds.

>>> from homegame.cards import parse_cards
>>> keep_for_pass(parse_cards("Kh Kd Ks 7c 2d 9h 4s"))
(Kh, Kd, Ks, 9h)
>>> keep_for_pass(parse_cards("Ah 2c 3d 5s Kh Qc Jd"))
(Ah, 2c, 3d, 5s)
>>> low_rating(parse_cards("Ah 2c 3d 4s 7h")), low_rating(parse_cards("Ah Ac 3d 4s 7h"))
(0.8, 0.05)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from homegame.bots import Bot
from homegame.bots.betting import PotOdds, bet_by_strength
from homegame.bots.draw import rating
from homegame.cards import ACE, Card
from homegame.engine import Action, ActionSet
from homegame.games.soko import showing_strength
from homegame.ranking import evaluate

__all__ = ["BOTS", "HeuristicAnacondaBot", "keep_for_pass", "low_rating"]

RANKING = {"high": "high", "low": "ace-to-five"}
_LOW_TOP = {5: 1.0, 6: 0.9, 7: 0.8, 8: 0.65, 9: 0.5, 10: 0.35, 11: 0.25, 12: 0.15, 13: 0.1}
_SHOWN_CATEGORY = {(4,): 7, (3, 1): 3, (2, 2): 2, (2, 1, 1): 1}
_CATEGORY_ORDER = ("high card", "pair", "two pair", "three of a kind", "straight", "flush", "full house",
                   "four of a kind", "straight flush", "royal flush")
BLUFF_SHOW = 0.25


def _low_value(card: Card) -> int:
    return 1 if card.rank == ACE else card.rank


def high_potential(cards: Sequence[Card]) -> float:
    """How promising ``cards`` (a partial hand) are for high: sets of a rank, or cards of one suit."""
    counts = sorted(Counter(card.rank for card in cards).items(), key=lambda item: (item[1], item[0]),
                    reverse=True)
    (top_rank, top), pairs = counts[0], sum(1 for _, count in counts if count >= 2)
    made = {4: 0.95, 3: 0.9 if pairs >= 2 else 0.7}.get(top, 0.55 if pairs >= 2 else 0.3 if top == 2 else 0.1)
    suited = max(Counter(card.suit for card in cards).values())
    flush = 0.85 if suited >= 5 else 0.5 if suited == 4 else 0.0
    kickers = 0.002 * sum(card.rank for card in cards) / (ACE * len(cards))
    return max(made + 0.05 * top_rank / ACE, flush) + kickers


def low_potential(cards: Sequence[Card]) -> float:
    """How promising ``cards`` are for an ace-to-five low: distinct small cards, the smaller the better."""
    distinct = sorted(set(_low_value(card) for card in cards))[:4]
    if not distinct:
        return 0.0
    spread = 1.0 - max(0, distinct[-1] - 4) / 10
    return max(0.0, spread * len(distinct) / 4)


def keep_for_pass(hand: Sequence[Card]) -> tuple[Card, ...]:
    """The four cards of ``hand`` worth keeping for the more promising plan (the other three go)."""
    def promise(keep: tuple[Card, ...]) -> float:
        return max(high_potential(keep), low_potential(keep))

    return max(combinations(hand, len(hand) - 3), key=promise)


def low_rating(cards: Sequence[Card]) -> float:
    """The best ace-to-five low among ``cards``, rated 0-1 by its highest card (a pair or worse: 0.05)."""
    low = evaluate(list(cards), "ace-to-five")
    if low.category.name != "no pair":
        return 0.05
    return _LOW_TOP.get(max(_low_value(card) for card in low.cards), 0.05)


def high_rating(cards: Sequence[Card]) -> float:
    return rating(cards, ranking="high", wild="none", before_draw=False)


def _appearance(shown: Sequence[Card], side: str) -> tuple[int, ...]:
    """How strong four face-up cards look for ``side`` (greater looks stronger)."""
    if side == "high":
        return (max(Counter(card.suit for card in shown).values()) // 4, *showing_strength(shown))
    values = sorted((_low_value(card) for card in shown), reverse=True)
    return (-(len(values) - len(set(values))), *(-value for value in values))


class HeuristicAnacondaBot(Bot):
    """Passes towards one plan, declares its better side, shows little, bets by rating."""

    name = "heuristic"

    def act(self, view: Any, legal: ActionSet) -> Action:
        if view.phase in ("pass1", "pass2"):
            keep = keep_for_pass(view.hand)
            return Action("pass", cards=tuple(card for card in view.hand if card not in keep))
        if view.phase == "declare":
            side = "low" if low_rating(view.hand) > high_rating(view.hand) else "high"
            return Action("declare", option=side)
        if view.phase == "show":
            return self._show(view)
        return self._bet(view, legal)

    def _show(self, view: Any) -> Action:
        side = view.declaration or "high"
        five = evaluate(list(view.hand), RANKING[side]).cards
        thrown = tuple(card for card in view.hand if card not in five)
        looks = {card: _appearance([c for c in five if c != card], side) for card in five}
        pick = max if self.random.random() < BLUFF_SHOW else min
        hidden = pick(five, key=lambda card: looks[card])
        return Action("show", groups=(tuple(c for c in five if c != hidden), (hidden,), thrown))

    def _bet(self, view: Any, legal: ActionSet) -> Action:
        score, odds = self.read_bet(view)
        return bet_by_strength(legal, score, odds, self.random)

    def read_bet(self, view: Any) -> tuple[float, PotOdds]:
        """The rating of its side (its better one before the declaration) and the pot odds it
        faces, against the players on its side once declared."""
        live = [seat for seat in view.stacks if seat not in view.folded and seat != view.seat]
        if view.declarations and view.seat in view.declarations:
            side = view.declarations[view.seat]
            rivals = [seat for seat in live if view.declarations.get(seat) == side]
            score = self._declared_rating(view, side, rivals)
            opponents = max(1, len(rivals))
        else:
            score = max(high_rating(view.hand), low_rating(view.hand))
            if view.phase in ("bet1", "bet2"):
                score *= 0.85
            opponents = len(live)
        return score, PotOdds(view.pot, view.to_call, view.bets.get(view.seat, 0), opponents)

    def _declared_rating(self, view: Any, side: str, rivals: list[int]) -> float:
        if not rivals:
            return 0.95
        hand = view.hand
        score = high_rating(hand) if side == "high" else low_rating(hand)
        for seat in rivals:
            shown = view.shown.get(seat, ())
            if shown and _beaten(hand, shown, side):
                return 0.05
        return score


def _beaten(hand: Sequence[Card], shown: Sequence[Card], side: str) -> bool:
    """Whether a rival's four face-up cards already make a better hand than ``hand`` on ``side``."""
    if side == "high":
        counts = tuple(sorted(Counter(card.rank for card in shown).values(), reverse=True))
        made = evaluate(list(hand)).category.name
        mine = _CATEGORY_ORDER.index(made) if made in _CATEGORY_ORDER else len(_CATEGORY_ORDER)
        return _SHOWN_CATEGORY.get(counts, 0) > mine
    low = evaluate(list(hand), "ace-to-five")
    if low.category.name != "no pair":
        return len(set(card.rank for card in shown)) == len(shown)
    return False


BOTS = {"heuristic": HeuristicAnacondaBot}
