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

``copy.deepcopy`` and ``pickle`` make an instance the same way (``cls.__new__(cls)``, then every
field set by name), so a compiled class whose ``__init__`` takes arguments carries the mark as
well when a state or an environment holds one. A frozen dataclass refuses fields set one by one:
a compiled one is copied and pickled through :func:`rebuilt_from_fields` instead, and a compiled
value whose fields are ``Final`` (an action, a pai gow split) by a ``__reduce__`` that calls its
class. And mypyc's
``__getstate__`` holds a compiled class's own fields only, so a plain subclass that adds fields
of its own adds them to its ``__getstate__``.
"""

import copyreg
from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

__all__ = ["mypyc_attr", "rebuilt_from_fields"]

T = TypeVar("T")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # plain Python without mypy installed: nothing to instruct
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[T], T]:
        return lambda cls: cls


def rebuilt_from_fields(*classes: type) -> None:
    """Copy and pickle each frozen dataclass in ``classes`` by calling it with its fields.

    Compiled, a class is otherwise copied (and unpickled) as mypyc makes it: an empty instance
    whose fields are then set one by one, which a frozen dataclass refuses. Calling the class
    with its fields works alike in both builds, and runs ``__post_init__``'s checks on what a
    pickle brings.

    >>> import copy
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Odds:
    ...     wins: int
    ...     deals: int
    >>> rebuilt_from_fields(Odds)
    >>> copy.deepcopy(Odds(3, 10)), copyreg.dispatch_table[Odds](Odds(3, 10))[1]
    (Odds(wins=3, deals=10), (3, 10))
    """
    for kind in classes:
        copyreg.pickle(kind, _from_fields)


def _from_fields(value: Any) -> tuple[type, tuple[Any, ...]]:
    return type(value), tuple(getattr(value, field.name) for field in fields(value) if field.init)
