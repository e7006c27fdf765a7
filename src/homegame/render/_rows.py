"""What the two row games (Chinese Poker and Open-Face) draw alike at the end of a hand: each
payment between two players with its reason, and every player's result.

>>> from homegame.games.chinese import ChinesePoker
>>> state = ChinesePoker(players=2).deal(seed=3)
>>> while not state.is_over:
...     seat = min(state.to_act)
...     state.apply(seat, state.legal_actions(seat)[0])
>>> view = state.view(0)
>>> lines = settlement_lines(view, view.payments, view.totals)
>>> lines[1], lines[-1]
('  you pay seat 1 1 unit: front: ace high beats king high', 'Result: you -1, seat 1 +1')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from homegame.engine import View
from homegame.games._units import Payment
from homegame.games.chinese_view import ChineseView
from homegame.games.open_face_view import OpenFaceView
from homegame.render import seat_name
from homegame.wording import counted, you_form

__all__ = ["settlement_lines", "stakes_words"]


def stakes_words(view: ChineseView | OpenFaceView) -> str:
    """What a unit is worth, with the units two players agreed on between themselves.

    >>> from homegame.games.open_face import OpenFace
    >>> stakes_words(OpenFace(players=3, unit=2, pair_units="0-2:5").deal(seed=1).view(0))
    '2 chips a unit (you and seat 2: 5)'
    """
    agreed = ", ".join(f"{seat_name(a, view)} and {seat_name(b, view)}: {chips}"
                       for a, b, chips in view.pair_units)
    return f"{counted(view.unit, 'chip')} a unit" + (f" ({agreed})" if agreed else "")


def settlement_lines(view: View, payments: Sequence[Payment], totals: Mapping[int, int]) -> list[str]:
    """The payments as the reader of ``view`` says them ("seat 1 pays you 3 units: scoop"), or
    "none", then the result of every seat. Between two players every payment has a line with its
    reason; at a table of more, one line a pair says what settled between them (a four-handed
    table makes some twenty payments, which the hand's log tells one by one)."""
    lines = ["Payments:"]
    pairs = {frozenset((payment.payer, payment.payee)) for payment in payments}
    if len(pairs) > 1:
        lines.extend(f"  {_pair_line(pair, payments, view)}" for pair in sorted(pairs, key=sorted))
    else:
        lines.extend(f"  {_payment(payment, view)}" for payment in payments)
    if not payments:
        lines.append("  none")
    lines.append("Result: " + ", ".join(f"{seat_name(s, view)} {v:+d}" for s, v in totals.items()))
    return lines


def _pair_line(pair: frozenset[int], payments: Sequence[Payment], view: View) -> str:
    """What settled between two players: the net and who took what ("seat 3 pays you 1 unit:
    you take front 1, back 1; seat 3 takes middle 1").

    >>> from homegame.games.chinese import ChinesePoker
    >>> view = ChinesePoker(players=3).deal(seed=1).view(0)
    >>> paid = [Payment(1, 0, 1, "front: a pair beats king high"), Payment(0, 1, 2, "back: flush beats "
    ...         "straight (bonus 2)"), Payment(1, 0, 3, "scoop: all three rows")]
    >>> _pair_line(frozenset((0, 1)), paid, view)
    'seat 1 pays you 2 units: you take front 1, scoop 3; seat 1 takes back 2'
    """
    low, high = sorted(pair)
    between = [payment for payment in payments if {payment.payer, payment.payee} == pair]
    net = sum(p.units if p.payee == low else -p.units for p in between)
    taken = {seat: ", ".join(f"{payment.reason.split(':')[0]} {payment.units}"
                             for payment in between if payment.payee == seat) for seat in (low, high)}
    takes = "; ".join(you_form(seat_name(seat, view), f"takes {what}")
                      for seat, what in taken.items() if what)
    if not net:
        return f"{seat_name(low, view)} and {seat_name(high, view)} are even: {takes}"
    payer, payee = (high, low) if net > 0 else (low, high)
    paid = f"{seat_name(payee, view)} {counted(abs(net), 'unit')}"
    return you_form(seat_name(payer, view), f"pays {paid}: {takes}")


def _payment(payment: Payment, view: View) -> str:
    paid = f"{seat_name(payment.payee, view)} {counted(payment.units, 'unit')}"
    return you_form(seat_name(payment.payer, view), f"pays {paid}: {payment.reason}")
