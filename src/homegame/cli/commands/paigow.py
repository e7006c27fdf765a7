"""``homegame paigow set CARDS`` and ``homegame paigow edge --hands N``: Pai Gow advice and house edge.

``set`` shows the house way for seven cards and the split with the best expected value against a
house-way banker (sampled from the 46 unseen cards, with its standard error), and the fast
setter's choice, and says what each of these terms means. ``edge`` deals many hands and estimates
the player's expected result per unit wagered, setting by the house way and by the best-EV setter,
with 95% confidence intervals.

>>> main(["set", "Ah Kd 7c 7s 9h 4d 2c", "--samples", "300"])  # doctest: +ELLIPSIS
Your cards: Ah Kd 7c 7s 9h 4d 2c
House way:  Ah Kd | 7c 7s 9h 4d 2c  (ace-king high / a pair of sevens)  value ...
...
0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from homegame.cards import CardError, format_cards, parse_cards
from homegame.cli.progress import ProgressBar
from homegame.wording import counted

if TYPE_CHECKING:
    from homegame.analysis.pai_gow import SplitValue
    from homegame.games.pai_gow import Split


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("paigow", help="Pai Gow Poker: how to set seven cards, and the house edge",
                                   description="Pai Gow Poker advice and house-edge estimates.")
    actions = parser.add_subparsers(dest="paigow_command", metavar="set|edge", required=True)
    setter = actions.add_parser("set", help="the house way and the best-EV way to set seven cards")
    setter.add_argument("cards", help="seven cards, such as 'Ah Kd 7c 7s 9h 4d Jk'")
    setter.add_argument("--samples", type=int, default=5000,
                        help="banker hands sampled to value each split (default 5000)")
    setter.add_argument("--all", action="store_true", help="list all 21 splits by value")
    _common(setter, "deal and set a fresh sample of banker hands from this seed (default: the shipped "
            "sample's hands that hold none of your cards, which answers at once)", None)
    setter.set_defaults(run=run_set)
    edge = actions.add_parser("edge", help="estimate the player's expected result per unit wagered")
    edge.add_argument("--hands", type=int, default=100_000, help="hands to deal (default 100000)")
    _common(edge, "seed of the deals (default 0)", 0)
    edge.set_defaults(run=run_edge)


def _common(parser: argparse.ArgumentParser, seed_help: str, seed: int | None) -> None:
    parser.add_argument("--seed", type=int, default=seed, help=seed_help)
    parser.add_argument("--wheel-second", action="store_true",
                        help="rank A-2-3-4-5 just below A-K-Q-J-10 (the variant)")


def main(argv: Sequence[str]) -> int:
    """Run ``homegame paigow ...`` with ``argv`` (for tests and doctests)."""
    parser = argparse.ArgumentParser(prog="homegame")
    register(parser.add_subparsers())
    args = parser.parse_args(["paigow", *argv])
    return int(args.run(args))


def _named(split: Split, wheel_second: bool) -> str:
    from homegame.games.pai_gow.hands import hand_name, ranking_for, tidy

    ranking = ranking_for(wheel_second)
    return f"{tidy(split, ranking)}  ({hand_name(split.two, ranking)} / {hand_name(split.five, ranking)})"


def _valued(value: SplitValue) -> str:
    if value.foul:
        return "FOUL (loses both hands)"
    return f"value {value.value:+.4f} ± {value.error:.4f} per unit"


def run_set(args: argparse.Namespace) -> int:
    from homegame.analysis.pai_gow import FastSetter, split_values
    from homegame.bots.pai_gow import TABLE_HANDS
    from homegame.games.pai_gow import house_way_rule
    from homegame.games.pai_gow.hands import ranking_for, tidy

    try:
        cards = parse_cards(args.cards)
        values = split_values(cards, samples=args.samples, seed=args.seed, wheel_second=args.wheel_second)
    except (CardError, ValueError) as error:
        print(f"homegame paigow set: {error}", file=sys.stderr)
        return 2
    by_split = {frozenset(v.split.two): v for v in values}
    house, rule = house_way_rule(cards, wheel_second=args.wheel_second)
    best = max(values, key=lambda v: (not v.foul, v.value))
    fast = FastSetter(wheel_second=args.wheel_second).best(cards)
    print(f"Your cards: {format_cards(cards)}")
    print(f"House way:  {_named(house, args.wheel_second)}  {_valued(by_split[frozenset(house.two)])}")
    print(f"            rule: {rule}")
    same = " (the house way)" if set(best.split.two) == set(house.two) else ""
    print(f"Best EV:    {_named(best.split, args.wheel_second)}  {_valued(best)}{same}")
    print(f"Fast setter: {tidy(fast.split, ranking_for(args.wheel_second))}  "
          f"(its own estimate {fast.value:+.4f})")
    print("What these mean:")
    print("  House way: the fixed rules a dealer follows to set the bank's cards (and a player's, "
          "on request).")
    sample = "dealt and set now from your seed" if args.seed is not None else \
        "the shipped sample's hands that hold none of your cards"
    print(f"  Best EV: of the 21 ways to set the cards, the one with the best expected result against "
          f"{args.samples} house-way banker hands from the other 46 cards ({sample}; the same hands "
          "for every way).")
    print(f"  Fast setter: how the 'best' bot sets, in well under a millisecond, from a table of "
          f"{TABLE_HANDS:,} house-way banker hands sampled once; it does not take your seven cards out of "
          "the banker's deck, so its estimate differs a little.")
    print("  Values are per unit wagered: a win pays 0.95 (the 5% commission), a push 0, a loss -1; "
          "a foul loses both hands.")
    if args.all:
        for value in sorted(values, key=lambda v: (not v.foul, v.value), reverse=True):
            print(f"  {_named(value.split, args.wheel_second)}  {_valued(value)}")
    return 0


def run_edge(args: argparse.Namespace) -> int:
    from homegame.analysis.pai_gow import house_edge

    if args.hands < 2:
        print("homegame paigow edge: --hands must be at least 2", file=sys.stderr)
        return 2
    with ProgressBar("dealing hands") as bar:
        report = house_edge(args.hands, seed=args.seed, wheel_second=args.wheel_second, progress=bar)
    variant = " (wheel-second)" if args.wheel_second else ""
    print(f"Pai Gow Poker{variant}: {counted(report.hands, 'hand')}, seed {args.seed}; "
          "the banker sets by the house way.")
    print("Player's expected result per unit wagered (a win pays 0.95), with 95% confidence intervals:")
    print(f"  setting by the house way:      {report.house_way}")
    print(f"  setting by the best-EV setter: {report.best}")
    print(f"  gain on the same deals:        {report.gain}")
    print("Sampled, not exact: every pair of seven-card hands would be about 8e15 deals.")
    return 0
