"""A club, from its log: members and their keys, filing nights (only closed ones, only by both
owners, each once), the standings as the sum of the nights, and every bad request refused with
nothing changed."""

from __future__ import annotations

import asyncio
import csv
import io
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from homegame.errors import NotAllowed, NotFound, RoomError
from homegame.room.club import Club, FiledNight, NightLine
from homegame.room.club_ledger import OTHERS, club_csv, club_json
from homegame.room.clubs import Clubs
from homegame.room.config import TableConfig
from homegame.room.host import token_hash
from homegame.room.store.sqlite import SQLiteStore
from homegame.room.table import Table
from room_play import step

T = TypeVar("T")


def _run(work: Callable[[Clubs, SQLiteStore], Awaitable[T]], folder: Path) -> T:
    async def main() -> T:
        store = SQLiteStore(folder / "room.sqlite3")
        await store.open()
        try:
            return await work(Clubs(store, lambda: 100000.0), store)
        finally:
            await store.close()
    return asyncio.run(main())


async def _table(store: SQLiteStore, table_id: str, members: dict[str, dict[str, Any] | None], *,
                 close: bool = True) -> None:
    """A table where ``members`` (each as a key showed them, or ``None``: a guest) and a bot play
    a few hands of draw, closed at the end unless told otherwise, written to ``store``."""
    table = Table.create(table_id, TableConfig.from_json({"name": table_id, "games": ["draw"], "bots": 1}),
                         at=0.0, owner_hash=token_hash(f"owner-{table_id}"))
    for name, member in members.items():
        table.join(name, token_hash=f"seat-{name}", at=1.0, member=member)
    chooser, now = random.Random(3), 2.0
    while table.hands_played < 6:
        now += 1
        assert step(table, chooser, now)
    while close and not table.close(at=now):
        now += 1
        step(table, chooser, now)
    await store.append(table_id, table.take_unsaved())


def test_members_keys_and_filed_nights_make_the_standings(tmp_path: Path) -> None:
    async def work(clubs: Clubs, store: SQLiteStore) -> tuple[dict[str, Any], str]:
        made = await clubs.create({"name": "Friday club", "member": "ann"})
        club, owner = made["club"], made["owner_token"]
        bob = await clubs.add_member(club, owner, "bob")
        ann = await clubs.seated_member(made["member"]["key"])
        assert ann == {"club": club, "id": 1, "name": "ann"}
        await _table(store, "t1", {"ann": ann, "bob": await clubs.seated_member(bob["key"]), "dave": None})
        await _table(store, "t2", {"ann": ann, "erin": None})
        await clubs.file(club, owner, {"table": "t1", "owner_token": "owner-t1"})
        await clubs.file(club, owner, {"table": "t2", "owner_token": "owner-t2", "names": {"erin": 2}})
        read = await clubs.club(club)
        return club_json(read), club_csv(read)
    standings, text = _run(work, tmp_path)
    nights = standings["nights"]
    by_name = {line["name"]: line for line in standings["members"]}
    for name, number in (("ann", 1), ("bob", 2)):
        nets = [sum(line["net"] for line in night["lines"] if line["member"] == number) for night in nights]
        assert by_name[name]["net"] == sum(nets) and by_name[name]["by_night"] == nets
        assert standings["graph"]["players"][[p["name"] for p in standings["graph"]["players"]].index(name)][
            "points"] == [[0, 0], [1, nets[0]], [2, nets[0] + nets[1]]]
    assert {line["name"] for line in nights[1]["lines"] if line["member"] == 2} == {"erin"}
    everyone = sum(line["net"] for line in standings["members"]) + standings["others"]["net"]
    assert everyone == 0 and standings["others"]["name"] == OTHERS
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:3] == ["member", "nights", "net"] and rows[0][3].startswith("1. t1 (")
    assert [row[0] for row in rows[1:]] == [line["name"] for line in standings["members"]] + [OTHERS]


