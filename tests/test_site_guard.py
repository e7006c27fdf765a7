"""What a room open to the internet refuses, on a real ``homegame serve``: names it does not answer
to (DNS rebinding), changes that are not JSON or come from another site's page, a websocket opened
by another site's page, more tables than its limits; what every answer carries (a CSP without
inline script, nosniff, no referrer, no framing); and the log a host reads, with addresses and
never a token."""

from __future__ import annotations

import asyncio
import http.client
import json
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from homegame.errors import RoomError
from homegame.room.client import RoomClient, SeatConnection
from room_server import RoomServer

PUBLIC = "https://cards.example"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoomServer]:
    arguments = ("--public-url", PUBLIC, "--allowed-host", "room.lan",
                 "--allowed-origin", "https://friends.example")
    with RoomServer(str(tmp_path_factory.mktemp("guard") / "room.sqlite3"), arguments=arguments) as running:
        yield running


def _request(server: RoomServer, method: str, path: str, *, body: str | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], Any]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        answer = connection.getresponse()
        content, headers = answer.read(), {k.lower(): v for k, v in answer.getheaders()}
        readable = "json" in headers.get("content-type", "") and "content-encoding" not in headers
        return answer.status, headers, json.loads(content) if readable else content
    finally:
        connection.close()


SETUP = json.dumps({"name": "guarded", "games": ["draw"]})
JSON = {"Content-Type": "application/json"}


def test_the_room_answers_to_its_own_names_only(server: RoomServer) -> None:
    own_names = ("127.0.0.1:1", "localhost:8000", "[::1]:8000", "cards.example", "room.lan:8000", "192.0.2.7")
    for host in own_names:
        assert _request(server, "GET", "/api/health", headers={"Host": host})[0] == 200, host
    for host in ("evil.example", "cards.example.evil.example", "127.0.0.1:80; script-src *", ""):
        status, _, answer = _request(server, "GET", "/api/health", headers={"Host": host})
        assert status == 421 and "does not answer to the name" in answer["error"], host


def test_a_change_is_json_from_the_room_s_own_pages_only(server: RoomServer) -> None:
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        status, _, answer = _request(server, "POST", "/api/tables", body=SETUP,
                                     headers={"Content-Type": kind})
        assert status == 415 and "Content-Type: application/json" in answer["error"]
    status, _, answer = _request(server, "POST", "/api/tables", body=SETUP,
                                 headers={**JSON, "Origin": "https://evil.example"})
    assert status == 403 and "another site" in answer["error"]
    for origin in (f"http://127.0.0.1:{server.port}", PUBLIC, "https://friends.example"):
        host = f"127.0.0.1:{server.port}"
        assert _request(server, "POST", "/api/tables", body=SETUP,
                        headers={**JSON, "Origin": origin, "Host": host})[0] == 201, origin
    assert _request(server, "POST", "/api/tables", body=SETUP, headers=JSON)[0] == 201  # a program: no Origin


def test_every_answer_carries_the_security_headers(server: RoomServer) -> None:
    for path in ("/", "/t/abc", "/api/games", "/api/tables/nope"):
        _, headers, _ = _request(server, "GET", path)
        policy = headers["content-security-policy"]
        assert "script-src 'self';" in policy and "frame-ancestors 'self'" in policy
        assert "unsafe" not in policy
        assert headers["x-content-type-options"] == "nosniff" and headers["referrer-policy"] == "no-referrer"


def test_the_api_s_larger_answers_are_gzipped(server: RoomServer) -> None:
    _, headers, body = _request(server, "GET", "/api/games", headers={"Accept-Encoding": "gzip"})
    assert headers["content-encoding"] == "gzip" and len(body) < 20_000


def test_a_websocket_from_another_site_s_page_is_refused(server: RoomServer) -> None:
    async def opened(origin: str | None) -> int:
        headers = {"Origin": origin} if origin else {}
        try:
            async with connect(f"ws://127.0.0.1:{server.port}/ws", additional_headers=headers) as socket:
                await socket.send(json.dumps({"type": "ping"}))
                return 101
        except InvalidStatus as refusal:
            return refusal.response.status_code
    assert asyncio.run(opened("https://evil.example")) == 403
    assert asyncio.run(opened(f"http://127.0.0.1:{server.port}")) == 101
    assert asyncio.run(opened(PUBLIC)) == 101
    assert asyncio.run(opened(None)) == 101


def test_invite_links_carry_the_public_address(server: RoomServer) -> None:
    made = RoomClient(server.base).create_table({"name": "linked", "games": ["draw"]})
    assert made["invite"] == f"{PUBLIC}/t/{made['table']}"
    assert made["host_link"] == f"{PUBLIC}/t/{made['table']}#host={made['owner_token']}"
    status, headers, svg = _request(server, "GET", f"/api/tables/{made['table']}/invite.svg")
    assert status == 200 and headers["content-type"] == "image/svg+xml" and svg.startswith(b"<svg")
    assert _request(server, "GET", "/api/tables/nosuch/invite.svg")[0] == 404


def test_the_limits_refuse_one_visitor_s_flood_of_tables(tmp_path: Any) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3"), arguments=("--tables-per-hour", "3")) as room:
        client = RoomClient(room.base)
        for _ in range(3):
            client.create_table({"name": "mine", "games": ["draw"]})
        with pytest.raises(RoomError, match="this address has made 3 tables in the last hour"):
            client.create_table({"name": "one too many", "games": ["draw"]})
    with RoomServer(str(tmp_path / "full.sqlite3"), arguments=("--most-tables", "2")) as room:
        client = RoomClient(room.base)
        made = [client.create_table({"name": "mine", "games": ["draw"]}) for _ in range(2)]
        with pytest.raises(RoomError, match="the room holds 2 open tables"):
            client.create_table({"name": "one too many", "games": ["draw"]})
        client.close(made[0]["table"], made[0]["owner_token"])
        client.create_table({"name": "room again", "games": ["draw"]})


def test_a_seat_opened_again_elsewhere_takes_over_and_the_older_one_is_told(server: RoomServer) -> None:
    client = RoomClient(server.base)
    table = client.create_table({"name": "two phones", "games": ["draw"]})["table"]
    _, token = client.join(table, "ann")

    async def scenario() -> SeatConnection:
        older = SeatConnection(server.base, table, token)
        await older.open()
        await older.first_state()
        async with SeatConnection(server.base, table, token) as newer:
            state = await newer.first_state()
            assert state["you"]["seat"] == 0
            while not older.ended:
                await asyncio.sleep(0.05)
            assert (await newer.chat("still here"))["type"] == "ack"
        return older
    older = asyncio.run(scenario())
    assert older.closed_with == 4409 and "opened on another connection" in older.why_closed()


def test_the_host_reads_what_was_refused_with_addresses_and_never_a_token(server: RoomServer) -> None:
    client = RoomClient(server.base)
    made = client.create_table({"name": "logged", "games": ["draw"]})
    guess = "guessed-token-that-must-not-be-logged"
    with pytest.raises(RoomError):
        client.host(made["table"], guess, {"type": "pause"})
    _request(server, "GET", "/", headers={"Host": "rebound.example"})
    log = server.log.read_text()
    assert "refused a token for POST" in log and "from 127.0.0.1" in log
    assert "refused this room does not answer to the name rebound.example" in log
    assert guess not in log and made["owner_token"] not in log
