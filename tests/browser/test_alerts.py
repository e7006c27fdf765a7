"""Turn alerts (issue 40, point 9): the tab's title says it is your turn; a chime, off until the
player turns it on, and a notification while the tab is hidden, where the browser allows it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from browser.players import DESKTOP, TablePlayer, called
from homegame.room.client import RoomClient
from room_server import RoomServer

pytestmark = pytest.mark.browser

LISTENING = """
window.alerts = { tones: 0, notices: [] };
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  createOscillator() {
    const tone = super.createOscillator();
    const start = tone.start.bind(tone);
    tone.start = (...when) => { window.alerts.tones += 1; return start(...when); };
    return tone;
  }
};
window.Notification = class {
  constructor(title, options) { window.alerts.notices.push({ title, body: options.body }); }
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
};
Object.defineProperty(document, "hidden", { get: () => window.tabHidden === true, configurable: true });
"""


def test_a_turn_is_told_by_the_title_and_by_the_alerts_the_player_chose(browser: Browser,
                                                                        room: RoomServer) -> None:
    created = RoomClient(room.base).create_table({"name": "alerts", "seats": 2, "games": called("draw"),
                                                  "clock": 600, "pause": 0})
    people = []
    for name in ("ann", "bob"):
        context = browser.new_context(viewport=DESKTOP)
        context.add_init_script(LISTENING)
        people.append(TablePlayer(context.new_page(), name))
    ann, bob = people
    ann.open(room.base, created["invite"])
    ann.press("Shift+O")
    ann.page.check("#turn-sound")
    ann.page.check("#turn-notice")
    ann.press("Escape")
    ann.page.evaluate("() => { window.tabHidden = true; window.alerts.tones = 0; }")
    ann.sit()
    bob.open(room.base, created["invite"])
    bob.sit()
    had_a_turn: set[str] = set()
    for _ in range(600):  # until each has had a turn: the call, or a decision in the hand
        if len(had_a_turn) == 2:
            break
        for player in people:
            state = player.state()
            if not state or state["busy"] or not (state["you"]["to_act"] or state["you"]["choosing"]):
                continue
            expect(player.page).to_have_title("● Your turn · alerts · homegame")
            had_a_turn.add(player.name)
            if state["you"]["choosing"]:
                player.click(".picker input[value='draw']")
                player.click(".picker button[type=submit]")
            else:
                player.click("#actions button[data-kind='check'], #actions button[data-kind='call']")
            player._settle(state["seq"])
        ann.page.wait_for_timeout(50)
    assert had_a_turn == {"ann", "bob"}
    told = ann.page.evaluate("() => window.alerts")
    assert told["tones"] >= 1 and told["notices"], told
    assert told["notices"][0]["title"] == "Your turn · alerts"
    assert bob.page.evaluate("() => window.alerts") == {"tones": 0, "notices": []}, "off unless chosen"
    for player in people:
        player.page.context.close()
