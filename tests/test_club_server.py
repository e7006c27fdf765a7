"""A club at a real room: members sit down at two nights with their keys (a guest and a bot
beside them), the host files each closed table under the club, the room is killed with ``kill -9``
in the middle of the second night and again just after the last filing, and after each restart
the club's standings are still the sum of its nights' own ledgers, on SQLite and on PostgreSQL."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest

from homegame.cli import main
from homegame.cli.saved import saved_clubs, saved_tables
from homegame.room.client import RoomClient
from homegame.room.club_schemas import CLUB_SCHEMAS, club_schemas_markdown
from played_nights import call, play_night
from room_server import RoomServer

DOC = Path(__file__).parent.parent / "docs" / "protocol.md"


def _fits(name: str, data: Any) -> None:
    """``data`` fits the schema docs/protocol.md shows under ``name``."""
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(CLUB_SCHEMAS[name])
    Draft202012Validator(CLUB_SCHEMAS[name]).validate(data)


def test_the_document_shows_the_club_schemas() -> None:
    assert club_schemas_markdown() in DOC.read_text(encoding="utf-8"), \
        "regenerate: python -m homegame.room.club_schemas"


def _sum_of_nights(server: RoomServer, tables: list[str],
                   aliases: dict[str, str]) -> tuple[dict[str, int], int, list[dict[str, Any]]]:
    """Each member's net summed over the nights' own ledgers (as ``GET .../ledger?format=json``
    gives them; ``aliases``: the members the host named for players without a key), what everyone
    else won or lost, and the ledgers."""
    members: dict[str, int] = {}
    others = 0
    ledgers = []
    for table in tables:
        status, ledger = call(server, "GET", f"/api/tables/{table}/ledger?format=json")
        assert status == 200 and ledger["closed"]
        ledgers.append(ledger)
        assert sum(line["net"] for line in ledger["lines"]) == 0
        for line in ledger["lines"]:
            member = line["member"] or aliases.get(line["name"])
            if member is not None:
                members[member] = members.get(member, 0) + line["net"]
            else:
                others += line["net"]
    return members, others, ledgers


def _check_standings(server: RoomServer, club: str, tables: list[str],
                     aliases: dict[str, str]) -> dict[str, Any]:
    status, standings = call(server, "GET", f"/api/clubs/{club}")
    assert status == 200, standings
    _fits("club", standings)
    members, others, ledgers = _sum_of_nights(server, tables, aliases)
    assert {line["name"]: line["net"] for line in standings["members"]} == members
    assert (standings["others"] or {"net": 0})["net"] == others
    assert [night["table"] for night in standings["nights"]] == tables
    for night, ledger in zip(standings["nights"], ledgers, strict=True):
        assert {line["name"]: line["net"] for line in night["lines"]} \
            == {line["name"]: line["net"] for line in ledger["lines"]}
        assert night["hands_played"] == ledger["hands_played"]
    graph = {player["name"]: player["points"] for player in standings["graph"]["players"]}
    assert all(graph[name][-1] == [len(tables), net] for name, net in members.items())
    status, text = call(server, "GET", f"/api/clubs/{club}/ledger?format=csv")
    rows = list(csv.reader(io.StringIO(text)))
    assert status == 200 and len(rows[0]) == 3 + len(tables)
    assert {row[0]: int(row[2]) for row in rows[1:] if not row[0].startswith("others")} == members
    for column in range(2, len(rows[0])):
        assert sum(int(row[column] or 0) for row in rows[1:]) == 0, "a night's column sums to zero"
    return dict(standings)


@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
def test_a_clubs_totals_are_its_nights_after_a_kill_and_a_restart(store: str, tmp_path: Any,
                                                                   request: pytest.FixtureRequest) -> None:
    address = str(tmp_path / "room.sqlite3") if store == "sqlite" \
        else str(request.getfixturevalue("postgres").database())
    server = RoomServer(address)

    def kill_and_restart() -> None:
        server.kill()
        server.start()
    with server:
        setup = {"name": "Friday club", "member": "ann"}
        status, made = call(server, "POST", "/api/clubs", setup)
        assert status == 201, made
        _fits("club_setup", setup)
        _fits("club_made", made)
        club, owner, keys = made["club"], made["owner_token"], {"ann": made["member"]["key"]}
        for name in ("bob", "cy"):
            status, member = call(server, "POST", f"/api/clubs/{club}/members", {"name": name}, owner)
            assert status == 201 and member["name"] == name
            _fits("member_request", {"name": name})
            _fits("member_key", member)
            keys[name] = member["key"]
        first = play_night(server, "First Friday", {"ann": keys["ann"], "bob": keys["bob"], "dave": None})
        status, filed = call(server, "POST", f"/api/clubs/{club}/nights",
                              {"table": first["table"], "owner_token": first["owner_token"]}, owner)
        assert status == 201, filed
        assert {line["name"]: line["member"] for line in filed["lines"]} \
            == {"ann": 1, "bob": 2, "dave": None, "Ada (bot)": None} | \
               ({"house": None} if "house" in {line["name"] for line in filed["lines"]} else {})
        second = play_night(server, "Second Friday", {"ann": keys["ann"], "cy": keys["cy"], "erin": None},
                        crash=kill_and_restart)
        filing = {"table": second["table"], "owner_token": second["owner_token"],
                  "names": {"erin": 2}}  # bob came as erin, without his key
        status, filed = call(server, "POST", f"/api/clubs/{club}/nights", filing, owner)
        assert status == 201, filed
        _fits("filing", filing)
        _fits("filed_night", filed)
        kill_and_restart()
        standings = _check_standings(server, club, [first["table"], second["table"]], {"erin": "bob"})
        bob = next(line for line in standings["members"] if line["name"] == "bob")
        assert bob["nights"] == 2
        status, me = call(server, "GET", f"/api/clubs/{club}/me", token=keys["cy"])
        assert status == 200 and me["name"] == "cy"
        _fits("member_me", me)
        table = RoomClient(server.base).create_table({"name": "Next Friday", "games": ["draw"]})["table"]
        for key in ("nobody's", 7, ""):
            status, refused = call(server, "POST", f"/api/tables/{table}/seats",
                                    {"name": "zed", "member_key": key})
            assert status == 400 and refused["field"] == "member_key", refused
        assert all(seat is None for seat in server.get(f"/api/tables/{table}")["seats"])


def test_the_terminal_makes_a_club_files_a_night_and_shows_the_standings(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        assert main(["club", "new", server.base, "Friday club", "--as", "ann"]) == 0
        out = capsys.readouterr().out
        page = next(word for word in out.split() if "/c/" in word)
        ann_key = saved_clubs().at(page)["member"]["key"]
        assert main(["club", "add", page, "bob"]) == 0
        link = next(word for word in capsys.readouterr().out.split() if "#key=" in word)
        bob_key = link.split("#key=")[1]
        assert main(["club", "keep", link]) == 0  # as bob would, on his own machine
        assert "You are bob of Friday club" in capsys.readouterr().out
        assert saved_clubs().at(page)["member"] == {"id": 2, "name": "bob", "key": bob_key}
        night = play_night(server, "First Friday", {"ann": ann_key, "bob": bob_key, "dave": None}, hands=2)
        invite = f"{server.base}/t/{night['table']}"
        assert main(["club", "file", page, invite]) == 1
        assert "no owner token" in capsys.readouterr().err
        saved_tables().keep(invite, owner_token=night["owner_token"])
        assert main(["club", "file", page, invite, "--name", "dave=9"]) == 1
        assert "no member 9" in capsys.readouterr().err
        assert main(["club", "file", page, invite]) == 0
        assert "with 2 of its players as members" in capsys.readouterr().out
        assert main(["club", "show", page]) == 0
        out = capsys.readouterr().out
        assert out.startswith("Friday club: 1 night, 2 members") and "1. First Friday (" in out
        assert "dave" in out and "(guest)" in out
        assert main(["club", "show", page, "--csv"]) == 0
        rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
        assert rows[0][:3] == ["member", "nights", "net"] and {row[0] for row in rows[1:3]} == {"ann", "bob"}
        pytest.importorskip("matplotlib")
        assert main(["club", "show", page, "--plot", str(tmp_path / "season.png")]) == 0
        assert (tmp_path / "season.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert main(["join", invite, "--name", "zed", "--club", f"{server.base}/c/elsewhere"]) == 1
        assert "no member key for" in capsys.readouterr().err
        assert main(["club", "key", page, "2"]) == 0
        renewed = next(word for word in capsys.readouterr().out.split() if "#key=" in word).split("#key=")[1]
        club = page.rsplit("/", 1)[1]
        assert call(server, "GET", f"/api/clubs/{club}/me", token=bob_key)[0] == 403
        assert call(server, "GET", f"/api/clubs/{club}/me", token=renewed)[1]["name"] == "bob"
        assert main(["club", "show", server.base + "/t/x"]) == 1
        assert "a club's link looks like" in capsys.readouterr().err
