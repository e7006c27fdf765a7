"""Drawing a seat's view as lines of text: the terminal's table, and an agent environment's
``render()``. Both faces draw through here, below them both.

Each game may have a module here named after it with ``render(view) -> list[str]``;
:func:`render_view` uses it, and falls back to a plain listing of the view's fields. The helpers
below give every game the same look: suits in four colours (unless the terminal takes no colour),
hands in a row, columns padded by the width a person sees (colour codes take none).

The colours are :mod:`rich` styles rendered into the line; the terminal's screen reads them back
with rich, which drops them where the terminal has no colour (``TERM=dumb``, ``NO_COLOR``, output to a file).

>>> from homegame.cards import parse_cards
>>> Style(colour=False).cards(parse_cards("As 10h Jk"))
'A♠ T♥ Jk'
>>> Style(colour=False, numbered=True).cards(parse_cards("As 10h 1c"))  # a game of numbered cards
'A♠ 10♥ 1♣'
>>> Style(colour=True).card(parse_cards("Qh")[0])
'\\x1b[31mQ♥\\x1b[0m'
>>> Style(colour=True).pad(Style(colour=True).card(parse_cards("Qh")[0]), 4).endswith("  ")
True
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from functools import cache
from typing import Any

from rich.style import Style as RichStyle
from rich.text import Text

from homegame.cards import Card, Suit, format_cards
from homegame.engine import Action, View
from homegame.wording import capitalized, seats_as_you

__all__ = ["Style", "render_view", "result_lines", "seat_name", "style", "visible_width"]

_COLOURS = {Suit.HEARTS: "red", Suit.DIAMONDS: "blue", Suit.CLUBS: "green", Suit.SPADES: "",
            Suit.PAYOO: "magenta"}
_JOKER_COLOUR = "yellow"
_SEAT = re.compile(r"\b[Ss]eat (\d+)\b")
_COLOUR_CODE = re.compile(r"(\x1b\[[0-9;]*m)")


@cache
def _painter(name: str) -> RichStyle:
    return RichStyle.parse(name)


def visible_width(text: str) -> int:
    """How many columns ``text`` takes on screen: colour codes take none, a wide symbol two."""
    return Text.from_ansi(text).cell_len


@dataclass(frozen=True, slots=True)
class Style:
    """How cards, emphasis and players are drawn: with ANSI colours (four-colour suits) or plain; in
    a game whose cards are numbered (``numbered``: Papayoo), a ten is written 10; a seat whose
    player has a name in ``seat_names`` (a bot's "Ann") is called by it, the others "seat N".

    >>> Style(colour=False, seat_names=("", "Ann")).named("seat 1 raises; seat 0 and seat 2 fold")
    'Ann raises; seat 0 and seat 2 fold'
    >>> bold = Style(colour=True, seat_names=("", "Ann"))
    >>> bold.named(bold.bold("Seat 1 wins 3")) == bold.bold("Ann wins 3")
    True
    """

    colour: bool
    numbered: bool = False
    seat_names: tuple[str, ...] = ()

    def named(self, text: str) -> str:
        """``text`` with every "seat N" whose player has a name called by that name."""
        if not any(self.seat_names):
            return text
        return "".join(part if part.startswith("\x1b") else  # a colour code, whose "m" ends a word
                       _SEAT.sub(lambda seat: self._name(int(seat[1])) or seat[0], part)
                       for part in _COLOUR_CODE.split(text))

    def _name(self, seat: int) -> str:
        return self.seat_names[seat] if seat < len(self.seat_names) else ""

    def card(self, card: Card) -> str:
        suit = card.suit
        written = self.notation((card,))
        text = written if suit is None else written[:-1] + suit.symbol
        if not self.colour:
            return text
        colour = _JOKER_COLOUR if suit is None else _COLOURS[suit]
        return self.paint(text, colour)

    def cards(self, cards: Iterable[Card]) -> str:
        return " ".join(self.card(c) for c in cards)

    def notation(self, cards: Iterable[Card]) -> str:
        """Cards as they are typed (``Ah 10h``), without colour or suit symbols."""
        return format_cards(cards, numbered=self.numbered)

    def action(self, action: Action) -> str:
        """An action as it is typed: what ``Action.parse`` reads back."""
        return action.text(numbered=self.numbered)

    def bold(self, text: str) -> str:
        return self.paint(text, "bold")

    def dim(self, text: str) -> str:
        return self.paint(text, "dim")

    def paint(self, text: str, name: str) -> str:
        """``text`` in the rich style ``name`` ("red", "bold"...), or as it is without colour."""
        return _painter(name).render(text) if self.colour and name else text

    def pad(self, text: str, width: int) -> str:
        """``text`` padded with spaces to ``width`` columns as seen on screen."""
        return text + " " * max(0, width - visible_width(text))


def style(stream: Any = None) -> Style:
    """The style for ``stream`` (standard output by default): colour only on a terminal that
    takes it (not ``TERM=dumb``, not with ``NO_COLOR`` set)."""
    stream = stream or sys.stdout
    wants = (not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
             and hasattr(stream, "isatty") and stream.isatty())
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
    lines = game_renderer(view, look) if game_renderer is not None else _plain(view, look)
    return [look.named(line) for line in lines]


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


def seat_name(seat: int | None, view: View) -> str:
    """A seat as the reader of ``view`` says it: "you" for their own, "seat N" for another (which
    :meth:`Style.named` turns into the player's name where it knows one)."""
    return "you" if seat is not None and seat == view.seat else f"seat {seat}"


def result_lines(results: Iterable[str], view: View, look: Style) -> list[str]:
    """Why each pot went where it did, in bold: the reader's own seat as "you", as the narration
    says it ("Low half: you win 62 ..."), each line begun with a capital."""
    return [look.bold(capitalized(seats_as_you(result, view.seat))) for result in results]


def hand_line(cards: Sequence[Card], look: Style) -> str:
    """Cards as a hand, or a note that there are none."""
    return look.cards(cards) if cards else look.dim("(no cards)")


def joined_cards(cards: Sequence[Card]) -> str:
    """Cards in plain notation, for messages."""
    return format_cards(cards)
