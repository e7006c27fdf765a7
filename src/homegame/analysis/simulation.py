"""Bots playing a game against each other, hand after hand, and what each seat won.

Every hand starts from the game's starting stacks (a fresh buy-in, so one bust does not end the
run), the dealer moves as the rules say and anything a hand carries over (a pot, fantasyland,
running totals) goes to the next.

>>> from homegame.bots import RandomBot
>>> from homegame.engine import Game
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from homegame._compile import rebuilt_from_fields
from homegame.analysis.intervals import standard_error
from homegame.analysis.progress import Progress
from homegame.bots import Bot, ask
from homegame.engine import Game, GameState
from homegame.errors import GameError

__all__ = ["SeatResult", "Simulation", "play_hand", "simulate"]


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's results over the run: total, mean per hand with its standard error (``None`` from
    a single hand), and how many hands it won: came out ahead in, or where points count against,
    took the fewest points in (not when everyone took as many)."""

    seat: int
    bot: str
    total: int
    mean: float
    standard_error: float | None
    won: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "bot": self.bot, "total": self.total, "mean": self.mean,
                "standard_error": self.standard_error, "won": self.won}


@dataclass(frozen=True, slots=True)
class Simulation:
    game: str
    hands: int
    seed: int | None
    seats: tuple[SeatResult, ...]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "hands": self.hands, "seed": self.seed,
                "seats": [seat.to_json() for seat in self.seats]}


rebuilt_from_fields(SeatResult, Simulation)


def play_hand(state: GameState[Any], bots: Sequence[Bot]) -> GameState[Any]:
    """Let ``bots`` play ``state`` to its end; each bot sees only its own seat's view."""
    while not state.is_over:
        for seat in state.to_act:
            state.apply(seat, ask(bots[seat], state, seat))
    return state


def simulate(game: Game, bots: Sequence[Bot], hands: int, *, seed: int | None = None,
             progress: Progress | None = None) -> Simulation:
    """Play ``hands`` hands of ``game`` with ``bots[i]`` in seat ``i``."""
    if len(bots) != game.player_count:
        raise GameError(f"{game.player_count} seats need {game.player_count} bots, got {len(bots)}")
    if hands < 1:
        raise GameError("play at least one hand")
    results: list[list[int]] = [[] for _ in bots]
    best_hands = [0] * len(bots)
    stacks = None if game.stack_each is None else [game.stack_each] * game.player_count
    dealer, carry = 0, dict[str, Any]()
    for number in range(hands):
        state = game.deal(seed=None if seed is None else seed * 1_000_003 + number, dealer=dealer,
                          stacks=stacks, carry=carry)
        play_hand(state, bots)
        outcome = state.outcome
        scores = [outcome.get(seat, 0) for seat in range(game.player_count)]
        fewest = min(scores)
        for seat, seat_results in enumerate(results):
            seat_results.append(scores[seat])
            if game.score_is_penalty:
                best_hands[seat] += scores[seat] == fewest < max(scores)
            else:
                best_hands[seat] += scores[seat] > 0
        dealer, carry = state.next_dealer, state.carry_out
        if progress is not None:
            progress(number + 1, hands)
    return Simulation(game.name, hands, seed, tuple(
        _summary(seat, bot, values, best_hands[seat])
        for seat, (bot, values) in enumerate(zip(bots, results, strict=True))))


def _summary(seat: int, bot: Bot, values: list[int], best: int) -> SeatResult:
    return SeatResult(seat, bot.name, sum(values), sum(values) / len(values), standard_error(values), best)
