"""Plain JSON for the engine's frozen values: views, events, settings.

:func:`to_json` turns a value built of dataclasses, tuples, mappings, cards, enums, actions and
action sets into JSON-ready data (a card is always its notation string). :func:`from_json` reads
such data back into a typed value, guided by the type hints of the dataclass it is asked for.

>>> from dataclasses import dataclass
>>> from homegame.cards import Card, parse_cards
>>> @dataclass(frozen=True)
... class Seen:
...     seat: int
...     cards: tuple[Card, ...]
...     bets: dict[int, int]
>>> data = to_json(Seen(1, tuple(parse_cards("As Jk")), {0: 5}))
>>> data
{'seat': 1, 'cards': ['As', 'Jk'], 'bets': {'0': 5}}
>>> from_json(Seen, data) == Seen(1, tuple(parse_cards("As Jk")), {0: 5})
True
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from functools import cache
from typing import Any, TypeVar, get_args, get_origin, get_type_hints

from homegame.cards import Card, card
from homegame.engine.action_sets import ActionSet
from homegame.engine.actions import Action
from homegame.engine.history import Event

__all__ = ["from_json", "to_json"]

T = TypeVar("T")


def to_json(value: Any) -> Any:
    """JSON-ready data for ``value`` (dict keys become strings, as JSON requires).

    How a value is written depends only on its type, so each type's writer is worked out once
    (:func:`_writer_for`) and looked up after that: a room writes a view for every seat after
    every action, and the generic tests cost more than the writing.
    """
    kind = type(value)
    writer = _WRITERS.get(kind)
    if writer is None:
        writer = _WRITERS[kind] = _writer_for(kind)
    return writer(value)


def _writer_for(kind: type) -> Callable[[Any], Any]:
    """How :func:`to_json` writes a value of type ``kind``: a card as its notation, plain values
    as they are, an enum as its value, whatever has a ``to_json`` by it, a dataclass field by
    field, a mapping with string keys, a sequence or set as a list (a set sorted)."""
    if issubclass(kind, Card):
        return str
    if kind is type(None) or issubclass(kind, bool | int | float | str):
        return _as_is
    if issubclass(kind, Enum):
        return _enum_value
    if issubclass(kind, Action | ActionSet) or hasattr(kind, "to_json"):
        return _by_its_method
    if dataclasses.is_dataclass(kind):
        names = tuple(field.name for field in dataclasses.fields(kind))
        return lambda value: {name: to_json(getattr(value, name)) for name in names}
    if issubclass(kind, Mapping):
        return _mapping
    if issubclass(kind, frozenset | set):
        return _sorted_items
    if issubclass(kind, list | tuple):
        return _items
    return _refused


def _as_is(value: Any) -> Any:
    return value


def _enum_value(value: Enum) -> Any:
    return to_json(value.value)


def _by_its_method(value: Any) -> Any:
    return value.to_json()


def _mapping(value: Mapping[Any, Any]) -> dict[str, Any]:
    return {str(key): to_json(item) for key, item in value.items()}


def _items(value: list[Any] | tuple[Any, ...]) -> list[Any]:
    return [to_json(item) for item in value]


def _sorted_items(value: set[Any] | frozenset[Any]) -> list[Any]:
    return [to_json(item) for item in sorted(value)]


def _refused(value: Any) -> Any:
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


_WRITERS: dict[type, Callable[[Any], Any]] = {}
"""Each type :func:`to_json` has written, and its writer."""


def from_json(kind: Any, data: Any) -> Any:
    """The value of type ``kind`` that :func:`to_json` wrote as ``data``.

    Raises ``ValueError`` with a clear message when ``data`` does not fit ``kind``.
    """
    origin = get_origin(kind)
    if kind is Any:
        return data
    if kind is Card:
        if not isinstance(data, str):
            raise ValueError(f"a card is written as a string such as 'Ah', got {data!r}")
        return card(data)
    if isinstance(kind, type) and hasattr(kind, "from_json") and not dataclasses.is_dataclass(kind):
        return kind.from_json(data)
    if kind is Action or kind is Event:
        return kind.from_json(data)
    if origin in (typing.Union, types.UnionType):
        return _from_union(get_args(kind), data)
    if origin is typing.Literal:
        if data not in get_args(kind):
            raise ValueError(f"expected one of {get_args(kind)}, got {data!r}")
        return data
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _from_dataclass(kind, data)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(data)
    if origin in (tuple, list, frozenset, set):
        return _from_collection(origin, get_args(kind), data)
    if origin in (dict, Mapping) or kind is dict:
        return _from_mapping(get_args(kind), data)
    return _from_scalar(kind, data)


def _from_union(options: tuple[Any, ...], data: Any) -> Any:
    if data is None and type(None) in options:
        return None
    errors = []
    for option in options:
        if option is type(None):
            continue
        try:
            return from_json(option, data)
        except (ValueError, TypeError, KeyError) as error:
            errors.append(str(error))
    raise ValueError(f"{data!r} fits none of the expected forms: {'; '.join(errors)}")


@cache
def _fields_of(kind: Any) -> tuple[dict[str, Any], frozenset[str]]:
    """A dataclass's field types and the names its constructor takes (read once per class)."""
    hints = get_type_hints(kind)
    names = frozenset(f.name for f in dataclasses.fields(kind) if f.init)
    return hints, names


def _from_dataclass(kind: type[T], data: Any) -> T:
    if not isinstance(data, dict):
        raise ValueError(f"expected an object for {kind.__name__}, got {data!r}")
    hints, fields = _fields_of(typing.cast(Any, kind))
    unknown = set(data) - set(fields)
    if unknown:
        raise ValueError(f"unknown fields for {kind.__name__}: {', '.join(sorted(unknown))}")
    values = {name: from_json(hints[name], data[name]) for name in fields if name in data}
    try:
        return kind(**values)
    except TypeError as error:
        raise ValueError(f"incomplete {kind.__name__}: {error}") from None


def _from_collection(origin: type, args: tuple[Any, ...], data: Any) -> Any:
    if not isinstance(data, list):
        raise ValueError(f"expected a list, got {data!r}")
    if origin is tuple and args and args[-1] is not Ellipsis:
        if len(args) != len(data):
            raise ValueError(f"expected {len(args)} items, got {len(data)}")
        return tuple(from_json(arg, item) for arg, item in zip(args, data, strict=True))
    item_kind = args[0] if args else Any
    return origin(from_json(item_kind, item) for item in data)


def _from_mapping(args: tuple[Any, ...], data: Any) -> Any:
    if not isinstance(data, dict):
        raise ValueError(f"expected an object, got {data!r}")
    key_kind, value_kind = args if args else (Any, Any)
    return {_key(key_kind, key): from_json(value_kind, item) for key, item in data.items()}


def _key(kind: Any, key: str) -> Any:
    if kind is int:
        return int(key)
    if get_origin(kind) in (typing.Union, types.UnionType):
        return int(key) if key.lstrip("-").isdigit() and int in get_args(kind) else key
    return from_json(kind, key)


def _from_scalar(kind: Any, data: Any) -> Any:
    if kind is float and isinstance(data, int | float) and not isinstance(data, bool):
        return float(data)
    if isinstance(kind, type) and isinstance(data, kind) and not (
            kind is int and isinstance(data, bool)):
        return data
    raise ValueError(f"expected {getattr(kind, '__name__', kind)}, got {data!r}")
