"""The room's terminal faces as a person and an outside agent use them: ``homegame join`` and
``homegame watch`` typed at, and ``homegame bot`` seated, against a real server."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

from homegame.room.client import RoomClient
from room_server import RoomServer
from typist import Typist


def test_a_person_joins_by_the_invite_link_plays_chats_and_leaves(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        made = client.create_table({"name": "Friday", "seats": 2, "games": ["draw"], "bots": 1, "pause": 0})
        invite = f"{server.base}/t/{made['table']}"
        person = Typist("join", invite, "--name", "ann")
        person.wait_for("'homegame seats' shows the token")
        person.type("say good luck")
        while "Hands played: 2." not in person.output:
            person.wait_for("> ")
            person.type("1")
        person.type("ledger")
        person.wait_for("To settle up:")
        person.type("leave")
        if person.wait_for("Leave now? [y/N] ", "Goodbye") != "Goodbye":
            person.type("y")  # in the middle of a hand, leaving is asked first
        assert person.finish() == 0, person.output
        assert "ann says: good luck" in person.output
        told = [line for line in person.output.splitlines() if line.startswith("  . ")]
        assert told and not [line for line in told if "seat " in line.lower()], "the others go by name"
        assert "ann bought 100, took 0" in person.output
        assert "Goodbye: you left the table and cashed out." in person.output
        ledger = client.ledger(made["table"])
        assert sum(line["net"] for line in ledger["lines"]) == 0


def test_the_dealer_calls_the_game_by_number_and_a_bad_answer_changes_nothing(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        made = client.create_table({"name": "Choice", "seats": 2, "games": ["draw", "whiskey"], "bots": 1,
                                    "pause": 0})
        person = Typist("join", f"{server.base}/t/{made['table']}", "--name", "bob", "--seat", "1")
        while person.wait_for("any variants)> ", "> ") == "> ":
            person.type("1")
        seen = client.table(made["table"])["hands_played"]
        person.type("call of the wild")
        person.wait_for("any variants)> ")
        assert "cannot be dealt now; the dealer may call draw, whiskey" in person.output[-2000:]
        assert client.table(made["table"])["hands_played"] == seen
        person.type("2")
        person.wait_for("> ")
        assert client.table(made["table"])["hand"]["game"] == "whiskey"
        person.type("q")
        assert person.finish() == 0
        assert "Goodbye: you are disconnected; your seat is kept" in person.output
        assert client.table(made["table"])["seats"][1]["name"] == "bob"


def test_a_spectator_watches_without_a_seat(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        made = client.create_table({"name": "Watch", "seats": 3, "games": ["draw"], "bots": 2, "pause": 0})
        person = Typist("watch", f"{server.base}/t/{made['table']}")
        person.type("say hello")
        person.wait_for("spectators watch: join a seat to play\n")
        person.type("q")
        assert person.finish() == 0
        assert "Goodbye: you stop watching" in person.output and "seat is kept" not in person.output


def test_two_network_bots_play_a_table_and_leave_after_their_hands(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        made = client.create_table({"name": "Bots", "seats": 3, "games": ["draw", "papayoo", "pai_gow"],
                                    "pause": 0})
        invite = f"{server.base}/t/{made['table']}"
        _, token = client.join(made["table"], "ann")
        first = subprocess.Popen([sys.executable, "-m", "homegame", "bot", invite, "--seat-token", token,
                                  "--hands", "3", "--bot", "random"], stdout=subprocess.PIPE, text=True)
        second = subprocess.Popen([sys.executable, "-m", "homegame", "bot", invite, "--name", "bob",
                                   "--hands", "3", "--bot", "heuristic"], stdout=subprocess.PIPE, text=True)
        try:
            outputs = [process.communicate(timeout=180)[0] for process in (first, second)]
        finally:
            for process in (first, second):
                process.kill()
        assert [process.returncode for process in (first, second)] == [0, 0], outputs
        for output in outputs:
            assert "The bot played 3 hands." in output or "The bot played 4 hands." in output, output
        assert "calls " in "".join(outputs)
        ledger = client.ledger(made["table"])
        assert {"ann", "bob"} <= {line["name"] for line in ledger["lines"]}
        assert sum(line["net"] for line in ledger["lines"]) == 0
        assert all(seat is None for seat in client.table(made["table"])["seats"])


def test_a_busted_network_bot_buys_back_in_and_the_table_plays_on(tmp_path: Path) -> None:
    # A buy-in of one chip is the ante: every hand that is not an exact tie busts its loser, and the
    # table then waits for players until that seat buys back in (it used to wait for good).
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        made = client.create_table({"name": "Short", "seats": 2, "buy_in": 1, "games": ["draw"], "pause": 0})
        invite = f"{server.base}/t/{made['table']}"
        bots = [subprocess.Popen([sys.executable, "-m", "homegame", "bot", invite, "--name", name,
                                  "--hands", "3", "--bot", "random"], stdout=subprocess.PIPE, text=True)
                for name in ("ann", "bob")]
        try:
            outputs = [process.communicate(timeout=120)[0] for process in bots]
        finally:
            for process in bots:
                process.kill()
        assert [process.returncode for process in bots] == [0, 0], outputs
        assert all("The bot played 3 hands." in output for output in outputs), outputs
        assert "buys back in with 1" in "".join(outputs)
        ledger = client.ledger(made["table"])
        assert sum(line["bought"] for line in ledger["lines"]) > 2, ledger
        assert sum(line["net"] for line in ledger["lines"]) == 0


def test_a_bot_the_table_s_games_do_not_know_is_refused_before_it_sits(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        made = client.create_table({"name": "Draw", "seats": 2, "games": ["draw"], "pause": 0})
        _, token = client.join(made["table"], "ann")
        run = subprocess.run([sys.executable, "-m", "homegame", "bot", f"{server.base}/t/{made['table']}",
                              "--seat-token", token, "--bot", "genius"], capture_output=True, text=True,
                             timeout=60)
        assert run.returncode == 1
        assert "no bot called 'genius' for draw" in run.stderr
        bad = subprocess.run([sys.executable, "-m", "homegame", "bot", f"{server.base}/t/{made['table']}",
                              "--seat-token", "guessed"], capture_output=True, text=True, timeout=60)
        assert bad.returncode == 1, bad.stdout
        for wrong, why in ((["--bot", "search"], "seat it at the table instead"),
                           (["--bot", "genius"], "no bot called 'genius'"), (["--hands", "0"], "at least 1")):
            link = f"{server.base}/t/{made['table']}"
            command = [sys.executable, "-m", "homegame", "bot", link, "--name", "robo", *wrong]
            refused = subprocess.run(command, capture_output=True, text=True, timeout=60)
            assert refused.returncode == 1 and why in refused.stderr, refused.stderr
        seated = [seat["name"] for seat in client.table(made["table"])["seats"] if seat is not None]
        assert seated == ["ann"], "a refused bot takes no seat"


def test_a_room_that_does_not_answer_is_said_in_words() -> None:
    import asyncio

    import pytest

    from homegame.errors import RoomError
    from homegame.room.client import SeatConnection

    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        base = f"http://127.0.0.1:{closed.getsockname()[1]}"  # bound, never listening: refused
        with pytest.raises(RoomError, match="no card room answers at http:"):
            RoomClient(base).tables()

        async def connect() -> None:
            async with SeatConnection(base, "t", "token"):
                pass
        with pytest.raises(RoomError, match="no card room answers at ws:"):
            asyncio.run(connect())
