"""The table's screen, drawn with rich, and the consoles that show it and read answers.

A :class:`Frame` is everything a person sees when asked to act: the table as their seat sees it,
the session's running totals, the log of the hand in plain sentences, the numbered choices, and a
note (help, a hint, why an answer was refused). Two consoles show frames:

- :class:`TerminalConsole`, on a real terminal: the frame is redrawn whole in place (the screen is
  cleared first), the log is a panel of the latest sentences that fit the window, and answers are
  read by prompt_toolkit (line editing, history, completion of the words on offer, Ctrl-C and
  Ctrl-D as a request to leave).
- :class:`PlainConsole`, for pipes, files, tests and ``TERM=dumb``: no colour and no cursor
  movement; each frame prints only what changed (new log sentences, the table when it moved on).

:func:`open_console` picks the right one for standard input and output.

>>> from io import StringIO
>>> out = StringIO()
>>> console = PlainConsole(StringIO("call\\n"), out)
>>> console.show(Frame("Draw - hand 1", ["Pot 3"], "Session: you 100", ["You check."], ["1) call 4"]))
>>> console.ask("> ")
'call'
>>> print(out.getvalue().rstrip())
  . You check.
Draw - hand 1 ───...
Pot 3
Session: you 100
Your move ───...
  1) call 4
>
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Protocol, TextIO

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.rule import Rule
from rich.text import Text

from homegame.render import Style

if TYPE_CHECKING:
    from prompt_toolkit import PromptSession

__all__ = ["Frame", "PlainConsole", "TableConsole", "TerminalConsole", "compose", "open_console"]

TOOLBAR = " ?: what you can type · hint: the bots' advice · rules · q: leave the table"
"""The line below the prompt: at most 80 columns, the narrowest terminal's width."""


@dataclass(frozen=True, slots=True)
class Frame:
    """One screen of the table (see the module)."""

    title: str
    table: Sequence[str]
    status: str
    log: Sequence[str]
    choices: Sequence[str]
    note: str = ""
    key: tuple[int, int | None] = (0, None)
    """Which hand, seen from which seat: the log starts again when it changes."""


class TableConsole(Protocol):
    """Where the table shows frames and reads answers."""

    look: Style

    def show(self, frame: Frame) -> None:
        """Draw ``frame``."""

    def say(self, text: str = "") -> None:
        """A line outside any frame (the session's summary)."""

    def ask(self, question: str, words: Sequence[str] = ()) -> str:
        """One answer; ``EOFError`` when input has ended, ``KeyboardInterrupt`` on Ctrl-C."""

    def page(self, markdown: str) -> None:
        """Show a page of Markdown (the rules), in a pager on a terminal."""


def _lines(texts: Sequence[str]) -> list[Text]:
    return [Text.from_ansi(text) for text in texts]


def _choices(frame: Frame) -> RenderableType:
    return Columns(_lines([f"  {choice}" for choice in frame.choices]), padding=(0, 2))


def compose(frame: Frame, console: Console, height: int | None = None) -> Group:
    """``frame`` as rich renderables. With ``height``, the frame fits it whole, leaving room for
    the prompt and the toolbar below: the title and the choices always show, the log panel keeps
    to the rows left over, and where even the table is too tall for the window (a four-handed
    Chinese Poker result on 24 rows) its middle gives way to a line saying how much is hidden."""
    top: list[RenderableType] = [Rule(Text(frame.title, style="bold"), align="left")]
    table: list[RenderableType] = [*_lines(frame.table)]
    if frame.status:
        table.append(Text(frame.status, style="bold"))
    bottom: list[RenderableType] = []
    if frame.choices:
        bottom += [Rule(Text("Your move", style="dim"), align="left"), _choices(frame)]
    if frame.note:
        bottom.append(Text.from_ansi(frame.note))
    told = [Text.from_ansi("  " + line) for line in frame.log]
    if height is not None:
        free = height - _PROMPT_ROWS - sum(_height(console, part) for part in (*top, *bottom))
        table = _fitted(console, table, free - (2 if frame.log else 0))
        told = _latest(console, told, free - sum(_height(console, part) for part in table) - 1)
    log: list[RenderableType] = []
    if told:
        log = [Rule(Text("What happened", style="dim"), align="left"), *told]
    return Group(*top, *table, *log, *bottom)


def _latest(console: Console, lines: list[Text], rows: int) -> list[Text]:
    """The latest of ``lines`` that fit in ``rows`` rows as drawn (a long one takes two)."""
    kept: list[Text] = []
    for line in reversed(lines):
        rows -= _height(console, line)
        if rows < 0:
            break
        kept.append(line)
    return kept[::-1]


