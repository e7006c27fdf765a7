"""Drawing a seat's view as lines of a terminal table.

Each game may have a module here named after it with ``render(view) -> list[str]``;
:func:`render_view` uses it, and falls back to a plain listing of the view's fields. The helpers
below give every game the same look: suits in colour (unless ``NO_COLOR`` is set or the output is
not a terminal), hands in a row, the log of what others did.

>>> from homegame.cards import parse_cards
>>> Style(colour=False).cards(parse_cards("As 10h Jk"))
'A♠ T♥ Jk'
>>> Style(colour=True).card(parse_cards("Qh")[0])
'\\x1b[31mQ♥\\x1b[0m'
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from homegame.cards import Card, Suit, format_cards
from homegame.engine import Event, View

__all__ = ["Style", "describe_event", "render_view", "style"]

_RESET = "\x1b[0m"
_COLOURS = {Suit.HEARTS: "\x1b[31m", Suit.DIAMONDS: "\x1b[34m", Suit.CLUBS: "\x1b[32m",
            Suit.SPADES: "", Suit.PAYOO: "\x1b[35m"}
_JOKER_COLOUR = "\x1b[33m"


@dataclass(frozen=True, slots=True)
class Style:
    """How cards and emphasis are drawn: with ANSI colours (four-colour suits) or plain."""

    colour: bool

    def card(self, card: Card) -> str:
        suit = card.suit
        text = str(card) if suit is None else str(card)[:-1] + suit.symbol
        if not self.colour:
            return text
        colour = _JOKER_COLOUR if suit is None else _COLOURS[suit]
        return f"{colour}{text}{_RESET}" if colour else text

    def cards(self, cards: Iterable[Card]) -> str:
        return " ".join(self.card(c) for c in cards)

    def bold(self, text: str) -> str:
        return f"\x1b[1m{text}{_RESET}" if self.colour else text

    def dim(self, text: str) -> str:
        return f"\x1b[2m{text}{_RESET}" if self.colour else text


def style(stream: Any = None) -> Style:
    """The style for ``stream`` (standard output by default): colour only on a terminal."""
    stream = stream or sys.stdout
    wants = not os.environ.get("NO_COLOR") and hasattr(stream, "isatty") and stream.isatty()
    return Style(colour=bool(wants))


Renderer = Callable[[View, Style], list[str]]


def _renderer(game: str) -> Renderer | None:
    from homegame.games import GAMES, family_of

    family = family_of(game) if game in GAMES else game
    for name in dict.fromkeys((game, family)):
        try:
            module = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{name}":
                raise
            continue
        found: Renderer = module.render
        return found
    return None


def render_view(view: View, look: Style | None = None) -> list[str]:
    """The lines of the table as ``view.seat`` sees it."""
    look = look or Style(colour=False)
    game_renderer = _renderer(view.game)
    if game_renderer is not None:
        return game_renderer(view, look)
    return _plain(view, look)


def _plain(view: View, look: Style) -> list[str]:
    skip = {"game", "seat", "log", "to_act", "is_over"}
    lines = [look.bold(f"{view.game} - you are seat {view.seat}, dealer is seat {view.dealer}")]
    for field in fields(view):
        if field.name not in skip:
            lines.append(f"  {field.name}: {_plain_value(getattr(view, field.name), look)}")
    return lines


def _plain_value(value: Any, look: Style) -> str:
    if isinstance(value, Card):
        return look.card(value)
    if isinstance(value, Sequence) and not isinstance(value, str) and all(
            isinstance(v, Card) for v in value) and value:
        return look.cards(value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {_plain_value(v, look)}" for k, v in value.items())
    return str(value)


def describe_event(event: Event, seat: int | None = None) -> str:
    """One line telling what an event was, from the point of view of ``seat``.

    >>> describe_event(Event("reveal", None, {"hands": {"1": "Jd Jc 5c 4h 2h", "0": "Ks Kd 9c 4d 2s"}}), 0)
    'reveal: seat 1 Jd Jc 5c 4h 2h, you Ks Kd 9c 4d 2s'
    >>> describe_event(Event("drew", 2, {"count": 3}), 0)
    'seat 2 drew: 3'
    """
    who = "you" if event.seat is not None and event.seat == seat else (
        f"seat {event.seat}" if event.seat is not None else "")
    data = event.data
    if event.kind == "action":
        action = data.get("action", {})
        return f"{who} {_action_text(action)}".strip()
    if event.kind == "award":
        reason = data.get("reason")
        return str(reason) if reason else f"{who} {_award_text(data)}".strip()
    if event.kind == "deal" and "cards" in data:
        return f"{who or 'the table'} {'are' if who == 'you' else 'is'} dealt {_value_text(data['cards'])}"
    if event.kind == "outcome":
        results = data.get("outcome", {})
        return "result: " + ", ".join(f"{_seat_text(k, seat)} {v:+d}" for k, v in results.items())
    details = _details(data, seat)
    return (f"{who} {event.kind}" + (f": {details}" if details else "")).strip()


def _details(data: Mapping[str, Any], seat: int | None) -> str:
    """An event's data in words: a lone value on its own (``drew: 3``), else each named."""
    if len(data) == 1:
        return _value_text(next(iter(data.values())), seat)
    return ", ".join(f"{key} {_value_text(value, seat)}" for key, value in data.items())


def _seat_text(key: str, seat: int | None) -> str:
    if key.isdigit():
        return "you" if seat is not None and int(key) == seat else f"seat {key}"
    return key


def _action_text(action: Mapping[str, Any]) -> str:
    parts = [str(action.get("kind", "?"))]
    if "option" in action:
        parts.append(str(action["option"]))
    if "amount" in action:
        parts.append(str(action["amount"]))
    if "cards" in action:
        parts.append(" ".join(action["cards"]))
    if "groups" in action:
        parts.append(" | ".join(" ".join(group) for group in action["groups"]))
    return " ".join(parts)


def _award_text(data: Mapping[str, Any]) -> str:
    amount = data.get("amount")
    return f"wins {amount}" if amount is not None else "wins"


def _value_text(value: Any, seat: int | None = None) -> str:
    """A value of an event's data in words; a mapping by seat reads ``seat 1 Kh Kd, you 7c 7d``."""
    if isinstance(value, list):
        return " ".join(map(str, value))
    if isinstance(value, Mapping) and value and all(str(key).isdigit() for key in value):
        return ", ".join(f"{_seat_text(str(key), seat)} {_value_text(item, seat)}"
                         for key, item in value.items())
    return str(value)


def hand_line(cards: Sequence[Card], look: Style) -> str:
    """Cards as a hand, or a note that there are none."""
    return look.cards(cards) if cards else look.dim("(no cards)")


def joined_cards(cards: Sequence[Card]) -> str:
    """Cards in plain notation, for messages."""
    return format_cards(cards)
