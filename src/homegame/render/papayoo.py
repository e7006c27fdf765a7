"""The Papayoo table in a terminal: the Papayoo, the trick on the table with its led suit, the last
trick, each seat's points this deal and in the game, and your hand with the cards you may play.
Papayoo's cards are numbered (1 to 10 in the four suits, 1 to 20 in the Payoos), so a ten is 10.

>>> from homegame.games.papayoo import Papayoo
>>> state = Papayoo(players=3).deal(seed=5)
>>> lines = render(state.view(0))
>>> lines[0]
'Papayoo - deal 1 of 4 - you are seat 0, dealer seat 0 - points count against you'
>>> lines[2]
'Pass 5 cards to seat 1, on your left; still to pass: you, seat 1, seat 2'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from homegame.cards import Card, Suit
from homegame.engine import View
from homegame.games.papayoo.table import SUIT_NAMES
from homegame.games.papayoo.views import PapayooView, Play
from homegame.render import Style, hand_line, result_lines, seat_name
from homegame.wording import capitalized, counted

__all__ = ["render"]

_SUITS_BY_LETTER = {suit.letter: suit for suit in Suit}


def render(view: View, look: Style | None = None) -> list[str]:
    """The lines of the table as ``view.seat`` sees it."""
    assert isinstance(view, PapayooView)
    look = replace(look or Style(colour=False), numbered=True)
    who = "watching" if view.seat is None else f"you are seat {view.seat}"
    lines = [look.bold(f"Papayoo - deal {view.deal} of {view.deals} - {who}, dealer seat {view.dealer}"
                       " - points count against you")]
    lines.append(_papayoo_line(view, look))
    if view.phase == "pass":
        lines.extend(_pass_lines(view, look))
    else:
        lines.extend(_trick_lines(view, look))
    lines.append(_points_line(view))
    if view.seat is not None and view.hand:
        lines.append("Your hand: " + _hand(view.hand, view.playable, look))
        if view.playable:
            lines.append("You may play: " + look.cards(view.playable))
    if view.phase == "play":
        lines.append(look.dim(capitalized(view.hint)))
    if view.is_over:
        lines.extend(_result_lines(view, look))
    return lines


def _papayoo_line(view: PapayooView, look: Style) -> str:
    if view.papayoo is None:
        return "Papayoo: the die is rolled after the pass (one of the four 7s, worth 40)"
    suit = view.papayoo.suit
    assert suit is not None
    return f"Papayoo: {look.card(view.papayoo)} - the 7 of {SUIT_NAMES[suit]} is worth 40 this deal"


def _pass_lines(view: PapayooView, look: Style) -> list[str]:
    waiting = [s for s in range(view.players) if s not in view.passed]
    lines = []
    if view.seat is not None and view.passing:
        lines.append(f"You pass {look.cards(view.passing)} to {seat_name(view.pass_to or 0, view)}; "
                     "you see what you receive once everyone has passed")
    elif view.seat is not None:
        lines.append(f"Pass {view.pass_count} cards to seat {view.pass_to}, on your left; "
                     f"still to pass: {_seats(waiting, view)}")
    else:
        lines.append(f"Every seat passes {view.pass_count} cards left; "
                     f"still to pass: {_seats(waiting, view)}")
    return lines


def _seats(seats: Sequence[int], view: PapayooView) -> str:
    return ", ".join(seat_name(seat, view) for seat in seats)


def _trick_lines(view: PapayooView, look: Style) -> list[str]:
    lines = []
    if view.received and view.received_from is not None and not view.tricks:
        lines.append(f"You received {look.cards(view.received)} from seat {view.received_from}")
    if view.trick:
        led = _SUITS_BY_LETTER[view.led_suit or "p"]
        lines.append(f"Trick ({SUIT_NAMES[led]} led by {seat_name(view.trick[0].seat, view)}): "
                     + _plays(view.trick, view, look))
    elif not view.is_over and view.leader is not None:
        lines.append(f"Trick: {seat_name(view.leader, view)} to lead")
    last = view.last_trick
    if last is not None:
        lines.append(f"Last trick: {_plays(last.plays, view, look)} - {seat_name(last.winner, view)} "
                     f"took it ({counted(last.points, 'point')})")
    return lines


def _plays(plays: Sequence[Play], view: PapayooView, look: Style) -> str:
    return ", ".join(f"{seat_name(p.seat, view)} {look.card(p.card)}" for p in plays)


def _points_line(view: PapayooView) -> str:
    parts = [f"{seat_name(s, view)} {view.taken[s]} (total {view.totals[s]})" for s in range(view.players)]
    return "Points this deal (the lowest total wins): " + ", ".join(parts)


def _hand(hand: Sequence[Card], playable: Sequence[Card], look: Style) -> str:
    if not playable:
        return hand_line(hand, look)
    allowed = set(playable)
    shown = [look.card(c) if c in allowed else (look.dim(look.card(c)) if look.colour
                                                else f"({look.card(c)})") for c in hand]
    return " ".join(shown)


def _result_lines(view: PapayooView, look: Style) -> list[str]:
    lines = [look.bold(f"Deal {view.deal} of {view.deals} is over:")]
    lines.extend(f"  {seat_name(r.seat, view)}: {counted(r.points, 'point')} ({r.reason}), total {r.total}"
                 for r in view.results)
    if view.winners:
        lines.extend(result_lines([view.summary], view, look))
    return lines
