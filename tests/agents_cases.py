"""Tables the agent tests play: every game, with its variants and betting structures, and helpers
that play them by action index."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from homegame.agents import encoding_for
from homegame.agents.encoding import Encoding
from homegame.engine import Action, ActionSet, Game, GameState, View
from homegame.games import new_game

__all__ = ["CASES", "Case", "mapped_legal", "random_index", "same_move"]

Case = tuple[str, int, tuple[str, ...], dict[str, Any]]

CASES: list[Case] = [
    ("draw", 4, (), {}),
    ("draw", 3, ("wild",), {"limit": "no"}),
    ("draw", 2, ("lowball",), {"limit": "pot", "low": "deuce-to-seven"}),
    ("draw", 3, ("deuces",), {"limit": "spread", "max_bet": 10}),
    ("pineapple", 4, (), {}),
    ("pineapple", 3, ("ante",), {"limit": "no"}),
    ("crazy_pineapple", 3, (), {"limit": "pot"}),
    ("crazy_pineapple_hi_lo", 5, (), {}),
    ("soko", 4, (), {}),
    ("soko", 3, (), {"limit": "no"}),
    ("whiskey", 4, (), {}),
    ("whiskey", 3, ("chips",), {}),
    ("anaconda", 4, (), {}),
    ("anaconda", 2, (), {"limit": "no"}),
    ("paiute", 3, (), {}),
    ("paiute", 2, ("jokers", "pay-table"), {}),
    ("paiute", 4, ("denexa", "ante"), {}),
    ("papayoo", 3, (), {}),
    ("papayoo", 8, (), {}),
    ("pai_gow", 1, (), {}),
    ("pai_gow", 3, ("player-banks", "wheel-second"), {}),
    ("chinese", 2, (), {}),
    ("chinese", 4, (), {"unit": 2}),
    ("open_face", 2, ("standard-front-trips",), {}),
    ("open_face", 3, (), {}),
]


def case_id(case: Case) -> str:
    name, players, variants, settings = case
    extra = [*variants, *(f"{k}={v}" for k, v in settings.items())]
    return f"{name}-{players}" + ("-" + "-".join(extra) if extra else "")


def make(case: Case) -> Game:
    name, players, variants, settings = case
    return new_game(name, players=players, variants=variants, **settings)


def same_move(a: Action, b: Action) -> bool:
    """Whether two actions are the same move (a repeated card may be named in either order)."""
    return (a.kind, a.amount, a.option, Counter(a.cards), [Counter(g) for g in a.groups]) == \
        (b.kind, b.amount, b.option, Counter(b.cards), [Counter(g) for g in b.groups])


def mapped_legal(encoding: Encoding[Any], view: View, legal: ActionSet) -> dict[int, Action]:
    """Every legal engine action that has an index, by index (each index one move)."""
    found: dict[int, Action] = {}
    for action in legal:
        index = encoding.encode(view, legal, action)
        if index is None:
            assert action.kind in ("bet", "raise", "complete"), f"{action} has no index"
            continue
        assert index not in found or same_move(found[index], action), f"{index}: {found[index]}, {action}"
        found.setdefault(index, action)
    return found


def random_index(state: GameState, encoding: Encoding[Any], chooser: random.Random) -> tuple[int, int]:
    """The seat to act and a random legal index for it."""
    seat = min(state.to_act)
    view, legal = state.view(seat), state.legal_actions(seat)
    return seat, chooser.choice(encoding.legal_indices(view, legal))


def encoding_of(case: Case) -> tuple[Game, Encoding[Any]]:
    game = make(case)
    return game, encoding_for(game)
