"""Actions: what a seat does, as plain frozen values.

An :class:`Action` is a ``kind`` ("fold", "raise", "discard", "play", "set"...) with an optional
amount, cards, option (a named choice such as a row or "stock") and groups of cards (rows of a
setting). It prints as short text that :meth:`Action.parse` reads back, and it round-trips through
JSON. Anything else given for a field is refused with :class:`~homegame.errors.IllegalAction`, so a
client's message can be handed straight to the engine. The sets of them that ``legal_actions``
returns are in :mod:`homegame.engine.action_sets`.

>>> Action("call", amount=10), Action.parse("discard 5h 2c")
(call 10, discard 5h 2c)
>>> setting = Action.parse("set Ah Kd Qc | 2s 2d 7h 8h 9h | 3c 3d 3h Ts Js")
>>> setting.groups[0], Action.from_json(setting.to_json()) == setting
((Ah, Kd, Qc), True)
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Final

from homegame.cards import Card, card_texts, format_cards, is_card, parse_cards
from homegame.errors import IllegalAction, shown

__all__ = ["Action", "amount_action", "cards_field", "list_field", "same_move", "word"]


class Action:
    """One move a seat can make: an immutable value. Only the fields a kind needs are set.

    Every field is checked when an action is built, wherever it comes from, so a mistyped value
    (an amount of ``2.0``, a card given as a number) is refused with :class:`IllegalAction`
    before it can reach a game:

    >>> Action("bet", amount=2.0)
    Traceback (most recent call last):
    ...
    homegame.errors.IllegalAction: an action's amount is a whole number or None, not 2.0
    """

    __slots__ = ("amount", "cards", "groups", "kind", "option")

    def __init__(self, kind: object, amount: object = None, cards: object = (),
                 option: object = None, groups: object = ()) -> None:
        self.kind: Final[str] = word("kind", kind)
        self.amount: Final[int | None] = _amount(amount)
        self.cards: Final[tuple[Card, ...]] = _cards("cards", cards)
        self.option: Final[str | None] = None if option is None else word("option", option)
        self.groups: Final[tuple[tuple[Card, ...], ...]] = _groups(groups)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return (self.kind == other.kind and self.amount == other.amount and self.cards == other.cards
                and self.option == other.option and self.groups == other.groups)

    def __hash__(self) -> int:
        return hash((self.kind, self.amount, self.cards, self.option, self.groups))

    def __reduce__(self) -> tuple[type[Action], tuple[Any, ...]]:
        return Action, (self.kind, self.amount, self.cards, self.option, self.groups)

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Action:
        return self

    def __str__(self) -> str:
        return self.text()

    def text(self, *, numbered: bool = False) -> str:
        """The action as :meth:`parse` reads it (what ``str`` gives); ``numbered`` writes a ten as
        10, as a game whose cards are numbered shows it (see :func:`~homegame.cards.format_cards`).

        >>> Action.parse("play 10h").text(numbered=True), str(Action.parse("play 10h"))
        ('play 10h', 'play Th')
        """
        parts = [self.kind]
        if self.option is not None:
            parts.append(self.option)
        if self.amount is not None:
            parts.append(str(self.amount))
        if self.cards:
            parts.append(format_cards(self.cards, numbered=numbered))
        text = " ".join(parts)
        if self.groups:
            text += " " + " | ".join(format_cards(group, numbered=numbered) for group in self.groups)
        return text.rstrip()

    def __repr__(self) -> str:
        return str(self)

    @classmethod
    def parse(cls, text: object) -> Action:
        """Read the text :meth:`__str__` writes: ``kind [option] [amount] [cards] [| group | ...]``.

        An option is a lower-case word, hyphens allowed, that is not a card (``draw stock``,
        ``place front 9h``, ``declare six-pairs``).

        >>> Action.parse("raise 5.5")
        Traceback (most recent call last):
        ...
        homegame.errors.IllegalAction: an amount is a whole number of chips, not '5.5'
        """
        if not isinstance(text, str):
            raise IllegalAction(f"an action is written as text such as 'bet 20', not {shown(text)}")
        head, *groups = text.split("|")
        words = head.split()
        if not words:
            raise IllegalAction("an action needs a kind, such as 'fold' or 'bet 20'")
        kind, rest = words[0].lower(), words[1:]
        option: str | None = None
        amount: int | None = None
        if rest and _OPTION.fullmatch(rest[0]) and not _is_card(rest[0]):
            option, rest = rest[0], rest[1:]
        if rest and rest[0].isascii() and rest[0].isdigit():
            amount, rest = _whole_number(rest[0]), rest[1:]
        elif rest and _NUMBERISH.fullmatch(rest[0]):
            raise IllegalAction(f"an amount is a whole number of chips, not {rest[0][:24]!r}")
        cards = tuple(parse_cards(" ".join(rest)))
        if groups:
            grouped = (cards, *(tuple(parse_cards(g)) for g in groups))
            return cls(kind, amount, (), option, grouped)
        return cls(kind, amount, cards, option)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        if self.amount is not None:
            data["amount"] = self.amount
        if self.cards:
            data["cards"] = card_texts(self.cards)
        if self.option is not None:
            data["option"] = self.option
        if self.groups:
            data["groups"] = [card_texts(group) for group in self.groups]
        return data

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """The action a :meth:`to_json` dict describes; :class:`IllegalAction` on anything else."""
        if not isinstance(data, dict) or "kind" not in data:
            raise IllegalAction(f"an action is an object with a 'kind', not {shown(data)}")
        unknown = [str(key) for key in data if key not in _JSON_FIELDS]
        if unknown:
            raise IllegalAction(f"unknown action fields: {shown(sorted(unknown))}")
        return cls(
            data["kind"], data.get("amount"), tuple(cards_field(data.get("cards", []))),
            data.get("option"),
            tuple(tuple(cards_field(group)) for group in list_field(data.get("groups", []))),
        )


def same_move(first: Action, second: Action) -> bool:
    """Whether two actions are the same move, their cards in any order within each group (a face
    or a lesson comparing a move typed with the one it expected).

    >>> same_move(Action.parse("set Ah Kd | 7c 7s 9h 4d 2c"), Action.parse("set Kd Ah | 9h 7s 7c 2c 4d"))
    True
    """
    def key(action: Action) -> tuple[object, ...]:
        return (action.kind, action.option, action.amount, sorted(action.cards),
                [sorted(group) for group in action.groups])

    return key(first) == key(second)


_OPTION: Final = re.compile(r"[a-z]+(?:-[a-z]+)*")
"""How an option is written: lower-case words joined by hyphens."""
_NUMBERISH: Final = re.compile(r"[-+]?[\d.,_]*\d[\d.,_]*")
"""A word meant as an amount that is not a whole number (``5.5``, ``-3``, ``1,000``)."""
_LONGEST_WORD: Final = 32
"""The longest kind or option an action may have (the games' own are short words)."""


def word(field: str, value: object) -> str:
    """``value`` if it is a short word, for an action's ``field``; else :class:`IllegalAction`."""
    if type(value) is str and 0 < len(value) <= _LONGEST_WORD:
        return value
    raise IllegalAction(f"an action's {field} is a word of 1 to {_LONGEST_WORD} letters, not {shown(value)}")


def _amount(value: object) -> int | None:
    if value is None or type(value) is int:
        return value
    raise IllegalAction(f"an action's amount is a whole number or None, not {shown(value)}")


def _cards(field: str, value: object) -> tuple[Card, ...]:
    if type(value) is tuple:
        for item in value:  # a loop, not all() over a generator: no function object per action
            if not is_card(item):
                break
        else:
            return value
    raise IllegalAction(f"an action's {field} are a tuple of cards, not {shown(value)}")


def _groups(value: object) -> tuple[tuple[Card, ...], ...]:
    if type(value) is not tuple:
        raise IllegalAction(f"an action's groups are a tuple of tuples of cards, not {shown(value)}")
    for group in value:
        _cards("groups", group)
    return value


_JSON_FIELDS: Final = frozenset({"kind", "amount", "cards", "option", "groups"})


def _whole_number(digits: str) -> int:
    try:
        return int(digits)
    except ValueError:  # more digits than Python reads from text
        raise IllegalAction(f"{shown(digits)} is too long to be an amount") from None


def _is_card(word: str) -> bool:
    try:
        parse_cards(word)
    except ValueError:
        return False
    return True


def list_field(value: Any) -> list[Any]:
    """``value`` if it is a JSON list (an action's cards or groups); else :class:`IllegalAction`."""
    if not isinstance(value, list):
        raise IllegalAction(f"an action's cards and groups are lists, not {shown(value)}")
    return value


def cards_field(value: Any) -> list[Card]:
    """The cards a JSON list of card strings names; anything else is :class:`IllegalAction`."""
    items = list_field(value)
    if not all(isinstance(item, str) for item in items):
        raise IllegalAction(f"cards are written as strings such as 'Ah', not {shown(value)}")
    return parse_cards(items)


@lru_cache(maxsize=4096)
def amount_action(kind: str, amount: int) -> Action:
    """``Action(kind, amount=amount)``, shared: bets, calls and raises are built in hot loops.

    >>> amount_action("raise", 20) is amount_action("raise", 20)
    True
    """
    return Action(kind, amount=amount)
