"""Basic Draw Poker and its variants pass the shared conformance suite."""

import pytest

from conformance import check_conformance
from homegame.games.draw import DrawPoker


@pytest.mark.parametrize("variants, settings", [
    ((), {}),
    (("wild",), {"limit": "fixed", "bet": 2}),
    (("deuces",), {"limit": "no", "bet": 2}),
    (("aces",), {"limit": "pot", "bet": 2}),
    (("lowball",), {"limit": "spread", "bet": 1, "max_bet": 10}),
    (("lowball", "wild"), {"low": "deuce-to-seven"}),
    (("lowball", "wild-rank"), {"wild_rank": "fives"}),
    (("lowball",), {"low": "ace-to-six", "qualifier": 8}),
])
def test_draw_conformance(variants: tuple[str, ...], settings: dict[str, object]) -> None:
    check_conformance(lambda players: DrawPoker(players=players, variants=variants, **settings),
                      seeds=range(30), players=(2, 3, 4, 5, 6), deep_every=3)
