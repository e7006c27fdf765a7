"""Open-Face Chinese Poker bots: :class:`MonteCarloBot` places each card by simulating the deal.

For every way to place the cards in hand, the bot deals itself the rest of its thirteen cards many
times over from the cards it cannot see (the deck less every card its view shows), fills its rows
the best way it finds with each deal, and scores the finished rows: a foul costs
:data:`FOUL_SCORE`; otherwise royalties, :data:`FANTASY_VALUE` for queens or better in front, and
the expected row points against a typical opponent (the Chinese Poker reference field). The same
deals are used for every candidate, so the comparison is fair. The placement with the best mean
wins. With thirteen cards at once (fantasyland) it sets them like the Chinese Poker solver, adding
royalties and the worth of staying in fantasyland.

Filling the rows with a simulated deal is exact when there are few ways to do it and greedy (the
strongest back, then the strongest middle) otherwise; being clairvoyant about the simulated cards,
the bot is a little optimistic, which costs it an occasional foul.

>>> import homegame
>>> from homegame.games.open_face import OpenFace
>>> state = OpenFace(players=2).deal(seed=2)
>>> bots = [MonteCarloBot(seed=0, samples=6), MonteCarloBot(seed=1, samples=6)]
>>> while not state.is_over:
...     seat = state.to_act[0]
...     state.apply(seat, bots[seat].act(state.view(seat), state.legal_actions(seat)))
>>> sum(state.outcome.values())
0
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import product
from typing import Any, Final

import numpy as np

from homegame.bots import Bot
from homegame.bots.chinese import Strengths, Values, best_setting, reference_field
from homegame.cards import QUEEN, Card, deck
from homegame.engine import Action, ActionSet, Arrangements
from homegame.errors import GameError
from homegame.games._rows import ROW_NAMES, ROW_SIZES, Rows, partial_strength, royalty_of_strength
from homegame.games.open_face import OpenFaceView
from homegame.ranking import reference
from homegame.ranking.core import CATEGORY_SHIFT, decode
from homegame.ranking.front import FRONT
from homegame.ranking.high import HIGH, fast_strength

__all__ = ["BOTS", "FANTASY_VALUE", "FOUL_SCORE", "GreedyBot", "MonteCarloBot", "fantasy_setting",
           "final_score"]

FOUL_SCORE: Final = -12.0
"""A foul pays six units plus the opponent's royalties, and forfeits the rows' own worth."""
FANTASY_VALUE: Final = 4.0
"""Rough worth of playing the next hand in fantasyland."""


@cache
def _field_lists() -> tuple[list[int], list[int], list[int]]:
    field = reference_field()
    return field.front.tolist(), field.middle.tolist(), field.back.tolist()


@cache
def _front_strength(ranks: tuple[int, ...]) -> int:
    return FRONT.strength([Card((rank - 2) * 4 + suit) for suit, rank in enumerate(ranks)])


def _strength(row: int, cards: Sequence[Card]) -> int:
    if row == 0:
        return _front_strength(tuple(sorted(c.rank for c in cards)))
    return fast_strength(cards)


def final_score(rows: Rows, *, graded_front_trips: bool = False) -> float:
    """What complete rows are worth to the bot (see the module's scoring).

    >>> from homegame.cards import parse_cards
    >>> final_score(Rows(*(tuple(parse_cards(t)) for t in ("Ah Ad Ac", "2c 3d 4h 6s 8c", "Kh Qs Js 9d 7d"))))
    -12.0
    """
    HIGH.strength(deck()[:5])  # the fast evaluator's tables, built once (alone in a process too)
    strengths = [_strength(row, cards) for row, cards in enumerate(rows)]
    return _score(strengths, graded_front_trips)


def _score(strengths: Sequence[int], graded: bool) -> float:
    front, middle, back = strengths
    if not back >= middle >= front:
        return FOUL_SCORE
    return _row_value(0, front, graded) + _row_value(1, middle, graded) + _row_value(2, back, graded)


@cache
def _row_value(row: int, strength: int, graded: bool) -> float:
    """A finished row's royalty, its expected points against the field, and fantasyland's worth."""
    field = _field_lists()[row]
    points = (bisect_left(field, strength) - (len(field) - bisect_right(field, strength))) / len(field)
    value = royalty_of_strength(row, strength, graded_front_trips=graded) + points
    category, ranks = decode(strength)
    fantasy = category == reference.THREE_OF_A_KIND or (category == reference.PAIR and ranks[0] >= QUEEN)
    return value + (FANTASY_VALUE if row == 0 and fantasy else 0.0)


def _completion(rows: Rows, extra: Sequence[Card], graded: bool) -> float:
    """The score of ``rows`` finished by placing ``extra`` cards one at a time, in the order they
    come, each where :func:`_static` likes it best: the rollout never sees a card before it comes."""
    for card in extra:
        room = rows.room()
        rows = max((rows.adding(row, (card,)) for row in range(3) if room[row]), key=_static)
    return _score([_strength(row, cards) for row, cards in enumerate(rows)], graded)


def _static(rows: Rows) -> float:
    """A quick judgement of rows being built: made hands are good, rows out of order are bad (very
    bad once the stronger row is complete), and high cards belong at the back."""
    strengths = [_so_far(cards) if cards else -1 for cards in rows]
    value = 0.0
    for low, high in ((0, 1), (1, 2)):
        if rows[low] and rows[high] and strengths[low] > strengths[high]:
            value -= 100.0 if len(rows[high]) == ROW_SIZES[high] else 10.0
    value += sum(max(0, strength) >> CATEGORY_SHIFT for strength in strengths)
    return value - 0.01 * max((c.rank for c in rows.front), default=0)


_so_far = lru_cache(maxsize=1 << 16)(partial_strength)
"""A row's strength so far, remembered: the judgement weighs the same rows over and over (every
placement of a card leaves two of the three rows as they were)."""


class MonteCarloBot(Bot):
    """Places cards by Monte Carlo simulation of the rest of its deal (see the module)."""

    name = "monte-carlo"
    quick, slow = False, True  # it simulates the rest of its deal

    def __init__(self, seed: int | None = None, *, samples: int = 32, shortlist: int = 5) -> None:
        if samples < 1 or shortlist < 1:
            raise GameError(f"the Monte Carlo bot needs at least one sample and one placement to "
                            f"simulate, not samples={samples}, shortlist={shortlist}")
        super().__init__(seed)
        self.samples = samples
        self.shortlist = shortlist

    def act(self, view: OpenFaceView, legal: ActionSet) -> Action:
        if len(view.pending) == 13:
            return self._fantasy(view.pending, view.graded_front_trips)
        return self.ranked(view, legal)[0][0]

    def ranked(self, view: OpenFaceView, legal: ActionSet) -> list[tuple[Action, float]]:
        """The placements worth a full simulation, best first, each with its mean score over the
        simulated deals (the same deals for every placement)."""
        assert view.seat is not None
        rows = Rows(*view.rows.get(view.seat, ((), (), ())))
        HIGH.strength(deck()[:5])  # the fast evaluator's tables, built once
        choices = [(action, _after(rows, action)) for action in legal]
        seen = {c for placed in view.rows.values() for row in placed for c in row} | set(view.pending)
        unseen = [c for c in deck() if c not in seen]
        need = 13 - len(rows.cards) - len(view.pending)
        if len(choices) > self.shortlist:
            quick = self._deals(unseen, need, max(2, self.samples // 10))
            choices = sorted(choices, key=lambda choice: -self._mean(choice[1], quick, view))[:self.shortlist]
        deals = self._deals(unseen, need, self.samples)
        scored = [(action, self._mean(after, deals, view)) for action, after in choices]
        return sorted(scored, key=lambda item: -item[1])

    def _deals(self, unseen: list[Card], need: int, count: int) -> list[list[Card]]:
        return [self.random.sample(unseen, need) for _ in range(count)]

    def _mean(self, rows: Rows, deals: list[list[Card]], view: OpenFaceView) -> float:
        return sum(_completion(rows, extra, view.graded_front_trips) for extra in deals) / len(deals)

    def _fantasy(self, cards: Sequence[Card], graded: bool) -> Action:
        return fantasy_setting(cards, graded)


class GreedyBot(Bot):
    """Places the cards where a quick judgement of the rows being built likes them best (the
    judgement the Monte Carlo bot's simulations place cards by): far weaker than that bot, but
    thousands of times quicker, and it seldom fouls, so the search bot plays its playouts with it.

    >>> import homegame
    >>> state = homegame.new_game("open_face", players=2).deal(seed=3)
    >>> seat = state.to_act[0]
    >>> GreedyBot().act(state.view(seat), state.legal_actions(seat)) in state.legal_actions(seat)
    True
    """

    name = "greedy"

    def act(self, view: OpenFaceView, legal: ActionSet) -> Action:
        if len(view.pending) == 13:
            return fantasy_setting(view.pending, view.graded_front_trips)
        assert view.seat is not None
        rows = Rows(*view.rows.get(view.seat, ((), (), ())))
        family = legal.families[0]
        if len(legal.families) == 1 and isinstance(family, Arrangements):
            best = _best_arrangement_value(rows, family)
            return next(action for action in legal if _static(_after(rows, action)) == best)
        return max(legal, key=lambda action: _static(_after(rows, action)))


def _best_arrangement_value(rows: Rows, family: Arrangements) -> float:
    """How much :func:`_static` likes the best way of ``family`` to add cards to ``rows``, found
    without making an action of every way (the first five cards have 232): the first action
    judged that well is then the one to play (the first of the best, as ``max`` takes)."""
    best = -math.inf
    rows_count = len(family.maximum)
    for places in product(range(rows_count), repeat=len(family.cards)):
        groups = [tuple(c for c, place in zip(family.cards, places, strict=True) if place == row)
                  for row in range(rows_count)]
        if all(low <= len(group) <= high for group, low, high in zip(groups, family.minimum, family.maximum,
                                                                     strict=True)):
            best = max(best, _static(Rows(*(old + group for old, group in zip(rows, groups, strict=True)))))
    return best


def fantasy_setting(cards: Sequence[Card], graded: bool) -> Action:
    """Thirteen cards at once (fantasyland) set like the Chinese Poker solver, adding royalties and
    the worth of staying in fantasyland."""
    def extras(row: int, strengths: Strengths) -> Values:
        categories = strengths >> CATEGORY_SHIFT
        stay = {0: reference.THREE_OF_A_KIND, 1: reference.FULL_HOUSE, 2: reference.FOUR_OF_A_KIND}[row]
        bonus = np.where(categories >= stay, FANTASY_VALUE, 0.0)
        paid = np.fromiter((royalty_of_strength(row, int(s), graded_front_trips=graded)
                            for s in strengths), np.float64, len(strengths))
        return paid + bonus
    rows, _ = best_setting(cards, extras)
    return Action("set", groups=tuple(rows))


def _after(rows: Rows, action: Action) -> Rows:
    if action.kind == "place":
        return rows.adding(ROW_NAMES.index(str(action.option)), action.cards)
    return Rows(*(row + tuple(group) for row, group in zip(rows, action.groups, strict=True)))


BOTS: Final[dict[str, Any]] = {"monte-carlo": MonteCarloBot, "greedy": GreedyBot}
