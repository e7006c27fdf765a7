"""Several room processes on one PostgreSQL store (docs/scaling.md): each table has one owner, the
others serve it through the owner, only the owner writes it, and when the owner is killed another
process takes the table over from the store and the hand goes on with nothing lost. An SQLite room
stays in one process."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from homegame.engine import Action, ActionSet
from homegame.errors import RoomError
from homegame.room.client import RoomClient, SeatConnection
from homegame.room.store.sqlite import SQLiteStore
from room_clients import chips_balance
from room_server import RoomServer, SharedRoom

HANDS = 3
KILL_AT = (2, 3)
"""The owner is killed as the third action of hand 2 goes out."""


class FrontDoor:
    """A load balancer's failover in miniature: each connection goes to the first of ``ports`` that
    takes it, and bytes are copied both ways (what clients of a room of several processes dial)."""

    def __init__(self, ports: list[int]) -> None:
        self.ports, self.port = ports, 0
        self._server: asyncio.Server | None = None

    async def start(self) -> str:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{self.port}"

    def close(self) -> None:
        if self._server is not None:
            self._server.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        for port in self.ports:
            try:
                inner_reader, inner_writer = await asyncio.open_connection("127.0.0.1", port)
                break
            except OSError:
                continue
        else:
            writer.close()
            return
        with contextlib.suppress(asyncio.CancelledError):  # the test is over
            await asyncio.gather(_copy(reader, inner_writer), _copy(inner_reader, writer),
                                 return_exceptions=True)


async def _copy(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    finally:
        writer.close()


def _policy(legal: ActionSet) -> Action:
    """Check, else call, else throw one card: every hand goes to a showdown through the draw."""
    if Action("check") in legal:
        return Action("check")
    calls = [a for a in legal[:8] if a.kind == "call"]
    discards = [a for a in legal[:8] if a.kind == "discard" and len(a.cards) == 1]
    return (calls or discards or [legal[0]])[0]


def _shared(room: SharedRoom, lease: str = "2") -> RoomServer:
    return room.server("--advertise", "{base}", "--lease", lease)


def test_a_table_goes_on_in_another_process_when_its_owner_is_killed(shared_room: SharedRoom) -> None:
    with _shared(shared_room) as owner, _shared(shared_room) as other:
        figures = asyncio.run(_kill_the_owner(owner, other))
    print(f"kill -9: the other process hosted the table {figures['hosted']:.2f} s after the kill; "
          f"the action in flight was answered {figures['answered']:.2f} s after it")


def test_a_frozen_owner_loses_its_table_and_serves_it_through_the_new_owner(shared_room: SharedRoom) -> None:
    with _shared(shared_room, lease="1") as owner, _shared(shared_room) as other:
        figures = asyncio.run(_freeze_the_owner(owner, other))
    print(f"frozen: the other process hosted the table {figures['hosted']:.2f} s after the freeze "
          f"(lease 1 s); the action in flight was answered {figures['answered']:.2f} s after it")


async def _kill_the_owner(owner: RoomServer, other: RoomServer) -> dict[str, float]:
    """Four players, two through each process (two of them through a front door that fails over),
    play ``HANDS`` hands of draw on a table made in ``owner``, which is killed mid-hand."""
    door = FrontDoor([owner.port, other.port])
    door_base = await door.start()
    at_owner, at_other = RoomClient(owner.base), RoomClient(other.base)
    table = at_owner.create_table({"name": "shared", "seats": 4, "games": ["draw"], "clock": 30,
                                   "pause": 0, "public": True})["table"]
    assert [line["id"] for line in at_other.tables()] == [table], "every process lists every table"
    assert at_other.table(table) == at_owner.table(table), "a process serves the tables it does not own"
    tokens = {name: client.join(table, name)[1]
              for name, client in (("ann", at_owner), ("bob", at_owner), ("cy", at_other), ("dee", at_other))}
    assert other.get("/api/health")["tables"] == 0, "the other process serves the table through its owner"
    bases = {"ann": door_base, "bob": door_base, "cy": other.base, "dee": other.base}
    connections = {name: SeatConnection(bases[name], table, tokens[name]) for name in tokens}
    loop = asyncio.get_running_loop()
    watching: list[asyncio.Future[float]] = []

    async def kill() -> None:
        killed = time.monotonic()
        await loop.run_in_executor(None, owner.kill)
        owner.listener.close()  # nothing answers at its address any more: the front door fails over
        watching.append(loop.run_in_executor(None, _hosted_by, other, killed))
    try:
        answered, sent = await _play(connections, interrupt=kill)
        figures = {"answered": answered, "hosted": await watching[0]}
    finally:
        door.close()
    assert other.get("/api/health")["tables"] == 1
    for name, connection in connections.items():
        assert connection.closed_with is not None, f"{name} lost the owner's connection at the kill"
    _check_night(at_other, table, tokens, connections, sent)
    return figures


async def _freeze_the_owner(owner: RoomServer, other: RoomServer) -> dict[str, float]:
    """Two players at the owner, which freezes mid-hand (``SIGSTOP``) for longer than its lease:
    the other process takes the table over; the owner, woken, finds it lost the table (its session
    is gone, or its write is refused), lets it go and serves its clients through the new owner."""
    at_owner = RoomClient(owner.base)
    table = at_owner.create_table({"name": "frozen", "seats": 2, "games": ["draw"], "clock": 30,
                                   "pause": 0})["table"]
    tokens = {name: at_owner.join(table, name)[1] for name in ("ann", "bob")}
    connections = {name: SeatConnection(owner.base, table, tokens[name]) for name in tokens}
    figures: dict[str, float] = {}
    loop = asyncio.get_running_loop()

    async def freeze() -> None:
        assert owner.process is not None
        frozen = time.monotonic()
        os.kill(owner.process.pid, signal.SIGSTOP)
        try:
            figures["hosted"] = await loop.run_in_executor(None, _hosted_by, other, frozen)
        finally:
            os.kill(owner.process.pid, signal.SIGCONT)
    figures["answered"], sent = await _play(connections, interrupt=freeze, hands=2)
    # One process hosts the table at the end. Which one is up to timing: with a lease of a second
    # on a loaded machine, the new owner can miss its own lease in turn and the table move back,
    # and for the moment of that move neither hosts it.
    deadline, hosts = time.monotonic() + 15, [-1, -1]
    while sorted(hosts) != [0, 1] and time.monotonic() < deadline:
        hosts = [other.get("/api/health")["tables"], owner.get("/api/health")["tables"]]
        await asyncio.sleep(0.05)
    assert sorted(hosts) == [0, 1], hosts
    _check_night(RoomClient(other.base), table, tokens, connections, sent, hands=2)
    return figures


def _hosted_by(server: RoomServer, since: float) -> float:
    """Seconds from ``since`` until ``server`` hosts a table (within half a minute)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.get("/api/health")["tables"] == 1:
            return time.monotonic() - since
        time.sleep(0.02)
    raise AssertionError("the other process never took the table over")


