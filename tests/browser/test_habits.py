"""A regular's habits at the page, with stacked decks: two people at the browser (one on a phone, one
on a laptop) and two over websockets. The phone straddles, goes all in and mucks a hand that wins
nothing, which no other page ever receives; the laptop raises, agrees to run the board twice and
sees both boards settle, then wins a pot uncontested and shows one card of its three; each seat's
time bank is on the felt. Screenshots at each decision, at both sizes."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from browser.checks import layout_problems, shoot
from browser.players import DESKTOP, PHONE, TablePlayer
from homegame.engine import Action
from homegame.room.client import RoomClient, SeatConnection
from room_server import RoomServer
from test_room_habits_server import RUN_IT_TWICE, full_deck, hole_order

pytestmark = pytest.mark.browser

# The second hand is dealt from the dealer's (ann's) left: bob, dan, ann; dan holds three spades.
UNCONTESTED = full_deck(hole_order("2c 3d 4h", "As Ks Qs", "7c 8d 9h"))
SETUP = {"name": "regulars", "seats": 4, "games": ["pineapple"], "buy_in": 20, "clock": 120, "pause": 6,
         "time_bank": 30,
         "stakes": {"limit": "no", "straddle": "on", "run_twice": "on", "show_or_muck": "on"}}
# What each seat does, in order: dan (seat 0) and cy (3) at the page, ann (1) and bob (2) over websockets.
PAGE_MOVES = {"dan": ["raise 20", "discard 8s", "run twice", "show As"],
              "cy": ["straddle 4", "call 20", "discard 6s", "run twice", "muck"]}
SOCKET_MOVES = {"ann": ["fold", "no-straddle", "fold"], "bob": ["call 20", "discard 7s", "run twice", "fold"]}
# The decisions the pages are photographed at, before the move is made.
SHOTS = {("cy", "straddle 4"): "habits-straddle-phone", ("dan", "run twice"): "habits-run-twice-desktop",
         ("cy", "muck"): "habits-muck-phone", ("dan", "show As"): "habits-show-desktop"}


@pytest.fixture
def stacked(tmp_path: Path) -> RoomServer:
    decks = json.dumps([RUN_IT_TWICE, UNCONTESTED])
    return RoomServer(str(tmp_path / "room.sqlite3"), app="room_stacked:make_app",
                      env={"HOMEGAME_TEST_DECKS": decks})


def test_straddle_run_twice_muck_and_show_at_the_page(browser: Browser, stacked: RoomServer,
                                                       artifacts: Path) -> None:
    with stacked as server:
        client = RoomClient(server.base)
        made = client.create_table(SETUP)
        table = made["table"]
        seats = {name: client.join(table, name) for name in ("dan", "ann", "bob", "cy")}
        sockets = _SocketSeats(server.base, table, {name: seats[name][1] for name in SOCKET_MOVES})
        players = {name: _seated(browser, server.base, made["invite"], name, seats[name], size)
                   for name, size in (("dan", DESKTOP), ("cy", PHONE))}
        for player in players.values():
            expect(player.page.locator(".seat.me .time-bank")).to_have_text("bank 30s")
        _play(players, artifacts)
        dan, cy = players["dan"], players["cy"]
        # the first hand: both boards on the felt, half the pot each, the odd chip to the first run
        first = client.hand(table, 1)
        assert first["chips"] == [11, -1, 10, -20] and first["view"]["second_board"]
        for player in (dan, cy):
            assert not player.errors, player.errors
        sockets.finish()
        # the queens cy mucked reached no other page, no other seat and no history
        for text in (json.dumps(dan.frames), dan.page.content(), *map(json.dumps, sockets.frames.values()),
                     json.dumps(first)):
            assert "Qc" not in text and "Qd" not in text, "the mucked queens were shown"
        # dan showed his ace, and only it: every seat sees it, and the history keeps it
        second = client.hand(table, 2)
        for text in (json.dumps(cy.frames), json.dumps(sockets.frames["ann"]), json.dumps(second)):
            assert "As" in text and "Ks" not in text and "Qs" not in text
        expect(cy.page.locator(".seat .seat-cards .card[data-card='As']")).to_have_count(1)
        shoot(cy.page, artifacts, "habits-shown-ace-phone")
        for player in players.values():
            player.page.context.close()


def _seated(browser: Browser, base: str, invite: str, name: str, joined: tuple[int, str],
            size: dict[str, int]) -> TablePlayer:
    """A page of the seat the room gave ``name``, its token kept as the page keeps one it took."""
    page = browser.new_context(viewport=size).new_page()
    page.goto(base + "/")
    seat, token = joined
    page.evaluate("([key, seat]) => localStorage.setItem(key, JSON.stringify(seat))",
                  [f"homegame.seat.{invite.rsplit('/', 1)[1]}", {"token": token, "seat": seat, "name": name}])
    player = TablePlayer(page, name)
    player.open(base, invite)
    return player


def _play(players: dict[str, TablePlayer], artifacts: Path) -> None:
    """Each page makes its moves by clicks on the controls it shows, in turn, until none is left and
    the second hand is over; what the felt shows on the way is photographed."""
    moves = {name: list(PAGE_MOVES[name]) for name in players}
    answered = {name: -1 for name in players}
    deadline, boards_seen = time.monotonic() + 180, False
    while any(moves.values()) or not all(_hands(player) >= 2 for player in players.values()):
        assert time.monotonic() < deadline, f"the hands did not end in time; moves left: {moves}"
        dan = players["dan"]
        if not boards_seen and _hands(dan) >= 1:
            expect(dan.page.locator(".runs .board")).to_have_count(2)  # the two runs, one above the other
            shoot(dan.page, artifacts, "habits-two-boards-desktop")
            shoot(players["cy"].page, artifacts, "habits-two-boards-phone")
            for player in players.values():  # each run on a row of its own, clear of the seats
                assert not layout_problems(player.page), (player.name, layout_problems(player.page))
            boards_seen = True
        acted = False
        for name, player in players.items():
            state = player.state()
            if not moves[name] or state is None or state["busy"] or not state["you"]["to_act"]:
                continue
            if state["seq"] == answered[name]:
                continue
            move = moves[name].pop(0)
            if (name, move) in SHOTS:
                shoot(player.page, artifacts, SHOTS[name, move])
            if move.startswith("straddle"):  # said to the one who decides, as the terminal says it
                expect(player.page.locator("#actions button[data-kind='no-straddle']")).to_contain_text(
                    "Do not straddle")
            if move == "muck":  # at a showdown the whole hand is shown, in one tap rather than a tap a card
                expect(player.page.locator("#actions button[data-kind=show]")).to_have_text("Show your handW")
                expect(player.page.locator("#actions button[data-kind=show]")).to_be_enabled()
            _click(player, move)
            answered[name], acted = state["seq"], True
            player.page.wait_for_function("(seq) => window.homegame.frame.seq !== seq", arg=state["seq"])
        if not acted:
            players["dan"].page.wait_for_timeout(50)


def _hands(player: TablePlayer) -> int:
    state = player.state()
    return state["hands_played"] if state else 0


def _click(player: TablePlayer, move: str) -> None:
    """Make ``move`` ("raise 20", "discard 8s", "run twice", "show As"...) with the page's controls."""
    kind, _, rest = move.partition(" ")
    actions = player.page.locator("#actions")
    if kind == "raise":
        actions.locator("input.amount").fill(rest)
        actions.locator("button[data-kind=raise]").click()
    elif kind in ("discard", "show"):
        card = player.page.locator(f"#own button.card[data-card='{rest}']")
        card.click()
        expect(card).to_have_attribute("aria-pressed", "true")
        actions.locator(f"button[data-kind={kind}]").click()
    elif kind == "run":
        actions.locator(f"button[data-kind=run][data-option={rest}]").click()
    else:  # straddle, call, muck: a button of their own
        actions.locator(f"button[data-kind='{kind}']").click()


