"""A lesson at the terminal (``homegame learn GAME``): the lesson player's screens drawn as the
table's frames, the learner's answers read as at the table, then the quiz.

Each frame is the table as the learner's seat sees it, the log of the hand, the numbered choices
and, under them, the lesson's words with the one line that says what to do now: ``Your move: type
'draw stock'`` for a step, the hint in a free hand, ``back`` or ``keep`` after a move off the
lesson's path, Enter between hands. Everything the lesson decides is decided by
:class:`~homegame.lessons.LessonPlayer`; everything the game decides, by the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from homegame.cards import parse_cards
from homegame.cli.advice import advise, hint_in_menu
from homegame.cli.choices import Filling, Offer, offers, understand
from homegame.cli.help import action_help, question_help
from homegame.cli.narrate import doing, tell
from homegame.cli.screen import Frame, TableConsole
from homegame.engine import Action, IllegalAction
from homegame.engine.actions import same_move
from homegame.lessons import Lesson, LessonPlayer, Progress, Screen, pieces
from homegame.lessons.quiz import Question, make_quiz
from homegame.render import Style, render_view
from homegame.wording import counted

__all__ = ["Left", "LessonTable", "lesson_words"]

QUIT_WORDS = frozenset({"q", "quit", "exit", "leave"})
HELP_WORDS = frozenset({"help", "?", "h"})


class Left(Exception):
    """The learner left the lesson."""


def lesson_words(text: str, look: Style) -> str:
    """A lesson's marked-up text for the terminal: cards drawn as cards, moves in quotes and bold.

    >>> lesson_words("Throw {9h} away: `discard 9h`.", Style(colour=False))
    "Throw 9♥ away: 'discard 9h'."
    """
    out = []
    for kind, part in pieces(text):
        if kind == "cards":
            out.append(look.cards(parse_cards(part)))
        elif kind == "type":
            out.append(look.bold(f"'{part}'"))
        else:
            out.append("\n" if kind == "break" else part)
    return "".join(out)


class LessonTable:
    """``lesson`` played at ``console``; ``seed`` deals the free hand and the quiz."""

    def __init__(self, lesson: Lesson, console: TableConsole, *, seed: int = 0) -> None:
        self.lesson = lesson
        self.console = console
        self.player = LessonPlayer(lesson, Progress(seed=seed))
        numbered = type(self.player.game).numbered_cards
        names = tuple("" if name == "you" else name for name in lesson.names)
        self.look = replace(console.look, numbered=numbered, seat_names=names)
        self.seed = seed

    def run(self) -> None:
        """The lesson from its first hand to its end, then the quiz; :class:`Left` if the learner
        leaves."""
        player = self.player
        while player.progress.stage != "done":
            screen = player.screen()
            if screen.stage in ("intro", "over"):
                last = screen.number == screen.hands
                go = "start the hand" if screen.stage == "intro" else (
                    "finish the lesson" if last else "go on to the next hand")
                self._answer(screen, f"Press Enter to {go}.", "", help_text=f"Press Enter to {go}.")
                player.start() if screen.stage == "intro" else player.next_hand()
            elif screen.stage == "wrong":
                self._wrong(screen)
            else:
                self._decide(screen)
        self.console.say(self.look.bold(" ".join(player.screen().texts)))
        self.quiz()

    # -- the learner's decisions ---------------------------------------------------------------

    def _decide(self, screen: Screen) -> None:
        assert screen.view is not None and screen.legal is not None
        menu = offers(screen.legal, screen.view, self.look)
        hint = problem = ""
        if screen.hints:
            hint, menu = self._hint(screen, menu)
        while True:
            instruction = self._instruction(screen, menu, "\n".join(part for part in (problem, hint) if part))
            text = self._answer(screen, instruction, "> ", menu=menu,
                                help_text=action_help(menu, self.lesson.game_name, self.look))
            if text.lower() == "hint":
                hint, menu = self._hint(screen, menu)
                continue
            reading = understand(text, menu, screen.legal)
            action = self._fill(screen, reading) if isinstance(reading, Offer) else reading
            if isinstance(action, str) or action is None:
                problem = action or problem
                continue
            try:
                self.player.act(action)
                return
            except IllegalAction as error:
                problem = f"Not allowed: {error}."

    def _hint(self, screen: Screen, menu: list[Offer]) -> tuple[str, list[Offer]]:
        """The bots' advice, and the menu with the advised move as a choice."""
        assert screen.view is not None and screen.legal is not None
        hinted, advice = advise(screen.view, screen.legal, self.look)
        return hint_in_menu(hinted, advice, menu, self.look)

    def _instruction(self, screen: Screen, menu: Sequence[Offer], note: str) -> str:
        if screen.asked:
            moves = " or ".join(f"'{self._typed(move, menu, screen)}'" for move in screen.asked)
            line = self.look.bold(f"Your move: type {moves}")
        else:
            line = "Type the number of a choice or the move itself (hint, ? for help)."
        return f"{note}\n{line}" if note else line

    def _typed(self, move: Action, menu: Sequence[Offer], screen: Screen) -> str:
        """What to type for ``move``: the move as written, or the number of its choice where the
        table reads the words otherwise (a bare ``discard`` is asked about, not taken as standing
        pat)."""
        assert screen.legal is not None
        text = self.look.action(move)
        read = understand(text, menu, screen.legal)
        if isinstance(read, Action) and same_move(read, move):
            return text
        numbers = (n for n, offer in enumerate(menu, 1) if offer.action and same_move(offer.action, move))
        return str(next(numbers, text))

    def _fill(self, screen: Screen, offer: Offer) -> Action | str | None:
        """Ask for what a template lacks (an amount, the cards), one question at a time."""
        filling = Filling(offer, self.look)
        note = ""
        while filling.question is not None:
            text = self._answer(screen, note, filling.question, help_text=question_help(filling.question))
            if not text:
                return None
            note = filling.take(text)
        return filling.action()

    def _wrong(self, screen: Screen) -> None:
        assert screen.wrong is not None
        moved = doing(screen.wrong, self.look)
        asked = " or ".join(f"'{self.look.action(move)}'" for move in screen.asked)
        line = self.look.bold("Type 'back' to take it back and try again, or 'keep' to play on from here.")
        note = f"You chose to {moved}; the lesson's move was {asked}.\n{line}"
        while True:
            text = self._answer(screen, note, "> ", help_text="Type back or keep.").lower()
            if text in ("back", "b", "keep", "k"):
                self.player.back() if text.startswith("b") else self.player.keep()
                return
            note = f"Please type back or keep.\n{line}"

    # -- drawing and reading ----------------------------------------------------------------------

    def _frame(self, screen: Screen, note: str, menu: Sequence[Offer] = ()) -> Frame:
        assert screen.view is not None
        title = f"{self.lesson.title} lesson, hand {screen.number} of {screen.hands}: {screen.title}"
        told = (tell(event, self.lesson.seat, self.look) for event in screen.view.log)
        log = [text for text in told if text]
        status = f"Step {screen.step} of {screen.steps}" if screen.step else (
            "Free play: the hint is on" if screen.hints else "")
        words = "\n".join(lesson_words(text, self.look) for text in screen.texts)
        width = len(str(len(menu)))
        choices = [f"{number:>{width}}) {offer.label}" for number, offer in enumerate(menu, 1)]
        lesson = self.look.bold("Lesson: ") + words if words else ""
        return Frame(title, render_view(screen.view, self.look), status, log, choices,
                     "\n".join(part for part in (lesson, note) if part), (screen.number, self.lesson.seat))

    def _answer(self, screen: Screen, note: str, question: str, *, help_text: str,
                menu: Sequence[Offer] = ()) -> str:
        """One answer, after help, the rules and a request to leave are dealt with."""
        shown = note
        while True:
            self.console.show(self._frame(screen, shown, menu))
            text = self._read(question or "> ", menu)
            word = text.lower()
            if word in QUIT_WORDS:
                raise Left
            if word in HELP_WORDS:
                shown = f"{help_text}\n{note}" if note else help_text
            elif word == "rules":
                self._show_rules()
            else:
                return text

    def _read(self, question: str, menu: Sequence[Offer] = ()) -> str:
        words = [offer.action.kind for offer in menu if offer.action is not None]
        try:
            return self.console.ask(question, [*words, "hint", "rules", "back", "keep", "quit"])
        except (EOFError, KeyboardInterrupt):
            raise Left from None

    def _show_rules(self) -> None:
        from homegame.games.pages import rules_text

        self.console.page(rules_text(self.lesson.game_name))

    # -- the quiz ---------------------------------------------------------------------------------

    def quiz(self) -> None:
        """The lesson's quiz: each question's situation and choices, the answer read, the engine's
        reason told; then the count of right answers."""
        questions = make_quiz(self.lesson, seed=self.seed)
        if not questions:
            return
        count = counted(len(questions), "question")
        self.console.say(self.look.bold(f"A short quiz: {count} from real hands."))
        right = sum(self._question(number, question) for number, question in enumerate(questions, 1))
        self.console.say(self.look.bold(f"You answered {right} of {len(questions)} right. "
                                        f"Play {self.lesson.title} for real: homegame play "
                                        f"{self.lesson.game_name.replace('_', '-')}"))

    def _question(self, number: int, question: Question) -> bool:
        lines = render_view(question.view, self.look) if question.view is not None else []
        lines += [f"{who.capitalize()}: {self.look.cards(cards)}{f' ({note})' if note else ''}"
                  for who, cards, note in question.hands]
        if question.board:
            lines.append(f"The board: {self.look.cards(question.board)}")
        choices = [f"{index}) {choice}" for index, choice in enumerate(question.choices, 1)]
        frame = Frame(f"Question {number}", lines, "", (), choices, self.look.bold(question.question),
                      (-number, None))
        while True:
            self.console.show(frame)
            text = self._read(f"Your answer (1 to {len(choices)}): ")
            if text.lower() in QUIT_WORDS:
                raise Left
            if text.isdigit() and 1 <= int(text) <= len(choices):
                break
        chosen = int(text) - 1
        right = chosen in question.answers
        verdict = "Right." if right else f"Not quite: the answer is {question.choices[question.answers[0]]}."
        self.console.say(f"{self.look.bold(verdict)} {question.reasons[chosen]}")
        return right
