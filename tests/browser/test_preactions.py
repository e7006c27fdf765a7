"""Pre-actions in a betting game (issue 40, point 10): check/fold, check or call this amount, chosen
before your turn and taken when it comes; a bet clears a check and a raise clears a call of the
old amount, so a pre-action never does what the player did not choose."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from browser.checks import layout_problems, shoot
from browser.players import TablePlayer, called, seat_three
from room_server import RoomServer

pytestmark = pytest.mark.browser


def _to_act(players: list[TablePlayer]) -> TablePlayer:
    for _ in range(200):
        for player in players:
            state = player.state()
            if state and state["you"]["to_act"] and not state["busy"]:
                return player
        players[0].page.wait_for_timeout(50)
    raise AssertionError("no one is to act")


def _pre(page: Page, kind: str) -> None:
    page.locator(f"#actions .preaction[data-pre='{kind}']").click()
    expect(page.locator(f"#actions .preaction[data-pre='{kind}']")).to_have_attribute("aria-pressed", "true")


def _bet(player: TablePlayer) -> None:
    seq = player.state()["seq"]  # type: ignore[index]
    player.click("#actions button[data-key='r']")
    player._settle(seq)


def _acted(player: TablePlayer, kind: str) -> None:
    """Wait until the player's own action of ``kind`` is in the hand's log."""
    player.page.wait_for_function("""(kind) => { const f = window.homegame.frame;
      return (f.view.log || []).some((e) => e.kind === 'action' && e.seat === f.you.player
                                            && e.data.action.kind === kind); }""", arg=kind, timeout=20000)


def _in_turn(players: list[TablePlayer]) -> list[TablePlayer]:
    first = _to_act(players)
    return players[players.index(first):] + players[:players.index(first)]


def test_a_pre_action_is_taken_at_the_turn_and_cleared_when_the_action_changes(browser: Browser,
                                                                               room: RoomServer,
                                                                               artifacts: Path) -> None:
    setup = {"name": "ahead", "seats": 3, "games": called("draw"), "clock": 600, "pause": 0, "buy_in": 500,
             "stakes": {"limit": "fixed"}}
    _, players, _ = seat_three(browser, room.base, setup)
    players[0].page.wait_for_function("() => window.homegame.frame.table.phase === 'choosing'")
    dealer = next(player for player in players if (player.state() or {})["you"]["choosing"])
    dealer.click(".picker input[value='draw']")
    dealer.click(".picker button[type=submit]")
    first, second, third = _in_turn(players)
    expect(third.page.locator("#actions .preaction")).to_have_count(2)
    _pre(third.page, "check")
    shoot(third.page, artifacts, "preactions-phone" if third is players[0] else "preactions-desktop")
    _bet(first)  # a bet: the check third chose no longer means what it meant
    expect(third.page.locator("#actions .preaction[aria-pressed='true']")).to_have_count(0)
    expect(third.page.locator("#actions .preaction[data-pre='call']")).to_have_text("Call 2")
    _pre(third.page, "call")
    _bet(second)  # a raise: third's call of 2 is not a call of 4, so third decides
    expect(third.page.locator("#actions button[data-kind='call']")).to_be_visible()
    third.page.wait_for_timeout(400)
    assert third.state()["you"]["to_act"], "the pre-action called a raise it was not chosen for"  # type: ignore[index]
    third.click("#actions button[data-kind='call']")
    first.page.wait_for_function("() => window.homegame.frame.you.to_act")
    first.click("#actions button[data-kind='call']")
    for _ in range(3):  # the draw: everyone stands pat
        player = _to_act(players)
        seq = player.state()["seq"]  # type: ignore[index]
        player.click("#actions button[data-key='s']")
        player._settle(seq)
    opener, folder, checker = _in_turn(players)
    _pre(folder.page, "check-fold")
    _pre(checker.page, "check")
    _bet(opener)
    _acted(folder, "fold")  # check/fold facing a bet folds, with no click
    expect(checker.page.locator("#actions button[data-kind='fold']")).to_be_visible()  # "check" was cleared
    assert checker.state()["you"]["to_act"]  # type: ignore[index]
    assert layout_problems(players[0].page) == []
    for player in players:
        assert not player.errors
        player.page.context.close()
