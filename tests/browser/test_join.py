"""Taking a seat from the page at a table that allows deep stacks: the form asks how many chips to
bring, within the table's buy-in and its max_buy_in; the room refuses anything else, and the page
says why and seats no one."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from browser.checks import made_table, shoot
from browser.players import DESKTOP, PHONE, NetworkBot, TablePlayer
from homegame.room.client import RoomClient
from room_server import RoomServer

pytestmark = pytest.mark.browser


def test_a_deep_stack_is_asked_for_and_checked_by_the_room(browser: Browser, room: RoomServer,
                                                          artifacts: Path) -> None:
    client = RoomClient(room.base)
    created = client.create_table({"name": "deep", "seats": 3, "games": ["draw"], "buy_in": 100,
                                   "max_buy_in": 500, "clock": 600})
    ann = TablePlayer(browser.new_context(viewport=PHONE).new_page(), "ann")
    ann.open(room.base, created["invite"])
    chips = ann.page.locator("#join-chips")
    expect(ann.page.locator("label[for=join-chips]")).to_have_text("Chips to bring (100 to 500)")
    expect(chips).to_have_value("100")
    ann.page.fill("#join-name", "ann")
    chips.fill("900")
    ann.page.evaluate("() => document.querySelector('#join-chips').removeAttribute('max')")  # past the form
    ann.page.click("form.join button[type=submit]")
    expect(ann.page.locator("#actions .notice")).to_contain_text("a player brings 100 to 500 chips")
    assert client.table(created["table"])["seats"] == [None, None, None]
    chips.fill("350")
    shoot(ann.page, artifacts, "join-deep-stack-phone")
    ann.page.click("form.join button[type=submit]")
    ann.page.wait_for_function("() => window.homegame.frame && window.homegame.frame.you.seat !== null")
    assert [s and s["stack"] for s in client.table(created["table"])["seats"]] == [350, None, None]


def test_a_table_without_deep_stacks_asks_only_for_a_name(browser: Browser, room: RoomServer) -> None:
    created = RoomClient(room.base).create_table({"name": "plain", "seats": 2, "games": ["draw"]})
    bob = TablePlayer(browser.new_context(viewport=DESKTOP).new_page(), "bob")
    bob.open(room.base, created["invite"])
    assert bob.page.locator("#join-chips").count() == 0
    bob.sit()


def test_the_lobby_makes_a_deep_stacked_table_and_says_what_is_wrong_with_one(browser: Browser,
                                                                              room: RoomServer) -> None:
    client = RoomClient(room.base)
    before = client.tables()
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(room.base + "/")
    page.wait_for_selector("#new-table input[name=game]")
    form = page.locator("#new-table")
    deep = form.get_by_label("Maximum buy-in (chips)", exact=True)
    form.get_by_label("Buy-in (chips)", exact=True).fill("200")
    deep.fill("150")
    form.locator("button[type=submit]").click()
    expect(page.locator("#error-max_buy_in")).to_contain_text("from the buy-in (200)")
    assert client.tables() == before
    deep.fill("800")
    form.locator("button[type=submit]").click()
    expect(page.locator("#created input[readonly]")).to_be_visible()
    made = made_table(page)
    config = client.table(made)["config"]
    assert (config["buy_in"], config["max_buy_in"]) == (200, 800)


def test_a_name_being_typed_mid_hand_stays_while_the_hand_goes_on(browser: Browser, room: RoomServer) -> None:
    """A friend who arrived mid-hand lost the name they were typing, and the focus, to every table
    update: the join form was drawn again each time."""
    created = RoomClient(room.base).create_table({"name": "busy", "seats": 4, "games": ["draw"], "bots": 2,
                                                  "clock": 600, "pause": 0, "buy_in": 1000,
                                                  "stakes": {"limit": "fixed"}})
    cy = TablePlayer(browser.new_context(viewport=PHONE).new_page(), "cy")
    with NetworkBot(room.base, created["table"]):
        cy.open(room.base, created["invite"])
        name = cy.page.locator("#join-name")
        name.click()
        name.press_sequentially("Cyr")
        seq = cy.page.evaluate("() => window.homegame.frame.seq")
        cy.page.wait_for_function("(seq) => window.homegame.frame.seq > seq + 5", arg=seq, timeout=30000)
        expect(name).to_be_focused()
        name.press_sequentially("il")
        cy.page.wait_for_function("(seq) => window.homegame.frame.seq > seq + 10", arg=seq, timeout=30000)
        expect(name).to_have_value("Cyril")
        expect(name).to_be_focused()
    cy.page.context.close()
