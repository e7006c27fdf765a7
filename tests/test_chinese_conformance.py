"""Chinese Poker against the shared conformance suite."""

from __future__ import annotations

from conformance import check_conformance
from homegame.games.chinese import ChinesePoker


def test_conformance() -> None:
    check_conformance(lambda count: ChinesePoker(players=count), seeds=range(24), players=(2, 3, 4),
                      deep_every=4)
