"""What search costs, game by game: ``clone()`` beside the replay it replaced, ``resample(seat)``,
and playouts per second.

- clone and resample: a hand played at random to half its length (the same hand for both, two to
  four players), then the median of many timed copies, in microseconds; the replay is the old
  clone (``state.replayed()``), timed the same way in the same run, and the ratio is its cost over
  the clone's;
- playouts: from the first real decision of a hand (more than one legal action), how many
  playouts the search bot runs in a second, median over five hands: ``tree`` its tree search (each
  playout a resample, a walk down the tree and a quick playout to the end), ``guided`` its paired
  playouts with the game's own bot in every seat (where that bot is too slow to guide, the tree
  search runs instead, so the two columns agree); ``raw`` resample-and-random-playouts, the rate
  under both;
- and the time Chinese Poker's exact setting solver takes a hand (a benchmark, not a test: a
  timed assertion fails on a busy machine).

    python -m benchmarks search [--seconds 1] [--games draw,papayoo]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from homegame.analysis.chinese import solver_speed
from homegame.bots import ask
from homegame.bots.search import SearchBot
from homegame.engine import GameState
from homegame.engine.infoset import InformationSet
from homegame.games import GAMES, new_game

TABLES = {"pai_gow": 2, "papayoo": 4, "open_face": 3, "chinese": 3}
"""Seats per game (three by default)."""


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks search")
    parser.add_argument("--seconds", type=float, default=1.0, help="time per playout measurement")
    parser.add_argument("--games", default=",".join(GAMES), help="games, comma separated")
    args = parser.parse_args(argv)
    print(f"{'game':<22} {'clone us':>9} {'replay us':>10} {'ratio':>6} {'resample us':>12} "
          f"{'tree/s':>7} {'guided/s':>9} {'raw/s':>7}")
    for name in args.games.split(","):
        mid = _halfway(name)
        clone = _median_us(mid.clone)
        replay = _median_us(mid.replayed, runs=30)
        seat = mid.to_act[0]
        rng = random.Random(1)
        resample = _median_us(lambda mid=mid, seat=seat, rng=rng: mid.resample(seat, rng))
        start = _first_choice(new_game(name, players=TABLES.get(name, 3)).deal(seed=11))
        print(f"{name:<22} {clone:>9.1f} {replay:>10.0f} {replay / clone:>5.0f}x {resample:>12.1f} "
              f"{_search_rate(name, args.seconds, guided=False):>7.0f} "
              f"{_search_rate(name, args.seconds, guided=True):>9.0f} {_raw_rate(start, args.seconds):>7.0f}",
              flush=True)
    print(f"Chinese Poker's setting solver: {solver_speed(200, seed=1):.1f} ms a hand, the mean of 200 hands")


def _halfway(name: str) -> GameState[Any]:
    """A hand of ``name`` played at random to half its length."""
    game = new_game(name, players=TABLES.get(name, 3))
    probe, chooser = game.deal(seed=7), random.Random(7)
    length = _play(probe, chooser)
    state, chooser = game.deal(seed=7), random.Random(7)
    _play(state, chooser, stop=length // 2)
    return state


def _play(state: GameState[Any], chooser: random.Random, stop: int | None = None) -> int:
    steps = 0
    while not state.is_over and steps != stop:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[chooser.randrange(len(legal))])
        steps += 1
    return steps


def _first_choice(state: GameState[Any]) -> GameState[Any]:
    """``state`` moved on to the first decision with more than one legal action."""
    while not state.is_over and len(state.legal_actions(state.to_act[0])) == 1:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def _median_us(work: Callable[[], object], runs: int = 2000) -> float:
    """The median time of ``work`` in microseconds, timed in batches of ten."""
    batches = max(1, runs // 10)
    samples = []
    for _ in range(batches):
        begin = time.perf_counter()
        for _ in range(10):
            work()
        samples.append((time.perf_counter() - begin) / 10)
    return statistics.median(samples) * 1e6


def _search_rate(name: str, seconds: float, *, guided: bool) -> float:
    """Search playouts per second from the first decision of a hand (median over five hands),
    guided by the game's own bot or in the tree with quick playouts."""
    rates = []
    for seed in range(5):
        state = _first_choice(new_game(name, players=TABLES.get(name, 3)).deal(seed=seed))
        bot = SearchBot(seed=seed, seconds=seconds / 5, guided=guided)
        ask(bot, state, state.to_act[0])
        rates.append(bot.last_playouts / (seconds / 5) if bot.last_playouts else 0.0)
    return statistics.median(rates)


def _raw_rate(state: GameState[Any], seconds: float) -> float:
    """Resamples of the first decision, each played to the end at random, per second."""
    seat = InformationSet(state, state.to_act[0])
    chooser = random.Random(3)
    done, begin = 0, time.perf_counter()
    while time.perf_counter() - begin < seconds:
        _play(seat.sample(chooser), chooser)
        done += 1
    return done / (time.perf_counter() - begin)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
