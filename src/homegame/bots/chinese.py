"""Chinese Poker bots and the setting solver they use: the best way to set thirteen cards, in a few
milliseconds. (The solver lives here, below :mod:`homegame.analysis`, so that bots may use it.)

Scoring rule. A setting is worth its expected units against one typical opponent: for each row,
the chance of winning it times what it is paid (one unit, or its bonus rate) minus the chance of
losing it, plus three units times the chance of a scoop either way (rows taken as independent). The
typical opponent is a *reference field*: the rows that 200 random hands are set into by a first
version of this same solver, itself set against 200 hands set greedily (strongest back, then
strongest middle). The field is built from a fixed seed (about a second) and shipped with the
package (``chinese_field.json``, written by ``python -m homegame.bots.chinese``), so that the first
hand a person asks about is solved at once.

A foul loses everything, so only settings whose rows rise are considered (a rising one always
exists). All 72,072 ways to split thirteen cards into 3, 5 and 5 are scored at once with numpy: each
of the 1,287 five-card and 286 three-card subsets is evaluated once, and every setting is three
indices into those tables.

>>> from homegame.cards import parse_cards
>>> best = solve(parse_cards("Ah Ad Kc Qs Js Tc 9h 8h 7h 6h 2h 2c 3d"))
>>> [len(row) for row in best.rows], best.rows.front
([3, 5, 5], (3d, 2h, 2c))
>>> print(best.describe().splitlines()[2])
back:   A♥ 9♥ 8♥ 7♥ 6♥  flush, ace high

:class:`SolverBot` sets every hand this way, declares a natural when it is worth more than the
setting, and surrenders a setting worth less than the surrender costs.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from operator import itemgetter
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from homegame.bots import Bot
from homegame.cards import Card, deck
from homegame.engine import Action, ActionSet
from homegame.errors import CardError
from homegame.games._naturals import natural_named
from homegame.games._rows import ROW_NAMES, Rows, row_name
from homegame.games._units import PairUnits
from homegame.games.chinese import SHOW, SURRENDER, ChineseView
from homegame.ranking import reference
from homegame.ranking.core import CATEGORY_SHIFT
from homegame.ranking.front import FRONT
from homegame.ranking.high import HIGH, fast_strength

__all__ = ["BOTS", "FIELD_FILE", "ReferenceField", "RowScores", "SetterBot", "Solution", "best_setting",
           "build_reference_field", "greedy_setting", "reference_field", "setting_value", "solve",
           "write_reference_field"]

FIELD_HANDS: Final = 200
FIELD_SEED: Final = 13
FIELD_FILE: Final = os.path.join(os.path.dirname(__file__), "chinese_field.json")
"""The shipped reference field: each row's sorted strengths (see :func:`write_reference_field`)."""
SCOOP: Final = 3.0

Strengths = npt.NDArray[np.int64]
Values = npt.NDArray[np.float64]
Indices = npt.NDArray[np.intp]


@dataclass(frozen=True, slots=True)
class Solution:
    """A setting, its value in expected units against one opponent of the reference field, and how
    many of the 72,072 settings were legal (rising) candidates."""

    rows: Rows
    value: float
    candidates: int

    def describe(self) -> str:
        lines = [f"{ROW_NAMES[i] + ':':7} {' '.join(_symbol(c) for c in row):15} {row_name(i, row)}"
                 for i, row in enumerate(self.rows)]
        return "\n".join([*lines, f"value: {self.value:+.2f} units per opponent (expected)"])


def _symbol(card: Card) -> str:
    suit = card.suit
    return str(card) if suit is None else str(card)[:-1] + suit.symbol


@cache
def _layout() -> tuple[list[tuple[int, ...]], list[tuple[int, ...]], tuple[Indices, Indices, Indices]]:
    """The 5- and 3-subsets of 13 positions and, per setting, (front, middle, back) subset indices."""
    fives: list[tuple[int, ...]] = list(combinations(range(13), 5))
    threes: list[tuple[int, ...]] = list(combinations(range(13), 3))
    five_index = np.zeros(1 << 13, dtype=np.intp)
    five_index[[sum(1 << i for i in five) for five in fives]] = np.arange(len(fives))
    patterns = np.array(list(combinations(range(10), 5)), dtype=np.intp)
    everything = (1 << 13) - 1
    fronts, middles, backs = [], [], []
    for number, front in enumerate(threes):
        rest = np.array([i for i in range(13) if i not in front], dtype=np.intp)
        middle_masks = (1 << rest[patterns]).sum(axis=1)
        back_masks = everything ^ sum(1 << i for i in front) ^ middle_masks
        fronts.append(np.full(len(patterns), number, dtype=np.intp))
        middles.append(five_index[middle_masks])
        backs.append(five_index[back_masks])
    return fives, threes, (np.concatenate(fronts), np.concatenate(middles), np.concatenate(backs))


@cache
def _front_by_ranks(ranks: tuple[int, int, int]) -> int:
    """A front's strength depends on its ranks alone; three different suits make three real cards."""
    return FRONT.strength([Card((rank - 2) * 4 + suit) for suit, rank in enumerate(ranks)])


