"""Seven cards split into a two-card and a five-card hand: the 21 splits, their strengths, the foul.

A :class:`Split` is one way to set seven cards. Strengths come from the ``pai-gow`` ranking
(:mod:`homegame.ranking.pai_gow`), whose two-card and five-card strengths share one scale, so a
split is foul exactly when its five-card strength is not above its two-card strength.

The house way, the game and the solvers score all 21 splits of a hand many times, so
:func:`scored_splits` takes a fast path: two-card strengths come from a table of every pair of the
53 cards filled once from the ranking, and a five-card hand without the joker is scored by the
standard high tables (the same strengths: Pai Gow differs from high poker only through the joker
and, with ``wheel-second``, the place of the wheel, which go to the ranking itself).

>>> from homegame.cards import parse_cards
>>> ways = scored_splits(parse_cards("Ah Kd 7c 7s 9h 4d 2c"))
>>> len(ways), [str(way.split) for way in ways if way.foul]
(21, ['Ah 7c | Kd 7s 9h 4d 2c', 'Ah 7s | Kd 7c 9h 4d 2c', '7c 7s | Ah Kd 9h 4d 2c'])
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from homegame.cards import DECKS, Card, format_cards, parse_cards
from homegame.errors import CardError
from homegame.ranking import reference
from homegame.ranking.core import CATEGORY_SHIFT
from homegame.ranking.high import HIGH, fast_strength
from homegame.ranking.pai_gow import PAI_GOW, PAI_GOW_WHEEL_SECOND, PaiGowRanking

__all__ = [
    "PAI_GOW_DECK", "ScoredSplit", "Split", "check_seven", "five_strength", "hand_name", "may_hold",
    "ranking_for",
    "scored_splits", "splits", "tidy", "two_strength",
]

PAI_GOW_DECK: Final = DECKS["standard+joker"]
_JOKER_CODE: Final = 52
_WHEEL_CATEGORIES: Final = (reference.STRAIGHT, reference.STRAIGHT_FLUSH)


class Split:
    """One way to set seven cards: the two-card hand (in front) and the five-card hand (behind).

    An immutable value, written out rather than a frozen dataclass: a setter builds 21 of them a
    hand, and the compiled build constructs a dataclass through an interpreted ``__init__``.
    """

    __slots__ = ("five", "two")

    def __init__(self, two: tuple[Card, ...], five: tuple[Card, ...]) -> None:
        self.two: Final = two
        self.five: Final = five

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Split):
            return NotImplemented
        return self.two == other.two and self.five == other.five

    def __hash__(self) -> int:
        return hash((self.two, self.five))

    def __reduce__(self) -> tuple[type[Split], tuple[tuple[Card, ...], tuple[Card, ...]]]:
        # Copied and pickled as a call of the class (its fields are final: see _compile.py).
        return Split, (self.two, self.five)

    def __str__(self) -> str:
        return f"{format_cards(self.two)} | {format_cards(self.five)}"

    def __repr__(self) -> str:
        return str(self)

    @classmethod
    def parse(cls, text: str) -> Split:
        """Read ``"Ah Kd | 7c 7s 9h 4d 2c"`` (the two-card hand first).

        >>> Split.parse("ah kd | 7c 7s 9h 4d 2c").two
        (Ah, Kd)
        """
        parts = text.split("|")
        if len(parts) != 2:
            raise CardError("write a split as the two-card hand, '|', then the five-card hand")
        two, five = (tuple(parse_cards(part)) for part in parts)
        if len(two) != 2 or len(five) != 5:
            raise CardError(f"a split is two cards then five, got {len(two)} and {len(five)}")
        return cls(two, five)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.two + self.five


class ScoredSplit:
    """A split with its two strengths (on the ranking's shared scale): an immutable value, as
    :class:`Split` is."""

    __slots__ = ("five_strength", "split", "two_strength")

    def __init__(self, split: Split, two_strength: int, five_strength: int) -> None:
        self.split: Final = split
        self.two_strength: Final = two_strength
        self.five_strength: Final = five_strength

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScoredSplit):
            return NotImplemented
        return (self.split == other.split and self.two_strength == other.two_strength
                and self.five_strength == other.five_strength)

    def __hash__(self) -> int:
        return hash((self.split, self.two_strength, self.five_strength))

    def __repr__(self) -> str:
        return f"ScoredSplit({self.split!r}, {self.two_strength}, {self.five_strength})"

    @property
    def foul(self) -> bool:
        """Whether the two-card hand is not beaten by the five-card hand: a foul loses both."""
        return self.five_strength <= self.two_strength

    @property
    def five_category(self) -> int:
        """The five-card hand's category, numbered as in :mod:`homegame.ranking.reference`."""
        return self.five_strength >> CATEGORY_SHIFT


def ranking_for(wheel_second: bool) -> PaiGowRanking:
    """The ranking a table plays: ``wheel-second`` moves A-2-3-4-5 just below A-K-Q-J-10."""
    return PAI_GOW_WHEEL_SECOND if wheel_second else PAI_GOW


def check_seven(cards: Sequence[Card]) -> None:
    """Raise ``ValueError`` unless ``cards`` are seven different cards of the 53-card deck."""
    if len(cards) != 7:
        raise CardError(f"Pai Gow is set from seven cards, got {len(cards)}")
    if len(set(cards)) != 7:
        raise CardError(f"a card is given twice in {format_cards(cards)}")
    strangers = [c for c in cards if c not in PAI_GOW_DECK]
    if strangers:
        raise CardError(f"{format_cards(strangers)} is not in the Pai Gow deck (52 cards and a joker)")


_FRONTS: Final = tuple((first, second, tuple(i for i in range(7) if i not in (first, second)))
                       for first, second in combinations(range(7), 2))


def splits(cards: Sequence[Card]) -> list[Split]:
    """The 21 ways to set seven cards, two-card hands in the order of ``itertools.combinations``."""
    return [Split((cards[first], cards[second]), tuple(cards[i] for i in rest))
            for first, second, rest in _FRONTS]


def may_hold(cards: Sequence[Card], category: int) -> bool:
    """Whether some five of ``cards`` might make ``category`` or better: a quick test, exact for
    hands without the joker (the best five of seven standard cards, by the high tables) and
    always ``True`` with it."""
    if _JOKER_CODE in cards:
        return True
    try:
        best = fast_strength(cards)
    except (LookupError, TypeError):
        best = HIGH.strength(cards)
    return best >> CATEGORY_SHIFT >= category


def _two_table() -> dict[tuple[int, int], int]:
    table: dict[tuple[int, int], int] = {}
    for first, second in combinations(PAI_GOW_DECK, 2):
        value = PAI_GOW.strength((first, second))
        table[(first, second)] = table[(second, first)] = value
    return table


_TWO_STRENGTHS: Final = _two_table()


def two_strength(cards: Sequence[Card]) -> int:
    """The strength of a two-card hand (the same in every variant: no straights in two cards)."""
    return _TWO_STRENGTHS[(cards[0], cards[1])]


def five_strength(cards: Sequence[Card], ranking: PaiGowRanking = PAI_GOW) -> int:
    """The strength of a five-card hand under ``ranking``."""
    if _JOKER_CODE in cards:
        return ranking.strength(cards)
    try:
        value = fast_strength(cards)
    except (LookupError, TypeError):  # tables not built yet (this builds them), or bad input
        value = HIGH.strength(cards)
    if ranking.wheel_second and value >> CATEGORY_SHIFT in _WHEEL_CATEGORIES:
        return ranking.strength(cards)
    return value


def scored_splits(cards: Sequence[Card], ranking: PaiGowRanking = PAI_GOW) -> list[ScoredSplit]:
    """All 21 splits of seven cards with their strengths."""
    return [ScoredSplit(way, two_strength(way.two), five_strength(way.five, ranking))
            for way in splits(cards)]


def tidy(split: Split, ranking: PaiGowRanking = PAI_GOW) -> Split:
    """The same split with each hand's cards in order of significance, for display.

    >>> tidy(Split.parse("7c Ah | 2c 9h 4d 7s Kd"))
    Ah 7c | Kd 9h 7s 4d 2c
    """
    return Split(ranking.evaluate(split.two).cards, ranking.evaluate(split.five).cards)


def hand_name(cards: Sequence[Card], ranking: PaiGowRanking = PAI_GOW) -> str:
    """The name of a two-card or five-card hand: ``'a pair of sevens'``, ``'ace-king high'``."""
    return ranking.evaluate(cards).name
