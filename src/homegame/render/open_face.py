"""The Open-Face Chinese Poker table in a terminal: every player's rows as they grow, face up,
with their names; your cards still to place; a warning before a placement that fouls or risks a
foul; fantasyland players (their rows hidden until the others are done); and at the end the
royalties, fouls and each payment with its reason.

>>> from homegame.games.open_face import OpenFace
>>> state = OpenFace(players=2).deal(seed=5, dealer=1)
>>> lines = render(state.view(0))
>>> lines[0]
'Open-Face Chinese Poker - you are seat 0 - 1 chip a unit - 42 cards in the stock'
>>> lines[-1].startswith("Type: set front | middle | back")
True
"""

from __future__ import annotations

from collections.abc import Sequence

from homegame.cards import Card
from homegame.engine import View
from homegame.games._rows import ROW_NAMES, ROW_SIZES
from homegame.games.open_face import OpenFaceView
from homegame.render import Style, seat_name
from homegame.render._rows import settlement_lines, stakes_words
from homegame.wording import capitalized, counted

__all__ = ["render"]


def render(view: View, look: Style | None = None) -> list[str]:
    """The lines of the table as ``view.seat`` sees it."""
    assert isinstance(view, OpenFaceView)
    look = look or Style(colour=False)
    who = "watching" if view.seat is None else f"you are seat {view.seat}"
    stock = f"{counted(view.stock_size, 'card')} in the stock"
    lines = [look.bold(f"Open-Face Chinese Poker - {who} - {stakes_words(view)} - {stock}")]
    seats = sorted(set(view.rows) | set(view.fantasyland))
    for seat in seats:
        lines.extend(_seat_lines(seat, view, look))
    if view.is_over:
        return lines + _end_lines(view, look)
    waiting = [s for s in view.to_act if s != view.seat]
    if waiting:
        lines.append("Waiting for: " + ", ".join(seat_name(s, view) for s in waiting))
    if view.pending:
        lines.append(f"To place: {look.cards(view.pending)}")
        if view.warnings:
            lines.append(look.bold("Warning: ") + "; ".join(str(warning) for warning in view.warnings))
        lines.append(_prompt(view))
    return lines


def _seat_lines(seat: int, view: OpenFaceView, look: Style) -> list[str]:
    title = capitalized(seat_name(seat, view))
    if seat in view.fantasyland:
        title += " (fantasyland)"
    if seat in view.fouled:
        title += "  " + look.bold("FOUL")
    if seat not in view.rows:
        state = "has set, face down" if seat in view.fantasy_set else "is setting thirteen cards, face down"
        return [f"{title}: {state}"]
    royalties = view.royalties.get(seat)
    lines = [f"{title}:" + (f"  royalties {sum(royalties)}" if royalties else "")]
    names = view.row_names.get(seat, ("", "", ""))
    for index, row in enumerate(view.rows[seat]):
        lines.append(f"  {ROW_NAMES[index]:6}  {_row_text(row, ROW_SIZES[index], look)}  {names[index]}"
                     + (f"  (+{royalties[index]})" if royalties and royalties[index] else ""))
    return lines


def _row_text(row: Sequence[Card], size: int, look: Style) -> str:
    """The row's cards and a ``__`` for each empty place, padded to the width of a five-card row."""
    text = " ".join([look.cards(row)] * bool(row) + ["__"] * (size - len(row)))
    return text + " " * (3 * (5 - size))


def _prompt(view: OpenFaceView) -> str:
    if len(view.pending) == 1:
        return f"Type: place front|middle|back {view.pending[0]}"
    return "Type: set front | middle | back (rows may stay empty), e.g. set Qh | 9c 9d | As"


def _end_lines(view: OpenFaceView, look: Style) -> list[str]:
    lines = settlement_lines(view, view.payments, view.totals)
    if view.next_fantasyland:
        following = ", ".join(seat_name(s, view) for s in view.next_fantasyland)
        lines.append(look.bold("Fantasyland next hand: ") + following)
    return lines
