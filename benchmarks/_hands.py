"""What the game benchmarks share: hands played through the public contract, the PokerKit peer
played the same two ways, timing by median, profiling, and the side-by-side table.

- ``random``: every seat picks uniformly among its legal actions (``state.to_act``,
  ``state.legal_actions(seat)``, ``state.apply(seat, action)``); PokerKit: uniformly among fold,
  check/call and complete/bet/raise, whichever it allows.
- ``call``: every seat takes its first action that is not a fold: check or call, stand pat in a
  draw, throw away the first card in a discard.

Both sides deal a fresh shuffled deck each hand and settle every pot.
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
from functools import partial

from homegame.engine import Game

PLAYERS = 4
Play = Callable[[random.Random, int], None]


def random_hand(game: Game, chooser: random.Random, seed: int) -> None:
    state = game.deal(seed=seed, dealer=seed % game.player_count)
    randrange = chooser.randrange
    while True:
        to_act = state.to_act
        if not to_act:
            return
        seat = to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[randrange(len(legal))])


def calling_hand(game: Game, chooser: random.Random, seed: int) -> None:
    state = game.deal(seed=seed, dealer=seed % game.player_count)
    while True:
        to_act = state.to_act
        if not to_act:
            return
        seat = to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[0] if legal[0].kind != "fold" else legal[1])


def pokerkit_factory(stack: int) -> Callable[[], object] | None:
    """PokerKit's fixed-limit hold'em (blinds 1/2, bets 2/4) for four, or ``None`` if not installed."""
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
        return FixedLimitTexasHoldem.create_state(automations, True, 0, (1, 2), 2, 4, stack, PLAYERS)

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


def rate(play: Play, seconds: float, repeats: int) -> float:
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


def profile(play: Play, hands: int) -> str:
    profiler = cProfile.Profile()
    chooser = random.Random(0)
    profiler.enable()
    for seed in range(hands):
        play(chooser, seed)
    profiler.disable()
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(18)
    return text.getvalue()


def compare(label: str, game: Game, argv: list[str], *, stack: int) -> None:
    """Print ``game``'s hands per second beside PokerKit's, both ways, from the command line ``argv``."""
    parser = argparse.ArgumentParser(prog=f"python -m benchmarks {label}")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one timed repeat")
    parser.add_argument("--repeats", type=int, default=5, help="timed repeats per figure (median)")
    parser.add_argument("--profile", action="store_true", help=f"print a cProfile of {label}'s hot paths")
    args = parser.parse_args(argv)
    create = pokerkit_factory(stack)
    for seed in range(20):  # warm up: the high-hand lookup tables are built on first use
        calling_hand(game, random.Random(seed), seed)
    print(f"{PLAYERS}-player hands per second (median of {args.repeats} x {args.seconds:g}s)")
    print(f"{'way':<8}{'homegame ' + label:>20}{'pokerkit FLHE':>16}{'ratio':>9}")
    for way, ours, theirs in (("random", random_hand, pokerkit_random_hand),
                              ("call", calling_hand, pokerkit_calling_hand)):
        our_rate = rate(partial(ours, game), args.seconds, args.repeats)
        if create is None:
            print(f"{way:<8}{our_rate:>20,.0f}{'(no pokerkit)':>16}")
            continue
        kit_rate = rate(partial(theirs, create), args.seconds, args.repeats)
        print(f"{way:<8}{our_rate:>20,.0f}{kit_rate:>16,.0f}{our_rate / kit_rate:>8.1f}x", flush=True)
    if args.profile:
        for way, ours in (("random", random_hand), ("call", calling_hand)):
            print(f"-- profile: {label}, {way} --")
            print(profile(partial(ours, game), 2000))
