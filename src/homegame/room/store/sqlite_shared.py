"""An SQLite file shared by the room processes of one machine: a room on all of its cores without a
database server (``homegame serve --shared``; docs/scaling.md).

It keeps the ownership of :class:`~homegame.room.store.postgres.PostgresStore` with the means one
machine has:

* **A process's life is a lock on a file.** A process that :meth:`~SharedSQLiteStore.enter` s the
  store gets a row in ``room_processes`` and holds an exclusive ``flock`` on the file
  ``<store>.rooms/<number>.lock`` for as long as it lives. The kernel lets the lock go when the
  process dies however it dies, so its tables can be taken over at once.
* **A frozen process loses its place after its lease.** Each process writes the time into its row
  at every beat; one whose time is older than its lease is as good as dead, lock or no lock.
* **Only the owner writes.** Every append checks, in the same write transaction, that the table's
  owner is this process (:class:`~homegame.room.store.TableLost` otherwise), and taking a table over
  is a write transaction too: SQLite runs one write at a time, so the two are always ordered.

SQLite runs one writer at a time over the whole file; a write takes a few hundredths of a
millisecond, so processes wait on each other only briefly (up to :data:`BUSY_MS`).
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Final

from homegame.room.store import Owner, SharedStore, TableLost
from homegame.room.store.sqlite import SCHEMA, SQLiteStore

__all__ = ["BUSY_MS", "SharedSQLiteStore"]

BUSY_MS: Final = 5000
"""How long a process waits for another's write to end before its own fails."""

