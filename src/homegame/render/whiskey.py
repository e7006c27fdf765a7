"""The Whiskey Poker table in a terminal: the phase, the widow, the pot and bets, your hand and
its name, and at the end every hand shown with why the pot went where it did.

>>> import homegame
>>> state = homegame.new_game("whiskey", players=3).deal(seed=2)
>>> lines = render(state.view(1))
>>> lines[0]
'Whiskey Poker - you are seat 1, dealer seat 0 - first betting round'
>>> lines[1]
'Widow: face down (5 cards)'
"""

from __future__ import annotations

from homegame.engine import View
from homegame.games.whiskey import WhiskeyView
from homegame.render import Style, hand_line, result_lines, seat_name
from homegame.wording import capitalized, you_form

__all__ = ["render"]

PHASES = {
    "bet1": "first betting round", "exchange": "take the widow unseen, pass or knock",
    "bet2": "second betting round", "widow": "trade with the face-up widow, or knock",
    "bet3": "last betting round", "over": "showdown",
}


def render(view: View, look: Style | None = None) -> list[str]:
    """The lines of the table as ``view.seat`` sees it."""
    assert isinstance(view, WhiskeyView)
    look = look or Style(colour=False)
    who = "watching" if view.seat is None else f"you are seat {view.seat}"
    lines = [look.bold(f"Whiskey Poker - {who}, dealer seat {view.dealer} - {PHASES[view.phase]}")]
    lines.append(_widow_line(view, look))
    if view.knocker is not None and view.phase in ("exchange", "widow"):
        knocker = seat_name(view.knocker, view)
        back_to = "you" if knocker == "you" else "them"
        knocked = capitalized(you_form(knocker, "knocked"))
        lines.append(f"{knocked}: this phase ends when the turn comes back to {back_to}")
    if view.chips:
        lines.append("Chips: " + ", ".join(f"{seat_name(s, view)} {n}" for s, n in view.chips.items()))
    else:
        lines.append(f"Pot {view.pot}   " + "   ".join(_seat_money(view, s) for s in view.stacks))
    if view.seat is not None:
        lines.append(f"Your hand: {hand_line(view.hand, look)}   ({view.hint})")
        if view.to_call:
            lines.append(f"To call: {view.to_call}")
    for seat, cards in view.showdown.items():
        lines.append(f"  {you_form(seat_name(seat, view), 'shows')} {look.cards(cards)} - "
                     f"{view.hand_names.get(seat, '')}")
    lines.extend(result_lines(view.results, view, look))
    return lines


def _widow_line(view: WhiskeyView, look: Style) -> str:
    if view.widow_face_up and view.widow is not None:
        return f"Widow: {look.cards(view.widow)}"
    if view.widow is not None:
        return f"Widow: face down (5 cards) - your old hand {look.cards(view.widow)}"
    return "Widow: face down (5 cards)"


def _seat_money(view: WhiskeyView, seat: int) -> str:
    state = " folded" if seat in view.folded else ""
    bet = view.bets.get(seat, 0)
    return f"{seat_name(seat, view)}: {view.stacks[seat]}" + (f" (bet {bet})" if bet else "") + state
