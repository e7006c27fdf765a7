"""A seat taken on another device (issue 40, point 8): the seat asks for a short-lived, one-time
code with its token; another device exchanges it for a token of its own for the same seat. The
room keeps only hashes, in the table's events, so a code outlives a restart."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from homegame.errors import NotAllowed, RoomError
from homegame.room.client import RoomClient, SeatConnection
from homegame.room.config import TableConfig
from homegame.room.devices import CLAIM_ANSWER, CLAIM_REQUEST, CODE_ANSWER, CODE_LIFETIME, MOST_DEVICES
from homegame.room.table import Table
from room_play import snapshot
from room_server import RoomServer
from typist import Typist

DOC = Path(__file__).parent.parent / "docs" / "protocol.md"


async def _welcome(base: str, table: str, token: str) -> int | None:
    async with SeatConnection(base, table, token, reconnect=False) as connection:
        await connection.wait_for(lambda state: True)
        return connection.seat


def test_a_code_opens_the_seat_on_another_device_once_and_survives_a_restart(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        table = client.create_table({"name": "devices", "seats": 3, "games": ["draw"]})["table"]
        client.join(table, "ann")
        seat, token = client.join(table, "bob")
        given = client.seat_code(table, token)
        Draft202012Validator(CODE_ANSWER).validate(given)
        assert given["seat"] == seat and given["expires"] > 0
        server.kill()
        server.start()  # the code is in the table's events
        typed = given["code"].lower().replace("-", " ")
        claimed, name, other = client.claim(table, typed)
        assert (claimed, name) == (seat, "bob") and other != token
        assert asyncio.run(_welcome(server.base, table, other)) == seat
        assert asyncio.run(_welcome(server.base, table, token)) == seat, "the first device keeps the seat"
        with pytest.raises(NotAllowed, match="opens no seat at this table"):
            client.claim(table, given["code"])  # once
        with pytest.raises(NotAllowed, match="seat code is 8 letters and digits"):
            client.claim(table, "not a code")
        with pytest.raises(NotAllowed, match="your seat's token"):
            client._call("POST", f"/api/tables/{table}/seat-codes", {})
        with pytest.raises(NotAllowed, match="opens no seat"):
            client.seat_code(table, "x" * 43)
        with pytest.raises(RoomError, match="claim a seat with"):
            client._call("POST", f"/api/tables/{table}/seat-codes/claim", {"code": "ABCD2345", "seat": 1})
        again = client.seat_code(table, other)  # the second device may hand the seat on too
        assert client.claim(table, again["code"])[0] == seat
        server.kill()
        server.start()
        assert asyncio.run(_welcome(server.base, table, other)) == seat, "the claim is in the events too"


def test_a_flood_of_guessed_codes_is_slowed_down(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        table = client.create_table({"name": "guess", "seats": 2, "games": ["draw"]})["table"]
        rng = random.Random(1)
        refusals = []
        for _ in range(14):
            try:
                client.claim(table, "".join(rng.choice("ABCDEFGH") for _ in range(8)))
            except RoomError as error:
                refusals.append(str(error))
        assert any("too many seat codes" in refusal for refusal in refusals)


def _table() -> Table:
    table = Table.create("t", TableConfig.from_json({"name": "t", "seats": 2, "games": ["draw"]}), at=0.0)
    table.join("ann", token_hash="a", at=0.0)
    return table


def test_a_code_expires_and_a_newer_one_replaces_it() -> None:
    table = _table()
    assert table.issue_code(0, "c1", at=10.0) == 10.0 + CODE_LIFETIME
    with pytest.raises(NotAllowed, match="expired"):
        table.claim("c1", "d1", at=11.0 + CODE_LIFETIME)
    table.issue_code(0, "c2", at=20.0)
    with pytest.raises(NotAllowed, match="opens no seat"):
        table.claim("c1", "d1", at=21.0)
    assert table.claim("c2", "d2", at=21.0) == 0
    seat = table.seats[0]
    assert seat is not None and seat.opens_with("d2") and seat.opens_with("a") and not seat.opens_with("c2")
    assert snapshot(Table.restore("t", table.take_unsaved())) == snapshot(table)


def test_a_seat_opens_on_so_many_devices_and_no_more() -> None:
    table = _table()
    for device in range(MOST_DEVICES):
        table.issue_code(0, f"c{device}", at=1.0)
        table.claim(f"c{device}", f"d{device}", at=1.0)
    with pytest.raises(RoomError, match="the most it may be"):
        table.issue_code(0, "more", at=1.0)


def test_the_document_shows_the_seat_code_schemas() -> None:
    text = DOC.read_text(encoding="utf-8")
    for schema in (CODE_ANSWER, CLAIM_REQUEST, CLAIM_ANSWER):
        Draft202012Validator.check_schema(schema)
        assert json.dumps(schema, indent=2) in text, schema["title"]


def test_homegame_join_takes_a_seat_by_its_code(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        client = RoomClient(server.base)
        made = client.create_table({"name": "terminal", "seats": 2, "games": ["draw"], "clock": 600})
        seat, token = client.join(made["table"], "ann")
        code = client.seat_code(made["table"], token)["code"]
        person = Typist("join", f"{server.base}/t/{made['table']}", "--code", code)
        person.wait_for(f"You sit in seat {seat} as ann, here as on your other device.")
        person.wait_for("ann (you): 100 chips")
        person.type("q")
        assert person.finish() == 0, person.output
        again = Typist("join", f"{server.base}/t/{made['table']}", "--code", code)
        assert again.finish() == 1 and "opens no seat at this table" in again.output
