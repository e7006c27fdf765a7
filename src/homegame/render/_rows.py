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
from homegame.games._rows import Payment
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
    "none", then the result of every seat."""
    lines = ["Payments:"]
    lines.extend(f"  {_payment(payment, view)}" for payment in payments)
    if not payments:
        lines.append("  none")
    lines.append("Result: " + ", ".join(f"{seat_name(s, view)} {v:+d}" for s, v in totals.items()))
    return lines


def _payment(payment: Payment, view: View) -> str:
    paid = f"{seat_name(payment.payee, view)} {counted(payment.units, 'unit')}"
    return you_form(seat_name(payment.payer, view), f"pays {paid}: {payment.reason}")
