"""A seat not dealt in is told why, with the way back right there (issue 40, point 6): a player the
clock sat out gets Come back, a player short of the chips the game is dealt with gets a rebuy.
Before, both read only "You are not dealt in this hand"."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from browser.checks import layout_problems, shoot
from browser.players import DESKTOP, PHONE, NetworkBot, TablePlayer
from homegame.room.client import RoomClient
from room_server import RoomServer

pytestmark = pytest.mark.browser


def test_a_player_short_of_the_wager_is_offered_the_rebuy_that_deals_them_in(browser: Browser,
                                                                             room: RoomServer,
                                                                             artifacts: Path) -> None:
    created = RoomClient(room.base).create_table({"name": "short", "seats": 2, "games": ["pai_gow"],
                                                  "buy_in": 30, "max_buy_in": 200, "clock": 600, "pause": 0,
                                                  "stakes": {"wager": 50}})
    ann = TablePlayer(browser.new_context(viewport=PHONE).new_page(), "ann")
    with NetworkBot(room.base, created["table"], chips=200):
        ann.open(room.base, created["invite"])
        ann.sit()
        note = ann.page.locator("#out .out-note[data-why=chips]")
        expect(note).to_contain_text("You have 30 chips, and a deal here needs 50: rebuy to be dealt in.")
        expect(note.locator("input[name=rebuy]")).to_have_value("20")
        shoot(ann.page, artifacts, "out-chips-phone")
        assert layout_problems(ann.page) == []
        note.locator("button[type=submit]").click()
        ann.page.wait_for_function("() => window.homegame.frame.you.player !== null")
        expect(ann.page.locator("#out")).to_be_hidden()
        assert ann.page.evaluate("() => window.homegame.frame.table.seats[1].stack") == 50
    ann.page.context.close()


def test_a_player_the_clock_sat_out_is_told_so_and_comes_back_from_there(browser: Browser, room: RoomServer,
                                                                        artifacts: Path) -> None:
    created = RoomClient(room.base).create_table({"name": "asleep", "seats": 2, "games": ["draw"], "bots": 1,
                                                  "clock": 1, "timeouts_to_sit_out": 1, "pause": 0,
                                                  "buy_in": 1000, "stakes": {"limit": "fixed"}})
    bob = TablePlayer(browser.new_context(viewport=DESKTOP).new_page(), "bob")
    bob.open(room.base, created["invite"])
    bob.sit()
    note = bob.page.locator("#out .out-note[data-why=clock]")
    expect(note).to_contain_text("Your time ran out 1 turn in a row, so you sit out", timeout=20000)
    shoot(bob.page, artifacts, "out-clock-desktop")
    note.get_by_role("button", name="Come back").click()
    bob.page.wait_for_function("() => !window.homegame.frame.you.out"
                               " || window.homegame.frame.you.out.why !== 'clock'")
    assert not bob.page.evaluate("() => window.homegame.frame.table.seats[1].sitting_out")
    bob.page.context.close()
