"""Pai Gow Poker solvers: the best way to set seven cards against a house-way banker, and the edge.

Three setters, from the rules to the fastest:

- :func:`homegame.games.pai_gow.house_way`: the house way (what the banker plays).
- :func:`best_setting`: every one of the 21 splits scored against the same sample of banker hands
  dealt from the 46 unseen cards and set by the house way (common random numbers: the splits are
  compared on identical banker hands, so their differences are far more precise than their values).
  By default the sample is the shipped one's hands that hold none of the player's cards (see
  :func:`~homegame.bots.pai_gow.shipped_bankers`), so no banker hand is set at run time; a seed
  deals and sets a fresh sample.
  Exact enumeration would need all C(46, 7) = 53.5 million banker hands per question, hours in
  Python; a sample of ``samples`` hands gives each value a standard error, reported with it.
- :class:`~homegame.bots.pai_gow.FastSetter` (in the bots layer, which uses it, re-exported here):
  under a millisecond per hand, for bots and simulations. It reads each split's chances from a
  :class:`~homegame.bots.pai_gow.BankerTable`, the joint distribution of a house-way banker's
  two-card and five-card strengths sampled once from the full 53-card deck. Its approximations:
  that sample's error, and card removal (the player's own cards stay in the banker's deck).

:func:`house_edge` estimates the player's expected result under both ways of setting.

Results are per unit wagered: a win pays 0.95 (the 5% commission), a push 0, a loss -1. At the table
the commission is rounded to whole chips, so a small wager pays a little differently.

>>> from homegame.cards import parse_cards
>>> table = BankerTable.sample(hands=3000, seed=1)
>>> setter = FastSetter(table)
>>> choice = setter.best(parse_cards("Ah Kd 7c 7s 9h 4d 2c"))
>>> str(choice.split), choice.value > -1
('Ah Kd | 7c 7s 9h 4d 2c', True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import sqrt
from typing import Final

import numpy as np
import numpy.typing as npt

from homegame._compile import rebuilt_from_fields
from homegame.analysis.intervals import critical_95
from homegame.analysis.progress import Progress
from homegame.bots.pai_gow import (
    WIN_PAYS,
    BankerTable,
    Choice,
    FastSetter,
    banker_strengths,
    default_table,
    sample_bankers,
    shipped_bankers,
    write_table,
)
from homegame.cards import Card, format_cards
from homegame.errors import GameError
from homegame.games.pai_gow.hands import (
    PAI_GOW_DECK,
    Split,
    check_seven,
    five_strength,
    ranking_for,
    scored_splits,
    two_strength,
)
from homegame.games.pai_gow.house_way import house_way

MOST_SAMPLES: Final = 200_000
"""The most banker hands a value is reckoned against (past the shipped sample each is dealt and set
by the house way now, some 10,000 a second)."""

__all__ = [
    "WIN_PAYS", "BankerTable", "Choice", "EdgeReport", "Estimate", "FastSetter", "SplitValue",
    "banker_strengths", "best_setting", "default_table", "house_edge", "result_per_unit", "split_values",
    "write_table",
]


IntArray = npt.NDArray[np.int64]


def result_per_unit(player: Split, banker: Split, *, wheel_second: bool = False) -> float:
    """The player's result for one unit wagered: 0.95 for both hands won, 0 for one, -1 otherwise.

    >>> result_per_unit(Split.parse("Ah Kd | 9c 9d 7h 5d 2c"), Split.parse("Qh Jh | 8c 8d 6c 4s 3d"))
    0.95
    """
    ranking = ranking_for(wheel_second)
    p2, p5 = two_strength(player.two), five_strength(player.five, ranking)
    if p5 <= p2:
        return -1.0
    b2, b5 = two_strength(banker.two), five_strength(banker.five, ranking)
    won = (p2 > b2) + (p5 > b5)
    return WIN_PAYS if won == 2 else 0.0 if won == 1 else -1.0


@dataclass(frozen=True, slots=True)
class SplitValue:
    """A split's expected result per unit against a house-way banker, and its standard error."""

    split: Split
    value: float
    error: float
    foul: bool


