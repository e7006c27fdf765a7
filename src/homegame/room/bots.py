"""Bots at card-room tables, thinking in worker processes so the room's event loop never waits.

A bot sees what its seat may see, exactly as at the terminal. The room sends a worker process the
seat's knowledge as a hand it cannot tell from the real one (``state.resample(seat)``: its own
cards and everything shown kept, every card it cannot see dealt again), so nothing hidden ever
leaves the table, yet the search bot can play on from it; the worker answers with an action. A
solver, a Monte Carlo or a search bot can think for a second there while the room goes on serving
every other table. The random bot moves in the room's own process: its move (a legal action picked
at random) costs far less than the trip to a worker and back, which is the hand's history written
out, sent, replayed and dealt again there, and two hand-overs between threads and processes that
a busy room pays for in time as well. With no workers (``workers=0``) every bot thinks in the
room's own process, for tests and tiny rooms.
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
import random
import signal
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final

from homegame.bots import Bot, ask, make_bot
from homegame.engine import Action, GameState

__all__ = ["IN_THE_ROOM", "BotPool", "decide"]

_BOTS: dict[tuple[str, str], Bot] = {}
IN_THE_ROOM: Final = frozenset({"random"})
"""The bots that move in the room's own process even when it has workers (see the module's
docstring)."""


def decide(game: str, level: str, knowledge: GameState[Any], seat: int, seed: int) -> Action:
    """What a ``level`` bot for ``game`` plays at ``seat``, knowing what ``knowledge`` (a resample
    for that seat) tells it, its randomness from ``seed``. Each worker keeps one bot of each kind,
    so tables built on first use stay built.

    >>> import homegame
    >>> state = homegame.new_game("draw", players=2).deal(seed=3)
    >>> seat = state.to_act[0]
    >>> knowledge = state.resample(seat, random.Random(1))
    >>> decide("draw", "search:20", knowledge, seat, seed=5) in state.legal_actions(seat)
    True
    """
    bot = _BOTS.get((game, level))
    if bot is None:
        bot = _BOTS[game, level] = make_bot(game, level)
    bot.random.seed(seed)
    return ask(bot, knowledge, seat)


def decide_from_history(game: str, level: str, history: dict[str, Any], seat: int, seed: int) -> Action:
    """:func:`decide`, for a worker process: the hand arrives as its history (plain data, which
    crosses a process boundary in every build) and is replayed and resampled here."""
    from homegame.games import replay

    knowledge = replay(history).resample(seat, random.Random(seed))
    return decide(game, level, knowledge, seat, seed)


def _die_with(room: int) -> None:
    """A worker ends when the room's process does, even a room killed with ``kill -9`` that could
    not tell its workers to stop (else they would linger, waiting on a pipe nobody writes to). It
    leaves Ctrl-C to the room: the terminal sends it to every process of the group, and the room
    stops its workers itself (a worker's own ``KeyboardInterrupt`` printed a traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    def watch() -> None:
        while os.getppid() == room:
            time.sleep(1.0)
        os._exit(0)
    threading.Thread(target=watch, daemon=True, name="homegame-room-watch").start()


class BotPool:
    """Where the room's bots think: ``workers`` processes (none: in the room's own process)."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._executor: Executor | None = None
        if workers:
            self._executor = self._new_executor()
        self._seeds = random.SystemRandom()

    def _new_executor(self) -> Executor:
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(max_workers=self.workers, mp_context=context, initializer=_die_with,
                                   initargs=(os.getpid(),))

    async def decide(self, game: str, level: str, state: GameState[Any], seat: int) -> Action:
        """What a ``level`` bot plays at ``seat`` of ``state``, thought out in a worker process (in
        this one for a bot of :data:`IN_THE_ROOM`)."""
        seed = self._seeds.getrandbits(63)
        if self._executor is None or level in IN_THE_ROOM:
            return decide(game, level, state.resample(seat, random.Random(seed)), seat, seed)
        loop = asyncio.get_running_loop()
        work = functools.partial(decide_from_history, game, level, state.history.to_json(), seat, seed)
        try:
            return await loop.run_in_executor(self._executor, work)
        except BrokenProcessPool:
            self._restart()
            return await loop.run_in_executor(self._executor, work)

    def _restart(self) -> None:
        """A worker died (killed, out of memory): a new pool takes over, so the bots play on."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
        self._executor = self._new_executor()

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