def test_a_bad_request_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    async def work(clubs: Clubs, store: SQLiteStore) -> None:
        for setup in ({}, {"name": ""}, {"name": "x" * 41}, {"name": "ok", "extra": 1}, ["name"],
                      {"name": "ok", "member": 7}):
            with pytest.raises(RoomError):
                await clubs.create(setup)
        made = await clubs.create({"name": "Friday club"})
        club, owner = made["club"], made["owner_token"]
        logged = len(await store.club_events(club))
        ann = await clubs.add_member(club, owner, "ann")
        logged += 1
        refusals: list[tuple[type[Exception], Awaitable[Any]]] = [
            (NotAllowed, clubs.add_member(club, "not the owner", "bob")),
            (NotAllowed, clubs.add_member(club, None, "bob")),
            (RoomError, clubs.add_member(club, owner, "ANN")),
            (RoomError, clubs.add_member(club, owner, "\x00")),
            (NotFound, clubs.add_member("no-such-club", owner, "bob")),
            (NotFound, clubs.renew_key(club, owner, 9)),
            (NotFound, clubs.renew_key(club, owner, "1")),
            (RoomError, clubs.seated_member("not a key")),
            (RoomError, clubs.seated_member(None)),
            (NotAllowed, clubs.member_of(club, "not a key")),
        ]
        await _table(store, "open", {"ann": None}, close=False)
        await _table(store, "t1", {"ann": None, "bob": None})
        for request in ({"table": "open", "owner_token": "owner-open"},
                        {"table": "t1", "owner_token": "owner-open"},
                        {"table": "t1"}, {"table": "nowhere", "owner_token": "x"},
                        {"table": "t1", "owner_token": "owner-t1", "names": {"cy": 1}},
                        {"table": "t1", "owner_token": "owner-t1", "names": {"Ada (bot)": 1}},
                        {"table": "t1", "owner_token": "owner-t1", "names": {"ann": 1, "bob": 1}},
                        {"table": "t1", "owner_token": "owner-t1", "names": {"ann": 5}},
                        {"table": "t1", "owner_token": "owner-t1", "names": ["ann"]}):
            refusals.append((RoomError, clubs.file(club, owner, request)))
        stranger = clubs.file(club, "not the owner", {"table": "t1", "owner_token": "owner-t1"})
        refusals.append((NotAllowed, stranger))
        for kind, refused in refusals:
            with pytest.raises(kind):
                await refused
        assert len(await store.club_events(club)) == logged
        await clubs.file(club, owner, {"table": "t1", "owner_token": "owner-t1", "names": {"ann": ann["id"]}})
        with pytest.raises(RoomError, match="filed under Friday club already"):
            await clubs.file(club, owner, {"table": "t1", "owner_token": "owner-t1"})
        assert len(await store.club_events(club)) == logged + 1
    _run(work, tmp_path)


def test_a_renewed_key_opens_the_membership_and_the_old_one_nothing(tmp_path: Path) -> None:
    async def work(clubs: Clubs, store: SQLiteStore) -> None:
        made = await clubs.create({"name": "Friday club", "member": "ann"})
        old = made["member"]["key"]
        new = await clubs.renew_key(made["club"], made["owner_token"], 1)
        assert (await clubs.member_of(made["club"], new["key"]))["name"] == "ann"
        with pytest.raises(RoomError, match="opens no club"):
            await clubs.seated_member(old)
        assert (await clubs.seated_member(new["key"]))["id"] == 1
    _run(work, tmp_path)


def test_a_club_log_of_an_unknown_kind_is_refused() -> None:
    club = Club.create("c1", "Friday club", owner_hash="o", at=0.0)
    with pytest.raises(RoomError, match="unknown kind"):
        club.record("renamed", {}, 1.0)
    with pytest.raises(NotFound):
        Club.restore("c1", [])
    night = FiledNight("t1", "t1", 0.0, 1, (NightLine("ann", 3, False, 0),))
    with pytest.raises(RoomError, match="no member 3"):
        club.file(night, at=1.0)
