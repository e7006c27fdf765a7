"""High-hand evaluation speed beside the peers: eval7, phevaluator, treys and pokerkit.

``python -m benchmarks ranking [--quick] [--repeat N]``. Every figure is the median of several runs,
printed next to each peer's and the ratio homegame / peer (above 1: homegame is faster). Peers that
are not installed are skipped (``make bench`` installs them through the ``bench`` extra).

Times are CPU seconds of this process (``time.process_time``; everything here runs on one thread),
so that other work on a shared machine does not tilt the comparison; on an idle machine they equal
wall-clock time. The load average is printed first as a reminder of how busy the machine was.

* single 7-card evaluation from Python, one call per hand on cards parsed beforehand, and the
  instructions each call costs beside eval7's (callgrind, where valgrind is installed): time is
  mostly memory here (a random hand's table entry is seldom in cache), instructions the work;
* the same against eval7 alone in back-to-back pairs, on 100,000 different hands and on 50 hands
  repeated, the ratio's median and spread;
* the numpy batch path on an array of random 7-card hands;
* the exhaustive table of all 133,784,560 seven-card hands: homegame's numpy batch against eval7
  one call per hand (``--quick`` has eval7 do a fixed sample of the hands and scales its time up);
* what ``import homegame`` costs in time and memory, in a fresh interpreter.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from math import comb

import homegame
from homegame.cards import DECKS
from homegame.ranking.batch import high_strengths, tabulate_high

SEVEN_CARD_HANDS = comb(52, 7)


def _timed(run: Callable[[], object], repeat: int) -> list[float]:
    """CPU seconds of ``run`` per repetition (after one warm-up call)."""
    run()
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return times


def _rate(run: Callable[[], object], hands: int, repeat: int) -> float:
    return hands / statistics.median(_timed(run, repeat))


def _row(label: str, ours: float, theirs: float | None, unit: str) -> None:
    peer = "-" if theirs is None else f"{theirs:,.0f}"
    ratio = "-" if not theirs else f"{ours / theirs:.2f}x"
    print(f"  {label:<58} {ours:>12,.0f} {peer:>12} {ratio:>9}  {unit}", flush=True)


def _installed(name: str) -> bool:
    return importlib.util.find_spec(name) is not None


def _peer_rates(codes: list[list[int]], repeat: int) -> dict[str, float]:
    """Hands per second of each installed peer on the same 7-card hands, each in its own card type."""
    names = [str(card) for card in DECKS["standard"]]
    rates: dict[str, float] = {}
    if _installed("phevaluator"):
        from phevaluator import evaluate_cards

        def phevaluator_run() -> None:
            for hand in codes:
                evaluate_cards(*hand)

        rates["phevaluator evaluate_cards"] = _rate(phevaluator_run, len(codes), repeat)
    if _installed("eval7"):
        import eval7

        deck = {str(card): card for card in eval7.Deck().cards}
        eval7_hands = [[deck[names[c]] for c in hand] for hand in codes]
        evaluate = eval7.evaluate

        def eval7_run() -> None:
            for hand in eval7_hands:
                evaluate(hand)

        rates["eval7 evaluate"] = _rate(eval7_run, len(codes), repeat)
    if _installed("treys"):
        import treys

        treys_cards = [treys.Card.new(name) for name in names]
        evaluator = treys.Evaluator()
        treys_hands = [([treys_cards[c] for c in hand[:2]], [treys_cards[c] for c in hand[2:]])
                       for hand in codes]

        def treys_run() -> None:
            for hole, board in treys_hands:
                evaluator.evaluate(hole, board)

        rates["treys Evaluator.evaluate"] = _rate(treys_run, len(codes), repeat)
    if _installed("pokerkit"):
        from pokerkit import Card, StandardHighHand

        few = codes[: max(1, len(codes) // 50)]
        kit_hands = [(list(Card.parse("".join(names[c] for c in hand[:2]))),
                      list(Card.parse("".join(names[c] for c in hand[2:])))) for hand in few]

        def pokerkit_run() -> None:
            for hole, board in kit_hands:
                StandardHighHand.from_game(hole, board)

        rates["pokerkit StandardHighHand.from_game"] = _rate(pokerkit_run, len(few), repeat)
    return rates


def bench_single(hand_count: int, repeat: int) -> None:
    """Single evaluations of random 7-card hands (the same hands for everyone)."""
    dealer = random.Random(20261122)
    standard = DECKS["standard"]
    hands = [dealer.sample(standard, 7) for _ in range(hand_count)]
    codes = [[int(c) for c in hand] for hand in hands]
    strength, evaluate = homegame.strength, homegame.evaluate

    def strength_run() -> None:
        for hand in hands:
            strength(hand)

    few = hands[: hand_count // 5]

    def evaluate_run() -> None:
        for hand in few:
            evaluate(hand)

    ours = _rate(strength_run, len(hands), repeat)
    full = _rate(evaluate_run, len(few), repeat)
    peers = _peer_rates(codes, repeat)
    print(f"single 7-card evaluation, hands/second (median of {repeat}; {hand_count:,} hands)")
    print(f"  {'measure':<58} {'homegame':>12} {'peer':>12} {'ratio':>9}")
    _row("homegame.strength (no peer)", ours, None, "hands/s")
    for peer, rate in peers.items():
        _row(f"homegame.strength vs {peer}", ours, rate, "hands/s")
    _row("homegame.evaluate (full Hand) vs homegame.strength", full, ours, "hands/s")
    for peer, rate in peers.items():
        _row(f"homegame.evaluate vs {peer}", full, rate, "hands/s")


SINGLE_INSTRUCTIONS = """
import random
import homegame
from homegame.cards import DECKS
dealer = random.Random(20261122)
hands = [dealer.sample(DECKS["standard"], 7) for _ in range(12_000)]
evaluate = homegame.strength
if {peer}:
    import eval7
    deck = dict((str(card), card) for card in eval7.Deck().cards)
    hands = [[deck[str(card)] for card in hand] for hand in hands]
    evaluate = eval7.evaluate
