"""A private table in its host's hands, on a real server: found only by its link, seats granted by
the host, every host action refused (the table unchanged) to anyone without the host's token, a
pause that survives a ``kill -9``, and a seat's newer connection taking over from the older."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from homegame.errors import NotAllowed, RoomError
from homegame.room.client import RoomClient, SeatConnection
from room_server import RoomServer


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoomServer]:
    with RoomServer(str(tmp_path_factory.mktemp("host") / "room.sqlite3")) as running:
        yield running


def _private(client: RoomClient, **setup: Any) -> dict[str, Any]:
    return client.create_table({"name": "Friday", "games": ["draw"], "clock": 60, "pause": 0, **setup})


def _post(base: str, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(base + path, data=body, method="POST", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_a_private_table_is_found_only_by_its_link_and_a_public_one_is_listed(server: RoomServer) -> None:
    client = RoomClient(server.base)
    private, public = _private(client), _private(client, public=True)
    listed = [line["id"] for line in client.tables()]
    assert private["table"] not in listed and public["table"] in listed
    assert client.table(private["table"])["config"]["public"] is False  # the link still opens it
    assert private["host_link"] == f"/t/{private['table']}#host={private['owner_token']}"
    client.host(private["table"], private["owner_token"], {"type": "settings", "public": True})
    assert private["table"] in [line["id"] for line in client.tables()]


def test_the_host_grants_one_request_and_refuses_another_and_each_asker_is_told(server: RoomServer) -> None:
    asyncio.run(_requests(server))


async def _requests(server: RoomServer) -> None:
    client = RoomClient(server.base)
    made = _private(client, ask_to_sit=True, bots=1)
    table, owner = made["table"], made["owner_token"]
    host_seat = client.take_seat(table, "ann", host_token=owner)
    assert host_seat["seat"] == 1, "the host sits at once"
    bob = client.take_seat(table, "bob", chips=100)
    cat = client.take_seat(table, "cat")
    assert bob["seat"] is None and cat["seat"] is None and bob["request"] != cat["request"]
    async with SeatConnection(server.base, table, host_seat["token"], owner=owner) as host, \
            SeatConnection(server.base, table, bob["token"]) as bob_side, \
            SeatConnection(server.base, table, cat["token"]) as cat_side:
        state = await host.wait_for(lambda s: s["host"] is not None and len(s["host"]["requests"]) == 2)
        assert [r["name"] for r in state["host"]["requests"]] == ["bob", "cat"] and state["you"]["host"]
        asking = await bob_side.wait_for(lambda s: s["you"]["request"] is not None)
        assert asking["you"]["request"]["status"] == "asking" and asking["host"] is None
        assert asking["you"]["seat"] is None and asking["table"]["requests"] == 2
        said = client.host(table, owner, {"type": "approve", "request": bob["request"]})
        assert said["done"] == "bob sits in seat 2 with 100 chips"
        seated = await bob_side.wait_for(lambda s: s["you"]["seat"] == 2)
        assert seated["you"]["request"] is None and seated["you"]["name"] == "bob"
        client.host(table, owner, {"type": "refuse", "request": cat["request"]})
        refused = await cat_side.wait_for(lambda s: s["you"]["request"]["status"] == "refused")
        assert refused["you"]["seat"] is None
        answer = await cat_side.send({"type": "chat", "text": "let me in"})
        assert answer["code"] == "watching"
        state = await host.wait_for(lambda s: not s["host"]["requests"])
        assert [s["name"] if s else None for s in state["table"]["seats"][:3]] == ["Ada (bot)", "ann", "bob"]


def _snapshot(client: RoomClient, table: str) -> tuple[Any, Any]:
    seen = client.table(table)
    for seat in seen["seats"]:
        if seat is not None:
            seat.pop("connected")
    return seen, client.ledger(table)


HOST_ACTIONS = [
    {"type": "approve", "request": 1}, {"type": "refuse", "request": 1}, {"type": "remove", "seat": 0},
    {"type": "start"}, {"type": "pause"}, {"type": "resume"}, {"type": "approve_chips", "seat": 0},
    {"type": "refuse_chips", "seat": 0}, {"type": "adjust", "seat": 0, "chips": 5, "reason": "a gift"},
    {"type": "hand_over", "seat": 1}, {"type": "settings", "public": True}, {"type": "end"},
]


def test_every_host_action_is_refused_without_the_host_s_token_table_unchanged(server: RoomServer) -> None:
    client = RoomClient(server.base)
    made = _private(client, host_starts=True, ask_to_sit=True, approve_chips=True)
    table, owner = made["table"], made["owner_token"]
    seat = client.take_seat(table, "ann", host_token=owner)["token"]
    client.take_seat(table, "bob", host_token=owner)
    client.take_seat(table, "cat")
    other_owner = _private(client)["owner_token"]
    before = _snapshot(client, table)
    for token in (seat, "a-guessed-token-" + "x" * 27, other_owner, None):
        for action in HOST_ACTIONS:
            with pytest.raises(NotAllowed, match="only the table's host"):
                client._call("POST", f"/api/tables/{table}/host", action, token=token)
        with pytest.raises(NotAllowed):
            client.close(table, token or "")
    assert _snapshot(client, table) == before
    with pytest.raises(RoomError, match="no host action type"):
        client.host(table, owner, {"type": "dance"})
    assert _snapshot(client, table) == before


def test_a_removed_player_s_chips_are_in_the_ledger_and_their_token_opens_nothing(server: RoomServer) -> None:
    client = RoomClient(server.base)
    made = _private(client, host_starts=True, buy_in=120)
    table, owner = made["table"], made["owner_token"]
    client.join(table, "ann")
    _, bob = client.join(table, "bob")
    client.host(table, owner, {"type": "adjust", "seat": 1, "chips": 30, "reason": "bought in twice"})
    said = client.host(table, owner, {"type": "remove", "seat": 1})["done"]
    assert said == "bob is removed and cashed out with 150 chips"
    ledger = client.ledger(table)
    bob_line = {"name": "bob", "bought": 150, "cashed": 150, "stack": 0, "net": 0, "bot": False}
    assert bob_line in ledger["lines"]
    assert ledger["adjustments"][0]["reason"] == "bought in twice"

    async def comes_back() -> SeatConnection:
        connection = SeatConnection(server.base, table, bob, reconnect=False)
        await connection.open()
        while not connection.ended:
            await asyncio.sleep(0.05)
        return connection
    assert asyncio.run(comes_back()).closed_with == 4401


def test_a_pause_survives_a_kill_of_the_room_and_a_restart(tmp_path: Path) -> None:
    store = str(tmp_path / "room.sqlite3")
    with RoomServer(store) as room:
        client = RoomClient(room.base)
        made = client.create_table({"name": "paused", "games": ["draw"], "clock": 20, "pause": 0})
        table, owner = made["table"], made["owner_token"]
        _, token = client.join(table, "ann")
        client.join(table, "bob")
        _wait(client, table, lambda t: t["phase"] == "playing")
        client.host(table, owner, {"type": "pause"})
        paused = client.table(table)
        left = _time_left(paused, paused["paused"]["at"])
        room.kill()
        room.start()
        again = client.table(table)
        assert again["paused"]["by"] == "the host" and again["hand"] == paused["hand"]
        assert _time_left(again, again["paused"]["at"]) == pytest.approx(left)
        assert client.host(table, owner, {"type": "resume"})["done"] == "play goes on"
        with pytest.raises(RoomError, match="not paused"):
            client.host(table, owner, {"type": "resume"})

        async def clocks() -> dict[int, float]:
            async with SeatConnection(room.base, table, token) as seat:
                state = await seat.first_state()
                return _time_left(state["table"], state["now"])
        resumed = asyncio.run(clocks())
        assert resumed.keys() == left.keys()
        assert all(left[seat] - 5 < resumed[seat] <= left[seat] for seat in left), (left, resumed)


def _time_left(table: dict[str, Any], now: float) -> dict[int, float]:
    return {seat["seat"]: seat["deadline"] - now for seat in table["seats"] if seat and seat["deadline"]}


def _wait(client: RoomClient, table: str, ready: Any) -> dict[str, Any]:
    for _ in range(400):
        seen = client.table(table)
        if ready(seen):
            return seen
        asyncio.run(asyncio.sleep(0.05))
    raise AssertionError("the table never got there")
