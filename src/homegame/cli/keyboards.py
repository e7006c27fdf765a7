"""Where the terminal reads what a person types at a card-room table: prompt_toolkit's prompt on a
terminal, or lines from a plain stream, each read without holding up the room's messages."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from typing import Any, Protocol

from homegame.cli.screen import PlainConsole, TableConsole, TerminalConsole

__all__ = ["Keyboard", "keyboard_for"]


class Keyboard(Protocol):
    """Where typed lines come from; a line being typed can be abandoned (cancelled) when the
    table changes and asked for again, keeping what was typed."""

    redraws: bool
    """Whether the screen is drawn again in place (so a clock may be shown running down)."""
    toolbar: str
    """What can be typed at any time, shown below the line where there is room for it."""

    async def line(self, question: str, words: Sequence[str]) -> str:
        """The next line; ``EOFError`` when input has ended."""


class _PromptKeyboard:
    """prompt_toolkit's prompt, run in the event loop (so the room is heard while a person types)."""

    def __init__(self) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.shortcuts import CompleteStyle

        self.session: Any = PromptSession(complete_style=CompleteStyle.READLINE_LIKE,
                                          reserve_space_for_menu=0)
        self.typed = ""
        self.redraws, self.toolbar = True, ""

    async def line(self, question: str, words: Sequence[str]) -> str:
        from prompt_toolkit.completion import WordCompleter

        completer = WordCompleter(list(dict.fromkeys(words)), ignore_case=True) if words else None
        try:
            text: str = await self.session.prompt_async(question, completer=completer, default=self.typed,
                                                        bottom_toolbar=self.toolbar)
        except asyncio.CancelledError:
            self.typed = self.session.default_buffer.text
            raise
        except KeyboardInterrupt:
            text = "q"
        self.typed = ""
        return text.strip()


class _LineKeyboard:
    """Lines from a plain stream (a pipe, a file, ``TERM=dumb``), read by a thread of their own so
    that waiting for one never holds up the room's messages."""

    def __init__(self, console: PlainConsole) -> None:
        self.console = console
        self.redraws, self.toolbar = False, ""
        self.lines: asyncio.Queue[str | None] = asyncio.Queue()
        loop = asyncio.get_running_loop()

        def read() -> None:
            while True:
                text = console.stream_in.readline()
                loop.call_soon_threadsafe(self.lines.put_nowait, text.strip() if text else None)
                if not text:
                    return
        threading.Thread(target=read, daemon=True, name="homegame-keyboard").start()

    async def line(self, question: str, words: Sequence[str]) -> str:
        if question:
            self.console.out.file.write(question)
            self.console.out.file.flush()
        text = await self.lines.get()
        if text is None:
            raise EOFError
        return text


def keyboard_for(console: TableConsole) -> Keyboard:
    """The keyboard that goes with ``console`` (call it inside the running event loop)."""
    if isinstance(console, TerminalConsole):
        return _PromptKeyboard()
    assert isinstance(console, PlainConsole)
    return _LineKeyboard(console)
