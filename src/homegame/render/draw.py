"""The draw poker table in a terminal: phase, pot, stacks and bets, your hand and its name, what
each player drew and any ace shown, and at the end every hand shown with why each pot went where.

>>> import homegame
>>> state = homegame.new_game("draw", players=3).deal(seed=2)
>>> lines = render(state.view(1))
>>> lines[0]
'Basic Draw Poker - you are seat 1, dealer seat 0 - first betting round'
>>> lines[1]
'Pot 3   seat 0: 99   you: 99   seat 2: 99'
"""

from __future__ import annotations

from homegame.engine import View
from homegame.games.draw import DrawView
from homegame.render import Style, hand_line, result_lines, seat_name
from homegame.wording import capitalized, counted, you_form

__all__ = ["render"]

PHASES = {"bet1": "first betting round", "draw": "the draw", "bet2": "second betting round",
          "show": "show or muck", "over": "showdown"}


def render(view: View, look: Style | None = None) -> list[str]:
    """The lines of the table as ``view.seat`` sees it."""
    assert isinstance(view, DrawView)
    look = look or Style(colour=False)
    who = "watching" if view.seat is None else f"you are seat {view.seat}"
    title = "Lowball Draw" if is_lowball(view) else "Basic Draw Poker"
    lines = [look.bold(f"{title} - {who}, dealer seat {view.dealer} - {PHASES[view.phase]}")]
    lines.append(f"Pot {view.pot}   " + "   ".join(_seat_money(view, seat) for seat in view.stacks))
    notes = _table_notes(view)
    if notes:
        lines.append(notes)
    if view.drawn:
        lines.append("Drew: " + ", ".join(f"{seat_name(s, view)} {_count(n)}" for s, n in view.drawn.items()))
    for seat, ace in view.shown_aces.items():
        shows = you_form(seat_name(seat, view), f"shows {look.card(ace)}, kept to draw four")
        lines.append(capitalized(shows))
    if view.seat is not None and view.hand:
        lines.append(f"Your hand: {hand_line(view.hand, look)}   ({view.hint})")
        if view.to_call and view.phase != "over":
            lines.append(f"To call: {view.to_call}")
    for seat, cards in view.showdown.items():
        named = view.hand_names.get(seat)
        lines.append(f"  {you_form(seat_name(seat, view), 'shows')} {look.cards(cards)}"
                     + (f" - {named}" if named else ""))
    lines.extend(f"  {you_form(seat_name(seat, view), 'mucks')}" for seat in view.mucked)
    lines.extend(result_lines(view.results, view, look))
    return lines


def is_lowball(view: DrawView) -> bool:
    """Whether the lowest hand wins (a high hand is ranked ``high``, or ``short-high`` when a hand
    holds fewer than five cards)."""
    return view.ranking not in ("high", "short-high")


def _table_notes(view: DrawView) -> str:
    notes = []
    if is_lowball(view):
        notes.append(f"lowest hand wins ({view.ranking})")
    if view.wild != "none":
        notes.append(f"{view.wild} wild")
    if view.bomb_pot:
        notes.append(f"a bomb pot: {view.bomb_pot} each, no betting before the draw")
    return ", ".join(notes)


def _count(drawn: int) -> str:
    return "stood pat" if drawn == 0 else counted(drawn, "card")


def _seat_money(view: DrawView, seat: int) -> str:
    state = " folded" if seat in view.folded else " all-in" if seat in view.all_in else ""
    bet = view.bets.get(seat, 0)
    return f"{seat_name(seat, view)}: {view.stacks[seat]}" + (f" (bet {bet})" if bet else "") + state
