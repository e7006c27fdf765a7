"""The routes the card room adds for the browser table, on a real server: the pages and their
files, and a seat's two questions about its own decision (does this setting foul, what would the
best bot play), which only a seat's token may ask and which change nothing."""

from __future__ import annotations

import asyncio
import gzip
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from homegame.engine import Action, ActionSet
from homegame.errors import NotAllowed, RoomError
from homegame.games import chinese
from homegame.room.client import RoomClient, SeatConnection, read_view
from homegame.web import Assets
from room_server import RoomServer


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoomServer]:
    with RoomServer(str(tmp_path_factory.mktemp("web") / "room.sqlite3")) as running:
        yield running


def _get(url: str) -> tuple[int, dict[str, str], str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, dict(answer.headers), answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


def test_the_lobby_the_table_page_and_their_files_are_served(server: RoomServer) -> None:
    version = Assets().version
    status, headers, lobby = _get(server.base + "/")
    assert status == 200 and f"/static/{version}/js/lobby.js" in lobby
    assert headers["cache-control"] == "no-cache"
    status, _, table = _get(server.base + "/t/any-table-id")
    assert status == 200 and f"/static/{version}/js/table.js" in table
    status, headers, script = _get(server.base + f"/static/{version}/js/table.js")
    assert status == 200 and "TableSocket" in script and "immutable" in headers["cache-control"]
    status, headers, script = _get(server.base + "/static/js/table.js")  # a page from before an upgrade
    assert status == 200 and "TableSocket" in script and headers["cache-control"] == "no-cache"
    assert _get(server.base + "/static/../../pyproject.toml")[0] == 404
    assert _get(server.base + f"/static/{version}/js/nothing.js")[0] == 404


def test_the_page_s_files_are_sent_gzipped_and_a_browser_that_has_them_gets_304(server: RoomServer) -> None:
    url = f"{server.base}/static/{Assets().version}/js/table.js"
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        body, etag = answer.read(), answer.headers["etag"]
        assert answer.headers["content-encoding"] == "gzip" and b"TableSocket" in gzip.decompress(body)
    again = urllib.request.Request(url, headers={"If-None-Match": etag})
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(again, timeout=10)
    assert answer.value.code == 304
    for page in ("/", "/t/abc"):  # the pages are asked about again each visit, and unchanged cost a 304
        with urllib.request.urlopen(server.base + page, timeout=10) as answer:
            etag = answer.headers["etag"]
        with pytest.raises(urllib.error.HTTPError) as answer:
            asked = urllib.request.Request(server.base + page, headers={"If-None-Match": etag})
            urllib.request.urlopen(asked, timeout=10)
        assert answer.value.code == 304


def test_only_a_seat_in_a_hand_may_ask_and_bad_questions_are_refused(server: RoomServer) -> None:
    client = RoomClient(server.base)
    table = client.create_table({"name": "questions", "games": ["chinese"]})["table"]
    _, token = client.join(table, "ann")
    asking = {"action": {"kind": "set", "groups": [["As"]]}}
    with pytest.raises(NotAllowed, match="seat's token"):
        client._call("POST", f"/api/tables/{table}/check", asking)
    with pytest.raises(NotAllowed):
        client._call("POST", f"/api/tables/{table}/check", asking, token="a guessed token")
    with pytest.raises(RoomError, match="not playing a hand"):
        client._call("POST", f"/api/tables/{table}/check", asking, token=token)
    with pytest.raises(RoomError, match="ask with"):
        client._call("POST", f"/api/tables/{table}/check", {"action": {}, "more": 1}, token=token)
    with pytest.raises(RoomError, match="not playing a hand"):
        client._call("GET", f"/api/tables/{table}/suggest", token=token)


def test_a_seat_hears_whether_its_setting_fouls_and_what_the_best_bot_would_set(server: RoomServer) -> None:
    asyncio.run(_ask_about_a_setting(server))


async def _ask_about_a_setting(server: RoomServer) -> None:
    client = RoomClient(server.base)
    table = client.create_table({"name": "setting", "games": ["chinese"], "bots": 1, "clock": 600})["table"]
    _, token = client.join(table, "ann")
    async with SeatConnection(server.base, table, token) as seat:
        state = await seat.wait_for(lambda s: s["you"]["choosing"] or s["you"]["to_act"])
        if state["you"]["choosing"]:
            await seat.choose("chinese")
            state = await seat.wait_for(lambda s: s["you"]["to_act"])
        cards = state["legal"][0]["arrangements"]["cards"]
        upside_down = {"kind": "set", "groups": [cards[:3], cards[3:8], cards[8:]]}  # the strongest in front
        answer = client._call("POST", f"/api/tables/{table}/check", {"action": upside_down}, token=token)
        expected = chinese.foul_warning(read_view(state["view"]), Action.from_json(upside_down))
        assert answer["legal"] and answer["warning"] == expected and len(answer["names"]) == 3
        stranger = next(card for card in ("As", "Ks", "Qs", "Js") if card not in cards)
        wrong = {"kind": "set", "groups": [[stranger, *cards[1:3]], cards[3:8], cards[8:]]}  # a card not held
        answer = client._call("POST", f"/api/tables/{table}/check", {"action": wrong}, token=token)
        assert not answer["legal"] and answer["why"] and answer["warning"] == ""
        suggested = client._call("GET", f"/api/tables/{table}/suggest", token=token)
        assert Action.from_json(suggested["action"]) in ActionSet.from_json(state["legal"])
        assert client.table(table)["seats"][1]["name"] == "ann" and seat.state["seq"] == state["seq"]
