"""The hand history: every event of a hand, in order, enough to replay it exactly.

An :class:`Event` is a kind ("deal", "action", "reveal", "award", or a game's own such as "roll"),
the seat it concerns, and plain JSON data. An event may be private to some seats (a card dealt face
down): :meth:`History.seen_by` gives what one seat, or a spectator, may see.

>>> header = {"game": "draw", "players": 2, "variants": [], "settings": {}, "deck": "As Kd Qh",
...           "dealer": 0, "stacks": None, "carry": {}}
>>> history = History(header)
>>> history.add("deal", 0, {"cards": ["As", "Kd"]}, private_to=(0,))
>>> history.add("action", 1, {"action": {"kind": "fold"}})
>>> [e.kind for e in history.seen_by(1)], [e.kind for e in history.seen_by(0)]
(['action'], ['deal', 'action'])
>>> History.from_json(history.to_json()) == history
True

A history read from outside (:meth:`History.from_json`) is checked field by field, and anything
malformed is a :class:`~homegame.errors.ReplayError` that says what:

>>> History.from_json({"header": {**header, "dealer": "0"}, "events": []})
Traceback (most recent call last):
...
homegame.errors.ReplayError: the header's dealer is a seat number, not '0'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from homegame._compile import mypyc_attr
from homegame.cards import Card, card_texts, format_cards
from homegame.errors import ReplayError, shown

if TYPE_CHECKING:
    from homegame.engine.actions import Action
    from homegame.engine.game import Game

__all__ = ["Event", "History", "check_header"]


_NO_DATA: Final[Mapping[str, Any]] = MappingProxyType({})


class Event:
    """One thing that happened: an immutable value. ``private_to`` is ``None`` for a public event.

    An event made by :meth:`written_later` writes its ``data`` when it is first read: a view's log
    hands every event to the seat, and a learning environment or a bot seldom reads their words.

    >>> event = Event.written_later("shown", 0, lambda cards: {"cards": list(cards)}, ("As", "Kd"))
    >>> event.data, event == Event("shown", 0, {"cards": ["As", "Kd"]})
    ({'cards': ['As', 'Kd']}, True)
    """

    __slots__ = ("_data", "_source", "_write", "kind", "private_to", "seat")

    def __init__(self, kind: str, seat: int | None, data: Mapping[str, Any] = _NO_DATA,
                 private_to: tuple[int, ...] | None = None) -> None:
        self.kind: Final = kind
        self.seat: Final = seat
        self._data: Mapping[str, Any] = {} if data is _NO_DATA else data
        self._write: Callable[[Any], dict[str, Any]] | None = None
        self._source: object = None
        self.private_to: Final = private_to

    @staticmethod
    def written_later(kind: str, seat: int | None, write: Callable[[Any], dict[str, Any]],
                      source: object, private_to: tuple[int, ...] | None = None) -> Event:
        """The event whose data is ``write(source)``, written when first read (``source`` must
        not change meanwhile). Made by its class's name, which the compiled build calls
        directly, where ``cls(...)`` is a generic call: every action logs one."""
        event = Event(kind, seat, _NO_DATA, private_to)
        event._write, event._source = write, source
        return event

    @property
    def data(self) -> Mapping[str, Any]:
        write = self._write
        if write is not None:
            self._data = write(self._source)
            self._write = self._source = None
        return self._data

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
        """The event :meth:`to_json` wrote; :class:`~homegame.errors.ReplayError` on anything else."""
        if not isinstance(data, dict):
            raise ReplayError(f"an event is an object, not {shown(data)}")
        unknown = [str(key) for key in data if key not in _EVENT_FIELDS]
        if unknown:
            raise ReplayError(f"unknown event fields: {shown(sorted(unknown))}")
        kind, seat, private = data.get("kind"), data.get("seat"), data.get("private_to")
        if not isinstance(kind, str) or not kind:
            raise ReplayError(f"an event's kind is a word, not {shown(kind)}")
        if not (seat is None or _is_number(seat)):
            raise ReplayError(f"an event's seat is a seat number or null, not {shown(seat)}")
        if not (private is None or (isinstance(private, list) and all(map(_is_number, private)))):
            raise ReplayError(f"an event's private_to is a list of seat numbers, not {shown(private)}")
        details = _string_keyed("an event's data", data.get("data", {}))
        _check_kind(kind, seat, details)
        return cls(kind, seat, details, None if private is None else tuple(private))


@mypyc_attr(allow_interpreted_subclasses=True)  # copy() makes one without __init__ (see _compile.py)
class History:
    """A header (the game, its settings, the deck order and the dealer) and the events since.

    ``deck``, when given, is written into the header as ``"deck"`` on first reading: a hand
    that nobody saves never spends time formatting its whole deck. In the same way the events
    logged by :meth:`log_action`, :meth:`add_cards` and :meth:`add_later` write their data when it
    is first read: a hand played out by bots or a simulation may never read it. Every event is
    logged as a plain record (a tuple) and made an :class:`Event` when the events are first read:
    a hand that nobody reads makes none (some twenty a hand, a tenth of a hand's cost).
    """

    __slots__ = ("_dealt", "_deck", "_events", "_header", "_logged")

    def __init__(self, header: dict[str, Any], events: list[Event] | None = None, *,
                 deck: Sequence[Card] | None = None) -> None:
        self._header: dict[str, Any] | None = header
        self._dealt: tuple[Game, int, list[int] | None, dict[str, Any]] | None = None
        self._events: list[Event] = [] if events is None else events
        self._logged: list[_Record] = []
        self._deck = None if deck is None else tuple(deck)

    @classmethod
    def of_deal(cls, game: Game, *, deck: Sequence[Card], dealer: int, stacks: list[int] | None,
                carry: dict[str, Any]) -> History:
        """The history of a hand ``game`` deals from ``deck``: its header (``Game.header``) is made
        when first read. ``stacks`` and ``carry`` are the hand's own, never changed."""
        history = cls({}, deck=deck)
        history._header = None
        history._dealt = (game, dealer, stacks, carry)
        return history

    def _header_without_deck(self) -> dict[str, Any]:
        header = self._header
        if header is None:
            assert self._dealt is not None
            game, dealer, stacks, carry = self._dealt
            header = self._header = game.header(deck=(), dealer=dealer, stacks=stacks, carry=carry)
        return header

    @property
    def header(self) -> dict[str, Any]:
        header = self._header_without_deck()
        if self._deck is not None:
            header["deck"] = format_cards(self._deck)
            self._deck = None
        return header

    @header.setter
    def header(self, header: dict[str, Any]) -> None:
        self._header, self._deck = header, None

    @property
    def events(self) -> list[Event]:
        """Every event so far, oldest first."""
        logged = self._logged
        if logged:
            self._events.extend([_event(*record) for record in logged])
            logged.clear()
        return self._events

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, History):
            return NotImplemented
        return self.header == other.header and self.events == other.events

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"History(header={self.header!r}, events={self.events!r})"

    def copy(self) -> History:
        """An independent history of the same hand: events are values, so only the list is new."""
        twin = History.__new__(History)  # no __init__: every field is set here
        twin._header, twin._dealt, twin._deck = self._header, self._dealt, self._deck
        twin._events, twin._logged = self._events.copy(), self._logged.copy()
        return twin

    def as_seen_by(self, seat: int | None) -> History:
        """What ``seat`` knows of this hand as a history: the events it may see, under a header
        without the deck order (a state dealt again for search holds no more than its seat knows;
        such a history describes the hand but cannot replay it).

        >>> history = History({"game": "draw", "deck": "As Kd"})
        >>> history.add("deal", 0, {"cards": ["As"]}, private_to=(0,))
        >>> history.add("deal", 1, {"cards": ["Kd"]}, private_to=(1,))
        >>> seen = history.as_seen_by(1)
        >>> seen.header, [e.data for e in seen.events]
        ({'game': 'draw', 'deck': ''}, [{'cards': ['Kd']}])
        """
        header = {**self._header_without_deck(), "deck": ""}
        return History(header, [event for event in self.events if event.visible_to(seat)])

    def add(self, kind: str, seat: int | None = None, data: Mapping[str, Any] | None = None,
            private_to: tuple[int, ...] | None = None) -> None:
        """Log an event whose ``data`` the caller made for it."""
        self._logged.append((kind, seat, None, data or {}, private_to))

    def log_action(self, seat: int, action: Action, private_to: tuple[int, ...] | None = None) -> int:
        """Log ``seat`` taking ``action``: an ``"action"`` event holding ``action.to_json()``.
        Returns how many events came before it, for :meth:`forget_since` should the action fail.

        >>> from homegame.engine.actions import Action
        >>> history = History({})
        >>> history.log_action(1, Action("raise", 6))
        0
        >>> history.events
        [Event(kind='action', seat=1, data={'action': {'kind': 'raise', 'amount': 6}}, private_to=None)]
        """
        logged = self._logged
        count = len(self._events) + len(logged)
        logged.append(("action", seat, _action_data, action, private_to))
        return count

    def add_cards(self, kind: str, seat: int | None, cards: Sequence[Card],
                  private_to: tuple[int, ...] | None = None) -> None:
        """Log an event of ``kind`` whose data is ``{"cards": [...]}``, the cards in notation.

        >>> from homegame.cards import parse_cards
        >>> history = History({})
        >>> history.add_cards("deal", 0, parse_cards("As Kd"), private_to=(0,))
        >>> history.events[0].data
        {'cards': ['As', 'Kd']}
        """
        self._logged.append((kind, seat, _cards_data, tuple(cards), private_to))  # as add_later logs it

    def add_later(self, kind: str, seat: int | None, write: Callable[[Any], dict[str, Any]], source: object,
                  private_to: tuple[int, ...] | None = None) -> None:
        """Log an event whose data ``write(source)`` gives, written when it is first read: a hand
        played out by bots or a simulation never pays for it. ``source`` must not change
        afterwards (a value, or what the finished hand no longer touches).

        >>> history = History({})
        >>> history.add_later("shown", 0, lambda cards: {"cards": list(cards)}, ("As", "Kd"))
        >>> history.events[0].data
        {'cards': ['As', 'Kd']}
        """
        self._logged.append((kind, seat, write, source, private_to))

    def forget_since(self, count: int) -> None:
        """Drop every event after the first ``count`` (an action that failed part way)."""
        del self.events[count:]

    def seen_by(self, seat: int | None) -> list[Event]:
        """The events ``seat`` may see (``None``: a spectator, who sees only public events)."""
        if seat is None:
            return [event for event in self.events if event.private_to is None]
        return [event for event in self.events if event.private_to is None or seat in event.private_to]

    def of_kind(self, kind: str) -> Iterator[Event]:
        return (event for event in self.events if event.kind == kind)

    def chance_outcomes(self) -> list[Any]:
        """The outcomes of the hand's chance draws after the deal (reshuffles, rolls), in order."""
        return [event.data["outcome"] for event in self.of_kind("chance")]

    def __len__(self) -> int:
        return len(self._events) + len(self._logged)

    def to_json(self) -> dict[str, Any]:
        return {"header": self.header, "events": [event.to_json() for event in self.events]}

    def dumps(self) -> str:
        """The history as a JSON text."""
        return json.dumps(self.to_json())

    @classmethod
    def from_json(cls, data: Any) -> History:
        """The history :meth:`to_json` (or :meth:`dumps`) wrote, checked field by field: anything
        else raises :class:`~homegame.errors.ReplayError`."""
        if isinstance(data, str | bytes):
            data = _loads(data)
        if not isinstance(data, dict) or set(data) != {"header", "events"}:
            raise ReplayError("a history is an object with a 'header' object and an 'events' list")
        events = data["events"]
        if not isinstance(events, list):
            raise ReplayError(f"a history's events are a list, not {shown(events)}")
        return cls(check_header(data["header"]), [Event.from_json(event) for event in events])


