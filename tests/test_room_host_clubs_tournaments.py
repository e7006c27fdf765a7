"""The host's controls beside the clubs and the tournaments: a club member who asks for a seat at a
private table carries the membership into the seat the host grants (and so into the club's ledger);
one check decides who the host is for every host's request (a bomb pot, closing, the host's actions,
starting a tournament), the host's role handed on included; a private tournament is found only by
its link and a public one is listed, with its tables in the lobby."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from homegame.errors import NotAllowed, RoomError
from homegame.room.client import RoomClient
from homegame.room.config import TableConfig
from homegame.room.host_actions import host_request
from homegame.room.table import Table
from homegame.room.views import host_json
from played_nights import call
from room_server import RoomServer

ANN = {"club": "c1", "id": 1, "name": "Ann Lee"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoomServer]:
    with RoomServer(str(tmp_path_factory.mktemp("host-club") / "room.sqlite3")) as running:
        yield running


def test_a_member_s_request_carries_the_membership_into_the_seat_the_host_grants() -> None:
    table = Table.create("t", TableConfig.from_json({"name": "Friday", "ask_to_sit": True}), at=0.0)
    asked = table.ask("ann", token_hash="a", at=1.0, member=ANN)
    guest = table.ask("bob", token_hash="b", at=1.0)
    assert [r["member"] for r in host_json(table)["requests"]] == ["Ann Lee", None]  # the host sees who
    again = Table.restore("t", table.take_unsaved())
    assert again.requests[asked].member == ANN, "a request read back from the log keeps its member"
    host_request(again, {"type": "approve", "request": asked}, at=2.0, host="the host")
    host_request(again, {"type": "approve", "request": guest}, at=2.0, host="the host")
    seated = [event.data for event in again.take_unsaved() if event.kind == "seated"]
    assert [data.get("member") for data in seated] == [ANN, None]


def test_a_member_seated_by_the_host_counts_in_the_club_s_ledger(server: RoomServer) -> None:
    client = RoomClient(server.base)
    club = client.create_club("Friday club", member="ann")
    made = client.create_table({"name": "Friday", "games": ["draw"], "ask_to_sit": True, "clock": 60})
    table, owner = made["table"], made["owner_token"]
    status, asked = call(server, "POST", f"/api/tables/{table}/seats",
                         {"name": "ann", "member_key": club["member"]["key"]})
    assert status == 202 and asked["seat"] is None, asked
    status, refused = call(server, "POST", f"/api/tables/{table}/seats",
                           {"name": "cy", "member_key": "nobody's"})
    assert status == 400 and refused["field"] == "member_key", "a key that opens no membership asks nothing"
    bob = client.take_seat(table, "bob")
    for request in (asked["request"], bob["request"]):
        client.host(table, owner, {"type": "approve", "request": request})
    ledger = json.loads(client.ledger_file(table, "json"))
    assert {line["name"]: line["member"] for line in ledger["lines"]} == {"ann": "ann", "bob": None}
    assert client.close(table, owner)["closed"]
    filed = client.file_night(club["club"], club["owner_token"], table, owner)
    assert {line["name"]: line["member"] for line in filed["lines"]} == {"ann": 1, "bob": None}


def test_one_check_decides_who_hosts_even_after_the_role_is_handed_on(server: RoomServer) -> None:
    client = RoomClient(server.base)
    made = client.create_table({"name": "Bombs", "games": ["draw"], "bomb_pot": 3, "clock": 60})
    table, owner = made["table"], made["owner_token"]
    client.join(table, "ann")
    bob = client.join(table, "bob")
    with pytest.raises(NotAllowed, match="only the table's host may call a bomb pot"):
        client.bomb_pot(table, bob[1])
    client.host(table, owner, {"type": "hand_over", "seat": bob[0]})
    for request in (lambda token: client.bomb_pot(table, token), lambda token: client.close(table, token),
                    lambda token: client.host(table, token, {"type": "pause"})):
        with pytest.raises(NotAllowed, match="only the table's host"):
            request(owner)  # the owner token hosts no more
    assert client.bomb_pot(table, bob[1])["chips"] == 3
    assert client.close(table, bob[1])["closed"] in (True, False)


def _tournament(client: RoomClient, **setup: Any) -> dict[str, Any]:
    return client.create_tournament({"name": "Sunday", "entrants": 3, "bots": 1, "games": ["draw"],
                                     "seats": 3, **setup})


def test_a_private_tournament_is_found_by_its_link_and_a_public_one_is_listed(server: RoomServer) -> None:
    client = RoomClient(server.base)
    private, public = _tournament(client), _tournament(client, public=True)
    lobby = {line["id"]: line for line in client.tables()}
    assert public["tables"][0] in lobby and lobby[public["tables"][0]]["tournament"] == public["tournament"]
    assert not set(private["tables"]) & set(lobby), "a private tournament's tables are not in the lobby"
    listed = [t["id"] for t in server.get("/api/tournaments")]
    assert public["tournament"] in listed and private["tournament"] not in listed
    assert client.tournament(private["tournament"])["entries"] == 1, "its link still finds it"
    entry = client.enter(private["tournament"], "ann")
    assert entry["table"] in private["tables"]


@pytest.mark.parametrize("setting", ["ask_to_sit", "host_starts", "approve_chips"])
def test_a_tournament_takes_none_of_the_host_s_seating_start_or_rebuys(server: RoomServer,
                                                                       setting: str) -> None:
    status, refused = call(server, "POST", "/api/tournaments",
                           {"name": "Sunday", "entrants": 2, "games": ["draw"], setting: True})
    assert status == 400 and refused["field"] == setting, refused


def test_a_tournament_s_table_has_no_host_s_controls(server: RoomServer) -> None:
    client = RoomClient(server.base)
    made = _tournament(client)
    table, owner = made["tables"][0], made["owner_token"]
    before = client.table(table)
    for action in ({"type": "pause"}, {"type": "settings", "public": True}, {"type": "end"}):
        with pytest.raises(RoomError, match="a tournament's table has no host's controls"):
            client.host(table, owner, action)
    with pytest.raises(NotAllowed):
        client.start_tournament(made["tournament"], "not the owner")
    after = client.table(table)
    assert (after["paused"], after["config"]["public"], after["phase"]) == \
        (before["paused"], before["config"]["public"], before["phase"])
