"""The search bot against OpenSpiel's ISMCTS bot, both playing homegame's games through OpenSpiel
(``homegame.agents.openspiel``), heads-up, with the same time per decision.

Each deal is played twice with the seats swapped and the same chance outcomes (the same deck), so
the luck of the cards cancels; the table gives the search bot's lead per hand over ISMCTS with a
95% interval. ISMCTS (OpenSpiel's Python ``ISMCTSBot``, random roll-outs, the homegame binding's
``resample_from_infostate``) counts simulations, not time: its simulations per decision are set
from a timing of its first decisions so that it thinks about as long as the search bot, and the
table shows the measured seconds per decision of both. Needs the ``openspiel`` extra.

    python -m benchmarks.versus_openspiel [--games draw,soko,pineapple] [--deals 30] [--seconds 0.3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import homegame.agents.openspiel  # noqa: F401  # registers the homegame_* games
from homegame.agents.openspiel import HomegameState
from homegame.analysis.intervals import mean_and_margin
from homegame.bots import ask
from homegame.bots.search import SearchBot
from homegame.engine import Action


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.versus_openspiel")
    parser.add_argument("--games", default="draw,soko,pineapple")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=0.3, help="time per decision for both bots")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"{'game':<22} {'deals':>5} {'search lead':>12} {'95% interval':>20} {'verdict':>9} "
          f"{'search s':>9} {'ismcts s':>9} {'ismcts sims':>12}", flush=True)
    for name in args.games.split(","):
        game = pyspiel.load_game(f"homegame_{name}", {"players": 2})
        simulations = _calibrate(game, args.seconds, args.seed)
        leads: list[float] = []
        clocks: dict[str, list[float]] = {"search": [], "ismcts": []}
        for deal in range(args.deals):
            seed = args.seed * 1_000_003 + deal
            first, second = (_play(game, seed, search_seat=seat, seconds=args.seconds,
                                   simulations=simulations, clocks=clocks) for seat in (0, 1))
            leads.append((first[0] - first[1] + second[1] - second[0]) / 2)
        mean, margin = mean_and_margin(leads)
        verdict = "better" if mean - margin > 0 else "worse" if mean + margin < 0 else "not told"
        print(f"{name:<22} {args.deals:>5} {mean:>+12.3f} [{mean - margin:>+8.3f}, {mean + margin:>+8.3f}] "
              f"{verdict:>9} {statistics.fmean(clocks['search']):>9.3f} "
              f"{statistics.fmean(clocks['ismcts']):>9.3f} {simulations:>12}", flush=True)


def _ismcts(game: Any, simulations: int, seed: int) -> ismcts.ISMCTSBot:
    generator = np.random.RandomState(seed % 2**32)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=generator)
    return ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=generator)


def _calibrate(game: Any, seconds: float, seed: int) -> int:
    """How many ISMCTS simulations take about ``seconds`` at the first decisions of a few deals."""
    per_simulation = []
    for deal in range(3):
        state = _dealt(game, random.Random(seed + deal))
        while len(state.legal_actions()) == 1 and not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
            _chance(state, random.Random(deal))
        if state.is_terminal():
            continue
        bot = _ismcts(game, 20, seed)
        begin = time.perf_counter()
        bot.step(state)
        per_simulation.append((time.perf_counter() - begin) / 20)
    return max(1, round(seconds / statistics.median(per_simulation)))


def _dealt(game: Any, chooser: random.Random) -> HomegameState:
    state: HomegameState = game.new_initial_state()
    _chance(state, chooser)
    return state


def _chance(state: Any, chooser: random.Random) -> None:
    while state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(chooser.choices(outcomes, weights)[0])


def _play(game: Any, seed: int, *, search_seat: int, seconds: float, simulations: int,
          clocks: dict[str, list[float]]) -> list[float]:
    """One deal of ``seed``: the search bot at ``search_seat``, ISMCTS at the other; the returns."""
    chooser = random.Random(seed)
    state = _dealt(game, chooser)
    search = SearchBot(seed=seed, seconds=seconds)
    rival = _ismcts(game, simulations, seed)
    while not state.is_terminal():
        if state.is_chance_node():
            _chance(state, chooser)
            continue
        seat = state.current_player()
        begin = time.perf_counter()
        if seat == search_seat:
            index = _index_of(state, ask(search, state.world.state, seat))
            clocks["search"].append(time.perf_counter() - begin)
        else:
            index = int(rival.step(state))
            clocks["ismcts"].append(time.perf_counter() - begin)
        state.apply_action(index)
    returns: list[float] = state.returns()
    return returns


def _index_of(state: HomegameState, action: Action) -> int:
    """The binding's index of ``action``; a bet of an amount the encoding does not number becomes
    the numbered one of the same kind nearest to it."""
    world = state.world
    _, view, legal, indices = world.turn()
    index = world.encoding.encode(view, legal, action)
    if index is not None:
        return index
    same = [(abs(found.amount - action.amount), i) for i in indices
            if (found := world.encoding.decode(view, legal, i)).kind == action.kind]
    return min(same)[1] if same else indices[0]


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
