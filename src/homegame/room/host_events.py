"""How the events of a table's host change the table: seat requests, the start of the night, a
pause, chips the host approves or adjusts, the host's role handed on, the table's host settings.

Like every change at a card-room table these are :class:`~homegame.room.table_state.TableEvent` s:
the host's requests (:mod:`homegame.room.host_actions`) check themselves and record them, and
:meth:`TableState.apply <homegame.room.table_state.TableState.apply>` applies them through
:data:`HOST_EVENTS`, one function a kind, so a table read back from its log is the table the host
left. The events a host's requests also make that players make too (a seat taken, a seat left, a
rebuy, the table closed) are the table's own, with ``"by": "host"``.

A person who asks for a seat at a table where players ask to sit is a :class:`SeatRequest` until
the host answers: seated (a ``seated`` event naming the request) or refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from homegame.room.config import TableConfig

if TYPE_CHECKING:
    from homegame.room.table_state import TableState

__all__ = ["HOST_EVENTS", "HOST_SETTINGS", "REFUSED_KEPT", "SeatRequest"]

HOST_SETTINGS: Final = ("public", "ask_to_sit", "approve_chips")
"""The table settings its host may change during the night (see :class:`TableConfig`)."""
REFUSED_KEPT: Final = 32
"""Refused requests a table remembers, so that a refused person is told so when they come back."""


@dataclass
class SeatRequest:
    """Someone who asked for a seat: the name they asked under, the chips they bring, the seat
    they asked for (``None``: any), the hash of the token they were given (which opens the seat
    once the host seats them) and when they asked; ``refused`` once the host said no. ``member``
    is the club member their key showed them to be (the seat is that member's once granted)."""

    name: str
    token_hash: str
    chips: int
    seat: int | None
    at: float
    refused: bool = False
    member: dict[str, Any] | None = None

    def checkpoint(self) -> dict[str, Any]:
        return {"name": self.name, "token": self.token_hash, "chips": self.chips, "seat": self.seat,
                "at": self.at, "refused": self.refused, "member": self.member}

    @classmethod
    def from_checkpoint(cls, data: dict[str, Any]) -> SeatRequest:
        return cls(data["name"], data["token"], data["chips"], data["seat"], data["at"], data["refused"],
                   data.get("member"))

    def to_json(self, number: int) -> dict[str, Any]:
        """The request as its asker and the host see it (never its token)."""
        return {"id": number, "name": self.name, "chips": self.chips, "seat": self.seat, "at": self.at,
                "member": None if self.member is None else self.member.get("name"),
                "status": "refused" if self.refused else "asking"}


def _asked(table: TableState, data: dict[str, Any], at: float) -> None:
    table.requests[table.seq] = SeatRequest(data["name"], data["token"], data["chips"], data["seat"], at,
                                            member=data.get("member"))


def _request_refused(table: TableState, data: dict[str, Any], at: float) -> None:
    table.requests[data["request"]].refused = True
    refused = [number for number, request in table.requests.items() if request.refused]
    for number in refused[:-REFUSED_KEPT]:
        del table.requests[number]


def _started(table: TableState, data: dict[str, Any], at: float) -> None:
    table.started = True
    table.recheck_choosing(at)


def _paused(table: TableState, data: dict[str, Any], at: float) -> None:
    table.paused = {"by": data["name"], "at": at}


def _resumed(table: TableState, data: dict[str, Any], at: float) -> None:
    """Every clock and the pause before the next deal go on from where they stood when the table
    was paused."""
    assert table.paused is not None
    table.shift_clocks(at - table.paused["at"])
    table.paused = None


def _chips_asked(table: TableState, data: dict[str, Any], at: float) -> None:
    table.occupant(data["seat"]).chips_asked = data["chips"]


def _chips_refused(table: TableState, data: dict[str, Any], at: float) -> None:
    table.occupant(data["seat"]).chips_asked = 0


def _adjusted(table: TableState, data: dict[str, Any], at: float) -> None:
    """A stack the host put right: chips added count as bought, chips taken as taken away, so the
    ledger's nets still sum to zero; the reason is kept in the ledger."""
    occupant = table.occupant(data["seat"])
    chips = data["chips"]
    occupant.stack += chips
    if chips > 0:
        table.ledger.buy_in(occupant.name, chips)
    else:
        table.ledger.cash_out(occupant.name, -chips)
    adjustment = {"name": occupant.name, "chips": chips, "reason": data["reason"], "at": at}
    table.ledger.adjustments.append(adjustment)
    table.recheck_choosing(at)


def _host_handed(table: TableState, data: dict[str, Any], at: float) -> None:
    table.owner_hash = data["owner"]


def _host_settings(table: TableState, data: dict[str, Any], at: float) -> None:
    changed = {key: value for key, value in data.items() if key in HOST_SETTINGS}
    table.config = TableConfig.from_stored({**table.config.to_json(), **changed})


HOST_EVENTS: Final[dict[str, Callable[[TableState, dict[str, Any], float], None]]] = {
    "asked": _asked, "request_refused": _request_refused, "started": _started, "paused": _paused,
    "resumed": _resumed, "chips_asked": _chips_asked, "chips_refused": _chips_refused, "adjusted": _adjusted,
    "host_handed": _host_handed, "host_settings": _host_settings,
}
"""Each kind of host event, and how it changes the table."""
