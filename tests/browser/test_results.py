"""What the page shows once a hand is over: the pot paid into the stacks leaves the felt, and every
game's result says the chips each player won or lost, as the room moved them (a points game's
points at the table's rate), with a word on a stack that points took below zero."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from browser.checks import shoot
from browser.players import DESKTOP, hands_played, play_until, seat_three
from room_server import RoomServer

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
MINUS = "\u2212"
"""The sign of chips lost, as the page writes it (a true minus, not a hyphen)."""
CHIPS = """async ({ chips, rate, stacks, reader }) => {
  const { chipsResult } = await import("/static/js/outcome.js");
  const { Words, textNodes, plainText } = await import("/static/js/words.js");
  const { h } = await import("/static/js/dom.js");
  const ctx = { words: new Words(reader, (seat) => ["ann", "bob", "Cy (bot)"][seat]), text: textNodes };
  const node = h("div", {}, chipsResult(chips, rate, ctx, stacks));
  return [...node.children].map((child) => child.textContent);
}"""


def chips_said(frame: dict[str, Any], names: list[str]) -> str:
    """The chips line the result should show for ``frame``'s finished hand."""
    hand = frame["table"]["hand"]
    rate = hand["points_rate"]
    moved = ", ".join(f"{name} {'+' if c > 0 else MINUS if c < 0 else ''}{abs(c)}"
                      for name, c in zip(names, hand["chips"], strict=True))
    if rate is None:
        return f"Chips: {moved}"
    worth = f"{rate} chip{'' if rate == 1 else 's'} a point" if rate >= 1 else \
        f"a chip for every {round(1 / rate)} points"
    return f"Chips, at {worth}: {moved}"


def finished(page: Page) -> dict[str, Any]:
    frame: dict[str, Any] = page.evaluate("() => window.homegame.frame")
    assert frame["table"]["hand"]["over"]
    return frame


def names_of(frame: dict[str, Any]) -> list[str]:
    seats, you = frame["table"]["seats"], frame["you"]["seat"]
    return ["you" if seat == you else seats[seat]["name"] for seat in frame["table"]["hand"]["seats"]]


def test_the_pot_leaves_the_felt_once_paid_and_the_result_says_the_chips(browser: Browser, room: RoomServer,
                                                                        artifacts: Path) -> None:
    # no bot: a bot dealt the button would call the next hand at once, and the result would be the last
    setup = {"name": "paid", "seats": 2, "games": ["draw"], "clock": 600, "pause": 30, "bots": 0,
             "buy_in": 200}
    _, players, _ = seat_three(browser, room.base, setup, sizes=(PHONE, DESKTOP))
    play_until(players, lambda: any((p.state() or {}).get("you", {}).get("to_act") for p in players),
               random.Random(4), choose="draw")
    expect(players[0].page.locator("#felt .pot")).to_have_text(re.compile(r"^Pot \d+"))
    play_until(players, lambda: hands_played(players) >= 1, random.Random(4), choose="draw")
    for player, size in zip(players, ("phone", "desktop"), strict=True):
        page = player.page
        expect(page.locator("#result h2")).to_have_text("Hand 1 is over")
        frame = finished(page)
        assert page.locator("#felt .pot").count() == 0, "a paid pot stays on the felt"
        expect(page.locator("#result .chips-moved")).to_have_text(chips_said(frame, names_of(frame)))
        shoot(page, artifacts, f"draw-result-chips-{size}")
        assert not player.errors
    for player in players:
        player.page.context.close()


