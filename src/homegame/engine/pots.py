"""Chips in front of the players, what each put in the pot, side pots, and awarding them.

:class:`Chips` is the chip ledger of one hand: each seat's stack (chips behind), what it has
committed to the pot so far (antes, blinds, bets), and who has folded. :func:`build_pots` turns the
commitments into a main pot and side pots (a seat that went all-in can win only what it could
match); :func:`award_pot` and :func:`split` share a pot among its winners by the rule of
RULINGS.md: an odd chip that cannot be split goes to the high half, and among several winners of
one half to the first of them clockwise from the dealer's left. Folded players' chips stay in the
pots they were put in; they just cannot win them.

>>> chips = Chips([100, 30, 100], dealer=0)
>>> for seat, amount in ((0, 60), (1, 60), (2, 60)):
...     _ = chips.post(seat, amount)
>>> chips.committed, chips.stacks, chips.all_in
([60, 30, 60], [40, 0, 40], {1})
>>> build_pots(chips.committed, folded=())
[Pot(amount=90, eligible=(0, 1, 2)), Pot(amount=60, eligible=(0, 2))]
>>> split(5, [2, 0], dealer=0, players=3)
{2: 3, 0: 2}
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from homegame._compile import mypyc_attr, rebuilt_from_fields

__all__ = ["Award", "Chips", "Pot", "award_pot", "award_pots", "build_pots", "clockwise_from_left", "split",
           "total_shares"]


@dataclass(frozen=True, slots=True)
class Pot:
    """An amount of chips and the seats (still in the hand) that may win it."""

    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Award:
    """Who won how much of one pot, and which half (``"high"``, ``"low"`` or ``"all"``) it was."""

    pot: int
    half: str
    shares: dict[int, int]


rebuilt_from_fields(Pot, Award)


@mypyc_attr(allow_interpreted_subclasses=True)  # copy() makes one without __init__ (see _compile.py)
class Chips:
    """The chips of one hand: stacks behind, chips committed to the pot, folds and all-ins.

    ``stacks`` is copied; :meth:`post` moves chips from a stack into the pot (never more than the
    seat has: a seat that puts in its last chip is all-in). The total of ``stacks`` plus
    ``committed`` never changes until :meth:`pay` hands pots back out.
    """

    __slots__ = ("all_in", "committed", "dealer", "folded", "players", "stacks", "start")

    def __init__(self, stacks: Sequence[int], *, dealer: int = 0) -> None:
        self.stacks = list(stacks)
        self.start = tuple(stacks)
        self.players = len(self.stacks)
        self.dealer = dealer
        self.committed = [0] * self.players
        self.folded: set[int] = set()
        self.all_in: set[int] = set()

    def copy(self) -> Chips:
        """An independent ledger in the same position (for ``state.clone()``)."""
        twin = Chips.__new__(Chips)  # no __init__: every field is set here
        twin.stacks, twin.start = list(self.stacks), self.start
        twin.players, twin.dealer = self.players, self.dealer
        twin.committed, twin.folded, twin.all_in = list(self.committed), set(self.folded), set(self.all_in)
        return twin

    def post(self, seat: int, amount: int) -> int:
        """Move up to ``amount`` chips of ``seat`` into the pot; returns how many it could post.

        >>> chips = Chips([5, 5])
        >>> chips.post(0, 8), chips.all_in
        (5, {0})
        """
        stack = self.stacks[seat]
        paid = amount if amount < stack else stack  # not min(), which parses its arguments anew
        self.stacks[seat] = stack - paid
        self.committed[seat] += paid
        if paid == stack and paid > 0:
            self.all_in.add(seat)
        return paid

    def fold(self, seat: int) -> None:
        self.folded.add(seat)

    @property
    def in_hand(self) -> list[int]:
        """The seats that have not folded, in seat order."""
        return [seat for seat in range(self.players) if seat not in self.folded]

    @property
    def pot(self) -> int:
        """Every chip committed so far, by every seat (folded ones too)."""
        total = 0
        for chips in self.committed:  # a loop: the compiled build calls sum() as a Python function
            total += chips
        return total

    def pots(self) -> list[Pot]:
        """The main pot and side pots built from the commitments so far."""
        return build_pots(self.committed, self.folded)

    def pay(self, shares: Mapping[int, int]) -> None:
        """Hand chips won back to the winners' stacks."""
        for seat, amount in shares.items():
            self.stacks[seat] += amount

    def net(self) -> dict[int, int]:
        """Each seat's result: its stack now less its stack at the start (sums to zero once paid)."""
        return {seat: self.stacks[seat] - self.start[seat] for seat in range(self.players)}


