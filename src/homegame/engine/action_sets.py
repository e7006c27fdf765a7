"""The compact sets of actions that ``legal_actions`` returns.

A set of legal actions can be large (every raise size in no limit, every way to set thirteen cards in
Chinese Poker), so :class:`ActionSet` is a read-only sequence built from compact families that
count, index and test membership without listing every action: :class:`Choices` (a short list),
:class:`Amounts` (one kind at every amount in a range), :class:`Subsets` (one kind with every
subset of some cards, of the sizes allowed) and :class:`Arrangements` (cards dealt into rows).

>>> from homegame.engine.actions import Action
>>> fold, call = Action("fold"), Action("call", amount=10)
>>> legal = ActionSet(Choices([fold, call]), Amounts("raise", 20, 100))
>>> len(legal), legal[2], Action("raise", amount=55) in legal, Action("raise", amount=5) in legal
(83, raise 20, True, False)
"""

from __future__ import annotations

from abc import abstractmethod
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import accumulate
from math import comb
from typing import Any, overload

from homegame.cards import Card, card_texts
from homegame.engine.actions import Action, amount_action, cards_field, list_field, word
from homegame.errors import IllegalAction, shown

__all__ = ["EMPTY", "ActionSet", "Amounts", "Arrangements", "Choices", "Family", "Subsets",
           "unrank_combination"]


class Family:
    """A compact, indexable set of actions: the building block of :class:`ActionSet`."""

    @abstractmethod
    def __len__(self) -> int: ...

    @abstractmethod
    def at(self, index: int) -> Action:
        """The action at ``0 <= index < len(self)``."""

    @abstractmethod
    def __contains__(self, action: object) -> bool: ...

    @abstractmethod
    def to_json(self) -> dict[str, Any]: ...


class Choices(Family):
    """A plain list of actions."""

    __slots__ = ("_set", "actions")

    def __init__(self, actions: Iterable[Action]) -> None:
        self.actions = tuple(actions)
        self._set: frozenset[Action] | None = None

    def __reduce__(self) -> tuple[type[Choices], tuple[Any, ...]]:
        return Choices, (self.actions,)

    def __len__(self) -> int:
        return len(self.actions)

    def at(self, index: int) -> Action:
        return self.actions[index]

    def __contains__(self, action: object) -> bool:
        if len(self.actions) <= 8:
            return action in self.actions
        if not isinstance(action, Action):  # an unhashable object is simply not a member
            return False
        if self._set is None:
            self._set = frozenset(self.actions)
        return action in self._set

    def to_json(self) -> dict[str, Any]:
        return {"choices": [a.to_json() for a in self.actions]}


class Amounts(Family):
    """``kind`` with every whole amount from ``low`` to ``high`` inclusive (bets and raises)."""

    __slots__ = ("high", "kind", "low")

    def __init__(self, kind: str, low: int, high: int) -> None:
        self.kind, self.low, self.high = kind, low, high

    def __reduce__(self) -> tuple[type[Amounts], tuple[Any, ...]]:
        return Amounts, (self.kind, self.low, self.high)

    def __len__(self) -> int:
        return max(0, self.high - self.low + 1)

    def at(self, index: int) -> Action:
        return amount_action(self.kind, self.low + index)

    def __contains__(self, action: object) -> bool:
        return (isinstance(action, Action) and action.kind == self.kind and action.amount is not None
                and self.low <= action.amount <= self.high and not action.cards
                and action.option is None and not action.groups)

    def to_json(self) -> dict[str, Any]:
        return {"amounts": {"kind": self.kind, "min": self.low, "max": self.high}}


class Subsets(Family):
    """``kind`` with any ``k`` of the given cards, for each ``k`` in ``sizes`` (discards, passes).

    The cards of an action may come in any order; indexing yields them in the order given.
    """

    __slots__ = ("_starts", "cards", "kind", "option", "sizes")

    def __init__(self, kind: str, cards: Sequence[Card], sizes: Iterable[int],
                 option: str | None = None) -> None:
        self.kind, self.cards, self.option = kind, tuple(cards), option
        self.sizes, self._starts = _subset_counts(len(self.cards), tuple(sizes))

    def __reduce__(self) -> tuple[type[Subsets], tuple[Any, ...]]:
        return Subsets, (self.kind, self.cards, self.sizes, self.option)

    def __len__(self) -> int:
        return self._starts[-1]

    def at(self, index: int) -> Action:
        slot = bisect_right(self._starts, index) - 1
        chosen = unrank_combination(len(self.cards), self.sizes[slot], index - self._starts[slot])
        cards = self.cards
        return Action(self.kind, cards=tuple([cards[i] for i in chosen]), option=self.option)

    def __contains__(self, action: object) -> bool:
        return (isinstance(action, Action) and action.kind == self.kind
                and action.option == self.option and action.amount is None and not action.groups
                and len(action.cards) in self.sizes and _is_submultiset(action.cards, self.cards))

    def to_json(self) -> dict[str, Any]:
        return {"subsets": {"kind": self.kind, "cards": card_texts(self.cards),
                            "sizes": list(self.sizes), "option": self.option}}


