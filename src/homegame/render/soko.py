"""The Soko table in a terminal: the street and limits, everyone's up cards, your hole card and
what your cards make, the pot and bets, and at the end every hand with the reason for each award.

>>> import homegame
>>> state = homegame.new_game("soko", players=3).deal(seed=2)
>>> render(state.view(0))[0]
'Soko (Canadian Stud) - you are seat 0, dealer seat 0 - betting round 1 of 4'
"""

from __future__ import annotations

from homegame.engine import View
from homegame.games.soko import SokoView
from homegame.render import Style, result_lines, seat_name

__all__ = ["render"]


def render(view: View, look: Style | None = None) -> list[str]:
    """The lines of the table as ``view.seat`` sees it."""
    assert isinstance(view, SokoView)
    look = look or Style(colour=False)
    who = "watching" if view.seat is None else f"you are seat {view.seat}"
    street = "showdown" if view.street == 5 else f"betting round {view.street} of 4"
    if view.show:
        street = "show or muck"
    lines = [look.bold(f"Soko (Canadian Stud) - {who}, dealer seat {view.dealer} - {street}")]
    doubled = " (doubled)" if view.doubled else ""
    lines.append(f"Pot {view.pot}   bets: {view.limits}{doubled}   bring-in {view.bring_in}")
    labels = {seat: look.named(seat_name(seat, view)) + ":" for seat in view.up_cards}
    width = max(map(len, labels.values()), default=0)
    for seat, up in view.up_cards.items():
        status = " folded" if seat in view.folded else " mucked" if seat in view.mucked else ""
        bet = view.bets.get(seat, 0)
        hole = look.card(view.hole) if seat == view.seat and view.hole is not None else "[?]"
        shown = view.showdown.get(seat)
        cards = look.cards(shown) if shown else f"{hole} {look.cards(up)}"
        name = f" - {view.hand_names[seat]}" if seat in view.hand_names else ""
        lines.append(f"  {labels[seat]:<{width}} {look.pad(cards, 24)} chips {view.stacks[seat]}"
                     + (f", bet {bet}" if bet else "") + status + name)
    if view.seat is not None and view.hint:
        lines.append(f"You have: {view.hint}" + (f"   to call: {view.to_call}" if view.to_call else ""))
    lines.extend(result_lines(view.results, view, look))
    return lines
