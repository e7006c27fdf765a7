"""The hand history: every event of a hand, in order, enough to replay it exactly.

An :class:`Event` is a kind ("deal", "action", "reveal", "award", or a game's own such as "roll"),
the seat it concerns, and plain JSON data. An event may be private to some seats (a card dealt face
down): :meth:`History.seen_by` gives what one seat, or a spectator, may see.

>>> history = History({"game": "draw", "players": 2})
>>> history.add("deal", 0, {"cards": ["As", "Kd"]}, private_to=(0,))
>>> history.add("action", 1, {"action": {"kind": "fold"}})
>>> [e.kind for e in history.seen_by(1)], [e.kind for e in history.seen_by(0)]
(['action'], ['deal', 'action'])
>>> History.from_json(history.to_json()) == history
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final

from homegame.cards import Card, format_cards

__all__ = ["Event", "History"]


_NO_DATA: Mapping[str, Any] = MappingProxyType({})


class Event:
    """One thing that happened: an immutable value. ``private_to`` is ``None`` for a public event."""

    __slots__ = ("data", "kind", "private_to", "seat")

    def __init__(self, kind: str, seat: int | None, data: Mapping[str, Any] = _NO_DATA,
                 private_to: tuple[int, ...] | None = None) -> None:
        self.kind: Final = kind
        self.seat: Final = seat
        self.data: Final[Mapping[str, Any]] = {} if data is _NO_DATA else data
        self.private_to: Final = private_to

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind == other.kind and self.seat == other.seat and self.data == other.data
                and self.private_to == other.private_to)

    __hash__ = None  # type: ignore[assignment]  # its data is a dict

    def __reduce__(self) -> tuple[type[Event], tuple[Any, ...]]:
        return Event, (self.kind, self.seat, self.data, self.private_to)

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, seat={self.seat!r}, data={self.data!r}, "
                f"private_to={self.private_to!r})")

    def visible_to(self, seat: int | None) -> bool:
        return self.private_to is None or (seat is not None and seat in self.private_to)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "data": dict(self.data)}
        if self.private_to is not None:
            data["private_to"] = list(self.private_to)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Event:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError(f"an event is an object with a string 'kind', got {data!r}")
        seat = data.get("seat")
        if seat is not None and not isinstance(seat, int):
            raise ValueError(f"an event's seat is a number or null, got {seat!r}")
        private = data.get("private_to")
        return cls(data["kind"], seat, dict(data.get("data", {})),
                   None if private is None else tuple(int(s) for s in private))


class History:
    """A header (the game, its settings, the deck order and the dealer) and the events since.

    ``deck``, when given, is written into the header as ``"deck"`` on first reading: a hand
    that nobody saves never spends time formatting its whole deck.
    """

    __slots__ = ("_deck", "_header", "events")

    def __init__(self, header: dict[str, Any], events: list[Event] | None = None, *,
                 deck: Sequence[Card] | None = None) -> None:
        self._header = header
        self.events: list[Event] = [] if events is None else events
        self._deck = None if deck is None else tuple(deck)

    @property
    def header(self) -> dict[str, Any]:
        if self._deck is not None:
            self._header["deck"] = format_cards(self._deck)
            self._deck = None
        return self._header

    @header.setter
    def header(self, header: dict[str, Any]) -> None:
        self._header, self._deck = header, None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, History):
            return NotImplemented
        return self.header == other.header and self.events == other.events

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"History(header={self.header!r}, events={self.events!r})"

    def add(self, kind: str, seat: int | None = None, data: Mapping[str, Any] | None = None,
            private_to: tuple[int, ...] | None = None) -> None:
        self.events.append(Event(kind, seat, data or {}, private_to))

    def seen_by(self, seat: int | None) -> list[Event]:
        """The events ``seat`` may see (``None``: a spectator, who sees only public events)."""
        return [event for event in self.events if event.visible_to(seat)]

    def of_kind(self, kind: str) -> Iterator[Event]:
        return (event for event in self.events if event.kind == kind)

    def chance_outcomes(self) -> list[Any]:
        """The outcomes of the hand's chance draws after the deal (reshuffles, rolls), in order."""
        return [event.data["outcome"] for event in self.of_kind("chance")]

    def __len__(self) -> int:
        return len(self.events)

    def to_json(self) -> dict[str, Any]:
        return {"header": self.header, "events": [event.to_json() for event in self.events]}

    def dumps(self) -> str:
        """The history as a JSON text."""
        return json.dumps(self.to_json())

    @classmethod
    def from_json(cls, data: Any) -> History:
        if isinstance(data, str):
            data = json.loads(data)
        if not isinstance(data, dict) or not isinstance(data.get("header"), dict):
            raise ValueError("a history is an object with a 'header' object and an 'events' list")
        events = data.get("events", [])
        if not isinstance(events, list):
            raise ValueError("a history's 'events' must be a list")
        return cls(dict(data["header"]), [Event.from_json(event) for event in events])
