"""The room's lobby lists the tables people can join, not the abandoned ones (issue 40, point 14): a
table no one has been connected to, where nothing has happened for half an hour, leaves the list;
it stays open, and its link and its players bring it back."""

from __future__ import annotations

import asyncio
from pathlib import Path

from homegame.room.bots import BotPool
from homegame.room.connection import Connection
from homegame.room.service import ABANDONED_AFTER, CardRoom
from homegame.room.store import open_store


class _Socket:
    async def send_text(self, data: str) -> None:
        pass

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        pass


def test_an_abandoned_table_leaves_the_lobby_and_comes_back_when_someone_returns(tmp_path: Path) -> None:
    now = [1000.0]

    async def night() -> None:
        store = open_store(str(tmp_path / "room.sqlite3"))
        room = CardRoom(store, clock=lambda: now[0], bots=BotPool(workers=0))
        await room.start()
        try:
            quiet, _ = await room.create_table({"name": "quiet", "games": ["draw"], "public": True})
            busy, _ = await room.create_table({"name": "busy", "games": ["draw"], "public": True})
            seat = (await room.join(busy, "ann"))["seat"]
            room.host(busy).connect(Connection(_Socket()), seat, last_seq=0)
            assert {line["name"] for line in await room.all_tables()} == {"quiet", "busy"}
            now[0] += ABANDONED_AFTER - 1
            assert {line["name"] for line in await room.all_tables()} == {"quiet", "busy"}
            now[0] += 2
            lobby = await room.all_tables()
            assert [line["name"] for line in lobby] == ["busy"], "someone is connected to it"
            assert lobby[0]["connected"] == 1
            assert (await room.public_table(quiet))["name"] == "quiet", "still open by its link"
            await room.join(quiet, "bob")  # something happens there
            assert {line["name"] for line in await room.all_tables()} == {"quiet", "busy"}
        finally:
            await room.stop()
    asyncio.run(night())
