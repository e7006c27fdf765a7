"""What a person may do at the table, as numbered choices, and what a typed answer means.

:func:`offers` lists a seat's legal actions as menu lines: each ready action ("call 4", "draw
stock"), and a template for each family that needs more ("bet AMOUNT (2 to 99)", "discard CARDS",
"set FRONT | MIDDLE | BACK"). Every line can be picked by its number; picking a template asks for
what it lacks (:class:`Filling` asks one question at a time and builds the action).
Pai Gow's ways to set seven cards are listed one by one, named, foul ways marked.

:func:`understand` reads a typed answer: a number, a whole action (``raise 40``, ``set Ah Kd |
...``), a bare word the table can complete (``call`` when only one call is legal; ``bet`` when only
one amount fits, else a question for the amount), or cards alone where only one kind of action
takes cards (``5h 2c`` for ``discard 5h 2c``).

>>> from homegame.engine import Action, ActionSet, Amounts, Choices
>>> legal = ActionSet(Choices([Action("fold"), Action("call", amount=4)]), Amounts("raise", 8, 99))
>>> [offer.label for offer in offers(legal)]
['fold', 'call 4', 'raise AMOUNT (8 to 99)']
>>> understand("call", offers(legal), legal)
call 4
>>> understand("3", offers(legal), legal).label
'raise AMOUNT (8 to 99)'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from homegame.cards import Card, CardError, format_cards, parse_cards
from homegame.engine import Action, ActionSet, Amounts, Arrangements, Choices, View
from homegame.engine.action_sets import Family, Subsets
from homegame.engine.actions import amount_action, same_move
from homegame.games.pai_gow import PaiGowView, distinct_ways
from homegame.render import Style
from homegame.render.pai_gow import placement_text
from homegame.wording import counted

__all__ = ["Filling", "Offer", "complete", "offers", "same_action", "understand"]

ROW_NAMES = {"chinese": ("front", "middle", "back"), "open_face": ("front", "middle", "back"),
             "pai_gow": ("two-card hand", "five-card hand"),
             "anaconda": ("face up", "face down", "thrown away")}
"""What the rows of a setting are called, by game (others are row 1, row 2...)."""


_MOST_ASKED = 4
"""The most actions a "did you mean" lists; more are asked for whole, with an example."""


@dataclass(frozen=True, slots=True)
class Offer:
    """One menu line: a ready ``action``, or a ``family`` to complete by asking for the rest."""

    label: str
    action: Action | None = None
    family: Family | None = None
    rows: tuple[str, ...] = ()


def offers(legal: ActionSet, view: View | None = None, look: Style | None = None) -> list[Offer]:
    """The legal actions as menu lines (``view`` lets a game list its choices its own way)."""
    look = look or Style(colour=False)
    if isinstance(view, PaiGowView) and view.options:
        return _pai_gow_offers(legal, view, look)
    rows = ROW_NAMES.get(view.game if view is not None else "", ())
    lines: list[Offer] = []
    for family in legal.families:
        lines.extend(_family_offers(family, rows, look))
    labels = Counter(line.label for line in lines)
    return [replace(line, label=f"{line.label[:-1]}, from {format_cards(line.family.cards)})")
            if labels[line.label] > 1 and isinstance(line.family, Subsets) else line for line in lines]


def _family_offers(family: Family, rows: tuple[str, ...], look: Style) -> list[Offer]:
    if isinstance(family, Choices):
        return [Offer(look.action(a), a) for a in family.actions]
    if isinstance(family, Amounts):
        if family.low == family.high:
            return [Offer(look.action(family.at(0)), family.at(0))]
        return [Offer(f"{family.kind} AMOUNT ({family.low} to {family.high})", family=family)]
    if isinstance(family, Subsets):
        option = f" {family.option}" if family.option else ""
        lines = []
        if 0 in family.sizes:
            nothing = f"{family.kind}{option} nothing"
            if family.kind == "discard":
                nothing = "stand pat (discard nothing)"
            lines.append(Offer(nothing, Action(family.kind, option=family.option)))
        lines.append(Offer(f"{family.kind}{option} CARDS ({_sizes(family.sizes)})", family=family))
        return lines
    if isinstance(family, Arrangements):
        names = rows if len(rows) == len(family.maximum) else tuple(
            f"row {i + 1}" for i in range(len(family.maximum)))
        template = " | ".join(name.upper().replace(" ", "-") for name in names)
        return [Offer(f"{family.kind} {template}", family=family, rows=names)]
    return [Offer(look.action(family.at(i)), family.at(i)) for i in range(len(family))]


def _sizes(sizes: Sequence[int]) -> str:
    shown = [s for s in sizes if s] or list(sizes)
    if len(shown) == 1:
        return counted(shown[0], "card")
    return f"{min(shown)} to {max(shown)} cards"


def _pai_gow_offers(legal: ActionSet, view: PaiGowView, look: Style) -> list[Offer]:
    lines = [Offer(placement_text(way, look), Action("set", groups=(way.two, way.five)))
             for way in distinct_ways(view.options)]
    lines.append(Offer("set house (the dealer sets them the house way)", Action("set", option="house")))
    return [offer for offer in lines if offer.action in legal]


same_action = same_move  # the engine's: the same move, its cards in any order


# -- reading what was typed ---------------------------------------------------------------------

def understand(text: str, menu: Sequence[Offer], legal: ActionSet) -> Action | Offer | str:
    """What ``text`` asks for: an action, a template to complete, or why it cannot be read."""
    text = text.strip()
    if not text:
        return "type the number of a choice or an action such as 'call'; 'help' lists what you can do"
    if text.isdigit():
        number = int(text)
        if not 1 <= number <= len(menu):
            return "type 1, the only choice" if len(menu) == 1 else f"choose a number from 1 to {len(menu)}"
        offer = menu[number - 1]
        return offer.action if offer.action is not None else offer
    if text.lower() in ("stand pat", "pat", "stand"):
        standing = [o.action for o in menu if o.label.startswith("stand pat")]
        return standing[0] if standing and standing[0] else "you cannot stand pat now"
    wrong_amount = _wrong_amount(text, legal)
    if wrong_amount:
        return wrong_amount
    text = _with_kind(text, legal)
    try:
        action = Action.parse(text)
    except (ValueError, CardError) as error:
        kind = text.split()[0].lower()
        if kind not in legal.kinds():  # "Xx Yy Zz": the first word is the fault, not the cards after it
            moves = ", ".join(sorted(legal.kinds()))
            return f"{kind!r} is not a move you can make now; you may {moves} ('help' says more)"
        return f"cannot read {text!r}: {error}; 'help' lists what you can do"
    return complete(action, menu, legal)


def _wrong_amount(text: str, legal: ActionSet) -> str:
    """Why ``bet 5.5`` or ``raise -3`` cannot be taken: a bet is a whole number of chips (not a
    card, as reading it as one would say)."""
    words = text.split()
    amounts = {f.kind: f for f in legal.families if isinstance(f, Amounts)}
    family = amounts.get(words[0].lower()) if len(words) == 2 else None
    if family is None or words[1].isdigit():
        return ""
    kind = family.kind
    return f"{kind} takes a whole number of chips, {family.low} to {family.high}, as '{kind} {family.low}'"


def _with_kind(text: str, legal: ActionSet) -> str:
    """Cards typed alone get the kind of the one family that takes cards (``5h 2c``: discard)."""
    first = text.split()[0].lower()
    kinds = legal.kinds()
    takers = {f.kind for f in legal.families if isinstance(f, Subsets | Arrangements)}
    if first in kinds or len(takers) != 1:
        return text
    try:
        parse_cards(text.split("|")[0])
    except (ValueError, CardError):
        return text
    return f"{next(iter(takers))} {text}"


def complete(action: Action, menu: Sequence[Offer], legal: ActionSet) -> Action | Offer | str:
    """What a bare ``action`` (no amount, cards or rows) means: itself if legal and nothing needs
    asking; else the one legal action it can only mean, a template to ask the rest of, or a
    question back when it could mean several. Anything else is returned as it is, for the game to
    take or to explain why not."""
    if action.amount is not None or action.cards or action.groups:
        return action
    templates = [o for o in menu if o.family is not None and getattr(o.family, "kind", "") == action.kind]
    if action in legal and not templates:
        return action
    fitting = [o for o in menu if o.action is not None and o.action.kind == action.kind
               and (action.option is None or o.action.option == action.option)]
    if len(fitting) == 1 and not templates:
        return fitting[0].action or action
    if len(templates) == 1:
        return templates[0]  # a bare "discard" asks which cards; standing pat has words of its own
    if len(fitting) > _MOST_ASKED:
        return (f"{action.kind} what? Type it whole, as '{fitting[0].label}' "
                f"({len(fitting)} ways; 'help' lists what you can do)")
    if fitting or templates:
        return "did you mean " + " or ".join(f"'{o.label}'" for o in [*fitting, *templates]) + "?"
    return action


# -- completing a template --------------------------------------------------------------------------

class Filling:
    """Asks, one question at a time, for what a template lacks: an amount, the cards of a
    discard or pass, or a setting row by row (the last row takes the cards left when they fit).

    >>> from homegame.cards import parse_cards
    >>> rows = Arrangements("set", parse_cards("Ah Kd 7c 7s 9h 4d 2c"), (2, 5), (2, 5))
    >>> filling = Filling(Offer("set TWO | FIVE", family=rows, rows=("two-card hand", "five-card hand")))
    >>> filling.question
    'Two-card hand (2 cards, from Ah Kd 7c 7s 9h 4d 2c; Enter goes back): '
    >>> filling.take("ah kd"), filling.question, filling.action()
    ('', None, set Ah Kd | 7c 7s 9h 4d 2c)
    """

    def __init__(self, offer: Offer, look: Style | None = None) -> None:
        self.offer = offer
        self.look = look or Style(colour=False)
        self.family = offer.family
        self.parts: list[tuple[Card, ...]] = []
        self.amount: int | None = None
        self.remaining = list(self.family.cards) if isinstance(self.family, Arrangements) else []
        self._place_the_rest()

    @property
    def question(self) -> str | None:
        """The next question, or ``None`` when the action is complete."""
        family = self.family
        if isinstance(family, Amounts):
            if self.amount is not None:
                return None
            return (f"{family.kind.capitalize()} how much? ({family.low} to {family.high}, your total "
                    "for this round; Enter goes back): ")
        if isinstance(family, Subsets):
            if self.parts:
                return None
            return (f"Which cards to {family.kind}? ({_sizes(family.sizes)} of "
                    f"{self.look.notation(family.cards)}; Enter goes back): ")
        assert isinstance(family, Arrangements)
        row = len(self.parts)
        if row == len(family.maximum):
            return None
        low, high = family.minimum[row], min(family.maximum[row], len(self.remaining))
        count = counted(low, "card") if low == high else f"{low} to {high} cards"
        empty = "; 'none' for no cards" if low == 0 else ""
        return (f"{self.offer.rows[row].capitalize()} ({count}, from {self.look.notation(self.remaining)}"
                f"{empty}; Enter goes back): ")

    def take(self, text: str) -> str:
        """Take the answer to the current question; returns what is wrong with it, or ``""``."""
        family = self.family
        if text.strip().lower() == "hint":
            return "a hint is given at the choices: press Enter to go back to them, then type hint"
        words = text.split()
        if words and words[0].lower() == getattr(family, "kind", None):
            text = " ".join(words[1:])  # "pass 2d 9h 4c" answers "which cards to pass?", "bet 4" how much
        if isinstance(family, Amounts):
            if not text.strip().isdigit() or not family.low <= int(text) <= family.high:
                return f"type a number from {family.low} to {family.high}"
            self.amount = int(text)
            return ""
        try:
            cards = () if text.strip().lower() in ("none", "-") else tuple(parse_cards(text))
        except (ValueError, CardError) as error:
            return f"cannot read those cards: {error}"
        if isinstance(family, Subsets):
            return self._take_subset(family, cards)
        assert isinstance(family, Arrangements)
        return self._take_row(family, cards)

    def _take_subset(self, family: Subsets, cards: tuple[Card, ...]) -> str:
        strangers = [c for c in cards if c not in family.cards]
        if strangers:
            return f"you do not hold {self.look.notation(strangers)}"
        if len(set(cards)) < len(cards):
            return "name each card once"
        if len(cards) not in family.sizes:
            return f"choose {_sizes(family.sizes)}"
        self.parts.append(cards)
        return ""

    def _take_row(self, family: Arrangements, cards: tuple[Card, ...]) -> str:
        row = len(self.parts)
        strangers = [c for c in cards if c not in self.remaining]
        if strangers or len(set(cards)) < len(cards):
            return f"choose among {self.look.notation(self.remaining)}, each card once"
        if not family.minimum[row] <= len(cards) <= family.maximum[row]:
            low, high = family.minimum[row], family.maximum[row]
            return f"this row takes {low if low == high else f'{low} to {high}'} cards, not {len(cards)}"
        self.parts.append(cards)
        for card in cards:
            self.remaining.remove(card)
        self._place_the_rest()
        return ""

    def _place_the_rest(self) -> None:
        """The last row takes the cards left, when they fit it: there is nothing to ask."""
        family = self.family
        if not isinstance(family, Arrangements) or len(self.parts) != len(family.maximum) - 1:
            return
        if family.minimum[-1] <= len(self.remaining) <= family.maximum[-1]:
            self.parts.append(tuple(self.remaining))
            self.remaining = []

    def action(self) -> Action:
        """The completed action (once :attr:`question` is ``None``)."""
        family = self.family
        if isinstance(family, Amounts):
            assert self.amount is not None
            return amount_action(family.kind, self.amount)
        if isinstance(family, Subsets):
            return Action(family.kind, cards=self.parts[0], option=family.option)
        assert isinstance(family, Arrangements)
        return Action(family.kind, groups=tuple(self.parts))
