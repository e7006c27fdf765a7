"""PettingZoo environment steps per second under random legal play: every homegame game beside
PettingZoo's own ``texas_holdem_v4`` (four players) and ``leduc_holdem_v4`` in the same run.

Every side runs the standard AEC loop: ``last()`` for the observation and its action mask, a
uniformly random legal index, ``step()``; a step is one action taken (the closing ``step(None)`` of
each agent is not counted), and each deal starts with ``reset()`` (seeded once per run). Each
homegame environment is timed in back-to-back pairs of short runs with ``texas_holdem_v4``, and its
ratio is the median of the pairs' ratios (see ``benchmarks/_hands.py``); ``leduc_holdem_v4`` is
timed alone. PettingZoo's card games need its ``classic`` extra (RLCard), which the ``bench`` extra
brings.

    python -m benchmarks agents [--seconds 0.3] [--repeats 11] [--games=draw,pineapple] [--bound]

``--bound`` adds, for each game, the same environment with its observations made free: the seat
to act still gets its view, legal actions and mask, but no observation is encoded and the deal's
closing observations are not built (a constant array stands in). No real environment can run
faster than that, so it bounds what faster observations alone could give.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from benchmarks._hands import build
from homegame.agents import env
from homegame.agents.aec import acting, live_state
from homegame.agents.environment import HomegameEnv
from homegame.games import GAMES, new_game

PLAYERS = 4
Make = Callable[[], Any]


def steps_per_second(table: Any, chooser: random.Random, seconds: float) -> float:
    """Random legal play on ``table`` for about ``seconds``: actions taken per second. The table is
    seeded once (RLCard's environments build themselves anew on a seeded reset)."""
    steps = 0
    table.reset(seed=chooser.getrandbits(31))
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(legal[chooser.randrange(len(legal))]))
            steps += 1
        table.reset()
    return steps / elapsed


def peers() -> dict[str, Make] | None:
    """PettingZoo's hold'em games, or ``None`` without its classic extra."""
    try:
        from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4
    except ImportError:
        return None
    return {"texas_holdem_v4": lambda: texas_holdem_v4.env(num_players=PLAYERS),
            "leduc_holdem_v4": leduc_holdem_v4.env}


def seats_for(name: str) -> int:
    """``PLAYERS``, or fewer where the game takes fewer."""
    return min(PLAYERS, GAMES[name].players[-1])


def homegame_tables(names: list[str]) -> dict[str, Make]:
    return {name: (lambda name=name: env(name, players=seats_for(name))) for name in names}


class FreeObservations(HomegameEnv):  # type: ignore[misc]  # PettingZoo's classes are untyped
    """The environment with every observation free (see ``--bound``): not a usable environment."""

    def observe(self, agent: str) -> dict[str, Any]:
        state = live_state(self)
        if agent == self.agent_selection and not state.is_over:
            legal = acting(self)[3]
            return {"observation": self.encoding._zeros, "action_mask": legal.mask.copy()}
        return {"observation": self.encoding._zeros, "action_mask": self.encoding._no_actions}


def free_tables(names: list[str]) -> dict[str, Make]:
    return {f"{name} (observations free)": (lambda name=name: FreeObservations(
        new_game(name, players=seats_for(name)))) for name in names}


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks agents")
    parser.add_argument("--seconds", type=float, default=0.3, help="length of one timed run")
    parser.add_argument("--repeats", type=int, default=11, help="pairs of timed runs (medians)")
    parser.add_argument("--games", default=",".join(GAMES), help="homegame games, comma-separated")
    parser.add_argument("--bound", action="store_true",
                        help="also time each game with its observations free (an upper bound)")
    args = parser.parse_args(argv)
    names = [name.strip() for name in args.games.split(",") if name.strip()]
    ours = homegame_tables(names)
    if args.bound:
        ours.update(free_tables(names))
    theirs = peers()
    print(f"environment steps per second, random legal play, homegame {build()}: medians of "
          f"{args.repeats} runs of {args.seconds:g}s; the ratio is the median of paired runs' ratios "
          f"against texas_holdem_v4 ({PLAYERS} players)")
    print(f"{'environment':<42}{'players':>8}{'steps/s':>12}{'ratio':>9}")
    if theirs is None:
        print("(PettingZoo's classic extra is not installed: no peers, no ratios)")
    else:
        for name, make in theirs.items():
            rate = median_rate(make, args)
            print(f"{'pettingzoo ' + name:<42}{len(make().possible_agents):>8}{rate:>12,.0f}", flush=True)
    for name, make in ours.items():
        players = len(make().possible_agents)
        if theirs is None:
            print(f"{'homegame ' + name:<42}{players:>8}{median_rate(make, args):>12,.0f}", flush=True)
            continue
        rate, ratio = paired(make, theirs["texas_holdem_v4"], args)
        print(f"{'homegame ' + name:<42}{players:>8}{rate:>12,.0f}{ratio:>8.1f}x", flush=True)


def median_rate(make: Make, args: argparse.Namespace) -> float:
    table, chooser = make(), random.Random(0)
    return statistics.median(steps_per_second(table, chooser, args.seconds) for _ in range(args.repeats))


def paired(ours: Make, theirs: Make, args: argparse.Namespace) -> tuple[float, float]:
    """Our median rate and the median of the ratios of back-to-back runs."""
    our_table, their_table = ours(), theirs()
    our_chooser, their_chooser = random.Random(0), random.Random(0)
    rates, ratios = [], []
    for _ in range(args.repeats):
        rate = steps_per_second(our_table, our_chooser, args.seconds)
        rates.append(rate)
        ratios.append(rate / steps_per_second(their_table, their_chooser, args.seconds))
    return statistics.median(rates), statistics.median(ratios)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
