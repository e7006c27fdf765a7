"""Learner steps per second of the vector environment beside as many single-agent environments
stepped one by one, in the same run: heads-up Basic Draw Poker by default, the opponent random.

A learner step is one action of the learner (the opponents' actions in between are not counted).
Both sides choose uniformly among the legal indices: the vector side for all its tables at once
from the mask array (random scores, the illegal ones set below any legal, the best of each row),
the single side table by table from each ``info["action_mask"]``. Each side runs for about
``--seconds`` a round; rates are medians of ``--repeats`` rounds, the ratio the median of the
rounds' ratios.

    python -m benchmarks vector [--tables 256] [--seconds 1] [--repeats 7] [--game draw] [--players 2]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

import numpy as np

from benchmarks._hands import build
from homegame.agents import single_agent
from homegame.agents.vector import vector_env


def vector_rate(tables: object, seconds: float, seed: int) -> float:
    chooser = np.random.default_rng(seed)
    _, infos = tables.reset(seed=seed)  # type: ignore[attr-defined]
    steps = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        masks = infos["action_mask"]
        scores = chooser.random(masks.shape)
        scores[~masks] = -1.0
        _, _, _, _, infos = tables.step(scores.argmax(axis=1))  # type: ignore[attr-defined]
        steps += len(masks)
    return steps / elapsed


def singles_rate(singles: list[object], seconds: float, seed: int) -> float:
    chooser = random.Random(seed)
    masks = [single.reset(seed=seed + row)[1]["action_mask"]  # type: ignore[attr-defined]
             for row, single in enumerate(singles)]
    steps = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for row, single in enumerate(singles):
            legal = np.flatnonzero(masks[row])
            _, _, done, _, info = single.step(int(legal[chooser.randrange(len(legal))]))  # type: ignore[attr-defined]
            if done:
                _, info = single.reset()  # type: ignore[attr-defined]
            masks[row] = info["action_mask"]
            steps += 1
    return steps / elapsed


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks vector")
    parser.add_argument("--tables", type=int, default=256, help="tables stepped together")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one timed run")
    parser.add_argument("--repeats", type=int, default=7, help="rounds of runs (medians)")
    parser.add_argument("--game", default="draw")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args(argv)
    tables = vector_env(args.game, args.tables, players=args.players, opponents="random")
    singles = [single_agent(args.game, players=args.players, opponents="random") for _ in range(args.tables)]
    vector, single = [], []
    for round_number in range(args.repeats):
        vector.append(vector_rate(tables, args.seconds, round_number))
        single.append(singles_rate(singles, args.seconds, round_number))
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