@cache
def _getters() -> tuple[list[itemgetter[Any]], list[itemgetter[Any]]]:
    fives, threes, _ = _layout()
    return [itemgetter(*five) for five in fives], [itemgetter(*three) for three in threes]


def _subset_strengths(cards: Sequence[Card]) -> tuple[Strengths, Strengths]:
    """The strength of every three-card subset (as a front) and every five-card subset."""
    five_getters, three_getters = _getters()
    HIGH.strength(cards[:5])  # builds the fast tables on first use, and checks the cards
    five = np.fromiter((fast_strength(pick(cards)) for pick in five_getters), np.int64, len(five_getters))
    ranks = [c.rank for c in cards]
    three = np.fromiter((_front_by_ranks(pick(ranks)) for pick in three_getters), np.int64,
                        len(three_getters))
    return three, five


@dataclass(frozen=True, slots=True)
class ReferenceField:
    """Sorted row strengths of the typical opponent (front, middle, back)."""

    front: Strengths
    middle: Strengths
    back: Strengths

    def chances(self, row: int, strengths: Strengths) -> tuple[Values, Values]:
        """For each strength, the chance of beating and of losing to this row of the field."""
        field = (self.front, self.middle, self.back)[row]
        below = np.searchsorted(field, strengths, side="left")
        above = len(field) - np.searchsorted(field, strengths, side="right")
        return below / len(field), above / len(field)


def _bonus(row: int, strengths: Strengths) -> Values:
    category = strengths >> CATEGORY_SHIFT
    units = np.ones(len(strengths))
    if row == 0:
        units[category == reference.THREE_OF_A_KIND] = 3
        return units
    if row == 1:
        units[category == reference.FULL_HOUSE] = 2
    units[category == reference.FOUR_OF_A_KIND] = 4
    units[category >= reference.STRAIGHT_FLUSH] = 5
    return units


def _values(cards: Sequence[Card], field: ReferenceField | None,
            subsets: tuple[Strengths, Strengths] | None = None) -> tuple[Indices, Values]:
    """The settings whose rows rise, and their values (greedy order when ``field`` is None)."""
    fronts, middles, backs = _layout()[2]
    three, five = subsets if subsets is not None else _subset_strengths(cards)
    middle_strength = five[middles]
    rising = np.flatnonzero((five[backs] >= middle_strength) & (middle_strength >= three[fronts]))
    front, middle, back = fronts[rising], middles[rising], backs[rising]
    if field is None:
        three_rank, five_rank = _ranks(three), _ranks(five)
        order = (five_rank[back] * 2048 + five_rank[middle]) * 512 + three_rank[front]
        return rising, order.astype(np.float64)
    tables = [_row_tables(field, row, table) for row, table in enumerate((three, five, five))]
    (score_f, win_f, lose_f), (score_m, win_m, lose_m), (score_b, win_b, lose_b) = tables
    value = score_f[front] + score_m[middle] + score_b[back]
    sweeps = win_f[front] * win_m[middle] * win_b[back] - lose_f[front] * lose_m[middle] * lose_b[back]
    return rising, value + SCOOP * sweeps


def _ranks(strengths: Strengths) -> Strengths:
    """Each strength's place among these strengths (equal strengths share a place)."""
    return np.unique(strengths, return_inverse=True)[1].astype(np.int64)


def _row_tables(field: ReferenceField, row: int, strengths: Strengths) -> tuple[Values, Values, Values]:
    """Per subset: expected units from this row alone, chance of winning it, chance of losing it."""
    win, lose = field.chances(row, strengths)
    return win * _bonus(row, strengths) - lose, win, lose


def _checked(cards: Sequence[Card]) -> list[Card]:
    hand = sorted(cards, reverse=True)
    if len(hand) != 13 or len(set(hand)) != 13 or any(c.is_joker or c.rank < 2 for c in hand):
        raise CardError(f"a Chinese Poker hand is thirteen different standard cards, got {len(hand)}")
    return hand


def _rows_of(hand: Sequence[Card], setting: int) -> Rows:
    fives, threes, (fronts, middles, backs) = _layout()
    groups = (threes[fronts[setting]], fives[middles[setting]], fives[backs[setting]])
    return Rows(*(tuple(hand[i] for i in group) for group in groups))


def _best(cards: Sequence[Card], field: ReferenceField | None) -> Solution:
    hand = _checked(cards)
    rising, values = _values(hand, field)
    choice = int(np.argmax(values))
    value = float(values[choice]) if field is not None else 0.0
    return Solution(_rows_of(hand, int(rising[choice])), value, len(rising))


RowScores = Callable[[int, Strengths], Values]
"""Scores of each candidate row: given a row (0 front, 1 middle, 2 back) and the strengths of every
subset that could fill it, an extra score per subset."""


