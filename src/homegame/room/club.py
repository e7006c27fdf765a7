"""A club: a group's running account across nights, event-sourced like a table.

A club has a name, a host (who holds its owner token), members and the nights its host filed
under it. A member is recognised at any table of the room by a member key, given once and kept
only as a hash, as a seat's token is: a player who brings their key to a new table sits down as
that member (the table's ``seated`` event says so). Filing a closed table writes what each of its
names won or lost that night, and which member each name was, into the club's log; the standings
are the sum of the nights filed (:mod:`homegame.room.club_ledger`).

Everything that happens to a club is one :class:`ClubEvent` (``created``, ``member_added``,
``key_renewed``, ``filed``), kept in the room's store beside the tables' logs, and :meth:`Club.apply`
is the only thing that changes a club; the room rebuilds a club from its log whenever it is asked
about one, so a club survives any restart.

>>> club = Club.create("c1", "Friday club", owner_hash="o", at=0.0)
>>> ann = club.add_member("ann", key_hash="k1", at=1.0)
>>> ann.id, club.member_by_key("k1") == ann, club.member_by_key("k2")
(1, True, None)
>>> [event.kind for event in club.take_unsaved()]
['created', 'member_added']
"""

from __future__ import annotations

import hmac
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from homegame.errors import NotFound, RoomError, shown
from homegame.room.table_state import TableEvent

__all__ = ["MOST_MEMBERS", "Club", "ClubEvent", "FiledNight", "Member", "NightLine", "club_name"]

ClubEvent = TableEvent
"""One thing that happened to a club: its number in the club's log, kind, data and time."""

MOST_MEMBERS: Final = 200
MOST_NIGHTS: Final = 1000


def club_name(name: object, *, what: str = "a name") -> str:
    """``name`` as the club shows it (spaces made single), or :class:`RoomError` if it is not 1 to
    40 printable characters.

    >>> club_name("  Friday   club ")
    'Friday club'
    """
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 40 or not name.isprintable():
        raise RoomError(f"{what} is 1 to 40 printable characters, not {shown(name)}", field="name")
    return " ".join(name.split())


@dataclass(frozen=True, slots=True)
class Member:
    """A member: their number in the club, their name in it, and their key's hash."""

    id: int
    name: str
    key_hash: str
    since: float


@dataclass(frozen=True, slots=True)
class NightLine:
    """One name's result at a filed night: chips won (below zero: lost), and the member it was
    (``None``: a guest, a bot or the house)."""

    name: str
    member: int | None
    bot: bool
    net: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "member": self.member, "bot": self.bot, "net": self.net}


@dataclass(frozen=True, slots=True)
class FiledNight:
    """A closed table filed under the club: its id, name, when it closed, hands played, and each
    name's line of its ledger."""

    table: str
    name: str
    closed_at: float
    hands_played: int
    lines: tuple[NightLine, ...]

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "name": self.name, "closed_at": self.closed_at,
                "hands_played": self.hands_played, "lines": [line.to_json() for line in self.lines]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FiledNight:
        lines = tuple(NightLine(line["name"], line["member"], line["bot"], line["net"])
                      for line in data["lines"])
        return cls(data["table"], data["name"], data["closed_at"], data["hands_played"], lines)


@dataclass
class Club:
    """A club as its log leaves it (see the module's docstring); build one with :meth:`create` or
    :meth:`restore`."""

    id: str
    name: str = ""
    owner_hash: str = ""
    created_at: float = 0.0
    members: dict[int, Member] = field(default_factory=dict)
    nights: list[FiledNight] = field(default_factory=list)
    seq: int = 0
    unsaved: list[ClubEvent] = field(default_factory=list)

    @classmethod
    def create(cls, club_id: str, name: object, *, owner_hash: str, at: float) -> Club:
        club = cls(club_id)
        club.record("created", {"name": club_name(name, what="a club's name"), "owner": owner_hash}, at)
        return club

    @classmethod
    def restore(cls, club_id: str, events: Iterable[ClubEvent]) -> Club:
        """The club its stored ``events`` describe (:class:`NotFound` if there are none)."""
        club = cls(club_id)
        for event in events:
            club.apply(event)
        if not club.seq:
            raise NotFound(f"there is no club {club_id[:64]!r} in this room")
        return club

    def record(self, kind: str, data: dict[str, Any], at: float) -> ClubEvent:
        event = ClubEvent(self.seq + 1, kind, data, at)
        self.apply(event)
        self.unsaved.append(event)
        return event

    def take_unsaved(self) -> list[ClubEvent]:
        taken, self.unsaved = self.unsaved, []
        return taken

    def apply(self, event: ClubEvent) -> None:
        """Change the club by one event of its log (the only thing that changes a club)."""
        data = event.data
        if event.kind == "created":
            self.name, self.owner_hash, self.created_at = data["name"], data["owner"], event.at
        elif event.kind == "member_added":
            self.members[data["member"]] = Member(data["member"], data["name"], data["key"], event.at)
        elif event.kind == "key_renewed":
            old = self.members[data["member"]]
            self.members[old.id] = Member(old.id, old.name, data["key"], old.since)
        elif event.kind == "filed":
            self.nights.append(FiledNight.from_json(data["night"]))
        else:
            raise RoomError(f"club {self.id}'s log holds an event of an unknown kind, {event.kind!r}")
        self.seq = event.seq

    # -- requests (each checks itself, then records its event) ---------------------------------

    def is_owner(self, hashed: str) -> bool:
        return bool(self.owner_hash) and hmac.compare_digest(hashed, self.owner_hash)

    def add_member(self, name: object, *, key_hash: str, at: float) -> Member:
        """A new member called ``name`` (no other member's name, whatever its case), whose key
        hashes to ``key_hash``."""
        shown_name = club_name(name, what="a member's name")
        if any(m.name.casefold() == shown_name.casefold() for m in self.members.values()):
            raise RoomError(f"the club has a member called {shown_name} already", field="name")
        if len(self.members) >= MOST_MEMBERS:
            raise RoomError(f"a club has at most {MOST_MEMBERS} members")
        number = max(self.members, default=0) + 1
        self.record("member_added", {"member": number, "name": shown_name, "key": key_hash}, at)
        return self.members[number]

    def member(self, number: object) -> Member:
        member = self.members.get(number) if type(number) is int else None
        if member is None:
            raise NotFound(f"the club has no member {shown(number)}")
        return member

    def renew_key(self, number: object, *, key_hash: str, at: float) -> Member:
        """A new key for a member who lost theirs: the old one stops opening the membership."""
        member = self.member(number)
        self.record("key_renewed", {"member": member.id, "key": key_hash}, at)
        return self.members[member.id]

    def member_by_key(self, hashed: str) -> Member | None:
        """The member whose key hashes to ``hashed`` (``None``: no member of this club)."""
        found = None
        for member in self.members.values():
            if hmac.compare_digest(member.key_hash, hashed):
                found = member
        return found

    def file(self, night: FiledNight, *, at: float) -> FiledNight:
        """Add a closed table's night to the club's ledger (once)."""
        if any(filed.table == night.table for filed in self.nights):
            raise RoomError(f"table {night.table} is filed under {self.name} already", field="table")
        if len(self.nights) >= MOST_NIGHTS:
            raise RoomError(f"a club keeps at most {MOST_NIGHTS} nights")
        unknown = {line.member for line in night.lines if line.member is not None} - set(self.members)
        if unknown:
            raise RoomError(f"the club has no member {min(unknown)}", field="names")
        self.record("filed", {"table": night.table, "night": night.to_json()}, at)
        return self.nights[-1]
