"""Every lesson played to its end through the public contract, as a learner following its words.

For each lesson, hand by hand: every move a step asks for is legal when its turn comes (the
engine's ``legal_actions``), every scripted move of the bots too (the strict player refuses one
that is not), the hand deals from a permutation of the game's deck, and no text shown names a card
the learner cannot see in its view at that moment. A move off the lesson's path is explained, its
words checked the same way, and taken back to exactly the state before it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from homegame.engine import Action, IllegalAction
from homegame.engine.actions import same_move
from homegame.games import GAMES
from homegame.lessons import (
    LessonError,
    LessonPlayer,
    Progress,
    Screen,
    lesson_names,
    load_lesson,
    named_cards,
    visible_cards,
)
from homegame.lessons.model import read_lesson
from homegame.lessons.quiz import make_quiz

LESSONS = lesson_names()


def unseen(screen: Screen) -> set[object]:
    """The cards the screen's words name that its view does not show the learner."""
    assert screen.view is not None
    return set(named_cards("\n".join(screen.texts))) - visible_cards(screen.view)


def same_screen(first: Screen, second: Screen) -> bool:
    """Whether two screens show the same (an action set compares by its actions)."""
    def actions(screen: Screen) -> object:
        return screen.legal.to_json() if screen.legal is not None else None

    return replace(first, legal=None) == replace(second, legal=None) and actions(first) == actions(second)


def off_path_move(screen: Screen) -> Action | None:
    """A legal move the step does not ask for, if there is one (the first such, to be repeatable)."""
    assert screen.legal is not None
    others = (move for move in screen.legal if not any(same_move(move, asked) for asked in screen.asked))
    return next(others, None)


def play_through(name: str, *, try_wrong: bool = False) -> LessonPlayer:
    player = LessonPlayer(name, Progress(seed=7), strict=True)
    while player.progress.stage != "done":
        screen = player.screen()
        assert not unseen(screen), f"{name}, hand {screen.number}, {screen.stage}: {screen.texts}"
        if screen.stage == "intro":
            player.start()
        elif screen.stage == "over":
            player.next_hand()
        elif screen.stage == "play" and screen.asked:
            assert screen.legal is not None
            for asked in screen.asked:
                assert asked in screen.legal, f"{name}, hand {screen.number}, step {screen.step}: {asked}"
            wrong = off_path_move(screen) if try_wrong else None
            if wrong is not None:
                before = player.state.view(player.lesson.seat) if player.state else None
                player.act(wrong)
                explained = player.screen()
                assert explained.stage == "wrong" and explained.texts
                assert not unseen(explained), f"{name}, hand {screen.number}, step {screen.step}: wrong"
                player.back()
                assert same_screen(player.screen(), screen) and player.state is not None
                assert player.state.view(player.lesson.seat) == before
            player.act(screen.asked[0])
        else:
            assert screen.stage == "play" and screen.hints
            player.act(player.hint())
    return player


@pytest.mark.parametrize("name", LESSONS)
def test_every_lesson_plays_to_its_end_on_its_own_words(name: str) -> None:
    player = play_through(name)
    lesson = player.lesson
    assert player.progress.hand == len(lesson.hands)
    for hand in lesson.hands:
        assert hand.free or sorted(hand.deck or ()) == sorted(lesson.make_game().deck)


@pytest.mark.parametrize("name", LESSONS)
def test_a_move_off_the_path_is_explained_and_taken_back(name: str) -> None:
    play_through(name, try_wrong=True)


def test_every_game_and_the_draw_variants_have_a_lesson() -> None:
    assert set(GAMES) <= set(LESSONS)
    assert {"draw_lowball", "draw_wild"} <= set(LESSONS)
    for name in LESSONS:
        lesson = load_lesson(name)
        assert lesson.hands[-1].free and any(hand.steps for hand in lesson.hands)
        assert lesson.quiz, f"{name} has no quiz"


def test_the_progress_rebuilds_the_same_lesson() -> None:
    player = LessonPlayer("paiute", Progress(seed=3))
    player.start()
    player.act(Action.parse("draw stock"))
    player.act(Action.parse("discard 9h"))
    data = player.progress.to_json()
    again = LessonPlayer("paiute", Progress.from_json(data))
    assert same_screen(again.screen(), player.screen()) and again.progress == player.progress


