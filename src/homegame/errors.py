"""Every error homegame raises on bad input, under one base class.

A caller that hands homegame input from outside (a person's typing, a client's message, a stored
history) catches :class:`HomegameError` and knows the input was refused and nothing changed.
Each error is also a ``ValueError``, as bad values are.

>>> import homegame
>>> try:
...     homegame.parse_cards("Zz")
... except homegame.HomegameError as error:
...     print(type(error).__name__, "-", error)
CardError - 'Zz' is not a card (write rank then suit, as As, 10h, Jk)
"""

from __future__ import annotations

from collections.abc import Iterable
from difflib import get_close_matches

__all__ = ["CardError", "GameError", "HomegameError", "IllegalAction", "NotAllowed", "NotFound",
           "ReplayError", "RoomError", "did_you_mean", "shown"]


class HomegameError(ValueError):
    """Input that homegame refuses: the message says why, and nothing was changed."""


class CardError(HomegameError):
    """A card string that cannot be read; the message names the bad token in a person's words, and
    ``position`` says where it begins in the text (counting characters from 0), for a program."""

    def __init__(self, message: str, *, position: int | None = None) -> None:
        super().__init__(message)
        self.position = position


class GameError(HomegameError):
    """A game asked for with a bad name, seat count, variant, setting, deck, stack or carry;
    ``setting`` names the setting at fault, where one is."""

    def __init__(self, message: str, *, setting: str | None = None) -> None:
        super().__init__(message)
        self.setting = setting


class IllegalAction(HomegameError):
    """An action, or a seat, that may not be used now; the message says why. The state is unchanged."""


class ReplayError(HomegameError):
    """A history that is malformed or does not replay to the same hand."""


class RoomError(HomegameError):
    """A card-room request that cannot be granted now: a full table, a message out of turn; the
    message says why, and ``field`` names the field of the request at fault, where one is (a
    table's ``seats``, or ``stakes.ante`` for one of its stakes)."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class NotFound(RoomError):
    """A card-room table (or hand) that is not there."""


class NotAllowed(RoomError):
    """A card-room request without the token it needs: a seat's, or the table owner's."""


def shown(value: object) -> str:
    """``repr(value)`` cut to a readable length, for a message about a value from outside.

    >>> shown("As"), len(shown(list(range(100))))
    ("'As'", 60)
    """
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """`` (did you mean X?)`` when ``name`` is close to the known name X, else nothing: for a
    message that refuses a mistyped name.

    >>> did_you_mean("drw", ["draw", "soko"]), did_you_mean("zzz", ["draw", "soko"])
    (' (did you mean draw?)', '')
    """
    close = get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""
