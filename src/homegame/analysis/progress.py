"""How long work reports its progress: a callback, ``progress(done, total)``.

The analysis only counts; a face decides how to show it (the command line draws a bar on a
terminal: :class:`homegame.cli.progress.ProgressBar`).

>>> seen = []
>>> report: Progress = lambda done, total: seen.append(f"{done}/{total}")
>>> report(1, 4); seen
['1/4']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

__all__ = ["Progress"]

Progress: TypeAlias = Callable[[int, int], None]
"""A progress callback: ``progress(done, total)``, both counted in the same unit (hands, say)."""
