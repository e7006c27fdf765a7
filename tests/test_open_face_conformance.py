"""Open-Face Chinese Poker against the shared conformance suite, with and without fantasyland."""

from __future__ import annotations

import pytest

from conformance import check_conformance
from homegame.engine import Game, GameState
from homegame.games.open_face import OpenFace


def _with_fantasyland(game: Game, seed: int) -> GameState:
    """Every other hand has the dealer's left (and, at three or more, the next seat) in fantasyland."""
    count = game.player_count
    lucky = [] if seed % 2 else [(seed + 1 + step) % count for step in range(min(2, count - 1))]
    return game.deal(seed=seed, dealer=seed % count, carry={"fantasyland": lucky})


@pytest.mark.parametrize("variants", [[], ["standard-front-trips"]], ids=["default", "graded-trips"])
def test_conformance(variants: list[str]) -> None:
    check_conformance(lambda count: OpenFace(players=count, variants=variants), seeds=range(16),
                      players=(2, 3, 4), deep_every=4, deal=_with_fantasyland)