def build_pots(committed: Sequence[int], folded: Collection[int]) -> list[Pot]:
    """The main pot then each side pot, from what each seat committed.

    Each level a seat still in the hand committed to closes a pot: every seat pays into it up to
    that level, and only the seats still in that reached it may win it. Chips a seat put in beyond
    what anyone else still in could match form a last pot that only it can win (an uncalled bet,
    returned when awarded). Pots with no chips are left out.

    >>> build_pots([10, 25, 40, 40], folded={3})
    [Pot(amount=40, eligible=(0, 1, 2)), Pot(amount=45, eligible=(1, 2)), Pot(amount=30, eligible=(2,))]
    """
    live = [seat for seat in range(len(committed)) if seat not in folded]
    levels = sorted({committed[seat] for seat in live if committed[seat] > 0})
    if len(levels) == 1:  # the usual showdown: everyone still in put in the same, one pot
        total = sum(committed)
        return [Pot(total, tuple(seat for seat in live if committed[seat] >= levels[0]))]
    pots: list[Pot] = []
    floor = 0
    for index, level in enumerate(levels):
        top = level if index < len(levels) - 1 else max(committed)
        amount = sum(min(paid, top) - min(paid, floor) for paid in committed)
        eligible = tuple(seat for seat in live if committed[seat] >= level)
        if amount:
            pots.append(Pot(amount, eligible))
        floor = top
    total = sum(committed, 0)
    if not levels and total:
        pots.append(Pot(total, tuple(live)))
    return pots


def clockwise_from_left(seats: Collection[int], *, dealer: int, players: int) -> list[int]:
    """``seats`` in clockwise order starting from the dealer's left.

    >>> clockwise_from_left({0, 1, 3}, dealer=1, players=4)
    [3, 0, 1]
    """
    return sorted(seats, key=lambda seat: (seat - dealer - 1) % players)


def split(amount: int, winners: Collection[int], *, dealer: int, players: int) -> dict[int, int]:
    """Share ``amount`` equally; odd chips go one each to the first winners from the dealer's left.

    >>> split(10, [3, 1, 2], dealer=1, players=4)
    {2: 4, 3: 3, 1: 3}
    """
    if not winners:
        raise ValueError("a pot needs at least one winner")
    if len(winners) == 1:  # the usual pot: nothing to share
        return dict.fromkeys(winners, amount)
    order = clockwise_from_left(winners, dealer=dealer, players=players)
    share, odd = divmod(amount, len(order))
    return {seat: share + (1 if index < odd else 0) for index, seat in enumerate(order)}


def award_pot(pot: Pot, high: Mapping[int, int], low: Mapping[int, int] | None = None, *,
              dealer: int, players: int, index: int = 0) -> list[Award]:
    """Award one pot to the best hands among its eligible seats.

    ``high`` maps each seat contending for the high hand to its strength (greater wins); ``low``,
    for split games, maps each seat that has a qualifying low (greater strength is the better low,
    as every ranking of :mod:`homegame.ranking` orders it). A seat missing from a mapping does not
    contend for that half. With contenders for both halves the pot is split, the odd chip to the
    high half; with contenders for one half only, that half takes the whole pot. With no contender
    at all (everyone eligible missing from both), the eligible seats share it.

    >>> pot = Pot(11, (0, 1, 2))
    >>> award_pot(pot, {0: 5, 1: 9, 2: 9}, {0: 3, 2: 1}, dealer=0, players=3)
    [Award(pot=0, half='high', shares={1: 3, 2: 3}), Award(pot=0, half='low', shares={0: 5})]
    """
    highs = {seat: high[seat] for seat in pot.eligible if seat in high}
    lows = {seat: low[seat] for seat in pot.eligible if low is not None and seat in low}
    if highs and lows:
        low_half = pot.amount // 2
        return [_award_half(pot.amount - low_half, highs, "high", dealer, players, index),
                _award_half(low_half, lows, "low", dealer, players, index)]
    if highs or lows:
        return [_award_half(pot.amount, highs or lows, "all", dealer, players, index)]
    return [Award(index, "all", split(pot.amount, pot.eligible, dealer=dealer, players=players))]


def _award_half(amount: int, strengths: Mapping[int, int], half: str, dealer: int, players: int,
                index: int) -> Award:
    best = max(strengths.values())
    winners = [seat for seat, value in strengths.items() if value == best]
    return Award(index, half, split(amount, winners, dealer=dealer, players=players))


def award_pots(pots: Sequence[Pot], high: Mapping[int, int], low: Mapping[int, int] | None = None, *,
               dealer: int, players: int) -> list[Award]:
    """Award every pot in turn (see :func:`award_pot`); a pot only one seat may win goes to it.

    >>> pots = build_pots([10, 30, 30], folded=())
    >>> [(a.pot, a.shares) for a in award_pots(pots, {0: 9, 1: 5, 2: 7}, dealer=0, players=3)]
    [(0, {0: 30}), (1, {2: 40})]
    """
    awards: list[Award] = []
    for index, pot in enumerate(pots):
        awards.extend(award_pot(pot, high, low, dealer=dealer, players=players, index=index))
    return awards


def total_shares(awards: Sequence[Award]) -> dict[int, int]:
    """Each winner's total across ``awards``.

    >>> total_shares([Award(0, "all", {1: 4}), Award(1, "all", {1: 2, 2: 2})])
    {1: 6, 2: 2}
    """
    totals: dict[int, int] = {}
    for award in awards:
        for seat, amount in award.shares.items():
            totals[seat] = totals.get(seat, 0) + amount
    return totals
