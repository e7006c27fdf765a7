"""A tournament and the table habits at ``homegame join``: a person enters a tournament from its
link, is told the level, plays to the end with bots and reads the final standings; the owner calls
a bomb pot from the terminal."""

from __future__ import annotations

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
        person.wait_for("(keep the token: it is shown only now, and it follows you")
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
        other.wait_for("Only the table's owner calls a bomb pot")
        other.type("q")
        assert other.finish() == 0
