"""The house way, row by row of the seed's table and each addition from RULINGS.md."""

from __future__ import annotations

import random

import pytest

from homegame.cards import parse_cards
from homegame.games.pai_gow import house_way, house_way_rule, is_foul
from homegame.games.pai_gow.hands import PAI_GOW_DECK

CASES = [
    # (seven cards, expected two-card hand, what the case shows)
    ("Ah Kd Qs 9c 7h 5d 2c", "Kd Qs", "no pair: second and third highest in front"),
    ("Jk Kd Qs 9c 7h 5d 2c", "Kd Qs", "no pair: the joker is the highest card, an ace"),
    ("9c 9d Ah Kd 7h 5s 2c", "Ah Kd", "one pair behind, the two highest singles in front"),
    ("Kh Kd 8s 8c Ah 5d 2c", "Ah 5d", "two pairs with a single ace: ace in front, pairs together"),
    ("Kh Kd 8s 8c Jk 5d 2c", "Jk 5d", "two pairs with the joker as the single ace"),
    ("Kh Kd 8s 8c Qh 5d 2c", "8s 8c", "two pairs, no ace: split, lower pair in front"),
    ("Kh Kd 8s 8c 5h 5d Ac", "Kh Kd", "three pairs: highest pair in front"),
    ("5h 6d 7s 8c 9h 9d 5c", "5h 5c", "straight and two pair: played as two pair"),
    ("5h 6d 7s 8c 9h Kd 2c", "Kd 2c", "five-card straight: the other two in front"),
    ("5h 6d 7s 8c 9h 9d Kc", "Kc 9d", "straight with a pair: the straight behind, best front"),
    ("5h 6d 7s 8c 9h Td 2c", "Td 2c", "six-card straight: the highest two cards that can go in front"),
    ("4c 5h 6d 7s 8c 9h Td", "9h Td", "seven-card straight: the top two in front"),
    ("Ah 9h 7h 4h 2h 9c 4d", "Ah 7h", "flush and two pair: played as two pair (single ace)"),
    ("Ah Th 7h 4h 2h Kc Qd", "Kc Qd", "flush: the flush behind, the rest in front"),
    ("Ah Th 7h 4h 2h 3h Kc", "Ah Kc", "six-card flush: the highest front that keeps a flush"),
    ("Jk 9h 7h 4h 2h Kc Qd", "Kc Qd", "the joker completes the flush"),
    ("Kh Kd Ks 9c 9d 5h 2c", "9c 9d", "full house: the pair in front, three of a kind behind"),
    ("Kh Kd Ks 9c 9d 5h 5c", "9c 9d", "full house and a second pair: the higher pair in front"),
    ("Jk Ah Ad 6h 6s Kh Qh", "Ad 6s", "aces full made with the joker that also completes a flush: the "
                                     "seed's flush row comes before its full house row"),
    ("Jk Ah Ad 2c 3d 4s 4h", "Ad 4h", "aces full with the joker as the five of a wheel: the straight "
                                     "row first"),
    ("Kh Kd Ks 9c 9d 9h 2c", "Kh Kd", "two three of a kinds: a pair of the higher in front"),
    ("5h 5d 5s 5c Ah Kd 9c", "Ah Kd", "four 5s: never split"),
    ("Jh Jd Js Jc Ah Kd 9c", "Jh Jd", "four jacks and no pair: split into two pairs"),
    ("Jh Jd Js Jc 9h 9d 2c", "9h 9d", "four jacks and a pair: the pair in front, the four kept"),
    ("Ah Ad As Ac Jk Kd Kc", "Kd Kc", "five aces and a pair: the pair in front"),
    ("Ah Ad As Ac Jk Kd 9c", "Ah Ad", "five aces alone: a pair of aces in front"),
    ("5h 6h 7h 8h 9h Kd 2c", "Kd 2c", "straight flush behind"),
    ("Jk Kh Qh Jh Th 3c 2d", "3c 2d", "royal flush made with the joker, kept behind"),
    ("7h 7d 7s Ah Kd 9c 2c", "Ah Kd", "three of a kind behind, two highest singles in front"),
    ("Ah Ad As Kd Qc 9c 2c", "Ah Kd", "three aces: an ace and the highest single in front"),
    ("5h 5d 5s 6c 7h 8d 9c", "5d 5s", "three of a kind and a straight: the straight row applies"),
]


@pytest.mark.parametrize(("cards", "front", "why"), CASES, ids=[case[2] for case in CASES])
def test_house_way_rows(cards: str, front: str, why: str) -> None:
    split = house_way(parse_cards(cards))
    # Cards of one rank are alike in a two-card hand, so the front is checked rank by rank.
    assert sorted(c.rank for c in split.two) == sorted(c.rank for c in parse_cards(front)), why
    assert set(split.two + split.five) == set(parse_cards(cards))
    assert not is_foul(split)


def test_the_rule_that_decided_is_named() -> None:
    _, rule = house_way_rule(parse_cards("Kh Kd 8s 8c Qh 5d 2c"))
    assert rule == "two pairs: split, the lower pair in front"
    _, rule = house_way_rule(parse_cards("5h 6d 7s 8c 9h Kd 2c"))
    assert rule.startswith("straight behind")


def test_bad_hands_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="seven cards"):
        house_way(parse_cards("Ah Kd"))
    with pytest.raises(ValueError, match="twice"):
        house_way(parse_cards("Ah Ah Kd Qs 9c 7h 5d"))
    with pytest.raises(ValueError, match="not in the Pai Gow deck"):
        house_way(parse_cards("1c Kd Qs 9c 7h 5d 2c"))


@pytest.mark.parametrize("wheel_second", [False, True])
def test_the_house_way_never_fouls(wheel_second: bool) -> None:
    chooser = random.Random(11)
    deck = list(PAI_GOW_DECK)
    for _ in range(1500):
        cards = chooser.sample(deck, 7)
        if chooser.random() < 0.3 and parse_cards("Jk")[0] not in cards:
            cards[0] = parse_cards("Jk")[0]
        assert not is_foul(house_way(cards, wheel_second=wheel_second)), cards
