"""The page tells a hand in the terminal's own words: the page's ``words.js`` run in the browser on
every event of seeded hands of every game, beside ``homegame.cli.narrate`` on the same events.

The two are written twice (the page cannot run Python), so this is what keeps them saying the same
thing: each sentence as seat 0, seat 1 and a spectator read it, cards in notation on both sides.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser

from homegame.bots import make_bot
from homegame.cards import Card
from homegame.cli.narrate import tell
from homegame.cli.render import Style
from homegame.games import GAMES, new_game
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


class Typed(Style):
    """The terminal's words with cards as they are typed, as the page's plain text gives them."""

    __slots__ = ()

    def card(self, card: Card) -> str:
        return self.notation((card,))


def narrated_hands() -> list[dict[str, Any]]:
    """Every event seats 0 and 1 and a spectator see in hands of every game played by bots (the
    game's own and random, two seats and four), with the terminal's sentence for it."""
    look, cases = Typed(colour=False), []
    for name, game_class in GAMES.items():
        for players in sorted({max(2, game_class.players[0]), min(4, game_class.players[-1])}):
            for seed in SEEDS:
                state = new_game(name, players=players).deal(seed=seed)
                kind = "heuristic" if seed % 2 == 0 else "random"
                bots = [make_bot(name, kind, seed=seat) for seat in range(players)]
                while not state.is_over:
                    seat = state.to_act[0]
                    state.apply(seat, bots[seat].act(state.view(seat), state.legal_actions(seat)))
                for viewer in (0, 1, None):
                    cases += [{"game": name, "viewer": viewer, "event": event.to_json(),
                               "terminal": tell(event, viewer, look)} for event in state.view(viewer).log]
    return cases


def test_the_page_tells_every_event_as_the_terminal_does(browser: Browser, room: RoomServer) -> None:
    cases = narrated_hands()
    page = browser.new_page()
    page.goto(room.base + "/")
    told = page.evaluate(TELL_ALL, [{"viewer": c["viewer"], "event": c["event"]} for c in cases])
    # The page leaves a sentence that opens with a player's name as the player typed it.
    page_said = [None if text is None else text[:1].upper() + text[1:] for text in told]
    differing = [(c["game"], c["event"]["kind"], c["terminal"], said)
                 for c, said in zip(cases, page_said, strict=True) if said != c["terminal"]]
    assert len(cases) > 10_000 and {c["game"] for c in cases} == set(GAMES)
    assert not differing, f"{len(differing)} of {len(cases)} differ, such as {differing[:3]}"
