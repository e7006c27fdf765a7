"""Pai Gow Poker against the shared conformance suite, in every variant."""

from __future__ import annotations

import pytest

from conformance import check_conformance
from homegame.games.pai_gow import PaiGow

VARIANT_SETS = [[], ["wheel-second"], ["player-banks"], ["player-banks", "wheel-second"]]


@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: "+".join(v) or "default")
def test_conformance(variants: list[str]) -> None:
    players = (2, 3, 6) if "player-banks" in variants else (1, 2, 4, 6)
    check_conformance(lambda count: PaiGow(players=count, variants=variants),
                      seeds=range(12), players=players, deep_every=3)