_Record = tuple[str, int | None, Callable[[Any], dict[str, Any]] | None, Any, tuple[int, ...] | None]
"""An event as logged: its kind, seat, the function that writes its data (``None``: the data is
given whole), that function's source or the data, and who may see it."""


def _event(kind: str, seat: int | None, write: Callable[[Any], dict[str, Any]] | None, source: Any,
           private_to: tuple[int, ...] | None) -> Event:
    """The event a record logs."""
    if write is None:
        return Event(kind, seat, source, private_to)
    return Event.written_later(kind, seat, write, source, private_to)


def _action_data(action: Action) -> dict[str, Any]:
    return {"action": action.to_json()}


def _cards_data(cards: tuple[Card, ...]) -> dict[str, Any]:
    return {"cards": card_texts(cards)}


_EVENT_FIELDS: Final = frozenset({"kind", "seat", "data", "private_to"})


def _is_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_numbers(value: object) -> bool:
    return isinstance(value, list) and all(map(_is_number, value))


def _string_keyed(what: str, value: object) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(key, str) for key in value):
        raise ReplayError(f"{what} is an object, not {shown(value)}")
    return dict(value)


def _check_kind(kind: str, seat: object, data: dict[str, Any]) -> None:
    """The fields replay reads from its two kinds of event: an action's seat and action, a
    chance draw's outcome."""
    if kind == "action" and (seat is None or not isinstance(data.get("action"), dict)):
        raise ReplayError(f"an action event names its seat and its action, not {shown(data)}")
    if kind == "chance" and "outcome" not in data:
        raise ReplayError("a chance event holds its outcome")


