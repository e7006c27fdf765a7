"""A heuristic bot for the Pineapple family, playing from its seat's view only.

Before the flop it rates its best two of three hole cards the way hold'em players rate starting
hands (pairs, high cards, suited and connected cards), with a little extra for a third card that
keeps other good pairs open. After the flop it rates what its best two hole cards make with the board,
by category and by whether the hole cards play (a pair on the board alone is worth little), plus
flush and open-ended straight draws while cards are to come. In Hi-Lo an eight-or-better low, made
or drawing, counts too. Betting follows :func:`homegame.bots.betting.bet_by_strength`.

The discard keeps the two cards the same ratings like best: before the flop the best starting pair,
after it the pair that makes the best hand and draws with the board (and low, in Hi-Lo). In a small
form, where a player keeps one hole card or the board is short, a hand of fewer than five cards is
rated by the rough rule of Draw's bot for short hands (:func:`homegame.bots.draw.short_rating`).

>>> import homegame
>>> state = homegame.new_game("crazy_pineapple_hi_lo", players=3).deal(seed=3)
>>> seat = state.to_act[0]
>>> legal = state.legal_actions(seat)
>>> HeuristicPineappleBot(seed=1).act(state.view(seat), legal) in legal
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from homegame.bots import Bot
from homegame.bots.betting import PotOdds, bet_by_strength, habit_choice
from homegame.bots.draw import short_rating
from homegame.cards import ACE, Card
from homegame.engine import Action, ActionSet
from homegame.games.pineapple.hands import low_strength
from homegame.ranking import strength
from homegame.ranking.core import decode
from homegame.ranking.reference import PAIR, STRAIGHT_FLUSH, TWO_PAIR

__all__ = ["BOTS", "HeuristicPineappleBot", "best_kept", "best_pair", "hand_rating", "made_rating",
           "starting_rating"]

_CATEGORY_RATING = (0.12, 0.4, 0.68, 0.78, 0.85, 0.88, 0.94, 0.98, 1.0)
_LOW_LIMIT = 8
_HABITS = frozenset({"straddle", "run", "show"})
"""The phases where a table habit asks a question (see :mod:`homegame.engine.habits`)."""


def _chen_points(rank: int) -> float:
    return {ACE: 10.0, 13: 8.0, 12: 7.0, 11: 6.0}.get(rank, rank / 2)


def starting_rating(pair: Sequence[Card], *, hi_lo: bool = False) -> float:
    """How good two hole cards are before the flop, 0 to 1 (about their chance heads-up).

    >>> from homegame.cards import parse_cards
    >>> round(starting_rating(parse_cards("Ah Ad")), 2), round(starting_rating(parse_cards("7h 2d")), 2)
    (0.85, 0.3)
    >>> starting_rating(parse_cards("Ah 2h"), hi_lo=True) > starting_rating(parse_cards("Ah 2h"))
    True
    """
    high, low = sorted((card.rank for card in pair), reverse=True)
    points = _chen_points(high)
    if high == low:
        points = max(5.0, 2 * points)
    else:
        gap = high - low - 1
        points -= (0, 1, 2, 4)[gap] if gap < 4 else 5
        if gap <= 1 and high < 12:
            points += 1
    if pair[0].suit == pair[1].suit:
        points += 2
    rating = 0.3 + 0.55 * max(0.0, points) / 20
    if hi_lo:
        lows = _low_ranks(pair)
        rating += 0.06 * len(lows) + (0.05 if 1 in lows and len(lows) == 2 else 0.0)
    return min(1.0, rating)


def made_rating(pair: Sequence[Card], board: Sequence[Card], *, hi_lo: bool = False) -> float:
    """How good two hole cards are with a board of three to five cards, 0 to 1: the made hand, how
    much the hole cards add to the board, the draws while cards are to come, and in Hi-Lo the low.

    >>> from homegame.cards import parse_cards
    >>> board = parse_cards("Ah 7h 2c")
    >>> made_rating(parse_cards("Ad Ks"), board) > made_rating(parse_cards("Kh Qh"), board)
    True
    >>> made_rating(parse_cards("Kh Qh"), board) > made_rating(parse_cards("Kc Qd"), board)
    True
    """
    cards = [*pair, *board]
    category, ranks = decode(strength(cards))
    rating = _CATEGORY_RATING[min(category, STRAIGHT_FLUSH)]
    if category in (PAIR, TWO_PAIR):
        held = {card.rank for card in pair}
        if not held & set(ranks[:category]):
            rating = 0.2  # the board's own pairs: the hole cards add only a kicker
        else:
            rating += 0.12 * (max(held & set(ranks[:category])) - 2) / 12
    if len(board) < 5:
        rating = min(1.0, rating + _draws(pair, board) * (0.5 if len(board) == 4 else 1.0))
    if hi_lo:
        rating = _with_low(rating, pair, board)
    return rating


def _draws(pair: Sequence[Card], board: Sequence[Card]) -> float:
    cards = [*pair, *board]
    bonus = 0.0
    suits = Counter(card.suit for card in cards)
    if any(count == 4 and any(card.suit == suit for card in pair) for suit, count in suits.items()):
        bonus += 0.16
    ranks = {card.rank for card in cards} | ({1} if any(card.rank == ACE for card in cards) else set())
    for low in range(1, 11):
        if all(low + step in ranks for step in range(4)) and any(
                card.rank in range(low, low + 4) for card in pair):
            bonus += 0.12
            break
    return bonus


def _low_ranks(cards: Sequence[Card]) -> set[int]:
    """The distinct ranks of ``cards`` that can play in an eight-or-better low (an ace as 1)."""
    return {1 if card.rank == ACE else card.rank for card in cards
            if card.rank == ACE or card.rank <= _LOW_LIMIT}


def _with_low(high: float, pair: Sequence[Card], board: Sequence[Card]) -> float:
    value = low_strength(pair, board) if len(pair) + len(board) >= 5 else 0
    if value:
        top = 15 - (decode(value)[1][0])
        low = 0.95 - 0.12 * (top - 5)
    else:
        low = 0.15 + 0.1 * len(_low_ranks([*pair, *board])) if len(board) < 5 else 0.0
    return min(1.0, max(high, low) + 0.25 * min(high, low))


def best_pair(hole: Sequence[Card], board: Sequence[Card], *, hi_lo: bool = False) -> tuple[Card, Card]:
    """The two hole cards worth keeping: the best starting pair before the flop, the best made
    hand and draws with the board after it.

    >>> from homegame.cards import parse_cards
    >>> best_pair(parse_cards("Kh 7c Kd"), [])
    (Kh, Kd)
    >>> best_pair(parse_cards("Kh 7c 2d"), parse_cards("7h 7d 2s"))
    (7c, 2d)
    """
    pairs = list(combinations(hole, 2))
    if len(board) < 3:
        chosen = max(pairs, key=lambda pair: starting_rating(pair, hi_lo=hi_lo))
    else:
        chosen = max(pairs, key=lambda pair: made_rating(pair, board, hi_lo=hi_lo))
    return chosen[0], chosen[1]


def _short(board: Sequence[Card], keep: int) -> bool:
    """Whether ``keep`` hole cards and ``board`` are a small form's short hand: a single card kept,
    or fewer than five cards with the board."""
    return keep < 2 or (bool(board) and keep + len(board) < 5)


def best_kept(hole: Sequence[Card], board: Sequence[Card], keep: int = 2, *,
              hi_lo: bool = False) -> tuple[Card, ...]:
    """The ``keep`` hole cards worth keeping (see :func:`best_pair`; a short hand by its rough rating).

    >>> from homegame.cards import parse_cards
    >>> best_kept(parse_cards("Kh Ad"), parse_cards("Kd"), 1), best_kept(parse_cards("Kh Ad"), [], 1)
    ((Kh,), (Ad,))
    """
    if _short(board, keep):
        return max(combinations(hole, keep), key=lambda kept: short_rating([*kept, *board]))
    return best_pair(hole, board, hi_lo=hi_lo)


def hand_rating(hole: Sequence[Card], board: Sequence[Card], *, hi_lo: bool = False, keep: int = 2) -> float:
    """The rating of the best ``keep`` of ``hole`` (with a small bonus for a third card still held)."""
    if not hole:
        return 0.0
    if _short(board, keep):
        return short_rating([*best_kept(hole, board, keep), *board])
    pair = best_pair(hole, board, hi_lo=hi_lo) if len(hole) > 2 else (hole[0], hole[1])
    rating = made_rating(pair, board, hi_lo=hi_lo) if len(board) >= 3 else starting_rating(pair, hi_lo=hi_lo)
    return min(1.0, rating + (0.03 if len(hole) > 2 else 0.0))


class HeuristicPineappleBot(Bot):
    """Keeps the best two cards and bets their rating against the pot."""

    name = "heuristic"

    def act(self, view: Any, legal: ActionSet) -> Action:
        hole, board, hi_lo = list(view.hole), list(view.board), bool(view.hi_lo)
        if view.phase == "discard":
            kept = best_kept(hole, board, len(hole) - 1, hi_lo=hi_lo)
            thrown = next(card for card in hole if card not in kept)
            return next((a for a in legal if a.cards == (thrown,)), legal[0])
        if view.phase in _HABITS:
            return habit_choice(legal)
        rating, odds = self.read_bet(view)
        return bet_by_strength(legal, rating, odds, self.random)

    def read_bet(self, view: Any) -> tuple[float, PotOdds]:
        """The rating of the best two hole cards with the board, and the pot odds this seat faces."""
        keep = len(view.hole) - (1 if view.discarded is None else 0)
        rating = hand_rating(list(view.hole), list(view.board), hi_lo=bool(view.hi_lo), keep=keep)
        opponents = sum(1 for seat in view.stacks if seat != view.seat and seat not in view.folded)
        return rating, PotOdds(view.pot, view.to_call, view.bets.get(view.seat, 0), opponents)


BOTS = {"heuristic": HeuristicPineappleBot}
