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


def test_a_clock_that_runs_out_during_a_question_closes_it_and_says_what_it_chose(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        made = client.create_table({"name": "Quick", "seats": 3, "games": ["papayoo"], "bots": 2,
                                    "pause": 0, "clock": 4})
        person = Typist("join", f"{server.base}/t/{made['table']}", "--name", "ann")
        person.wait_for("s left) > ")
        person.type("1")  # pass cards: which ones is asked next, and left unanswered
        person.wait_for("s left) Which cards to pass?")
        person.wait_for("Time ran out: the clock chose to pass", timeout=30)
        person.type("5h 6h")  # what was meant for the closed question is not taken as an act
        person.wait_for("It is not your turn", "> ")
        person.type("q")
        assert person.finish() == 0
        assert "event" not in person.output.lower(), person.output[-2000:]


def test_hint_at_a_room_table_gives_the_bot_s_play_as_a_choice(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        made = client.create_table({"name": "Hints", "seats": 2, "games": ["draw"], "bots": 1, "clock": 60})
        person = Typist("join", f"{server.base}/t/{made['table']}", "--name", "ann")
        person.wait_for("s left) > ")
        person.type("hint")
        person.wait_for("(choice ")
        assert "Hint: " in person.output and "not your turn" not in person.output
        person.type("q")
        assert person.finish() == 0


def test_a_dropped_room_is_joined_again_by_itself_and_a_gone_one_is_said_plainly(tmp_path: Path) -> None:
    server = RoomServer(str(tmp_path / "room.sqlite3")).start()
    try:
        client = RoomClient(server.base)
        made = client.create_table({"name": "Drop", "seats": 2, "games": ["draw"], "bots": 1, "clock": 60})
        invite = f"{server.base}/t/{made['table']}"
        person = Typist("join", invite, "--name", "ann", "--retry-for", "8")
        person.wait_for("s left) > ")
        server.kill()
        person.wait_for("The connection to the room was lost: connecting again by itself")
        person.type("1")
        person.wait_for("The room is away: this was not sent")
        time.sleep(3)  # longer than the old client's patience with an idle drop
        server.start()
        person.wait_for("Connected again: you are back at the table.", timeout=30)
        person.wait_for("s left) > ")
        person.type("1")  # taken now
        person.wait_for("  . You ")
        server.kill()
        assert person.finish(timeout=60) == 0
        assert "Goodbye: the room did not answer for 8 seconds; your seat is kept" in person.output
    finally:
        server.stop()


def test_a_hand_s_result_stays_into_the_next_and_a_rebuy_waits_for_the_hand_s_end(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        made = client.create_table({"name": "Deep", "seats": 2, "games": ["draw"], "bots": 1, "pause": 1,
                                    "clock": 60, "buy_in": 100, "max_buy_in": 400})
        person = Typist("join", f"{server.base}/t/{made['table']}", "--name", "ann")
        person.wait_for("s left) > ")
        person.type("rebuy 10")
        person.wait_for("Your rebuy of 10 chips is made when this hand ends.")
        while "Your rebuy is made: you have " not in person.output:
            person.wait_for("> ", "Your rebuy is made")
            person.type("1")
        person.wait_for("hand 2: Basic Draw Poker")
        second = person.output[person.output.index("hand 2: Basic Draw Poker") - 400:]
        assert "  . Hand 1: " in second, "the next hand's log begins with the last one's result"
        person.type("q")
        assert person.finish() == 0
        ann = next(line for line in client.ledger(made["table"])["lines"] if line["name"] == "ann")
        assert ann["bought"] == 110


def test_a_bot_to_act_is_shown_thinking() -> None:
    from homegame.cli.room_text import seat_lines
    seats = [{"seat": 0, "name": "ann", "bot": None, "stack": 90, "deadline": None, "sitting_out": False,
              "connected": True},
             {"seat": 1, "name": "Ada", "bot": "heuristic", "stack": 110, "deadline": None,
              "sitting_out": False, "connected": True}]
    table = {"seats": seats, "button": 0, "phase": "playing",
             "hand": {"number": 1, "seats": [0, 1], "over": False}}
    lines = seat_lines({"table": table, "now": 0.0, "view": {"to_act": [1]}, "you": {"seat": 0}})
    assert lines == ["  ann (you): 90 chips · in this hand, dealer",
                     "  Ada: 110 chips · in this hand, thinking"]


def test_a_table_made_at_the_terminal_is_joined_by_its_printed_line_and_the_seat_is_kept(
        tmp_path: Path) -> None:
    from homegame.cli.commands.table import SETUP_OPTIONS
    from homegame.room.config import ROOM_FIELDS
    assert set(SETUP_OPTIONS) | {"name"} >= set(ROOM_FIELDS), "every field the room takes has an option"
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        maker = _homegame("table", "new", server.base, "--name", "Fri", "--games", "draw:lowball,paiute",
                          "--bots", "1", "--seats", "2", "--stake", "ante=2", "--clock", "60")
        assert maker.returncode == 0, maker.stderr
        join_line = next(line.strip() for line in maker.stdout.splitlines() if "homegame join" in line)
        invite = join_line.split()[2]
        table = RoomClient(server.base).table(invite.rsplit("/", 1)[1])
        assert table["config"]["games"][0] == {"game": "draw", "variants": ["lowball"]}
        assert table["config"]["stakes"]["ante"] == 2 and table["config"]["bots"] == 1
        person = Typist(*join_line.replace("YOUR-NAME", "ann").split()[1:])
        person.wait_for("> ")
        person.type("q")
        assert person.finish() == 0
        again = Typist("join", invite)  # no name, no token: the seat kept in the data folder
        again.wait_for("Back to your seat as ann")
        again.type("q")
        assert again.finish() == 0
        seats = _homegame("seats").stdout
        assert invite in seats and "as ann; token " in seats and "owner token" in seats
        refused = _homegame("table", "new", server.base, "--seats", "9")
        assert refused.returncode == 1 and "Seats" in refused.stderr
        closed = _homegame("table", "close", invite)
        assert closed.returncode == 0 and "The table close" in closed.stdout


def _homegame(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "homegame", *args], capture_output=True, text=True,
                          timeout=60)
