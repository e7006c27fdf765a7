"""A tournament and the table habits at ``homegame join``: a person enters a tournament from its
link, is told the level, plays to the end with bots and reads the final standings; the owner calls
a bomb pot from the terminal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from homegame.room.client import RoomClient
from room_server import RoomServer
from typist import Typist


def test_a_person_enters_a_tournament_by_its_link_and_plays_it_to_the_standings(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        made = client.create_tournament({"name": "Sunday", "entrants": 3, "bots": 2, "games": ["draw"],
                                         "stack": 20, "buy_in": 5, "level_seconds": 2, "pause": 0,
                                         "clock": 60})
        person = Typist("join", f"{server.base}/tournament/{made['tournament']}", "--name", "ann")
        person.wait_for("follows you to every table the tournament moves you to")
        person.wait_for("Tournament level")
        while person.wait_for("> ", "Goodbye: the table is closed") == "> ":
            person.type("1")  # stand pat, check or call
        assert person.finish() == 0, person.output
        assert client.tournament(made["tournament"])["finished"]
        standings = person.output[person.output.index("Standings: 1st"):]
        assert "entry 5, prize 15" in standings and "3rd" in standings  # the winner takes the pool


def test_the_owner_calls_a_bomb_pot_at_the_terminal_and_sees_the_time_banks(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        made = client.create_table({"name": "Bombs", "seats": 3, "games": ["draw"], "bots": 1, "pause": 0,
                                    "bomb_pot": 3, "time_bank": 20})
        person = Typist("join", f"{server.base}/t/{made['table']}", "--name", "ann", "--owner-token",
                        made["owner_token"])
        person.wait_for("time bank 20 s")
        person.type("bomb pot")
        person.wait_for("Bomb pot called: the next hand of draw starts with 3 chips from everyone.")
        assert client.table(made["table"])["bomb_pot_called"] or client.table(made["table"])["hands_played"]
        person.type("q")
        assert person.finish() == 0, person.output
        other = Typist("join", f"{server.base}/t/{made['table']}", "--name", "bob")
        other.wait_for("time bank 20 s")
        other.type("bomb pot")
        other.wait_for("only the table's host may call a bomb pot")
        other.type("q")
        assert other.finish() == 0


def test_the_owner_makes_and_starts_a_tournament_and_calls_a_bomb_pot_from_the_command_line(
        tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        made = _homegame("table", "tournament", server.base, "--name", "Sunday", "--games", "draw,soko",
                         "--entrants", "4", "--bots", "2", "--seats", "4", "--stack", "500",
                         "--entry-fee", "25", "--payouts", "65/35", "--level-seconds", "60")
        assert made.returncode == 0, made.stderr
        link = next(line.strip() for line in made.stdout.splitlines() if "/tournament/" in line)
        tournament = link.rsplit("/", 1)[1]
        client = RoomClient(server.base)
        info = client.tournament(tournament)
        assert (info["entrants"], info["entries"], info["rules"]["buy_in"]) == (4, 2, 25)
        assert info["prizes"] == [33, 17] and info["started_at"] is None
        refused = _homegame("table", "start", link, "--owner-token", "wrong")
        assert refused.returncode == 1 and "only the table's host may start" in refused.stderr
        started = _homegame("table", "start", link)  # with the owner token kept when it was made
        assert started.returncode == 0 and "started with 2 entries" in started.stdout, started.stderr
        assert client.tournament(tournament)["started_at"] is not None
        table = _homegame("table", "new", server.base, "--games", "draw", "--bomb-pot", "3")
        invite = next(line.strip() for line in table.stdout.splitlines() if "/t/" in line)
        called = _homegame("table", "bomb-pot", invite)
        assert called.returncode == 0 and "the next hand of draw starts with 3 chips" in called.stdout
        again = _homegame("table", "bomb-pot", invite)
        assert again.returncode == 1 and "a bomb pot is called already" in again.stderr


def _homegame(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "homegame", *args], capture_output=True, text=True,
                          timeout=60)
