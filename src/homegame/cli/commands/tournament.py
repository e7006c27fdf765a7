"""``homegame tournament GAME --bots search,heuristic,random --deals N``: a duplicate tournament,
with ``--policy module:name`` a learned policy among the players (any object with
``as_bot(game, seed)``: see :mod:`homegame.agents.policy`)."""

from __future__ import annotations

import argparse
import importlib
import json
import math
import sys
from typing import TYPE_CHECKING

from homegame.cli.commands._options import add_game_options, default_players, settings_from
from homegame.cli.progress import ProgressBar
from homegame.games import game_class
from homegame.wording import counted

if TYPE_CHECKING:
    from homegame.analysis.tournament import Tournament


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "tournament", help="a duplicate tournament between bots, with confidence intervals",
        description="Bots play the same deals again and again, moving round the table until each "
        "has sat in every seat, so the luck of the cards cancels. The table gives each bot's mean "
        "result per hand with its 95% confidence interval, and how far the first bot is ahead of "
        "each other one.")
    add_game_options(parser)
    parser.add_argument("--bots", default="search,heuristic", help="the bots, comma separated: "
                        "'search' (or 'search:1s', 'search:800' for its time or playouts per decision), "
                        "'heuristic' (each game's rule-of-thumb bot; where it has none, its best), 'best', "
                        "'random', or any bot the game names "
                        "(default: search,heuristic)")
    parser.add_argument("--policy", metavar="MODULE:NAME", help="seat a learned policy too, first: "
                        "MODULE's NAME, an object with as_bot(game, seed) such as a policy made "
                        "with homegame.agents.learned_policy or trained by homegame.agents.train "
                        "(MODULE is imported as Python imports it, from the current folder too)")
    parser.add_argument("--deals", type=int, default=100, help="how many deals (default 100)")
    parser.add_argument("--workers", type=int, default=1, help="play deals in this many processes")
    parser.add_argument("--ray", metavar="ADDRESS", help="play deals on a Ray cluster: 'auto', "
                        "'ray://HOST:10001', or 'local' to start one on this machine (needs the "
                        "cluster extra)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from homegame.analysis.tournament import tournament

    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    policies = {}
    try:
        if args.policy:
            policies["policy"] = load_policy(args.policy)
            names.insert(0, "policy")
        players = default_players(game_class(args.game).name) if args.players is None else args.players
        with ProgressBar(f"{args.game}: {args.deals} deals") as progress:
            result = tournament(args.game, names, deals=args.deals, seed=args.seed or 0, players=players,
                                variants=args.variant, settings=settings_from(args.set),
                                workers=args.workers, ray_address=args.ray, progress=progress,
                                policies=policies)
    except ValueError as error:
        print(f"homegame tournament: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    else:
        print(table_text(result))
    return 0


def load_policy(reference: str) -> object:
    """The object ``MODULE:NAME`` names (a :class:`ValueError` that says why if there is none)."""
    module_name, _, name = reference.partition(":")
    if not module_name or not name:
        raise ValueError(f"--policy takes MODULE:NAME, not {reference!r}")
    if "" not in sys.path:
        sys.path.insert(0, "")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"cannot import {module_name!r} for --policy: {error}") from None
    found = getattr(module, name, None)
    if found is None:
        raise ValueError(f"module {module_name!r} has no {name!r} for --policy")
    return found


def table_text(result: Tournament) -> str:
    """The standings as a plain table: each bot's mean per hand with its 95% interval.

    >>> from homegame.analysis.tournament import Difference, Standing, Tournament
    >>> result = Tournament("draw", 2, 10, 20, 1, False, (Standing("search", 1.5, 0.25),
    ...     Standing("random", -1.5, 0.25)), (Difference("search", "random", 3.0, 0.5),))
    >>> print(table_text(result))
    draw, 2 players: 10 deals, 20 hands, seed 1 (result per hand, 95% interval)
    bot                 mean       95% interval
    search            +1.500  [+1.250, +1.750]
    random            -1.500  [-1.750, -1.250]
    search ahead of random by +3.000 ± 0.500 a hand: better
    """
    unit = "points taken per hand, fewer is better" if result.penalty else "result per hand"
    played = f"{counted(result.deals, 'deal')}, {counted(result.hands, 'hand')}"
    lines = [f"{result.game}, {result.players} players: {played}, "
             f"seed {result.seed} ({unit}, 95% interval)",
             f"{'bot':<14} {'mean':>9}       95% interval"]
    for standing in result.standings:
        low, high = standing.mean - standing.margin, standing.mean + standing.margin
        lines.append(f"{standing.bot:<14} {standing.mean:>+9.3f}  [{_signed(low)}, {_signed(high)}]")
    for difference in result.differences:
        lead = -difference.mean if result.penalty else difference.mean
        verdict = "better" if lead - difference.margin > 0 else "worse" if lead + difference.margin < 0 \
            else "not told apart"
        lines.append(f"{difference.bot} ahead of {difference.other} by {lead:+.3f} ± "
                     f"{difference.margin:.3f} a hand: {verdict}")
    return "\n".join(lines)


def _signed(value: float) -> str:
    return f"{value:+.3f}" if math.isfinite(value) else "   n/a"
