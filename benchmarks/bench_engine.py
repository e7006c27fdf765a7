"""Complete four-player hands per second: Basic Draw Poker on the homegame engine beside PokerKit's
fixed-limit Texas hold'em, in the same run, two ways.

- ``random``: every seat picks uniformly among its legal actions, through the public contract
  (``state.legal_actions(seat)``, ``state.apply(seat, action)``; PokerKit: among fold, check/call
  and complete/bet/raise, whichever it allows).
- ``call``: every seat checks or calls to the showdown (and stands pat in the draw).

Each figure is the median of several timed repeats; ``--profile`` prints where draw spends its time.

    python -m benchmarks engine [--seconds 1.0] [--repeats 5] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import time
from collections.abc import Callable

from homegame.engine import Action
from homegame.games.draw import DrawPoker

PLAYERS = 4
STAND_PAT = Action("discard")
CHECK = Action("check")


def draw_random_hand(game: DrawPoker, chooser: random.Random, seed: int) -> None:
    state = game.deal(seed=seed, dealer=seed % PLAYERS)
    randrange = chooser.randrange
    while True:
        to_act = state.to_act
        if not to_act:
            return
        seat = to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[randrange(len(legal))])


def draw_calling_hand(game: DrawPoker, chooser: random.Random, seed: int) -> None:
    state = game.deal(seed=seed, dealer=seed % PLAYERS)
    while True:
        to_act = state.to_act
        if not to_act:
            return
        seat = to_act[0]
        legal = state.legal_actions(seat)
        action = legal[0] if legal[0].kind != "fold" else legal[1]
        state.apply(seat, action)


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
        return FixedLimitTexasHoldem.create_state(automations, True, 0, (1, 2), 2, 4, 200, PLAYERS)

    return create


def pokerkit_random_hand(create: Callable[[], object], chooser: random.Random, seed: int) -> None:
    state: object = create()
    while getattr(state, "status"):  # noqa: B009 - PokerKit is untyped here
        options = []
        if state.can_fold():  # type: ignore[attr-defined]
            options.append(state.fold)  # type: ignore[attr-defined]
        if state.can_check_or_call():  # type: ignore[attr-defined]
            options.append(state.check_or_call)  # type: ignore[attr-defined]
        if state.can_complete_bet_or_raise_to():  # type: ignore[attr-defined]
            options.append(state.complete_bet_or_raise_to)  # type: ignore[attr-defined]
        options[chooser.randrange(len(options))]()


def pokerkit_calling_hand(create: Callable[[], object], chooser: random.Random, seed: int) -> None:
    state: object = create()
    while getattr(state, "status"):  # noqa: B009
        state.check_or_call()  # type: ignore[attr-defined]


def rate(play: Callable[[random.Random, int], None], seconds: float, repeats: int) -> float:
    """The median of ``repeats`` measurements of hands per second, each about ``seconds`` long."""
    rates = []
    seed = 0
    for repeat in range(repeats):
        chooser = random.Random(repeat)
        hands = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            for _ in range(10):
                play(chooser, seed)
                seed += 1
            hands += 10
        rates.append(hands / elapsed)
    return statistics.median(rates)


def profile(play: Callable[[random.Random, int], None], hands: int) -> str:
    profiler = cProfile.Profile()
    chooser = random.Random(0)
    profiler.enable()
    for seed in range(hands):
        play(chooser, seed)
    profiler.disable()
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(18)
    return text.getvalue()


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks engine")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one timed repeat")
    parser.add_argument("--repeats", type=int, default=5, help="timed repeats per figure (median)")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of draw's hot paths")
    args = parser.parse_args(argv)
    game = DrawPoker(players=PLAYERS, limit="fixed", bet=2, stack=200)
    create = _pokerkit_factory()
    print(f"{PLAYERS}-player hands per second (median of {args.repeats} x {args.seconds:g}s)")
    print(f"{'way':<8}{'homegame draw':>16}{'pokerkit FLHE':>16}{'ratio':>9}")
    for way, ours, theirs in (("random", draw_random_hand, pokerkit_random_hand),
                              ("call", draw_calling_hand, pokerkit_calling_hand)):
        draw_rate = rate(lambda chooser, seed, ours=ours: ours(game, chooser, seed),
                         args.seconds, args.repeats)
        if create is None:
            print(f"{way:<8}{draw_rate:>16,.0f}{'(no pokerkit)':>16}")
            continue
        kit_rate = rate(lambda chooser, seed, theirs=theirs: theirs(create, chooser, seed),
                        args.seconds, args.repeats)
        print(f"{way:<8}{draw_rate:>16,.0f}{kit_rate:>16,.0f}{draw_rate / kit_rate:>8.1f}x", flush=True)
    if args.profile:
        for way, ours in (("random", draw_random_hand), ("call", draw_calling_hand)):
            print(f"-- profile: draw, {way} --")
            print(profile(lambda chooser, seed, ours=ours: ours(game, chooser, seed), 2000))


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