evaluate(hands[0])
for hand in hands[:{{units}}]:
    evaluate(hand)
"""


def _eval7_pairs(hands: list[list[int]], repeat: int) -> tuple[float, float, float]:
    """homegame.strength's rate over eval7's on ``hands``, timed in back-to-back pairs (one run of
    each, in turn), so that a change in the machine's load falls on both: the median ratio over
    the pairs, then the lowest and the highest."""
    import eval7

    deck = {str(card): card for card in eval7.Deck().cards}
    standard = DECKS["standard"]
    ours = [[standard[c] for c in hand] for hand in hands]
    theirs = [[deck[str(standard[c])] for c in hand] for hand in hands]
    strength, evaluate = homegame.strength, eval7.evaluate

    def strength_run() -> None:
        for hand in ours:
            strength(hand)

    def eval7_run() -> None:
        for hand in theirs:
            evaluate(hand)

    ratios = sorted(_timed(eval7_run, 1)[0] / _timed(strength_run, 1)[0] for _ in range(repeat))
    return statistics.median(ratios), ratios[0], ratios[-1]


def bench_single_pairs(hand_count: int, repeat: int) -> None:
    """homegame.strength against eval7 in back-to-back pairs: on ``hand_count`` different random
    hands (a random hand's table entry is seldom in the processor's cache) and on 50 hands dealt
    over and over (it always is)."""
    if not _installed("eval7"):
        return
    dealer = random.Random(20261129)
    different = [dealer.sample(range(52), 7) for _ in range(hand_count)]
    repeated = different[:50] * (hand_count // 50)
    print(f"single 7-card evaluation, homegame.strength / eval7 evaluate in {repeat} back-to-back pairs"
          " (median, lowest, highest)")
    for label, hands in ((f"{hand_count:,} different hands", different), ("50 hands repeated", repeated)):
        median, lowest, highest = _eval7_pairs(hands, repeat)
        print(f"  {label:<58} {median:.2f}x  ({lowest:.2f}x to {highest:.2f}x)", flush=True)


def bench_single_instructions() -> None:
    """Instructions per single 7-card evaluation, homegame's (this build) and eval7's, under
    callgrind: the difference of a run of 11,000 evaluations and one of 1,000, over 10,000."""
    from benchmarks import _callgrind

    if not (_callgrind.available() and _installed("eval7")):
        print("single 7-card evaluation, instructions: needs valgrind and eval7")
        return
    ours, theirs = (_callgrind.per_unit(SINGLE_INSTRUCTIONS.format(peer=peer), 1_000, 11_000, plain=False)
                    for peer in (False, True))
    print(f"single 7-card evaluation, instructions a call (callgrind): homegame.strength {ours:,.0f},"
          f" eval7 evaluate {theirs:,.0f}, ratio eval7 / homegame {theirs / ours:.2f}x")


def bench_batch(hand_count: int, repeat: int) -> None:
    """The numpy batch path on random 7-card hands already in an array."""
    import numpy as np

    rng = np.random.default_rng(20261122)
    codes = np.argsort(rng.random((hand_count, 52)), axis=1)[:, :7]
    high_strengths(codes)
    rate = hand_count / statistics.median(_timed(lambda: high_strengths(codes), repeat))
    print(f"batch high_strengths on an ({hand_count:,}, 7) array: {rate:,.0f} hands/s (median of {repeat})")


def _eval7_enumeration(fraction: int) -> tuple[float, int]:
    """Seconds eval7 takes to tabulate the hands whose two lowest cards are every ``fraction``-th
    pair of cards (all hands when ``fraction`` is 1), and how many hands that is."""
    import eval7

    deck = sorted(eval7.Deck().cards, key=lambda card: homegame.parse_cards(str(card))[0])
    evaluate, hands = eval7.evaluate, 0
    counts = [0] * 9
    start = time.process_time()
    for index, (low, second) in enumerate(combinations(range(52), 2)):
        if index % fraction:
            continue
        for rest in combinations(deck[second + 1:], 5):
            counts[evaluate([deck[low], deck[second], *rest]) >> 24] += 1
        hands += comb(51 - second, 5)
    return time.process_time() - start, hands


def bench_enumeration(quick: bool, repeat: int) -> None:
    """All 133,784,560 seven-card hands tabulated by category."""
    tabulate_high(7)  # build and cache the tables outside the timing
    ours = statistics.median(_timed(lambda: tabulate_high(7), repeat))
    print(f"exhaustive 7-card category table, seconds for all {SEVEN_CARD_HANDS:,} hands")
    print(f"  homegame batch tabulate_high(7): {ours:.2f} s (median of {repeat}),"
          f" {SEVEN_CARD_HANDS / ours:,.0f} hands/s")
    if not _installed("eval7"):
        print("  eval7 not installed: no peer figure")
        return
    fraction = 40 if quick else 1
    seconds, hands = _eval7_enumeration(fraction)
    scaled = seconds * SEVEN_CARD_HANDS / hands
    how = f"measured on {hands:,} hands and scaled up" if quick else "full run"
    print(f"  eval7 one call per hand: {scaled:.1f} s ({how}), {hands / seconds:,.0f} hands/s")
    print(f"  ratio eval7 / homegame: {scaled / ours:.1f}x faster")


def bench_import(repeat: int) -> None:
    """``import homegame`` in a fresh interpreter: time and peak memory, and the memory once the
    single-path tables are built."""
    probe = ("import resource, time; t = time.process_time(); import homegame; "
             "t = time.process_time() - t; m = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss; "
             "homegame.strength(homegame.parse_cards('As Ks Qs Js Ts 2c 3d')); "
             "b = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss; print(t, m / 1024, b / 1024)")
    runs = [subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
            .stdout.split() for _ in range(repeat)]
    seconds = statistics.median(float(run[0]) for run in runs)
    memory = statistics.median(float(run[1]) for run in runs)
    built = statistics.median(float(run[2]) for run in runs)
    print(f"import homegame: {seconds * 1000:.0f} ms, {memory:.0f} MB peak RSS (median of {repeat});"
          f" {built:.0f} MB after the first evaluation builds the tables")


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks ranking", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer hands; eval7 enumerates a sample")
    parser.add_argument("--repeat", type=int, default=5, help="runs per measure (the median is shown)")
    options = parser.parse_args(list(argv))
    print(f"load average {' '.join(f'{load:.1f}' for load in os.getloadavg())} on {os.cpu_count()} CPUs;"
          " times are CPU time of this process")
    bench_import(options.repeat)
    bench_single(20_000 if options.quick else 200_000, options.repeat)
    bench_single_pairs(20_000 if options.quick else 100_000, max(options.repeat, 7))
    bench_single_instructions()
    bench_batch(200_000 if options.quick else 2_000_000, options.repeat)
    bench_enumeration(options.quick, max(1, options.repeat // 2 if options.quick else options.repeat))


if __name__ == "__main__":
    main(sys.argv[1:])
