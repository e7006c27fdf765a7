"""JSON Schemas (draft 2020-12) of the engine's JSON values, read from their dataclasses' types.

A view's JSON (``view.to_json()``) is written by :func:`homegame.engine.codec.to_json` from the
view's field types; :func:`json_schema` reads the same types, so the schema a client is given and
the JSON a state writes cannot drift apart. A card is its notation string, a mapping by seat an
object whose keys are the seats' numbers written as strings, and a nested dataclass a definition
of its own under ``$defs``.

>>> from dataclasses import dataclass
>>> from homegame.cards import Card
>>> @dataclass(frozen=True)
... class Seen:
...     seat: int | None
...     bets: dict[int, int]
...     hand: tuple[Card, ...]
>>> schema = json_schema(Seen)
>>> schema["properties"]["bets"]
{'type': 'object', 'propertyNames': {'pattern': '^-?[0-9]+$'}, 'additionalProperties': {'type': 'integer'}}
>>> schema["properties"]["seat"]
{'type': ['integer', 'null']}
"""

from __future__ import annotations

import dataclasses
import inspect
import types
import typing
from typing import Any, Final, get_args, get_origin, get_type_hints

from homegame.cards import Card
from homegame.engine.history import Event

__all__ = ["CARD_SCHEMA", "EVENT_SCHEMA", "json_schema"]

DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"
CARD_SCHEMA: Final[dict[str, Any]] = {
    "type": "string", "pattern": "^(Jk|(10|[1-9TJQKA])[cdhs]|(20|1[0-9]|[1-9])p)$",
    "description": "a card in notation: rank (2-9, T or 10, J, Q, K, A; 1 to 10 in Papayoo's suits, 1 to "
                   "20 in its Payoo suit, p) and suit (c, d, h, s, p); Jk a joker"}
EVENT_SCHEMA: Final[dict[str, Any]] = {
    "type": "object", "additionalProperties": False, "required": ["kind", "seat", "data"],
    "description": "one thing that happened in the hand: its kind, the seat it concerns (null: the table), "
                   "what it holds, and private_to, present only on an event that just those seats may see",
    "properties": {"kind": {"type": "string"}, "seat": {"type": ["integer", "null"]},
                   "data": {"type": "object"}, "private_to": {"type": "array", "items": {"type": "integer"}}}}
_SEAT_KEYS: Final = {"pattern": "^-?[0-9]+$"}
_SCALARS: Final = {bool: "boolean", int: "integer", str: "string", float: "number"}


def json_schema(kind: type, *, title: str | None = None) -> dict[str, Any]:
    """The JSON Schema of the JSON that :func:`~homegame.engine.codec.to_json` writes for a value
    of the dataclass ``kind``: every field required, no other field allowed."""
    definitions: dict[str, Any] = {}
    schema = {"$schema": DRAFT, "title": title or kind.__name__, **_object(kind, definitions)}
    if definitions:
        schema["$defs"] = dict(sorted(definitions.items()))
    return schema


def _object(kind: type, definitions: dict[str, Any]) -> dict[str, Any]:
    hints = get_type_hints(kind)
    names = [field.name for field in dataclasses.fields(kind)]
    return {"type": "object", "additionalProperties": False, "required": names,
            "properties": {name: _of(hints[name], definitions) for name in names}}


def _of(kind: Any, definitions: dict[str, Any]) -> dict[str, Any]:
    origin, args = get_origin(kind), get_args(kind)
    if kind is Card or kind is Event:
        name = "card" if kind is Card else "event"
        definitions.setdefault(name, CARD_SCHEMA if kind is Card else EVENT_SCHEMA)
        return {"$ref": f"#/$defs/{name}"}
    if kind in _SCALARS:
        return {"type": _SCALARS[kind]}
    if origin in (typing.Union, types.UnionType):
        return _optional(args, definitions)
    if origin is typing.Literal:
        return {"enum": list(args)}
    if origin is tuple and args and args[-1] is not Ellipsis:
        items = [_of(arg, definitions) for arg in args]
        return {"type": "array", "prefixItems": items, "items": False, "minItems": len(items)}
    if origin in (tuple, list, frozenset, set):
        return {"type": "array", "items": _of(args[0], definitions)}
    if origin is dict:
        return {"type": "object", "propertyNames": _SEAT_KEYS,
                "additionalProperties": _of(args[1], definitions)}
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        if kind.__name__ not in definitions:
            definitions[kind.__name__] = {}  # a placeholder, for a class that names itself
            definitions[kind.__name__] = {"description": _first_sentence(kind), **_object(kind, definitions)}
        return {"$ref": f"#/$defs/{kind.__name__}"}
    raise TypeError(f"no JSON Schema for {kind!r}")


def _optional(options: tuple[Any, ...], definitions: dict[str, Any]) -> dict[str, Any]:
    """``X | None``: a scalar's type list gains null, anything else is one of X or null."""
    present = [option for option in options if option is not type(None)]
    if len(present) != 1 or len(options) != 2:
        raise TypeError(f"no JSON Schema for the union of {options!r}")
    inner = _of(present[0], definitions)
    if set(inner) == {"type"} and isinstance(inner["type"], str):
        return {"type": [inner["type"], "null"]}
    return {"anyOf": [inner, {"type": "null"}]}


def _first_sentence(kind: type) -> str:
    text = " ".join((inspect.getdoc(kind) or kind.__name__).split())
    return text.split(". ")[0].rstrip(".") + "."
