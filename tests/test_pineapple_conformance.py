"""The shared conformance suite for the three Pineapple games and their variants and structures."""

from __future__ import annotations

from typing import Any

import pytest

from conformance import check_conformance
from homegame.games.pineapple import CrazyPineapple, CrazyPineappleHiLo, Pineapple

GAMES = (Pineapple, CrazyPineapple, CrazyPineappleHiLo)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_conformance(game: type[Pineapple]) -> None:
    check_conformance(lambda players: game(players=players), seeds=range(25), players=(2, 3, 6, 9))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("table", [{"variants": ["ante"]}, {"limit": "pot"}, {"limit": "no", "stack": 30},
                                   {"small_blind": 0, "big_blind": 3, "stack": 12}],
                         ids=["ante", "pot-limit", "no-limit-short", "big-blind-only-short"])
def test_conformance_of_variants_and_structures(game: type[Pineapple], table: dict[str, Any]) -> None:
    check_conformance(lambda players: game(players=players, **table), seeds=range(25),
                      players=(2, 3, 6, 9), deep_every=5)