_HEADER_FIELDS: Final[dict[str, tuple[Callable[[Any], bool], str]]] = {
    "game": (lambda v: isinstance(v, str), "a game's name"),
    "players": (_is_number, "a number of players"),
    "variants": (lambda v: isinstance(v, list) and all(isinstance(n, str) for n in v), "a list of names"),
    "settings": (lambda v: isinstance(v, dict) and all(isinstance(k, str) for k in v), "an object"),
    "deck": (lambda v: isinstance(v, str), "the deck's cards as text"),
    "dealer": (_is_number, "a seat number"),
    "stacks": (lambda v: v is None or _is_numbers(v), "a list of chip counts or null"),
    "carry": (lambda v: isinstance(v, dict) and all(isinstance(k, str) for k in v), "an object"),
}


def check_header(header: object) -> dict[str, Any]:
    """A copy of ``header`` if it holds what a hand needs to be dealt again (see
    ``Game.header``), each field of the right type; else :class:`~homegame.errors.ReplayError`."""
    fields = _string_keyed("a history's header", header)
    missing = [name for name in _HEADER_FIELDS if name not in fields]
    unknown = [name for name in fields if name not in _HEADER_FIELDS]
    if missing or unknown:
        raise ReplayError(f"a history's header holds {', '.join(_HEADER_FIELDS)}; "
                          f"missing {missing or 'none'}, unknown {shown(unknown) if unknown else 'none'}")
    for name, (fits, what) in _HEADER_FIELDS.items():
        if not fits(fields[name]):
            raise ReplayError(f"the header's {name} is {what}, not {shown(fields[name])}")
    return fields


def _loads(text: str | bytes) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:  # JSONDecodeError and bad UTF-8 are ValueErrors
        raise ReplayError(f"a history is JSON text: {shown(str(error))}") from None
