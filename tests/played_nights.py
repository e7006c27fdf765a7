"""Nights played at a real room for the tests of what they leave behind: people (each with their
club member key, or none) and a bot play hands of draw through the HTTP API and websockets, and the
owner closes the table."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from homegame.errors import RoomError
from homegame.room.client import RoomClient, SeatConnection
from room_clients import play
from room_server import RoomServer

HANDS = 4


def call(server: RoomServer, method: str, path: str, body: Any = None,
         token: str | None = None) -> tuple[int, Any]:
    """The room's status and answer (JSON, or text such as a CSV) to one HTTP request."""
    request = urllib.request.Request(server.base + path, method=method,
                                     data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            text = answer.read().decode()
            return answer.status, json.loads(text) if "json" in answer.headers["content-type"] else text
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def play_night(server: RoomServer, name: str, keys: dict[str, str | None],
               crash: Callable[[], None] | None = None, hands: int = HANDS) -> dict[str, Any]:
    """``keys``' players (each with their member key, or none: a guest) and a bot play ``hands``
    hands of draw; the room is killed and restarted after the second if ``crash`` is given; the
    owner closes the table. Its id, owner token and each player's seat token."""
    client = RoomClient(server.base)
    made = client.create_table({"name": name, "seats": len(keys) + 1, "bots": 1, "clock": 60, "pause": 0,
                                "games": ["draw"]})
    table = made["table"]
    tokens = {}
    for player, key in keys.items():
        status, answer = call(server, "POST", f"/api/tables/{table}/seats",
                               {"name": player} | ({"member_key": key} if key else {}))
        assert status == 201, answer
        tokens[player] = answer["token"]

    async def night() -> None:
        connections = [SeatConnection(server.base, table, token, give_up_after=120)
                       for token in tokens.values()]
        for connection in connections:
            await connection.open()

        def closed() -> bool:
            return any(c.ended for c in connections)

        def played(hands: int) -> bool:
            return any(c.state is not None and c.state["table"]["hands_played"] >= hands for c in connections)

        async def host() -> None:
            if crash is not None:
                while not played(2):
                    await asyncio.sleep(0.05)
                await asyncio.get_running_loop().run_in_executor(None, crash)
            while not played(hands):
                await asyncio.sleep(0.05)
            await asyncio.get_running_loop().run_in_executor(None, client.close, table, made["owner_token"])
        async def player(connection: SeatConnection, seed: int) -> None:
            try:
                await play(connection, random.Random(seed), done=closed)
            except RoomError:
                if not connection.ended:  # else the table closed while an action was on its way
                    raise
        try:
            await asyncio.wait_for(asyncio.gather(host(), *(player(c, n) for n, c in enumerate(connections))),
                                   timeout=300)
        finally:
            for connection in connections:
                await connection.close()
    asyncio.run(night())
    return {"table": table, "owner_token": made["owner_token"], "tokens": tokens}
