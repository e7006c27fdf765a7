"""Every game's hands per second of random legal play, plain Python and compiled, beside PokerKit.

    python -m benchmarks games [--seconds 0.2] [--repeats 15] [--games draw,soko] [--bots]
                               [--instructions]

Four players at every table; every seat picks uniformly among its legal actions until the hand
is over (``benchmarks/_hands.py``), a fresh shuffled deck each hand. With ``--bots`` every seat
is the game's best bot instead, deciding from its seat's view as at a table (the solvers and
Monte Carlo players included), and PokerKit is left out: it has no bots to compare. Each side
runs in a worker process of its own: homegame as plain Python (the sources in ``src/``), homegame
as installed (the compiled build in ``.venv-fast``; when the installed homegame is plain Python
too, the compiled column is left out), and PokerKit. The workers take turns at short timed runs, one at a
time, game by game, ``--repeats`` times over; every ratio is the median of the ratios of runs
taken back to back, so a machine that slows down or speeds up touches both sides of a ratio.

PokerKit plays fixed-limit Texas hold'em (blinds 1/2, bets 2/4) as the reference every goal is
stated against, and beside each game that it has a comparable form of: five-card draw (fixed
limit, built from PokerKit's own parts with an ante of 1 and bets 2/4) beside Draw Poker,
hold'em beside Pineapple and Crazy Pineapple, Omaha eight-or-better beside Crazy Pineapple Hi-Lo,
and seven-card stud beside Soko (PokerKit has no five-card stud). The other games have no
counterpart in PokerKit.

With ``--instructions`` the table gains each build's instructions per hand under random play,
counted by callgrind (``benchmarks instructions``): the measure of work that does not move with
the machine, beside the ratios that do (some minutes more: two runs under valgrind a game and
build).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
from collections.abc import Callable
from functools import partial
from importlib.metadata import version
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from benchmarks import _callgrind

PLAYERS = 4
GAMES = ("draw", "pineapple", "crazy_pineapple", "crazy_pineapple_hi_lo", "soko", "anaconda", "whiskey",
         "paiute", "papayoo", "pai_gow", "chinese", "open_face")
FIXED_LIMIT = {"limit": "fixed", "bet": 2}
SETTINGS: dict[str, dict[str, Any]] = {
    "draw": {**FIXED_LIMIT, "stack": 200},
    "pineapple": {**FIXED_LIMIT, "small_blind": 1, "big_blind": 2},
    "crazy_pineapple": {**FIXED_LIMIT, "small_blind": 1, "big_blind": 2},
    "crazy_pineapple_hi_lo": {**FIXED_LIMIT, "small_blind": 1, "big_blind": 2},
    "soko": FIXED_LIMIT,
}
"""The table settings of the betting games: fixed limit with bets of 2 and 4, as PokerKit plays
(the Draw Poker and Pineapple tables are those of ``engine`` and ``pineapple`` benchmarks)."""
REFERENCE = "fixed-limit hold'em"
COMPARABLE = {"draw": "five-card draw", "pineapple": REFERENCE, "crazy_pineapple": REFERENCE,
              "crazy_pineapple_hi_lo": "Omaha hi-lo 8", "soko": "seven-card stud"}
SOURCES = Path(__file__).resolve().parents[1] / "src"


# -- the workers ----------------------------------------------------------------------------------

def homegame_players(bots: bool) -> tuple[str, dict[str, Callable[[random.Random, int], None]]]:
    """Which build of homegame this process runs, and a hand of each game: random legal play, or
    the game's best bots in every seat."""
    from benchmarks._hands import build, random_hand
    from homegame.bots import make_bot
    from homegame.games import new_game

    plays = {}
    for name in GAMES:
        game = new_game(name, players=PLAYERS, **SETTINGS.get(name, {}))
        if bots:
            players = [make_bot(name, "best", seed=seat) for seat in range(PLAYERS)]
            plays[name] = partial(bot_hand, game, players)
        else:
            plays[name] = partial(random_hand, game)
    return build(), plays


def bot_hand(game: Any, bots: list[Any], chooser: random.Random, seed: int) -> None:
    """A hand of ``game`` played by ``bots``, each from its own seat's view."""
    from homegame.analysis.simulation import play_hand

    play_hand(game.deal(seed=seed, dealer=seed % game.player_count), bots)


