"""While the room is away (issue 40, point 5): the page's banner stays in sight on a scrolled page,
and the clock shown stands still as the room's clocks do, until the room is back."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from browser.checks import shoot
from browser.players import PHONE, play_until, seat_three
from room_server import RoomServer

pytestmark = pytest.mark.browser

CLOCK = "() => document.querySelector('#felt .clock .clock-text').textContent"
BANNER_IN_SIGHT = """() => { const r = document.querySelector('#banner').getBoundingClientRect();
                             return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; }"""


def test_the_banner_stays_in_sight_and_the_clock_waits_for_the_room(browser: Browser, tmp_path: Path,
                                                                   artifacts: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as server:
        setup = {"name": "away", "seats": 2, "games": ["draw"], "clock": 40, "pause": 0, "bots": 1}
        _, (ann,), _ = seat_three(browser, server.base, setup, sizes=(PHONE,))
        page = ann.page
        play_until([ann], lambda: bool((ann.state() or {}).get("you", {}).get("to_act")), random.Random(1),
                   choose="draw")
        page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        server.kill()
        expect(page.locator("#banner")).to_be_visible()
        assert page.evaluate(BANNER_IN_SIGHT), "the banner is at the top of a page scrolled past it"
        before = page.evaluate(CLOCK)
        page.wait_for_timeout(2500)
        assert page.evaluate(CLOCK) == before, "the clock ran down while the room was away"
        shoot(page, artifacts, "reconnecting-scrolled-phone")
        server.start()
        expect(page.locator("#status")).to_have_attribute("data-status", "connected", timeout=20000)
        expect(page.locator("#banner")).to_be_hidden()
        page.wait_for_function(f"(before) => ({CLOCK})() !== before", arg=before, timeout=5000)
        page.context.close()
