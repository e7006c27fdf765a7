"""Pai Gow Poker hands: the joker as the bug, wheel-second, two-card against five-card hands."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import homegame
from homegame.cards import JOKER, Card, deck, parse_cards
from homegame.ranking.high import HIGH
from homegame.ranking.pai_gow import PAI_GOW, PAI_GOW_WHEEL_SECOND

STANDARD = deck()


def name(text: str) -> str:
    return PAI_GOW.evaluate(parse_cards(text)).name


def strength(text: str) -> int:
    return PAI_GOW.strength(parse_cards(text))


def test_the_joker_is_an_ace_otherwise() -> None:
    assert name("Jk Ah Kd 7c 7s") == "two pair, aces and sevens"
    assert name("Jk Kh Kd 7c 2s") == "a pair of kings"
    assert strength("Jk Kh Kd 7c 2s") == strength("Ac Kh Kd 7c 2s")
    assert name("Jk Ac Ad 7c 2s") == "three of a kind, aces"
    assert name("Jk Ac Ad Kc Kd") == "full house, aces over kings"
    assert name("Jk 9c 9d 9h 2s") == "three of a kind, nines"


def test_the_joker_completes_straights_and_flushes() -> None:
    assert name("Jk 9h 8d 7c 5s") == "straight, nine high"
    assert name("Jk 2h 3d 4c 5s") == "straight, six high"
    assert name("Jk Kh Qd Jc Ts") == "straight, ace high"
    assert name("Jk Ah Kh Qh Jh") == "royal flush"
    assert name("Jk 2h 3h 4h 5h") == "straight flush, six high"
    assert name("Jk Kh 9h 6h 2h") == "flush, ace high"


def test_in_a_flush_the_joker_is_the_highest_card_the_suit_lacks() -> None:
    assert strength("Jk Ah 9h 6h 2h") == strength("Ah Kh 9h 6h 2h")
    assert strength("Jk Ah Kh 6h 2h") == strength("Ah Kh Qh 6h 2h")


def test_five_aces_is_the_top_hand() -> None:
    five_aces = PAI_GOW.evaluate(parse_cards("Jk As Ad Ac Ah"))
    assert five_aces.name == "five of a kind, aces"
    assert five_aces.strength > strength("As Ks Qs Js Ts")
    assert name("Jk Ks Kd Kc Kh") == "four of a kind, kings"


def test_two_card_hands_with_the_joker_as_an_ace() -> None:
    assert name("Jk Kd") == "ace-king high"
    assert name("Jk Ad") == "a pair of aces"
    assert name("7h 7d") == "a pair of sevens"
    assert strength("Jk Kd") == strength("Ac Kd")
    assert strength("2c 2d") > strength("Ac Kd") > strength("Ac Qd")


def test_five_card_hand_must_outrank_two_card_hand_by_plain_comparison() -> None:
    two = strength("7h 7d")
    assert strength("7c 7s 9d 4h 2c") > two, "same pair, the five-card kickers beat the missing ones"
    assert strength("6c 6s Ad Kh Qc") < two
    assert strength("8c 8s 5d 4h 2c") > two
    assert strength("Ac Ks 9d 4h 2c") > strength("Ad Kc"), "same two top cards, then the kickers"
    assert strength("Ac Qs Jd 4h 2c") < strength("Ad Kc")


def test_wheel_is_lowest_by_default_and_second_in_the_variant() -> None:
    wheel, six_high, broadway = "Ah 2d 3c 4s 5h", "2h 3d 4c 5s 6h", "Ah Kd Qc Js Th"
    king_high = "Kh Qd Jc Ts 9h"
    assert strength(wheel) < strength(six_high)
    second = PAI_GOW_WHEEL_SECOND
    assert second.strength(parse_cards(king_high)) < second.strength(parse_cards(wheel)) < \
        second.strength(parse_cards(broadway))
    assert second.strength(parse_cards(six_high)) < second.strength(parse_cards(king_high))
    assert second.evaluate(parse_cards(wheel)).name == "straight, five high"
    steel = parse_cards("Ah 2h 3h 4h 5h")
    assert second.strength(steel) > second.strength(parse_cards("Kh Qh Jh Th 9h"))
    assert homegame.RANKINGS["pai-gow-wheel-second"] is second


def test_no_wild_cards_and_one_joker() -> None:
    with pytest.raises(ValueError, match="no wild cards"):
        homegame.evaluate("Jk Ah Kd 7c 7s", "pai-gow", wild="7")
    with pytest.raises(ValueError, match="one joker"):
        PAI_GOW.evaluate([JOKER, JOKER, *parse_cards("Ah Kd 7c")])
    with pytest.raises(ValueError, match="two cards or five"):
        PAI_GOW.evaluate(parse_cards("Ah Kd 7c"))
    assert homegame.evaluate("Jk Ah Kd 7c 7s", "pai-gow").name == "two pair, aces and sevens"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(STANDARD), min_size=5, max_size=5, unique=True))
def test_without_the_joker_it_is_standard_poker(cards: list[Card]) -> None:
    assert PAI_GOW.strength(cards) == HIGH.strength(cards)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(STANDARD), min_size=4, max_size=4, unique=True))
def test_the_joker_is_an_ace_or_the_card_completing_a_straight_or_flush(cards: list[Card]) -> None:
    with_joker = PAI_GOW.strength([*cards, JOKER])
    aces = [ace for ace in STANDARD if ace.rank == 14 and ace not in cards]
    if not aces:
        assert PAI_GOW.evaluate([*cards, JOKER]).name == "five of a kind, aces"
        return
    as_any_ace = max(PAI_GOW.strength([*cards, ace]) for ace in aces)
    assert with_joker >= as_any_ace
    completions = [PAI_GOW.strength([*cards, c]) for c in STANDARD if c not in cards]
    made = [s for s in completions if s >> 20 in (4, 5, 8)]
    assert with_joker == max([as_any_ace, *made]) or with_joker >> 20 == 9


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from([*STANDARD, JOKER]), min_size=7, max_size=7, unique=True))
def test_best_five_of_seven(cards: list[Card]) -> None:
    assert PAI_GOW.strength(cards) == max(PAI_GOW.strength(five) for five in combinations(cards, 5))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from([*STANDARD, JOKER]), min_size=5, max_size=7, unique=True),
       st.sampled_from([PAI_GOW, PAI_GOW_WHEEL_SECOND]))
def test_fast_strength_agrees_with_evaluate_and_the_best_five(cards: list[Card], ranking: object) -> None:
    assert isinstance(ranking, type(PAI_GOW))
    best = max(ranking.evaluate(list(five)).strength for five in combinations(cards, 5))
    assert ranking.strength(cards) == ranking.evaluate(cards).strength == best


def test_wheel_second_from_seven_cards_prefers_the_wheel_to_a_six_high_straight() -> None:
    cards = parse_cards("Ah 2d 3c 4s 5h 6d 9c")
    assert PAI_GOW_WHEEL_SECOND.evaluate(cards).cards == tuple(parse_cards("Ah 5h 4s 3c 2d"))
    assert PAI_GOW.evaluate(cards).name == "straight, six high"
