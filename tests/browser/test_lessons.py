"""Lessons in chromium at phone size (375 x 667): each lesson played to its end by clicks, the way a
person would (a card tapped then its button, a button of the table; the lesson's own "Play the
lesson's move" only for a whole setting or an amount, and the hint in the free hand), then its
quiz answered. Nothing on the screen overlaps or leaves it sideways at any step, and screenshots of
each stage go to artifacts/browser/. Also the ways in: the lobby's "Learn a game", and the table's
"Learn this game", which opens the lesson beside the table while the seat stays connected."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from browser.checks import layout_problems
from browser.players import PHONE
from room_server import RoomServer

pytestmark = pytest.mark.browser

LESSON = """() => {
  const page = window.homegameLesson;
  if (!page || !page.answer || page.busy) return null;
  const screen = page.answer.screen;
  return {stage: screen.stage, asked: screen.asked, hint: page.answer.hint, number: screen.number,
          step: screen.step, notice: page.notice, quiz: page.quiz ? {index: page.quiz.index,
          count: page.quiz.questions.length, chosen: page.quiz.chosen} : null};
}"""


def lesson_state(page: Page) -> dict[str, Any]:
    # a function, not an expression: the page's CSP refuses eval, which an expression is run by
    page.wait_for_function(f"() => ({LESSON})() !== null", timeout=60_000)
    state: dict[str, Any] = page.evaluate(LESSON)
    return state


def take(page: Page, move: dict[str, Any]) -> None:
    """Make ``move`` with the page's own controls, as a person would."""
    if move.get("groups") or move.get("amount") is not None:
        page.click(".coach button:has-text(\"Play the lesson's move\")")
        return
    cards = move.get("cards", [])
    for card in cards:
        page.click(f"#learn .own button[data-card='{card}'], #learn .learn-middle button[data-card='{card}']")
    option = f"[data-option='{move['option']}']" if move.get("option") else ":not([data-option])"
    naming = "".join(f":has([data-card='{card}'])" for card in cards)  # the button that names the cards
    page.click(f"#learn .actions button[data-kind='{move['kind']}']{option}{naming}:not([disabled])")


def play_lesson(page: Page, base: str, name: str, shots: Path) -> list[str]:
    """Play lesson ``name`` to its end and answer its quiz; the layout problems met on the way."""
    page.goto(f"{base}/learn/{name}")
    problems: list[str] = []
    shot = 0
    stages_shot: set[tuple[int, str]] = set()
    for _ in range(400):
        state = lesson_state(page)
        assert not state["notice"], state["notice"]
        key = (state["number"], state["stage"])
        if key not in stages_shot:
            stages_shot.add(key)
            picture = shots / f"lesson-{name}-{shot:02d}-{state['stage']}.png"
            page.screenshot(path=str(picture), full_page=True)
            shot += 1
            problems += [f"{key}: {problem}" for problem in layout_problems(page)]
        if state["quiz"] is not None:
            quiz = state["quiz"]
            if quiz["index"] >= quiz["count"]:
                break
            if quiz["chosen"] is None:
                page.click(".choice-answer >> nth=0")
                page.screenshot(path=str(shots / f"lesson-{name}-quiz-{quiz['index']}.png"), full_page=True)
            else:
                page.click(".coach button:has-text('Next question'), .coach button:has-text('See the score')")
            continue
        stage = state["stage"]
        if stage == "intro":
            page.click(".coach button:has-text('Deal the hand')")
        elif stage == "over":
            page.click(".coach button:has-text('Next hand'), .coach button:has-text('Finish the lesson')")
        elif stage == "done":
            page.click(".coach button:has-text('Take the quiz')")
        elif state["asked"]:
            take(page, state["asked"][0])
        else:
            page.click(".coach button:has-text('Play the hint')")
        page.wait_for_function("() => window.homegameLesson && !window.homegameLesson.busy")
    page.screenshot(path=str(shots / f"lesson-{name}-score.png"), full_page=True)
    assert "right" in page.locator(".coach h2").inner_text()
    return problems


@pytest.mark.parametrize("name", ["paiute", "papayoo", "pai_gow", "anaconda", "draw_lowball"])
def test_a_lesson_is_played_to_its_end_at_phone_size(browser: Browser, room: RoomServer, artifacts: Path,
                                                     name: str) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    problems = play_lesson(page, room.base, name, artifacts)
    context.close()
    assert not errors and not problems, (errors, problems[:10])


def test_the_lobby_leads_to_the_lessons(browser: Browser, room: RoomServer) -> None:
    page = browser.new_page(viewport=PHONE)
    page.goto(room.base + "/")
    page.click("a:has-text('Learn a game')")
    page.wait_for_selector(".lesson-link")
    assert page.locator(".lesson-link").count() == 14
    page.click(".lesson-link:has-text('Soko')")
    page.wait_for_selector(".coach button:has-text('Deal the hand')")
    assert page.url.endswith("/learn/soko")
    page.close()


def test_a_table_opens_the_lesson_of_its_game_beside_it_and_keeps_the_seat(browser: Browser, room: RoomServer,
                                                                           artifacts: Path) -> None:
    setup = {"name": "learning", "games": ["pai_gow"], "bots": 1, "seats": 2}
    request = urllib.request.Request(room.base + "/api/tables", data=json.dumps(setup).encode(),
                                     method="POST", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        invite = json.loads(answer.read())["invite"]
    page = browser.new_page(viewport=PHONE)
    page.goto(room.base + invite)
    page.wait_for_selector("body[data-drawn]")
    page.fill("#join-name", "ann")
    page.click("form.join button[type=submit]")
    page.wait_for_selector("#learn-this", timeout=30_000)
    page.click("#learn-this")
    lesson = page.frame_locator("#learn-drawer iframe")
    lesson.locator(".coach button:has-text('Deal the hand')").wait_for()
    assert "Pai Gow" in lesson.locator("#lesson-title").inner_text()
    page.screenshot(path=str(artifacts / "lesson-beside-the-table.png"))
    page.keyboard.press("Escape")
    assert page.locator("#learn-drawer").count() == 0
    assert page.evaluate("() => window.homegame.frame.you.seat") is not None
    assert page.locator("#status").get_attribute("data-status") == "connected"
    page.close()
