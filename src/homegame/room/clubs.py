"""The room's clubs: making one, adding members and giving them keys, recognising a member's key
at a table, and filing a closed table's night under a club (see :mod:`homegame.room.club`).

A club is read from its log in the store for every request and written back in one transaction
(a write that lost a race to another is tried again on the club as it is now), so the room holds
no copy of a club: the same club is seen from every process of a shared room and after any
restart. The club's owner token and its members' keys are shown once and kept only as hashes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar

from homegame.errors import NotAllowed, NotFound, RoomError, shown
from homegame.room.club import Club, FiledNight, NightLine
from homegame.room.host import new_token, token_hash
from homegame.room.night import Night, read_night
from homegame.room.night_ledger import ledger_export
from homegame.room.store import StoreConflict

if TYPE_CHECKING:
    from homegame.room.store import Store

__all__ = ["Clubs", "filed_night"]

T = TypeVar("T")
_TRIES: Final = 3


class Clubs:
    """The clubs kept in ``store`` (``clock`` gives wall time)."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store, self.clock = store, clock

    async def club(self, club_id: object) -> Club:
        if not isinstance(club_id, str) or not club_id:
            raise NotFound("there is no such club in this room")
        return Club.restore(club_id, await self.store.club_events(club_id))

    async def _change(self, club_id: str, owner_token: str | None, change: Callable[[Club], T]) -> T:
        """``change`` made to the club by its owner, and stored; tried again on the club as it is
        now if another request wrote it first."""
        for attempt in range(_TRIES):
            club = await self.club(club_id)
            if not owner_token or not club.is_owner(token_hash(owner_token)):
                raise NotAllowed("only the club's host may change it: send the club's owner token")
            done = change(club)
            try:
                await self.store.append_club(club_id, club.take_unsaved())
                return done
            except StoreConflict:
                if attempt == _TRIES - 1:
                    raise
        raise AssertionError("unreachable")

    async def create(self, setup: object) -> dict[str, Any]:
        """A new club from ``{"name": ..., "member": (optional) the host's own name as a member}``:
        its id and owner token, and the host's member key where a member was named."""
        if not isinstance(setup, dict) or "name" not in setup or set(setup) - {"name", "member"}:
            raise RoomError("a club is made with {'name': ..., 'member': (optional) your name in it}")
        club_id, owner = new_token(8), new_token()
        club = Club.create(club_id, setup["name"], owner_hash=token_hash(owner), at=self.clock())
        answer: dict[str, Any] = {"club": club_id, "page": f"/c/{club_id}", "owner_token": owner}
        if setup.get("member") is not None:
            key = new_token()
            member = club.add_member(setup["member"], key_hash=token_hash(key), at=self.clock())
            answer["member"] = {"id": member.id, "name": member.name, "key": key}
        await self.store.append_club(club_id, club.take_unsaved())
        return answer

    async def add_member(self, club_id: str, owner_token: str | None, name: object) -> dict[str, Any]:
        """A new member and their key (shown this once)."""
        key = new_token()
        hashed = token_hash(key)
        member = await self._change(club_id, owner_token,
                                    lambda club: club.add_member(name, key_hash=hashed, at=self.clock()))
        return {"id": member.id, "name": member.name, "key": key}

    async def renew_key(self, club_id: str, owner_token: str | None, number: object) -> dict[str, Any]:
        """A new key for a member (shown this once); the old one opens nothing from now on."""
        key = new_token()
        hashed = token_hash(key)
        member = await self._change(club_id, owner_token,
                                    lambda club: club.renew_key(number, key_hash=hashed, at=self.clock()))
        return {"id": member.id, "name": member.name, "key": key}

    async def member_of(self, club_id: str, key: object) -> dict[str, Any]:
        """Who a member key opens at this club (``GET /api/clubs/<club>/me``)."""
        club = await self.club(club_id)
        member = club.member_by_key(token_hash(key)) if isinstance(key, str) and key else None
        if member is None:
            raise NotAllowed(f"that key opens no membership of {club.name}")
        return {"club": club.id, "club_name": club.name, "id": member.id, "name": member.name}

    async def seated_member(self, key: object) -> dict[str, Any]:
        """What a table's ``seated`` event records of the member a key opens (at any club of the
        room), or :class:`RoomError` if it opens none."""
        if not isinstance(key, str) or not key or len(key) > 100:
            raise RoomError(f"a member key is the text your club gave you, not {shown(key)}",
                            field="member_key")
        hashed = token_hash(key)
        for club_id in await self.store.clubs_with_key(hashed):
            club = await self.club(club_id)
            member = club.member_by_key(hashed)
            if member is not None:
                return {"club": club.id, "id": member.id, "name": member.name}
        raise RoomError("that member key opens no club's membership in this room (the club's host may have "
                        "given you a new one)", field="member_key")

    async def file(self, club_id: str, owner_token: str | None, request: object) -> dict[str, Any]:
        """File a closed table under the club: ``{"table": id, "owner_token": the table's,
        "names": (optional) {a name at the table: the member it was}}``; the night as filed."""
        if not isinstance(request, dict) or set(request) - {"table", "owner_token", "names"} \
                or not {"table", "owner_token"} <= set(request):
            raise RoomError("a night is filed with {'table': its id, 'owner_token': the table's owner token, "
                            "'names': (optional) {name: member number} for those who came without a key}")
        table_id = request["table"]
        events = await self.store.all_events(table_id) if isinstance(table_id, str) and table_id else []
        if not events:
            raise NotFound(f"there is no table {shown(table_id)} in this room")
        night = read_night(table_id, events)
        table_owner = request["owner_token"]
        if not isinstance(table_owner, str) or not night.table.owner_hash \
                or token_hash(table_owner) != night.table.owner_hash:
            raise NotAllowed("only the table's owner may file it under a club: send the table's owner token")
        if not night.closed:
            raise RoomError("the table is still open: a club's ledger adds up finished nights, so close it "
                            "first", field="table")
        names = request.get("names") or {}

        def filing(club: Club) -> FiledNight:
            return club.file(filed_night(night, club, names), at=self.clock())
        filed = await self._change(club_id, owner_token, filing)
        return filed.to_json()


def filed_night(night: Night, club: Club, names: object) -> FiledNight:
    """The night as ``club`` files it: each name's net, and the member each name was (by the key
    it sat down with, or by the host's ``names``, ``{name: member number}``)."""
    export = ledger_export(night)
    lines = {line["name"]: line for line in export["lines"]}
    members = {name: seated["id"] for name, seated in night.members.items() if seated.get("club") == club.id}
    if not isinstance(names, dict):
        raise RoomError(f"names is {{a name at the table: a member number}}, not {shown(names)}",
                        field="names")
    for name, number in names.items():
        line = lines.get(name)
        if line is None or line["bot"] or name not in night.table.ledger.bought:
            raise RoomError(f"no player called {shown(name)} sat at {night.table.config.name}", field="names")
        club.member(number)
        members[name] = number
    taken = [number for number in members.values()]
    if len(set(taken)) < len(taken):
        raise RoomError("a member is one name at a night: two names are given the same member", field="names")
    return FiledNight(night.table.id, night.table.config.name, night.table.last_at, night.table.hands_played,
                      tuple(NightLine(name, members.get(name), line["bot"], line["net"])
                            for name, line in lines.items()))
