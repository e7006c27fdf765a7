"""The card room's store in PostgreSQL: a shared room, where several room processes (on one
machine or several) keep their tables in one database.

Connections come from a small pool; each append is one transaction, and the primary key on
(table, event number) makes a second writer of the same event fail, so no table can fork. Events
are kept as ``json`` (text exactly as written, key order included).

Ownership (docs/scaling.md): a room process that :meth:`~PostgresStore.enter` s the store gets a
row in ``room_processes`` and holds a session advisory lock on its number, on a connection of its
own that it keeps busy (PostgreSQL ends it after ``lease`` seconds of silence, through
``idle_session_timeout``). The lock is the process's life: it goes when the process dies, is
killed, or falls silent. Each open table names its owner; an append first checks, under a row
lock, that it is this process, so a process that lost a table can never write to it again. A
process whose lock can be taken is dead, and its tables go to whoever takes the lock first.

A process can freeze at any moment (stopped, swapped out, stuck) and must not keep its locks while
it is frozen. So every statement is a whole message to the server, which closes its transaction or
leaves it idle, and only an append spans several statements, with PostgreSQL told to end it after
``lease`` seconds idle. Pipelines (``executemany``) are never used: between a pipeline's statements
the server waits for the client as if busy, and no timeout ends that.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Final

from psycopg import AsyncConnection, errors
from psycopg.types.json import Json
from psycopg_pool import AsyncConnectionPool

from homegame.room.store import Owner, SharedStore, StoreConflict, TableLost, event_of
from homegame.room.table import TableEvent

__all__ = ["PostgresStore"]

SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS room_tables (
    id TEXT PRIMARY KEY,
    closed BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE TABLE IF NOT EXISTS room_events (
    table_id TEXT NOT NULL REFERENCES room_tables (id),
    seq BIGINT NOT NULL,
    kind TEXT NOT NULL,
    data JSON NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE INDEX IF NOT EXISTS room_events_by_kind ON room_events (table_id, kind, seq);
CREATE TABLE IF NOT EXISTS room_processes (
    id SERIAL PRIMARY KEY,
    address TEXT NOT NULL
);
ALTER TABLE room_tables ADD COLUMN IF NOT EXISTS owner INTEGER;
ALTER TABLE room_tables ADD COLUMN IF NOT EXISTS summary JSON;
CREATE TABLE IF NOT EXISTS room_club_events (
    club_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    kind TEXT NOT NULL,
    data JSON NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    key_hash TEXT,
    PRIMARY KEY (club_id, seq)
);
CREATE INDEX IF NOT EXISTS room_club_events_by_key ON room_club_events (key_hash);
"""

SCHEMA_DONE: Final = """
SELECT EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = current_schema()
               AND indexname = 'room_club_events_by_key')
"""
"""Whether the schema's last step has been taken (the rooms of other processes may be busy: an
``ALTER TABLE`` locks them out even when it changes nothing)."""

LIVES: Final = 7306122
"""The first key of every process's life lock (the second is the process's number)."""

CLAIM: Final = f"""
WITH dead AS (SELECT id FROM room_processes
              WHERE id <> %(me)s AND pg_try_advisory_xact_lock({LIVES}, id)),
     free AS (SELECT t.id FROM room_tables t
              WHERE NOT t.closed AND (t.owner IS NULL OR t.owner IN (SELECT id FROM dead)
                                      OR NOT EXISTS (SELECT 1 FROM room_processes p WHERE p.id = t.owner))
              FOR UPDATE OF t SKIP LOCKED),
     taken AS (UPDATE room_tables SET owner = %(me)s WHERE id IN (SELECT id FROM free) RETURNING id),
     gone AS (DELETE FROM room_processes WHERE id IN (SELECT id FROM dead))
SELECT id FROM taken ORDER BY id
"""
"""Take every open table whose owner's life lock is free (its process is gone), and forget the
dead processes: one transaction, so two processes never both take the same table. A table whose
row is locked (its dead owner's last write, still open) is left for a later round, not waited for."""

OWNER: Final = f"""
SELECT t.owner = %(me)s, p.address,
       t.owner IS NULL OR (t.owner <> %(me)s AND pg_try_advisory_xact_lock({LIVES}, t.owner))
FROM room_tables t LEFT JOIN room_processes p ON p.id = t.owner WHERE t.id = %(t)s AND NOT t.closed
"""

START: Final = """
    coalesce((SELECT max(c.seq) FROM room_events c WHERE c.table_id = {t} AND c.kind = 'checkpoint'
              AND c.seq < coalesce((SELECT max(d.seq) FROM room_events d
                                    WHERE d.table_id = {t} AND d.kind = 'dealt'), 0)), 1)
"""


