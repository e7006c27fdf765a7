"""Baselines that hold: each betting game's best bot against the fixed policies, heads-up, over
duplicate deals (``homegame.analysis.tournament``: every deal played twice, the seats swapped), with
the bot's lead per hand and its 95% interval. A lead whose interval lies above zero holds; one
below zero means the policy beats the bot.

The fixed policies (:mod:`homegame.bots.fixed`): always call, always raise (to the pot), bet the
minimum then fold to a raise, fold to any bet, and bet the minimum when no one has bet while
folding to any bet and standing pat (the exploit a learner found against Draw's old ratings).

    python -m benchmarks baselines [--deals 2000] [--games draw,soko] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import time

from benchmarks._hands import build
from homegame.analysis.tournament import tournament
from homegame.bots.fixed import FIXED_POLICIES
from homegame.games import GAMES, game_class

BETTING_GAMES = tuple(name for name in GAMES if "limit" in game_class(name).settings)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks baselines")
    parser.add_argument("--deals", type=int, default=2000, help="duplicate deals per pairing")
    parser.add_argument("--games", default=",".join(BETTING_GAMES), help="games, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    names = [name.strip() for name in args.games.split(",") if name.strip()]
    print(f"each game's best bot against the fixed policies, heads-up, homegame {build()}, load average "
          f"{os.getloadavg()[0]:.2f}: the bot's lead per hand over {args.deals} duplicate deals "
          f"(seed {args.seed}), with its 95% interval")
    print(f"{'game':<24}{'policy':<16}{'lead':>9}{'interval':>24}  verdict")
    failures = 0
    for name in names:
        for policy in FIXED_POLICIES:
            start = time.perf_counter()
            lead = tournament(name, ["best", policy], deals=args.deals, seed=args.seed,
                              players=2).differences[0]
            low, high = lead.mean - lead.margin, lead.mean + lead.margin
            verdict = "holds" if low > 0 else "LOSES" if high < 0 else "not told apart"
            failures += low <= 0
            print(f"{name:<24}{policy:<16}{lead.mean:>+9.3f}  [{low:>+9.3f}, {high:>+9.3f}]  {verdict}"
                  f"  ({time.perf_counter() - start:.0f}s)", flush=True)
    print(f"{failures} pairing(s) without a lead above zero")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
