"""``homegame odds --ranking NAME --cards N``: the exact category table over every hand of N cards."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from homegame.cli.commands._hand_options import add_ranking_option, add_wild_option, check_ranking, guarded
from homegame.cli.progress import ProgressBar
from homegame.wording import counted

if TYPE_CHECKING:
    from homegame.analysis.odds import CategoryTable

JOKERS_WORD = "jokers"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "odds", help="exact odds of every hand category",
        description="Count every hand of N cards by category, exactly (no sampling), and print each "
        "category's count, probability and odds. A progress bar shows on standard error when the "
        "count takes more than a second, on a terminal.")
    add_ranking_option(parser, required=True)
    parser.add_argument("--cards", "-n", type=int, required=True, metavar="N", help="cards per hand")
    add_wild_option(parser, "; 'jokers' adds two jokers")
    parser.add_argument("--jokers", type=int, metavar="N",
                        help="jokers in the deck, 0 to 2 (wild, or the bug in pai-gow)")
    parser.add_argument("--json", action="store_true", help="print the table as JSON")
    parser.set_defaults(run=guarded("odds", run))


def run(args: argparse.Namespace) -> int:
    from homegame.analysis.odds import category_table

    check_ranking(args.ranking)
    wild, jokers = args.wild, args.jokers
    if wild is not None and wild.strip().lower() == JOKERS_WORD:
        wild, jokers = None, 2 if jokers is None else jokers
    label = f"{args.ranking}, {args.cards} cards"
    with ProgressBar(label) as bar:
        table = category_table(args.ranking, args.cards, wild, jokers=jokers or 0, progress=bar)
    print(json.dumps(table.to_json()) if args.json else format_table(table))
    return 0


def format_table(table: CategoryTable) -> str:
    """The table as aligned text: count, probability and "1 in N" odds for each category."""
    rows = [("category", "hands", "probability", "odds")]
    for name, count in table.counts.items():
        odds = table.odds(name)
        rows.append((name, f"{count:,}", f"{100 * count / table.total:.6f} %", _odds_text(odds)))
    rows.append(("total", f"{table.total:,}", "100.000000 %", ""))
    widths = [max(len(row[column]) for row in rows) for column in range(4)]
    lines = [_title(table), ""]
    for index, row in enumerate(rows):
        lines.append("  ".join((row[0].ljust(widths[0]), *(cell.rjust(width) for cell, width
                                                           in zip(row[1:], widths[1:], strict=True))
                                )).rstrip())
        if index == 0 or index == len(rows) - 2:
            lines.append("  ".join("-" * width for width in widths))
    return "\n".join(lines)


def _title(table: CategoryTable) -> str:
    deck = 52 + table.jokers
    extras = []
    if table.wild:
        extras.append(f"wild {table.wild}")
    if table.jokers:
        extras.append(counted(table.jokers, "joker"))
    extra = f" ({', '.join(extras)})" if extras else ""
    return f"{table.ranking}: every {table.n_cards}-card hand from {deck} cards{extra}"


def _odds_text(odds: float | None) -> str:
    if odds is None:
        return "never"
    return f"1 in {odds:,.0f}" if odds >= 100 else f"1 in {odds:.2f}"
