"""Every game's presentation on the page (``games.js``) draws every view it may be sent, and the
page builds the controls of every decision: the views of hands of every game and every variant,
played by bots to the end, as the seat to act, another seat and a spectator see them, each drawn
in chromium part by part as the table draws it; for the seat to act, its legal actions made into
a decision (``decision.js``) and its action bar and row editor (``actions.js``).

A deal played through the page (``test_games.py``) meets one path through a game; this meets the
phases, variants and table sizes that one deal does not (a Whiskey chips game, a Paiute deal with
jokers, a player bank at Pai Gow, a hand that ends with everyone folded).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser

import homegame
from hands_played import play, tables
from homegame.engine import ActionSet, GameState, View
from homegame.games import GAMES
from room_server import RoomServer

pytestmark = pytest.mark.browser

SEEDS = range(2)
VIEWS_A_HAND = 20
"""Views kept from each hand, spread over it (a Paiute deal has a hundred turns), besides its end."""
DRAW_ALL = """async (cases) => {
  const { gameFor } = await import("/static/js/games.js");
  const { Words, textNodes } = await import("/static/js/words.js");
  const { cardElement } = await import("/static/js/cards.js");
  const { h } = await import("/static/js/dom.js");
  const { Decision } = await import("/static/js/decision.js");
  const { actionBar, arrangeEditor } = await import("/static/js/actions.js");
  const { money } = await import("/static/js/games.js");
  const failures = [];
  for (const { game, reader, players, view, legal } of cases) {
    const shown = gameFor(game);
    try {
      const markOf = shown.marks ? shown.marks(view) : () => ({});
      const cards = (codes, size, extraOf) => (codes || []).map((code) =>
        cardElement(code, { size, marks: markOf(code), extra: extraOf ? extraOf(code) : "" }));
      const ctx = {
        view, words: new Words(reader, (seat) => `seat ${seat}`), markOf, arranging: false,
        text: (marked) => textNodes(marked),
        row: (codes, size = "table", extra = "") =>
          h("span", { class: `cards ${extra}` }, cards(codes, size)),
        hand: (codes, size = "hand", extraOf = () => "") =>
          h("div", { class: "cards" }, cards(codes, size, extraOf)),
        choiceTarget: (action, node) => node,
      };
      const seats = [...Array(players).keys()].filter((g) => g !== reader)
        .map((g) => (shown.seat ? shown.seat(view, String(g), ctx) : null));
      h("div", {}, shown.phase ? textNodes(shown.phase(view, ctx)) : null,
        shown.center ? shown.center(view, ctx) : null, seats,
        reader !== null && shown.own ? shown.own(view, ctx) : null,
        view.is_over && shown.results ? shown.results(view, ctx) : null,
        shown.fixedRows ? String(shown.fixedRows(view)) : null);
      if (legal) {
        const decision = new Decision(legal, 0);
        const nothing = () => {};
        const env = { words: ctx.words, busy: false, act: nothing, me: reader, money: money(view), why: "",
                      markOf, advice: null, armed: null, arm: nothing, rerender: nothing, canSuggest: false,
                      suggest: nothing };
        h("div", {}, actionBar(decision, env),
          decision.mode === "arrange" ? arrangeEditor(decision, env, shown.rows || [],
                                                      shown.fixedRows ? shown.fixedRows(view) : []) : null);
      }
    } catch (error) {
      failures.push(`${game} (${view.phase}, reader ${reader}): ${error.stack || error}`);
    }
  }
  return failures;
}"""


def views_of_hands() -> list[dict[str, Any]]:
    """Views of seeded hands at every table (every game, two sizes, each variant), played to the
    end by the game's bot or at random."""
    cases: list[dict[str, Any]] = []
    seen: list[dict[str, Any]] = []

    def keep(state: GameState[Any], seat: int, view: View, legal: ActionSet) -> None:
        seen.extend([{"reader": seat, "view": view.to_json(), "legal": legal.to_json()},
                     {"reader": None, "view": state.view(None).to_json()}])
    for name in GAMES:
        for players, variants in tables(name):
            for seed in SEEDS:
                seen.clear()
                state = play(name, players, variants, seed, keep)
                step = max(1, len(seen) // VIEWS_A_HAND)
                ends = [{"reader": reader, "view": state.view(reader).to_json()}
                        for reader in (*range(players), None)]
                cases += [{"game": name, "players": players, **case} for case in seen[::step] + ends]
    return cases


def test_every_game_draws_every_view_and_decision_of_its_hands(browser: Browser, room: RoomServer) -> None:
    cases = views_of_hands()
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(room.base + "/")
    failures = page.evaluate(DRAW_ALL, cases)
    assert {case["game"] for case in cases} == set(GAMES) and len(cases) > 2_000
    assert not failures, f"{len(failures)} of {len(cases)} views or decisions failed to draw: {failures[:3]}"
    assert not errors


PHASE_LINE = """async ({ game, view }) => {
  const { gameFor } = await import("/static/js/games.js");
  const { Words, plainText } = await import("/static/js/words.js");
  const words = new Words(view.seat, (seat) => `seat ${seat}`);
  return plainText(gameFor(game).phase(view, { view, words }));
}"""


def test_chinese_poker_s_surrender_tells_a_spectator_no_price(browser: Browser, room: RoomServer) -> None:
    """The surrender phase told a spectator "pay 0 in all": the price is a seat's own."""
    state = homegame.new_game("chinese", players=3).deal(seed=4)
    while state.view(None).to_json()["phase"] == "set":
        player = state.to_act[0]
        state.apply(player, state.legal_actions(player)[0])
    assert state.view(None).to_json()["phase"] == "surrender"
    page = browser.new_page()
    page.goto(room.base + "/")
    watching = page.evaluate(PHASE_LINE, {"game": "chinese", "view": state.view(None).to_json()})
    seated = state.view(state.to_act[0]).to_json()
    playing = page.evaluate(PHASE_LINE, {"game": "chinese", "view": seated})
    page.close()
    assert watching == "Each player shows their rows, or surrenders and shows nothing"
    cost = seated["surrender_cost"]
    assert playing == f"Show your rows, or surrender: pay {cost} units in all and show nothing"
