"""A tournament night in the browser: made in the lobby's form, entered from its page by two people,
played with bots over two tables (the page follows a player moved to the other table) to the final
standings, with the places and prizes in the ledger; and the table habits as the page shows them."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from browser.checks import layout_problems, shoot
from browser.players import DESKTOP, PHONE, TablePlayer
from homegame.room.client import RoomClient
from room_server import RoomServer

pytestmark = pytest.mark.browser


def _make_in_the_lobby(page: Page, base: str) -> str:
    """The owner makes a tournament of five entries over tables of three, three of them bots; its
    invite link."""
    page.goto(base + "/")
    page.wait_for_selector("#new-table input[name=game]")
    form = page.locator("#new-table")
    form.get_by_label("Name", exact=True).fill("Sunday night")
    form.locator("#tournament-part summary").click()
    form.locator("input[name=tournament]").check()
    expect(form.locator("input[name=game][value=papayoo]")).to_be_disabled()
    for name in ("crazy_pineapple", "crazy_pineapple_hi_lo", "anaconda", "whiskey"):
        form.locator(f"input[name=game][value={name}]").uncheck()
    form.get_by_label("Seats", exact=True).fill("3")
    form.get_by_label("Bots", exact=True).fill("3")
    form.get_by_label("Clock (seconds a turn)", exact=True).fill("30")
    form.get_by_label("Pause between deals (s)", exact=True).fill("0")
    form.locator("input[name=t_entrants]").fill("5")
    form.locator("input[name=t_stack]").fill("40")
    form.locator("input[name=t_buy_in]").fill("20")
    form.locator("input[name=t_level_seconds]").fill("4")
    form.locator("input[name=t_payouts]").fill("70/30")
    form.locator("button[type=submit]").click()
    expect(page.locator("#created h3")).to_have_text("Your tournament is open for entries")
    return str(page.locator("#invite-link").input_value())


def _enter(page: Page, invite: str, name: str) -> None:
    page.goto(invite)
    page.fill("#entry-name", name)
    page.click("#enter")
    page.wait_for_selector("body[data-drawn]")
    page.wait_for_function("() => window.homegame.frame && window.homegame.frame.you.seat !== null")


def test_two_people_and_bots_play_a_tournament_to_its_final_standings(browser: Browser, room: RoomServer,
                                                                       artifacts: Path) -> None:
    ann = TablePlayer(browser.new_context(viewport=DESKTOP).new_page(), "ann")
    bob = TablePlayer(browser.new_context(viewport=PHONE).new_page(), "bob")
    invite = _make_in_the_lobby(ann.page, room.base)
    tournament = invite.rstrip("/").split("/")[-1]
    client = RoomClient(room.base)
    _enter(ann.page, invite, "ann")
    expect(ann.page.locator("#game-line")).to_contain_text("4 of 5 entries")
    shoot(ann.page, artifacts, "tournament-waiting-desktop")
    _enter(bob.page, invite, "bob")  # the last entry: the tournament starts
    level = re.compile(r"Level \d+: blinds \d+/\d+")
    expect(bob.page.locator("#game-line")).to_contain_text(level, timeout=20000)
    shoot(bob.page, artifacts, "tournament-level-phone")
    assert not layout_problems(bob.page)
    rng, deadline, shot = random.Random("tournament"), time.monotonic() + 300, False
    while not client.tournament(tournament)["finished"]:
        assert time.monotonic() < deadline, "the tournament did not end in time"
        moved = False
        for player in (ann, bob):
            try:
                moved = player.take_turn(rng) or moved
            except PlaywrightError:  # the page is going to the table the tournament moved its player to
                player.page.wait_for_load_state()
        if not shot and client.tournament(tournament)["level"] >= 2:
            shoot(ann.page, artifacts, "tournament-level-2-desktop")
            shot = True
        if not moved:
            ann.page.wait_for_timeout(100)
    summary = client.tournament(tournament)
    assert sorted(line["place"] for line in summary["placed"]) == [1, 2, 3, 4, 5]
    assert summary["prizes"] == [70, 30] and summary["prize_pool"] == 100
    for player in (ann, bob):
        player.page.reload()  # a player out early may have watched a table broken up before the end
        dialog = player.page.locator("dialog[open]")
        expect(dialog).to_contain_text("Place", timeout=20000)
        expect(dialog).to_contain_text("1st")
        assert not player.errors, player.errors
    shoot(ann.page, artifacts, "tournament-final-standings-desktop")
    shoot(bob.page, artifacts, "tournament-final-standings-phone")
    ledger = client.ledger(tournament)
    assert sum(line["cashed"] for line in ledger["lines"]) == 100
    standings = browser.new_context(viewport=PHONE).new_page()
    standings.goto(invite)
    expect(standings.locator("#standings tbody tr")).to_have_count(5)
    expect(standings.locator("#standings tbody")).not_to_contain_text("(bot) (bot)")  # said once, in the name
    expect(standings.locator("#tournament-tables")).to_contain_text("Every table is closed")
    shoot(standings, artifacts, "tournament-page-phone")
    for page in (ann.page, bob.page, standings):
        page.context.close()


def test_the_page_shows_the_time_bank_and_the_owner_calls_a_bomb_pot(browser: Browser, room: RoomServer,
                                                                       artifacts: Path) -> None:
    client = RoomClient(room.base)
    made = client.create_table({"name": "regulars", "seats": 3, "bots": 1, "games": ["pineapple"],
                                "clock": 600, "pause": 0, "time_bank": 30, "bomb_pot": 5,
                                "stakes": {"straddle": "on", "show_or_muck": "on", "run_twice": "on"}})
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(room.base + "/")
    keep_owner = "([table, token]) => localStorage.setItem(`homegame.owner.${table}`, JSON.stringify(token))"
    page.evaluate(keep_owner, [made["table"], made["owner_token"]])
    ann = TablePlayer(page, "ann")
    ann.open(room.base, made["invite"])
    ann.sit()
    expect(page.locator(".seat.me .time-bank")).to_have_text("bank 30s")
    page.click("nav.tools button[data-panel=ledger]")
    page.click("button[data-action=bomb-pot]")
    expect(page.locator("#panel-body")).to_contain_text("is called for the next hand")  # the ledger redrawn
    assert client.table(made["table"])["bomb_pot_called"]
    shoot(page, artifacts, "bomb-pot-called-desktop")
    page.keyboard.press("Escape")
    page.context.close()
