"""The kinds of action index every game's encoding is built from.

- :class:`Constant`: a fixed list of actions (``take``, ``pass``, ``declare high``...).
- :class:`OneCard`: one card named by its position in a hand (a Pineapple discard).
- :class:`ByCard`: one card named by the card itself (a Papayoo play).
- :class:`DiscardMask`: any cards of a hand, as a bit mask of positions (a draw).
- :class:`Combination`: ``k`` cards of a hand by their rank among all ``k``-subsets (a pass).
- :class:`Arrangement`: a hand split into groups of fixed sizes by its rank among all splits,
  in the order of the engine's ``Arrangements`` (a Pai Gow or Chinese Poker setting).

Positions are those of the card sequence a segment reads from the view (``cards_of``); where a
hand holds the same card twice (two jokers), the earliest positions stand for the move.

>>> from homegame.cards import parse_cards
>>> from homegame.engine import ActionSet, Subsets
>>> class Seen:
...     hand = tuple(parse_cards("As Kd 7c 7h 2s"))
>>> draw = DiscardMask("discard", "discard", 5, lambda view: view.hand, "discard by positions")
>>> legal = ActionSet(Subsets("discard", Seen.hand, (0, 1, 2, 3)))
>>> draw.encode(Seen, legal, Action("discard", cards=tuple(parse_cards("7h 2s"))))
24
>>> draw.decode(Seen, legal, 24), draw.describe(24)
(discard 7h 2s, 'discard positions 3 4')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations
from math import comb, factorial
from typing import Any

from homegame.agents.encoding import (
    CardVocabulary,
    Segment,
    positions_of,
    rank_combination,
    unrank_combination,
)
from homegame.cards import Card
from homegame.engine import Action, ActionSet, Arrangements, Family, Subsets

__all__ = ["Arrangement", "ByCard", "CardsOf", "Combination", "Constant", "DiscardMask", "OneCard"]

CardsOf = Callable[[Any], Sequence[Card]]


class Constant(Segment):
    """A fixed list of actions, each its own index."""

    def __init__(self, name: str, actions: Sequence[Action], meaning: str) -> None:
        super().__init__(name, len(actions), meaning, tuple(dict.fromkeys(a.kind for a in actions)))
        self.actions = tuple(actions)
        self._index = {action: number for number, action in enumerate(self.actions)}

    def encode(self, view: Any, legal: ActionSet, action: Action) -> int | None:
        return self._index.get(action)

    def decode(self, view: Any, legal: ActionSet, local: int) -> Action | None:
        return self.actions[local]

    def describe(self, local: int) -> str:
        return str(self.actions[local])


class _Positional(Segment):
    """A segment naming cards by their positions in ``cards_of(view)``."""

    def __init__(self, name: str, kind: str, size: int, cards_of: CardsOf, meaning: str,
                 option: str | None = None) -> None:
        super().__init__(name, size, meaning, (kind,))
        self.kind, self.cards_of, self.option = kind, cards_of, option

    def _plain(self, action: Action) -> bool:
        return (action.kind == self.kind and action.option == self.option and action.amount is None
                and not action.groups)


class OneCard(_Positional):
    """``kind`` with the single card at a position (``slots`` positions)."""

    def __init__(self, name: str, kind: str, slots: int, cards_of: CardsOf, meaning: str,
                 option: str | None = None) -> None:
        super().__init__(name, kind, slots, cards_of, meaning, option)

    def encode(self, view: Any, legal: ActionSet, action: Action) -> int | None:
        if not self._plain(action) or len(action.cards) != 1:
            return None
        found = positions_of(action.cards, self.cards_of(view))
        return found[0] if found else None

    def decode(self, view: Any, legal: ActionSet, local: int) -> Action | None:
        held = self.cards_of(view)
        if local >= len(held):
            return None
        return Action(self.kind, cards=(held[local],), option=self.option)

    def describe(self, local: int) -> str:
        return f"{self.kind} position {local}"


class ByCard(Segment):
    """``kind`` with one card, named by the card itself (its index in the vocabulary)."""

    def __init__(self, name: str, kind: str, vocabulary: CardVocabulary, meaning: str) -> None:
        super().__init__(name, len(vocabulary), meaning, (kind,))
        self.kind, self.vocabulary = kind, vocabulary
        self._actions = [Action(kind, cards=(card,)) for card in vocabulary.cards]

    def encode(self, view: Any, legal: ActionSet, action: Action) -> int | None:
        if action.kind != self.kind or len(action.cards) != 1 or action.option is not None:
            return None
        return self.vocabulary.index(action.cards[0])

    def decode(self, view: Any, legal: ActionSet, local: int) -> Action | None:
        return self._actions[local]

    def describe(self, local: int) -> str:
        return f"{self.kind} {self.vocabulary.cards[local]}"


class DiscardMask(_Positional):
    """``kind`` with any cards of ``slots`` positions: bit ``i`` of the index names position ``i``."""

    def __init__(self, name: str, kind: str, slots: int, cards_of: CardsOf, meaning: str) -> None:
        super().__init__(name, kind, 2 ** slots, cards_of, meaning)

    def encode(self, view: Any, legal: ActionSet, action: Action) -> int | None:
        if not self._plain(action):
            return None
        found = positions_of(action.cards, self.cards_of(view))
        return None if found is None else sum(1 << position for position in found)

    def decode(self, view: Any, legal: ActionSet, local: int) -> Action | None:
        held = self.cards_of(view)
        if local >> len(held):
            return None
        return Action(self.kind, cards=tuple(c for i, c in enumerate(held) if local >> i & 1))

    def family(self, view: Any, family: Family) -> tuple[int, ...] | range | None:
        if not isinstance(family, Subsets) or family.kind != self.kind or family.option is not None:
            return None
        positions = _positions(family.cards, self.cards_of(view))
        return None if positions is None else _masks(positions, family.sizes)

    def describe(self, local: int) -> str:
        chosen = [str(i) for i in range(self.size.bit_length()) if local >> i & 1]
        return f"{self.kind} positions {' '.join(chosen)}" if chosen else f"{self.kind} none"


class Combination(_Positional):
    """``kind`` with ``k`` of the ``n`` cards, by the rank of their positions (0 to C(n, k) - 1)."""

    def __init__(self, name: str, kind: str, n: int, k: int, cards_of: CardsOf, meaning: str) -> None:
        super().__init__(name, kind, comb(n, k), cards_of, meaning)
        self.n, self.k = n, k

    def encode(self, view: Any, legal: ActionSet, action: Action) -> int | None:
        if not self._plain(action) or len(action.cards) != self.k:
            return None
        held = self.cards_of(view)
        found = positions_of(action.cards, held)
        return None if found is None or len(held) != self.n else rank_combination(found, self.n)

    def decode(self, view: Any, legal: ActionSet, local: int) -> Action | None:
        held = self.cards_of(view)
        if len(held) != self.n:
            return None
        return Action(self.kind, cards=tuple(held[i] for i in unrank_combination(local, self.n, self.k)))

    def family(self, view: Any, family: Family) -> tuple[int, ...] | range | None:
        if isinstance(family, Subsets) and family.kind == self.kind and family.option is None \
                and family.sizes == (self.k,) \
                and _distinct_and_same(family.cards, self.cards_of(view), self.n):
            return range(self.size)
        return None

    def describe(self, local: int) -> str:
        positions = " ".join(map(str, unrank_combination(local, self.n, self.k)))
        return f"{self.kind} positions {positions}"


class Arrangement(_Positional):
    """``kind`` with the ``n`` cards split into groups of ``sizes``, numbered as the engine's
    ``Arrangements`` numbers them: the first group's rank among the ``n`` positions, plus C(n, s0)
    times the second group's rank among the positions left, and so on."""

    def __init__(self, name: str, kind: str, sizes: Sequence[int], cards_of: CardsOf, meaning: str) -> None:
        n = sum(sizes)
        count = factorial(n)
        for size in sizes:
            count //= factorial(size)
        super().__init__(name, kind, count, cards_of, meaning)
        self.n, self.sizes = n, tuple(sizes)
        self._family: Arrangements | None = None

    def encode(self, view: Any, legal: ActionSet, action: Action) -> int | None:
        if action.kind != self.kind or action.cards or action.amount is not None \
                or action.option is not None or tuple(map(len, action.groups)) != self.sizes:
            return None
        left = list(self.cards_of(view))
        if len(left) != self.n:
            return None
        index, scale = 0, 1
        for group, size in zip(action.groups, self.sizes, strict=True):
            found = positions_of(group, left)
            if found is None:
                return None
            index += scale * rank_combination(found, len(left))
            scale *= comb(len(left), size)
            left = [c for i, c in enumerate(left) if i not in found]
        return index

    def decode(self, view: Any, legal: ActionSet, local: int) -> Action | None:
        held = self.cards_of(view)
        if len(held) != self.n:
            return None
        family = self._family
        if family is None or family.cards != tuple(held):
            family = self._family = Arrangements(self.kind, held, self.sizes, self.sizes)
        return family.at(local)

    def family(self, view: Any, family: Family) -> tuple[int, ...] | range | None:
        if isinstance(family, Arrangements) and family.kind == self.kind \
                and family.minimum == family.maximum == self.sizes \
                and _distinct_and_same(family.cards, self.cards_of(view), self.n):
            return range(self.size)
        return None

    def describe(self, local: int) -> str:
        left = list(range(self.n))
        groups = []
        for size in self.sizes:
            local, here = divmod(local, comb(len(left), size))
            chosen = [left[i] for i in unrank_combination(here, len(left), size)]
            groups.append(" ".join(map(str, chosen)))
            left = [p for p in left if p not in chosen]
        return f"{self.kind} positions {' | '.join(groups)}"


