"""What a night leaves behind, in the browser (issue 34): the ledger's CSV and JSON and a player's
hands downloaded from the table page, the chip graph drawn at phone and desktop size, and a club's
page with its standings, its season's graph and its CSV; no error in the console anywhere."""

from __future__ import annotations

import csv
import io
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from browser.checks import shoot
from browser.players import DESKTOP, PHONE
from homegame.room.client import RoomClient
from played_nights import call, play_night
from room_server import RoomServer

pytestmark = pytest.mark.browser


def _played(room: RoomServer, name: str, keys: dict[str, str | None], hands: int) -> dict[str, Any]:
    """:func:`play_night` in a thread of its own (Playwright holds this thread's event loop)."""
    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(play_night, room, name, keys, hands=hands).result()


@pytest.fixture(scope="module")
def night(room: RoomServer) -> dict[str, Any]:
    return _played(room, "Night files", {"ann": None, "bob": None}, hands=5)


def _page(browser: Browser, viewport: dict[str, int], storage: dict[str, Any]) -> tuple[Page, list[str]]:
    """A fresh browser at ``viewport`` whose storage holds ``storage`` (as the page keeps it), and
    the console's errors as they come."""
    context = browser.new_context(viewport=viewport, accept_downloads=True)
    context.add_init_script("(kept => { for (const [key, value] of Object.entries(kept)) "
                            f"localStorage.setItem(key, JSON.stringify(value)); }})({json.dumps(storage)})")
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


def _download(page: Page, name: str) -> str:
    with page.expect_download() as download:
        page.get_by_role(name=name, exact=True, role="link" if "Ledger" in name else "button").click()
    path = download.value.path()
    return Path(path).read_text(encoding="utf-8")


def _graph_fits(page: Page, players: int, width: int) -> None:
    graph = page.locator("svg.chip-graph").first
    expect(graph).to_be_visible()
    assert graph.locator("g.series").count() == players
    assert graph.locator("polyline").count() >= players
    box = graph.bounding_box()
    assert box is not None and 0 < box["width"] <= width and box["height"] > 100, box


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_ledger_and_the_hands_download_and_the_graph_is_drawn(browser: Browser, room: RoomServer,
                                                                   night: dict[str, Any], artifacts: Path,
                                                                   size: str) -> None:
    viewport = PHONE if size == "phone" else DESKTOP
    table, token = night["table"], night["tokens"]["ann"]
    seat = {"token": token, "seat": 1, "name": "ann"}
    page, errors = _page(browser, viewport, {f"homegame.seat.{table}": seat})
    page.goto(f"{room.base}/t/{table}")
    expect(page.locator("#panel-body")).to_contain_text("The table is closed: the final ledger.")
    client = RoomClient(room.base)
    text = _download(page, "Ledger as CSV")
    assert text == client.ledger_file(table, "csv")
    assert sum(int(row["net"]) for row in csv.DictReader(io.StringIO(text))) == 0
    assert json.loads(_download(page, "Ledger as JSON")) == json.loads(client.ledger_file(table, "json"))
    stats = client.stats(table)
    _graph_fits(page, len(stats["graph"]["players"]), viewport["width"])
    page.locator("svg.chip-graph").first.scroll_into_view_if_needed()
    shoot(page, artifacts, f"night-files-{size}")
    page.keyboard.press("Escape")
    page.keyboard.press("Shift+H")
    expect(page.get_by_role("button", name="Download my hands")).to_be_visible()
    hands = _download(page, "Download my hands")
    assert hands == client.histories(table, token)
    dealt = next(player["total"]["dealt"] for player in stats["players"] if player["name"] == "ann")
    assert len(hands.splitlines()) == dealt > 0
    assert not errors, errors
    page.context.close()


