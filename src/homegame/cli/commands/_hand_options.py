"""What the hand-study commands (``rank``, ``odds``, ``equity``) share: ranking and wild-card options,
and turning a bad input into one line on standard error with exit status 2."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

import homegame
from homegame.errors import GameError

USAGE_ERROR = 2
"""The exit status for input the command cannot use, as argparse uses it."""
RANKING_NAMES = ("high", "ace-to-five", "deuce-to-seven", "ace-to-six", "soko", "paiute", "pai-gow", "front",
                 "paiute-royal-on-top", "pai-gow-wheel-second")
"""The names of :data:`homegame.RANKINGS` (a test keeps them equal), so that ``homegame --help``
lists them without loading every ranking."""


def add_ranking_option(parser: argparse.ArgumentParser, *, required: bool = False) -> None:
    parser.add_argument("--ranking", "-r", required=required, default=None if required else "high",
                        metavar="NAME", help=f"the hand ranking: {', '.join(RANKING_NAMES)}"
                        + ("" if required else " (default: high)"))


def add_wild_option(parser: argparse.ArgumentParser, extra: str = "") -> None:
    parser.add_argument("--wild", "-w", metavar="RANK|CARDS",
                        help="wild cards: a rank (3, deuces, A) makes all four wild, or name the exact "
                        "cards (\"2h 2d\")" + extra)


def check_ranking(name: str) -> None:
    if name not in homegame.RANKINGS:
        raise GameError(f"unknown ranking {name!r}; known: {', '.join(homegame.RANKINGS)}")


def check_wild(wild: str | None) -> None:
    """Raise a clear error now for a wild setting that names neither a rank nor cards."""
    if wild is not None:
        from homegame.ranking import wild_cards

        wild_cards(wild)


def guarded(command: str, run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """``run`` with bad input (a ``ValueError``, a ``CardError`` among them) reported as one line."""

    def checked(args: argparse.Namespace) -> int:
        try:
            return run(args)
        except ValueError as error:
            print(f"homegame {command}: error: {error}", file=sys.stderr)
            return USAGE_ERROR

    return checked
