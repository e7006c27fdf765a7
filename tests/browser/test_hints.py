"""The engine's hints and results as the page words them (``hints.js``, ``games.js``), drawn in
chromium from views of seeded hands: cards drawn rather than written in notation, a warning said
once for every row it concerns, nothing said of what the page does not show, and one word for a
hand of the table."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from hands_played import play
from homegame.engine import ActionSet, GameState, View
from room_server import RoomServer
from test_chinese import deal, setting
from test_open_face import seat_zero_after

pytestmark = pytest.mark.browser

DRAW = """async ({ game, part, view, reader, arranging }) => {
  const { gameFor } = await import("/static/js/games.js");
  const { Words, textNodes } = await import("/static/js/words.js");
  const { cardElement } = await import("/static/js/cards.js");
  const { h } = await import("/static/js/dom.js");
  const shown = gameFor(game);
  const row = (codes, size = "table") =>
    h("span", { class: "cards" }, (codes || []).map((code) => cardElement(code, { size })));
  const ctx = { view, words: new Words(reader, (seat) => `player ${seat}`), markOf: () => ({}), arranging,
                text: textNodes, row, hand: row, choiceTarget: (action, node) => node };
  const drawn = part === "seat" ? shown.seat(view, "1", ctx) : shown[part](view, ctx);
  const node = h("div", {}, typeof drawn === "string" ? textNodes(drawn) : drawn);
  return { text: node.textContent.replace(/\\s+/g, " ").trim(),
           cards: [...node.querySelectorAll("[data-card]")].map((card) => card.dataset.card),
           warnings: [...node.querySelectorAll(".warning")].map((line) => line.textContent) };
}"""
CODE = re.compile(r"\b(?:[2-9TJQKA][cdhs])\b")


def first_view(game: str, players: int, wanted: Callable[[View, GameState[Any]], bool],
               seeds: range = range(40), **settings: Any) -> tuple[int, dict[str, Any]]:
    """The first view (and its seat) of seeded hands of ``game`` that ``wanted`` picks."""
    found: list[tuple[int, dict[str, Any]]] = []

    def watch(state: GameState[Any], seat: int, view: View, legal: ActionSet) -> None:
        if not found and wanted(view, state):
            found.append((seat, view.to_json()))
    for seed in seeds:
        play(game, players, [], seed, watch)
        if found:
            return found[0]
    raise AssertionError(f"no {game} view was wanted")


def drawn(page: Page, game: str, part: str, view: dict[str, Any], reader: int | None,
          arranging: bool = False) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(DRAW, {"game": game, "part": part, "view": view, "reader": reader,
                                                  "arranging": arranging})
    return result


@pytest.fixture
def page(browser: Browser, room: RoomServer) -> Page:
    page = browser.new_page()
    page.goto(room.base + "/")
    return page


def test_a_paiute_hint_draws_the_card_to_throw_away(page: Page) -> None:
    seat, view = first_view("paiute", 2, lambda v, s: "throw away the " in v.hint)
    card = re.search(r"throw away the (\S+)", view["hint"])[1]  # type: ignore[index]
    own = drawn(page, "paiute", "own", view, seat)
    hint = own["text"][own["text"].index("No combination yet"):]
    assert not CODE.search(hint), hint
    assert own["cards"].count(card) == view["hand"].count(card) + 1, "the card to throw is drawn in the hint"


def test_open_face_warnings_name_every_row_once_with_the_card_drawn(page: Page) -> None:
    def same_reason(view: View, state: GameState[Any]) -> bool:
        reasons = [(warning.kind, warning.reason) for warning in view.warnings]  # type: ignore[attr-defined]
        return len(reasons) == 2 and reasons[0] == reasons[1]
    seat, view = first_view("open_face", 2, same_reason)
    card, = view["pending"]
    first, second = view["warnings"]
    own = drawn(page, "open_face", "own", view, seat)
    kind = "risks a foul" if first["kind"] == "risk" else "fouls"
    label = card[:-1].replace("T", "10")  # the drawn card reads as its rank, its suit a picture
    rows = f"the {first['row']} or the {second['row']}"
    assert own["warnings"] == [f"In {rows}, the {label} {kind}: {first['reason']}."]
    assert own["cards"].count(card) == 2, "the card to place, drawn as such and in its warning"
    assert not CODE.search(own["text"]), own["text"]


def test_open_face_says_a_card_fouls_where_the_foul_is_certain(page: Page) -> None:
    backs = [f"place back {card}" for card in ["8c", "8h", "8s", "9c", "9h"]]
    state = seat_zero_after("Qh Qd Jc Jd 5h 6s 8c 8h 8s 9c 9h Qs 7d",
                            ["set Qh Qd | Jc Jd 5h |", "place middle 6s", *backs])
    own = drawn(page, "open_face", "own", state.view(0).to_json(), 0)
    assert own["warnings"] == [
        "In the front, the Q fouls: the middle can no longer catch up with the front.",
        "In the middle, the Q fouls: the middle is complete and weaker than the front."]
    for name in ("a pair of queens so far", "a pair of jacks so far"):
        assert name in own["text"], own["text"]


def test_chinese_rows_as_set_are_named_with_their_foul(page: Page) -> None:
    state = deal("Ah Ad Ac 2c 3d 4h 6s 8c Kh Qs Js 9d 7d", "2h 3h 5d 6d 7h 8d 9s Tc Jd 4c 4d Kc Ks")
    state.apply(0, setting("Ah Ad Ac | 2c 3d 4h 6s 8c | Kh Qs Js 9d 7d"))
    own = drawn(page, "chinese", "own", state.view(0).to_json(), 0)
    assert own["warnings"] == ["FOUL: the middle is weaker than the front, so all three rows would lose"]
    for name in ("three of a kind, aces", "eight high", "king high"):
        assert name in own["text"], own["text"]


def test_pai_gow_s_setting_help_speaks_of_the_page_s_own_buttons(page: Page) -> None:
    seat, view = first_view("pai_gow", 2, lambda v, s: "marked FOUL" in v.hint)
    own = drawn(page, "pai_gow", "own", view, seat, arranging=True)
    ways = {(option["two_name"], option["five_name"]): option["foul"] for option in view["options"]}
    assert "FOUL" not in own["text"] and "Suggest" not in own["text"]
    assert f"{sum(ways.values())} of the {len(ways)} ways to set these cards foul" in own["text"], \
        "counted as the engine's hint counts them: one way for each pair of hand names"
    way = view["advice"]
    assert "The house way: " in own["text"] and "“Set by the house way” sets it." in own["text"]
    assert f"({way['two_name']} / {way['five_name']}): {view['house_rule']}." in own["text"], "with its rule"
    assert own["cards"] == view["advice"]["two"] + view["advice"]["five"]


def test_pai_gow_s_result_shows_the_bank_s_hand_and_says_who_lost_in_plain_words(page: Page) -> None:
    view = _finished("pai_gow", 3)
    result = drawn(page, "pai_gow", "results", view, 0)
    bank = view["bank_hand"]
    assert result["text"].startswith("The bank (the house)")
    assert result["cards"][:7] == bank["two"] + bank["five"]
    assert not re.search(r"lose -|: (win|lose|push) ", result["text"]), result["text"]
    for g, outcome in view["results"].items():
        first = outcome["reason"].split()[0].rstrip(",:")
        verb = {"wins": "win", "loses": "lose"}.get(first, first) if g == "0" else \
            {"push": "pushes", "foul": "fouls"}.get(first, first)
        assert f"{'You' if g == '0' else f'player {g}'} {verb}" in result["text"]  # a name as it was typed


def _finished(game: str, players: int) -> dict[str, Any]:
    state = play(game, players, [], 1, lambda *_: None)
    return state.view(0).to_json()


def test_papayoo_and_paiute_say_hand_for_a_hand_of_the_table(page: Page) -> None:
    state = play("papayoo", 3, [], 0, lambda *_: None)  # the first of a game's four hands
    over = state.view(0).to_json()
    assert over["deal"] == 1 and over["deals"] == 4 and not over["winners"]
    assert drawn(page, "papayoo", "phase", over, 0)["text"] == "1 of this game's 4 hands played"
    seat, playing = first_view("papayoo", 3, lambda v, s: v.phase == "play")  # type: ignore[attr-defined]
    turn = playing["to_act"][0]
    doing = "you to" if turn == seat else f"player {turn} to"
    assert drawn(page, "papayoo", "phase", playing, seat)["text"].startswith(f"Hand 1 of 4: {doing} ")
    assert "points this hand" in drawn(page, "papayoo", "own", playing, seat)["text"]
    waiting: list[dict[str, Any]] = []

    def watch(state: GameState[Any], turn: int, view: View, legal: ActionSet) -> None:
        if not waiting and view.phase == "play":  # type: ignore[attr-defined]
            waiting.append(state.view((turn + 1) % 3).to_json())
    play("papayoo", 3, [], 0, watch)
    other = waiting[0]
    hint = drawn(page, "papayoo", "own", other, other["seat"])["text"]
    assert f"player {other['to_act'][0]} to " in hint and "seat" not in hint.lower(), hint  # names as typed
    seat, paiute = first_view("paiute", 2, lambda v, s: v.phase == "draw")  # type: ignore[attr-defined]
    phase = drawn(page, "paiute", "phase", paiute, seat)["text"]
    assert phase == ("Draw from the stock or the pile. Deals won: the winner takes a point from each "
                     "other player.")
    assert "0 deals won" in drawn(page, "paiute", "seat", paiute, seat)["text"]
    assert drawn(page, "paiute", "phase", _finished("paiute", 2), 0)["text"] == "The hand is over"
