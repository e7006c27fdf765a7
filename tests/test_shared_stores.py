"""The stores several room processes share (docs/scaling.md): PostgreSQL, and an SQLite file of
one machine (``homegame serve --shared``). Their own rules: each table has one owner and only it
writes; a process that died loses its tables at once to the first live process that claims them;
on the SQLite file, a process silent past its lease loses them though it holds its lock, and a
room that does not share the file and the processes that do keep out of each other's way. (The
rooms themselves, killed and frozen mid-hand, are in tests/test_room_scaling.py, on both.)"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from homegame.errors import RoomError
from homegame.room.config import TableConfig
from homegame.room.store import Owner, SharedStore, StoreConflict, open_store
from homegame.room.store.postgres import PostgresStore
from homegame.room.store.sqlite import SQLiteStore
from homegame.room.store.sqlite_shared import SharedSQLiteStore
from homegame.room.table import Table


class Clock:
    """Wall time that a test moves on by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _new_table(table_id: str) -> Table:
    config = TableConfig.from_json({"name": table_id, "seats": 3, "games": ["draw"], "clock": 10})
    return Table.create(table_id, config, at=0.0)


def _with_two(path: Path, clock: Clock,
              check: Callable[[SharedSQLiteStore, SharedSQLiteStore], Awaitable[None]]) -> None:
    async def main() -> None:
        first, second = SharedSQLiteStore(path, clock=clock), SharedSQLiteStore(path, clock=clock)
        await _enter(first, second)
        try:
            await check(first, second)
        finally:
            await first.close()
            await second.close()
    asyncio.run(main())


async def _enter(first: SharedStore, second: SharedStore) -> None:
    for store, port in ((first, 1), (second, 2)):
        await store.open()
        await store.enter(f"http://127.0.0.1:{port}", lease=5)


async def _kill_postgres(first: SharedStore, second: SharedStore) -> None:
    """End the first's session as its process's death would, and wait until the second sees it."""
    assert isinstance(first, PostgresStore) and isinstance(second, PostgresStore) and first._life
    await second._rows("SELECT pg_terminate_backend(%(pid)s)", {"pid": first._life.info.backend_pid})
    for _ in range(100):  # the session ends a moment after it is told to
        if (await second.owner("t1") or Owner(False, None, False)).orphaned:
            return
        await asyncio.sleep(0.02)


async def _kill_sqlite(first: SharedStore, second: SharedStore) -> None:
    """Let the first's lock go, as the kernel does when a process dies."""
    assert isinstance(first, SharedSQLiteStore)
    first._end_life()


Kill = Callable[[SharedStore, SharedStore], Awaitable[None]]


