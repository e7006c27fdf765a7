"""A night at a room table from the terminal, as new users met it (issue 40): what the room says of
its tables and chat, a room stopped with Ctrl-C, and ``homegame join`` through clocks, drops and
rejoins. Against a real server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from homegame.room.client import RoomClient, SeatConnection
from room_server import RoomServer
from typist import Typist


def test_the_table_says_who_is_connected_now(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        table = client.create_table({"name": "here", "seats": 3, "games": ["draw"], "clock": 60})["table"]
        _, token = client.join(table, "ann")
        client.join(table, "bob")

        async def connected() -> list[Any]:
            async with SeatConnection(server.base, table, token) as connection:
                await connection.wait_for(lambda state: state["table"]["seats"][0]["connected"])
                return [seat and seat["connected"] for seat in client.table(table)["seats"]]
        assert asyncio.run(connected()) == [True, False, None]
        assert [seat and seat["connected"] for seat in client.table(table)["seats"]] == [False, False, None]


def test_ctrl_c_stops_the_room_and_its_bot_workers_without_a_traceback(tmp_path: Path) -> None:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    base = f"http://127.0.0.1:{listener.getsockname()[1]}"
    log = tmp_path / "serve.log"
    with open(log, "wb") as out:
        room = subprocess.Popen([sys.executable, "-m", "homegame", "serve", "--fd", str(listener.fileno()),
                                 "--store", str(tmp_path / "room.sqlite3"), "--bot-workers", "1"],
                                pass_fds=(listener.fileno(),), stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        client = _answering(base)
        table = client.create_table({"name": "bots", "seats": 3, "games": ["draw"], "bots": 2, "pause": 0,
                                     "clock": 1})["table"]
        client.join(table, "ann")  # away: the clock plays for her, the bots think in the worker
        deadline = time.monotonic() + 60
        while client.table(table)["hands_played"] < 1:
            assert time.monotonic() < deadline, "no hand was played"
            time.sleep(0.1)
        os.killpg(room.pid, signal.SIGINT)
        assert room.wait(timeout=30) == 0
    finally:
        if room.poll() is None:
            os.killpg(room.pid, signal.SIGKILL)
        listener.close()
    printed = log.read_text()
    assert "Traceback" not in printed and "KeyboardInterrupt" not in printed, printed


def _answering(base: str) -> RoomClient:
    client = RoomClient(base)
    deadline = time.monotonic() + 60
    while True:
        try:
            client.tables()
            return client
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def test_a_rejoin_does_not_tell_an_earlier_hand_s_chat_again(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        made = client.create_table({"name": "Chatty", "seats": 2, "games": ["draw"], "bots": 1, "pause": 0,
                                    "clock": 60})
        invite = f"{server.base}/t/{made['table']}"
        _, token = client.join(made["table"], "ann")
        first = Typist("join", invite, "--token", token)
        first.wait_for("> ")
        first.type("say from the first hand")
        first.wait_for("ann says: from the first hand")
        while client.table(made["table"])["hands_played"] < 1:
            first.wait_for("> ")
            first.type("1")
        first.type("q")
        assert first.finish() == 0
        again = Typist("join", invite, "--token", token)
        again.wait_for("> ")
        again.type("q")
        assert again.finish() == 0
        assert "from the first hand" not in again.output
