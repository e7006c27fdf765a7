"""How strong the search bot is: a duplicate tournament against each game's own rule-of-thumb bot.

For each game: the search bot with a budget per decision (time or playouts) against ``heuristic`` (each
game's rule-of-thumb bot, or its strongest own bot where it has none: a solver, a Monte Carlo
player) over duplicate deals, with the time one search decision takes on this
machine (median and slowest of the first decisions of a few hands), so the table shows the budget
keeps within a second. Long: it is a script, not part of the test suite or of ``python -m
benchmarks``.

    python -m benchmarks.strength [--games draw,soko] [--deals 100] [--budget 0.9s] [--workers 2]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

from homegame.analysis.tournament import tournament
from homegame.bots import ask
from homegame.bots.search import SearchBot
from homegame.games import GAMES, new_game

TABLES = {"pai_gow": 2, "papayoo": 4, "open_face": 2, "chinese": 2}
"""Seats per game (heads-up where the game allows it: the shortest hands, the most deals)."""


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.strength")
    parser.add_argument("--games", default=",".join(GAMES), help="games, comma separated")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--budget", default="0.9s", help="the search bot's budget per decision: "
                        "seconds ('0.3s') or playouts ('300')")
    parser.add_argument("--rival", default="heuristic")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"{'game':<22} {'seats':>5} {'deals':>5} {'lead per hand':>14} {'95% interval':>20} "
          f"{'verdict':>10} {'s/decision':>11} {'slowest':>8}", flush=True)
    for name in args.games.split(","):
        players = TABLES.get(name, 2 if 2 in GAMES[name].players else GAMES[name].players[0])
        bot = f"search:{args.budget}"
        result = tournament(name, [bot, args.rival], deals=args.deals, seed=args.seed, players=players,
                            workers=args.workers, progress=_progress(name))
        lead = result.differences[0]
        sign = -1 if result.penalty else 1
        low, high = sorted((sign * (lead.mean - lead.margin), sign * (lead.mean + lead.margin)))
        verdict = "better" if low > 0 else "worse" if high < 0 else "not told"
        median, slowest = _decision_seconds(name, players, args.budget)
        print(f"{name:<22} {players:>5} {args.deals:>5} {sign * lead.mean:>+14.3f} "
              f"[{low:>+8.3f}, {high:>+8.3f}] {verdict:>10} {median:>11.3f} {slowest:>8.3f}", flush=True)


def _progress(name: str) -> Callable[[int, int], None]:
    """Deals played so far, on standard error (a game's run is long)."""
    def report(done: int, total: int) -> None:
        print(f"{name}: {done}/{total} deals", file=sys.stderr, flush=True)
    return report


def _decision_seconds(name: str, players: int, budget: str) -> tuple[float, float]:
    """The median and the longest time of one search decision at the first real choice of a few hands."""
    times = []
    for seed in range(5):
        state = new_game(name, players=players).deal(seed=seed)
        while not state.is_over and len(state.legal_actions(state.to_act[0])) == 1:
            seat = state.to_act[0]
            state.apply(seat, state.legal_actions(seat)[0])
        if state.is_over:
            continue
        begin = time.perf_counter()
        ask(SearchBot.with_budget(budget, seed=seed), state, state.to_act[0])
        times.append(time.perf_counter() - begin)
    return statistics.median(times), max(times)


if __name__ == "__main__":
    main(sys.argv[1:])
