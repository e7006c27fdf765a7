"""Seeded hands of every game played to the end, for the tests that walk every phase of every game
(the terminal's faces, the page's presentations and its words): the tables they are played at, and
each decision of a hand as it is taken."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from homegame.bots import make_bot
from homegame.engine import ActionSet, GameState, View
from homegame.games import GAMES, new_game

Watch = Callable[[GameState[Any], int, View, ActionSet], None]


def tables(name: str, *, variants: bool = True) -> list[tuple[int, list[str]]]:
    """The game at two table sizes (the fewest players above one, and four or the most below
    four), with no variant and, if ``variants``, with each variant on its own."""
    game_class = GAMES[name]
    sizes = sorted({max(2, game_class.players[0]), min(4, game_class.players[-1])})
    each = [[], *([variant] for variant in game_class.variants)] if variants else [[]]
    return [(players, chosen) for players in sizes for chosen in each]


def play(name: str, players: int, variants: list[str], seed: int, watch: Watch) -> GameState[Any]:
    """The hand dealt from ``seed``, played to its end by the game's own bot (an even seed) or at
    random (an odd one); ``watch`` sees each decision (the state, the seat, its view and legal
    actions) before it is taken."""
    state = new_game(name, players=players, variants=variants).deal(seed=seed)
    kind = "heuristic" if seed % 2 == 0 else "random"
    bots = [make_bot(name, kind, seed=seat) for seat in range(players)]
    while not state.is_over:
        seat = state.to_act[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        watch(state, seat, view, legal)
        state.apply(seat, bots[seat].act(view, legal))
    return state
