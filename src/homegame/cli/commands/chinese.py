"""``homegame chinese set CARDS``, ``homegame chinese versus`` and ``homegame chinese open-face``.

``set`` shows the solver's setting of thirteen cards, each row named, its expected value in units
against one typical opponent, and any natural the cards hold, and says what its terms mean.
``versus`` plays the solver against another way of setting over many hands and reports its mean
result with a 95% interval.
``open-face`` plays the Open-Face Monte Carlo bot against the random bot (or itself) and reports
its foul rate and mean result.

>>> main(["set", "Ah Ad Kc Qs Js Tc 9h 8h 7h 6h 2h 2c 3d"])  # doctest: +ELLIPSIS
front:  3♦ 2♥ 2♣        a pair of twos
middle: A♦ K♣ Q♠ J♠ T♣  straight, ace high
back:   A♥ 9♥ 8♥ 7♥ 6♥  flush, ace high
value: +... units per opponent (expected)
... of the 72,072 ways to set these cards rise (the front no stronger than the middle, the middle no \
stronger than the back); the other ... foul. Solved in ... ms.
The value is what the setting is expected to win, ...
0
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from homegame.cards import CardError, parse_cards
from homegame.cli.progress import ProgressBar

RIVAL_NAMES = ("greedy", "random", "solver")
"""The ways of setting ``versus`` plays the solver against (``homegame.analysis.chinese.RIVALS``,
named here so that the command line is built without loading the solver)."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("chinese", help="Chinese Poker: the best way to set thirteen cards",
                                   description="Chinese Poker setting advice and solver measurements.")
    actions = parser.add_subparsers(dest="chinese_command", metavar="set|versus|open-face", required=True)
    setter = actions.add_parser("set", help="the solver's setting of thirteen cards, rows named and valued")
    setter.add_argument("cards", help="thirteen cards, such as 'Ah Ad Kc Qs Js Tc 9h 8h 7h 6h 2h 2c 3d'")
    setter.set_defaults(run=run_set)
    versus = actions.add_parser("versus", help="the solver's mean result against another way of setting")
    versus.add_argument("--hands", type=int, default=1000, help="hands to play (default 1000)")
    versus.add_argument("--rival", choices=RIVAL_NAMES, default="greedy",
                        help="how the other seat sets (default greedy)")
    versus.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    versus.set_defaults(run=run_versus)
    open_face = actions.add_parser("open-face", help="the Open-Face bot's foul rate and mean result")
    open_face.add_argument("--hands", type=int, default=1000, help="hands to play (default 1000)")
    open_face.add_argument("--rival", choices=("random", "monte-carlo"), default="random",
                           help="the other seat's bot (default random)")
    open_face.add_argument("--samples", type=int, default=32, help="deals simulated per choice (default 32)")
    open_face.add_argument("--seed", type=int, default=0, help="seed of the deals and bots (default 0)")
    open_face.set_defaults(run=run_open_face)


def main(argv: Sequence[str]) -> int:
    """Run ``homegame chinese ...`` with ``argv`` (for tests and doctests)."""
    parser = argparse.ArgumentParser(prog="homegame")
    register(parser.add_subparsers())
    args = parser.parse_args(["chinese", *argv])
    return int(args.run(args))


def run_set(args: argparse.Namespace) -> int:
    from homegame.bots.chinese import FIELD_HANDS, solve
    from homegame.games._naturals import naturals_in

    try:
        cards = parse_cards(args.cards)
        solve(cards)  # the first call reads the reference field and lays out the settings; time the next
        start = time.perf_counter()
        best = solve(cards)
        elapsed = (time.perf_counter() - start) * 1000
    except (CardError, ValueError) as error:
        print(f"homegame chinese set: {error}", file=sys.stderr)
        return 2
    print(best.describe())
    print(f"{best.candidates:,} of the 72,072 ways to set these cards rise (the front no stronger than the "
          f"middle, the middle no stronger than the back); the other {72_072 - best.candidates:,} foul. "
          f"Solved in {elapsed:.1f} ms.")
    print(f"The value is what the setting is expected to win, in units, from one typical opponent: rows, "
          f"bonuses and scoops counted, the typical opponent being {FIELD_HANDS} random hands set by this "
          "same solver.")
    for natural in naturals_in(cards):
        print(f"natural: {natural.title}, paid {natural.payment} units by each opponent if declared")
    return 0


def run_versus(args: argparse.Namespace) -> int:
    from homegame.analysis.chinese import head_to_head

    try:
        with ProgressBar(f"solver vs {args.rival}") as bar:
            result = head_to_head(args.hands, seed=args.seed, rival=args.rival, progress=bar)
    except ValueError as error:
        print(f"homegame chinese versus: {error}", file=sys.stderr)
        return 2
    print(result)
    return 0


def run_open_face(args: argparse.Namespace) -> int:
    from homegame.analysis.chinese import open_face_match

    try:
        with ProgressBar(f"monte-carlo vs {args.rival}") as bar:
            result = open_face_match(args.hands, seed=args.seed, rival=args.rival, samples=args.samples,
                                     progress=bar)
    except ValueError as error:
        print(f"homegame chinese open-face: {error}", file=sys.stderr)
        return 2
    print(result)
    return 0
