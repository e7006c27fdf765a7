"""The Pineapple showdown: each hand still in judged on the board (on each board, when the players
ran it twice), the pots awarded, and who wins nothing (a hand the table lets its player muck).

With one board every pot goes to its best hand (high and eight-or-better low in Hi-Lo). With two
runs, each pot is halved, the first run's half taking an odd chip, and each half goes to the best
hand on that run's board.

>>> from homegame.cards import parse_cards
>>> from homegame.engine.pots import Chips
>>> chips = Chips([10, 10], dealer=0)
>>> _ = chips.post(0, 5), chips.post(1, 5)
>>> boards = [parse_cards("Ah 7d 2c 9s Kd"), parse_cards("Ah 7d 2c 3s 3d")]
>>> runs = judge_runs({0: parse_cards("Ac Qd"), 1: parse_cards("3h 4h")}, boards, chips, hi_lo=False)
>>> [sorted(run.winners(chips)) for run in runs]
[[0], [1]]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Final

from homegame.cards import Card
from homegame.engine.habits import halved, winners_of
from homegame.engine.history import History
from homegame.engine.pots import Chips, Pot
from homegame.engine.showdown import Reason, ShownHands, named_by_strength, settle_showdown
from homegame.games.pineapple.hands import EIGHT_OR_BETTER, evaluate_high, high_strength, low_strength

__all__ = ["NO_LOW_TEXT", "Run", "judge_runs", "settle_runs"]

NO_LOW_TEXT: Final = "no hand makes an eight-or-better low: the high hand takes the whole pot"


class Run:
    """One board and what it makes of each hand still in: the high strengths, the qualifying lows
    (Hi-Lo; ``None`` otherwise), the hands to name, and the pots (or halves) it settles."""

    __slots__ = ("board", "high", "highs", "low", "lows", "pots")

    def __init__(self, hole: Mapping[int, Sequence[Card]], board: Sequence[Card], pots: list[Pot], *,
                 hi_lo: bool) -> None:
        self.board, self.pots = tuple(board), pots
        self.high = {seat: high_strength(cards, board) for seat, cards in hole.items()}
        self.low: dict[int, int] | None = None
        if hi_lo:
            self.low = {seat: value for seat, cards in hole.items() if (value := low_strength(cards, board))}
        held = {seat: (*cards, *board) for seat, cards in hole.items()}
        short = any(len(cards) < 5 for cards in held.values())  # a small form's: no standard name
        self.highs = ShownHands(held, evaluate_high, None if short else named_by_strength(self.high))
        self.lows = ShownHands(held, EIGHT_OR_BETTER.evaluate)

    def winners(self, chips: Chips) -> set[int]:
        """The seats that win a share of this run's pots."""
        return winners_of(self.pots, self.high, self.low or None, dealer=chips.dealer, players=chips.players)


def judge_runs(hole: Mapping[int, Sequence[Card]], boards: Sequence[Sequence[Card]], chips: Chips, *,
               hi_lo: bool) -> list[Run]:
    """Each board's :class:`Run` for the hands ``hole`` (the seats still in): one board settles the
    pots whole, two settle half of each pot."""
    pots = chips.pots()
    shares = [pots] if len(boards) == 1 else list(halved(pots))
    return [Run(hole, board, share, hi_lo=hi_lo) for board, share in zip(boards, shares, strict=True)]


def settle_runs(history: History, chips: Chips, runs: Sequence[Run],
                shown: Collection[int]) -> list[str | Reason]:
    """Award every run's pots among the hands ``shown`` (a mucked hand wins nothing and is not
    named) and pay them; the reasons, each run's labelled when there are two."""
    reasons: list[str | Reason] = []
    for number, run in enumerate(runs, start=1):
        high = {seat: value for seat, value in run.high.items() if seat in shown}
        low = None if run.low is None else {seat: value for seat, value in run.low.items() if seat in shown}
        if run.low is not None and not run.low:
            reasons.append(NO_LOW_TEXT if len(runs) == 1 else f"run {number}: {NO_LOW_TEXT}")
        reasons.extend(settle_showdown(history, chips, high, run.highs.name, low or None, run.lows.name,
                                       cards=run.highs.cards, low_cards=run.lows.cards, pots=run.pots,
                                       run=number if len(runs) > 1 else None))
    return reasons
