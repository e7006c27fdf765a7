"""Your seat on another device (issue 40, point 8): the seat's Options show a one-time code and a
link; the link opened on a phone seats the same player there, the code gone from the address bar at
once and never in the room's log; a code typed by Take a seat does the same, and a used one is
refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from browser.checks import layout_problems, shoot
from browser.players import DESKTOP, PHONE, TablePlayer
from homegame.room.client import RoomClient
from room_server import RoomServer

pytestmark = pytest.mark.browser


def _a_code(page: Page) -> tuple[str, str]:
    """Ask for a code from the Options panel: the code and the link shown."""
    page.keyboard.press("Shift+O")
    page.get_by_role("button", name="Show a code for another device").click()
    code = page.locator("#panel-body .seat-code")
    expect(code).to_have_text(re.compile(r"^[A-Z2-9]{4}-[A-Z2-9]{4}$"))
    link = page.locator("#panel-body .seat-link-field").input_value()
    return code.inner_text(), link


def _seat(page: Page) -> int | None:
    page.wait_for_function("() => window.homegame.frame && window.homegame.frame.you.seat !== null")
    seat: int | None = page.evaluate("() => window.homegame.frame.you.seat")
    return seat


def test_a_seat_link_seats_the_same_player_on_a_phone(browser: Browser, room: RoomServer,
                                                     artifacts: Path) -> None:
    created = RoomClient(room.base).create_table({"name": "two devices", "seats": 3, "games": ["draw"],
                                                  "clock": 600})
    ann = TablePlayer(browser.new_context(viewport=DESKTOP).new_page(), "ann")
    ann.open(room.base, created["invite"])
    ann.sit()
    code, link = _a_code(ann.page)
    assert link.endswith(f"/t/{created['table']}#seat={code}")
    shoot(ann.page, artifacts, "seat-code-desktop")
    ann.page.keyboard.press("Escape")

    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(link)
    assert "seat=" not in phone.url, "the code left the address bar"
    assert _seat(phone) == _seat(ann.page)
    assert phone.evaluate("() => location.href") == room.base + created["invite"]
    kept_seat = f"homegame.seat.{created['table']}"
    token = phone.evaluate(f"() => JSON.parse(localStorage.getItem('{kept_seat}')).token")
    assert token and token != ann.page.evaluate("() => window.homegame.seat.token"), "a token of its own"
    expect(phone.locator("#game-line")).to_be_visible()
    assert layout_problems(phone) == []
    plain = code.replace("-", "")
    kept = room.log.read_text() if room.log.exists() else ""
    assert code not in kept and plain not in kept, "the code is in the room's log"

    third = browser.new_context(viewport=PHONE).new_page()
    third.goto(room.base + created["invite"])
    third.wait_for_selector("body[data-drawn]")
    third.fill("#claim-code", code.lower())
    third.get_by_role("button", name="Take my seat here").click()
    expect(third.locator("#actions .notice")).to_contain_text("opens no seat at this table")
    shoot(third, artifacts, "seat-code-used-phone")
    fresh, _ = _a_code(ann.page)
    third.fill("#claim-code", fresh)
    third.get_by_role("button", name="Take my seat here").click()
    assert _seat(third) == _seat(ann.page)
    for page in (ann.page, phone, third):
        page.context.close()
