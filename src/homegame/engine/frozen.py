"""Frozen values built fast: a frozen dataclass made from its fields by name.

A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__`` in
interpreted code, and a call by keyword binds every argument by name first: for a view of some
25 fields that is most of what ``state.view(seat)`` costs, paid at every turn by every bot, room
and learning environment. :func:`make_frozen` makes the same value without it: equal, hashable
alike, immutable afterwards, serialised the same way. A dataclass with an instance dictionary (the
views) is given the dictionary of values whole, in one step; a slotted one has each slot set (a
plain C call per field, compiled). A value made at every turn can be built in a copy of its
:func:`template` and made with :func:`make_filled`, which costs less again.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Point:
...     x: int
...     y: int
>>> make_frozen(Point, {"x": 1, "y": 2}) == Point(1, 2)
True
>>> make_frozen(Point, {"x": 1, "z": 2})
Traceback (most recent call last):
...
TypeError: Point needs every one of its fields (x, y), not x, z
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any, Final, TypeVar

__all__ = ["UNSET", "make_filled", "make_frozen", "template"]

T = TypeVar("T")

_FIELDS: Final[dict[type, tuple[tuple[str, ...], bool]]] = {}
"""Each class's field names, in order, and whether its instances keep their fields in a
dictionary (else in slots)."""


def make_frozen(kind: type[T], values: dict[str, Any]) -> T:
    """An instance of the frozen dataclass ``kind`` holding ``values``, which name every one of
    its fields (a :class:`TypeError` otherwise): ``kind(**values)`` without running its
    ``__init__`` (so ``kind`` has no ``__post_init__``). The values are taken as they are, as the
    generated ``__init__`` takes them; a class with an instance dictionary takes ``values`` itself
    as that dictionary, so the caller hands it over (a dict it made for the purpose)."""
    order, in_dict = _known_layout(kind)
    # As many names as fields and every field among them: exactly the fields. (Compiled, the
    # all() is a loop; it costs less than anything built from the dictionary's keys.)
    if len(values) != len(order) or not all(name in values for name in order):
        raise TypeError(f"{kind.__name__} needs every one of its fields ({', '.join(order)}), "
                        f"not {', '.join(values)}")
    return _instance(kind, values, in_dict)


class _Unset:
    """What a field of a :func:`template` holds until it is filled in."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Final = _Unset()


def template(kind: type, known: Mapping[str, Any]) -> dict[str, Any]:
    """Every field of the frozen dataclass ``kind``, in order, holding its value in ``known`` or
    else :data:`UNSET`: the dictionary a value that is made again and again (a game's view, at
    every turn) is built in, a copy each time, with the fields that never change (a game's
    settings) written once here. Filling a copy of a whole dictionary costs less than growing
    one, and :func:`make_filled` then checks less than :func:`make_frozen`.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> point = template(Point, {"y": 2})
    >>> point
    {'x': UNSET, 'y': 2}
    >>> point["x"] = 1
    >>> make_filled(Point, point)
    Point(x=1, y=2)
    """
    order = _known_layout(kind)[0]
    unknown = [name for name in known if name not in order]
    if unknown:
        raise TypeError(f"{kind.__name__} has no field {', '.join(unknown)}")
    return {name: known.get(name, UNSET) for name in order}


def make_filled(kind: type[T], values: dict[str, Any]) -> T:
    """:func:`make_frozen` for a copy of a :func:`template` of ``kind`` with its fields filled in.
    Such a dictionary holds exactly the fields by its making, so only its length is checked (no
    name added). That no field is left :data:`UNSET` is the caller's to make sure of, by filling
    every field on every path; the tests check it of every view built this way, since looking at
    every value here would cost as much as the names :func:`make_frozen` looks up."""
    order, in_dict = _known_layout(kind)
    if len(values) != len(order):
        raise TypeError(f"{kind.__name__} needs exactly its fields ({', '.join(order)}), "
                        f"not {', '.join(values)}")
    return _instance(kind, values, in_dict)


def _known_layout(kind: type) -> tuple[tuple[str, ...], bool]:
    known = _FIELDS.get(kind)
    if known is None:
        known = _FIELDS[kind] = _layout(kind)
    return known


def _instance(kind: type[T], values: dict[str, Any], in_dict: bool) -> T:
    value = object.__new__(kind)
    if in_dict:
        object.__setattr__(value, "__dict__", values)
        return value
    # As many distinct names as fields, each one a slot: every field is set once.
    for name, item in values.items():
        object.__setattr__(value, name, item)
    return value


def _layout(kind: type) -> tuple[tuple[str, ...], bool]:
    params = getattr(kind, "__dataclass_params__", None)
    if params is None or not params.frozen:
        raise TypeError(f"{kind.__name__} is not a frozen dataclass")
    order = tuple(field.name for field in fields(kind))
    names = frozenset(order)
    slots = {name for base in kind.__mro__ for name in vars(base).get("__slots__", ())}
    if names <= slots:
        return order, False
    if kind.__dictoffset__ and not names & slots:
        return order, True
    raise TypeError(f"{kind.__name__} keeps some of its fields in slots and some in a dictionary")
