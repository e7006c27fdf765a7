"""The Pineapple table in a terminal: the street and limits, the board, each seat's chips, bets and
whether it still has to discard, your hole cards with what they make (and your low in Hi-Lo), and
at the end every hand shown, the cards thrown away, and why each pot or half went where.

>>> import homegame
>>> state = homegame.new_game("crazy_pineapple", players=3).deal(seed=2)
>>> lines = render(state.view(1))
>>> lines[0]
'Crazy Pineapple - you are seat 1, dealer seat 0 - pre-flop betting'
>>> lines[2]
'Board: (none yet)'
"""

from __future__ import annotations

from homegame.engine import View
from homegame.games.pineapple import PineappleView
from homegame.render import Style, result_lines, seat_name

__all__ = ["render"]

TITLES = {"pineapple": "Pineapple", "crazy_pineapple": "Crazy Pineapple",
          "crazy_pineapple_hi_lo": "Crazy Pineapple Hi-Lo 8 or better"}
STREETS = {"preflop": "pre-flop", "flop": "flop", "turn": "turn", "river": "river"}


def render(view: View, look: Style | None = None) -> list[str]:
    """The lines of the table as ``view.seat`` sees it."""
    assert isinstance(view, PineappleView)
    look = look or Style(colour=False)
    who = "watching" if view.seat is None else f"you are seat {view.seat}"
    title = TITLES.get(view.game, view.game)
    lines = [look.bold(f"{title} - {who}, dealer seat {view.dealer} - {_stage(view)}")]
    forced = f"ante {view.ante}" if view.ante else "blinds " + ", ".join(
        f"{seat_name(seat, view)} {amount}" + (" (straddle)" if seat == view.straddler else "")
        for seat, amount in view.blinds.items())
    if view.bomb_pot:
        forced = f"bomb pot: {view.bomb_pot} each"
    lines.append(f"Pot {view.pot}   {view.limits}   {forced}")
    board = look.cards(view.board) if view.board else look.dim("(none yet)")
    if view.second_board:
        lines.append(f"First run: {board}")
        lines.append(f"Second run: {look.cards(view.second_board)}")
    else:
        lines.append("Board: " + board)
    lines.extend(_seat_line(view, seat, look) for seat in view.stacks)
    lines.extend(_own_lines(view, look))
    lines.extend(result_lines(view.results, view, look))
    return lines


def _stage(view: PineappleView) -> str:
    habits = {"straddle": "the player after the big blind may straddle", "run": "run it twice?",
              "show": "show or muck"}
    if view.phase in habits:
        return habits[view.phase]
    if view.phase == "over":
        return "showdown" if view.showdown else "hand over"
    if view.phase == "discard":
        return f"discard one hole card ({STREETS[view.street]})"
    return f"{STREETS[view.street]} betting"


def _seat_line(view: PineappleView, seat: int, look: Style) -> str:
    status = " folded" if seat in view.folded else " all-in" if seat in view.all_in else ""
    bet = view.bets.get(seat, 0)
    text = f"  {seat_name(seat, view)}: chips {view.stacks[seat]}" + (f", bet {bet}" if bet else "") + status
    if seat in view.must_discard:
        text += "  (to discard)"
    if seat in view.showdown:
        named = view.hand_names.get(seat)
        text += f"  shows {look.cards(view.showdown[seat])}" + (f" - {named}" if named else "")
        if seat in view.second_hand_names:
            text += f"; second run: {view.second_hand_names[seat]}"
        if seat in view.low_names:
            text += f"; low: {view.low_names[seat]}"
        if seat in view.discards:
            text += f"  (threw {look.card(view.discards[seat])})"
    elif seat in view.mucked:
        text += "  mucked" + (f" {look.cards(view.hole)}" if seat == view.seat and view.hole else "")
    return text


def _own_lines(view: PineappleView, look: Style) -> list[str]:
    if view.seat is None or not view.hole or view.phase == "over":
        return []
    lines = [f"Your cards: {look.cards(view.hole)}"
             + (f"   (threw {look.card(view.discarded)})" if view.discarded is not None else "")]
    hint = f"You have: {view.hint}" + (f"   low: {view.low_hint}" if view.hi_lo else "")
    lines.append(hint + (f"   to call: {view.to_call}" if view.to_call else ""))
    if view.seat in view.must_discard:
        kept = "the one you keep plays" if len(view.hole) == 2 else "the two you keep play"
        lines.append(f"Discard one hole card: {kept} with the board.")
    if view.seat in view.to_act and view.phase in ("run", "show"):
        lines.append("Everyone is all in: 'run twice' if you agree to deal the rest of the board twice, "
                     "else 'run once'." if view.phase == "run" else
                     "'show' some or all of your cards (show Ah), or 'muck' them unseen.")
    return lines
