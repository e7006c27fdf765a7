"""The room killed with ``kill -9`` in the middle of hands (in a betting round, in the draw, while
a clock runs), restarted on the same store, with the clients reconnecting by their tokens: the
night ends exactly as the same play without the crash, no action lost and none taken twice. On
SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import homegame
from homegame.cards import format_cards
from homegame.engine import Action, ActionSet
from homegame.room.client import RoomClient, SeatConnection
from room_clients import play
from room_server import RoomServer

HANDS = 2
STALLS = {(2, "bob")}
"""(hand, player) decisions left to the clock on the night it is killed while that clock runs: bob's
first turn of hand 2, where the clock's default (a check) is the move he would have made."""


def _decks() -> list[str]:
    deck = homegame.new_game("draw", players=3).deck
    orders = []
    for seed in range(HANDS):
        order = list(deck)
        random.Random(100 + seed).shuffle(order)
        orders.append(format_cards(order))
    return orders


def _policy(legal: ActionSet) -> Action:
    """The same move in the same spot, every run: check, else call, else throw the first card."""
    for action in (Action("check"),):
        if action in legal:
            return action
    calls = [a for a in legal[:8] if a.kind == "call"]
    if calls:
        return calls[0]
    discards = [a for a in legal[:8] if a.kind == "discard" and len(a.cards) == 1]
    return discards[0] if discards else legal[0]


async def _play_night(server: RoomServer, crash: Callable[[dict[str, Any]], bool] | None,
                      restart: Callable[[int], None]) -> dict[str, Any]:
    """Three players play ``HANDS`` hands; when ``crash(state)`` first holds, the server is killed
    and restarted. The ledger and every hand as seat 0 saw it, at the end."""
    client = RoomClient(server.base)
    # A short clock only where the clock is to run out: elsewhere a restart on a loaded machine
    # must not outlast a player's clock, or the clock would play for them.
    clock = 5 if crash is _under_the_clock else 120
    table = client.create_table({"name": "crash", "seats": 3, "games": ["draw"], "clock": clock,
                                 "pause": 0, "timeouts_to_sit_out": 5})["table"]
    names = ["ann", "bob", "cy"]
    tokens = {name: client.join(table, name)[1] for name in names}
    connections = {name: SeatConnection(server.base, table, tokens[name]) for name in names}
    for connection in connections.values():
        await connection.open()
    crashed = asyncio.Event()
    stalled: set[tuple[int, str]] = set()

    async def kill_and_restart(state: dict[str, Any]) -> None:
        if crashed.is_set():
            return
        crashed.set()
        dealt = state["table"]["hands_played"] + (state["table"]["hand"] is not None)
        await asyncio.get_running_loop().run_in_executor(None, restart, dealt)

    async def watcher() -> None:
        """Kills the room the moment ``crash`` holds for what ann sees (a clock running on bob)."""
        if crash is _under_the_clock:
            state = await connections["ann"].wait_for(
                lambda s: crash(s) or s["table"]["hands_played"] >= HANDS, timeout=120)
            if not crashed.is_set() and crash(state):
                await kill_and_restart(state)

    async def player(name: str) -> None:
        connection, seen = connections[name], 0

        def my_turn(state: dict[str, Any]) -> bool:
            return state["table"]["hands_played"] >= HANDS or (state["seq"] > seen and (
                state["you"]["to_act"] or state["you"]["choosing"]))
        while True:
            state = await connection.wait_for(my_turn, timeout=60)
            if state["table"]["hands_played"] >= HANDS:
                return
            seen = state["seq"]
            hand = state["table"]["hand"]
            if state["you"]["choosing"]:
                await connection.choose("draw")
            elif crash is _under_the_clock and hand is not None and (hand["number"], name) in STALLS \
                    and (hand["number"], name) not in stalled:
                stalled.add((hand["number"], name))  # let the clock play this one
            elif crash not in (None, _under_the_clock) and not crashed.is_set() and crash(state):
                # The action goes out and the room dies before (or just after) it answers: on
                # reconnecting the client sends it again, and the room takes it once.
                acting = asyncio.get_running_loop().create_task(
                    connection.act(_policy(ActionSet.from_json(state["legal"])), seq=state["seq"]))
                await asyncio.sleep(0.005)
                await kill_and_restart(state)
                await acting
            else:
                await connection.act(_policy(ActionSet.from_json(state["legal"])), seq=state["seq"])

    await asyncio.wait_for(asyncio.gather(*(player(name) for name in names), watcher()), timeout=240)
    assert crash is None or crashed.is_set(), "the crash point never came"
    hands = [client.hand(table, number, tokens["ann"]) for number in range(1, HANDS + 1)]
    ledger = client.ledger(table)
    for connection in connections.values():
        await connection.close()
    return {"ledger": ledger["lines"], "hands": [_timeless(hand) for hand in hands]}


