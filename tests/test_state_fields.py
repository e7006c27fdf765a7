"""Every game's hand keeps at most 29 fields, where plain Python reads them fastest.

CPython 3.11 gives the objects of a class one shared table of their field names, and reads a
field through it at the speed of a list's item; an object with a 30th field keeps a dictionary of
its own (``sys.getsizeof(vars(state))`` goes from 296 to 1,584 bytes), and every read of
``state.x`` becomes a lookup in it. A game's state is read at every step of every hand: past the
limit, Pineapple spent 4.5% more instructions a hand, and one field more (a 30th) cost Draw Poker
4.1% (642,436 to 668,610; ``python -m benchmarks instructions``). A game that needs more keeps the
fields a hand seldom uses in an object of their own, as Pineapple does with its table habits. The
compiled build stores fields natively and is not concerned.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from homegame.games import GAMES
from test_play_digest import tables

SHARED_NAMES = 29
"""The most field names CPython 3.11 shares among the objects of one class (measured: a class whose
objects set 29 fields keeps one table of names for all of them; at 30 each object has its own)."""

def fields(state: Any) -> int:
    """How many fields ``state`` holds."""
    return len(vars(state))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_hand_holds_no_more_fields_than_python_shares(name: str) -> None:
    chooser = random.Random(5)
    for number, game in enumerate(tables(name)):
        state = game.deal(seed=number, dealer=0)
        if not hasattr(state, "__dict__"):
            pytest.skip("the compiled build stores fields natively")
        most = fields(state)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
            most = max(most, fields(state), fields(state.clone()))
        assert most <= SHARED_NAMES, f"{game.title} at {game.player_count} seats holds {most} fields"