class Arrangements(Family):
    """``kind`` with the given cards split into named groups, group ``i`` holding between
    ``minimum[i]`` and ``maximum[i]`` cards and every card placed (setting rows, placing cards).
    """

    __slots__ = ("_shapes", "_sorted", "_starts", "cards", "kind", "maximum", "minimum")

    def __init__(self, kind: str, cards: Sequence[Card], maximum: Sequence[int],
                 minimum: Sequence[int] | None = None) -> None:
        self.kind, self.cards, self.maximum = kind, tuple(cards), tuple(maximum)
        self.minimum = tuple(minimum) if minimum is not None else (0,) * len(self.maximum)
        self._shapes = list(_shapes(len(self.cards), self.minimum, self.maximum))
        self._sorted = sorted(self.cards)
        self._starts = [0, *accumulate(_multinomial(shape) for shape in self._shapes)]

    def __reduce__(self) -> tuple[type[Arrangements], tuple[Any, ...]]:
        return Arrangements, (self.kind, self.cards, self.maximum, self.minimum)

    def __len__(self) -> int:
        return self._starts[-1]

    def at(self, index: int) -> Action:
        slot = bisect_right(self._starts, index) - 1
        index -= self._starts[slot]
        remaining = list(self.cards)
        groups = []
        for size in self._shapes[slot]:
            count = comb(len(remaining), size)
            index, here = divmod(index, count)
            chosen = unrank_combination(len(remaining), size, here)
            groups.append(tuple(remaining[i] for i in chosen))
            remaining = [c for i, c in enumerate(remaining) if i not in chosen]
        return Action(self.kind, groups=tuple(groups))

    def __contains__(self, action: object) -> bool:
        if not (isinstance(action, Action) and action.kind == self.kind and action.amount is None
                and not action.cards and action.option is None
                and len(action.groups) == len(self.maximum)):
            return False
        sizes_fit = all(low <= len(group) <= high for group, low, high
                        in zip(action.groups, self.minimum, self.maximum, strict=True))
        return sizes_fit and sorted([c for group in action.groups for c in group]) == self._sorted

    def to_json(self) -> dict[str, Any]:
        return {"arrangements": {"kind": self.kind, "cards": card_texts(self.cards),
                                 "min": list(self.minimum), "max": list(self.maximum)}}


class ActionSet:
    """Every legal action of a seat, read like a sequence over compact families.

    ``len``, indexing (so ``random.choice`` works) and ``in`` are cheap however many actions
    there are; iterating lists them all.
    """

    __slots__ = ("_flat", "_size", "_starts", "families")

    def __init__(self, *families: Family) -> None:
        kept = []
        starts = [0]
        total = 0
        for family in families:
            size = len(family)
            if size:
                kept.append(family)
                total += size
                starts.append(total)
        self.families = tuple(kept)
        self._starts = starts
        self._size = total  # random.choice asks for it twice an action
        self._flat: tuple[Action, ...] | None = None

    def __reduce__(self) -> tuple[type[ActionSet], tuple[Family, ...]]:
        """Pickled as its families (a bot may choose in another process)."""
        return ActionSet, self.families

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        flat = self._flat
        if flat is None:
            flat = self._flatten()
        if flat and type(index) is int:
            try:
                return flat[index]
            except IndexError:
                raise IndexError("action index out of range") from None
        if isinstance(index, slice):
            return self._slice(index)
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("action index out of range")
        starts = self._starts
        slot = bisect_right(starts, index) - 1
        return self.families[slot].at(index - starts[slot])

    def _slice(self, index: slice) -> list[Action]:
        """The actions a slice picks (a method of its own: a comprehension in ``__getitem__`` made
        ``self`` a closure cell at every index)."""
        return [self[i] for i in range(*index.indices(len(self)))]

    def __contains__(self, action: object) -> bool:
        flat = self._flat
        if flat is None:
            flat = self._flatten()
        if flat:
            return action in flat
        for family in self.families:  # noqa: SIM110 - a plain loop is the faster path here
            if action in family:
                return True
        return False

    def _flatten(self) -> tuple[Action, ...]:
        """The actions as a tuple when the set is a few plain ones (bets, calls, small choices),
        which a betting round's shared sets then index and test at tuple speed; else ``()``.

        Only :class:`Choices` and :class:`Amounts` qualify: their members are exactly the actions
        they list, whereas a subset or arrangement also matches its cards in any order.
        """
        flat: tuple[Action, ...] = ()
        if self._size <= _FLAT_LIMIT:
            for family in self.families:  # loops: a hand builds a few sets (discards) of its own
                if type(family) is Choices:
                    flat += family.actions
                elif type(family) is Amounts:
                    for index in range(len(family)):
                        flat += (family.at(index),)
                else:
                    flat = ()
                    break
        self._flat = flat
        return flat

    def __iter__(self) -> Iterator[Action]:
        for family in self.families:
            for index in range(len(family)):
                yield family.at(index)

    def kinds(self) -> list[str]:
        """The distinct kinds of action on offer, in order."""
        seen: dict[str, None] = {}
        for family in self.families:
            for kind in _family_kinds(family):
                seen.setdefault(kind, None)
        return list(seen)

    def to_json(self) -> list[dict[str, Any]]:
        return [family.to_json() for family in self.families]

    @classmethod
    def from_json(cls, data: Any) -> ActionSet:
        """The set :meth:`to_json` wrote (a client far from the table gets the same legal actions);
        :class:`IllegalAction` for anything else.

        >>> legal = ActionSet(Choices([Action("fold")]), Amounts("raise", 4, 8))
        >>> ActionSet.from_json(legal.to_json())[1:3]
        [raise 4, raise 5]
        """
        if not isinstance(data, list):
            raise IllegalAction(f"a set of actions is a list of families, not {shown(data)}")
        return cls(*(_family_from_json(item) for item in data))

    def __repr__(self) -> str:
        shown = [str(a) for a in self[:6]]
        more = f", ... ({len(self)} in all)" if len(self) > 6 else ""
        return f"ActionSet({', '.join(shown)}{more})"