def split_values(cards: Sequence[Card], *, samples: int = 5000, seed: int | str | None = None,
                 wheel_second: bool = False) -> list[SplitValue]:
    """Every split of ``cards`` valued against ``samples`` banker hands from the other 46 cards:
    the shipped sample's (topped up with fresh ones past the 60,000 or so it holds), or with a
    ``seed``, a sample dealt and set now.

    The same banker hands face every split. A foul is worth exactly -1.
    """
    check_seven(cards)
    if type(samples) is not int or not 2 <= samples <= MOST_SAMPLES:
        raise GameError(f"a value needs 2 to {MOST_SAMPLES:,} banker hands, not {samples}")
    unseen = [c for c in PAI_GOW_DECK if c not in cards]
    fresh = f"{seed}:{format_cards(sorted(cards))}"
    bankers = shipped_bankers(cards, samples, wheel_second=wheel_second) if seed is None else \
        np.empty((0, 2), dtype=np.int64)
    if len(bankers) < samples:
        more = sample_bankers(unseen, samples - len(bankers), fresh, wheel_second, None)
        bankers = np.concatenate([bankers, more])
    values = []
    for way in scored_splits(cards, ranking_for(wheel_second)):
        if way.foul:
            values.append(SplitValue(way.split, -1.0, 0.0, True))
            continue
        results = _results(way.two_strength, way.five_strength, bankers)
        error = float(results.std(ddof=1) / sqrt(samples)) if samples > 1 else float("inf")
        values.append(SplitValue(way.split, float(results.mean()), error, False))
    return values


def _results(two: int, five: int, bankers: IntArray) -> npt.NDArray[np.float64]:
    won = (two > bankers[:, 0]).astype(np.int64) + (five > bankers[:, 1])
    return np.where(won == 2, WIN_PAYS, np.where(won == 1, 0.0, -1.0))


def best_setting(cards: Sequence[Card], *, samples: int = 5000, seed: int | str | None = None,
                 wheel_second: bool = False) -> SplitValue:
    """The split with the best sampled value against a house-way banker (see :func:`split_values`).

    >>> from homegame.cards import parse_cards
    >>> best = best_setting(parse_cards("Ah Ad Kc Kd 7h 5s 2c"), samples=400)
    >>> best.foul, -1 < best.value < 1
    (False, True)
    """
    return max(split_values(cards, samples=samples, seed=seed, wheel_second=wheel_second),
               key=lambda v: (not v.foul, v.value))


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean result per unit with its 95% confidence interval."""

    mean: float
    low: float
    high: float

    @classmethod
    def of(cls, total: float, squares: float, count: int) -> Estimate:
        mean = total / count
        variance = max(squares / count - mean * mean, 0.0) * count / max(count - 1, 1)
        half = critical_95(count) * sqrt(variance / count)
        return cls(mean, mean - half, mean + half)

    def __str__(self) -> str:
        return f"{self.mean:+.4f} (95% CI {self.low:+.4f} to {self.high:+.4f})"


@dataclass(frozen=True, slots=True)
class EdgeReport:
    """The player's expected result per unit wagered against a house-way banker, two ways."""

    hands: int
    house_way: Estimate
    best: Estimate
    gain: Estimate
    """The best setter's result less the house way's, hand by hand (the same deals)."""


rebuilt_from_fields(SplitValue, Estimate, EdgeReport)


def house_edge(hands: int, *, seed: int | str = 0, wheel_second: bool = False,
               setter: FastSetter | None = None, progress: Progress | None = None) -> EdgeReport:
    """Deal ``hands`` player and banker hands; score the house way and ``setter`` (the fast best-EV
    setter by default) for the player on the very same deals, the banker setting by the house way.

    Exact enumeration (every pair of seven-card hands) is out of reach, so this samples; the
    confidence intervals say how far the sample can be trusted.

    >>> report = house_edge(200, seed=3, setter=FastSetter(BankerTable.sample(hands=1000)))
    >>> report.hands, report.house_way.low < report.house_way.mean < report.house_way.high
    (200, True)
    """
    setter = setter or FastSetter(wheel_second=wheel_second)
    chooser = random.Random(seed)
    sums = [0.0] * 6
    step = max(1, hands // 200)
    for index in range(hands):
        dealt = chooser.sample(PAI_GOW_DECK, 14)
        player, banker = dealt[:7], house_way(dealt[7:], wheel_second=wheel_second)
        plain = result_per_unit(house_way(player, wheel_second=wheel_second), banker,
                                wheel_second=wheel_second)
        best = result_per_unit(setter.best(player).split, banker, wheel_second=wheel_second)
        for slot, value in enumerate((plain, best, best - plain)):
            sums[2 * slot] += value
            sums[2 * slot + 1] += value * value
        if progress is not None and index % step == 0:
            progress(index, hands)
    if progress is not None:
        progress(hands, hands)
    plain_estimate, best_estimate, gain = (Estimate.of(sums[2 * k], sums[2 * k + 1], hands) for k in range(3))
    return EdgeReport(hands, plain_estimate, best_estimate, gain)
