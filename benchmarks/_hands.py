"""What the game benchmarks share: hands played through the public contract, the PokerKit peer
played the same two ways, timing in back-to-back pairs, profiling, and the side-by-side table.

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
    choice = chooser.choice
    while True:
        to_act = state.to_act
        if not to_act:
            return
        seat = to_act[0]
        state.apply(seat, choice(state.legal_actions(seat)))


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
        chooser.choice(options)()


def pokerkit_calling_hand(create: Callable[[], object], chooser: random.Random, seed: int) -> None:
    state: object = create()
    while getattr(state, "status"):  # noqa: B009
        state.check_or_call()  # type: ignore[attr-defined]


class Rates:
    """Hands per second of one side, one short timed run after another, with the seed running on."""

    def __init__(self, play: Play, seconds: float) -> None:
        self.play = play
        self.seconds = seconds
        self.seed = 0
        self.rates: list[float] = []

    def measure(self) -> float:
        chooser = random.Random(len(self.rates))
        hands = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < self.seconds:
            for _ in range(10):
                self.play(chooser, self.seed)
                self.seed += 1
            hands += 10
        self.rates.append(hands / elapsed)
        return self.rates[-1]


def paired(ours: Play, theirs: Play, seconds: float, repeats: int) -> tuple[float, float, float]:
    """The medians of our rate, the peer's rate and their ratio, over ``repeats`` pairs of runs
    taken back to back, so that a machine slowing down or speeding up touches both sides alike."""
    our_side, their_side = Rates(ours, seconds), Rates(theirs, seconds)
    ratios = [our_side.measure() / their_side.measure() for _ in range(repeats)]
    return (statistics.median(our_side.rates), statistics.median(their_side.rates),
            statistics.median(ratios))


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


def build() -> str:
    """Which homegame is measured: the compiled build of ``setup.py`` or plain Python."""
    import homegame.engine.state

    return "plain Python" if homegame.engine.state.__file__.endswith(".py") else "compiled with mypyc"


def compare(label: str, game: Game, argv: list[str], *, stack: int) -> None:
    """Print ``game``'s hands per second beside PokerKit's, both ways, from the command line ``argv``."""
    parser = argparse.ArgumentParser(prog=f"python -m benchmarks {label}")
    parser.add_argument("--seconds", type=float, default=0.3, help="length of one timed run")
    parser.add_argument("--repeats", type=int, default=31, help="pairs of timed runs (medians)")
    parser.add_argument("--profile", action="store_true", help=f"print a cProfile of {label}'s hot paths")
    args = parser.parse_args(argv)
    create = pokerkit_factory(stack)
    for seed in range(20):  # warm up: the high-hand lookup tables are built on first use
        calling_hand(game, random.Random(seed), seed)
    print(f"{PLAYERS}-player hands per second, homegame {build()}: medians of {args.repeats} paired runs"
          f" of {args.seconds:g}s; the ratio is the median of the pairs' ratios")
    print(f"{'way':<8}{'homegame ' + label:>20}{'pokerkit FLHE':>16}{'ratio':>9}")
    for way, ours, theirs in (("random", random_hand, pokerkit_random_hand),
                              ("call", calling_hand, pokerkit_calling_hand)):
        if create is None:
            alone = Rates(partial(ours, game), args.seconds)
            rate = statistics.median(alone.measure() for _ in range(args.repeats))
            print(f"{way:<8}{rate:>20,.0f}{'(no pokerkit)':>16}")
            continue
        our_rate, kit_rate, ratio = paired(partial(ours, game), partial(theirs, create), args.seconds,
                                           args.repeats)
        print(f"{way:<8}{our_rate:>20,.0f}{kit_rate:>16,.0f}{ratio:>8.1f}x", flush=True)
    if args.profile:
        for way, ours in (("random", random_hand), ("call", calling_hand)):
            print(f"-- profile: {label}, {way} --")
            print(profile(partial(ours, game), 2000))
