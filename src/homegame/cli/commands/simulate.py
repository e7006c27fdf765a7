"""``homegame simulate GAME --hands N --bots ...``: bots against bots, results per seat."""

from __future__ import annotations

import argparse
import json
import sys

from homegame.cli.commands._options import add_game_options, game_from
from homegame.cli.progress import ProgressBar
from homegame.wording import counted


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "simulate", help="let bots play each other and count results",
        description="Seat bots at a game and play hands between them, then give each seat its total, "
        "its mean per hand with a standard error, and how often it came out ahead.")
    add_game_options(parser)
    parser.add_argument("--hands", type=int, default=100, help="how many hands (default 100)")
    parser.add_argument("--bots", default="", help="bot names by seat, comma separated; a short "
                        "list repeats; 'best' is each game's own strongest bot, 'heuristic' its "
                        "rule-of-thumb bot (its best where it has none), "
                        "'search' the search bot ('search:1s' or 'search:800' for its time or "
                        "playouts per decision), 'random' takes any legal action (default: the best "
                        "bot in every seat)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from homegame.analysis.simulation import simulate
    from homegame.bots import bot_names, make_bot

    try:
        game = game_from(args)
        names = [n.strip() for n in args.bots.split(",") if n.strip()] or [bot_names(game.name)[0]]
        bots = [make_bot(game.name, names[seat % len(names)],
                         seed=None if args.seed is None else args.seed + 7919 * seat)
                for seat in range(game.player_count)]
        with ProgressBar(f"{game.name}: {args.hands} hands") as bar:
            result = simulate(game, bots, args.hands, seed=args.seed, progress=bar)
    except ValueError as error:
        print(f"homegame simulate: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
        return 0
    seed = f", seed {args.seed}" if args.seed is not None else ""
    print(f"{type(game).title}, {counted(result.hands, 'hand')}{seed}")
    print(f"{'seat':>4}  {'bot':<12} {'total':>9} {'per hand':>9} {'± s.e.':>8} {'won':>6}")
    for seat in result.seats:
        spread = "n/a" if seat.standard_error is None else f"{seat.standard_error:.3f}"
        print(f"{seat.seat:>4}  {seat.bot:<12} {seat.total:>9} {seat.mean:>9.3f} {spread:>8} {seat.won:>6}")
    return 0
