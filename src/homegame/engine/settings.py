"""What a game declares it may be configured with: its :class:`Setting` s (a table's choices, with
the words a form shows them in and the checks a value must pass) and its :class:`Variant` s.
A :class:`~homegame.engine.game.Game` subclass lists both; the game checks a table's
configuration against them before any hand is dealt.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from homegame.errors import GameError, shown
from homegame.wording import listed

__all__ = ["MAX_CHIPS", "Setting", "Variant"]

MAX_CHIPS: Final = 10**15
"""The most chips a stack or a setting may hold: far above any table, and low enough that every
count of amounts a betting round offers stays a machine-sized integer."""


@dataclass(frozen=True, slots=True)
class Setting:
    """A table setting: its default, what it means, and what values it takes, with the words a
    form shows it in.

    The type of the default is the setting's type. ``choices`` lists the allowed values;
    ``minimum`` and ``maximum`` bound a number (at most :data:`MAX_CHIPS` when no maximum is set).
    A whole number may be given as its digits, as a person types it. ``label`` names the setting
    in words and ``help`` says what it does, in plain text; ``choice_labels`` names each choice in
    words, in the order of ``choices``. ``variant_defaults`` holds the default under a variant that
    changes it (the first of a table's variants found there wins). ``structures`` names the
    betting structures (values of the game's :attr:`Game.structure_setting`) under which the
    setting counts at all, where it does not count under every one: a raise cap only in fixed limit.

    >>> bet = Setting(2, "The small bet.", minimum=1, label="Small bet")
    >>> bet.check("bet", "4")
    4
    >>> bet.check("bet", 2.5)
    Traceback (most recent call last):
    ...
    homegame.errors.GameError: Small bet takes a whole number, not 2.5
    >>> Setting(5, "Units a royal flush pays.", label="Royal flush", variant_defaults={"royal-on-top": 6}
    ...         ).default_under(["royal-on-top"])
    6
    >>> cap = Setting(4, "The most raises.", minimum=0, label="Raise cap", structures=("fixed",))
    >>> cap.counts_under("fixed"), cap.counts_under("no"), bet.counts_under("no")
    (True, False, True)
    """

    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    label: str = field(kw_only=True)
    choice_labels: tuple[str, ...] = field(default=(), kw_only=True)
    variant_defaults: Mapping[str, Any] = field(default_factory=dict, kw_only=True, hash=False)
    structures: tuple[str, ...] = field(default=(), kw_only=True)

    def __post_init__(self) -> None:
        if not self.label or (self.choice_labels and len(self.choice_labels) != len(self.choices)):
            raise GameError(f"a setting needs a label, and words for all its choices or none: {self.label!r}")

    def default_under(self, variants: Iterable[str]) -> Any:
        """The default at a table playing ``variants``."""
        return next((self.variant_defaults[v] for v in variants if v in self.variant_defaults), self.default)

    def counts_under(self, structure: object) -> bool:
        """Whether the setting counts at a table betting in ``structure`` (every setting counts
        where the game has no structure to choose, ``None``)."""
        return not self.structures or structure is None or structure in self.structures

    @property
    def choice_words(self) -> tuple[str, ...]:
        """Each choice in words, in the order of ``choices``: its label, or else the value itself.

        >>> Setting(2, "Ranks.", choices=(2, 3), label="Rank").choice_words
        ('2', '3')
        """
        return self.choice_labels or tuple(map(str, self.choices))

    @property
    def values(self) -> str:
        """The values the setting takes, as a rules page lists them.

        >>> Setting(20, "The wager.", minimum=2, maximum=10_000, label="Wager").values
        '2 to 10,000'
        >>> Setting("fixed", "Limit.", choices=("fixed", "pot"), label="Limit").values
        '`fixed` or `pot`'
        """
        if self.choices:
            return listed([f"`{choice}`" for choice in self.choices], "or")
        if type(self.default) is not int:
            return "text" if type(self.default) is str else _KIND_NAMES.get(type(self.default), "a value")
        low = "" if self.minimum is None else f"{self.minimum:,}"
        if self.maximum is not None:
            return f"{low or 'up'} to {self.maximum:,}"
        return f"{low} or more" if low else "a whole number"

    def to_json(self) -> dict[str, Any]:
        """The setting as a form shows it: label, help, default (and the defaults ``variant_defaults``
        changes), the values it takes in words, a number's bounds, and the betting ``structures``
        it counts under (empty: all).

        >>> Setting("fixed", "How much a bet may be.", choices=("fixed", "pot"), label="Betting",
        ...         choice_labels=("Fixed limit", "Pot limit")).to_json()["choices"]
        [{'value': 'fixed', 'label': 'Fixed limit'}, {'value': 'pot', 'label': 'Pot limit'}]
        """
        choices = [{"value": value, "label": label}
                   for value, label in zip(self.choices, self.choice_words, strict=True)]
        number = type(self.default) is int
        return {"label": self.label, "help": self.help, "default": self.default,
                "variant_defaults": dict(self.variant_defaults), "choices": choices,
                "minimum": self.minimum if number else None,
                "maximum": (MAX_CHIPS if self.maximum is None else self.maximum) if number else None,
                "structures": list(self.structures)}

    def check(self, name: str, value: object) -> Any:
        """``value`` if it fits this setting (digits read as a number); else :class:`GameError`,
        which says why in the setting's words and names it by its key ``name`` (``setting``)."""
        kind = type(self.default)
        if kind is int:
            return self._check_number(name, _number_from_digits(value))
        if type(value) is not kind:
            raise GameError(f"{self.label} takes a {_KIND_NAMES.get(kind, kind.__name__)}, "
                            f"not {shown(value)}", setting=name)
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise GameError(f"{self.label} must be one of {allowed}, not {shown(value)}", setting=name)
        return value

    def _check_number(self, name: str, value: object) -> int:
        if type(value) is not int:
            raise GameError(f"{self.label} takes a whole number, not {shown(value)}", setting=name)
        highest = MAX_CHIPS if self.maximum is None else self.maximum
        if self.minimum is not None and value < self.minimum:
            raise GameError(f"{self.label} must be at least {self.minimum}, not {value}", setting=name)
        if value > highest:
            raise GameError(f"{self.label} must be at most {highest}, not {value}", setting=name)
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise GameError(f"{self.label} must be one of {allowed}", setting=name)
        return value


@dataclass(frozen=True, slots=True)
class Variant:
    """A variant of a game: what it changes, in plain text (``help``), and its name in words
    (``label``), as a menu or a form shows it beside the name a command line types.

    >>> Variant("every 2 is wild", label="Deuces wild").to_json("deuces")
    {'name': 'deuces', 'label': 'Deuces wild', 'text': 'every 2 is wild'}
    """

    help: str
    label: str = field(kw_only=True)

    def __post_init__(self) -> None:
        if not self.label or not self.help:
            raise GameError(f"a variant needs a label and a plain description: {self.label!r}")

    def to_json(self, name: str) -> dict[str, str]:
        """The variant as a form shows it: its ``name``, its ``label`` and what it changes (``text``)."""
        return {"name": name, "label": self.label, "text": self.help}


_KIND_NAMES: Final = {str: "word", bool: "true or false"}


def _number_from_digits(value: object) -> object:
    """``value``, or the number its digits write (a setting typed as text, such as ``"20"``)."""
    if isinstance(value, str) and 0 < len(value) <= 20 and value.lstrip("-").isascii() \
            and value.lstrip("-").isdigit():
        return int(value)
    return value
