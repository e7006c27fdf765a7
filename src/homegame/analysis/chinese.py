"""How well the Chinese Poker setting solver and the Open-Face bot play, measured with the games'
own settlement.

:func:`head_to_head` deals two-player hands, sets seat 0 by the solver
(:func:`homegame.bots.chinese.solve`) and seat 1 by a rival way of setting, shows both (no naturals,
no surrender, so that only the setting is measured) and settles them with
:class:`~homegame.games.chinese.ChinesePoker`. :func:`solver_speed` times the solver.
:func:`open_face_match` plays the Open-Face Monte Carlo bot against another bot, hand after hand
with the dealer and fantasyland carried on as at a table, and counts fouls and units.

>>> result = head_to_head(4, seed=1, rival="greedy")
>>> result.hands, isinstance(result.mean, float)
(4, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from homegame.analysis.intervals import mean_and_margin
from homegame.analysis.progress import Progress
from homegame.bots import Bot, RandomBot, ask
from homegame.bots.chinese import greedy_setting, solve
from homegame.bots.open_face import MonteCarloBot
from homegame.cards import Card, deck
from homegame.engine import Action
from homegame.errors import GameError
from homegame.games._rows import Rows
from homegame.games.chinese import SHOW, ChinesePoker, ChineseState
from homegame.games.open_face import OpenFace, OpenFaceState

__all__ = ["RIVALS", "HeadToHead", "OpenFaceMatch", "head_to_head", "open_face_match", "solver_speed"]


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


def _check_hands(hands: int) -> None:
    """A match's interval needs two hands at least (a spread from one hand is no spread)."""
    if hands < 2:
        raise GameError(f"a 95% interval needs at least 2 hands, not {hands}")


def head_to_head(hands: int, *, seed: int, rival: str = "greedy",
                 progress: Progress | None = None) -> HeadToHead:
    """Play ``hands`` two-player hands, the solver against ``rival`` (see :data:`RIVALS`)."""
    if rival not in RIVALS:
        raise GameError(f"no rival called {rival!r}; rivals: {', '.join(RIVALS)}")
    _check_hands(hands)
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
    return HeadToHead(rival, hands, *mean_and_margin(results))


def solver_speed(hands: int = 200, *, seed: int = 0) -> float:
    """The solver's mean time a hand in milliseconds, over ``hands`` random hands (after warming up)."""
    chooser = random.Random(seed)
    dealt = [chooser.sample(deck(), 13) for _ in range(hands)]
    solve(dealt[0])
    start = time.perf_counter()
    for cards in dealt:
        solve(cards)
    return (time.perf_counter() - start) * 1000 / hands


@dataclass(frozen=True, slots=True)
class OpenFaceMatch:
    """An Open-Face match of seat 0 (the Monte Carlo bot) against seat 1: fouls, fantasyland hands
    and seat 0's mean units a hand with a 95% interval, and the bot's seconds a hand."""

    rival: str
    hands: int
    fouls: tuple[int, int]
    fantasy_hands: tuple[int, int]
    mean: float
    half_width: float
    seconds_a_hand: float

    def __str__(self) -> str:
        rates = [f"{100 * f / self.hands:.1f}%" for f in self.fouls]
        return (f"monte-carlo vs {self.rival} over {self.hands} hands: {self.mean:+.2f} units a hand "
                f"(95% interval ±{self.half_width:.2f}); fouls {rates[0]} vs {rates[1]}; fantasyland "
                f"hands {self.fantasy_hands[0]} vs {self.fantasy_hands[1]}; "
                f"{self.seconds_a_hand:.2f} s a hand")


def open_face_match(hands: int, *, seed: int, rival: str = "random", samples: int = 32,
                    progress: Progress | None = None) -> OpenFaceMatch:
    """Play ``hands`` two-player Open-Face hands, :class:`MonteCarloBot` in seat 0 against ``rival``
    (``random`` or ``monte-carlo``) in seat 1, carrying the dealer and fantasyland between hands.

    >>> print(open_face_match(2, seed=1, samples=4).hands)
    2
    """
    _check_hands(hands)
    players: list[Bot] = [MonteCarloBot(seed=seed, samples=samples),
                          MonteCarloBot(seed=seed + 1, samples=samples) if rival == "monte-carlo"
                          else RandomBot(seed=seed + 1)]
    if rival not in ("random", "monte-carlo"):
        raise GameError(f"no rival called {rival!r}; rivals: random, monte-carlo")
    game, chooser = OpenFace(players=2), random.Random(seed)
    dealer, results = 0, []
    carry: dict[str, Any] = {}
    fouls, fantasy = [0, 0], [0, 0]
    start = time.perf_counter()
    for number in range(hands):
        state = game.deal(seed=chooser.getrandbits(64), dealer=dealer, carry=carry)
        assert isinstance(state, OpenFaceState)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, ask(players[seat], state, seat))
        for seat in (0, 1):
            fouls[seat] += seat in state.view(None).fouled
            fantasy[seat] += seat in state.fantasy
        results.append(state.outcome[0])
        dealer, carry = state.next_dealer, state.carry_out
        if progress is not None:
            progress(number + 1, hands)
    elapsed = (time.perf_counter() - start) / hands
    mean, margin = mean_and_margin(results)
    return OpenFaceMatch(rival, hands, (fouls[0], fouls[1]), (fantasy[0], fantasy[1]), mean, margin, elapsed)