def pokerkit_players() -> tuple[str, dict[str, Callable[[random.Random, int], None]]]:
    """PokerKit's games, each played by :func:`pokerkit_random_hand`."""
    from pokerkit import (
        Automation,
        BettingStructure,
        Deck,
        FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
        FixedLimitSevenCardStud,
        FixedLimitTexasHoldem,
        Opening,
        StandardHighHand,
        State,
        Street,
    )

    automations = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    five_card_draw = (Street(False, (False,) * 5, 0, False, Opening.POSITION, 2, 4),
                      Street(True, (), 0, True, Opening.POSITION, 4, 4))
    creators: dict[str, Callable[[], Any]] = {
        REFERENCE: lambda: FixedLimitTexasHoldem.create_state(
            automations, True, 0, (1, 2), 2, 4, 200, PLAYERS),
        "five-card draw": lambda: State(
            automations, Deck.STANDARD, (StandardHighHand,), five_card_draw,
            BettingStructure.FIXED_LIMIT, True, 1, 0, 0, 200, PLAYERS),
        "Omaha hi-lo 8": lambda: FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(
            automations, True, 0, (1, 2), 2, 4, 200, PLAYERS),
        "seven-card stud": lambda: FixedLimitSevenCardStud.create_state(
            automations, True, 1, 1, 2, 4, 200, PLAYERS),
    }
    return f"PokerKit {version('pokerkit')}", {name: partial(pokerkit_random_hand, create)
                                       for name, create in creators.items()}


def pokerkit_random_hand(create: Callable[[], Any], chooser: random.Random, seed: int) -> None:
    """A PokerKit hand in which every seat picks uniformly among fold, check or call, the
    bring-in, and a completion, bet or raise, whichever it may; a draw throws away a random subset
    of the hand."""
    state = create()
    choice = chooser.choice
    while state.status:
        if state.can_stand_pat_or_discard():
            hole = state.hole_cards[state.stand_patter_or_discarder_index]
            state.stand_pat_or_discard(chooser.sample(hole, chooser.randint(0, len(hole))))
            continue
        options = []
        if state.can_post_bring_in():
            options.append(state.post_bring_in)
        if state.can_fold():
            options.append(state.fold)
        if state.can_check_or_call():
            options.append(state.check_or_call)
        if state.can_complete_bet_or_raise_to():
            options.append(state.complete_bet_or_raise_to)
        choice(options)()


def serve(kind: str) -> None:
    """A worker: announce what it runs, then answer each ``GAME SECONDS`` line with a rate."""
    from benchmarks._hands import Rates

    label, plays = pokerkit_players() if kind == "pokerkit" else homegame_players(kind == "bots")
    rates = {name: Rates(play, 0.0) for name, play in plays.items()}
    for play in plays.values():  # warm up: tables built on first use, caches filled
        for seed in range(20):
            play(random.Random(seed), seed)
    print(label, flush=True)
    for line in sys.stdin:
        name, seconds = line.rsplit(" ", 1)
        side = rates[name]
        side.seconds = float(seconds)
        print(side.measure(), flush=True)


