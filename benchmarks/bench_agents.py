"""PettingZoo environment steps per second under random legal play, like for like: every homegame
game's bare environment (``raw_env``) beside PettingZoo's bare ``texas_holdem_v4.raw_env()``, and
its wrapped environment (``env()``: PettingZoo's three standard wrappers round the bare one) beside
PettingZoo's ``texas_holdem_v4.env()``, which wraps its own the same way, in the same run.

Every side runs the standard AEC loop: ``last()`` for the observation and its action mask, a
uniformly random legal index, ``step()``; a step is one action taken (the closing ``step(None)`` of
each agent is not counted), and each deal starts with ``reset()`` (seeded once per run). Each game
is timed in rounds of four back-to-back short runs (homegame bare, hold'em bare, homegame wrapped,
hold'em wrapped); a ratio is the median of the rounds' ratios, a rate the median of the rounds'
rates (see ``--repeats``), and "lost" is the share of the bare rate the wrappers take, from the
same rounds. PettingZoo's card games need its ``classic`` extra (RLCard), which the ``bench``
extra brings; without it the homegame columns alone are printed.

    python -m benchmarks agents [--seconds 0.3] [--repeats 11] [--games=draw,pineapple] [--bound]

``--bound`` adds, for each game, the bare environment with its observations made free: the seat to
act still gets its view, legal actions and mask, but no observation is encoded and the deal's
closing observations are not built (a constant array stands in). No real environment can run
faster than that, so it bounds what faster observations alone could give.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from benchmarks._hands import build
from homegame.agents import env, raw_env
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
        steps += random_deal(table, chooser)
    return steps / elapsed


def random_deal(table: Any, chooser: random.Random) -> int:
    """One deal of random legal play through the AEC loop, then a reset: the actions taken."""
    taken = 0
    for _ in table.agent_iter():
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        table.step(int(legal[chooser.randrange(len(legal))]))
        taken += 1
    table.reset()
    return taken


def holdem() -> tuple[Make, Make] | None:
    """PettingZoo's four-player hold'em, bare and wrapped, or ``None`` without its classic extra."""
    try:
        from pettingzoo.classic import texas_holdem_v4
    except ImportError:
        return None
    return (lambda: texas_holdem_v4.raw_env(num_players=PLAYERS),
            lambda: texas_holdem_v4.env(num_players=PLAYERS))


def seats_for(name: str) -> int:
    """``PLAYERS``, or fewer where the game takes fewer."""
    return min(PLAYERS, GAMES[name].players[-1])


class FreeObservations(HomegameEnv):  # type: ignore[misc]  # PettingZoo's classes are untyped
    """The environment with every observation free (see ``--bound``): not a usable environment."""

    def observe(self, agent: str) -> dict[str, Any]:
        state = live_state(self)
        if agent == self.agent_selection and not state.is_over:
            legal = acting(self)[3]
            return {"observation": self.encoding._zeros, "action_mask": legal.mask.copy()}
        return {"observation": self.encoding._zeros, "action_mask": self.encoding._no_actions}


class Rounds:
    """Runs timed back to back in rounds: each run's rates, kept by its name."""

    def __init__(self, tables: dict[str, Make], args: argparse.Namespace) -> None:
        self.tables = {name: make() for name, make in tables.items()}
        self.choosers = {name: random.Random(0) for name in tables}
        self.rates: dict[str, list[float]] = {name: [] for name in tables}
        for _ in range(args.repeats):
            for name, table in self.tables.items():
                self.rates[name].append(steps_per_second(table, self.choosers[name], args.seconds))

    def rate(self, name: str) -> float:
        return statistics.median(self.rates[name])

    def ratio(self, name: str, other: str) -> float:
        """The median of the rounds' ratios of ``name``'s rate to ``other``'s."""
        return statistics.median(a / b for a, b in zip(self.rates[name], self.rates[other], strict=True))

    def lost(self, bare: str, wrapped: str) -> float:
        """The median share of the bare rate that wrapping took, round by round."""
        return 1 - self.ratio(wrapped, bare)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks agents")
    parser.add_argument("--seconds", type=float, default=0.3, help="length of one timed run")
    parser.add_argument("--repeats", type=int, default=11, help="rounds of timed runs (medians)")
    parser.add_argument("--games", default=",".join(GAMES), help="homegame games, comma-separated")
    parser.add_argument("--bound", action="store_true",
                        help="also time each game with its observations free (an upper bound)")
    args = parser.parse_args(argv)
    names = [name.strip() for name in args.games.split(",") if name.strip()]
    theirs = holdem()
    load = os.getloadavg()[0]
    print(f"environment steps per second, random legal play, homegame {build()}, load average "
          f"{load:.2f}: medians of {args.repeats} rounds of runs of {args.seconds:g}s; ratios against "
          f"PettingZoo's texas_holdem_v4 ({PLAYERS} players) like for like, bare against raw_env(), "
          f"wrapped against env(), each the median of the rounds' ratios")
    header = f"{'environment':<26}{'players':>8}{'bare/s':>10}{'wrapped/s':>11}{'lost':>7}"
    print(header + ("" if theirs is None else f"{'bare ratio':>12}{'wrapped ratio':>15}"))
    if theirs is None:
        print("(PettingZoo's classic extra is not installed: no hold'em, no ratios)")
    for name in names:
        players = seats_for(name)
        tables: dict[str, Make] = {"bare": lambda name=name: raw_env(name, players=seats_for(name)),
                                   "wrapped": lambda name=name: env(name, players=seats_for(name))}
        if theirs is not None:
            tables.update({"holdem bare": theirs[0], "holdem wrapped": theirs[1]})
        rounds = Rounds(tables, args)
        line = (f"{'homegame ' + name:<26}{players:>8}{rounds.rate('bare'):>10,.0f}"
                f"{rounds.rate('wrapped'):>11,.0f}{rounds.lost('bare', 'wrapped'):>7.0%}")
        if theirs is not None:
            line += (f"{rounds.ratio('bare', 'holdem bare'):>11.2f}x"
                     f"{rounds.ratio('wrapped', 'holdem wrapped'):>14.2f}x")
        print(line, flush=True)
        if theirs is not None and name == names[-1]:
            print(f"{'pettingzoo texas_holdem_v4':<26}{PLAYERS:>8}{rounds.rate('holdem bare'):>10,.0f}"
                  f"{rounds.rate('holdem wrapped'):>11,.0f}"
                  f"{rounds.lost('holdem bare', 'holdem wrapped'):>7.0%}", flush=True)
    if args.bound:
        for name in names:
            game = new_game(name, players=seats_for(name))
            free = Rounds({"free": lambda game=game: FreeObservations(game)}, args)
            print(f"{'homegame ' + name + ' (observations free)':<26}{seats_for(name):>8}"
                  f"{free.rate('free'):>10,.0f}", flush=True)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
