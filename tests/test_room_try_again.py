"""A table changing owners in a shared room (docs/scaling.md) is answered "try again": 503 with
``Retry-After``, nothing changed. The room so answers a request that reached a process just as it
lost the table (``TableLost``; it was a refusal, 400, that a loaded machine turned into a failed
join), and the Python client sends such a request again for a few seconds."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from starlette.requests import Request
from starlette.responses import Response

import homegame.room.client as client_module
from homegame.errors import RoomError
from homegame.room.app import api
from homegame.room.client import RoomClient
from homegame.room.ownership import TableMoving
from homegame.room.store import TableLost


@pytest.mark.parametrize("error", [TableLost("table t1 belongs to another room process now"),
                                   TableMoving("the table is changing owners")])
def test_a_table_changing_owners_is_answered_try_again(error: RoomError) -> None:
    async def refused(request: Request) -> Response:
        raise error

    request = Request({"type": "http", "method": "GET", "path": "/api/tables/t1", "headers": [],
                       "query_string": b""})

    async def answered() -> Response:
        return await api(refused)(request)

    answer = asyncio.run(answered())
    assert answer.status_code == 503 and answer.headers["retry-after"] == "1"
    assert json.loads(bytes(answer.body)) == {"error": str(error)}


class _Busy(BaseHTTPRequestHandler):
    """Answers "try again" to the first ``busy`` requests, then the table."""

    busy = 2
    seen: list[str] = []

    def do_GET(self) -> None:
        self.seen.append(self.path)
        if len(self.seen) <= self.busy:
            self._answer(503, {"error": "the table is changing owners"}, {"Retry-After": "0"})
        else:
            self._answer(200, {"id": "t1"}, {})

    def _answer(self, status: int, body: dict[str, Any], headers: dict[str, str]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        for key, value in {**headers, "Content-Type": "application/json"}.items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def busy_room() -> Iterator[str]:
    _Busy.seen = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Busy)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_the_client_asks_again_while_the_table_changes_owners(busy_room: str) -> None:
    assert RoomClient(busy_room).table("t1") == {"id": "t1"}
    assert _Busy.seen == ["/api/tables/t1"] * 3


def test_the_client_gives_up_after_a_while_with_the_room_s_words(busy_room: str,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_Busy, "busy", 10**6)
    monkeypatch.setattr(client_module, "KEEP_TRYING", 0.5)
    with pytest.raises(RoomError, match="the table is changing owners"):
        RoomClient(busy_room).table("t1")
    assert 2 <= len(_Busy.seen) <= 20
