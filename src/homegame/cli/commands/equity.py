"""``homegame equity HAND HAND ...``: hold'em-style equity, exact or Monte Carlo with its error.

A three-card hand (Pineapple, before its discard) is shown once per pair it could keep.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from homegame.cards import format_cards, parse_cards
from homegame.cli.commands._hand_options import guarded
from homegame.cli.progress import ProgressBar

if TYPE_CHECKING:
    from homegame.analysis.equity import DiscardChoice, EquityResult

PINEAPPLE_HAND = 3


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "equity", help="each hand's chance to win against the others",
        description="Deal out the rest of the board and report each hand's win, tie and equity (its "
        "expected share of the pot), best five of seven, standard high. Exact when the remaining "
        "boards number at most two million (any heads-up spot), Monte Carlo otherwise or with "
        "--trials, with each equity's standard error. A three-card Pineapple hand is shown for "
        "each pair it could keep, its discard out of play.")
    parser.add_argument("hands", nargs="+", metavar="HAND", help="hole cards, as \"AhKh\" or \"Ah Kh\"")
    parser.add_argument("--board", "-b", default="", metavar="CARDS", help="board cards already dealt")
    parser.add_argument("--dead", "-d", default="", metavar="CARDS", help="cards out of play")
    parser.add_argument("--trials", "-t", type=int, metavar="N", help="Monte Carlo with N boards")
    parser.add_argument("--seed", type=int, metavar="S", help="seed for a reproducible Monte Carlo")
    parser.add_argument("--hi-lo", action="store_true",
                        help="split pot with the best ace-to-five low, 8 or better (Crazy Pineapple Hi-Lo)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(run=guarded("equity", run))


def run(args: argparse.Namespace) -> int:
    from homegame.analysis.equity import discard_equity, equity

    options = {"board": args.board, "dead": args.dead, "trials": args.trials, "seed": args.seed,
               "hi_lo": args.hi_lo}
    if any(len(parse_cards(hand)) == PINEAPPLE_HAND for hand in args.hands):
        with ProgressBar("equity") as bar:
            choices = discard_equity(args.hands, **options, progress=bar)
        if args.json:
            print(json.dumps({"choices": [choice.to_json() for choice in choices]}))
        else:
            print("\n\n".join(format_choice(choice) for choice in choices))
        return 0
    with ProgressBar("equity") as bar:
        result = equity(args.hands, **options, progress=bar)
    print(json.dumps(result.to_json()) if args.json else format_result(result))
    return 0


def format_choice(choice: DiscardChoice) -> str:
    return (f"keep {format_cards(choice.kept)}, discard {choice.discarded}:\n"
            + format_result(choice.result))


def format_result(result: EquityResult) -> str:
    """An aligned table of every hand's win, tie and equity, under a line saying how it was found."""
    monte_carlo = not result.exact
    header = ["hand", "scoop" if result.hi_lo else "win", "split" if result.hi_lo else "tie", "equity"]
    if monte_carlo:
        header.append("± error")
    rows = [header]
    for player in result.players:
        row = [format_cards(player.cards), _percent(player.win), _percent(player.tie),
               _percent(player.equity)]
        if monte_carlo:
            row.append(_percent(player.standard_error or 0.0))
        rows.append(row)
    return "\n".join([_method_line(result), *_aligned(rows)])


def _method_line(result: EquityResult) -> str:
    board = f"board {format_cards(result.board)}" if result.board else "no board yet"
    dead = f", dead {format_cards(result.dead)}" if result.dead else ""
    boards = "1 board" if result.runouts == 1 else f"{result.runouts:,} boards"
    if result.exact:
        how = f"exact over all {boards}" if result.runouts > 1 else f"exact: {boards}"
    else:
        how = f"Monte Carlo, {boards}, seed {result.seed}"
    low = (f"; a low qualifies on {_percent(result.low_qualifies)} of boards"
           if result.low_qualifies is not None else "")
    return f"{board}{dead}: {how}{low}"


def _aligned(rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return ["  ".join([row[0].ljust(widths[0]), *(cell.rjust(width) for cell, width
                                                  in zip(row[1:], widths[1:], strict=True))])
            for row in rows]


def _percent(value: float) -> str:
    return f"{100 * value:.2f}%"
