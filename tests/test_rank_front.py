"""Three-card front hands and their comparison with five-card hands (fouls)."""

from collections import Counter
from itertools import combinations

import pytest

import homegame
from homegame.cards import JOKER, deck, parse_cards
from homegame.ranking.front import FRONT
from homegame.ranking.high import HIGH

STANDARD = deck()


def front(text: str) -> int:
    return FRONT.strength(parse_cards(text))


def five(text: str) -> int:
    return HIGH.strength(parse_cards(text))


def test_categories_and_names() -> None:
    assert FRONT.evaluate(parse_cards("Qh Qd Qc")).name == "three of a kind, queens"
    assert FRONT.evaluate(parse_cards("Qh 4d Qc")).name == "a pair of queens"
    assert FRONT.evaluate(parse_cards("Ah Kh Qh")).name == "ace high"
    assert FRONT.evaluate(parse_cards("Qh 4d Qc")).cards == tuple(parse_cards("Qh Qc 4d"))


def test_every_three_card_hand_counted() -> None:
    counts = Counter(FRONT.evaluate(list(three)).category.name for three in combinations(STANDARD, 3))
    assert counts == {"three of a kind": 52, "pair": 3_744, "high card": 18_304}
    distinct = {FRONT.strength(list(three)) for three in combinations(STANDARD, 3)}
    assert len(distinct) == 13 + 13 * 12 + 286


def test_straights_and_flushes_do_not_count_in_front() -> None:
    assert front("2c 3c 4c") == front("2h 3d 4s")
    assert front("2c 3c 4c") < front("2h 2d 3s")


def test_front_against_five_card_hands() -> None:
    """A set hand fouls when the front is stronger than the middle: one integer comparison."""
    assert front("Qh Qd 4c") < five("Qs Qc 5d 3h 2s"), "same pair: the middle's kickers win"
    assert front("Qh Qd 4c") > five("Js Jc Ad Kh 9s"), "a higher pair in front"
    assert front("Qh Qd Ac") > five("Qs Qc Kd 3h 2s"), "same pair, the front's kicker is higher"
    assert front("Ah Kd Qc") < five("As Kc Qd 3h 2s")
    assert front("Ah Kd Qc") > five("As Jc Td 3h 2s")
    assert front("7h 7d 7c") < five("7s 7c 7d 3h 2s")
    assert front("7h 7d 7c") > five("6s 6c 6d Ah Ks")
    assert front("7h 7d 7c") > five("As Ac Kd Kh Qs"), "trips in front beat two pair in the middle"
    assert front("2h 2d 2c") < five("5s 4c 3d 2h As")


def test_best_three_of_more_and_wild_cards() -> None:
    cards = parse_cards("Qh Qd 4c 9s 2d")
    assert FRONT.strength(cards) == max(FRONT.strength(list(t)) for t in combinations(cards, 3))
    assert homegame.evaluate("Jk Kd 4c", "front").name == "a pair of kings"
    assert homegame.evaluate("Jk Kd Kc", "front").name == "three of a kind, kings"
    assert FRONT.evaluate([JOKER, JOKER, *parse_cards("5c")], {JOKER}).name == "three of a kind, fives"
    with pytest.raises(ValueError, match="three cards"):
        FRONT.evaluate(parse_cards("Ah Kd"))
