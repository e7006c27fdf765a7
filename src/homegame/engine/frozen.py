"""Frozen values built fast: a frozen slotted dataclass made from its fields by name.

A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__`` in
interpreted code, and a call by keyword binds every argument by name first: for a view of some
25 fields that is most of what ``state.view(seat)`` costs, paid at every turn by every bot, room
and learning environment. :func:`make_frozen` sets the same fields straight into their slots
(compiled, it is a plain C call per field) and makes the same value: equal, hashable alike,
immutable afterwards, serialised the same way.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
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

_FIELDS: dict[type, tuple[str, ...]] = {}


def make_frozen(kind: type[T], values: dict[str, Any]) -> T:
    """An instance of the frozen slotted dataclass ``kind`` holding ``values``, which name every
    one of its fields (a :class:`TypeError` otherwise): ``kind(**values)`` without running its
    ``__init__`` (so ``kind`` has no ``__post_init__``). The values are taken as they are, as the
    generated ``__init__`` takes them."""
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = _field_names(kind)
    if len(values) == len(names):
        value = object.__new__(kind)
        try:
            # As many distinct names as fields, each one a slot (nothing else can be set on a
            # slotted instance): every field is set once.
            for name, item in values.items():
                object.__setattr__(value, name, item)
            return value
        except AttributeError:
            pass
    raise TypeError(f"{kind.__name__} needs every one of its fields ({', '.join(names)}), "
                    f"not {', '.join(values)}")


def _field_names(kind: type) -> tuple[str, ...]:
    params = getattr(kind, "__dataclass_params__", None)
    if params is None or not params.frozen or kind.__dictoffset__:  # an instance dict: not slotted
        raise TypeError(f"{kind.__name__} is not a frozen slotted dataclass")
    return tuple(field.name for field in fields(kind))
