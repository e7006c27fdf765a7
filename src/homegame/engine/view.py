"""The view: what one seat, or a spectator, may know of a hand, as plain data.

Every game's view is a frozen dataclass extending :class:`View`; it round-trips through JSON.
It lives apart from the state machine so that it stays plain Python in the compiled build, where
the JSON codec reads its field types. A state builds its views with
:func:`homegame.engine.frozen.make_frozen`, which makes the same frozen value without running the
generated ``__init__`` (the bulk of a view's cost otherwise). Views keep their fields in an
instance dictionary rather than slots, so that the dictionary of fields a state builds becomes
the view in one step; a game's view extends :class:`View` the same way (``frozen=True``, no slots).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Self

from homegame.engine.codec import from_json, to_json
from homegame.engine.history import Event

__all__ = ["View"]


@dataclass(frozen=True)
class View:
    """What one seat (or a spectator, ``seat=None``) may know. Games extend it with their own fields.

    ``log`` holds the events of the hand this seat may see, oldest first. A view is a value: read
    its containers, never change them (views of one moment may share them, as the seats' closing
    views of a finished hand do).
    """

    game: str
    seat: int | None
    dealer: int
    to_act: tuple[int, ...]
    is_over: bool
    log: tuple[Event, ...]

    def to_json(self) -> dict[str, Any]:
        return {name: to_json(getattr(self, name)) for name in _field_names(type(self))}

    @classmethod
    def from_json(cls, data: Any) -> Self:
        value: Self = from_json(cls, data)
        return value


def _field_names(kind: type[View]) -> tuple[str, ...]:
    """The names of a view class's fields, in order (read once a class: a room writes views of
    every seat after every action)."""
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(field.name for field in fields(kind))
    return names


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
