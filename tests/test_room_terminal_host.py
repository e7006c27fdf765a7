"""The host at a terminal (issue 39): ``homegame join --owner TOKEN`` sits at once at a table where
the others ask, sees who asks, seats one and refuses another, pauses and resumes the table and
ends the night, each by a typed ``host`` command against a real server; a player without the
host's token has no host commands."""

from __future__ import annotations

from pathlib import Path

from homegame.room.client import RoomClient
from room_server import RoomServer
from typist import Typist


def test_the_host_runs_the_table_from_the_terminal(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        made = client.create_table({"name": "Friday", "seats": 3, "games": ["draw"], "clock": 600,
                                    "ask_to_sit": True, "host_starts": True})
        table, invite = made["table"], f"{server.base}/t/{made['table']}"
        host = Typist("join", invite, "--name", "hal", "--owner", made["owner_token"])
        host.wait_for("'homegame seats' shows the token")
        ann = client.take_seat(table, "ann")
        bob = client.take_seat(table, "bob")
        assert ann["seat"] is None and bob["seat"] is None, "the others ask"
        host.type("host")
        host.wait_for(f"request {bob['request']}: bob asks to sit with 100 chips")
        host.type(f"host approve {ann['request']}")
        host.wait_for("Done: ann sits in seat")
        host.type(f"host refuse {bob['request']}")
        host.wait_for("Done: bob was not seated.")
        host.type("host approve ann")
        host.wait_for("approve takes a request number, not ann")
        host.type("host start")
        host.wait_for("Done: the night is started")
        host.type("host pause")
        host.wait_for("Done: the table is paused")
        assert client.table(table)["paused"]["by"] == "hal"
        host.type("host resume")
        host.wait_for("Done: play goes on.")
        assert [seat["name"] for seat in client.table(table)["seats"] if seat] == ["hal", "ann"]
        host.type("host end")
        host.wait_for("Goodbye")
        assert host.finish() == 0, host.output
        assert client.table(table)["closing"] or client.table(table)["phase"] == "closed"


def test_a_player_without_the_host_s_token_has_no_host_commands(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        made = client.create_table({"name": "Friday", "seats": 2, "games": ["draw"], "clock": 600})
        person = Typist("join", f"{server.base}/t/{made['table']}", "--name", "ann")
        person.wait_for("'homegame seats' shows the token")
        person.type("host pause")
        person.wait_for("only the table's host has host commands")
        person.type("q")
        assert person.finish() == 0
        assert client.table(made["table"])["paused"] is None


def test_the_host_s_role_handed_to_a_terminal_seat_brings_its_commands(tmp_path: Path) -> None:
    """The seat's own token hosts once the role is handed to it: no owner token at that terminal."""
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        made = client.create_table({"name": "Friday", "seats": 3, "games": ["draw"], "clock": 600,
                                    "bomb_pot": 4})
        person = Typist("join", f"{server.base}/t/{made['table']}", "--name", "ann")
        person.wait_for("'homegame seats' shows the token")
        person.type("bomb pot")
        person.wait_for("only the table's host may call a bomb pot")
        ann = next(number for number, seat in enumerate(client.table(made["table"])["seats"])
                   if seat and seat["name"] == "ann")
        client.host(made["table"], made["owner_token"], {"type": "hand_over", "seat": ann, "id": "over-1"})
        person.type("bomb pot")
        person.wait_for("Bomb pot called: the next hand of draw starts with 4 chips from everyone.")
        person.type("host pause")
        person.wait_for("Done: the table is paused")
        person.type("q")
        assert person.finish() == 0, person.output
        assert client.table(made["table"])["paused"]["by"] == "ann"
