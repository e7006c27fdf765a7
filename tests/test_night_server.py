"""What a night leaves behind, from a real room: two people and two bots play the dealer's choice
at a server, the owner closes the table, and the ledger, statistics and hand histories are taken
home through the HTTP API and the terminal's commands."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import random
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from homegame.cli import main
from homegame.engine import History
from homegame.room.client import RoomClient, SeatConnection
from room_clients import play
from room_server import RoomServer
from test_night import _cards_in, _hidden_from

GAMES = ["draw", "pineapple", "papayoo", "soko", "chinese"]
HANDS = 10


def _play_a_night(server: RoomServer) -> dict[str, Any]:
    client = RoomClient(server.base)
    made = client.create_table({"name": "Friday night", "seats": 4, "bots": 2, "clock": 60, "pause": 0,
                                "games": GAMES, "stakes": {"deals": 1}})
    table = made["table"]
    tokens = {name: client.join(table, name)[1] for name in ("ann", "bob")}

    async def night() -> None:
        connections = [SeatConnection(client.base, table, token) for token in tokens.values()]
        for connection in connections:
            await connection.open()

        def closed() -> bool:
            return any(_phase(c) == "closed" or c.final_ledger is not None
                       for c in connections)

        async def close_after_the_last_hand() -> None:
            while not any(c.state is not None and c.state["table"]["hands_played"] >= HANDS
                          for c in connections):
                await asyncio.sleep(0.05)
            client.close(table, made["owner_token"])  # at once between hands, else when the hand ends
        try:
            await asyncio.wait_for(asyncio.gather(close_after_the_last_hand(),
                                                  *(play(c, random.Random(n), done=closed)
                                                    for n, c in enumerate(connections))), timeout=300)
        finally:
            for connection in connections:
                await connection.close()
    asyncio.run(night())
    return {"client": client, "table": table, "tokens": tokens, "owner": made["owner_token"],
            "invite": f"{server.base}/t/{table}"}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with RoomServer(str(tmp_path_factory.mktemp("night") / "room.sqlite3")) as server:
        yield server, _play_a_night(server)


def _phase(connection: SeatConnection) -> str | None:
    return None if connection.state is None else str(connection.state["table"]["phase"])


def _get(server: RoomServer, path: str, token: str | None = None) -> tuple[int, dict[str, str], str]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    request = urllib.request.Request(server.base + path, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, dict(answer.headers), answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


def test_the_ledger_files_agree_with_the_panel_and_the_settle_up(played: Any) -> None:
    server, night = played
    status, headers, text = _get(server, f"/api/tables/{night['table']}/ledger?format=csv")
    assert status == 200 and headers["content-type"].startswith("text/csv")
    assert "attachment" in headers["content-disposition"] and "friday-night" in headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(text)))
    assert sum(int(row["net"]) for row in rows) == 0
    panel = night["client"].ledger(night["table"])
    nets = {row["name"]: int(row["net"]) for row in rows}
    assert {line["name"]: line["net"] for line in panel["lines"]} == nets
    export = json.loads(night["client"].ledger_file(night["table"], "json"))
    assert export["closed"] and export["settle_up"] == panel["settle_up"]
    for transfer in panel["settle_up"]:
        assert f"{transfer['payer']} pays {transfer['payee']} {transfer['chips']}" in export["settle_text"]
    assert _get(server, f"/api/tables/{night['table']}/ledger?format=xml")[0] == 400


def test_the_terminal_prints_the_ledger_and_the_statistics(played: Any,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    _, night = played
    assert main(["ledger", night["invite"], "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert sum(int(row["net"]) for row in rows) == 0
    assert main(["ledger", night["invite"]]) == 0
    out = capsys.readouterr().out
    assert out.startswith("name ") and "took away" in out
    assert "settle-up after" in out or "everyone is square" in out
    assert main(["stats", night["invite"], "--by-game"]) == 0
    out = capsys.readouterr().out
    assert "ann" in out and "VPIP" in out and "Friday night:" in out


def test_the_chip_graph_is_drawn_as_a_png(played: Any, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    _, night = played
    assert main(["stats", night["invite"], "--plot", str(tmp_path / "night.png")]) == 0
    assert (tmp_path / "night.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_player_downloads_their_hands_and_the_host_every_hand(played: Any, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    server, night = played
    table = night["table"]
    assert _get(server, f"/api/tables/{table}/histories")[0] == 403
    assert _get(server, f"/api/tables/{table}/histories", "not-a-token")[0] == 403
    mine = night["client"].histories(table, night["tokens"]["ann"])
    full = night["client"].histories(table, night["owner"])
    records = [json.loads(line) for line in mine.splitlines()]
    whole = {r["number"]: r for r in map(json.loads, full.splitlines())}
    assert records and len(whole) >= HANDS
    for record in records:
        assert record["names"][record["player"]] == "ann"
        hidden = _hidden_from(History.from_json(whole[record["number"]]["history"]), record["player"])
        assert not hidden & _cards_in(json.dumps(record))
    (tmp_path / "mine.jsonl").write_text(mine)
    (tmp_path / "all.jsonl").write_text(full)
    assert main(["replay", str(tmp_path / "all.jsonl")]) == 0
    out = capsys.readouterr().out
    assert out.count("replayed through the engine: the same events and the same result") == len(whole)
    assert main(["replay", str(tmp_path / "mine.jsonl"), "--hand", str(records[0]["number"])]) == 0
    assert "as the seat saw it" in capsys.readouterr().out
    assert main(["history", night["invite"], "--token", night["tokens"]["bob"], "--text"]) == 0
    assert "bob (you)" in capsys.readouterr().out


def test_the_answers_fit_the_schemas_docs_protocol_shows(played: Any) -> None:
    from jsonschema import Draft202012Validator

    from homegame.room.night_schemas import NIGHT_SCHEMAS, night_schemas_markdown

    doc = (Path(__file__).parent.parent / "docs" / "protocol.md").read_text(encoding="utf-8")
    assert night_schemas_markdown() in doc, "regenerate: python -m homegame.room.night_schemas"
    _, night = played
    client, table = night["client"], night["table"]
    answers = {"ledger": [json.loads(client.ledger_file(table, "json"))], "stats": [client.stats(table)],
               "hand": [json.loads(line) for line in client.histories(table, night["owner"]).splitlines()]
               + [json.loads(line) for line in client.histories(table, night["tokens"]["ann"]).splitlines()]}
    for name, schema in NIGHT_SCHEMAS.items():
        Draft202012Validator.check_schema(schema)
        for answer in answers[name]:
            Draft202012Validator(schema).validate(answer)
