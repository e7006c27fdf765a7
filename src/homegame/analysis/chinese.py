"""How well the Chinese Poker setting solver plays, measured with the game's own settlement.

:func:`head_to_head` deals two-player hands, sets seat 0 by the solver
(:func:`homegame.bots.chinese.solve`) and seat 1 by a rival way of setting, shows both (no naturals,
no surrender, so that only the setting is measured) and settles them with
:class:`~homegame.games.chinese.ChinesePoker`. :func:`solver_speed` times the solver.

>>> result = head_to_head(4, seed=1, rival="greedy")
>>> result.hands, isinstance(result.mean, float)
(4, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from math import sqrt
from typing import Final

from homegame.analysis.progress import Progress
from homegame.bots.chinese import greedy_setting, solve
from homegame.cards import Card, deck
from homegame.engine import Action
from homegame.games._rows import Rows
from homegame.games.chinese import SHOW, ChinesePoker, ChineseState

__all__ = ["RIVALS", "HeadToHead", "head_to_head", "solver_speed"]


def _random_setting(cards: list[Card], chooser: random.Random) -> Rows:
    shuffled = chooser.sample(cards, 13)
    return Rows(tuple(shuffled[:3]), tuple(shuffled[3:8]), tuple(shuffled[8:]))


RIVALS: Final[dict[str, Callable[[list[Card], random.Random], Rows]]] = {
    "greedy": lambda cards, _: greedy_setting(cards),
    "random": _random_setting,
    "solver": lambda cards, _: solve(cards).rows,
}
"""Ways to set a hand: greedy (strongest back, then middle), random (any split, fouls included),
and the solver itself."""


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """The solver's mean units a hand against a rival, with a 95% confidence half-width."""

    rival: str
    hands: int
    mean: float
    half_width: float

    def __str__(self) -> str:
        return (f"solver vs {self.rival}: {self.mean:+.3f} units a hand "
                f"(95% interval ±{self.half_width:.3f}, {self.hands} hands)")


def head_to_head(hands: int, *, seed: int, rival: str = "greedy",
                 progress: Progress | None = None) -> HeadToHead:
    """Play ``hands`` two-player hands, the solver against ``rival`` (see :data:`RIVALS`)."""
    if rival not in RIVALS:
        raise ValueError(f"no rival called {rival!r}; rivals: {', '.join(RIVALS)}")
    if hands < 1:
        raise ValueError(f"play at least one hand, not {hands}")
    game = ChinesePoker(players=2)
    chooser = random.Random(seed)
    results = []
    for number in range(hands):
        state = game.deal(seed=chooser.getrandbits(64), dealer=1)
        assert isinstance(state, ChineseState)
        state.apply(0, Action("set", groups=tuple(solve(state.hands[0]).rows)))
        state.apply(1, Action("set", groups=tuple(RIVALS[rival](list(state.hands[1]), chooser))))
        state.apply(0, SHOW)
        state.apply(1, SHOW)
        results.append(state.outcome[0])
        if progress is not None:
            progress(number + 1, hands)
    mean = sum(results) / hands
    spread = sqrt(sum((r - mean) ** 2 for r in results) / (hands - 1)) if hands > 1 else 0.0
    return HeadToHead(rival, hands, mean, 1.96 * spread / sqrt(hands))


def solver_speed(hands: int = 200, *, seed: int = 0) -> float:
    """The solver's mean time a hand in milliseconds, over ``hands`` random hands (after warming up)."""
    chooser = random.Random(seed)
    dealt = [chooser.sample(deck(), 13) for _ in range(hands)]
    solve(dealt[0])
    start = time.perf_counter()
    for cards in dealt:
        solve(cards)
    return (time.perf_counter() - start) * 1000 / hands
