"""Instructions per hand of every game under random legal play, plain Python and compiled.

    python -m benchmarks instructions [--games draw,pineapple] [--builds plain,compiled]

The hands are those of ``benchmarks games`` (four players, the same tables, every seat choosing
uniformly among its legal actions), dealt from seeds 0, 1, 2... with one seeded chooser, so a
count is the same on any machine. Each figure is the difference between a long run and a short
one under callgrind (``benchmarks/_callgrind.py``), over the hands between them. ``benchmarks
games --instructions`` prints the same counts beside its ratios; this command prints them alone,
for work on a game's speed (a few minutes for Draw Poker and Pineapple, both builds).
"""

from __future__ import annotations

import argparse

from benchmarks import _callgrind

GAMES = ("draw", "pineapple", "crazy_pineapple", "crazy_pineapple_hi_lo", "soko", "anaconda", "whiskey",
         "paiute", "papayoo", "pai_gow", "chinese", "open_face")
RUN_LENGTHS = {"whiskey": (20, 120), "paiute": (3, 13), "papayoo": (10, 60), "pai_gow": (20, 120),
               "chinese": (20, 120), "open_face": (10, 60)}
"""Hands in the short and the long run of each game; the rest play 100 and 500: enough hands
between the two that a count repeats to a tenth of a percent, few enough for a minute's run."""
WORKLOAD = """
import random
from benchmarks._hands import random_hand
from benchmarks.bench_games import PLAYERS, SETTINGS
from homegame.games import new_game
game = new_game({game!r}, players=PLAYERS, **SETTINGS.get({game!r}, dict()))
chooser = random.Random(0)
for seed in range({{units}}):
    random_hand(game, chooser, seed)
"""
"""The hands of ``benchmarks games`` (its tables, ``random_hand``), with only the game counted
imported and built: starting the interpreter is most of a short run's instructions."""


def per_hand(game: str, *, plain: bool) -> float:
    """Instructions per hand of ``game`` under random play, in the build chosen."""
    short, long = RUN_LENGTHS.get(game, (100, 500))
    return _callgrind.per_unit(WORKLOAD.format(game=game), short, long, plain=plain)


def builds(wanted: list[str]) -> list[str]:
    """The builds to count among ``wanted``: the compiled one only where it is installed."""
    if "compiled" in wanted and not _callgrind.installed_is_compiled():
        print("(no compiled build installed here: run from .venv-fast for its counts)")
        wanted = [build for build in wanted if build != "compiled"]
    return wanted


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks instructions", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(GAMES), help="the games, comma separated")
    parser.add_argument("--builds", default="plain,compiled", help="plain, compiled or both")
    args = parser.parse_args(argv)
    games = [name.strip() for name in args.games.split(",") if name.strip()]
    unknown = [name for name in games if name not in GAMES]
    if unknown:
        raise SystemExit(f"no game {', '.join(unknown)} here; games: {', '.join(GAMES)}")
    if not _callgrind.available():
        raise SystemExit("valgrind is not installed: no instruction counts (apt-get install valgrind)")
    chosen = builds([build.strip() for build in args.builds.split(",")])
    print(f"{'game':<24}" + "".join(f"{build + ' instructions/hand':>30}" for build in chosen), flush=True)
    for game in games:
        counts = [per_hand(game, plain=build == "plain") for build in chosen]
        print(f"{game:<24}" + "".join(f"{count:>30,.0f}" for count in counts), flush=True)
