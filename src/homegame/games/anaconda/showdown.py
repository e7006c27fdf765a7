"""The Anaconda showdown: each pot split between the declared high and the declared low hands.

Every pot (the main pot, with the chips carried in from the last hand, and any side pot) is settled
on its own among the seats that may win it: half to the best high hand among those who declared
high, half to the best ace-to-five low among those who declared low. When no seat that may win a
pot declared one side, the other side takes all of it; a seat alone on its side takes that half
whatever it holds. Only equal shares are paid: a chip left when a pot halves oddly, or when a half
is shared by several winners, stays in the pot for the next hand.

>>> from homegame.cards import parse_cards
>>> from homegame.engine.history import History
>>> from homegame.engine.pots import Chips
>>> chips = Chips([20, 20, 20])
>>> for seat in range(3):
...     _ = chips.post(seat, 5)
>>> fives = {0: parse_cards("Kh Kd Ks 4c 9h"), 1: parse_cards("Ah 2d 3c 5s 7h"),
...          2: parse_cards("Qh Qd 8s 8c 2h")}
>>> result = settle(History({}), chips, fives, {0: "high", 1: "low", 2: "high"}, carried=0)
>>> result.reasons[0]
'high half: seat 0 wins 7 with three of a kind, kings, beating two pair, queens and eights (seat 2)'
>>> result.reasons[1]
'low half: seat 1 wins 7 with a seven-five low, the only player to declare low'
>>> result.remainder, chips.net()
(1, {0: 2, 1: 2, 2: -5})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from homegame._compile import rebuilt_from_fields
from homegame.cards import Card
from homegame.engine.carried_pot import award_pots_evenly, with_carried
from homegame.engine.history import History
from homegame.engine.pots import Award, Chips, Pot, total_shares
from homegame.engine.showdown import award_reason
from homegame.ranking import evaluate, strength

__all__ = ["Settlement", "settle"]

RANKING = {"high": "high", "low": "ace-to-five"}


@dataclass(frozen=True, slots=True)
class Settlement:
    """Why each award went where it did, and the chips left in the pot for the next hand."""

    reasons: tuple[str, ...]
    remainder: int


rebuilt_from_fields(Settlement)


def settle(history: History, chips: Chips, fives: Mapping[int, Sequence[Card]],
           declarations: Mapping[int, str], *, carried: int) -> Settlement:
    """Award every pot to the declared hands, pay the winners and log each award with its reason."""
    live = chips.in_hand
    strengths = {side: {seat: strength(list(fives[seat]), ranking) for seat in live
                        if declarations[seat] == side} for side, ranking in RANKING.items()}
    pots = with_carried(chips.pots(), carried, live)
    awards, remainder = award_pots_evenly(pots, strengths["high"], strengths["low"])
    reasons = []
    for award in awards:
        if not any(award.shares.values()):
            continue  # a one-chip pot split in halves pays nobody: its chip stays for the next hand
        reason = _reason(award, pots, strengths, fives)
        reasons.append(reason)
        history.add("award", None, {"pot": award.pot, "half": award.half,
                                    "shares": {str(s): a for s, a in award.shares.items()}, "reason": reason})
    chips.pay(total_shares(awards))
    if remainder:
        words = "chip that could not be split evenly stays" if remainder == 1 else \
            "chips that could not be split evenly stay"
        reasons.append(f"{remainder} {words} in the pot for the next hand")
        history.add("carry", None, {"pot": remainder})
    return Settlement(tuple(reasons), remainder)


def _reason(award: Award, pots: Sequence[Pot], strengths: Mapping[str, Mapping[int, int]],
            fives: Mapping[int, Sequence[Card]]) -> str:
    pot = pots[award.pot]
    side = award.half if award.half != "all" else (
        "high" if any(seat in strengths["high"] for seat in pot.eligible) else "low")
    other = "low" if side == "high" else "high"

    def name(seat: int) -> str:
        return evaluate(list(fives[seat]), RANKING[side]).name

    reason = award_reason(award, strengths[side], pot, name,
                          lambda seat: evaluate(list(fives[seat]), RANKING[side]).cards)
    if len(pot.eligible) == 1:
        return reason
    contenders = [seat for seat in pot.eligible if seat in strengths[side]]
    if award.half == "all":
        reason += f"; no one who may win this pot declared {other}, so the {side} hand takes all of it"
    else:
        if len(contenders) == 1:
            among = "" if award.pot == 0 else " in it"
            reason += f", the only player{among} to declare {side}"
        reason = f"{side} half: {reason}"
    return reason if award.pot == 0 else f"side pot {award.pot}: {reason}"
