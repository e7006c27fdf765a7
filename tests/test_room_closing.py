"""Closing a table at a real server on 127.0.0.1: the owner may close it during a hand, and it
closes when that hand ends; every connection then gets the final ledger and is closed; the ledger,
the table and its hands can still be read, and a client that comes back is told it is closed."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from typing import Any

import pytest

from homegame.errors import RoomError
from homegame.room.client import RoomClient, SeatConnection
from homegame.room.connection import CLOSE_TABLE_CLOSED
from room_clients import play
from room_server import RoomServer
from test_room_protocol_doc import check_frame


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoomServer]:
    with RoomServer(str(tmp_path_factory.mktemp("room") / "room.sqlite3")) as running:
        yield running


def test_a_table_closed_during_a_hand_closes_when_it_ends_and_tells_everyone(server: RoomServer) -> None:
    client = RoomClient(server.base)
    made = client.create_table({"name": "last orders", "seats": 3, "games": ["draw"], "clock": 120,
                                "pause": 0})
    table = made["table"]
    tokens = [client.join(table, name)[1] for name in ("ann", "bob")]

    async def scenario() -> tuple[list[SeatConnection], dict[str, Any]]:
        seats = [SeatConnection(server.base, table, token) for token in tokens]
        watcher = SeatConnection(server.base, table)
        for connection in (*seats, watcher):
            await connection.open()
        await watcher.wait_for(lambda state: state["table"]["phase"] == "playing")  # Draw, dealt uncalled
        answer = await asyncio.to_thread(client.close, table, made["owner_token"])
        assert answer["closed"] is False
        await watcher.wait_for(lambda state: state["table"]["closing"])
        with pytest.raises(RoomError, match="closes when the hand in play ends"):
            await asyncio.to_thread(client.join, table, "cy")
        await asyncio.wait_for(asyncio.gather(*(
            play(c, random.Random(n), done=lambda c=c: c.final_ledger is not None)  # type: ignore[misc]
            for n, c in enumerate(seats))), timeout=60)
        for connection in (*seats, watcher):
            while not connection.ended:
                await connection.wait_changed(connection.version)
        return [*seats, watcher], answer["ledger"]

    connections, ledger_then = asyncio.run(scenario())
    final = client.ledger(table)
    for connection in connections:
        for frame in connection.frames:
            check_frame(frame)
        assert connection.closed_with == CLOSE_TABLE_CLOSED
        assert connection.why_closed() == "the table is closed"
        assert connection.final_ledger == final
    assert {line["name"] for line in final["lines"]} == {line["name"] for line in ledger_then["lines"]}
    assert sum(line["net"] for line in final["lines"]) == 0
    assert all(line["stack"] == 0 for line in final["lines"]), "everyone took their stack"
    assert client.table(table)["phase"] == "closed" and table not in [t["id"] for t in client.tables()]
    assert client.hand(table, 1, token=tokens[0])["number"] == 1, "a closed table's hands are public"

    async def come_back() -> SeatConnection:
        connection = SeatConnection(server.base, table, tokens[0])
        await connection.open()
        with pytest.raises(RoomError, match="the table is closed"):
            await connection.first_state()
        return connection

    again = asyncio.run(come_back())
    assert again.closed_with == CLOSE_TABLE_CLOSED and again.final_ledger == final


def test_a_table_closed_between_hands_closes_at_once(server: RoomServer) -> None:
    client = RoomClient(server.base)
    made = client.create_table({"name": "early night", "games": ["draw"], "bots": 1})  # waits for people
    answer = client.close(made["table"], made["owner_token"])
    assert answer["closed"] is True and answer["ledger"] == client.ledger(made["table"])
    assert [(line["name"], line["bot"]) for line in answer["ledger"]["lines"]] == [("Ada (bot)", True)]
