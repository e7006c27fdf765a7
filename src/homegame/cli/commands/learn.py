"""``homegame learn [LESSON]``: learn a game by playing it, a rule at a time, against its bots,
then answer a short quiz on real hands (see :mod:`homegame.lessons`)."""

from __future__ import annotations

import argparse
import random
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from homegame.cli.screen import TableConsole
    from homegame.lessons import Lesson

__all__ = ["choose_lesson", "learn"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "learn", help="learn a game in a few minutes: a guided lesson against bots, then a quiz",
        description="A guided lesson: a few hands dealt to show each rule as it happens, each step "
        "saying what is going on and what to type; a move other than the lesson's is explained and "
        "may be taken back. It ends with a hand of your own with hints, and a short quiz.")
    parser.add_argument("lesson", nargs="?", help="the game to learn (paiute, pai-gow...) or a variant's "
                        "lesson (draw-lowball, draw-wild); without one, a list to choose from")
    parser.add_argument("--seed", type=int, help="deal the free hand and the quiz from this seed")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from homegame.cli.screen import open_console
    from homegame.lessons import LessonError, load_lesson

    console = open_console()
    try:
        name = args.lesson or choose_lesson(console)
        if name is None:
            return 0
        lesson = load_lesson(name)
    except LessonError as error:
        print(f"homegame learn: {error}", file=sys.stderr)
        return 2
    learn(lesson, console, seed=args.seed)
    return 0


def learn(lesson: Lesson, console: TableConsole, *, seed: int | None = None) -> None:
    """Play ``lesson`` at ``console`` to its end and its quiz, or until the learner leaves."""
    from homegame.cli.lesson import Left, LessonTable

    chosen = random.randrange(2**32) if seed is None else seed
    try:
        LessonTable(lesson, console, seed=chosen).run()
    except Left:
        console.say(f"You left the lesson. 'homegame learn {lesson.name.replace('_', '-')}' starts it again.")


def choose_lesson(console: TableConsole) -> str | None:
    """The lesson the person picks from the numbered list (``None``: they left)."""
    from homegame.lessons import lesson_names, load_lesson

    names = lesson_names()
    console.say(console.look.bold("homegame learn - which game? (q to leave)"))
    for number, name in enumerate(names, 1):
        lesson = load_lesson(name)
        console.say(f"  {number:>2}) {lesson.title:<30} {lesson.about}")
    while True:
        try:
            text = console.ask(f"Lesson number (1 to {len(names)}): ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            return None
        if text in ("q", "quit", "exit"):
            return None
        if text.isdigit() and 1 <= int(text) <= len(names):
            return names[int(text) - 1]
        console.say(f"  please type a number from 1 to {len(names)}")
