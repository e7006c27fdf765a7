"""Frozen values built fast: a frozen dataclass made from its fields by name.

A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__`` in
interpreted code, and a call by keyword binds every argument by name first: for a view of some
25 fields that is most of what ``state.view(seat)`` costs, paid at every turn by every bot, room
and learning environment. :func:`make_frozen` makes the same value without it: equal, hashable
alike, immutable afterwards, serialised the same way. A dataclass with an instance dictionary (the
views) is given the dictionary of values whole, in one step; a slotted one has each slot set (a
plain C call per field, compiled).

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

from dataclasses import fields
from typing import Any, TypeVar

__all__ = ["make_frozen"]

T = TypeVar("T")

_FIELDS: dict[type, tuple[tuple[str, ...], bool]] = {}
"""Each class's field names, in order, and whether its instances keep their fields in a
dictionary (else in slots)."""


def make_frozen(kind: type[T], values: dict[str, Any]) -> T:
    """An instance of the frozen dataclass ``kind`` holding ``values``, which name every one of
    its fields (a :class:`TypeError` otherwise): ``kind(**values)`` without running its
    ``__init__`` (so ``kind`` has no ``__post_init__``). The values are taken as they are, as the
    generated ``__init__`` takes them; a class with an instance dictionary takes ``values`` itself
    as that dictionary, so the caller hands it over (a dict it made for the purpose)."""
    known = _FIELDS.get(kind)
    if known is None:
        known = _FIELDS[kind] = _layout(kind)
    order, in_dict = known
    # As many names as fields and every field among them: exactly the fields. (Compiled, the
    # all() is a loop; it costs less than anything built from the dictionary's keys.)
    if len(values) != len(order) or not all(name in values for name in order):
        raise TypeError(f"{kind.__name__} needs every one of its fields ({', '.join(order)}), "
                        f"not {', '.join(values)}")
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
