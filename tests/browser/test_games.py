"""Every game at the browser table: three people join by the invite link (one on a phone, two on
laptops) and, with a bot, play a whole deal by clicks to the result screen. Chips and points balance,
no page sees another seat's hidden cards, on the phone nothing overlaps or leaves the screen and at
every decision what it is decided on is in sight, and axe-core finds nothing wrong in the middle of
the hand."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

import homegame
from browser.checks import (
    RESULT,
    accessibility_problems,
    balance,
    hand_record,
    layout_problems,
    record,
    secrecy,
    shoot,
)
from browser.players import NetworkBot, called, hands_played, play_until, seat_three
from room_server import RoomServer

pytestmark = pytest.mark.browser

STAKES: dict[str, dict[str, Any]] = {"papayoo": {"deals": 1}}


@pytest.mark.parametrize("game", sorted(homegame.GAMES))
def test_three_people_and_a_bot_play_a_deal_by_clicks(game: str, browser: Browser, tmp_path: Path,
                                                     artifacts: Path) -> None:
    store = str(tmp_path / "room.sqlite3")
    with RoomServer(store) as room:  # a room of its own, whose record of the hand is read once it stops
        setup = {"name": f"{game} night", "seats": 4, "games": called(game), "clock": 600, "pause": 0,
                 "buy_in": 500, "stakes": STAKES.get(game, {})}
        table, players, drawn = seat_three(browser, room.base, setup)
        phone = players[0]
        phone.sight = []
        shots: dict[str, Any] = {"problems": []}

        def first_turn_on_the_phone() -> None:
            state = phone.state()
            if "mid" not in shots and state and state["you"]["to_act"] and not state["busy"]:
                shots["mid"] = shoot(phone.page, artifacts, f"{game}-phone-playing")
                shots["problems"] += layout_problems(phone.page)
                shoot(players[1].page, artifacts, f"{game}-desktop-playing")
                for page in (phone.page, players[1].page):  # the phone's decision, the laptop's wait
                    shots["problems"] += [f"axe: {problem}" for problem in accessibility_problems(page)]

        def over() -> bool:
            return first_turn_on_the_phone() or hands_played(players) >= 1

        with NetworkBot(room.base, table) as bot:
            play_until(players, over, random.Random(game), choose=game, timeout=300)
        for player in players:
            expect(player.page.locator("#result h2")).to_have_text(RESULT, timeout=10000)
        shots["problems"] += layout_problems(phone.page)
        shots["problems"] += [f"axe, result: {problem}" for problem in accessibility_problems(phone.page)]
        shoot(phone.page, artifacts, f"{game}-phone-result")
        shoot(players[1].page, artifacts, f"{game}-desktop-result")
        assert not [error for player in players for error in player.errors]
        for player in players:
            player.page.context.close()

    balance(players, game)
    checked = secrecy(players, hand_record(store, table, 1), 1, bot=bot.frames, watcher=bot.watched)
    assert not shots["problems"], shots["problems"]
    assert phone.sight == [], "at a decision on the phone, what it is decided on is out of sight"
    record(artifacts, f"deal:{game}", {"invite_to_drawn_s": [round(t, 3) for t in drawn],
                                       "hidden_cards_checked": checked})
