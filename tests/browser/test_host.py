"""A private table in its host's hands, in three browsers (issue 39): the host opens the table by
the host's link (the token leaves the address bar at once) and is told once to keep that link; two
friends ask for a seat by the invite link and watch until the host answers; the host seats one and
refuses the other, starts the night and pauses it, and every page says who paused. The host's
panel and the invite's QR code are photographed at phone and desktop size."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from browser.checks import layout_problems, shoot
from browser.players import DESKTOP, PHONE
from homegame.room.client import RoomClient
from room_server import RoomServer

pytestmark = pytest.mark.browser


def _ask_for_a_seat(page: Page, base: str, invite: str, name: str) -> None:
    page.goto(base + invite)
    page.wait_for_selector("body[data-drawn]")
    page.fill("#join-name", name)
    page.click("form.join button[type=submit]")
    expect(page.locator("#own")).to_contain_text("Waiting for the host")


def _refused_by_policy(page: Page, found: list[str]) -> None:
    page.on("console", lambda message: found.append(message.text) if "Content Security Policy" in message.text
            else None)


def test_the_host_seats_one_friend_refuses_another_and_pauses(browser: Browser, room: RoomServer,
                                                               artifacts: Path) -> None:
    created = RoomClient(room.base).create_table({"name": "Friday", "seats": 4, "games": ["draw"],
                                                  "clock": 600, "ask_to_sit": True, "host_starts": True})
    table, invite = created["table"], created["invite"]
    assert table not in {line["id"] for line in RoomClient(room.base).tables()}, "private: not in the lobby"
    policy: list[str] = []

    host = browser.new_context(viewport=DESKTOP).new_page()
    _refused_by_policy(host, policy)
    host.goto(f"{room.base}{invite}#host={created['owner_token']}")
    panel = host.locator("#host")
    expect(panel).to_contain_text("You host this table")
    assert "#host" not in host.url, "the host's token left the address bar"
    expect(panel.locator(".host-keep")).to_contain_text("Keep your host link")
    kept = panel.locator(".host-keep input").input_value()
    assert kept == f"{room.base}{invite}#host={created['owner_token']}"
    host.fill("#join-name", "Hal")
    host.click("form.join button[type=submit]")  # the host sits at once: no request to answer
    host.wait_for_function("() => window.homegame.frame && window.homegame.frame.you.seat !== null")

    ann = browser.new_context(viewport=PHONE).new_page()
    bob = browser.new_context(viewport=DESKTOP).new_page()
    _refused_by_policy(ann, policy)
    _ask_for_a_seat(ann, room.base, invite, "ann")
    _ask_for_a_seat(bob, room.base, invite, "bob")
    assert bob.locator("#host").is_hidden() and ann.locator("#host").is_hidden(), "no host panel for friends"
    asks = panel.locator(".host-ask")
    expect(asks).to_have_count(2)
    expect(asks.nth(0)).to_contain_text("ann asks to sit")

    panel.locator(".host-more summary").click()
    qr = panel.locator("img.qr")
    expect(qr).to_be_visible()
    host.wait_for_function("() => document.querySelector('#host img.qr').naturalWidth > 0")
    shoot(host, artifacts, "host-panel-desktop")
    host.set_viewport_size(PHONE)
    panel.scroll_into_view_if_needed()
    assert layout_problems(host) == []
    shoot(host, artifacts, "host-panel-phone")
    host.set_viewport_size(DESKTOP)

    asks.filter(has_text="ann").get_by_role("button", name="Seat them").click()
    asks.filter(has_text="bob").get_by_role("button", name="Refuse").click()
    ann.wait_for_function("() => window.homegame.frame.you.seat !== null")
    expect(bob.locator("#own")).to_contain_text("The host did not seat bob")
    expect(asks).to_have_count(0)
    expect(ann.locator("#game-line")).to_have_text("Waiting for the host to start the night")

    panel.get_by_role("button", name="Start the night").click()
    ann.wait_for_function("() => window.homegame.frame.table.phase === 'playing'")
    panel.get_by_role("button", name="Pause").click()
    for page in (ann, bob, host):
        expect(page.locator("#game-line")).to_have_text(
            "Paused by Hal: play goes on when the host resumes")
    to_act = next(page for page in (ann, host) if page.evaluate("() => window.homegame.frame.you.to_act"))
    expect(to_act.locator("#actions")).to_contain_text("Paused by Hal")  # no controls the room would refuse
    expect(to_act.locator("#actions button")).to_have_count(0)
    expect(ann.locator("#actions")).not_to_contain_text("You asked the host")  # said while she waited
    shown = to_act.locator(".seat .clock-text").first.inner_text()
    to_act.wait_for_timeout(1500)
    assert to_act.locator(".seat .clock-text").first.inner_text() == shown, "the clocks stand still"
    shoot(ann, artifacts, "host-paused-phone")
    panel.get_by_role("button", name="Resume").click()
    expect(ann.locator("#game-line")).to_contain_text("Hand 1")

    ledger = RoomClient(room.base).table(table)
    assert [seat["name"] for seat in ledger["seats"] if seat] == ["Hal", "ann"]
    assert policy == [], f"nothing the page does is refused by its own Content-Security-Policy: {policy}"


def test_the_host_s_role_handed_over_brings_its_calls_and_the_night_ends_from_the_host_s_panel(
        browser: Browser, room: RoomServer) -> None:
    """The seat the host's role was handed to calls a bomb pot from the ledger as the owner did,
    and the owner, no longer host, is offered neither; the night ends from the host's panel (the
    ledger has no second control for closing the table)."""
    client = RoomClient(room.base)
    created = client.create_table({"name": "Handed", "seats": 3, "games": ["draw"], "clock": 600,
                                   "pause": 30, "bomb_pot": 5})
    table, invite = created["table"], created["invite"]
    owner = browser.new_context(viewport=DESKTOP).new_page()
    owner.goto(f"{room.base}{invite}#host={created['owner_token']}")
    owner.fill("#join-name", "Hal")
    owner.click("form.join button[type=submit]")
    owner.wait_for_function("() => window.homegame.frame && window.homegame.frame.you.seat !== null")
    ann = browser.new_context(viewport=PHONE).new_page()
    ann.goto(room.base + invite)
    ann.fill("#join-name", "ann")
    ann.click("form.join button[type=submit]")
    ann.wait_for_function("() => window.homegame.frame && window.homegame.frame.you.seat !== null")
    seat = ann.evaluate("() => window.homegame.frame.you.seat")

    owner.keyboard.press("Shift+L")
    expect(owner.locator("button[data-action=bomb-pot]")).to_be_visible()
    expect(owner.get_by_role("button", name="Close the table")).to_have_count(0)
    client.host(table, created["owner_token"], {"type": "hand_over", "seat": seat, "id": "over-1"})
    expect(ann.locator("#host")).to_contain_text("You host this table")
    owner.wait_for_function("() => !window.homegame.frame.host")
    owner.keyboard.press("Escape")
    owner.keyboard.press("Shift+L")
    expect(owner.locator("#panel-body .ledger").first).to_be_visible()
    expect(owner.locator("button[data-action=bomb-pot]")).to_have_count(0)

    ann.keyboard.press("Shift+L")
    ann.locator("button[data-action=bomb-pot]").click()
    # the open ledger is drawn again from the frame that carries the call
    expect(ann.locator("#panel-body")).to_contain_text("A bomb pot of 5 each is called for the next hand")
    assert client.table(table)["bomb_pot_called"]
    ann.keyboard.press("Escape")
    ann.locator("#host summary").click()
    ann.locator("button[data-host=end]").click()
    ann.locator("button[data-host=end]").click()
    expect(owner.locator("#status")).to_have_text("The table is closed")
    for page in (owner, ann):
        page.context.close()