def best_setting(cards: Sequence[Card], row_scores: RowScores, *,
                 field_weight: float = 1.0) -> tuple[Rows, float]:
    """The rising setting of thirteen ``cards`` with the best ``field_weight`` times its value
    against the reference field plus the ``row_scores`` of its rows (royalties in Open-Face, say).

    >>> import numpy as np
    >>> from homegame.cards import parse_cards
    >>> big_back = lambda row, strengths: strengths / 2.0**20 if row == 2 else np.zeros(len(strengths))
    >>> hand = parse_cards("Ah Ad Kc Qs Js Tc 9h 8h 7h 6h 2h 2c 3d")
    >>> best_setting(hand, big_back, field_weight=0)[0].back
    (Ah, 9h, 8h, 7h, 6h)
    """
    hand = _checked(cards)
    three, five = _subset_strengths(hand)
    rising, values = _values(hand, reference_field(), subsets=(three, five))
    fronts, middles, backs = (column[rising] for column in _layout()[2])
    total = field_weight * values
    total += row_scores(0, three)[fronts] + row_scores(1, five)[middles] + row_scores(2, five)[backs]
    choice = int(np.argmax(total))
    return _rows_of(hand, int(rising[choice])), float(total[choice])


def _field_of(settings: Sequence[Rows]) -> ReferenceField:
    columns = [np.sort(np.array([HIGH.strength(r[i]) if i else FRONT.strength(r[i]) for r in settings],
                                dtype=np.int64)) for i in range(3)]
    return ReferenceField(*columns)


def _random_hands(count: int, seed: int) -> list[list[Card]]:
    chooser = random.Random(seed)
    cards = deck()
    return [chooser.sample(cards, 13) for _ in range(count)]


def build_reference_field() -> ReferenceField:
    """The typical opponent's rows (see the module's scoring rule), built from a fixed seed."""
    greedy = _field_of([_best(hand, None).rows for hand in _random_hands(FIELD_HANDS, FIELD_SEED)])
    return _field_of([_best(hand, greedy).rows for hand in _random_hands(FIELD_HANDS, FIELD_SEED + 1)])


@cache
def reference_field() -> ReferenceField:
    """The shipped :func:`build_reference_field`, read once."""
    with open(FIELD_FILE, encoding="utf-8") as shipped:
        rows = json.load(shipped)
    return ReferenceField(*(np.array(rows[name], dtype=np.int64) for name in ROW_NAMES))


def write_reference_field() -> None:
    """Build the reference field and write it to :data:`FIELD_FILE`."""
    field = build_reference_field()
    rows = {name: getattr(field, name).tolist() for name in ROW_NAMES}
    with open(FIELD_FILE, "w", encoding="utf-8") as shipped:
        json.dump(rows, shipped, separators=(",", ":"))
        shipped.write("\n")


def greedy_setting(cards: Sequence[Card]) -> Rows:
    """The naive setting: the strongest back, then the strongest middle of the rest (never fouls)."""
    return _best(cards, None).rows


def solve(cards: Sequence[Card]) -> Solution:
    """The setting of ``cards`` with the best expected units against the reference field."""
    return _best(cards, reference_field())


def setting_value(rows: Rows) -> float:
    """The value of one given setting against the reference field (a foul is worth -6)."""
    field = reference_field()
    strengths = [FRONT.strength(rows.front), HIGH.strength(rows.middle), HIGH.strength(rows.back)]
    if not strengths[2] >= strengths[1] >= strengths[0]:
        return -6.0
    total, win_all, lose_all = 0.0, 1.0, 1.0
    for row, strength in enumerate(strengths):
        table = np.array([strength], dtype=np.int64)
        win, lose = field.chances(row, table)
        total += float(win[0] * _bonus(row, table)[0] - lose[0])
        win_all *= float(win[0])
        lose_all *= float(lose[0])
    return total + SCOOP * (win_all - lose_all)


def show_or_surrender(view: ChineseView) -> tuple[Action, float, int]:
    """Show or surrender, whichever is worth more in chips: what showing the rows is expected to
    win against the opponents who set rows, each at the unit played with them, and what
    surrendering costs (two units to every opponent, a natural's holder too)."""
    assert view.seat is not None
    me = view.seat
    setters = [seat for seat in view.decided if seat != me and seat not in view.naturals]
    units = PairUnits.from_triples(view.unit, view.pair_units)
    chips_a_unit = sum(units.between(me, seat) for seat in setters)
    showing = setting_value(Rows(*view.my_setting)) * chips_a_unit
    cost = view.surrender_cost
    return (SURRENDER if showing < -cost else SHOW), showing, cost


class SetterBot(Bot):
    """Plays Chinese Poker by the solver: the best setting against the reference field; a natural
    whenever it pays more than that setting is expected to win; surrender when the setting is
    expected to lose, against the opponents who set rows, more than the two units a surrender
    pays every opponent (a natural's holder too)."""

    name = "solver"
    quick = False  # it solves the setting

    def act(self, view: ChineseView, legal: ActionSet) -> Action:
        if view.phase == "surrender":
            return show_or_surrender(view)[0]
        best = solve(view.hand)
        for name in view.available_naturals:
            natural = natural_named(name, view.hand)
            if natural is not None and natural.payment > best.value:
                return Action("declare", option=name)
        return Action("set", groups=tuple(best.rows))


BOTS = {"solver": SetterBot}


if __name__ == "__main__":
    write_reference_field()
