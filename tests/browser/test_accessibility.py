"""The page as assistive technology and low vision meet it (issue 40, point 12): axe-core, run in
chromium, finds nothing wrong with the lobby (its form open, and the invite once a table is made),
nor with a table: a spectator's join form, the dealer's call, the betting bar in the middle of a
hand, the result and the options (every game's table is checked in the middle of its hand by
test_games.py too). Before: the clock's figures at 1.79:1 on its green bar, card buttons named
"four of diamonds" while showing "4", a trick named with no role, a scrollable log no key reached."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser, expect

from browser.checks import accessibility_problems
from browser.players import (
    DESKTOP,
    PHONE,
    NetworkBot,
    TablePlayer,
    called,
    hands_played,
    play_until,
)
from homegame.room.client import RoomClient
from room_server import RoomServer

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_lobby_passes_axe(size: dict[str, int], browser: Browser, room: RoomServer) -> None:
    page = browser.new_context(viewport=size).new_page()
    page.goto(room.base + "/")
    page.wait_for_selector("#new-table input[name=game]")
    for summary in page.locator("#new-table details summary").all():  # every section of the form open
        summary.click()
    assert accessibility_problems(page) == []
    page.locator("#new-table button[type=submit]").click()
    expect(page.locator("#created input[readonly]")).to_be_visible()
    assert accessibility_problems(page) == []
    page.context.close()


def test_a_table_passes_axe_from_the_join_form_to_the_result(browser: Browser, room: RoomServer) -> None:
    created = RoomClient(room.base).create_table({"name": "axe", "seats": 4, "games": called("draw"),
                                                  "clock": 600, "pause": 30, "buy_in": 500})
    watcher = TablePlayer(browser.new_context(viewport=PHONE).new_page(), "eve")
    watcher.open(room.base, created["invite"])
    assert accessibility_problems(watcher.page) == [], "a spectator's join form"
    table, players = created["table"], []
    for name, size in (("ann", PHONE), ("bob", DESKTOP)):
        player = TablePlayer(browser.new_context(viewport=size).new_page(), name)
        player.open(room.base, created["invite"])
        player.sit()
        players.append(player)
    rng = random.Random(1)
    with NetworkBot(room.base, table):
        players[0].page.wait_for_function("() => window.homegame.frame.table.phase !== 'waiting'")
        chooser = next((p for p in players if (p.state() or {}).get("you", {}).get("choosing")), None)
        if chooser is not None:
            assert accessibility_problems(chooser.page) == [], "the dealer's call"
        play_until(players, lambda: any((p.state() or {}).get("you", {}).get("to_act") for p in players), rng,
                   choose="draw")
        for player in players:
            assert accessibility_problems(player.page) == [], f"{player.name} in the middle of a hand"
        play_until(players, lambda: hands_played(players) >= 1, rng, choose="draw")
    for player in players:
        assert accessibility_problems(player.page) == [], f"{player.name} at the result"
    players[0].press("Shift+O")
    assert accessibility_problems(players[0].page) == [], "the options"
    for player in [*players, watcher]:
        player.page.context.close()


EVERY_CARD_AS_A_BUTTON = """async () => {
  const { cardElement } = await import("/static/js/cards.js");
  const ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"];
  const codes = ["Jk", ...ranks.flatMap((rank) => ["c", "d", "h", "s"].map((suit) => rank + suit)),
                 ...Array.from({ length: 20 }, (_, index) => `${index + 1}p`)];
  const shelf = document.createElement("div");
  shelf.className = "cards";
  for (const size of ["mini", "table", "hand"]) {
    for (const marks of [{}, { wild: true }, { papayoo: true }]) {
      for (const code of codes) shelf.append(cardElement(code, { size, marks, button: true }));
    }
  }
  document.querySelector("main").append(shelf);
  return shelf.children.length;
}"""


def test_every_card_as_a_button_shows_what_its_name_says(browser: Browser, room: RoomServer) -> None:
    """Every card, with each mark and at each size, as a button a player picks: what it shows is
    part of its name (the pai gow joker showed "JKR" and was named "joker")."""
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(room.base + "/learn/draw")
    page.wait_for_selector("main")
    assert page.evaluate(EVERY_CARD_AS_A_BUTTON) == 3 * 3 * (1 + 52 + 20)
    assert accessibility_problems(page) == []
    page.context.close()
