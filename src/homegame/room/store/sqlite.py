"""The card room's store in an SQLite file: the embedded default, for a room in one process.

One process at a time: the file is opened in SQLite's exclusive locking mode and held for as long
as the room runs, so a second ``homegame serve`` pointed at the same file is refused at once with
a clear error (two processes would each believe they own every table). Several processes share a
room through :mod:`homegame.room.store.sqlite_shared` instead, or PostgreSQL (docs/scaling.md).
The lock dies with the process, so a room killed with ``kill -9`` restarts on its file straight
away.

The file is opened in write-ahead-log mode with ``synchronous=NORMAL``: a commit survives the room's
process being killed at any moment (the case a card room must survive); only a crash of the whole
machine may lose the last commits. All access goes through one connection on one worker thread, so
the event loop never waits on the disk.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final, TypeVar

from homegame.errors import RoomError
from homegame.room.store import Store, StoreConflict, event_of, event_row
from homegame.room.table import TableEvent

__all__ = ["SQLiteStore"]

T = TypeVar("T")

SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    closed INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE INDEX IF NOT EXISTS events_by_kind ON events (table_id, kind, seq);
CREATE TABLE IF NOT EXISTS club_events (
    club_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    at REAL NOT NULL,
    key_hash TEXT,
    PRIMARY KEY (club_id, seq)
);
CREATE INDEX IF NOT EXISTS club_events_by_key ON club_events (key_hash);
"""

START: Final = """
    coalesce((SELECT max(c.seq) FROM events c WHERE c.table_id = {t} AND c.kind = 'checkpoint'
              AND c.seq < coalesce((SELECT max(d.seq) FROM events d
                                    WHERE d.table_id = {t} AND d.kind = 'dealt'), 0)), 1)
"""
"""Where a table's log is read from: its last checkpoint before its last deal (else the start)."""