class PostgresStore(SharedStore):
    """Table logs in the PostgreSQL database at ``url`` (``postgresql://...``).

    ``process`` is this process's number once it has entered the store as a room process (until
    then the store writes any table, as a single program's store does).
    """

    def __init__(self, url: str, *, connections: int = 4) -> None:
        self.url = url
        self.pool = AsyncConnectionPool(url, min_size=1, max_size=connections, open=False,
                                        kwargs={"autocommit": True})
        self.process: int | None = None
        self._life: AsyncConnection[Any] | None = None
        self._lease_ms = "0"

    async def open(self) -> None:
        await self.pool.open(wait=True, timeout=30)
        async with self.pool.connection() as connection, connection.transaction():
            await connection.execute("SELECT pg_advisory_xact_lock(7306121)")  # one schema creator
            done = await (await connection.execute(SCHEMA_DONE)).fetchone()
            if not (done and done[0]):
                await connection.execute(SCHEMA)

    async def close(self) -> None:
        await self._end_life()
        self.process = None
        await self.pool.close()

    async def append(self, table_id: str, events: Sequence[TableEvent]) -> None:
        rows = [value for e in events for value in (table_id, e.seq, e.kind, Json(e.data), e.at)]
        values = ", ".join(["(%s, %s, %s, %s, %s)"] * len(events))
        try:
            async with self.pool.connection() as connection, connection.transaction(), \
                    connection.cursor() as cursor:
                await cursor.execute("INSERT INTO room_tables (id, owner) VALUES (%s, %s) "
                                     "ON CONFLICT DO NOTHING", (table_id, self.process))
                if self.process is not None:  # the owner's write only; cut short if this process freezes
                    await cursor.execute("SELECT owner, set_config('idle_in_transaction_session_timeout', "
                                         "%s, true) FROM room_tables WHERE id = %s FOR SHARE",
                                         (self._lease_ms, table_id))
                    owner = await cursor.fetchone()
                    if owner is None or owner[0] != self.process:
                        raise TableLost(f"table {table_id} belongs to another room process now")
                if events:
                    await cursor.execute(f"INSERT INTO room_events (table_id, seq, kind, data, at) "
                                         f"VALUES {values}", rows)
                if any(event.kind == "closed" for event in events):
                    await cursor.execute("UPDATE room_tables SET closed = TRUE WHERE id = %s", (table_id,))
        except errors.UniqueViolation:
            raise StoreConflict(f"table {table_id} has moved on: its events were written elsewhere "
                                f"first") from None

    async def _rows(self, query: str, parameters: Mapping[str, Any] | None = None) -> list[tuple[Any, ...]]:
        async with self.pool.connection() as connection, connection.cursor() as cursor:
            await cursor.execute(query, parameters)
            return await cursor.fetchall()

    async def load(self, table_id: str) -> list[TableEvent]:
        query = (f"SELECT seq, kind, data, at FROM room_events WHERE table_id = %(t)s "
                 f"AND seq >= {START.format(t='%(t)s')} ORDER BY seq")
        return [event_of(*row) for row in await self._rows(query, {"t": table_id})]

    async def load_open(self, only: Collection[str] | None = None) -> dict[str, list[TableEvent]]:
        query = (f"SELECT e.table_id, e.seq, e.kind, e.data, e.at FROM room_events e JOIN room_tables t "
                 f"ON t.id = e.table_id WHERE NOT t.closed AND e.seq >= {START.format(t='t.id')} "
                 + ("AND t.id = ANY(%(only)s) " if only is not None else "") + "ORDER BY e.table_id, e.seq")
        logs: dict[str, list[TableEvent]] = {}
        for table_id, *row in await self._rows(query, {"only": list(only or ())}):
            logs.setdefault(table_id, []).append(event_of(*row))
        return logs

    async def table_ids(self, *, open_only: bool = True) -> list[str]:
        query = "SELECT id FROM room_tables" + (" WHERE NOT closed" if open_only else "") + " ORDER BY id"
        return [row[0] for row in await self._rows(query)]

    async def hand_events(self, table_id: str, number: int) -> list[TableEvent]:
        query = """
            WITH deal AS (SELECT seq FROM room_events WHERE table_id = %(t)s AND kind = 'dealt'
                          AND (data ->> 'number')::int = %(n)s),
                 after AS (SELECT coalesce(min(seq), 9223372036854775807) AS seq FROM room_events
                           WHERE table_id = %(t)s AND seq > (SELECT seq FROM deal)
                           AND kind IN ('dealt', 'game_over', 'closed'))
            SELECT seq, kind, data, at FROM room_events WHERE table_id = %(t)s
              AND seq >= (SELECT seq FROM deal) AND seq < (SELECT seq FROM after)
              AND kind IN ('dealt', 'acted') ORDER BY seq"""
        return [event_of(*row) for row in await self._rows(query, {"t": table_id, "n": number})]

    async def all_events(self, table_id: str) -> list[TableEvent]:
        query = "SELECT seq, kind, data, at FROM room_events WHERE table_id = %(t)s ORDER BY seq"
        return [event_of(*row) for row in await self._rows(query, {"t": table_id})]

    async def append_club(self, club_id: str, events: Sequence[TableEvent]) -> None:
        rows = [value for e in events
                for value in (club_id, e.seq, e.kind, Json(e.data), e.at, e.data.get("key"))]
        values = ", ".join(["(%s, %s, %s, %s, %s, %s)"] * len(events))
        try:
            async with self.pool.connection() as connection:
                await connection.execute(f"INSERT INTO room_club_events (club_id, seq, kind, data, at, "
                                         f"key_hash) VALUES {values}", rows)
        except errors.UniqueViolation:
            raise StoreConflict(f"club {club_id} has moved on: its events were written elsewhere "
                                f"first") from None

    async def club_events(self, club_id: str) -> list[TableEvent]:
        query = "SELECT seq, kind, data, at FROM room_club_events WHERE club_id = %(c)s ORDER BY seq"
        return [event_of(*row) for row in await self._rows(query, {"c": club_id})]

    async def clubs_with_key(self, key_hash: str) -> list[str]:
        query = "SELECT DISTINCT club_id FROM room_club_events WHERE key_hash = %(k)s ORDER BY club_id"
        return [row[0] for row in await self._rows(query, {"k": key_hash})]

    # -- shared by several room processes -------------------------------------------------------

    async def enter(self, address: str, *, lease: float) -> None:
        await self._end_life()
        self._lease_ms = str(max(1, round(lease * 1000)))
        life = await AsyncConnection.connect(self.url, autocommit=True)
        try:
            await life.execute("SELECT set_config('idle_session_timeout', %s, false), "
                               "set_config('idle_in_transaction_session_timeout', %s, false)",
                               (self._lease_ms, self._lease_ms))
            async with life.transaction():
                cursor = await life.execute("INSERT INTO room_processes (address) VALUES (%s) RETURNING id",
                                            (address,))
                row = await cursor.fetchone()
                assert row is not None
                await life.execute(f"SELECT pg_advisory_lock({LIVES}, %s)", (row[0],))
        except BaseException:
            await life.close()
            raise
        self._life, self.process = life, int(row[0])

    async def _end_life(self) -> None:
        """Give up this process's place: its tables are free for the others at once. The
        process keeps its number until it enters again, so its writes stay fenced off from the
        tables it owned, which may be another's now."""
        life, self._life = self._life, None
        if life is not None:
            await life.close()

    async def beat(self) -> bool:
        if self._life is None:
            return False
        try:
            await self._life.execute("SELECT 1")
            return True
        except errors.OperationalError:
            await self._end_life()
            return False

    async def claim_orphans(self) -> list[str]:
        if self.process is None:
            return []
        return [row[0] for row in await self._rows(CLAIM, {"me": self.process})]

    async def owned(self) -> set[str]:
        rows = await self._rows("SELECT id FROM room_tables WHERE owner = %(me)s AND NOT closed",
                                {"me": self.process})
        return {row[0] for row in rows}

    async def owner(self, table_id: str) -> Owner | None:
        rows = await self._rows(OWNER, {"me": self.process, "t": table_id})
        if not rows:
            return None
        mine, address, orphaned = rows[0]
        return Owner(mine=bool(mine), address=address, orphaned=bool(orphaned))

    async def publish(self, lines: dict[str, dict[str, Any]]) -> None:
        if lines:
            values = ", ".join(["(%s, %s::json)"] * len(lines))
            parameters = [value for table_id, line in lines.items() for value in (table_id, Json(line))]
            query = (f"UPDATE room_tables t SET summary = v.summary FROM (VALUES {values}) "
                     f"AS v (id, summary) WHERE t.id = v.id AND t.owner = %s")
            async with self.pool.connection() as connection:
                await connection.execute(query, [*parameters, self.process])

    async def lobby(self) -> list[dict[str, Any]]:
        rows = await self._rows("SELECT summary FROM room_tables WHERE NOT closed AND summary IS NOT NULL "
                                "ORDER BY id")
        return [row[0] for row in rows]
