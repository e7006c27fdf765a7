"""Making a decision at the browser table: picking cards (issue 40, point 2), and the dealer's
picker's keys (point 14)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

import homegame
from browser.players import DESKTOP, PHONE, TablePlayer, seat_three
from homegame.room.client import RoomClient
from room_server import RoomServer

pytestmark = pytest.mark.browser


def test_a_second_tap_on_a_picked_card_puts_it_back_and_plays_nothing(browser: Browser,
                                                                       room: RoomServer) -> None:
    """Paiute's discard on a phone: tapping the picked card again threw it away (Papayoo's play
    used the same code). Playing is the button's job; a second tap takes the card back."""
    created = RoomClient(room.base).create_table({"name": "taps", "seats": 2, "games": ["paiute"], "bots": 1,
                                                  "clock": 600, "pause": 0})
    ann = TablePlayer(browser.new_context(viewport=PHONE, has_touch=True).new_page(), "ann")
    ann.open(room.base, created["invite"])
    ann.sit()
    page = ann.page
    page.wait_for_function("() => window.homegame.frame.you.to_act && !window.homegame.busy", timeout=30000)
    if page.locator("#actions button[data-kind=draw]").count():
        page.locator("#actions button[data-kind=draw][data-option=stock]").tap()
    page.wait_for_function("() => window.homegame.decision && window.homegame.decision.mode === 'pick'"
                           " && !window.homegame.busy", timeout=30000)
    seq = page.evaluate("() => window.homegame.frame.seq")
    card = page.locator("#own .hand-cards button.card:not([disabled])").first
    code = card.get_attribute("data-card")
    card.tap()
    expect(page.locator(f"#own button.card[data-card='{code}']")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#actions button[data-kind=discard]")).to_be_visible()
    page.locator(f"#own button.card[data-card='{code}']").tap()
    expect(page.locator(f"#own button.card[data-card='{code}']")).to_have_attribute("aria-pressed", "false")
    page.wait_for_timeout(500)
    assert page.evaluate("() => window.homegame.frame.seq") == seq, "nothing was played"
    assert page.evaluate("() => window.homegame.frame.you.to_act")
    assert code in page.evaluate("() => window.homegame.frame.view.hand")
    page.context.close()


def test_the_dealer_s_picker_has_a_key_for_each_of_twelve_games(browser: Browser, room: RoomServer) -> None:
    """The picker's number keys stopped at 9: the tenth to twelfth games had none."""
    setup = {"name": "every game", "seats": 3, "games": sorted(homegame.GAMES), "clock": 600}
    _, players, _ = seat_three(browser, room.base, setup, sizes=(DESKTOP, DESKTOP, DESKTOP))
    players[0].page.wait_for_function("() => window.homegame.frame.table.phase === 'choosing'", timeout=30000)
    dealer = next(player for player in players if (player.state() or {})["you"]["choosing"])
    page = dealer.page
    radios = page.locator(".picker input[type=radio]")
    expect(radios).to_have_count(12)
    keys = page.locator(".picker .choice kbd").all_inner_texts()
    assert keys == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "="]
    for key, index in (("=", 11), ("-", 10), ("0", 9), ("3", 2)):
        dealer.press(key)
        expect(radios.nth(index)).to_be_checked()
    for player in players:
        player.page.context.close()
