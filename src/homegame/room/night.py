"""A night at a card-room table, read back from its whole log: the ledger entry by entry, and
every hand dealt, with who sat where, what it moved and the stacks after it.

The log is the truth (every change at a table is one of its events), so the night is read by
applying the events again, one by one, to a fresh table, and noting what each changed: a chip
that came into the ledger or left it is an entry of the kind of the event that moved it (a
``seated`` event's is a buy-in, a ``rebuy`` event's a rebuy or a top-up, a seat freed a
cash-out), and a change the log makes by any other kind of event (a host's adjustment of a
stack) is an ``adjustment`` with the event's ``reason``. Every hand comes with its engine state,
finished, whose history holds the deck: the room shows each person only their part of it
(:mod:`homegame.room.night_hands`).

>>> from homegame.room.config import TableConfig
>>> from homegame.room.table import Table
>>> table = Table.create("t1", TableConfig.from_json({"name": "Friday", "games": ["draw"]}), at=0.0)
>>> table.join("ann", token_hash="a", at=1.0), table.join("bob", token_hash="b", at=2.0)
(0, 1)
>>> night = read_night("t1", table.take_unsaved())
>>> [(entry.name, entry.kind, entry.chips) for entry in night.entries]
[('ann', 'buy_in', 100), ('bob', 'buy_in', 100)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from homegame.room.hands import HandInPlay
from homegame.room.table import Table, TableEvent

__all__ = ["ENTRY_KINDS", "LedgerEntry", "Night", "NightHand", "read_night"]

ENTRY_KINDS: Final = ("buy_in", "rebuy", "top_up", "adjustment", "cash_out")
"""The kinds of a ledger entry, in the order a ledger's columns show them."""


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """Chips that came to the table or left it: ``chips`` brought (below zero: taken off by an
    adjustment) or, for a cash-out, taken away; made by the table's event ``seq`` at ``at``."""

    seq: int
    at: float
    name: str
    kind: str
    chips: int
    reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "at": self.at, "name": self.name, "kind": self.kind, "chips": self.chips,
                "reason": self.reason}


@dataclass(frozen=True)
class NightHand:
    """One hand of the night, finished: the table seats it was dealt to (in the game's seat
    order), who sat in each (name, token hash), each game seat's chips won or lost, and every
    seated player's stack just after it was settled."""

    hand: HandInPlay
    at: float
    names: tuple[str, ...]
    tokens: tuple[str | None, ...]
    chips: tuple[int, ...]
    stacks: dict[str, int]

    @property
    def number(self) -> int:
        return self.hand.number

    @property
    def game(self) -> str:
        return self.hand.game.name


@dataclass
class Night:
    """A table's night (see the module's docstring): the table as its log leaves it, its ledger
    entries, its hands, each name's buy-in (``joined``: the hands played when that name first
    sat down) and the club member each name sat down as."""

    table: Table
    entries: list[LedgerEntry] = field(default_factory=list)
    hands: list[NightHand] = field(default_factory=list)
    joined: dict[str, int] = field(default_factory=dict)
    members: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The club member each name sat down as: ``{"club", "id", "name"}`` (see
    :mod:`homegame.room.club`)."""
    bots: set[str] = field(default_factory=set)
    names_by_token: dict[str, str] = field(default_factory=dict)
    """The name each seat token (by its hash) sat down under."""

    @property
    def closed(self) -> bool:
        return self.table.phase == "closed"

    def hands_of(self, token_hash: str) -> list[tuple[NightHand, int]]:
        """The hands the player holding the token ``token_hash`` was dealt, each with their game
        seat in it."""
        return [(hand, hand.tokens.index(token_hash)) for hand in self.hands if token_hash in hand.tokens]


def read_night(table_id: str, events: Iterable[TableEvent]) -> Night:
    """The night the table's whole log ``events`` (from its creation) tells."""
    night: Night | None = None
    bought: dict[str, int] = {}
    cashed: dict[str, int] = {}
    dealt: tuple[tuple[str, ...], tuple[str | None, ...]] = ((), ())
    for table, event in Table.replaying(table_id, events):
        if night is None:
            night = Night(table)
        if event.kind == "seated":
            _note_seated(night, event)
        elif event.kind == "dealt":
            dealt = _occupants(table, event.data["seats"])
        _note_entries(night, event, bought, cashed)
        hand = table.hand
        if hand is not None and hand.state.is_over and (not night.hands or night.hands[-1].hand is not hand):
            chips = hand.chips_by_seat(table.config.points_rate)
            assert chips is not None
            night.hands.append(NightHand(hand, event.at, dealt[0], dealt[1], tuple(chips),
                                         table.stacks_by_name()))
        bought, cashed = dict(table.ledger.bought), dict(table.ledger.cashed)
    assert night is not None, "replaying refuses an empty log"
    return night


def _note_seated(night: Night, event: TableEvent) -> None:
    name = event.data["name"]
    night.joined.setdefault(name, night.table.hands_played)
    if event.data.get("token"):
        night.names_by_token[event.data["token"]] = name
    if isinstance(event.data.get("member"), dict):
        night.members[name] = event.data["member"]
    if event.data.get("bot"):
        night.bots.add(name)


def _occupants(table: Table, seats: list[int]) -> tuple[tuple[str, ...], tuple[str | None, ...]]:
    occupants = [table.seats[seat] for seat in seats]
    names = tuple(s.name if s else "" for s in occupants)
    return names, tuple(s.token_hash if s else None for s in occupants)


def _note_entries(night: Night, event: TableEvent, bought: dict[str, int], cashed: dict[str, int]) -> None:
    """The ledger entries ``event`` made: what it changed of the chips brought and taken away."""
    ledger = night.table.ledger
    for name, now in ledger.bought.items():
        chips = now - bought.get(name, 0)
        if chips:
            kind = _kind_of(night.table, event, name, chips)
            reason = None if kind != "adjustment" else str(event.data.get("reason") or event.kind)
            night.entries.append(LedgerEntry(event.seq, event.at, name, kind, chips, reason))
    for name, now in ledger.cashed.items():
        chips = now - cashed.get(name, 0)
        if chips:
            night.entries.append(LedgerEntry(event.seq, event.at, name, "cash_out", chips))


def _kind_of(table: Table, event: TableEvent, name: str, chips: int) -> str:
    if event.kind == "seated":
        return "buy_in"
    if event.kind == "rebuy":
        occupant = table.seats[event.data["seat"]]
        had = occupant.stack - chips if occupant is not None and occupant.name == name else 0
        return "rebuy" if had <= 0 else "top_up"
    return "adjustment"