@pytest.fixture(params=["sqlite", "postgresql"])
def two_stores(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[SharedStore, SharedStore, Kill]:
    """Two processes' stores on one new shared store of each kind, and how the first one dies."""
    if request.param == "sqlite":
        path = tmp_path / "room.sqlite3"
        return SharedSQLiteStore(path), SharedSQLiteStore(path), _kill_sqlite
    address = request.getfixturevalue("postgres").database()
    return PostgresStore(address), PostgresStore(address), _kill_postgres


def test_only_the_owner_writes_and_a_dead_owners_tables_are_taken_over_at_once(
        two_stores: tuple[SharedStore, SharedStore, Kill]) -> None:
    first, second, kill = two_stores

    async def main() -> None:
        await _enter(first, second)
        try:
            await _owner_writes_until_it_dies(first, second, kill)
        finally:
            await first.close()
            await second.close()
    asyncio.run(main())


async def _owner_writes_until_it_dies(first: SharedStore, second: SharedStore, kill: Kill) -> None:
    table = _new_table("t1")
    created = table.take_unsaved()
    await first.append("t1", created)
    assert await second.owner("t1") == Owner(mine=False, address="http://127.0.0.1:1", orphaned=False)
    assert await first.owner("t1") == Owner(mine=True, address="http://127.0.0.1:1", orphaned=False)
    assert await second.owner("nope") is None
    assert await second.claim_orphans() == [], "a live owner keeps its tables"
    table.join("ann", token_hash="a", at=1.0)
    joined = table.take_unsaved()
    with pytest.raises(StoreConflict, match="another room process"):
        await second.append("t1", joined)  # a free event number, but not its table
    with pytest.raises(StoreConflict, match="moved on"):
        await first.append("t1", created)  # the event numbers: the last line of defence
    await first.append("t1", joined)
    assert len(await second.load("t1")) == len(created) + len(joined), "only the owner wrote"

    await kill(first, second)
    assert (await second.owner("t1") or Owner(False, None, False)).orphaned
    assert await second.claim_orphans() == ["t1"]
    assert await second.owned() == {"t1"} and await first.owned() == set()
    assert not await first.beat(), "the cut-off process learns that it lost its place"
    table.join("bob", token_hash="b", at=2.0)
    late = table.take_unsaved()
    with pytest.raises(StoreConflict, match="another room process"):
        await first.append("t1", late)  # the old owner is fenced off
    await second.append("t1", late)
    assert Table.restore("t1", await second.load("t1")).seats[1] is not None


def test_a_process_silent_past_its_lease_loses_its_tables_though_it_holds_its_lock(tmp_path: Path) -> None:
    clock = Clock()

    async def check(first: SharedSQLiteStore, second: SharedSQLiteStore) -> None:
        await first.append("t1", _new_table("t1").take_unsaved())
        clock.now += 4
        assert await second.beat() and await second.claim_orphans() == [], "within its lease"
        clock.now += 2  # the first has not beaten for 6 s, past its lease of 5
        assert (await second.owner("t1") or Owner(False, None, False)).orphaned
        assert await second.claim_orphans() == ["t1"]
        assert not await first.beat(), "woken, it finds its place gone"
        await first.enter("http://127.0.0.1:1", lease=5)  # and enters again, under a new number
        assert await first.owned() == set() and await second.owned() == {"t1"}
    _with_two(tmp_path / "room.sqlite3", clock, check)


def test_the_lobby_lists_every_processs_tables_and_a_process_leaving_frees_its_own(tmp_path: Path) -> None:
    async def check(first: SharedSQLiteStore, second: SharedSQLiteStore) -> None:
        for store, table_id in ((first, "t1"), (second, "t2")):
            await store.append(table_id, _new_table(table_id).take_unsaved())
            await store.publish({table_id: {"id": table_id, "name": f"the {table_id} table"}})
        await second.publish({"t1": {"id": "t1", "name": "not its own"}})  # only the owner's line counts
        expected = [{"id": "t1", "name": "the t1 table"}, {"id": "t2", "name": "the t2 table"}]
        assert await first.lobby() == await second.lobby() == expected
        await first.close()  # a clean stop: its tables are free at once
        assert await second.claim_orphans() == ["t1"]
    _with_two(tmp_path / "room.sqlite3", Clock(), check)


def test_a_room_that_does_not_share_the_file_and_the_processes_that_do_keep_apart(tmp_path: Path) -> None:
    path = tmp_path / "room.sqlite3"

    async def main() -> None:
        alone = SQLiteStore(path)
        await alone.open()
        try:
            with pytest.raises(RoomError, match="held by a room that does not share it"):
                await SharedSQLiteStore(path).open()
        finally:
            await alone.close()
        shared = SharedSQLiteStore(path)
        await shared.open()
        await shared.enter("http://127.0.0.1:1", lease=5)
        try:
            with pytest.raises(RoomError, match=r"in use by another process.*--shared"):
                await SQLiteStore(path).open()
        finally:
            await shared.close()
        alone = SQLiteStore(path)  # the shared process left cleanly: the file is free again
        await alone.open()
        await alone.close()
    asyncio.run(main())


def test_homegame_serve_offers_to_share_an_sqlite_file(tmp_path: Path) -> None:
    answer = subprocess.run([sys.executable, "-m", "homegame", "serve", "--help"], capture_output=True,
                            text=True, timeout=60)
    assert "--shared" in answer.stdout and "every core" in " ".join(answer.stdout.split())
    assert isinstance(open_store(str(tmp_path / "a.sqlite3"), shared=True), SharedSQLiteStore)
    assert type(open_store(str(tmp_path / "a.sqlite3"))) is SQLiteStore
