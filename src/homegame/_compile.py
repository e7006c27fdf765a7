"""Hints for the optional compiled build (see ``setup.py``); no-ops when running as plain Python.

The engine's hot modules can be compiled with mypyc. A compiled class that games written in plain
Python subclass must say so, with ``@mypyc_attr(allow_interpreted_subclasses=True)``.
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
