"""What the learner can see: the cards of a view, where a deal puts each seat's cards, and the
cards a lesson's words name.

A lesson's text marks cards in braces (``you hold {Kc Kd Ks}``) and what to type in backticks
(``type `draw stock```). :func:`pieces` splits a text into those parts for a face to draw;
:func:`named_cards` lists every card a text names, in braces or in a move, so that a test can
check them against the learner's view (:func:`visible_cards`): a lesson may never speak of a card
the learner cannot see.

>>> pieces("Throw away {9h}: type `discard 9h`.")
[('text', 'Throw away '), ('cards', '9h'), ('text', ': type '), ('type', 'discard 9h'), ('text', '.')]
>>> named_cards("{Kc Kd} and `call 9h`")
[Kc, Kd, 9h]
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from contextlib import suppress
from typing import TYPE_CHECKING, Any, Final

from homegame.cards import Card, CardError, parse_cards
from homegame.engine import Action
from homegame.errors import HomegameError

if TYPE_CHECKING:
    from homegame.engine import Game, View

__all__ = ["named_cards", "pieces", "seat_cards", "visible_cards"]

_MARK: Final = re.compile(r"\{([^{}]*)\}|`([^`]*)`")
_CARD_TEXT: Final = re.compile(r"(?:10|1[1-9]|20|[1-9TJQKA])[cdhsp]|Jk")


def pieces(text: str) -> list[tuple[str, str]]:
    """``text`` as its parts: ``("text", words)``, ``("cards", notation)`` for cards in braces and
    ``("type", move)`` for what to type, in backticks. A line break starts a new paragraph
    (``("break", "")``)."""
    parts: list[tuple[str, str]] = []
    for number, paragraph in enumerate(text.split("\n")):
        if number:
            parts.append(("break", ""))
        last = 0
        for match in _MARK.finditer(paragraph):
            if match.start() > last:
                parts.append(("text", paragraph[last:match.start()]))
            parts.append(("cards", match[1].strip()) if match[1] is not None else ("type", match[2].strip()))
            last = match.end()
        if last < len(paragraph):
            parts.append(("text", paragraph[last:]))
    return parts


def named_cards(text: str) -> list[Card]:
    """Every card ``text`` names, in braces or in a move in backticks; :class:`CardError` for
    braces around something that is not cards (a move that is not one names no card)."""
    cards: list[Card] = []
    for kind, part in pieces(text):
        if kind == "cards":
            cards += parse_cards(part)
        elif kind == "type":
            try:
                move = Action.parse(part)
            except HomegameError:
                continue
            cards += [*move.cards, *(card for group in move.groups for card in group)]
    return cards


def visible_cards(view: View) -> set[Card]:
    """Every card ``view`` shows its seat: its own, those face up, those in its log."""
    return _cards_in(view.to_json(), set())


def _cards_in(data: Any, found: set[Card]) -> set[Card]:
    if isinstance(data, str):
        if len(data) <= 3 and _CARD_TEXT.fullmatch(data):
            with suppress(CardError):
                found.update(parse_cards(data))
    elif isinstance(data, Mapping):
        for value in data.values():
            _cards_in(value, found)
    elif isinstance(data, list | tuple):
        for value in data:
            _cards_in(value, found)
    return found


def seat_cards(game: Game, *, dealer: int, stacks: Sequence[int] | None = None,
               carry: Mapping[str, Any] | None = None) -> list[list[int]]:
    """For each seat, the places in the deck (0 is the top) of the cards the deal tells that seat
    alone, in the order dealt (``carry``: what a last hand left, such as a seat in fantasyland):
    learnt by dealing the game's deck as it is and reading the events
    of each seat's log that a spectator's lacks, so that a lesson can say who holds what and leave
    the dealing to the game.

    >>> from homegame.games import new_game
    >>> seat_cards(new_game("draw", players=2), dealer=0)
    [[1, 3, 5, 7, 9], [0, 2, 4, 6, 8]]
    """
    order = list(game.deck)
    state = game.deal(deck=order, dealer=dealer, stacks=stacks, carry=carry)
    public = state.view(None).log
    places: list[list[int]] = []
    for seat in range(game.player_count):
        private = [event.to_json() for event in state.view(seat).log if event not in public]
        own = _cards_in(private, set())
        places.append(sorted(place for place, card in enumerate(order) if card in own))
    return places
