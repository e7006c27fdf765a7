"""Instructions a step, like for like: the machine-free form of ``benchmarks agents``.

Each side (a homegame game bare by ``raw_env`` and wrapped by ``env()``, PettingZoo's
``texas_holdem_v4`` bare and wrapped) runs in a process of its own under valgrind's callgrind,
playing the standard AEC loop with random legal actions. Counting is switched on only after some
warm-up steps and off again after the counted ones, so imports and first deals are left out. Load
on the machine does not move the counts, where it moves a timing by tens of percent; a count is not
a time (caches and branches differ), but its ratios are the ones a quiet machine's timings approach.
Needs valgrind (``callgrind_control`` switches counting) and the ``bench`` extra for hold'em.

    python -m benchmarks.agents_instructions [--games draw,pineapple] [--steps 1000] [--layers]

``--layers`` counts the wrapped environment one wrapper at a time as well (``env()``'s chain read
from the inside: TerminateIllegalWrapper, then AssertOutOfBoundsWrapper round it, then
OrderEnforcingWrapper round both), to say what each of PettingZoo's wrappers costs a step.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from itertools import pairwise
from pathlib import Path
from typing import Any

from benchmarks._hands import build
from benchmarks.bench_agents import random_deal

PLAYERS = 4
WARM_UP = 300
SIDES = ("bare", "wrapped")
LAYERS = {"terminate": 2, "bounds": 1}
"""The inner wrappers of ``env()``'s chain, by how many wrappers are peeled off the outside."""


def make_table(game: str, side: str) -> Any:
    """The environment one side plays: ``game`` a homegame game or ``holdem``."""
    if game == "holdem":
        from pettingzoo.classic import texas_holdem_v4

        if side == "bare":
            return texas_holdem_v4.raw_env(num_players=PLAYERS)
        table = texas_holdem_v4.env(num_players=PLAYERS)
    else:
        from homegame.agents import env, raw_env

        if side == "bare":
            return raw_env(game, players=PLAYERS)
        table = env(game, players=PLAYERS)
    for _ in range(LAYERS.get(side, 0)):
        table = table.env
    return table


def play(table: Any, chooser: random.Random, steps: int) -> int:
    """Random legal play for at least ``steps`` actions (to the end of a deal): actions taken."""
    taken = 0
    while taken < steps:
        taken += random_deal(table, chooser)
    return taken


def counted_side(game: str, side: str, steps: int) -> None:
    """Run inside callgrind: warm up, then count ``steps`` steps; print the steps taken."""
    table = make_table(game, side)
    chooser = random.Random(0)
    table.reset(seed=1)
    play(table, chooser, WARM_UP)
    switch = ["callgrind_control", "-i"]
    subprocess.run([*switch, "on", str(os.getpid())], check=True, capture_output=True)
    taken = play(table, chooser, steps)
    subprocess.run([*switch, "off", str(os.getpid())], check=True, capture_output=True)
    print(taken)


def per_step(game: str, side: str, steps: int) -> float:
    """Instructions a step of one side, counted in a process of its own."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
             sys.executable, "-m", "benchmarks.agents_instructions", "--side", f"{game}:{side}",
             "--steps", str(steps)],
            check=True, capture_output=True, text=True, env={**os.environ, "OPENBLAS_NUM_THREADS": "1"})
        totals = re.search(r"^totals: (\d+)", out.read_text(), re.MULTILINE)
        assert totals is not None, "callgrind wrote no totals"
        return int(totals.group(1)) / int(run.stdout.split()[-1])


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.agents_instructions")
    parser.add_argument("--games", default="draw,pineapple", help="homegame games, comma-separated")
    parser.add_argument("--steps", type=int, default=1000, help="steps counted on each side")
    parser.add_argument("--layers", action="store_true", help="count each wrapper's cost too")
    parser.add_argument("--side", help=argparse.SUPPRESS)  # GAME:SIDE, the counted child process
    args = parser.parse_args(argv)
    if args.side:
        game, side = args.side.split(":")
        counted_side(game, side, args.steps)
        return
    if args.layers:
        print_layers(["holdem", *_names(args.games)], args.steps)
        return
    holdem = {side: per_step("holdem", side, args.steps) for side in SIDES}
    print(f"instructions a step (callgrind), random legal play, {PLAYERS} players, homegame {build()}: "
          f"ratios are hold'em's count over homegame's, bare against raw_env(), wrapped against env()")
    print(f"{'environment':<28}{'bare':>10}{'wrapped':>10}{'lost':>7}{'bare ratio':>12}{'wrapped ratio':>15}")
    for name in _names(args.games):
        ours = {side: per_step(name, side, args.steps) for side in SIDES}
        print(f"{'homegame ' + name:<28}{ours['bare']:>10,.0f}{ours['wrapped']:>10,.0f}"
              f"{1 - ours['bare'] / ours['wrapped']:>7.0%}{holdem['bare'] / ours['bare']:>11.2f}x"
              f"{holdem['wrapped'] / ours['wrapped']:>14.2f}x", flush=True)
    print(f"{'pettingzoo texas_holdem_v4':<28}{holdem['bare']:>10,.0f}{holdem['wrapped']:>10,.0f}"
          f"{1 - holdem['bare'] / holdem['wrapped']:>7.0%}")


def _names(games: str) -> list[str]:
    return [name.strip() for name in games.split(",") if name.strip()]


def print_layers(games: list[str], steps: int) -> None:
    """Instructions a step with PettingZoo's wrappers added one at a time, and what each adds."""
    print(f"instructions a step (callgrind), random legal play, {PLAYERS} players, homegame {build()}: "
          "the bare environment, then env()'s wrappers added one at a time from the inside")
    print(f"{'environment':<28}{'bare':>10}{'+terminate':>12}{'+bounds':>10}{'+order':>10}"
          f"{'wrappers':>10}{'lost':>7}")
    for name in games:
        counts = [per_step(name, side, steps) for side in ("bare", "terminate", "bounds", "wrapped")]
        label = "pettingzoo texas_holdem_v4" if name == "holdem" else "homegame " + name
        added = [later - earlier for earlier, later in pairwise(counts)]
        print(f"{label:<28}{counts[0]:>10,.0f}{added[0]:>12,.0f}{added[1]:>10,.0f}{added[2]:>10,.0f}"
              f"{sum(added):>10,.0f}{1 - counts[0] / counts[-1]:>7.0%}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
