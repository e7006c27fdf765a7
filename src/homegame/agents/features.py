"""An observation's parts: the cards it counts, its named blocks, and the writer that fills it.

An :class:`~homegame.agents.encoding.Encoding` builds its observation from these: a
:class:`CardVocabulary` numbers the game's distinct cards, a :class:`Layout` names the blocks of
the flat array, and a :class:`Features` writes one observation into it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from homegame.cards import Card

__all__ = ["CardVocabulary", "Features", "Layout", "Mask", "Observation"]

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class CardVocabulary:
    """The distinct cards of a game's deck, in deck order: a card's index in observations.

    >>> from homegame.cards import deck, parse_cards
    >>> vocabulary = CardVocabulary(deck("standard+2jokers"))
    >>> len(vocabulary), vocabulary.index(parse_cards("Jk")[0]), vocabulary.cards[0]
    (53, 52, 2c)
    """

    def __init__(self, deck: Iterable[Card]) -> None:
        self.cards: tuple[Card, ...] = tuple(dict.fromkeys(deck))
        self.numbers: dict[Card, int] = {card: number for number, card in enumerate(self.cards)}
        """Each card's index (the map :meth:`index` reads)."""

    def __len__(self) -> int:
        return len(self.cards)

    def index(self, card: Card) -> int:
        return self.numbers[card]

    def indices(self, cards: Iterable[Card]) -> list[int]:
        numbers = self.numbers
        return [numbers[card] for card in cards]


class Layout:
    """Named blocks of a flat observation, each with its shape and its meaning.

    >>> layout = Layout()
    >>> layout.add("hand", (5, 52), "the hand, card by position")
    0
    >>> layout.add("pot", (1,), "chips in the pot")
    260
    >>> layout.size, [name for name, *_ in layout.blocks]
    (261, ['hand', 'pot'])
    """

    def __init__(self) -> None:
        self.blocks: list[tuple[str, tuple[int, ...], int, str]] = []
        self.size = 0

    def add(self, name: str, shape: tuple[int, ...], meaning: str) -> int:
        """Append a block; returns its offset in the flat array."""
        offset = self.size
        self.blocks.append((name, shape, offset, meaning))
        self.size += int(np.prod(shape))
        return offset

    def split(self, array: Observation) -> dict[str, Observation]:
        """The blocks of ``array`` as named, shaped views (for OpenSpiel's observer)."""
        return {name: array[offset:offset + int(np.prod(shape))].reshape(shape)
                for name, shape, offset, _ in self.blocks}


class Features:
    """An observation being written: positions set to 1 and positions given a value, item by item
    into ``array``, zero when given (a fresh copy of the zero observation, or a row of a vector
    environment's observations cleared), through a memoryview of it (an item store there is
    far cheaper than numpy's own indexing, and any numpy call costs more than the few dozen stores
    an observation makes). With ``counts`` (a deck holding a card twice), a position set twice
    counts 2.

    A store names its position by the object ``positions[position]`` (the encoding's
    ``tuple(range(size))``): compiled, an integer is otherwise made into a new Python integer at
    every store past 256, which costs a third of the store."""

    __slots__ = ("array", "counts", "data", "positions")

    def __init__(self, array: Observation, positions: tuple[object, ...], counts: bool = False) -> None:
        self.counts = counts
        self.array = array
        self.data: Any = array.data
        self.positions = positions

    def flag(self, position: int) -> None:
        at = self.positions[position]
        if self.counts:
            self.data[at] += 1.0
        else:
            self.data[at] = 1.0

    def value(self, position: int, value: float) -> None:
        self.data[self.positions[position]] = value

    def cards(self, offset: int, vocabulary: CardVocabulary, cards: Iterable[Card]) -> None:
        """Count ``cards`` in the card block at ``offset``."""
        numbers = vocabulary.numbers
        if self.counts:
            for card in cards:
                self.flag(offset + numbers[card])
            return
        data, positions = self.data, self.positions  # stored straight: most of what is written
        for card in cards:
            data[positions[offset + numbers[card]]] = 1.0

    def slots(self, offset: int, vocabulary: CardVocabulary, cards: Sequence[Card]) -> None:
        """One card per row of the block at ``offset``: row ``i`` holds the ``i``-th card (each
        position is written once, so a deck's repeated card needs no counting here)."""
        numbers, width = vocabulary.numbers, len(vocabulary.cards)
        data, positions = self.data, self.positions
        for row in range(len(cards)):
            data[positions[offset + row * width + numbers[cards[row]]]] = 1.0