def _family_from_json(data: Any) -> Family:
    if not isinstance(data, dict) or len(data) != 1:
        raise IllegalAction(f"a family of actions is an object with one key, not {shown(data)}")
    (name, fields), = data.items()
    try:
        if name == "choices":
            return Choices(Action.from_json(item) for item in list_field(fields))
        if name == "amounts":
            return Amounts(word("kind", fields["kind"]), _whole(fields["min"]), _whole(fields["max"]))
        if name == "subsets":
            return Subsets(word("kind", fields["kind"]), cards_field(fields["cards"]),
                           [_whole(size) for size in list_field(fields["sizes"])],
                           None if fields["option"] is None else word("option", fields["option"]))
        if name == "arrangements":
            return Arrangements(word("kind", fields["kind"]), cards_field(fields["cards"]),
                                [_whole(n) for n in list_field(fields["max"])],
                                [_whole(n) for n in list_field(fields["min"])])
    except (KeyError, TypeError):
        pass
    raise IllegalAction(f"not a family of actions: {shown(data)}")


def _whole(value: Any) -> int:
    if type(value) is not int or not 0 <= value <= 10**15:
        raise IllegalAction(f"expected a count, not {shown(value)}")
    return value


EMPTY = ActionSet()
_FLAT_LIMIT = 16


def _family_kinds(family: Family) -> Iterable[str]:
    if isinstance(family, Choices):
        return (a.kind for a in family.actions)
    return (getattr(family, "kind", family.at(0).kind),)


@lru_cache(maxsize=256)
def _subset_counts(n: int, sizes: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The sizes that fit ``n`` cards, and where each size's combinations start in a
    :class:`Subsets` (the same few shapes recur: five cards, discards of 0 to 3)."""
    kept = tuple(k for k in sizes if 0 <= k <= n)
    return kept, (0, *accumulate(comb(n, k) for k in kept))


def _is_submultiset(chosen: Sequence[Card], pool: Sequence[Card]) -> bool:
    distinct = set(chosen)
    if len(distinct) == len(chosen):
        return distinct.issubset(pool)
    return not Counter(chosen) - Counter(pool)


@lru_cache(maxsize=4096)
def unrank_combination(n: int, k: int, index: int) -> tuple[int, ...]:
    """The ``index``-th ``k``-combination of ``range(n)`` in lexicographic order: how
    :class:`Subsets` and :class:`Arrangements` number their actions.

    >>> unrank_combination(5, 2, 0), unrank_combination(5, 2, 9)
    ((0, 1), (3, 4))
    """
    chosen: list[int] = []
    start = 0
    for remaining in range(k, 0, -1):
        for candidate in range(start, n):
            count = comb(n - candidate - 1, remaining - 1)
            if index < count:
                chosen.append(candidate)
                start = candidate + 1
                break
            index -= count
    return tuple(chosen)


def _shapes(n: int, minimum: Sequence[int], maximum: Sequence[int]) -> Iterator[tuple[int, ...]]:
    if not maximum:
        if n == 0:
            yield ()
        return
    for first in range(minimum[0], min(maximum[0], n) + 1):
        for rest in _shapes(n - first, minimum[1:], maximum[1:]):
            yield (first, *rest)


def _multinomial(shape: Sequence[int]) -> int:
    total, count = sum(shape), 1
    for size in shape:
        count *= comb(total, size)
        total -= size
    return count
