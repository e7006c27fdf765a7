"""The Anaconda table in a terminal: the phase, the pot (and what was carried into it), who passes
to whom and who has chosen, your cards and best hands, the declarations and the four cards each
player shows, and at the end each half of the pot with why it went where it did.

>>> import homegame
>>> state = homegame.new_game("anaconda", players=3).deal(seed=2)
>>> lines = render(state.view(1))
>>> lines[0]
'Anaconda - you are seat 1, dealer seat 0 - first betting round'
>>> lines[1]
'Pot 3   seat 0: 99   you: 99   seat 2: 99'
"""

from __future__ import annotations

from homegame.engine import View
from homegame.games.anaconda import AnacondaView
from homegame.render import Style, hand_line, result_lines, seat_name
from homegame.wording import agreeing, you_form

__all__ = ["render"]

PHASES = {
    "bet1": "first betting round", "pass1": "first pass: three cards to the next player on your left",
    "bet2": "second betting round",
    "pass2": "second pass: three cards to the second player on your right",
    "bet3": "third betting round", "declare": "declare high or low",
    "show": "keep five, and choose four to show", "bet4": "last betting round", "over": "showdown",
}
ORDINAL = ("First", "Second")


def render(view: View, look: Style | None = None) -> list[str]:
    """The lines of the table as ``view.seat`` sees it."""
    assert isinstance(view, AnacondaView)
    look = look or Style(colour=False)
    who = "watching" if view.seat is None else f"you are seat {view.seat}"
    lines = [look.bold(f"Anaconda - {who}, dealer seat {view.dealer} - {PHASES[view.phase]}")]
    carried = f" ({view.carried_in} carried from the last hand)" if view.carried_in else ""
    lines.append(f"Pot {view.pot}{carried}   " + "   ".join(_seat_money(view, s) for s in view.stacks))
    lines.extend(_choosing(view))
    if view.seat is not None:
        lines.extend(_own(view, look))
    if view.declarations:
        declared = (f"{seat_name(seat, view)} {side}" for seat, side in view.declarations.items())
        lines.append("Declared: " + ", ".join(declared))
    if view.shown and not view.showdown:
        for seat, cards in view.shown.items():
            shows = you_form(seat_name(seat, view), "shows")
            lines.append(f"  {shows} {look.cards(cards)} and one card face down")
    for seat, cards in view.showdown.items():
        who, side = seat_name(seat, view), view.declarations.get(seat, "")
        lines.append(f"  {who} ({side}) {agreeing(who, 'shows')} {look.cards(cards)} - "
                     f"{view.hand_names.get(seat, '')}")
    lines.extend(result_lines(view.results, view, look))
    return lines


def _choosing(view: AnacondaView) -> list[str]:
    if view.phase not in ("pass1", "pass2", "declare", "show"):
        return []
    lines = []
    if view.phase.startswith("pass"):
        lines.append("Passing: " + ", ".join(f"{seat_name(g, view)} to {seat_name(r, view)}"
                                             for g, r in view.pass_to.items()))
    chosen = ", ".join(seat_name(seat, view) for seat in view.chosen) or "nobody yet"
    lines.append(f"Chosen: {chosen}; waiting for {', '.join(seat_name(seat, view) for seat in view.to_act)}")
    return lines


def _own(view: AnacondaView, look: Style) -> list[str]:
    lines = [f"Your hand: {hand_line(view.hand, look)}", f"  {view.hint}" if view.hint else ""]
    if view.passing:
        lines.append(f"You pass {look.cards(view.passing)} once everyone has chosen")
    for index, (gave, got) in enumerate(zip(view.passed, view.received, strict=False)):
        lines.append(f"{ORDINAL[index]} pass: you gave {look.cards(gave)} and received {look.cards(got)}")
    if view.declaration is not None and not view.declarations:
        lines.append(f"You declared {view.declaration} (shown when everyone has declared)")
    if view.my_hidden is not None and not view.showdown:
        lines.append(f"You show {look.cards(view.my_show)}, keep {look.card(view.my_hidden)} face down "
                     f"and throw away {look.cards(view.my_discards)}")
    if view.to_call:
        lines.append(f"To call: {view.to_call}")
    return [line for line in lines if line]


def _seat_money(view: AnacondaView, seat: int) -> str:
    state = " folded" if seat in view.folded else ""
    bet = view.bets.get(seat, 0)
    return f"{seat_name(seat, view)}: {view.stacks[seat]}" + (f" (bet {bet})" if bet else "") + state