def _positions(cards: Sequence[Card], held: Sequence[Card]) -> tuple[int, ...] | None:
    """The position in ``held`` of each of ``cards``, or ``None`` unless ``held`` holds them all
    and no card twice (a loop and a dictionary: this runs at every draw). Not
    :func:`~homegame.agents.encoding.positions_of`, which gives a repeated card its earliest
    positions to encode one action: a family over a hand holding a card twice would mark two
    indices for one move, so it is encoded action by action instead.

    >>> from homegame.cards import parse_cards as cards
    >>> _positions(cards("Kd 2c"), cards("2c 5h Kd")), _positions(cards("As"), cards("Kd"))
    ((2, 0), None)
    """
    where: dict[Card, int] = {}
    for position in range(len(held)):
        where[held[position]] = position
    if len(where) != len(held):
        return None
    found: list[int] = []
    for card in cards:
        place = where.get(card)
        if place is None:
            return None
        found.append(place)
    return tuple(found)


@cache
def _masks(positions: tuple[int, ...], sizes: tuple[int, ...]) -> tuple[int, ...]:
    """The bit masks of every choice of ``sizes`` of the hand ``positions``, in the family's order
    (a draw offers the same few families again and again, so each is worked out once)."""
    bits = [1 << position for position in positions]
    return tuple(sum(bits[i] for i in chosen)
                 for size in sizes for chosen in combinations(range(len(bits)), size))


def _distinct_and_same(cards: Sequence[Card], held: Sequence[Card], n: int) -> bool:
    """Whether a family spans exactly the ``n`` cards held (in any order: canonical encodings list
    them otherwise than the engine), all different: then its every member has its own index and
    the whole segment is legal."""
    return len(held) == n and len(set(held)) == n and (tuple(cards) == tuple(held) or set(cards) == set(held))
