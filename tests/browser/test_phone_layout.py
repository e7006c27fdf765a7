"""The table on a phone (390 x 844): a trick of eight Papayoo players fits the middle of the felt,
a fan of small cards at a seat leaves every rank in sight (a "10" never reads "1"), and the
cards of a result are drawn large enough to read."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from browser.checks import layout_problems, shoot
from browser.players import DESKTOP, play_until, seat_three
from room_server import RoomServer

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
CLIPPED = """() => {
  const center = document.querySelector("#felt .center").getBoundingClientRect();
  return [...document.querySelectorAll("#felt .trick figure")].map((figure) => figure.getBoundingClientRect())
    .filter((r) => r.top < center.top - 0.5 || r.bottom > center.bottom + 0.5 || r.left < center.left - 0.5
                   || r.right > center.right + 0.5).length;
}"""
FAN = """async (codes) => {
  const { cardElement } = await import("/static/js/cards.js");
  const { h } = await import("/static/js/dom.js");
  const seat = h("div", { class: "seat", style: { left: "50%", top: "50%" } },
                 h("div", { class: "seat-cards" }, h("span", { class: "cards" },
                   codes.map((code) => cardElement(code, { size: "mini" })))));
  document.body.prepend(seat);
  const cards = [...seat.querySelectorAll(".card")];
  const right = (card) => card.querySelector("text.rank").getBoundingClientRect().right;
  const hidden = cards.slice(0, -1)
    .filter((card, index) => right(card) > cards[index + 1].getBoundingClientRect().left + 0.5);
  const overlapped = cards.slice(1).some((card, index) =>
    card.getBoundingClientRect().left < cards[index].getBoundingClientRect().right);
  seat.remove();
  return { hidden: hidden.map((card) => card.dataset.card), overlapped };
}"""
CUT_CAPTIONS = """() => [...document.querySelectorAll("#felt .trick figcaption")]
  .filter((caption) => caption.scrollWidth > caption.clientWidth).map((caption) => caption.textContent)"""
RESULT_CARDS = """async (codes) => {
  const { cardElement } = await import("/static/js/cards.js");
  const { h } = await import("/static/js/dom.js");
  const result = h("section", { class: "result" }, codes.map((code) => cardElement(code, { size: "mini" })));
  document.body.prepend(result);
  const widths = [...result.querySelectorAll(".card")].map((card) => card.getBoundingClientRect().width);
  result.remove();
  return widths;
}"""


def test_a_trick_of_eight_players_fits_the_middle_of_a_phone_s_felt(browser: Browser, room: RoomServer,
                                                                    artifacts: Path) -> None:
    setup = {"name": "eight", "seats": 8, "games": ["papayoo"], "clock": 600, "pause": 60, "bots": 7,
             "stakes": {"deals": 1}}
    _, (phone,), _ = seat_three(browser, room.base, setup, sizes=(PHONE,))
    page = phone.page

    def a_big_trick() -> bool:
        trick: int = page.evaluate("() => { const f = window.homegame.frame;"
                                   " return f.you.to_act && f.view ? (f.view.trick || []).length : 0; }")
        return trick >= 4
    play_until([phone], a_big_trick, random.Random(2), choose="papayoo")
    assert page.locator("#felt .trick figure").count() >= 4
    assert page.evaluate(CLIPPED) == 0, "a card of the trick is cut off by the edge of the middle"
    assert page.evaluate(CUT_CAPTIONS) == [], "a player's name under a card of the trick is cut short"
    shoot(page, artifacts, "papayoo-8-trick-phone")
    assert layout_problems(page) == []
    page.set_viewport_size(DESKTOP)
    assert page.evaluate(CLIPPED) == 0
    shoot(page, artifacts, "papayoo-8-trick-desktop")
    page.context.close()


def test_a_fan_of_small_cards_leaves_every_rank_in_sight(page_at_phone: Page) -> None:
    fan = page_at_phone.evaluate(FAN, ["Tc", "Td", "9h", "Th", "8s", "Ts", "7c"])
    assert fan["overlapped"], "seven cards at a seat fan out, each over the last"
    assert fan["hidden"] == []


def test_a_result_draws_its_small_cards_large_enough_to_read(page_at_phone: Page) -> None:
    widths = page_at_phone.evaluate(RESULT_CARDS, ["Tc", "Ah", "2d"])
    assert len(widths) == 3 and min(widths) >= 24, widths


@pytest.fixture
def page_at_phone(browser: Browser, room: RoomServer) -> Page:
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(room.base + "/")
    return page
