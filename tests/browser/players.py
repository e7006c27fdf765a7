"""People at the browser table, as the tests play them: each one a Playwright page that joins by the
invite link and acts only by clicks (or only by keys), choosing among the controls the page offers.

A player reads the page's latest state (``window.homegame``) only to decide which control to use,
as a person reads the screen; the action itself is always a click or a key press. Every websocket
frame the page receives is kept for the checks of the tests (chips balance, secrecy).
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, Page

from browser.checks import out_of_sight
from homegame.engine import ActionSet
from homegame.room.client import RoomClient, SeatConnection

STATE = """() => {
  const app = window.homegame;
  if (!app || !app.frame) return null;
  const f = app.frame;
  return {seq: f.seq, you: f.you, legal: f.legal, phase: f.table.phase, hands_played: f.table.hands_played,
          hand: f.table.hand, busy: app.busy, mode: app.decision ? app.decision.mode : null,
          over: Boolean(f.view && f.view.is_over), notice: app.notice,
          advice: app.advice,
          unplaced: app.decision && app.decision.arrangement ? app.decision.unplaced() : null};
}"""
BETTING = {"fold", "check", "call", "bet", "raise", "complete", "bring-in"}
PHONE = {"width": 375, "height": 667}
DESKTOP = {"width": 1280, "height": 800}


class TablePlayer:
    """One person at the table in their own browser context."""

    def __init__(self, page: Page, name: str, *, keys: bool = False) -> None:
        self.page, self.name, self.keys = page, name, keys
        self.frames: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.dom: list[tuple[int, int, str]] = []
        self.sight: list[str] | None = None
        """Where kept (not ``None``): what the player decides on that was out of the window at the
        start of each of their decisions (see :func:`browser.checks.out_of_sight`)."""
        page.on("websocket", self._watch)
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _watch(self, socket: Any) -> None:
        def received(payload: str | bytes) -> None:
            if isinstance(payload, str):
                self.frames.append(json.loads(payload))
        socket.on("framereceived", received)

    # -- joining --------------------------------------------------------------------------------

    def open(self, base: str, invite: str) -> float:
        """Open the invite link; the seconds from the navigation's start to the table drawn, as
        the browser's own clock measures them (``performance.now()`` when the first state is drawn)."""
        self.page.goto(base + invite)
        self.page.wait_for_selector("body[data-drawn]")
        drawn: float = self.page.evaluate("() => window.homegame.drawnAt")
        return drawn / 1000

    def sit(self) -> None:
        """Type a name and take a seat, by keys or by a click."""
        self.page.fill("#join-name", self.name)
        if self.keys:
            self.page.focus("#join-name")
            self.page.keyboard.press("Enter")
        else:
            self.page.click("form.join button[type=submit]")
        self.page.wait_for_function("() => window.homegame.frame && window.homegame.frame.you.seat !== null")

    # -- reading the screen ---------------------------------------------------------------------

    def state(self) -> dict[str, Any] | None:
        state: dict[str, Any] | None = self.page.evaluate(STATE)
        return state

    def keep_dom(self) -> None:
        """Keep the page's markup now (with the hand's number and the event it shows), for the
        secrecy check."""
        snapshot = self.page.evaluate("""() => {
          const f = window.homegame.frame;
          return {over: Boolean(f.view && f.view.is_over), hand: f.table.hand ? f.table.hand.number : 0,
                  seq: f.seq, html: document.documentElement.outerHTML};
        }""")
        if not snapshot["over"]:
            self.dom.append((snapshot["hand"], snapshot["seq"], snapshot["html"]))

    # -- acting ---------------------------------------------------------------------------------

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def _reach(self, selector: str, key: str) -> None:
        """Move the focus to the control ``selector`` by pressing ``key`` (Tab, or an arrow between
        the cards) as a person at the keyboard does."""
        target = self.page.locator(selector)
        for _ in range(80):
            if target.evaluate("element => element === document.activeElement"):
                return
            self.press(key)
        raise AssertionError(f"{key} never reaches {selector}")

    def click(self, selector: str) -> None:
        self.page.click(selector, timeout=5000)

    def control(self, selector: str, key: str | None) -> None:
        """Use a control: by its key when playing by keys (a control with no key of its own is
        reached as by Tab, and pressed with Enter), else by a click."""
        if self.keys and key:
            self.press(key)
        elif self.keys:
            self._reach(selector, "Tab")
            self.press("Enter")
        else:
            self.click(selector)

    def take_turn(self, rng: random.Random, choose: str | None = None) -> bool:
        """Act once if it is this player's turn (or call); ``False`` when there was nothing to do."""
        state = self.state()
        if state is None or state["busy"]:
            return False
        if state["you"]["choosing"]:
            if not self.page.query_selector(".picker input[type=radio]"):
                return False  # the call opens once the last hand's pause is over
            self._look(state)
            self._call_game(state, choose)
        elif state["you"]["to_act"] and state["legal"]:
            self.keep_dom()
            self._look(state)
            self._act(state, rng)
        else:
            return False
        self._settle(state["seq"])
        return True

    def _look(self, state: dict[str, Any]) -> None:
        """Keep what the player decides on that is out of sight as the decision starts."""
        if self.sight is not None:
            game = (state["hand"] or {}).get("game", "the call")
            unseen = out_of_sight(self.page, arranging=state["mode"] == "arrange")
            self.sight += [f"{game} at event {state['seq']}: {out}" for out in unseen]

    def _settle(self, seq: int) -> None:
        """Wait until the room has answered: a new state, or the decision is gone.

        The predicate must not throw: a tournament may move the player to another table meanwhile,
        whose page has no frame yet, and Chromium reports a throwing predicate as an error of the
        page itself."""
        self.page.wait_for_function(
            """(seq) => { const a = window.homegame;
                          return Boolean(a && a.frame) && !a.busy
                                 && (a.frame.seq !== seq || Boolean(a.notice)); }""",
            arg=seq, timeout=60000)

    def _call_game(self, state: dict[str, Any], choose: str | None) -> None:
        options = self.page.eval_on_selector_all(".picker input[type=radio]",
                                                 "inputs => inputs.map(i => i.value)")
        index = options.index(choose) if choose in options else 0
        if self.keys:
            self.press(str(index + 1))
            self.press("Enter")
        else:
            self.click(f".picker input[value='{options[index]}']")
            self.click(".picker button[type=submit]")

    def _act(self, state: dict[str, Any], rng: random.Random) -> None:
        legal = state["legal"]
        choices = [action for family in legal for action in family.get("choices", [])]
        amounts = next((family["amounts"] for family in legal if "amounts" in family), None)
        subsets = [family["subsets"] for family in legal if "subsets" in family]
        arrangement = next((family["arrangements"] for family in legal if "arrangements" in family), None)
        kinds = {action["kind"] for action in choices}
        if kinds & BETTING or amounts:
            self._bet(choices, amounts, rng)
        elif subsets:
            self._subset(subsets, rng)
        elif arrangement:
            self._arrange(state, arrangement, choices, rng)
        elif state["mode"] == "pick":
            self._pick(choices, rng)
        else:
            self._button(rng.choice(choices))

    def _button(self, action: dict[str, Any]) -> None:
        selector = f"#actions button[data-kind='{action['kind']}']"
        if action.get("option"):
            selector += f"[data-option='{action['option']}']"
        key = self.page.get_attribute(selector, "data-key")
        self.control(selector, key)

    def _bet(self, choices: list[dict[str, Any]], amounts: dict[str, Any] | None, rng: random.Random) -> None:
        by_kind = {action["kind"]: action for action in choices}
        roll = rng.random()
        if amounts and roll < 0.15:
            presets = self.page.eval_on_selector_all("#actions .preset",
                                                     "buttons => buttons.map(b => b.dataset.key)")
            if presets:
                preset = rng.choice(presets)
                if self.keys:
                    self.press(preset)
                else:
                    self.click(f"#actions .preset[data-key='{preset}']")
            self.control("#actions button[data-key='r']", "r")
        elif "check" in by_kind:
            self._button(by_kind["check"])
        elif "bring-in" in by_kind:
            self._button(by_kind["bring-in"])
        elif "fold" in by_kind and roll > 0.85:
            self._button(by_kind["fold"])
        elif "call" in by_kind:
            self._button(by_kind["call"])
        elif amounts:
            self.control("#actions button[data-key='r']", "r")
        else:
            self._button(choices[0])

    def _card(self, card: str) -> None:
        """Pick a card of the hand: by its number key when it has one, else by a click."""
        cards = self.page.eval_on_selector_all("#own .hand-cards .card",
                                               "cards => cards.map(c => c.dataset.card)")
        if self.keys and card in cards and cards.index(card) < 10:
            self.press(str((cards.index(card) + 1) % 10))
        elif self.keys:
            self._reach(f"button.card[data-card='{card}']", "ArrowRight")
            self.press("Space")
        else:
            self.click(f"button.card[data-card='{card}']")

    def _subset(self, families: list[dict[str, Any]], rng: random.Random) -> None:
        family = families[0]
        sizes = [size for size in family["sizes"] if size <= 2] or family["sizes"][:1]
        size = rng.choice(sizes)
        for card in rng.sample(family["cards"], size):
            self._card(card)
        if size == 0 and family["kind"] == "discard":
            self.control("#actions button[data-key='s']", "s")
        else:
            self.control("#actions button[data-primary]", "Enter")

    def _pick(self, choices: list[dict[str, Any]], rng: random.Random) -> None:
        plain = [action for action in choices if not action.get("cards")]
        picks = [action for action in choices if action.get("cards")]
        calls = [action for action in picks if action["kind"] == "call"]  # as a person would, to end the deal
        if plain and not calls and rng.random() < 0.3:
            self._button(rng.choice(plain))
            return
        action = rng.choice(calls or picks)
        for card in action["cards"]:
            self._card(card)
        selector = f"#actions button[data-kind='{action['kind']}']"
        self.control(selector, self.page.get_attribute(selector, "data-key"))

    def _arrange(self, state: dict[str, Any], family: dict[str, Any], choices: list[dict[str, Any]],
                 rng: random.Random) -> None:
        house = [action for action in choices if action.get("option") == "house"]
        if house and rng.random() < 0.5:
            self._button(house[0])
            return
        if self.page.query_selector("#actions button[data-key='g']") and rng.random() < 0.6:
            self.control("#actions button[data-key='g']", "g")
            self.page.wait_for_function("() => window.homegame.notice", timeout=60000)
            notice = self.state()["notice"]
            assert "suggestion" in notice.lower(), f"the suggestion was refused: {notice}"
            if notice.startswith("Suggestion:"):  # a natural to declare, not a setting: its button is focused
                self.control("#actions button:focus", None)
                return
        for card in self.state()["unplaced"] or []:
            self._place(card, family)
        self._confirm_setting()

    def _place(self, card: str, family: dict[str, Any]) -> None:
        """Put a card in the first row with room: by its row's key, or a tap on the card then the row."""
        rooms = self.page.eval_on_selector_all(
            ".arrange .group[data-group]:not(.pool)",
            "groups => groups.map(g => g.querySelectorAll('.slot').length)")
        row = next(index for index, room in enumerate(rooms) if room > 0)
        if self.keys:
            self._reach(f".arrange button.card[data-card='{card}']", "ArrowRight")
            self.press(str(row + 1))
        else:
            self.click(f".arrange button.card[data-card='{card}']")
            self.click(f".arrange .group[data-group='{row}'] .group-label")

    def _confirm_setting(self) -> None:
        """Set the rows; a setting that fouls asks once more, and is then set anyway."""
        self.page.wait_for_function(
            "() => { const a = window.homegame; return !a || !a.decision || a.adviceKey !== undefined; }")
        time.sleep(0.05)
        self.control("#actions button[data-key='e']", "e")
        time.sleep(0.15)
        armed = self.page.query_selector("#actions button[data-key='e']")
        if armed and "anyway" in (armed.inner_text() or ""):
            self.control("#actions button[data-key='e']", "e")

    # -- the record -----------------------------------------------------------------------------

    def states(self) -> list[dict[str, Any]]:
        return [frame for frame in self.frames if frame.get("type") == "state"]