SHARED_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS room_processes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    address TEXT NOT NULL,
    beat REAL NOT NULL,
    lease REAL NOT NULL
)
"""
"""The live processes (``AUTOINCREMENT``: a number, and so its lock file, is never used twice)."""

TABLE_COLUMNS: Final = {"owner": "INTEGER", "summary": "TEXT"}
"""What a shared file's tables record beyond a single room's: the owner and the lobby line."""


class SharedSQLiteStore(SQLiteStore, SharedStore):
    """Table logs in the SQLite file at ``path``, which several room processes of this machine use
    at once (see the module's docstring). ``clock`` gives the wall time that beats are kept in.

    ``process`` is this process's number once it has entered the store as a room process (until
    then the store writes any table, as a single room's store does).
    """

    def __init__(self, path: Path, *, clock: Callable[[], float] = time.time) -> None:
        super().__init__(path)
        self.clock = clock
        self.process: int | None = None
        self._life: int | None = None

    @property
    def lives(self) -> Path:
        """The folder of the processes' lock files, beside the store's file."""
        return self.path.with_name(self.path.name + ".rooms")

    def _prepare(self, connection: sqlite3.Connection) -> None:
        connection.execute(f"PRAGMA busy_timeout={BUSY_MS}")
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
        connection.executescript(SCHEMA)
        self._write(connection, self._add_sharing)
        self.lives.mkdir(exist_ok=True)

    @staticmethod
    def _add_sharing(connection: sqlite3.Connection) -> None:
        """Add what sharing needs to a file a single room made (or a new one)."""
        connection.execute(SHARED_SCHEMA)
        present = {row[1] for row in connection.execute("PRAGMA table_info(tables)")}
        for column, kind in TABLE_COLUMNS.items():
            if column not in present:
                connection.execute(f"ALTER TABLE tables ADD COLUMN {column} {kind}")

    def _in_use(self) -> str:
        return (f"{self.path} is held by a room that does not share it: stop that room, or start every "
                f"room process on the file with --shared")

    async def close(self) -> None:
        """Leave the room: this process's row goes, and with it its hold on its tables, which the
        others take over at once."""
        process, self.process = self.process, None
        self._end_life()
        if process is not None and self._connection is not None:
            await self._run(lambda connection: connection.execute("DELETE FROM room_processes WHERE id = ?",
                                                                  (process,)))
            self._lock_of(process).unlink(missing_ok=True)
        await super().close()

    def _enter_table(self, connection: sqlite3.Connection, table_id: str) -> None:
        connection.execute("INSERT OR IGNORE INTO tables (id, owner) VALUES (?, ?)", (table_id, self.process))
        if self.process is not None:  # the owner's write only
            owner = connection.execute("SELECT owner FROM tables WHERE id = ?", (table_id,)).fetchone()
            if owner is None or owner[0] != self.process:
                raise TableLost(f"table {table_id} belongs to another room process now")

    # -- the processes' lives ------------------------------------------------------------------

    async def enter(self, address: str, *, lease: float) -> None:
        def enter(connection: sqlite3.Connection) -> None:
            self._end_life()
            number = connection.execute("INSERT INTO room_processes (address, beat, lease) VALUES (?, ?, ?)",
                                        (address, self.clock(), lease)).lastrowid
            assert number is not None
            life = os.open(self._lock_of(number), os.O_CREAT | os.O_RDWR, 0o600)
            try:
                fcntl.flock(life, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BaseException:
                os.close(life)
                raise
            self._life, self.process = life, number
        await self._run(lambda connection: self._write(connection, enter))

    def _lock_of(self, process: int) -> Path:
        return self.lives / f"{process}.lock"

    def _end_life(self) -> None:
        """Give up this process's place: its lock goes, so its tables are free for the others at
        once. The process keeps its number until it enters again, so its writes stay fenced off
        from the tables it owned, which may be another's now."""
        life, self._life = self._life, None
        if life is not None:
            os.close(life)

    def _gone(self, process: int, beat: float, lease: float, now: float) -> bool:
        """Whether the process numbered ``process`` is dead or frozen past its lease."""
        if beat < now - lease:
            return True
        try:
            probe = os.open(self._lock_of(process), os.O_RDWR)
        except FileNotFoundError:
            return True
        try:
            fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        finally:
            os.close(probe)  # which lets go of the probe's lock, if it took it
        return True

    async def beat(self) -> bool:
        def beat(connection: sqlite3.Connection) -> bool:
            if self._life is None:
                return False
            kept = connection.execute("UPDATE room_processes SET beat = ? WHERE id = ?",
                                      (self.clock(), self.process)).rowcount == 1
            if not kept:
                self._end_life()
            return kept
        return await self._run(beat)

    async def claim_orphans(self) -> list[str]:
        if self.process is None:
            return []
        dead: list[int] = []

        def claim(connection: sqlite3.Connection) -> list[str]:
            now = self.clock()
            rows = connection.execute("SELECT id, beat, lease FROM room_processes WHERE id <> ?",
                                      (self.process,)).fetchall()
            dead.extend(number for number, beat, lease in rows if self._gone(number, beat, lease, now))
            marks = ", ".join("?" * len(dead))
            free = [row[0] for row in connection.execute(
                f"SELECT id FROM tables WHERE closed = 0 AND (owner IS NULL OR owner IN ({marks}) "
                f"OR owner NOT IN (SELECT id FROM room_processes)) ORDER BY id", dead)]
            connection.executemany("UPDATE tables SET owner = ? WHERE id = ?",
                                   [(self.process, table_id) for table_id in free])
            connection.executemany("DELETE FROM room_processes WHERE id = ?", [(number,) for number in dead])
            return free
        taken = await self._run(lambda connection: self._write(connection, claim))
        for number in dead:
            self._lock_of(number).unlink(missing_ok=True)
        return taken

    async def owned(self) -> set[str]:
        query = "SELECT id FROM tables WHERE owner = ? AND closed = 0"
        return {row[0] for row in await self._run(lambda c: c.execute(query, (self.process,)).fetchall())}

    async def owner(self, table_id: str) -> Owner | None:
        query = ("SELECT t.owner, p.address, p.beat, p.lease FROM tables t LEFT JOIN room_processes p "
                 "ON p.id = t.owner WHERE t.id = ? AND t.closed = 0")

        def read(connection: sqlite3.Connection) -> Owner | None:  # on the store's thread: the probe is I/O
            row = connection.execute(query, (table_id,)).fetchone()
            if row is None:
                return None
            owner, address, beat, lease = row
            mine = owner is not None and owner == self.process
            orphaned = owner is None or (not mine and (address is None or
                                                       self._gone(owner, beat, lease, self.clock())))
            return Owner(mine=mine, address=address, orphaned=orphaned)
        return await self._run(read)

    # -- the lobby of every process ------------------------------------------------------------

    async def publish(self, lines: dict[str, dict[str, Any]]) -> None:
        rows = [(json.dumps(line, separators=(",", ":")), table_id, self.process)
                for table_id, line in lines.items()]
        if rows:
            await self._run(lambda connection: self._write(connection, lambda c: c.executemany(
                "UPDATE tables SET summary = ? WHERE id = ? AND owner = ?", rows)))

    async def lobby(self) -> list[dict[str, Any]]:
        query = "SELECT summary FROM tables WHERE closed = 0 AND summary IS NOT NULL ORDER BY id"
        rows: Iterable[tuple[str]] = await self._run(lambda c: c.execute(query).fetchall())
        return [json.loads(row[0]) for row in rows]
