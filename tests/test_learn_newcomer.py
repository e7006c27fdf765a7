"""A newcomer at a real terminal (a pty, read through a terminal emulator) learns a game with
``homegame learn GAME``, knowing nothing but what the screen says: Enter where it says to press
Enter, the move where it says "Your move: type '...'", in the free hand the choice the hint
names, and in the quiz an answer. The lesson must reach its end, and no move the newcomer makes,
the free hand's included, may be refused. Nothing is read from the engine or the lesson files.

Two lessons run in the default tests; every lesson runs with ``make test-slow``."""

from __future__ import annotations

import re

import pytest

from pty_terminal import Terminal

MOVE = re.compile(r"Your move: type '([^']+)'")
HINTED = re.compile(r"\(choice (\d+)\)")
ANSWER = re.compile(r"Your answer \(1 to \d+\):")
ALL = ["anaconda", "chinese", "crazy-pineapple", "crazy-pineapple-hi-lo", "draw", "draw-lowball", "draw-wild",
       "open-face", "pai-gow", "paiute", "papayoo", "pineapple", "soko", "whiskey"]
QUICK = ["paiute", "pai-gow"]


def follow_the_lesson(game: str) -> list[str]:
    """Take the lesson of ``game`` as a newcomer; the screens seen where something was typed."""
    terminal = Terminal(["learn", game, "--seed", "7"])
    typed: list[str] = []
    waited = 0
    last = ("", "")
    try:
        for _ in range(400):
            screen = terminal.settle(quiet=0.4, timeout=60)
            flat = " ".join(screen.split())
            assert "Not allowed" not in flat and "Type 'back'" not in flat, screen
            if "You answered" in flat:
                break
            moves, hints = MOVE.findall(flat), HINTED.findall(flat)
            if ANSWER.search(flat):
                answer = "1"
            elif moves:
                answer = moves[-1]
            elif hints:
                answer = hints[-1]
            elif "Press Enter to" in flat:
                answer = ""
            else:
                waited += 1  # the program is still starting or thinking: look again, a while
                assert waited < 30, f"the newcomer does not know what to type:\n{screen}"
                continue
            waited = 0
            assert (flat, answer) != last, f"the program did not take {answer!r}:\n{screen}"
            last = (flat, answer)
            typed.append(answer)
            terminal.type(answer)
            for _ in range(120):  # the answer is taken when the screen moves on
                if " ".join(terminal.settle(quiet=0.2).split()) != flat:
                    break
        else:
            raise AssertionError("the lesson never ended")
        assert re.search(r"You answered \d of \d right", " ".join(terminal.settle().split()))
    finally:
        assert terminal.close() == 0
    return typed


@pytest.mark.parametrize("game", QUICK)
def test_a_newcomer_follows_the_lesson_to_its_end(game: str) -> None:
    typed = follow_the_lesson(game)
    assert typed.count("") >= 2 and any(answer.isdigit() for answer in typed)


@pytest.mark.slow
@pytest.mark.parametrize("game", [game for game in ALL if game not in QUICK])
def test_a_newcomer_follows_every_lesson_to_its_end(game: str) -> None:
    follow_the_lesson(game)