def called(game: str) -> list[str]:
    """The games of a table where the dealer calls ``game``: it and one other. A table of one game
    deals it as soon as two can play, and these deals wait for everyone to sit down first."""
    return [game, "whiskey" if game == "draw" else "draw"]


def seat_three(browser: Browser, base: str, setup: dict[str, Any], *, keys: bool = False,
               sizes: tuple[dict[str, int], ...] = (PHONE, DESKTOP, DESKTOP),
               ) -> tuple[str, list[TablePlayer], list[float]]:
    """A new table, and three people seated at it through its invite link (one on a phone, two on
    laptops); the seconds each page took from the link to the table drawn."""
    created = RoomClient(base).create_table(setup)
    players, drawn = [], []
    for name, size in zip(("ann", "bob", "cy"), sizes, strict=False):
        player = TablePlayer(browser.new_context(viewport=size).new_page(), name, keys=keys)
        drawn.append(player.open(base, created["invite"]))
        player.sit()
        players.append(player)
    return created["table"], players, drawn


def hands_played(players: list[TablePlayer]) -> int:
    """The hands every page has seen finished."""
    states = [player.state() for player in players]
    return min(state["hands_played"] if state else 0 for state in states)


def play_until(players: list[TablePlayer], done: Callable[[], bool], rng: random.Random, *,
               choose: str | None = None, timeout: float = 120) -> None:
    """Let every player take their turns until ``done()``."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError("the deal did not end in time")
        moved = False
        for player in players:
            moved = player.take_turn(rng, choose) or moved
        if not moved:
            players[0].page.wait_for_timeout(40)


class NetworkBot:
    """A bot over the network (the room's Python client playing random legal moves), in a thread
    of its own, as an outside agent plays; with it, a spectator's connection, whose frames the
    secrecy checks read as they read a page's."""

    def __init__(self, base: str, table: str, name: str = "Rob (bot)", chips: int | None = None) -> None:
        self.client = RoomClient(base)
        self.table = table
        self.seat, self.token = self.client.join(table, name, chips=chips)
        self.watched: list[dict[str, Any]] = []
        self.frames: list[dict[str, Any]] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)

    async def _run(self) -> None:
        rng, seen = random.Random(7), 0
        async with SeatConnection(self.client.base, self.table, self.token) as seat, \
                SeatConnection(self.client.base, self.table) as spectator:
            while not self.stop.is_set():
                state = seat.state
                if state and state["seq"] > seen and (state["you"]["to_act"] or state["you"]["choosing"]):
                    seen = state["seq"]
                    if state["you"]["choosing"]:
                        await seat.choose(rng.choice(state["table"]["choosable"]))
                    else:
                        legal = ActionSet.from_json(state["legal"])
                        await seat.act(legal[rng.randrange(len(legal))], seq=state["seq"])
                else:
                    await asyncio.sleep(0.02)
            self.watched = [frame for frame in spectator.frames if frame["type"] == "state"]
            self.frames = [frame for frame in seat.frames if frame["type"] == "state"]

    def __enter__(self) -> NetworkBot:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=10)
