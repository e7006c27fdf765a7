"""A plain-text progress bar for long enumerations, with no dependency.

Work that reports ``progress(done, total)`` as it goes can hand it a :class:`ProgressBar`. The bar
stays silent until the work has run for ``delay`` seconds, so quick jobs print nothing, then redraws
one line on its stream (standard error by default) a few times a second.

>>> import io
>>> ticks = iter([0.0, 2.0, 2.0, 3.0])
>>> out = io.StringIO()
>>> with ProgressBar("7-card high", stream=out, width=10, clock=lambda: next(ticks)) as bar:
...     bar(50, 100)
>>> print(out.getvalue().strip())
7-card high [#####.....]  50.0%  2.0 s
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import TextIO, TypeAlias

__all__ = ["Progress", "ProgressBar"]

Progress: TypeAlias = Callable[[int, int], None]
"""A progress callback: ``progress(done, total)``, both counted in the same unit (hands, say)."""


class ProgressBar:
    """A :data:`Progress` callback that draws a text bar once the work is slow enough to need one."""

    def __init__(self, label: str, *, stream: TextIO | None = None, delay: float = 1.0,
                 width: int = 30, interval: float = 0.1,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.label = label
        self._stream = stream
        self._delay = delay
        self._width = width
        self._interval = interval
        self._clock = clock
        self._start = clock()
        self._last_draw: float | None = None

    @property
    def shown(self) -> bool:
        """Whether the bar has drawn anything yet."""
        return self._last_draw is not None

    def __call__(self, done: int, total: int) -> None:
        now = self._clock()
        elapsed = now - self._start
        if elapsed < self._delay:
            return
        if self._last_draw is not None and now - self._last_draw < self._interval and done < total:
            return
        self._last_draw = now
        fraction = min(max(done / total, 0.0), 1.0) if total > 0 else 1.0
        filled = round(fraction * self._width)
        bar = "#" * filled + "." * (self._width - filled)
        self._out().write(f"\r{self.label} [{bar}] {100 * fraction:5.1f}%  {elapsed:.1f} s")
        self._out().flush()

    def close(self) -> None:
        """End the bar's line, if it drew one, so later output starts on a fresh line."""
        if self.shown:
            self._out().write("\n")
            self._out().flush()

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def _out(self) -> TextIO:
        return self._stream if self._stream is not None else sys.stderr
