"""The progress bar of the long commands (``odds``, ``equity``, ``simulate``, ``paigow edge``,
``chinese versus``): drawn by rich on a terminal, and nothing at all anywhere else.

Work that reports ``progress(done, total)`` as it goes (see :data:`homegame.analysis.progress.Progress`)
is handed a :class:`ProgressBar`. The bar waits ``delay`` seconds before it shows, so quick work
prints nothing, then rich redraws it in place on standard error, with the share done, the time
spent and the time left, and clears it when the work is over, leaving only the result. Output that
goes to a pipe or a file, or to a terminal that draws nothing (``TERM=dumb``), gets no bar: no
carriage returns land in a log.

>>> import io
>>> with ProgressBar("counting", stream=io.StringIO(), delay=0) as bar:  # not a terminal
...     bar(1, 2)
>>> bar.shown
False
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

__all__ = ["DELAY", "ProgressBar", "draws_on"]

DELAY = 1.0
"""Seconds of work before a bar shows."""


def draws_on(stream: TextIO) -> bool:
    """Whether a bar may be drawn on ``stream``: a terminal that moves its cursor."""
    return stream.isatty() and os.environ.get("TERM") != "dumb"


class ProgressBar:
    """A progress callback that draws a bar on a terminal once the work is slow enough to need one."""

    def __init__(self, label: str, *, stream: TextIO | None = None, delay: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.label = label
        self._stream = stream if stream is not None else sys.stderr
        self._delay = DELAY if delay is None else delay
        self._clock = clock
        self._start = clock()
        self._drawing = draws_on(self._stream)
        self._bar: Progress | None = None
        self._task: TaskID | None = None

    @property
    def shown(self) -> bool:
        """Whether the bar has been drawn."""
        return self._bar is not None

    def __call__(self, done: int, total: int) -> None:
        if not self._drawing:
            return
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, completed=done, total=total)
        elif self._clock() - self._start >= self._delay:
            self._open(done, total)

    def _open(self, done: int, total: int) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            Progress,
            TaskProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self._bar = Progress(TextColumn("{task.description}"), BarColumn(), TaskProgressColumn(),
                             TimeElapsedColumn(), TimeRemainingColumn(),
                             console=Console(file=self._stream), transient=True)
        self._task = self._bar.add_task(self.label, total=total, completed=done)
        self._bar.start()

    def close(self) -> None:
        """Take the bar off the screen, if it was drawn."""
        if self._bar is not None:
            self._bar.stop()

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()
