"""Lessons: every game of the book taught by playing it, a rule at a time, against its bots.

A lesson is data (a TOML file a game under ``files/``, read by :mod:`~homegame.lessons.model`):
a few hands on stacked decks, each showing one rule as it happens, and the words of each of the
learner's decisions; then a free hand with hints, and a quiz on situations of real dealt hands
(:mod:`~homegame.lessons.quiz`). One player plays every lesson (:mod:`~homegame.lessons.player`):
the engine deals, checks each move and decides every result, so a lesson cannot teach a rule the
game does not play. The faces are thin over it: ``homegame learn GAME`` at a terminal, the room's
lesson endpoints in a browser.

This layer sits above the games and the bots (like the analysis tools) and below the faces.

>>> from homegame.lessons import LessonPlayer, lesson_names, load_lesson
>>> "paiute" in lesson_names()
True
>>> load_lesson("Paiute").title
'Paiute'
"""

from homegame.lessons.model import Lesson, LessonError, lesson_names, load_lesson
from homegame.lessons.player import STAGES, LessonPlayer, Progress, Screen
from homegame.lessons.seen import named_cards, pieces, visible_cards

__all__ = ["STAGES", "Lesson", "LessonError", "LessonPlayer", "Progress", "Screen", "lesson_names",
           "load_lesson", "named_cards", "pieces", "visible_cards"]
