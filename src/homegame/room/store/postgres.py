"""The card room's store in PostgreSQL: a shared room, where several room processes (on one
machine or several) keep their tables in one database.

Connections come from a small pool; each append is one transaction, and the primary key on
(table, event number) makes a second writer of the same event fail, so no table can fork. Events
are kept as ``json`` (text exactly as written, key order included).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from psycopg import errors
from psycopg.types.json import Json
from psycopg_pool import AsyncConnectionPool

from homegame.room.store import Store, StoreConflict, event_of
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
"""

START: Final = """
    coalesce((SELECT max(c.seq) FROM room_events c WHERE c.table_id = {t} AND c.kind = 'checkpoint'
              AND c.seq < coalesce((SELECT max(d.seq) FROM room_events d
                                    WHERE d.table_id = {t} AND d.kind = 'dealt'), 0)), 1)
"""


class PostgresStore(Store):
    """Table logs in the PostgreSQL database at ``url`` (``postgresql://...``)."""

    def __init__(self, url: str, *, connections: int = 4) -> None:
        self.url = url
        self.pool = AsyncConnectionPool(url, min_size=1, max_size=connections, open=False)

    async def open(self) -> None:
        await self.pool.open(wait=True, timeout=30)
        async with self.pool.connection() as connection:
            await connection.execute("SELECT pg_advisory_xact_lock(7306121)")  # one schema creator
            await connection.execute(SCHEMA)

    async def close(self) -> None:
        await self.pool.close()

    async def append(self, table_id: str, events: Sequence[TableEvent]) -> None:
        rows = [(table_id, e.seq, e.kind, Json(e.data), e.at) for e in events]
        try:
            async with self.pool.connection() as connection, connection.transaction(), \
                    connection.cursor() as cursor:
                await cursor.execute("INSERT INTO room_tables (id) VALUES (%s) ON CONFLICT DO NOTHING",
                                     (table_id,))
                await cursor.executemany("INSERT INTO room_events (table_id, seq, kind, data, at) "
                                         "VALUES (%s, %s, %s, %s, %s)", rows)
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

    async def load_open(self) -> dict[str, list[TableEvent]]:
        query = (f"SELECT e.table_id, e.seq, e.kind, e.data, e.at FROM room_events e JOIN room_tables t "
                 f"ON t.id = e.table_id WHERE NOT t.closed AND e.seq >= {START.format(t='t.id')} "
                 f"ORDER BY e.table_id, e.seq")
        logs: dict[str, list[TableEvent]] = {}
        for table_id, *row in await self._rows(query):
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