def test_a_points_game_s_result_says_the_chips_at_the_table_s_rate(browser: Browser, room: RoomServer,
                                                                  artifacts: Path) -> None:
    setup = {"name": "points", "seats": 3, "games": ["papayoo"], "clock": 600, "pause": 30, "bots": 0,
             "buy_in": 40, "points_rate": 2, "stakes": {"deals": 1}}
    _, players, _ = seat_three(browser, room.base, setup, sizes=(PHONE, DESKTOP, DESKTOP))
    play_until(players, lambda: hands_played(players) >= 1, random.Random(6), choose="papayoo")
    for player in players:
        page = player.page
        frame = finished(page)
        expect(page.locator("#result .chips-moved")).to_have_text(chips_said(frame, names_of(frame)))
        mine = frame["table"]["seats"][frame["you"]["seat"]]["stack"]
        below = page.locator("#result .below-zero")
        if mine < 0:
            expect(below).to_contain_text("rebuy (by your seat's note above, or under Options)")
        elif any(seat["stack"] < 0 for seat in frame["table"]["seats"]):
            expect(below).to_contain_text("A player rebuys under Options")
        else:
            assert below.count() == 0, "no stack is below zero"
        assert not player.errors
    phone = players[0].page
    shoot(phone, artifacts, "papayoo-result-chips-phone")
    phone.set_viewport_size(DESKTOP)
    shoot(phone, artifacts, "papayoo-result-chips-desktop")
    for player in players:
        player.page.context.close()


def test_the_chips_line_says_who_points_took_below_zero(browser: Browser, room: RoomServer) -> None:
    page = browser.new_page()
    page.goto(room.base + "/")
    said = page.evaluate(CHIPS, {"chips": [-60, 20, 40], "rate": 2, "stacks": [-20, 60, 80], "reader": 0})
    assert said == [f"Chips, at 2 chips a point: you {MINUS}60, bob +20, Cy (bot) +40",
                    f"Points can take a stack below zero: you ({MINUS}20). To be dealt into the next game, "
                    "rebuy (by your seat's note above, or under Options); the house buys its bots back in."]
    said = page.evaluate(CHIPS, {"chips": [-60, 20, 40], "rate": 2, "stacks": [-20, 60, 80], "reader": 1})
    assert said[1].startswith(f"Points can take a stack below zero: ann ({MINUS}20). A player rebuys")
    said = page.evaluate(CHIPS, {"chips": [0, -5, 5], "rate": None, "stacks": [-20, 60, 80], "reader": None})
    assert said == [f"Chips: ann 0, bob {MINUS}5, Cy (bot) +5"], "no stack goes below zero in chips"
    assert page.evaluate(CHIPS, {"chips": None, "rate": None, "stacks": None, "reader": 0}) == []
    page.close()


PAIUTE_RESULT = """async ({ view, reader }) => {
  const { gameFor } = await import("/static/js/games.js");
  const { Words, textNodes } = await import("/static/js/words.js");
  const { h } = await import("/static/js/dom.js");
  const ctx = { words: new Words(reader, (seat) => `seat ${seat}`), text: textNodes, row: () => h("span") };
  const node = h("div", {}, gameFor("paiute").results(view, ctx));
  return [...node.querySelectorAll(".settlement")].map((line) => line.textContent);
}"""


@pytest.mark.parametrize("variants", [["ante"], ["pay-table"]])
def test_a_paiute_result_says_the_settlement_once_as_the_terminal_does(browser: Browser, room: RoomServer,
                                                                       variants: list[str]) -> None:
    """Each payment said once, not every seat's total, which the chips line under it already gives:
    under ``ante`` the two lines once told the very same chips."""
    from homegame.games.paiute import Paiute
    from homegame.render.paiute import render
    from paiute_helpers import deal, play

    state = deal(Paiute(players=3, variants=variants), ["Ah 4s 6c 8d Th", "Qs Js Ts 9s 5c", "Ad 4h 6s 8c Td"],
                 stock="8s")
    play(state, 1, "draw stock", "call 5c")
    play(state, 2, "draw stock", "discard Ad")
    play(state, 0, "draw stock", "discard Ah")
    page = browser.new_page()
    page.goto(room.base + "/")
    for reader in (0, 1, None):
        said = page.evaluate(PAIUTE_RESULT, {"view": state.view(reader).to_json(), "reader": reader})
        assert said == [render(state.view(reader))[-1]], reader
    page.close()
