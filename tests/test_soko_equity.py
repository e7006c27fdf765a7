"""The measured chances that rate Soko's hands street by street: classes, order, and a fresh
measurement that agrees with the shipped table."""

import pytest

from homegame.bots.soko_equity import EQUITY, calibrate, equity, hand_class
from homegame.cards import parse_cards


def test_hand_classes() -> None:
    assert hand_class(parse_cards("9h 9d")) == "pair:9"
    assert hand_class(parse_cards("Kh 9h 4h 2h")) == "high card:13:flush"
    assert hand_class(parse_cards("Kh Qd Jc")) == "high card:13:straight"
    assert hand_class(parse_cards("9h 9d 4c 4s")) == "two pair:9"
    assert hand_class(parse_cards("Ah Kh Qh Jh 2c")) == "four-flush:14"


def test_the_table_orders_hands_street_by_street() -> None:
    assert set(EQUITY) == {"2", "3", "4", "5"}
    for seen in ("2", "3", "4", "5"):
        table = EQUITY[seen]
        assert table["high card:10"] < table["high card:14"] < table["pair:14"]
    assert equity(parse_cards("Ah Kd 9c 9s 2h")) > equity(parse_cards("Ah Kd Qc 7s 2h"))


def test_a_fresh_measurement_agrees_with_the_shipped_table() -> None:
    fresh = calibrate(deals=6000, seed=5)
    for seen, keys in (("2", ("high card:14", "pair:9")), ("4", ("high card:13", "pair:10")),
                       ("5", ("high card:14", "pair:12"))):
        for key in keys:
            assert fresh[seen][key] == pytest.approx(EQUITY[seen][key], abs=0.06), (seen, key)
