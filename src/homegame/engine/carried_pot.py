"""A pot that carries over between hands: even shares only, and what cannot be split stays.

Some split games (Anaconda) keep every chip that cannot be shared evenly in the pot for the next
hand instead of handing odd chips out, and start a hand with the chips the last one left. This
module is that rule, on top of :mod:`homegame.engine.pots`:

- :func:`with_carried` adds chips carried in from the last hand to the main pot (every seat still in
  may win them);
- :func:`award_pots_evenly` awards each pot like :func:`~homegame.engine.pots.award_pot` (a half to
  the best high among ``high``, a half to the best low among ``low``; one side takes the whole pot
  when no eligible seat contends for the other), but pays only equal shares: the chip left when a
  pot halves oddly, and the chips left when a half is shared by several winners, stay behind and
  are returned as the remainder for the next hand.

>>> from homegame.engine.pots import build_pots
>>> pots = with_carried(build_pots([5, 5, 5], folded=()), 2, (0, 1, 2))
>>> pots
[Pot(amount=17, eligible=(0, 1, 2))]
>>> awards, remainder = award_pots_evenly(pots, {0: 9}, {1: 4, 2: 4})
>>> [(a.half, a.shares) for a in awards], remainder
([('high', {0: 8}), ('low', {1: 4, 2: 4})], 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from homegame.engine.history import History
from homegame.engine.pots import Award, Chips, Pot
from homegame.errors import GameError

__all__ = ["award_pot_evenly", "award_pots_evenly", "settle_uncontested_carrying", "with_carried"]


def with_carried(pots: Sequence[Pot], carried: int, eligible: Sequence[int]) -> list[Pot]:
    """``pots`` with ``carried`` chips added to the main pot (the first one), or, when nobody put a
    chip in this hand, a pot of the carried chips alone that the ``eligible`` seats contend for.

    >>> with_carried([Pot(6, (0, 1)), Pot(4, (1,))], 3, (0, 1))
    [Pot(amount=9, eligible=(0, 1)), Pot(amount=4, eligible=(1,))]
    >>> with_carried([], 3, (0, 2))
    [Pot(amount=3, eligible=(0, 2))]
    """
    if carried < 0:
        raise GameError(f"a carried pot holds zero chips or more, not {carried}")
    if not carried:
        return list(pots)
    if not pots:
        return [Pot(carried, tuple(eligible))]
    main = pots[0]
    return [Pot(main.amount + carried, main.eligible), *pots[1:]]


def award_pot_evenly(pot: Pot, high: Mapping[int, int], low: Mapping[int, int], *,
                     index: int = 0) -> tuple[list[Award], int]:
    """Award one pot in equal shares; returns the awards and the chips left over.

    ``high`` and ``low`` map the seats contending for each half to their strength (greater wins);
    seats not eligible for ``pot`` are ignored. A pot no eligible seat contends for is shared by its
    eligible seats (it cannot happen when every seat still in contends for a side).

    >>> award_pot_evenly(Pot(9, (0, 1, 2)), {0: 5, 1: 5}, {})
    ([Award(pot=0, half='all', shares={0: 4, 1: 4})], 1)
    """
    highs = {seat: high[seat] for seat in pot.eligible if seat in high}
    lows = {seat: low[seat] for seat in pot.eligible if seat in low}
    if highs and lows:
        half = pot.amount // 2
        high_award, high_left = _even_half(half, highs, "high", index)
        low_award, low_left = _even_half(half, lows, "low", index)
        return [high_award, low_award], pot.amount - 2 * half + high_left + low_left
    contenders = highs or lows or dict.fromkeys(pot.eligible, 0)
    award, left = _even_half(pot.amount, contenders, "all", index)
    return [award], left


def award_pots_evenly(pots: Sequence[Pot], high: Mapping[int, int],
                      low: Mapping[int, int]) -> tuple[list[Award], int]:
    """Award every pot in turn (see :func:`award_pot_evenly`); returns the awards and the total
    remainder to carry to the next hand."""
    awards: list[Award] = []
    remainder = 0
    for index, pot in enumerate(pots):
        won, left = award_pot_evenly(pot, high, low, index=index)
        awards.extend(won)
        remainder += left
    return awards, remainder


def _even_half(amount: int, strengths: Mapping[int, int], half: str, index: int) -> tuple[Award, int]:
    best = max(strengths.values())
    winners = sorted(seat for seat, value in strengths.items() if value == best)
    share = amount // len(winners)
    return Award(index, half, dict.fromkeys(winners, share)), amount - share * len(winners)


def settle_uncontested_carrying(history: History, chips: Chips, carried: int) -> str:
    """The one player left takes the pot and the ``carried`` chips with it; returns the reason.

    >>> chips = Chips([10, 10]); _ = chips.post(0, 3); chips.fold(0)
    >>> settle_uncontested_carrying(History({}), chips, 5)
    'seat 1 wins 8 because everyone else folded'
    >>> chips.net()
    {0: -3, 1: 8}
    """
    winner = chips.in_hand[0]
    total = chips.pot + carried
    reason = f"seat {winner} wins {total} because everyone else folded"
    chips.pay({winner: total})
    history.add("award", winner, {"shares": {str(winner): total}, "reason": reason})
    return reason