def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    player = LessonPlayer("paiute")
    player.start()
    before = player.progress
    with pytest.raises(IllegalAction, match="no discard pile"):
        player.act(Action.parse("draw pile"))
    assert player.progress == before


def test_keeping_a_move_off_the_path_plays_the_hand_on_with_hints() -> None:
    player = LessonPlayer("paiute")
    player.start()
    player.act(Action.parse("draw stock"))
    player.act(Action.parse("discard 5c"))
    assert player.screen().stage == "wrong"
    player.keep()
    screen = player.screen()
    assert screen.stage == "play" and screen.hints and not screen.asked


@pytest.mark.parametrize("data, why", [
    ([], "an object of hand"),
    ({"hand": 0, "moves": "x", "stage": "play", "kept": False, "seed": 0}, "pairs of a seat"),
    ({"hand": 0, "moves": [], "stage": "sleeping", "kept": False, "seed": 0}, "a stage of"),
    ({"hand": 0, "moves": [[0, {"kind": 5}]], "stage": "play", "kept": False, "seed": 0}, "not an action"),
    ({"hand": 0, "moves": [], "stage": "play", "kept": False, "seed": -1}, "seed"),
])
def test_a_broken_progress_is_refused_with_its_reason(data: object, why: str) -> None:
    with pytest.raises(LessonError, match=why):
        Progress.from_json(data)


def test_a_progress_that_does_not_replay_is_refused() -> None:
    progress = Progress(moves=((0, Action.parse("draw pile")),), stage="play")
    with pytest.raises(LessonError, match="move 1 of this hand's progress is refused"):
        LessonPlayer("paiute", progress)


GOOD = """
game = "draw"
title = "Draw"
about = "A test."
players = 2
[[hands]]
title = "One"
[hands.cards]
you = "Ah Ad Ac 2h 3h"
Ann = "Kh Kd Kc 4h 5h"
[[hands.steps]]
say = "Hold {Ah Ad Ac}."
do = "check"
[[hands]]
title = "Free"
free = true
"""


@pytest.mark.parametrize("change, why", [
    (("game = \"draw\"", "game = \"drow\""), "no game called 'drow'"),
    (("players = 2", "players = 9"), "takes 2 to 6 players"),
    (("you = \"Ah Ad Ac 2h 3h\"", "you = \"Ah Ad Ac 2h\""), r"hand 1 \(One\): you is dealt 5 cards"),
    (("Ann = \"Kh", "Ann = \"Ah"), "Ah is named twice"),
    (("Ann = ", "Zed = "), "'cards' names 'Zed'"),
    (("do = \"check\"", "do = \"chek 5.5\""), r"step 1: 'do' has 'chek 5.5', which is not a move"),
    (("say = ", "sya = "), "unknown field 'sya'"),
    (("[[hands]]\ntitle = \"Free\"\nfree = true\n", ""), "ends with a free hand"),
    (("free = true", "free = false"), "a hand that is not free is stacked"),
    (("title = \"One\"", "title = \"One\"\ndealer = 7"), "the dealer is a seat from 0 to 1"),
    (("[[hands.steps]]", "[[hands.steps]]\n[hands.steps.x]"), "unknown field 'x'"),
    (("players = 2", "players = 2\nquiet = ['hnit']"), r"'quiet' names fields of the draw view, not \['hnit"),
])
def test_a_broken_lesson_file_is_refused_where_it_is_broken(change: tuple[str, str], why: str) -> None:
    assert read_lesson("good", GOOD).title == "Draw"
    with pytest.raises(LessonError, match=why):
        read_lesson("bad", GOOD.replace(*change, 1))


def test_an_unknown_lesson_is_refused_with_the_list() -> None:
    with pytest.raises(LessonError, match=r"no lesson called 'paiut' \(did you mean paiute\?\); lessons: "):
        load_lesson("paiut")


@pytest.mark.parametrize("name", LESSONS)
def test_the_quiz_asks_every_question_and_the_engine_answers_it(name: str) -> None:
    lesson = load_lesson(name)
    questions = make_quiz(lesson, seed=11)
    assert [question.kind for question in questions] == [quiz.kind for quiz in lesson.quiz]
    for question in questions:
        assert len(question.choices) >= 2 and len(question.answers) == 1
        assert len(question.reasons) == len(question.choices)
        assert len(set(question.choices)) == len(question.choices)
