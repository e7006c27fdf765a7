"""Every game at the browser table: three people join by the invite link (one on a phone, two on
laptops) and, with a bot, play a whole deal by clicks to the result screen. Chips and points balance,
no page sees another seat's hidden cards, and on the phone nothing overlaps or leaves the screen."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

import homegame
from browser.checks import balance, layout_problems, record, secrecy, shoot
from browser.players import DESKTOP, PHONE, NetworkBot, TablePlayer, play_until
from homegame.room.client import RoomClient
from room_server import RoomServer

pytestmark = pytest.mark.browser

STAKES: dict[str, dict[str, Any]] = {"papayoo": {"deals": 1}}


def seat_three(browser: Browser, room: RoomServer, setup: dict[str, Any], *, keys: bool = False,
               sizes: tuple[dict[str, int], ...] = (PHONE, DESKTOP, DESKTOP)) -> tuple[str, list[TablePlayer], list[float]]:
    """A new table, and three people seated at it through its invite link; the seconds each page
    took from the link to the table drawn."""
    created = RoomClient(room.base).create_table(setup)
    players, drawn = [], []
    for name, size in zip(("ann", "bob", "cy"), sizes, strict=False):
        player = TablePlayer(browser.new_context(viewport=size).new_page(), name, keys=keys)
        drawn.append(player.open(room.base, created["invite"]))
        player.sit()
        players.append(player)
    return created["table"], players, drawn


def hands_played(players: list[TablePlayer]) -> int:
    states = [player.state() for player in players]
    return min(state["hands_played"] if state else 0 for state in states)


@pytest.mark.parametrize("game", sorted(homegame.GAMES))
def test_three_people_and_a_bot_play_a_deal_by_clicks(game: str, browser: Browser, room: RoomServer,
                                                     artifacts: Path) -> None:
    setup = {"name": f"{game} night", "seats": 4, "games": [game], "clock": 600, "pause": 0, "buy_in": 500,
             "stakes": STAKES.get(game, {})}
    table, players, drawn = seat_three(browser, room, setup)
    phone = players[0]
    shots: dict[str, Any] = {"problems": []}

    def first_turn_on_the_phone() -> None:
        state = phone.state()
        if "mid" not in shots and state and state["you"]["to_act"] and not state["busy"]:
            shots["mid"] = shoot(phone.page, artifacts, f"{game}-phone-playing")
            shots["problems"] += layout_problems(phone.page)
            shoot(players[1].page, artifacts, f"{game}-desktop-playing")

    rng = random.Random(game)
    with NetworkBot(room.base, table) as bot:
        play_until(players, lambda: first_turn_on_the_phone() or hands_played(players) >= 1, rng, choose=game)
    for player in players:
        expect(player.page.locator("#result h2")).to_have_text(re.compile(r"Hand 1 is over|Last hand \(1\)"), timeout=10000)
    shots["problems"] += layout_problems(phone.page)
    shoot(phone.page, artifacts, f"{game}-phone-result")
    shoot(players[1].page, artifacts, f"{game}-desktop-result")

    assert not [error for player in players for error in player.errors]
    balance(players, game)
    checked = secrecy(players, bot.public, 1)
    assert not shots["problems"], shots["problems"]
    record(artifacts, f"deal:{game}", {"invite_to_drawn_s": [round(t, 3) for t in drawn], "hidden_cards_checked": checked})
    for player in players:
        player.page.context.close()