class _SocketSeats:
    """The seats played over websockets, each its moves in turn, in a thread of their own; the
    frames each received, once :meth:`finish` has waited for the second hand's end."""

    def __init__(self, base: str, table: str, tokens: dict[str, str]) -> None:
        self.frames: dict[str, list[dict[str, Any]]] = {}
        self.failure: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(base, table, tokens), daemon=True)
        self._thread.start()

    def _run(self, base: str, table: str, tokens: dict[str, str]) -> None:
        try:
            asyncio.run(self._seats(base, table, tokens))
        except BaseException as error:  # told in the test's thread
            self.failure = error

    async def _seats(self, base: str, table: str, tokens: dict[str, str]) -> None:
        async def seat(name: str) -> None:
            async with SeatConnection(base, table, tokens[name]) as connection:
                answered = -1
                for move in SOCKET_MOVES[name]:
                    state = await connection.wait_for(
                        lambda s, after=answered: bool(s["you"]["to_act"]) and s["seq"] > after, timeout=120)
                    answered = state["seq"]
                    answer = await connection.act(Action.parse(move), seq=answered)
                    assert answer["type"] == "ack", (name, move, answer)
                await connection.wait_for(lambda s: s["table"]["hands_played"] >= 2, timeout=120)
                self.frames[name] = connection.frames
        await asyncio.gather(*(seat(name) for name in tokens))

    def finish(self) -> None:
        self._thread.join(timeout=150)
        assert not self._thread.is_alive(), "the websocket seats did not finish"
        if self.failure is not None:
            raise self.failure
