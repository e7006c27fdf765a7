"""Complete four-player hands per second: Pineapple (fixed limit, blinds 1/2, bets 2/4) on the
homegame engine beside PokerKit's fixed-limit Texas hold'em, in the same run, with random legal
actions (the discard included) and with everyone checking or calling to the showdown (see
``benchmarks/_hands.py``).

    python -m benchmarks pineapple [--seconds 0.3] [--repeats 31] [--profile]
"""

from __future__ import annotations

from benchmarks._hands import PLAYERS, compare
from homegame.games.pineapple import Pineapple


def main(argv: list[str]) -> None:
    game = Pineapple(players=PLAYERS, limit="fixed", bet=2, small_blind=1, big_blind=2, stack=100)
    compare("pineapple", game, argv, stack=100)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
