"""The room's own fields of a table's setup, declared once with their bounds and labels, and the
readers that check a value a client sent against them (a :class:`~homegame.errors.RoomError` naming
the field when it is out of bounds or of the wrong kind).

>>> whole("seats", 4), flag("public", True), seconds("clock", 30)
(4, True, 30.0)
>>> whole("seats", 9)
Traceback (most recent call last):
...
homegame.errors.RoomError: Seats: a whole number from 2 to 8, not 9
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from homegame.engine.game import MAX_CHIPS
from homegame.errors import RoomError, shown

__all__ = ["MOST_SEATS", "ROOM_FIELDS", "RoomField", "flag", "max_buy_in", "optional_whole", "seconds",
           "text", "whole"]

MOST_SEATS: Final = 8


@dataclass(frozen=True, slots=True)
class RoomField:
    """One of the room's own fields of a table's setup: how a form names it (``label``, in the
    words a refusal uses too), what it is (``kind``: ``whole`` chips or counts, ``seconds``,
    ``text``, whose bounds count characters, or ``flag``, true or false, between 0 and 1) and the
    least and most it takes.

    >>> ROOM_FIELDS["seats"].to_json()
    {'label': 'Seats', 'kind': 'whole', 'least': 2, 'most': 8}
    """

    label: str
    kind: str
    least: int | float
    most: int | float

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "kind": self.kind, "least": self.least, "most": self.most}


ROOM_FIELDS: Final = {
    "name": RoomField("Name", "text", 1, 60),
    "seats": RoomField("Seats", "whole", 2, MOST_SEATS),
    "bots": RoomField("Bots", "whole", 0, MOST_SEATS - 1),
    "buy_in": RoomField("Buy-in (chips)", "whole", 1, MAX_CHIPS // MOST_SEATS),
    "max_buy_in": RoomField("Maximum buy-in (chips)", "whole", 1, MAX_CHIPS // MOST_SEATS),
    "clock": RoomField("Clock (seconds a turn)", "seconds", 0.05, 3600),
    "points_rate": RoomField("Chips a point", "whole", 1, 10**6),
    "pause": RoomField("Pause between deals (s)", "seconds", 0, 60),
    "timeouts_to_sit_out": RoomField("Timeouts before sitting out", "whole", 1, 100),
    "public": RoomField("Listed in the lobby", "flag", 0, 1),
    "ask_to_sit": RoomField("Players ask the host to sit", "flag", 0, 1),
    "host_starts": RoomField("The host starts the night", "flag", 0, 1),
    "approve_chips": RoomField("The host approves rebuys and top-ups", "flag", 0, 1),
    "time_bank": RoomField("Time bank (seconds)", "seconds", 0, 3600),
    "time_bank_refill": RoomField("Time bank refill (seconds)", "seconds", 0, 3600),
    "time_bank_every": RoomField("Refill every (hands)", "whole", 1, 1000),
    "bomb_pot": RoomField("Bomb pot (chips each)", "whole", 0, MAX_CHIPS // MOST_SEATS),
    "bomb_pot_every": RoomField("Bomb pot every (hands)", "whole", 0, 1000),
}
"""The room's own fields a form sets, with their bounds: the one place they are declared, which
the lobby reads (:func:`setup_json`) and :meth:`TableConfig.from_json` checks against."""


def text(name: str, value: object) -> str:
    """A text field, stripped: printable, within its bounds in characters."""
    room_field = ROOM_FIELDS[name]
    if not isinstance(value, str) or not value.strip() or len(value) > room_field.most \
            or not value.isprintable():
        raise RoomError(f"{room_field.label}: {room_field.least} to {room_field.most} printable characters, "
                        f"not {shown(value)}", field=name)
    return value.strip()


def flag(name: str, value: object) -> bool:
    """A flag field: true or false."""
    if not isinstance(value, bool):
        raise RoomError(f"{ROOM_FIELDS[name].label}: true or false, not {shown(value)}", field=name)
    return value


def whole(name: str, value: object) -> int:
    """A whole-number field within its bounds."""
    room_field = ROOM_FIELDS[name]
    if type(value) is not int or not room_field.least <= value <= room_field.most:
        raise RoomError(f"{room_field.label}: a whole number from {room_field.least:,} to "
                        f"{room_field.most:,}, not {shown(value)}", field=name)
    return value


def optional_whole(name: str, value: object) -> int | None:
    """A whole-number field a table may leave to each game (``None``)."""
    return None if value is None else whole(name, value)


def seconds(name: str, value: object) -> float:
    """A field of seconds within its bounds, as a float."""
    room_field = ROOM_FIELDS[name]
    if not isinstance(value, int | float) or isinstance(value, bool) \
            or not room_field.least <= value <= room_field.most:
        raise RoomError(f"{room_field.label}: a number of seconds from {room_field.least:g} to "
                        f"{room_field.most:g}, not {shown(value)}", field=name)
    return float(value)


def max_buy_in(value: object, buy_in: int) -> int:
    """The most a player may bring: the buy-in, or more where the table allows deep stacks."""
    room_field = ROOM_FIELDS["max_buy_in"]
    if type(value) is not int or not buy_in <= value <= room_field.most:
        raise RoomError(f"{room_field.label}: the most a player may bring, from the buy-in ({buy_in}) to "
                        f"{room_field.most:,} chips, not {shown(value)}", field="max_buy_in")
    return value
