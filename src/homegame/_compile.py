"""Hints for the optional compiled build (see ``setup.py``); no-ops when running as plain Python.

The engine's hot modules can be compiled with mypyc. A compiled class that games written in plain
Python subclass must say so, with ``@mypyc_attr(allow_interpreted_subclasses=True)``.

Every game state carries that mark too, compiled or not, and so do the classes a state copies on
every ``state.clone()`` (chips, betting rounds, stocks, the history and the chance): a copy is made
with ``cls.__new__(cls)`` and its fields set one by one, skipping the work of ``__init__``, and for
a compiled class ``__new__`` runs ``__init__`` anyway unless the class allows interpreted
subclasses. (mypyc's ``serializable=True`` also skips it in ``__new__``, but then a call of the
class from plain Python never runs ``__init__`` at all.) Field by field is what makes the copy cheap
in the compiled build, where fields are stored natively: a generic ``copy.copy`` reads and writes
each field by name, and costs more than all the rest of a clone.
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
