"""What ``help`` (or ``?``) says at each kind of prompt: what can be typed now, with examples.

>>> from homegame.engine import Action, ActionSet, Amounts, Choices
>>> from homegame.cli.choices import offers
>>> menu = offers(ActionSet(Choices([Action("check")]), Amounts("bet", 2, 99)))
>>> print(action_help(menu, "draw"))
Type the number of a choice (1 to 2), or the action itself, such as:
  check
  bet 2 (any amount from 2 to 99: the total you put in this round; a bare 'bet' asks how much)
Also: 'hint' for what the bots would do and why, 'rules' for the rules of the game
(or 'homegame rules draw' in another terminal), 'q' to leave the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from homegame.cli.choices import Offer
from homegame.engine import Action, Amounts, Arrangements
from homegame.engine.action_sets import Subsets
from homegame.render import Style

__all__ = ["action_help", "question_help", "yes_no_help"]

_EXTRAS = ("Also: 'hint' for what the bots would do and why, 'rules' for the rules of the game\n"
           "(or 'homegame rules {game}' in another terminal), 'q' to leave the table.")


def action_help(menu: Sequence[Offer], game: str, look: Style | None = None) -> str:
    """The help at an action prompt: one example for each kind of choice on ``menu``."""
    look = look or Style(colour=False)
    lines = [f"Type the number of a choice (1 to {len(menu)}), or the action itself, such as:"]
    kinds: dict[str, int] = {}
    for offer in menu:
        kind = offer.action.kind if offer.action is not None else str(getattr(offer.family, "kind", ""))
        kinds[kind] = kinds.get(kind, 0) + 1
        if kinds[kind] == 1:
            lines.append(f"  {_example(offer, look)}")
    for kind, count in kinds.items():
        if count > 2:
            lines.append(f"  ({count} choices are '{kind}' ones: see the numbered list)")
    lines.append(_EXTRAS.format(game=game))
    return "\n".join(lines)


def _example(offer: Offer, look: Style) -> str:
    family = offer.family
    if offer.action is not None:
        return _ready(offer.action, look)
    if isinstance(family, Amounts):
        return (f"{family.kind} {family.low} (any amount from {family.low} to {family.high}: the total you "
                f"put in this round; a bare '{family.kind}' asks how much)")
    if isinstance(family, Subsets):
        size = min(s for s in family.sizes if s)
        option = f" {family.option}" if family.option else ""
        return (f"{family.kind}{option} {look.notation(family.cards[:size])} (the cards you name; "
                f"a bare '{family.kind}' asks which)")
    assert isinstance(family, Arrangements)
    groups, start = [], 0
    for size in _example_sizes(family):
        groups.append(look.notation(family.cards[start:start + size]))
        start += size
    rows = " | ".join(offer.rows)
    return f"{family.kind} {' | '.join(groups)} (rows: {rows}; its number asks for one row at a time)"


def _ready(action: Action, look: Style) -> str:
    if action.kind == "set" and action.groups:
        return "set " + " | ".join(look.notation(group) for group in action.groups) + " (or its number)"
    return look.action(action)


def _example_sizes(family: Arrangements) -> list[int]:
    """Row sizes that place every card: each row's minimum, then the rest as early as they fit."""
    sizes = list(family.minimum)
    left = len(family.cards) - sum(sizes)
    for row, high in enumerate(family.maximum):
        extra = min(left, high - sizes[row])
        sizes[row] += extra
        left -= extra
    return sizes


def yes_no_help(yes: str, no: str, default: bool | None) -> str:
    """The help at a yes-or-no question."""
    enter = "" if default is None else f" (Enter alone means {'yes' if default else 'no'})"
    return f"Type y or yes to {yes}, n or no to {no}{enter}; q leaves the table."


def question_help(question: str) -> str:
    """The help at a question that completes a choice (an amount, some cards, a row)."""
    return (f"{question.strip()}\nAnswer it, or press Enter alone to go back to the choices; "
            "cards are written like Ah Kd 10c (or Tc) 2s; q leaves the table.")