Sent = dict[tuple[int, str], list[dict[str, Any]]]


async def _play(connections: dict[str, SeatConnection], *, interrupt: Callable[[], Awaitable[None]],
                hands: int = HANDS) -> tuple[float, Sent]:
    """Play ``hands`` hands of draw; ``interrupt`` runs as the action :data:`KILL_AT` goes out.
    How long after the interruption that action was answered, and every action each player sent."""
    sent: Sent = {}
    answered: list[float] = []
    loop = asyncio.get_running_loop()
    for connection in connections.values():
        await connection.open()

    async def player(name: str) -> None:
        connection, seen = connections[name], 0

        def my_turn(state: dict[str, Any]) -> bool:
            return state["table"]["hands_played"] >= hands or (state["seq"] > seen and (
                state["you"]["to_act"] or state["you"]["choosing"]))
        while True:
            state = await connection.wait_for(my_turn, timeout=60)
            if state["table"]["hands_played"] >= hands:
                return
            seen = state["seq"]
            if state["you"]["choosing"]:
                assert (await connection.choose("draw"))["type"] == "ack"
                continue
            hand, action = state["table"]["hand"]["number"], _policy(ActionSet.from_json(state["legal"]))
            sent.setdefault((hand, name), []).append(action.to_json())
            in_hand = sum(len(actions) for (number, _), actions in sent.items() if number == hand)
            acting = loop.create_task(connection.act(action, seq=state["seq"]))
            if (hand, in_hand) == KILL_AT:
                await asyncio.sleep(0.005)  # the action is on its way, or taken, or saved: not told
                start = time.monotonic()
                await interrupt()
                await acting
                answered.append(time.monotonic() - start)
            answer = await acting
            assert answer["type"] == "ack", f"{name}'s action was refused: {answer}"

    try:
        await asyncio.wait_for(asyncio.gather(*(player(name) for name in connections)), timeout=120)
    finally:
        for connection in connections.values():
            await connection.close()
    assert answered, "the interruption never came"
    return answered[0], sent


