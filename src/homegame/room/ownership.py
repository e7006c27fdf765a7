"""Several room processes on one shared store: which process keeps which table, and taking over
the tables of a process that died (the design is in docs/scaling.md).

A :class:`Sharing` is one process's part. It enters the store as a room process (reachable at its
advertised address; a process that advertises none owns and takes over tables all the same, but
the others cannot send clients to it) and, every ``tick`` (a fraction of the lease), tells the
store it lives, takes over every table whose owner has gone (reading it back from the store
exactly as a restart does), lets go of any table the store says is no longer its own, and
publishes its tables' lobby lines.
:meth:`Sharing.locate` answers where a table is served: here, or at its owner's address, taking
it over on the spot if its owner is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any, Final

from homegame.errors import NotFound, RoomError
from homegame.room.host import TableHost
from homegame.room.store import SharedStore

if TYPE_CHECKING:
    from homegame.room.service import CardRoom

__all__ = ["CLOSE_MOVING", "Sharing", "TableMoving"]

CLOSE_MOVING: Final = 1012
"""The websocket close code for "this table is changing hands: connect again" (a client's reconnect
then reaches the table's new owner)."""

_log = logging.getLogger(__name__)


class TableMoving(RoomError):
    """The table is between owners just now (its owner is unreachable or being replaced): try again
    in a moment."""


class Sharing:
    """One room process's part in a shared room (see the module's docstring)."""

    def __init__(self, room: CardRoom, store: SharedStore, *, address: str, lease: float) -> None:
        if lease <= 0:
            raise RoomError(f"the lease is a number of seconds above 0, not {lease}")
        self.room, self.store, self.address, self.lease = room, store, address.rstrip("/"), lease
        self.tick = min(1.0, lease / 4)
        self.adopting = asyncio.Lock()
        self._published: dict[str, dict[str, Any]] = {}
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self.store.enter(self.address, lease=self.lease)
        await self.sweep()
        self._task = asyncio.get_running_loop().create_task(self._watch())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self.tick)
            try:
                await self.sweep()
            except Exception:  # the database is away: keep trying; the store fences every write
                _log.exception("the room could not reach its shared store")

    async def sweep(self) -> None:
        """Keep this process's place, take over orphaned tables, let go of lost ones, publish."""
        if not await self.store.beat():
            self.drop(list(self.room.hosts))  # silent too long: another process may own them now
            await self.store.enter(self.address, lease=self.lease)
        async with self.adopting:
            await self.store.claim_orphans()
            owned = await self.store.owned()
            await self._adopt(sorted(owned))  # those not hosted yet: just taken, or a failed try
            self.drop([table_id for table_id in self.room.hosts if table_id not in owned])
        await self.publish()

    async def _adopt(self, table_ids: list[str]) -> None:
        """Host ``table_ids`` (this process owns them now), each read back from the store."""
        fresh = [table_id for table_id in table_ids if table_id not in self.room.hosts]
        if not fresh:
            return
        for table_id, events in (await self.store.load_open(fresh)).items():
            if self.room.host_stored(table_id, events):
                _log.info("took over table %s", table_id)

    def drop(self, table_ids: list[str]) -> None:
        """Stop hosting ``table_ids``; their clients are told to connect again (and so reach the
        tables' owners)."""
        for table_id in table_ids:
            host = self.room.hosts.pop(table_id)
            host.halt()
            for connection in host.connections:
                connection.close(CLOSE_MOVING)
            self._published.pop(table_id, None)

    def forget(self, table_id: str) -> None:
        """A table of this process closed: it is in no lobby (the store marked it closed)."""
        self._published.pop(table_id, None)

    async def still_holds(self, table_id: str) -> bool:
        """Whether this process still holds ``table_id`` (``True`` if the store cannot say): after
        a write failed, a process that froze past its lease finds its session ended and the
        table, soon or already, another's."""
        try:
            if not await self.store.beat():
                return False
            owner = await self.store.owner(table_id)
        except Exception:  # the database is away: the write failed for that
            return True
        return owner is not None and owner.mine

    async def publish(self) -> None:
        """Send the store the lobby lines of this process's tables that changed."""
        lines = {table_id: self.room.lobby_line(host) for table_id, host in self.room.hosts.items()}
        changed = {key: line for key, line in lines.items() if self._published.get(key) != line}
        await self.store.publish(changed)
        self._published.update(changed)

    async def locate(self, table_id: str) -> TableHost | str:
        """Where ``table_id`` is served: its host here, or its owner's address. A table whose owner
        is gone is taken over here and then. :class:`NotFound` if there is no such open table,
        :class:`TableMoving` if its owner cannot be told apart from a dead one just now."""
        for _ in range(2):
            if table_id in self.room.hosts:
                return self.room.hosts[table_id]
            owner = await self.store.owner(table_id)
            if owner is None:
                raise NotFound(f"there is no open table {table_id[:64]!r} in this room")
            if owner.orphaned or owner.mine:
                async with self.adopting:
                    claimed = await self.store.claim_orphans()
                    await self._adopt([*claimed, table_id] if owner.mine else claimed)
            elif owner.address and owner.address != self.address:
                return owner.address
        if table_id in self.room.hosts:
            return self.room.hosts[table_id]
        raise TableMoving(f"table {table_id[:64]} is changing hands: try again in a moment")

    async def lobby(self) -> list[dict[str, Any]]:
        """Every open table of the shared store, this process's own as they are now."""
        here = {table_id: self.room.lobby_line(host) for table_id, host in self.room.hosts.items()}
        return [here.pop(line["id"], line) for line in await self.store.lobby()] + list(here.values())
