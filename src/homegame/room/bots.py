"""Bots at card-room tables, thinking in worker processes so the room's event loop never waits.

A bot sees what its seat may see (the view) and its legal actions, exactly as at the terminal; the
room sends those to a worker process, which answers with an action. A solver or Monte Carlo bot can
think for a second there while the room goes on serving every other table. With no workers
(``workers=0``) bots think in the room's own process, for tests and tiny rooms.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from homegame.bots import Bot, make_bot
from homegame.engine import Action, ActionSet

__all__ = ["BotPool", "decide"]

_BOTS: dict[tuple[str, str], Bot] = {}


def decide(game: str, level: str, view: Any, legal: ActionSet, seed: int) -> Action:
    """What a ``level`` bot for ``game`` plays with ``view`` and ``legal`` (its randomness from
    ``seed``). Each worker keeps one bot of each kind, so tables built on first use stay built."""
    bot = _BOTS.get((game, level))
    if bot is None:
        bot = _BOTS[game, level] = make_bot(game, level)
    bot.random.seed(seed)
    return bot.act(view, legal)


class BotPool:
    """Where the room's bots think: ``workers`` processes (none: in the room's own process)."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._executor: Executor | None = None
        if workers:
            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(max_workers=workers, mp_context=context)
        self._seeds = random.SystemRandom()

    async def decide(self, game: str, level: str, view: Any, legal: ActionSet) -> Action:
        seed = self._seeds.getrandbits(63)
        if self._executor is None:
            return decide(game, level, view, legal, seed)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, decide, game, level, view, legal, seed)

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
