"""The page tells a hand in the terminal's own words: the page's ``words.js`` run in the browser on
every event of seeded hands of every game, and on every legal action of their decisions, beside
``homegame.cli.narrate`` on the same events and actions.

The two are written twice (the page cannot run Python), so this is what keeps them saying the same
thing: each sentence as seat 0, seat 1 and a spectator read it, and what taking each action is
(a hint, the clock's default), with cards in notation on both sides.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser

from hands_played import play, tables
from homegame.cards import Card
from homegame.cli.narrate import doing, tell
from homegame.engine import ActionSet, GameState, View
from homegame.games import GAMES
from homegame.render import Style
from room_server import RoomServer

pytestmark = pytest.mark.browser

SEEDS = range(4)
TELL_ALL = """async (cases) => {
  const { Words, plainText } = await import("/static/js/words.js");
  return cases.map(({ viewer, event }) => {
    const told = new Words(viewer, (seat) => `seat ${seat}`).tell(event);
    return told === null ? null : plainText(told);
  });
}"""
SAY_DOING = """async (actions) => {
  const { Words, plainText } = await import("/static/js/words.js");
  const words = new Words(0, (seat) => `seat ${seat}`);
  return actions.map((action) => plainText(words.doing(action)));
}"""
ACTIONS_A_DECISION = 40
"""The legal actions of each decision compared, at most (a setting can have thousands)."""


class Typed(Style):
    """The terminal's words with cards as they are typed, as the page's plain text gives them."""

    __slots__ = ()

    def card(self, card: Card) -> str:
        return self.notation((card,))


def narrated_hands() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every event seats 0 and 1 and a spectator see in hands of every game played by bots (the
    game's own and random, two seats and four), with the terminal's sentence for it; and the legal
    actions of every decision in them, with the terminal's words for taking each."""
    look, events, actions = Typed(colour=False), [], {}

    def word(state: GameState[Any], seat: int, view: View, legal: ActionSet) -> None:
        for index in range(min(len(legal), ACTIONS_A_DECISION)):
            action = legal[index]
            actions[str(action.to_json())] = {"action": action.to_json(), "terminal": doing(action, look)}
    for name in GAMES:
        for players, variants in tables(name, variants=False):
            for seed in SEEDS:
                state = play(name, players, variants, seed, word)
                for viewer in (0, 1, None):
                    events += [{"game": name, "viewer": viewer, "event": event.to_json(),
                                "terminal": tell(event, viewer, look)} for event in state.view(viewer).log]
    return events, list(actions.values())


def test_the_page_tells_every_event_and_action_as_the_terminal_does(browser: Browser,
                                                                     room: RoomServer) -> None:
    events, actions = narrated_hands()
    page = browser.new_page()
    page.goto(room.base + "/")
    told = page.evaluate(TELL_ALL, [{"viewer": c["viewer"], "event": c["event"]} for c in events])
    # The page leaves a sentence that opens with a player's name as the player typed it.
    page_said = [None if text is None else text[:1].upper() + text[1:] for text in told]
    differing = [(c["game"], c["event"]["kind"], c["terminal"], said)
                 for c, said in zip(events, page_said, strict=True) if said != c["terminal"]]
    assert len(events) > 10_000 and {c["game"] for c in events} == set(GAMES)
    assert not differing, f"{len(differing)} of {len(events)} sentences differ, such as {differing[:3]}"
    said = page.evaluate(SAY_DOING, [c["action"] for c in actions])
    differing = [(c["terminal"], words) for c, words in zip(actions, said, strict=True)
                 if words != c["terminal"]]
    assert len(actions) > 1_000
    assert not differing, f"{len(differing)} of {len(actions)} actions differ, such as {differing[:3]}"
