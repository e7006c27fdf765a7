"""The Pai Gow Poker table in a terminal: who banks, your seven cards, the house way and a foul
warning (the ways to set them, named and foul ones marked, are the table's numbered choices: see
:func:`~homegame.games.pai_gow.distinct_ways`), your hands as set, and at the reveal the banker's
hands, everyone's hands and each payment with its reason.

>>> from homegame.games.pai_gow import PaiGow
>>> state = PaiGow(players=2).deal(seed=5)
>>> lines = render(state.view(0))
>>> lines[0]
'Pai Gow Poker - you are seat 0 - wager 20 - the house banks'
>>> lines[1].startswith("Your cards: ")
True
"""

from __future__ import annotations

from homegame.engine import View
from homegame.games.pai_gow import PaiGowView, Placement
from homegame.render import Style, seat_name
from homegame.wording import capitalized, you_form

__all__ = ["placement_text", "render"]


def render(view: View, look: Style | None = None) -> list[str]:
    """The lines of the table as ``view.seat`` sees it."""
    assert isinstance(view, PaiGowView)
    look = look or Style(colour=False)
    who = "watching" if view.seat is None else f"you are seat {view.seat}"
    lines = [look.bold(f"Pai Gow Poker - {who} - wager {view.wager} - {_bank_text(view)}")]
    if view.cards:
        ordered = sorted(view.cards, key=lambda c: 15 if c.is_joker else c.rank, reverse=True)
        lines.append(f"Your cards: {look.cards(ordered)}")
    if not view.bank_decided:
        lines.append(f"The bank is offered to {seat_name(view.to_act[0], view)}: bank or decline")
        return lines
    if view.options:
        lines.extend(_choosing_lines(view, look))
    elif view.placed is not None and not view.is_over:
        lines.append(f"You set:    {placement_text(view.placed, look)}")
    if not view.is_over:
        waiting = [s for s in view.to_act if s != view.seat]
        if waiting:
            lines.append("Still setting: " + ", ".join(seat_name(s, view) for s in waiting))
        return lines
    return lines + _reveal_lines(view, look)


def _bank_text(view: PaiGowView) -> str:
    if not view.bank_decided:
        return "the bank is being offered"
    if view.banker is None:
        return "the house banks"
    return you_form(seat_name(view.banker, view), "banks")


def placement_text(placed: Placement, look: Style) -> str:
    text = (f"{look.cards(placed.two)}  |  {look.cards(placed.five)}   "
            f"({placed.two_name} / {placed.five_name})")
    return text + ("  " + look.bold("FOUL") if placed.foul else "")


def _choosing_lines(view: PaiGowView, look: Style) -> list[str]:
    """The advice; the ways to set the cards are the table's numbered choices."""
    return [capitalized(view.hint)]


def _reveal_lines(view: PaiGowView, look: Style) -> list[str]:
    lines = []
    if view.bank_hand is not None:
        banker = "house" if view.banker is None else look.named(seat_name(view.banker, view))
        lines.append(f"{'Bank (' + banker + ')':<15} {placement_text(view.bank_hand, look)}")
    for seat, placed in sorted(view.shown.items()):
        lines.append(f"{look.named(capitalized(seat_name(seat, view))):<15} {placement_text(placed, look)}")
    for seat, result in sorted(view.results.items()):
        amount = f"{result.amount:+d}" if result.amount else "0"
        lines.append(f"  {seat_name(seat, view)}: {result.verdict} {amount} - {result.reason}")
    if view.bank_commission:
        lines.append(f"  the bank pays the house {view.bank_commission} (5% of its win)")
    return lines