def test_the_club_page_shows_the_standings_the_season_and_its_csv(browser: Browser, room: RoomServer,
                                                                  artifacts: Path) -> None:
    status, made = call(room, "POST", "/api/clubs", {"name": "Browser club", "member": "ann"})
    assert status == 201
    club, owner = made["club"], made["owner_token"]
    bob = call(room, "POST", f"/api/clubs/{club}/members", {"name": "bob"}, owner)[1]
    nights = [_played(room, name, {"ann": made["member"]["key"], "bob": bob["key"], "cy": None}, hands=3)
              for name in ("First Friday", "Second Friday")]
    call(room, "POST", f"/api/clubs/{club}/nights",
         {"table": nights[0]["table"], "owner_token": nights[0]["owner_token"]}, owner)
    standings = RoomClient(room.base).club(club)  # one night filed from the API, the other from the page
    storage = {f"homegame.club-owner.{club}": owner,
               f"homegame.owner.{nights[1]['table']}": nights[1]["owner_token"]}
    page, errors = _page(browser, DESKTOP, storage)
    page.goto(f"{room.base}/c/{club}#key={bob['key']}")
    page.wait_for_selector("body[data-drawn]")
    expect(page.locator("#club-you")).to_contain_text("You are bob")
    assert "#key" not in page.url, "the key leaves the address bar"
    expect(page.locator(".standings")).to_contain_text(f"{standings['members'][0]['name']}")
    page.fill("#night-table", f"{room.base}/t/{nights[1]['table']}")
    page.get_by_role("button", name="File the night").click()
    expect(page.locator(".nights li")).to_have_count(2)
    standings = RoomClient(room.base).club(club)
    for line in standings["members"]:
        net = f"{'+' if line['net'] > 0 else ''}{line['net']}"
        expect(page.locator(".standings tr", has_text=f"{line['name']} ({line['id']})")).to_contain_text(net)
    _graph_fits(page, 2, DESKTOP["width"])
    with page.expect_download() as download:
        page.get_by_role("link", name="Standings as CSV").click()
    assert Path(download.value.path()).read_text(encoding="utf-8") == RoomClient(room.base).club_csv(club)
    page.fill("#member-name", "dee")
    page.get_by_role("button", name="Add", exact=True).click()
    link = page.locator("#member-link")
    assert f"/c/{club}#key=" in link.input_value()
    shoot(page, artifacts, "club-desktop")
    page.set_viewport_size(PHONE)
    page.reload()
    page.wait_for_selector("body[data-drawn]")
    _graph_fits(page, 2, PHONE["width"])  # dee has played no night yet
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(page, artifacts, "club-phone")
    table = RoomClient(room.base).create_table({"name": "Next Friday", "games": ["draw"]})["table"]
    page.goto(f"{room.base}/t/{table}")
    page.wait_for_selector("body[data-drawn]")
    expect(page.locator("#join-member")).to_contain_text("bob of Browser club")
    page.fill("#join-name", "bob")
    page.click("form.join button[type=submit]")
    page.wait_for_function("() => window.homegame.frame && window.homegame.frame.you.seat !== null")
    seated = RoomClient(room.base).ledger_file(table, "json")
    assert {line["name"]: line["member"] for line in json.loads(seated)["lines"]}["bob"] == "bob"
    assert not errors, errors
    page.context.close()


def test_a_club_is_made_from_its_page(browser: Browser, room: RoomServer) -> None:
    page, errors = _page(browser, PHONE, {})
    page.goto(room.base)
    page.get_by_role("link", name="Start a club").click()
    page.wait_for_selector("body[data-drawn]")
    page.get_by_role("button", name="Make the club").click()
    expect(page.locator("#club-notice")).to_contain_text("a club's name is 1 to 40 printable characters")
    page.fill("#club-new-name", "Thursday club")
    page.fill("#club-new-you", "flo")
    page.get_by_role("button", name="Make the club").click()
    page.wait_for_url("**/c/*")
    page.wait_for_selector("body[data-drawn]")
    expect(page.locator("#club-name")).to_have_text("Thursday club")
    expect(page.locator("#club-you")).to_contain_text("You are flo")
    expect(page.locator(".standings")).to_contain_text("flo (1)")
    expect(page.get_by_role("heading", name="For the host")).to_be_visible()
    page.goto(page.url + "#key=not-a-key")
    page.reload()
    page.wait_for_selector("body[data-drawn]")
    expect(page.locator("#club-notice")).to_contain_text("This link's key was not kept")
    expect(page.locator("#club-you")).to_contain_text("You are flo")
    assert errors == [f"Failed to load resource: the server responded with a status of {status}"
                      for status in ("400 (Bad Request)", "403 (Forbidden)")], \
        "the only errors are chromium's notes of the room's refusals: the empty name, the wrong key"
    page.context.close()
