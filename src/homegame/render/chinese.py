"""The Chinese Poker table in a terminal: your thirteen cards, the naturals you may declare, your
rows as set with their names (and a foul warning), who has set, the naturals shown, and at the end
every player's rows and each payment with its reason.

>>> from homegame.games.chinese import ChinesePoker
>>> state = ChinesePoker(players=2).deal(seed=5)
>>> lines = render(state.view(0))
>>> lines[0]
'Chinese Poker - you are seat 0 - 1 chip a unit'
>>> lines[1].startswith("Your cards: ")
True
"""

from __future__ import annotations

from collections.abc import Sequence

from homegame.cards import Card
from homegame.engine import View
from homegame.games._rows import ROW_NAMES
from homegame.games.chinese import ChineseView
from homegame.render import Style, seat_name
from homegame.render._rows import settlement_lines, stakes_words
from homegame.wording import capitalized

__all__ = ["render"]

ROW_WIDTH = 14
"""Columns a row of five cards takes ("A♠ K♠ Q♠ J♠ T♠"): the hand names start after it."""


def render(view: View, look: Style | None = None) -> list[str]:
    """The lines of the table as ``view.seat`` sees it."""
    assert isinstance(view, ChineseView)
    look = look or Style(colour=False)
    who = "watching" if view.seat is None else f"you are seat {view.seat}"
    lines = [look.bold(f"Chinese Poker - {who} - {stakes_words(view)}")]
    if view.hand:
        lines.append(f"Your cards: {look.cards(view.hand)}")
    if view.seat is not None and view.my_setting and not view.is_over:
        lines.extend(_rows_lines("You set", view.my_setting, view.row_names[view.seat], look))
    if view.my_setting:
        lines.extend([f"FOUL: {view.my_foul}"] if view.my_foul else [])
    elif view.seat not in view.naturals:  # a declared natural is shown with its cards below
        lines.extend(capitalized(line) for line in view.hint.splitlines() if line)
    for seat, natural in view.naturals.items():
        lines.append(f"{capitalized(seat_name(seat, view))} declared {natural.replace('-', ' ')}: "
                     + "  |  ".join(look.cards(group) for group in view.shown[seat]))
    if view.surrendered:
        lines.append("Surrendered: " + ", ".join(seat_name(s, view) for s in view.surrendered))
    if not view.is_over:
        waiting = [s for s in view.to_act if s != view.seat]
        if waiting:
            doing = "setting" if view.phase == "set" else "choosing to show or surrender"
            lines.append(f"Still {doing}: " + ", ".join(seat_name(s, view) for s in waiting))
        if view.phase == "surrender" and view.seat in view.to_act:
            lines.append("Type: show, or surrender (two units to each opponent still in)")
        return lines
    return lines + _end_lines(view, look)


def _rows_lines(title: str, rows: Sequence[Sequence[Card]], names: Sequence[str], look: Style) -> list[str]:
    lines = [f"{title}:"]
    for index, row in enumerate(rows):
        lines.append(f"  {ROW_NAMES[index]:6}  {look.pad(look.cards(row), ROW_WIDTH)}  {names[index]}")
    return lines


def _end_lines(view: ChineseView, look: Style) -> list[str]:
    lines = []
    for seat, rows in view.shown.items():
        if seat in view.naturals:
            continue
        foul = "  " + look.bold("FOUL") if seat in view.fouled else ""
        title = capitalized(seat_name(seat, view)) + foul
        lines.extend(_rows_lines(title, rows, view.row_names[seat], look))
    return lines + settlement_lines(view, view.payments, view.totals)
