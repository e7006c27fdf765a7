"""Complete four-player hands per second: Basic Draw Poker (fixed limit, 2/4) on the homegame engine
beside PokerKit's fixed-limit Texas hold'em, in the same run, with random legal actions and with
everyone checking or calling to the showdown (see ``benchmarks/_hands.py``).

    python -m benchmarks engine [--seconds 0.3] [--repeats 31] [--profile]
"""

from __future__ import annotations

from benchmarks._hands import PLAYERS, compare
from homegame.games.draw import DrawPoker


def main(argv: list[str]) -> None:
    compare("draw", DrawPoker(players=PLAYERS, limit="fixed", bet=2, stack=200), argv, stack=200)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