def _check_night(client: RoomClient, table: str, tokens: dict[str, str],
                 connections: dict[str, SeatConnection], sent: Sent, hands: int = HANDS) -> None:
    """Chips balanced in every frame; each hand's log holds each player's actions exactly once."""
    for connection in connections.values():
        for frame in connection.frames:
            if frame["type"] == "state":
                chips_balance(frame)
    for (number, name), actions in sent.items():
        log = client.hand(table, number, tokens[name])  # as the player saw it: their own cards shown
        taken = [event["data"]["action"] for event in log["view"]["log"]
                 if event["kind"] == "action" and log["seats"][event["seat"]] == connections[name].seat]
        assert taken == actions, f"hand {number}: an action of {name}'s was lost or taken twice"
    assert {number for number, _ in sent} == set(range(1, hands + 1))
    assert sum(line["net"] for line in client.ledger(table)["lines"]) == 0


def test_an_sqlite_room_refuses_a_second_process(tmp_path: Path) -> None:
    path = tmp_path / "room.sqlite3"

    async def main() -> None:
        first = SQLiteStore(path)
        await first.open()
        try:
            with pytest.raises(RoomError, match="in use by another process"):
                await SQLiteStore(path).open()
            second = subprocess.run([sys.executable, "-m", "homegame", "serve", "--store", str(path),
                                     "--host", "127.0.0.1", "--port", "9"], capture_output=True, text=True,
                                    timeout=60)
            assert second.returncode == 2 and "card room on" not in second.stdout
            assert second.stderr.startswith("homegame serve: ") and "Traceback" not in second.stderr
            assert "in use by another process" in second.stderr
        finally:
            await first.close()
        again = SQLiteStore(path)  # free again once the first has gone
        await again.open()
        await again.close()
    asyncio.run(main())
    answer = subprocess.run([sys.executable, "-m", "homegame", "serve", "--store", str(path), "--advertise",
                             "http://127.0.0.1:9"], capture_output=True, text=True, timeout=60)
    assert answer.returncode == 2 and "an SQLite one with --shared" in answer.stderr


def test_a_table_whose_owner_cannot_be_reached_is_answered_try_again(shared_room: SharedRoom) -> None:
    """An owner that advertises an address where nothing answers: the other process answers 503
    (HTTP) or 1012 (websocket) for its tables, and a request that was forwarded once already is
    never forwarded again."""
    astray = shared_room.server("--advertise", "http://127.0.0.1:9", "--lease", "2")
    with astray as owner, _shared(shared_room) as other:
        table = RoomClient(owner.base).create_table({"name": "astray", "games": ["draw"]})["table"]
        for headers in ({}, {"x-homegame-forwarded": "1"}):
            request = urllib.request.Request(f"{other.base}/api/tables/{table}", headers=headers)
            with pytest.raises(urllib.error.HTTPError) as answer:
                urllib.request.urlopen(request, timeout=30)
            assert answer.value.code == 503 and answer.value.headers["retry-after"] == "1"
        request = urllib.request.Request(f"{owner.base}/api/tables/{table}",
                                         headers={"x-homegame-forwarded": "1"})
        with urllib.request.urlopen(request, timeout=30) as direct:
            assert json.loads(direct.read())["id"] == table, "the owner answers a forwarded request itself"

        async def hello() -> int | None:
            connection = SeatConnection(other.base, table, reconnect=False)
            await connection.open()
            for _ in range(500):  # five seconds at most
                if connection.closed_with is not None:
                    break
                await asyncio.sleep(0.01)
            await connection.close()
            return connection.closed_with
        assert asyncio.run(hello()) == 1012