class Worker:
    """A worker process, asked for one timed run at a time."""

    def __init__(self, kind: str, *, plain: bool = False) -> None:
        env = dict(os.environ)
        if plain:
            env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(SOURCES), env.get("PYTHONPATH"))))
        root = str(Path(__file__).resolve().parents[1])
        self.process = subprocess.Popen(
            [sys.executable, "-m", "benchmarks.bench_games", "--worker", kind], cwd=root, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.label = self._line()

    def _line(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"a benchmark worker stopped (exit status {self.process.wait()})")
        return line.strip()

    def rate(self, name: str, seconds: float) -> float:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{name} {seconds}\n")
        self.process.stdin.flush()
        return float(self._line())

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


# -- the table --------------------------------------------------------------------------------------

def measure(games: list[str], seconds: float, repeats: int, *, bots: bool = False,
            instructions: bool = False) -> list[dict[str, Any]]:
    """Every game's medians: rates of each side, and the ratios of runs taken back to back; with
    ``instructions``, each build's instructions per hand too."""
    kind = "bots" if bots else "homegame"
    plain = Worker(kind, plain=True)
    installed = Worker(kind)
    compiled = installed if installed.label != plain.label else None
    if compiled is None:
        installed.close()
    kit = Worker("pokerkit") if find_spec("pokerkit") and not bots else None
    play = "the best bots in every seat" if bots else "random legal play"
    print(f"homegame {plain.label} and {compiled.label if compiled else '(no compiled build installed)'};"
          f" {kit.label if kit else 'no PokerKit'}; {PLAYERS} players, {play};"
          f" medians of {repeats} rounds of {seconds:g}s runs", flush=True)
    runs: dict[tuple[str, str], list[float]] = {}
    for round_number in range(repeats + 1):  # the first round is a warm-up, not counted
        for name in games:
            sides = {"plain": plain, "compiled": compiled, "reference": kit,
                     "comparable": kit if name in COMPARABLE else None}
            for side, worker in sides.items():
                if worker is not None:
                    peer = {"reference": REFERENCE, "comparable": COMPARABLE.get(name)}.get(side, name)
                    rate = worker.rate(str(peer), seconds)
                    if round_number:
                        runs.setdefault((name, side), []).append(rate)
    for worker in {plain, compiled, kit} - {None}:
        assert worker is not None
        worker.close()
    rows = [_row(name, runs) for name in games]
    if instructions:
        from benchmarks.bench_instructions import per_hand

        for row in rows:
            row["plain_instructions"] = per_hand(row["game"], plain=True)
            row["compiled_instructions"] = per_hand(row["game"], plain=False) if compiled else None
    return rows


def _row(name: str, runs: dict[tuple[str, str], list[float]]) -> dict[str, Any]:
    def ratio(ours: str, theirs: str) -> float | None:
        top, bottom = runs.get((name, ours)), runs.get((name, theirs))
        if not top or not bottom:
            return None
        return statistics.median(a / b for a, b in zip(top, bottom, strict=True))

    best = "compiled" if (name, "compiled") in runs else "plain"
    return {
        "game": name,
        "plain": statistics.median(runs[name, "plain"]),
        "compiled": statistics.median(runs[name, "compiled"]) if (name, "compiled") in runs else None,
        "speedup": ratio("compiled", "plain"),
        "plain_vs_reference": ratio("plain", "reference"),
        "compiled_vs_reference": ratio("compiled", "reference"),
        "comparable": COMPARABLE.get(name),
        "vs_comparable": ratio(best, "comparable"),
    }


def table(rows: list[dict[str, Any]]) -> str:
    """The rows as a Markdown table, ready for docs/performance.md."""
    def number(value: float | None, unit: str = "") -> str:
        if value is None:
            return "-"
        if unit:
            return f"{value:.1f}{unit}"
        return f"{value:,.0f}" if value >= 100 else f"{value:.3g}"  # a bot's few hands a second

    counted = any("plain_instructions" in row for row in rows)
    extra = " plain instructions/hand | compiled instructions/hand |" if counted else ""
    lines = ["| game | plain hands/s | compiled hands/s | compiled / plain | plain / FLHE "
             "| compiled / FLHE | PokerKit's comparable game | homegame / it |" + extra,
             "| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |" + " ---: | ---: |" * counted]
    for row in rows:
        counts = (f" {number(row.get('plain_instructions'))} | {number(row.get('compiled_instructions'))} |"
                  if counted else "")
        lines.append(
            f"| {row['game']} | {number(row['plain'])} | {number(row['compiled'])} "
            f"| {number(row['speedup'], 'x')} | {number(row['plain_vs_reference'], 'x')} "
            f"| {number(row['compiled_vs_reference'], 'x')} | {row['comparable'] or '-'} "
            f"| {number(row['vs_comparable'], 'x')} |" + counts)
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks games", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=0.2, help="length of one timed run")
    parser.add_argument("--repeats", type=int, default=15, help="rounds of runs (medians)")
    parser.add_argument("--games", default=",".join(GAMES), help="the games, comma separated")
    parser.add_argument("--bots", action="store_true", help="the best bots play instead of random choices")
    parser.add_argument("--instructions", action="store_true",
                        help="count each build's instructions per hand too (callgrind)")
    args = parser.parse_args(argv)
    games = [name.strip() for name in args.games.split(",") if name.strip()]
    unknown = [name for name in games if name not in GAMES]
    if unknown:
        raise SystemExit(f"no game {', '.join(unknown)} here; games: {', '.join(GAMES)}")
    if args.instructions and (args.bots or not _callgrind.available()):
        raise SystemExit("--instructions counts random play under valgrind: without --bots, "
                         "with valgrind installed")
    print(table(measure(games, args.seconds, args.repeats, bots=args.bots,
                        instructions=args.instructions)))
    print("FLHE: PokerKit's fixed-limit Texas hold'em, the reference of the speed goals; the last "
          "column compares the fastest homegame build measured with PokerKit's comparable game.")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        serve(sys.argv[2])
    else:
        main(sys.argv[1:])