class SQLiteStore(Store):
    """Table logs in an SQLite file at ``path`` (created with its folder if missing)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="homegame-sqlite")
        self._connection: sqlite3.Connection | None = None

    async def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        def run() -> T:
            assert self._connection is not None, "the store is not open"
            return work(self._connection)
        return await asyncio.get_running_loop().run_in_executor(self._worker, run)

    async def open(self) -> None:
        def connect() -> None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            try:
                self._prepare(connection)
            except sqlite3.OperationalError as error:
                connection.close()
                if "locked" not in str(error):
                    raise
                raise RoomError(self._in_use()) from None
            except BaseException:
                connection.close()
                raise
            self._connection = connection
        await asyncio.get_running_loop().run_in_executor(self._worker, connect)

    def _prepare(self, connection: sqlite3.Connection) -> None:
        """Set the file up for this room: here, held by this one process for as long as it runs."""
        connection.execute("PRAGMA busy_timeout=0")
        connection.execute("PRAGMA locking_mode=EXCLUSIVE")
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
        connection.executescript(SCHEMA)
        connection.execute("BEGIN IMMEDIATE")  # a write: takes the file's lock for good
        connection.execute("COMMIT")

    def _in_use(self) -> str:
        return (f"{self.path} is in use by another process: an SQLite room runs in one process unless "
                f"every process shares the file (homegame serve --shared; docs/scaling.md)")

    async def close(self) -> None:
        if self._connection is not None:
            await self._run(lambda connection: connection.close())
            self._connection = None
        self._worker.shutdown(wait=True)

    async def append(self, table_id: str, events: Sequence[TableEvent]) -> None:
        rows = [(table_id, *event_row(event)) for event in events]
        closes = any(event.kind == "closed" for event in events)

        def write(connection: sqlite3.Connection) -> None:
            self._enter_table(connection, table_id)
            connection.executemany("INSERT INTO events (table_id, seq, kind, data, at) "
                                   "VALUES (?, ?, ?, ?, ?)", rows)
            if closes:
                connection.execute("UPDATE tables SET closed = 1 WHERE id = ?", (table_id,))
        try:
            await self._run(lambda connection: self._write(connection, write))
        except sqlite3.IntegrityError:
            raise StoreConflict(f"table {table_id} has moved on: its events were written elsewhere "
                                f"first") from None

    @staticmethod
    def _write(connection: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` in one write transaction: all of it, or none if it raises."""
        connection.execute("BEGIN IMMEDIATE")
        try:
            done = work(connection)
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")
        return done

    def _enter_table(self, connection: sqlite3.Connection, table_id: str) -> None:
        """Within a write of ``table_id``'s events: the table's row, made on its first write."""
        connection.execute("INSERT OR IGNORE INTO tables (id) VALUES (?)", (table_id,))

    async def load(self, table_id: str) -> list[TableEvent]:
        query = (f"SELECT seq, kind, data, at FROM events WHERE table_id = ? "
                 f"AND seq >= {START.format(t='?')} ORDER BY seq")
        rows = await self._run(lambda c: c.execute(query, (table_id, table_id, table_id)).fetchall())
        return [event_of(*row) for row in rows]

    async def load_open(self, only: Collection[str] | None = None) -> dict[str, list[TableEvent]]:
        chosen = list(only) if only is not None else []
        among = f"AND t.id IN ({', '.join('?' * len(chosen))}) " if only is not None else ""
        query = (f"SELECT e.table_id, e.seq, e.kind, e.data, e.at FROM events e JOIN tables t "
                 f"ON t.id = e.table_id WHERE t.closed = 0 AND e.seq >= {START.format(t='t.id')} "
                 f"{among}ORDER BY e.table_id, e.seq")
        logs: dict[str, list[TableEvent]] = {}
        for table_id, *row in await self._run(lambda c: c.execute(query, chosen).fetchall()):
            logs.setdefault(table_id, []).append(event_of(*row))
        return logs

    async def table_ids(self, *, open_only: bool = True) -> list[str]:
        query = "SELECT id FROM tables" + (" WHERE closed = 0" if open_only else "") + " ORDER BY id"
        return [row[0] for row in await self._run(lambda c: c.execute(query).fetchall())]

    async def hand_events(self, table_id: str, number: int) -> list[TableEvent]:
        def read(connection: sqlite3.Connection) -> list[Any]:
            start = connection.execute(
                "SELECT seq FROM events WHERE table_id = ? AND kind = 'dealt' "
                "AND json_extract(data, '$.number') = ?", (table_id, number)).fetchone()
            if start is None:
                return []
            end = connection.execute(
                "SELECT coalesce(min(seq), 1 << 62) FROM events WHERE table_id = ? AND seq > ? "
                "AND kind IN ('dealt', 'game_over', 'closed')", (table_id, start[0])).fetchone()[0]
            return connection.execute(
                "SELECT seq, kind, data, at FROM events WHERE table_id = ? AND seq >= ? AND seq < ? "
                "AND kind IN ('dealt', 'acted') ORDER BY seq", (table_id, start[0], end)).fetchall()
        return [event_of(*row) for row in await self._run(read)]

    async def all_events(self, table_id: str) -> list[TableEvent]:
        query = "SELECT seq, kind, data, at FROM events WHERE table_id = ? ORDER BY seq"
        return [event_of(*row) for row in await self._run(lambda c: c.execute(query, (table_id,)).fetchall())]

    async def append_club(self, club_id: str, events: Sequence[TableEvent]) -> None:
        rows = [(club_id, *event_row(event), event.data.get("key")) for event in events]

        def write(connection: sqlite3.Connection) -> None:
            try:
                with connection:
                    connection.execute("BEGIN IMMEDIATE")
                    connection.executemany("INSERT INTO club_events (club_id, seq, kind, data, at, key_hash) "
                                           "VALUES (?, ?, ?, ?, ?, ?)", rows)
            except sqlite3.IntegrityError:
                raise StoreConflict(f"club {club_id} has moved on: its events were written elsewhere "
                                    f"first") from None
        await self._run(write)

    async def club_events(self, club_id: str) -> list[TableEvent]:
        query = "SELECT seq, kind, data, at FROM club_events WHERE club_id = ? ORDER BY seq"
        return [event_of(*row) for row in await self._run(lambda c: c.execute(query, (club_id,)).fetchall())]

    async def clubs_with_key(self, key_hash: str) -> list[str]:
        query = "SELECT DISTINCT club_id FROM club_events WHERE key_hash = ? ORDER BY club_id"
        return [row[0] for row in await self._run(lambda c: c.execute(query, (key_hash,)).fetchall())]