def _timeless(data: Any) -> Any:
    if isinstance(data, dict):
        return {key: _timeless(value) for key, value in data.items() if key not in ("at", "now", "deadline")}
    if isinstance(data, list):
        return [_timeless(item) for item in data]
    return data


def _night(address: str, crash: Callable[[dict[str, Any]], bool] | None) -> dict[str, Any]:
    decks = json.dumps(_decks())
    server = RoomServer(address, app="room_stacked:make_app", env={"HOMEGAME_TEST_DECKS": decks})

    def restart(dealt: int) -> None:
        server.kill()
        server.env["HOMEGAME_TEST_DEALT"] = str(dealt)
        server.start()
    with server:
        return asyncio.run(_play_night(server, crash, restart))


def _in_phase(phase: str, number: int) -> Callable[[dict[str, Any]], bool]:
    def at(state: dict[str, Any]) -> bool:
        hand, view = state["table"]["hand"], state["view"]
        return hand is not None and hand["number"] == number and view is not None and view["phase"] == phase
    return at


def _under_the_clock(state: dict[str, Any]) -> bool:
    """Bob's stalled turn is on: his clock runs."""
    hand = state["table"]["hand"]
    bob = next(seat for seat in state["table"]["seats"] if seat and seat["name"] == "bob")
    return hand is not None and hand["number"] == 2 and bob["deadline"] is not None and \
        state["you"]["name"] != "bob"


CRASHES = {"mid-betting": _in_phase("bet1", 1), "mid-draw": _in_phase("draw", 2),
           "under a running clock": _under_the_clock}


@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
def test_a_killed_room_resumes_every_hand_exactly(store: str, tmp_path: Path,
                                                  request: pytest.FixtureRequest) -> None:
    def address(name: str) -> str:
        if store == "sqlite":
            return str(tmp_path / f"{name}.sqlite3")
        return str(request.getfixturevalue("postgres").database())
    calm = _night(address("calm"), crash=None)
    assert len(calm["hands"]) == HANDS and sum(line["net"] for line in calm["ledger"]) == 0
    clock_plays = [e for e in calm["hands"][1]["view"]["log"] if e["kind"] == "action"]
    assert clock_plays, "hand 2 was played"
    for point, crash in CRASHES.items():
        night = _night(address(point.replace(" ", "-")), crash)
        assert night["ledger"] == calm["ledger"], f"a crash {point} changed the ledger"
        for hand, expected in zip(night["hands"], calm["hands"], strict=True):
            for event, was in zip(hand["view"]["log"], expected["view"]["log"], strict=False):
                assert event == was, f"a crash {point} changed hand {hand['number']}"
            assert hand == expected, f"a crash {point} changed hand {hand['number']}"


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def test_the_bots_worker_processes_end_with_a_killed_room(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3"), bot_workers=1) as server:
        client = RoomClient(server.base)
        table = client.create_table({"name": "bots", "seats": 2, "games": ["draw"], "bots": 1,
                                     "pause": 0})["table"]
        _, token = client.join(table, "ann")

        async def until_the_bot_has_acted() -> None:
            async with SeatConnection(server.base, table, token) as connection:
                def bot_acted() -> bool:
                    view = connection.state["view"] if connection.state else None
                    mine = connection.state["you"]["player"] if connection.state else None
                    return view is not None and any(event["kind"] == "action" and event["seat"] != mine
                                                    for event in view["log"])
                await play(connection, random.Random(1), done=bot_acted)
        asyncio.run(until_the_bot_has_acted())
        assert server.process is not None
        workers = _children(server.process.pid)
        assert workers, "the room's bots think in a worker process"
        server.kill()
        deadline = time.monotonic() + 10
        while any(map(_running, workers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(map(_running, workers)), "a bot worker outlived its room"


def _running(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie waiting to be reaped has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")
