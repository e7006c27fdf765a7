"""Pai Gow Poker bots, and the fast best-EV setter they use.

:class:`HouseWayBot` sets every hand by the house way. :class:`BestBot` sets the way with the best
estimated value against a house-way banker, through :class:`FastSetter` (well under 10 ms a hand):
each of the 21 splits is valued from a :class:`BankerTable`, the joint distribution of a house-way
banker's two-card and five-card strengths sampled once, 200,000 hands from the full 53-card deck
per ranking, and shipped beside this module (``pai_gow_banker.npz``, rebuilt by :func:`write_table`).
The chance that a split beats both banker hands, or loses both, is then one table lookup each.
Its approximations: the sample's own error (a standard error of about 0.1% on each chance), and
card removal: the player's seven cards are not taken out of the banker's deck.
:func:`homegame.analysis.pai_gow.best_setting` has no such shortcut and is used to check it.

Both bots take the bank whenever it is offered (``player-banks``): the bank wins every tie.

Results are per unit wagered: a win pays 0.95 (the 5% commission), a push 0, a loss -1.

>>> import homegame
>>> from homegame.cards import parse_cards
>>> setter = FastSetter(BankerTable.sample(hands=3000, seed=1))
>>> str(setter.best(parse_cards("Ah Kd 7c 7s 9h 4d 2c")).split)
'Ah Kd | 7c 7s 9h 4d 2c'
>>> state = homegame.new_game("pai_gow", players=2).deal(seed=3)
>>> bots = {seat: HouseWayBot(seed=seat) for seat in state.to_act}
>>> for seat, bot in bots.items():
...     state.apply(seat, bot.act(state.view(seat), state.legal_actions(seat)))
>>> state.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from homegame.bots import Bot
from homegame.cards import Card
from homegame.engine import Action, ActionSet
from homegame.games.pai_gow import BANK, Split, house_way
from homegame.games.pai_gow.hands import PAI_GOW_DECK, five_strength, ranking_for, scored_splits, two_strength

__all__ = [
    "BOTS", "TABLE_FILE", "WIN_PAYS", "BankerTable", "BestBot", "Choice", "FastSetter", "HouseWayBot",
    "banker_strengths", "default_table", "sample_bankers", "shipped_bankers", "write_table",
]

WIN_PAYS: Final = 0.95
"""What a win pays per unit wagered, after the 5% commission."""
TABLE_FILE: Final = "pai_gow_banker.npz"
"""The shipped sample of house-way banker strengths, beside this module (see :func:`write_table`)."""
TABLE_SEED: Final = 2026
TABLE_HANDS: Final = 200_000

IntArray = npt.NDArray[np.int64]


def banker_strengths(cards: Sequence[Card], *, wheel_second: bool = False) -> tuple[int, int]:
    """The two-card and five-card strengths of seven cards set by the house way."""
    split = house_way(cards, wheel_second=wheel_second)
    return two_strength(split.two), five_strength(split.five, ranking_for(wheel_second))


def sample_bankers(deck: Sequence[Card], hands: int, seed: int | str, wheel_second: bool,
                   progress: Callable[[int, int], None] | None = None) -> IntArray:
    """``hands`` banker hands dealt from ``deck`` by a ``random.Random(seed)``, set by the house
    way: one row of (two-card strength, five-card strength) each."""
    chooser = random.Random(seed)
    strengths = np.empty((hands, 2), dtype=np.int64)
    step = max(1, hands // 200)
    for index in range(hands):
        strengths[index] = banker_strengths(chooser.sample(deck, 7), wheel_second=wheel_second)
        if progress is not None and index % step == 0:
            progress(index, hands)
    if progress is not None:
        progress(hands, hands)
    return strengths


@cache
def _shipped_strengths(wheel_second: bool) -> IntArray:
    """The shipped sample's (two-card, five-card) banker strengths, one row per hand."""
    with resources.files("homegame.bots").joinpath(TABLE_FILE).open("rb") as stream:
        strengths: IntArray = np.load(stream)["wheel_second" if wheel_second else "plain"].astype(np.int64)
    return strengths


def shipped_bankers(held: Collection[Card], hands: int, *, wheel_second: bool = False) -> IntArray:
    """Up to ``hands`` rows of the shipped sample whose banker hands hold none of the ``held`` cards.

    The sample's hands are dealt again from its seed (a few microseconds each; the house way is
    what took time) and those that meet ``held`` are passed over: what is left is a sample of
    banker hands dealt from the other cards, set by the house way, with nothing to compute. Seven
    held cards keep about one shipped hand in three.

    >>> from homegame.cards import parse_cards
    >>> shipped_bankers(parse_cards("Ah Kd 7c 7s 9h 4d 2c"), 1000).shape
    (1000, 2)
    """
    strengths = _shipped_strengths(wheel_second)
    avoided = sum(1 << PAI_GOW_DECK.index(card) for card in set(held))
    kept: list[int] = []
    for row, dealt in zip(range(len(strengths)), _shipped_deals(), strict=False):
        if len(kept) == hands:
            break
        if not dealt & avoided:
            kept.append(row)
    return strengths[kept]


def _shipped_deals() -> Iterator[int]:
    """The shipped sample's hands in order, each as a bit mask of places in the deck: the draws of
    ``random.Random(TABLE_SEED).sample(PAI_GOW_DECK, 7)``, made as that method makes them for a
    deck this size (a test holds the two together), without building the hands."""
    getrandbits = random.Random(TABLE_SEED).getrandbits
    size = len(PAI_GOW_DECK)
    places = list(range(size))
    steps = [(left, left.bit_length()) for left in range(size, size - 7, -1)]
    while True:
        pool, mask = places[:], 0
        for left, bits in steps:
            place = getrandbits(bits)
            while place >= left:
                place = getrandbits(bits)
            mask |= 1 << pool[place]
            pool[place] = pool[left - 1]
        yield mask