_PROMPT_ROWS: Final = 3
"""The rows below a frame: the prompt, the toolbar, and one to spare."""


def _fitted(console: Console, parts: list[RenderableType], rows: int) -> list[RenderableType]:
    """``parts`` in at most ``rows`` rows: whole if they fit, else a third of the rows from the
    start and the rest from the end (where a hand's result is) around a line that says how many
    rows are not shown."""
    heights = [_height(console, part) for part in parts]
    if sum(heights) <= rows:
        return parts
    room = max(2, rows - 1)
    tail, used = len(parts), 0
    while tail > 0 and used + heights[tail - 1] <= room - room // 3:
        tail, used = tail - 1, used + heights[tail - 1]
    head = 0
    while head < tail and used + heights[head] <= room:
        head, used = head + 1, used + heights[head]
    hidden = sum(heights[head:tail])
    marker = Text(f"  ... {hidden} more lines here: a taller window shows them", style="dim")
    return [*parts[:head], marker, *parts[tail:]]


def _height(console: Console, part: RenderableType) -> int:
    return len(console.render_lines(part, console.options, pad=False))


class PlainConsole:
    """A console on plain streams: no colour, no cursor movement, only what changed is printed."""

    def __init__(self, stream_in: TextIO, stream_out: TextIO, *, width: int | None = None) -> None:
        self.stream_in = stream_in
        if width is None:  # the terminal's width where there is one, or COLUMNS, else 100
            width = shutil.get_terminal_size((100, 24)).columns
        self.out = Console(file=stream_out, width=width, color_system=None, highlight=False,
                           force_terminal=False, soft_wrap=False)
        self.look = Style(colour=False)
        self._key: tuple[int, int | None] = (-1, None)
        self._told = 0
        self._last: tuple[object, ...] = ()

    def show(self, frame: Frame) -> None:
        if frame.key != self._key:
            self._key, self._told = frame.key, 0
        for line in frame.log[self._told:]:
            self.out.print(Text("  . " + line))
        self._told = len(frame.log)
        body = (frame.title, tuple(frame.table), frame.status, tuple(frame.choices))
        if body != self._last:
            self._last = body
            without_log = Frame(frame.title, frame.table, frame.status, (), frame.choices)
            self.out.print(compose(without_log, self.out))
        if frame.note:
            self.out.print(Text.from_ansi(frame.note))

    def say(self, text: str = "") -> None:
        self.out.print(Text.from_ansi(text))

    def ask(self, question: str, words: Sequence[str] = ()) -> str:
        self.out.file.write(question)
        self.out.file.flush()
        line = self.stream_in.readline()
        if not line:
            self.out.file.write("\n")
            raise EOFError
        return line.strip()

    def page(self, markdown: str) -> None:
        self.out.print(Markdown(markdown))


class TerminalConsole:
    """A console on a real terminal: frames redrawn in place, answers read by prompt_toolkit."""

    def __init__(self) -> None:
        self.out = Console(highlight=False)
        self.look = Style(colour=self.out.color_system is not None and not self.out.no_color)
        self._session: PromptSession[str] | None = None

    def show(self, frame: Frame) -> None:
        self.out.clear()
        self.out.print(compose(frame, self.out, self.out.height))

    def say(self, text: str = "") -> None:
        self.out.print(Text.from_ansi(text))

    def ask(self, question: str, words: Sequence[str] = ()) -> str:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import WordCompleter
        from prompt_toolkit.shortcuts import CompleteStyle

        if self._session is None:
            # Completions listed below the line as readline does: no rows kept free for a menu,
            # so the frame above keeps its place.
            self._session = PromptSession(complete_style=CompleteStyle.READLINE_LIKE,
                                          reserve_space_for_menu=0)
        completer = WordCompleter(list(dict.fromkeys(words)), ignore_case=True) if words else None
        return self._session.prompt(question, completer=completer, bottom_toolbar=TOOLBAR).strip()

    def page(self, markdown: str) -> None:
        page_markdown(self.out, markdown)


def page_markdown(console: Console, markdown: str) -> None:
    """``markdown`` formatted, in the system's pager; ``less`` is told to show the formatting
    (``LESS=-R``, unless the person has their own ``LESS``) rather than its escape codes."""
    os.environ.setdefault("LESS", "-R")
    with console.pager(styles=True):
        console.print(Markdown(markdown))


def open_console() -> TableConsole:
    """The console for standard input and output: redrawn in place on a terminal that can (not
    ``TERM=dumb``), plain otherwise."""
    interactive = sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM") != "dumb"
    if interactive:
        return TerminalConsole()
    return PlainConsole(sys.stdin, sys.stdout)
