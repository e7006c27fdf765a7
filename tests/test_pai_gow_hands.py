"""Splits and their strengths: the fast paths agree with the pai-gow ranking itself."""

from __future__ import annotations

import random

import pytest

from homegame.cards import JOKER, parse_cards
from homegame.games.pai_gow.hands import (
    PAI_GOW_DECK,
    Split,
    five_strength,
    ranking_for,
    scored_splits,
    splits,
    tidy,
    two_strength,
)


@pytest.mark.parametrize("wheel_second", [False, True])
def test_fast_strengths_equal_the_rankings_own(wheel_second: bool) -> None:
    ranking = ranking_for(wheel_second)
    chooser = random.Random(21)
    deck = list(PAI_GOW_DECK)
    for _ in range(3000):
        five = chooser.sample(deck, 5)
        assert five_strength(five, ranking) == ranking.strength(five), five
        assert two_strength(five[:2]) == ranking.strength(five[:2]), five[:2]
    wheels = [parse_cards("As 2d 3c 4h 5s"), parse_cards("Ah 2h 3h 4h 5h"), parse_cards("Jk 2d 3c 4h 5s")]
    for wheel in wheels:
        assert five_strength(wheel, ranking) == ranking.strength(wheel)


def test_there_are_21_distinct_splits_using_every_card_once() -> None:
    cards = parse_cards("Ah Kd 7c 7s 9h 4d Jk")
    ways = splits(cards)
    assert len({frozenset(w.two) for w in ways}) == 21
    assert all(sorted(w.two + w.five) == sorted(cards) for w in ways)
    assert [w.split for w in scored_splits(cards)] == ways
    assert JOKER in ways[-1].five or JOKER in ways[-1].two


def test_split_text_reads_back_and_tidies() -> None:
    split = Split.parse("7c Ah | 2c 9h 4d 7s Kd")
    assert Split.parse(str(split)) == split
    assert str(tidy(split)) == "Ah 7c | Kd 9h 7s 4d 2c"
    with pytest.raises(ValueError, match="two cards then five"):
        Split.parse("Ah 7c 2c | 9h 4d 7s Kd")
    with pytest.raises(ValueError, match="'\\|'"):
        Split.parse("Ah 7c 2c 9h 4d 7s Kd")
