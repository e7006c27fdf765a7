"""The betting bar's sizes (``actions.js``), drawn in chromium for a seat facing a bet: a preset
sets the amount its label says or is not offered, and a bet of every chip says it is all in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from browser.players import DESKTOP, PHONE
from room_server import RoomServer

pytestmark = pytest.mark.browser

BAR = """async ({ pot, toCall, bet, stack, min, max, amount }) => {
  const { actionBar } = await import("/static/js/actions.js");
  const { Decision } = await import("/static/js/decision.js");
  const { Words } = await import("/static/js/words.js");
  const legal = [{ choices: [{ kind: "fold" }, { kind: "call", amount: toCall }] },
                 { amounts: { kind: "raise", min, max } }];
  const decision = new Decision(legal, 1);
  if (amount !== null) decision.setAmount(amount);
  const money = { pot, toCall, bets: { 0: bet }, stacks: { 0: stack }, folded: [], allIn: [], carried: 0 };
  const nothing = () => {};
  const env = { words: new Words(0, (seat) => `seat ${seat}`), busy: false, act: nothing, me: 0, money,
                why: "", markOf: () => ({}), advice: null, armed: null, arm: nothing, rerender: nothing,
                canSuggest: false };
  const bar = document.createElement("section");
  bar.className = "actions";
  bar.id = "bar";
  bar.append(...actionBar(decision, env));
  document.querySelector("#bar")?.remove();
  document.body.prepend(bar);
  return {
    presets: [...bar.querySelectorAll(".preset")]
      .map((b) => [b.firstChild.textContent, Number(b.dataset.amount)]),
    buttons: [...bar.querySelectorAll("button.act")].map((b) => b.firstChild.textContent),
  };
}"""


def bar(page: Any, **money: int | None) -> dict[str, Any]:
    drawn: dict[str, Any] = page.evaluate(BAR, {"amount": None, **money})
    return drawn


def test_a_preset_the_bet_cannot_reach_is_left_out_not_turned_into_all_in(browser: Browser, room: RoomServer,
                                                                        artifacts: Path) -> None:
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(room.base + "/")
    # 60 in the pot and 10 to call, with 40 behind after a bet of 10: the pot (80) is beyond reach
    short = bar(page, pot=60, toCall=10, bet=10, stack=40, min=40, max=50)
    assert short["presets"] == [["Min", 40], ["All in", 50]]
    page.locator("#bar").screenshot(path=str(artifacts / "bet-presets-short-stack-phone.png"))
    # the same pot with 200 behind: every size is in reach, each setting the amount it names
    deep = bar(page, pot=60, toCall=10, bet=10, stack=200, min=40, max=210)
    assert deep["presets"] == [["Min", 40], ["½ pot", 55], ["Pot", 90], ["All in", 210]]
    page.set_viewport_size(DESKTOP)
    page.locator("#bar").screenshot(path=str(artifacts / "bet-presets-deep-stack-desktop.png"))
    # a limit on the table's side: the most is not everything the seat has
    capped = bar(page, pot=60, toCall=10, bet=10, stack=200, min=40, max=90)
    assert capped["presets"] == [["Min", 40], ["½ pot", 55], ["Max", 90]]
    page.context.close()


def test_a_bet_or_a_call_of_every_chip_says_it_is_all_in(browser: Browser, room: RoomServer) -> None:
    page = browser.new_page()
    page.goto(room.base + "/")
    assert bar(page, pot=60, toCall=10, bet=10, stack=40, min=40, max=50, amount=50)["buttons"] == [
        "Fold", "Call 10", "Raise to 50 (all in)"]
    assert bar(page, pot=60, toCall=10, bet=10, stack=40, min=40, max=50, amount=45)["buttons"] == [
        "Fold", "Call 10", "Raise to 45"]
    assert bar(page, pot=60, toCall=10, bet=10, stack=10, min=20, max=20)["buttons"] == [
        "Fold", "Call 10 (all in)", "Raise to 20 (all in)"]
    page.context.close()
