"""The Paiute table in a terminal: the wild cards, the stock and the top discard, the calls shown and
who still has a last turn, your hand with its wild cards marked, the hint line, and at the end why
the winner won. (What each player did is the table's log, told by :mod:`homegame.cli.narrate`.)

>>> from homegame.games.paiute import Paiute
>>> state = Paiute(players=3).deal(seed=5)
>>> lines = render(state.view(1))
>>> lines[0]
'Paiute - you are seat 1, dealer seat 0 - deals won: the winner takes a point from each other player'
>>> lines[1]
'Wild: all the eights are wild (the eight of hearts was turned up)'
>>> lines[2]
'Stock: 36 cards; the discard pile is empty'
"""

from __future__ import annotations

from homegame.engine import View
from homegame.games.paiute import CallShown, PaiuteView
from homegame.render import Style, hand_line, seat_name
from homegame.wording import counted, seats_as_you

__all__ = ["render"]

def render(view: View, look: Style | None = None) -> list[str]:
    """The lines of the table as ``view.seat`` sees it."""
    assert isinstance(view, PaiuteView)
    look = look or Style(colour=False)
    who = "watching" if view.seat is None else f"you are seat {view.seat}"
    lines = [look.bold(f"Paiute - {who}, dealer seat {view.dealer} - {view.scoring}"),
             f"Wild: {view.wild}", _pile_line(view, look), _seats_line(view)]
    lines += [_call_line(call, look) for call in view.calls]
    if view.last_turns:
        lines.append("Last turns still to come: " + ", ".join(seat_name(s, view) for s in view.last_turns))
    if view.seat is not None:
        lines.append(f"Your hand: {_hand(view, look)}")
    lines.append(_turn_line(view))
    if view.hint and not view.is_over:
        lines.append(look.bold("Hint: ") + view.hint)
    if view.is_over:
        lines += _end_lines(view)
    return lines


def _pile_line(view: PaiuteView, look: Style) -> str:
    stock = f"Stock: {counted(view.stock_size, 'card')}"
    if view.rebuilds:
        stock += f" (rebuilt {counted(view.rebuilds, 'time')})"
    if view.top_discard is None:
        return stock + "; the discard pile is empty"
    return f"{stock}; discard pile: {look.card(view.top_discard)} on top ({counted(view.discards, 'card')})"


def _seats_line(view: PaiuteView) -> str:
    parts = []
    for seat, size in view.hand_sizes.items():
        name = seat_name(seat, view) + (" (dealer)" if seat == view.dealer else "")
        parts.append(f"{name}: {size} cards, {view.deals_won.get(seat, 0)} won")
    return "Seats: " + "; ".join(parts)


def _call_line(call: CallShown, look: Style) -> str:
    thrown = f", threw away {look.card(call.discarded)}" if call.discarded is not None else ""
    return f"Call by seat {call.seat}: {look.cards(call.cards)} - {call.combination}{thrown}"


def _hand(view: PaiuteView, look: Style) -> str:
    if not view.hand:
        return hand_line(view.hand, look)
    marks = [look.card(c) + ("*" if c in view.wild_cards else "") for c in view.hand]
    note = "  (* wild)" if any(c in view.wild_cards for c in view.hand) else ""
    return " ".join(marks) + note


def _turn_line(view: PaiuteView) -> str:
    if view.is_over:
        return "The deal is over."
    seat = view.to_act[0]
    if seat != view.seat:
        doing = "draw" if view.phase == "draw" else "discard or call"
        return f"Waiting for {seat_name(seat, view)} to {doing}."
    if view.phase == "draw":
        take = f" or 'draw pile' to take the {view.top_discard}" if view.top_discard is not None else ""
        return f"Your turn: 'draw stock'{take}."
    kept = f" (not the {view.taken}, which you took from the pile)" if view.taken is not None else ""
    return f"Now 'discard CARD'{kept}, or call: 'call' for six cards, 'call CARD' for five."


def _end_lines(view: PaiuteView) -> list[str]:
    lines = [f"Result: {seats_as_you(view.result, view.seat)}"]
    if view.settlement:
        lines.append("Settlement: " + seats_as_you(view.settlement, view.seat))
    return lines
