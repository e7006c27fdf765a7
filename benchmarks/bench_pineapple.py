"""Complete four-player hands per second: Pineapple on the homegame engine beside PokerKit's
fixed-limit Texas hold'em, in the same run, two ways.

- ``random``: every seat picks uniformly among its legal actions, through the public contract
  (``state.to_act``, ``state.legal_actions(seat)``, ``state.apply(seat, action)``), the discard
  included; PokerKit: uniformly among fold, check/call and complete/bet/raise, whichever it allows.
- ``call``: every seat checks or calls to the showdown (and throws away its first hole card).

Both deal a fresh shuffled deck each hand and settle every pot. Each figure is the median of
several timed repeats; ``--profile`` prints where Pineapple spends its time.

    python -m benchmarks pineapple [--seconds 1.0] [--repeats 5] [--profile]
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from functools import partial

from benchmarks.bench_engine import pokerkit_calling_hand, pokerkit_random_hand, profile, rate
from homegame.engine import Game
from homegame.games.pineapple import Pineapple

PLAYERS = 4


def pineapple_random_hand(game: Game, chooser: random.Random, seed: int) -> None:
    state = game.deal(seed=seed, dealer=seed % PLAYERS)
    randrange = chooser.randrange
    while True:
        to_act = state.to_act
        if not to_act:
            return
        seat = to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[randrange(len(legal))])


def pineapple_calling_hand(game: Game, chooser: random.Random, seed: int) -> None:
    state = game.deal(seed=seed, dealer=seed % PLAYERS)
    while True:
        to_act = state.to_act
        if not to_act:
            return
        seat = to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[0] if legal[0].kind != "fold" else legal[1])


def _pokerkit_factory() -> Callable[[], object] | None:
    try:
        from pokerkit import Automation, FixedLimitTexasHoldem
    except ImportError:
        return None
    automations = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )

    def create() -> object:
        return FixedLimitTexasHoldem.create_state(automations, True, 0, (1, 2), 2, 4, 100, PLAYERS)

    return create


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks pineapple")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one timed repeat")
    parser.add_argument("--repeats", type=int, default=5, help="timed repeats per figure (median)")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of Pineapple's hot paths")
    args = parser.parse_args(argv)
    game = Pineapple(players=PLAYERS, limit="fixed", bet=2, small_blind=1, big_blind=2, stack=100)
    create = _pokerkit_factory()
    for seed in range(20):  # warm up: the high-hand lookup tables are built on first use
        pineapple_calling_hand(game, random.Random(seed), seed)
    print(f"{PLAYERS}-player hands per second (median of {args.repeats} x {args.seconds:g}s)")
    print(f"{'way':<8}{'homegame pineapple':>20}{'pokerkit FLHE':>16}{'ratio':>9}")
    for way, ours, theirs in (("random", pineapple_random_hand, pokerkit_random_hand),
                              ("call", pineapple_calling_hand, pokerkit_calling_hand)):
        our_rate = rate(partial(ours, game), args.seconds, args.repeats)
        if create is None:
            print(f"{way:<8}{our_rate:>20,.0f}{'(no pokerkit)':>16}")
            continue
        kit_rate = rate(partial(theirs, create), args.seconds, args.repeats)
        print(f"{way:<8}{our_rate:>20,.0f}{kit_rate:>16,.0f}{our_rate / kit_rate:>8.1f}x", flush=True)
    if args.profile:
        for way, ours in (("random", pineapple_random_hand), ("call", pineapple_calling_hand)):
            print(f"-- profile: pineapple, {way} --")
            print(profile(partial(ours, game), 2000))


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
