"""Hints for the optional compiled build (see ``setup.py``); no-ops when running as plain Python.

The engine's hot modules can be compiled with mypyc. A compiled class that games written in plain
Python subclass must say so, with ``@mypyc_attr(allow_interpreted_subclasses=True)``.

Every game state carries that mark too, compiled or not: ``state.clone()`` starts from a shallow
``copy.copy`` of the state, and a compiled class can be copied so only when it allows interpreted
subclasses (for other compiled classes, making an instance always runs ``__init__``). The engine's
other compiled classes (chips, betting rounds, stocks...) copy themselves through their
constructors instead.
"""

from collections.abc import Callable
from typing import TypeVar

__all__ = ["mypyc_attr"]

T = TypeVar("T")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # plain Python without mypy installed: nothing to instruct
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[T], T]:
        return lambda cls: cls
