"""Learner steps per second of the vector environment beside as many single-agent environments
stepped one by one, in the same run: heads-up Basic Draw Poker by default, the opponent random.

A learner step is one action of the learner (the opponents' actions in between are not counted).
Both sides choose uniformly among the legal indices: the vector side for all its tables at once
from the mask array (random scores, the illegal ones set below any legal, the best of each row),
the single side table by table from each ``info["action_mask"]``. Each side runs for about
``--seconds`` a round; rates are medians of ``--repeats`` rounds, the ratio the median of the
rounds' ratios. ``--instructions`` counts instead, under callgrind, the instructions a learner step
takes on each side (``benchmarks/_callgrind.py``: the difference of a long and a short run), in
plain Python and, where it is installed, the compiled build: the machine-free measure.

    python -m benchmarks vector [--tables 256] [--seconds 1] [--repeats 7] [--game draw] [--players 2]
    python -m benchmarks vector --instructions --tables 64
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from benchmarks import _callgrind
from benchmarks._hands import build
from homegame.agents import single_agent
from homegame.agents.vector import vector_env

Stepper = Callable[[], int]
"""One round of a side: every table's learner takes one step; returns the learner steps taken."""


def vector_stepper(tables: object, seed: int) -> Stepper:
    """The vector side, reset with ``seed``: one ``step`` of all its tables a round."""
    chooser = np.random.default_rng(seed)
    infos = tables.reset(seed=seed)[1]  # type: ignore[attr-defined]

    def step() -> int:
        nonlocal infos
        masks = infos["action_mask"]
        scores = chooser.random(masks.shape)
        scores[~masks] = -1.0
        infos = tables.step(scores.argmax(axis=1))[4]  # type: ignore[attr-defined]
        return len(masks)
    return step


def singles_stepper(singles: list[object], seed: int) -> Stepper:
    """The single side, each environment reset with ``seed`` plus its row: one step of each a round."""
    chooser = random.Random(seed)
    masks = [single.reset(seed=seed + row)[1]["action_mask"]  # type: ignore[attr-defined]
             for row, single in enumerate(singles)]

    def step() -> int:
        for row, single in enumerate(singles):
            legal = np.flatnonzero(masks[row])
            _, _, done, _, info = single.step(int(legal[chooser.randrange(len(legal))]))  # type: ignore[attr-defined]
            if done:
                _, info = single.reset()  # type: ignore[attr-defined]
            masks[row] = info["action_mask"]
        return len(singles)
    return step


def sides(game: str, players: int, count: int) -> dict[str, Callable[[int], Stepper]]:
    """Each side's stepper for ``count`` tables of ``game``, by side, given a seed."""
    tables = vector_env(game, count, players=players, opponents="random")
    singles = [single_agent(game, players=players, opponents="random") for _ in range(count)]
    return {"vector": lambda seed: vector_stepper(tables, seed),
            "single": lambda seed: singles_stepper(singles, seed)}


def rate(stepper: Stepper, seconds: float) -> float:
    """Learner steps a second, stepping for about ``seconds``."""
    steps = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        steps += stepper()
    return steps / elapsed


WORKLOAD = """
from benchmarks.bench_vector import sides
step = sides({game!r}, {players}, {tables})[{side!r}](0)
for _ in range({{units}}):
    step()
"""
"""A side's rounds, counted under callgrind (``{units}`` rounds)."""
ROUNDS = (5, 25)
"""Rounds in the short and the long counted run."""


def instructions(args: argparse.Namespace) -> None:
    """Print the instructions a learner step takes, each side, each build there is."""
    if not _callgrind.available():
        raise SystemExit("valgrind is not installed: no instruction counts (apt-get install valgrind)")
    builds = ["plain", "compiled"] if _callgrind.installed_is_compiled() else ["plain"]
    print(f"instructions a learner step (callgrind), {args.game} for {args.players}, random opponents, "
          f"{args.tables} tables")
    print(f"{'environment':<40}" + "".join(f"{build:>14}" for build in builds), flush=True)
    for side, label in (("vector", f"vector_env, {args.tables} tables"),
                        ("single", f"{args.tables} single_agent environments")):
        code = WORKLOAD.format(game=args.game, players=args.players, tables=args.tables, side=side)
        counts = [_callgrind.per_unit(code, *ROUNDS, plain=build == "plain") / args.tables
                  for build in builds]
        print(f"{label:<40}" + "".join(f"{count:>14,.0f}" for count in counts), flush=True)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks vector")
    parser.add_argument("--tables", type=int, default=256, help="tables stepped together")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one timed run")
    parser.add_argument("--repeats", type=int, default=7, help="rounds of runs (medians)")
    parser.add_argument("--game", default="draw")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions a learner step under callgrind instead of timing")
    args = parser.parse_args(argv)
    if args.instructions:
        instructions(args)
        return
    stepper = sides(args.game, args.players, args.tables)
    vector, single = [], []
    for round_number in range(args.repeats):
        vector.append(rate(stepper["vector"](round_number), args.seconds))
        single.append(rate(stepper["single"](round_number), args.seconds))
    ratio = statistics.median(v / s for v, s in zip(vector, single, strict=True))
    print(f"learner steps per second, {args.game} for {args.players}, random opponents, homegame "
          f"{build()}, load average {os.getloadavg()[0]:.2f}: medians of {args.repeats} rounds of "
          f"{args.seconds:g}s")
    print(f"{'environment':<40}{'steps/s':>12}{'ratio':>8}")
    print(f"{f'vector_env, {args.tables} tables':<40}{statistics.median(vector):>12,.0f}{ratio:>7.2f}x")
    print(f"{f'{args.tables} single_agent environments':<40}{statistics.median(single):>12,.0f}")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
