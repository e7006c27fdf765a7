"""What every hand ranking shares: categories, the evaluated :class:`Hand`, strength encoding.

A strength is one ``int`` per hand, greater is better, comparable only within one ranking. Rankings
built from a category and tie-break ranks pack them the same way, so that a strength can be taken
apart again for naming: the category above bit 20, then up to five 4-bit tie-break ranks, most
significant first.

>>> s = encode(6, (13, 9))
>>> decode(s)
(6, (13, 9, 0, 0, 0))
>>> encode(6, (13, 9)) > encode(6, (13, 8)) > encode(5, (14, 13, 12, 11, 9))
True
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Final, TypeAlias

from homegame._compile import mypyc_attr, rebuilt_from_fields
from homegame.cards import Card, card_texts

__all__ = ["Category", "Hand", "Ranking", "Wild", "decode", "encode"]

Wild: TypeAlias = "str | int | Collection[Card] | None"
"""Wild cards: a rank (``"3"``, ``"deuces"``... see :func:`homegame.ranking.wild_cards`), a
collection of the exact cards that are wild, or ``None`` (jokers alone are wild)."""

CATEGORY_SHIFT: Final = 20


def encode(category: int, ranks: Sequence[int] = ()) -> int:
    """Pack a category and up to five tie-break ranks (each 0-15) into one strength."""
    value = category
    for index in range(5):
        value = (value << 4) | (ranks[index] if index < len(ranks) else 0)
    return value


def decode(strength: int) -> tuple[int, tuple[int, ...]]:
    """The category and five tie-break ranks packed by :func:`encode`."""
    ranks = tuple((strength >> shift) & 0xF for shift in (16, 12, 8, 4, 0))
    return strength >> CATEGORY_SHIFT, ranks


@dataclass(frozen=True, slots=True)
class Category:
    """A named class of hands within one ranking; ``value`` orders categories (greater is better)."""

    value: int
    name: str

    def __str__(self) -> str:
        return self.name


rebuilt_from_fields(Category)


class Hand:
    """One evaluated hand: its strength, category, the cards that make it, and a human name.

    ``cards`` are the cards the hand is made of, most significant first (for a hand chosen from
    more cards than it uses, only the chosen ones). An immutable value, written out rather than a
    frozen dataclass: every evaluation builds one, and the compiled build would construct a
    dataclass through an interpreted ``__init__`` (and miss its equality beside the orderings).

    >>> Hand(1, Category(0, "high card"), (), "seven high", "high") < Hand(2, Category(0, "high card"), (),
    ...                                                                     "eight high", "high")
    True
    """

    __slots__ = ("cards", "category", "name", "ranking", "strength")

    def __init__(self, strength: int, category: Category, cards: tuple[Card, ...], name: str,
                 ranking: str) -> None:
        self.strength: Final = strength
        self.category: Final = category
        self.cards: Final = cards
        self.name: Final = name
        self.ranking: Final = ranking

    def __repr__(self) -> str:
        return (f"Hand(strength={self.strength!r}, category={self.category!r}, cards={self.cards!r}, "
                f"name={self.name!r}, ranking={self.ranking!r})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return (self.strength == other.strength and self.category == other.category
                and self.cards == other.cards and self.name == other.name and self.ranking == other.ranking)

    def __hash__(self) -> int:
        return hash((self.strength, self.category, self.cards, self.name, self.ranking))

    def __lt__(self, other: Hand) -> bool:
        return self.strength < other.strength

    def __le__(self, other: Hand) -> bool:
        return self.strength <= other.strength

    def __gt__(self, other: Hand) -> bool:
        return self.strength > other.strength

    def __ge__(self, other: Hand) -> bool:
        return self.strength >= other.strength

    def to_json(self) -> dict[str, object]:
        return {
            "ranking": self.ranking,
            "strength": self.strength,
            "category": self.category.name,
            "cards": card_texts(self.cards),
            "name": self.name,
        }


@mypyc_attr(allow_interpreted_subclasses=True)
class Ranking:
    """A way of ranking hands. Subclasses give the name, the categories and the evaluation."""

    name: str
    categories: tuple[Category, ...]
    jokers_wild: bool = True
    """Whether a joker is a wild card here (everywhere but Pai Gow, where it is the bug)."""

    @abstractmethod
    def evaluate(self, cards: Sequence[Card], wild: Collection[Card] = ()) -> Hand:
        """The best hand in ``cards`` with the given wild cards (jokers are passed in ``wild``)."""

    def strength(self, cards: Sequence[Card], wild: Collection[Card] = ()) -> int:
        """Only the strength of :meth:`evaluate`; rankings override it with a faster path."""
        return self.evaluate(cards, wild).strength

    def category_named(self, name: str) -> Category:
        for category in self.categories:
            if category.name == name:
                return category
        raise KeyError(f"{self.name} has no category {name!r}")

    def __repr__(self) -> str:
        return f"<Ranking {self.name}>"


def categories(names: Iterable[str]) -> tuple[Category, ...]:
    """Categories from lowest to highest, valued 0, 1, 2..."""
    return tuple(Category(value, name) for value, name in enumerate(names))
