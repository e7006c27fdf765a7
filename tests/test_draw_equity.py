"""The measured chances that rate Draw's hands: the shipped table agrees with a fresh measurement,
and it orders hands as poker does."""

import pytest

from homegame.bots.draw_equity import EQUITY, calibrate, equity, hand_class
from homegame.cards import parse_cards


def test_hand_classes() -> None:
    def named(text: str, wild: str = "none", before: bool = True) -> str:
        return hand_class(parse_cards(text), wild=wild, before_draw=before)

    assert named("Kh Kd 7c 4s 2h") == "pair:13"
    assert named("9h 9d 4c 4s Kh") == "two pair:9"
    assert named("8h 7d 6c 5s Kh") == "high card:13:straight"
    assert named("8h 7d 6c 5s Kh", before=False) == "high card:13"
    assert named("Jk 9d 9c 4s 2h", wild="jokers") == "three of a kind:9"
    assert named("2s 9d 9c 4s 3h", wild="deuces") == "three of a kind:9"
    assert hand_class(parse_cards("Ah 2d 5c 7s Kh"), wild="none", before_draw=True,
                      ranking="ace-to-five") == "low:4:7"
    assert hand_class(parse_cards("Ah 2d 5c 7s Kh"), wild="none", before_draw=False,
                      ranking="ace-to-five") == "low:5:13"
    assert hand_class(parse_cards("Ah 2d 5c 5s Kh"), wild="none", before_draw=False,
                      ranking="deuce-to-seven") == "paired"


def test_the_table_orders_hands_and_covers_every_kind_of_deck() -> None:
    assert set(EQUITY) == {"none", "jokers", "rank", "ace-to-five", "deuce-to-seven", "ace-to-six"}
    for low in ("ace-to-five", "deuce-to-seven", "ace-to-six"):
        after = EQUITY[low]["after"]
        assert after["paired"] < after["low:5:13"] < after["low:5:9"] <= after["low:5:7"]
    for kind in (EQUITY[name] for name in ("none", "jokers", "rank")):
        for phase in ("before", "after"):
            table = kind[phase]
            assert table["pair:3"] < table["pair:14"] < table["three of a kind:3"]
            assert table["high card:14"] < table["pair:14"]
    before = [equity(parse_cards(h), wild="none", before_draw=True)
              for h in ("Kh 9d 7c 4s 2h", "2h 2d 7c 4s 9h", "Ah Ad 7c 4s 2h", "5h 5d 5c 4s 2h")]
    assert before == sorted(before)


def test_a_fresh_measurement_agrees_with_the_shipped_table() -> None:
    fresh = calibrate("none", deals=6000, seed=11)
    for phase, keys in (("before", ("high card:14", "pair:9", "pair:13")),
                        ("after", ("high card:14", "pair:9", "two pair:10"))):
        for key in keys:
            assert fresh[phase][key] == pytest.approx(EQUITY["none"][phase][key], abs=0.06), (phase, key)
