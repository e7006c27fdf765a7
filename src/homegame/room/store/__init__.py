"""Where a card room keeps its tables: every event of every table, in order, and nothing else.

A :class:`Store` appends a table's new events in one transaction (refusing an event number that
is taken already, so two writers can never both extend a table) and reads back what a restarted
room needs: each open table's log from its last checkpoint before its last hand. Two stores
implement it: :class:`~homegame.room.store.sqlite.SQLiteStore`, a file on this machine (the
default), and :class:`~homegame.room.store.postgres.PostgresStore`, a PostgreSQL database that
several room processes can share (a :class:`SharedStore`: it also records which process owns each
open table; see docs/scaling.md). :class:`~homegame.room.store.sqlite_shared.SharedSQLiteStore`
shares an SQLite file the same way among the room processes of one machine. :func:`open_store`
picks one by its address. Clubs (:mod:`homegame.room.club`) keep their logs in the same store, the
same way.
"""

from __future__ import annotations

import json
import sys
from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from homegame.errors import RoomError
from homegame.room.table import TableEvent

__all__ = ["Owner", "SharedStore", "Store", "StoreConflict", "TableLost", "default_path", "open_store"]


class StoreConflict(RoomError):
    """An event number that another writer took first: the table moved on elsewhere."""


class TableLost(StoreConflict):
    """A write from a room process that no longer owns the table (a shared store took it from a
    process that fell silent, and gave it to another)."""


class Store(ABC):
    """The card room's storage of table logs (see the package's docstring)."""

    @abstractmethod
    async def open(self) -> None:
        """Connect, and create the schema if it is not there yet."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def append(self, table_id: str, events: Sequence[TableEvent]) -> None:
        """Write ``events`` (the next of the table's log) in one transaction, or raise
        :class:`StoreConflict` if any of their numbers is taken, writing none."""

    @abstractmethod
    async def load(self, table_id: str) -> list[TableEvent]:
        """The table's log from its last checkpoint before its last hand (empty: no such table)."""

    @abstractmethod
    async def load_open(self, only: Collection[str] | None = None) -> dict[str, list[TableEvent]]:
        """:meth:`load` for every table that is not closed (of ``only``, if given)."""

    @abstractmethod
    async def table_ids(self, *, open_only: bool = True) -> list[str]:
        """The tables kept here (those not closed, by default)."""

    @abstractmethod
    async def hand_events(self, table_id: str, number: int) -> list[TableEvent]:
        """The events of hand ``number`` (its deal and actions): to show that hand again."""

    @abstractmethod
    async def all_events(self, table_id: str) -> list[TableEvent]:
        """The table's whole log, from its creation (empty: no such table): to read the night
        back, its ledger entry by entry and every hand."""

    @abstractmethod
    async def append_club(self, club_id: str, events: Sequence[TableEvent]) -> None:
        """Write a club's next ``events`` (:mod:`homegame.room.club`) in one transaction, or raise
        :class:`StoreConflict` if any of their numbers is taken, writing none."""

    @abstractmethod
    async def club_events(self, club_id: str) -> list[TableEvent]:
        """A club's whole log (empty: no such club)."""

    @abstractmethod
    async def clubs_with_key(self, key_hash: str) -> list[str]:
        """The clubs whose log ever gave a member the key hashing to ``key_hash`` (the club
        itself says whether it still opens the membership)."""


@dataclass(frozen=True)
class Owner:
    """Who keeps an open table of a shared store now.

    ``mine``: this process; else ``address``, where the owning process takes requests, and
    ``orphaned`` when that process is gone (the table waits for a live process to take it over).
    """

    mine: bool
    address: str | None
    orphaned: bool


class SharedStore(Store):
    """A store that several room processes use at once. Each process :meth:`enter` s it and keeps
    its place while it lives; each open table belongs to one process at a time, and the store
    refuses :meth:`append` from a process that does not own the table (:class:`StoreConflict`), on
    top of refusing an event number that is taken."""

    @abstractmethod
    async def enter(self, address: str, *, lease: float) -> None:
        """Take a place among the room's processes, reachable at ``address``; a process that stays
        silent for ``lease`` seconds loses its place (and its tables)."""

    @abstractmethod
    async def beat(self) -> bool:
        """Tell the store this process lives; ``False`` if it has lost its place (its tables may
        be another process's now: enter again)."""

    @abstractmethod
    async def claim_orphans(self) -> list[str]:
        """Take over every open table whose owner is gone; their ids."""

    @abstractmethod
    async def owned(self) -> set[str]:
        """The open tables this process owns."""

    @abstractmethod
    async def owner(self, table_id: str) -> Owner | None:
        """Who owns the open table ``table_id`` (``None``: no such open table)."""

    @abstractmethod
    async def publish(self, lines: dict[str, dict[str, Any]]) -> None:
        """Keep each table's lobby line (by id), for the lobby of every process."""

    @abstractmethod
    async def lobby(self) -> list[dict[str, Any]]:
        """The lobby lines of every open table, whoever owns it."""


def event_row(event: TableEvent) -> tuple[int, str, str, float]:
    return event.seq, event.kind, json.dumps(event.data, separators=(",", ":")), event.at


def event_of(seq: int, kind: str, data: Any, at: float) -> TableEvent:
    return TableEvent(seq, kind, json.loads(data) if isinstance(data, str | bytes) else data, at)


def default_path() -> Path:
    """The room's SQLite file in this user's data folder."""
    from platformdirs import user_data_path

    return user_data_path("homegame") / "room.sqlite3"


def open_store(address: str | None, *, shared: bool = False) -> Store:
    """The store at ``address``: a ``postgresql://`` URL, else an SQLite file's path (the user's
    data folder by default), which with ``shared`` several room processes on this machine use at
    once (a PostgreSQL store is always shared)."""
    if address is not None and address.startswith(("postgresql://", "postgres://")):
        from homegame.room.store.postgres import PostgresStore

        return PostgresStore(address)
    path = Path(address) if address else default_path()
    if shared:
        if sys.platform == "win32":
            raise RoomError("an SQLite file is shared by room processes on Linux and macOS only: on "
                            "Windows, share a room through PostgreSQL")
        from homegame.room.store.sqlite_shared import SharedSQLiteStore

        return SharedSQLiteStore(path)
    from homegame.room.store.sqlite import SQLiteStore

    return SQLiteStore(path)
