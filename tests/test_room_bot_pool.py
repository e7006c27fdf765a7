"""Where a room's bots think: the random bot in the room's own process (its move costs less than
the trip to a worker), every other bot in the room's worker processes."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

import homegame
from homegame.room.bots import BotPool


class _Workers(Executor):
    """Stands in for the worker processes: notes each piece of work sent, and does it here."""

    def __init__(self) -> None:
        self.sent: list[Callable[..., Any]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.sent.append(fn)
        done: Future[Any] = Future()
        done.set_result(fn(*args, **kwargs))
        return done


def test_the_random_bot_moves_in_the_room_and_the_others_in_a_worker() -> None:
    pool, workers = BotPool(workers=0), _Workers()
    pool._executor = workers
    state = homegame.new_game("draw", players=3).deal(seed=4)
    seat = state.to_act[0]
    moves = [asyncio.run(pool.decide("draw", "random", state, seat)) for _ in range(5)]
    assert all(move in state.legal_actions(seat) for move in moves) and workers.sent == []
    best = asyncio.run(pool.decide("draw", "best", state, seat))
    assert best in state.legal_actions(seat) and len(workers.sent) == 1