@dataclass(frozen=True)
class BankerTable:
    """The joint distribution of a house-way banker's (two-card, five-card) strengths, as counts.

    ``below[i, j]`` counts the sampled banker hands whose two-card strength is below
    ``twos[i]`` and whose five-card strength is below ``fives[j]`` (an extra last row and column
    count every hand), so the chance of beating both banker hands is one lookup.
    """

    twos: IntArray
    fives: IntArray
    below: IntArray
    hands: int
    wheel_second: bool = False

    @classmethod
    def from_strengths(cls, strengths: IntArray, *, wheel_second: bool = False) -> BankerTable:
        twos, two_index = np.unique(strengths[:, 0], return_inverse=True)
        fives, five_index = np.unique(strengths[:, 1], return_inverse=True)
        counts = np.zeros((len(twos) + 1, len(fives) + 1), dtype=np.int64)
        np.add.at(counts, (two_index.ravel() + 1, five_index.ravel() + 1), 1)
        below = counts.cumsum(axis=0).cumsum(axis=1)
        return cls(np.append(twos, np.iinfo(np.int64).max), np.append(fives, np.iinfo(np.int64).max),
                   below, len(strengths), wheel_second)

    @classmethod
    def sample(cls, *, hands: int, seed: int | str = TABLE_SEED, wheel_second: bool = False,
               progress: Callable[[int, int], None] | None = None) -> BankerTable:
        """A table from ``hands`` banker hands dealt from the full deck and set by the house way."""
        strengths = sample_bankers(PAI_GOW_DECK, hands, seed, wheel_second, progress)
        return cls.from_strengths(strengths, wheel_second=wheel_second)

    def values(self, two: IntArray, five: IntArray) -> npt.NDArray[np.float64]:
        """Expected results per unit of unfouled splits with these strengths."""
        i = np.searchsorted(self.twos, two, side="left")
        j = np.searchsorted(self.fives, five, side="left")
        every = self.below[-1, -1]
        win = self.below[i, j]
        lose = every - self.below[i, -1] - self.below[-1, j] + win
        values: npt.NDArray[np.float64] = (WIN_PAYS * win - lose) / every
        return values


def write_table(path: str, *, hands: int = TABLE_HANDS, seed: int = TABLE_SEED,
                progress: Callable[[int, int], None] | None = None) -> None:
    """Sample the banker strengths for both rankings and save them to ``path`` (``.npz``).

    The shipped file was made by ``write_table("src/homegame/bots/pai_gow_banker.npz")``
    (46 seconds here); a test deals the first hands again from the same seed and checks them.
    """
    plain = sample_bankers(PAI_GOW_DECK, hands, seed, False, progress)
    wheel = sample_bankers(PAI_GOW_DECK, hands, seed, True, progress)
    np.savez_compressed(path, plain=plain.astype(np.int32), wheel_second=wheel.astype(np.int32),
                        seed=np.array([seed]))


@cache
def default_table(wheel_second: bool = False) -> BankerTable:
    """The shipped table (200,000 banker hands per ranking), loaded once per process."""
    return BankerTable.from_strengths(_shipped_strengths(wheel_second), wheel_second=wheel_second)


@dataclass(frozen=True, slots=True)
class Choice:
    """The split a setter chose and its estimated value per unit."""

    split: Split
    value: float
    foul: bool


class FastSetter:
    """The best split by a :class:`BankerTable`'s estimate: the bot's setter, under a millisecond."""

    def __init__(self, table: BankerTable | None = None, *, wheel_second: bool = False) -> None:
        self.table = table if table is not None else default_table(wheel_second)
        self.ranking = ranking_for(self.table.wheel_second)

    def values(self, cards: Sequence[Card]) -> list[Choice]:
        """Every split with its estimated value (fouls at -1)."""
        ways = scored_splits(cards, self.ranking)
        twos = np.array([w.two_strength for w in ways], dtype=np.int64)
        fives = np.array([w.five_strength for w in ways], dtype=np.int64)
        estimates = np.where(fives > twos, self.table.values(twos, fives), -1.0)
        return [Choice(way.split, float(v), way.foul) for way, v in zip(ways, estimates, strict=True)]

    def best(self, cards: Sequence[Card]) -> Choice:
        """The split with the best estimate (never a foul when an unfouled split exists)."""
        return max(self.values(cards), key=lambda choice: (not choice.foul, choice.value))


def _set(split: Split) -> Action:
    return Action("set", groups=(split.two, split.five))


class HouseWayBot(Bot):
    """Sets every hand by the house way, as the banker does."""

    name = "house-way"

    def act(self, view: Any, legal: ActionSet) -> Action:
        if BANK in legal:
            return BANK
        return _set(house_way(view.cards, wheel_second="wheel-second" in view.variants))


class BestBot(Bot):
    """Sets every hand the way with the best estimated value against a house-way banker."""

    name = "best"
    quick = False  # it values ways to set the hand

    def act(self, view: Any, legal: ActionSet) -> Action:
        if BANK in legal:
            return BANK
        setter = FastSetter(wheel_second="wheel-second" in view.variants)
        return _set(setter.best(view.cards).split)


BOTS = {"best": BestBot, "house-way": HouseWayBot}
