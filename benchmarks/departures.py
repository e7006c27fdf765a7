"""Where the search bot leaves its guide, and what that is worth on the real cards.

The search bot plays the game's own bot's choice unless its playouts find a better one, so its
lead over that bot comes only from the decisions where it departs. This plays hands of the search
bot against the game's bot and, at every departure, values both actions on the hand as it really
is (the hidden cards included: this is the referee's view, never the bot's), each played on by
the game's bot in every seat ``--runs`` times with the same random choices for both, and reports
how often the search departed and the mean value of a departure, with its 95% interval (points
turned round where fewer are better, so a positive value is always good for the search bot). It
suits games whose own bot is quick (the valuing plays many hands on). A
departure worth more than zero is a good one; few departures mean the bot plays as its guide does,
and a tournament between the two then cannot be told apart in any affordable number of deals.

    python -m benchmarks.departures --game papayoo [--hands 12] [--budget 0.9s] [--runs 200]
"""

from __future__ import annotations

import argparse
from typing import Any

from homegame.analysis.intervals import mean_and_margin
from homegame.bots import Bot, ask, make_bot
from homegame.bots.search import SearchBot
from homegame.engine import Action, GameState
from homegame.engine.infoset import InformationSet
from homegame.games import new_game

TABLES = {"pai_gow": 2, "papayoo": 4, "open_face": 2, "chinese": 2}


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.departures")
    parser.add_argument("--game", required=True)
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--budget", default="0.9s")
    parser.add_argument("--runs", type=int, default=200, help="playouts valuing each action")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    players = TABLES.get(args.game, 2)
    sign = -1 if new_game(args.game, players=players).score_is_penalty else 1
    decisions, values = 0, []
    for hand in range(args.hands):
        state = new_game(args.game, players=players).deal(seed=args.seed * 1000 + hand)
        searcher = hand % players
        search = SearchBot.with_budget(args.budget, seed=hand)
        rivals = [make_bot(args.game, "best", seed=hand * 10 + seat) for seat in range(players)]
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if seat != searcher or len(legal) == 1:
                state.apply(seat, ask(rivals[seat], state, seat))
                continue
            decisions += 1
            guide = search._guides_for(InformationSet(state, seat))[0]
            kept = guide.random.getstate()
            expected = guide.act(state.view(seat), legal)
            guide.random.setstate(kept)  # the search asks it again, with the same random draws
            action = ask(search, state, seat)
            if action != expected:
                values.append(sign * (_value(state, seat, action, args.runs, args.game) -
                                      _value(state, seat, expected, args.runs, args.game)))
            state.apply(seat, action)
        print(f"hand {hand + 1}/{args.hands}: {decisions} decisions, {len(values)} departures", flush=True)
    mean, margin = mean_and_margin(values) if values else (0.0, 0.0)
    print(f"{args.game}: {decisions} decisions, {len(values)} departures, worth {mean:+.3f} each "
          f"[{mean - margin:+.3f}, {mean + margin:+.3f}], {sum(values) / args.hands:+.3f} a hand "
          f"(a positive worth is better for the search bot)")


def _value(state: GameState[Any], seat: int, action: Action, runs: int, game: str) -> float:
    """The mean result for ``seat`` of ``action`` on the real cards, the game's bot playing on."""
    bots: list[Bot] = [make_bot(game, "best") for _ in range(state.players)]
    total = 0.0
    for run in range(runs):
        hand = state.clone()
        hand.apply(seat, action)
        for bot in bots:
            bot.random.seed(run)
        while not hand.is_over:
            mover = hand.to_act[0]
            hand.apply(mover, bots[mover].act(hand.view(mover), hand.legal_actions(mover)))
        total += hand.outcome.get(seat, 0)
    return total / runs


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
