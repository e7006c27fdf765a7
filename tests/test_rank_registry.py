"""Every registered ranking keeps the common contract: names, categories, cards, best of subsets."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import homegame
from homegame.cards import JOKER, Card, deck

CONTRACT = ["high", "ace-to-five", "deuce-to-seven", "ace-to-six", "soko", "paiute", "pai-gow", "front"]
SUBSET_SIZES = {"front": (3,), "paiute": (5, 6), "paiute-royal-on-top": (5, 6)}


def test_every_ranking_of_the_contract_is_registered() -> None:
    assert set(CONTRACT) <= set(homegame.RANKINGS)
    assert {"paiute-royal-on-top", "pai-gow-wheel-second"} <= set(homegame.RANKINGS)
    for name, ranking in homegame.RANKINGS.items():
        assert ranking.name == name
        values = [category.value for category in ranking.categories]
        assert values == sorted(values) and len(set(values)) == len(values), name


def test_unknown_ranking_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown ranking 'razz'"):
        homegame.evaluate("Ah Kh Qh Jh Th", "razz")


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from([*deck(), JOKER]), min_size=7, max_size=7, unique=True),
       st.sampled_from(sorted(homegame.RANKINGS)))
def test_a_hand_of_seven_is_the_best_of_its_subsets(cards: list[Card], name: str) -> None:
    ranking = homegame.RANKINGS[name]
    wild = {JOKER} if ranking.jokers_wild else set()
    hand = homegame.evaluate(cards, name)
    subsets = [list(chosen) for size in SUBSET_SIZES.get(name, (5,)) for chosen in combinations(cards, size)]
    assert hand.strength == max(ranking.strength(chosen, wild) for chosen in subsets)
    assert hand.strength == homegame.strength(cards, name)
    assert hand.category in ranking.categories
    assert set(hand.cards) <= set(cards) and hand.name
    if hand.category.value > 0 or name not in SUBSET_SIZES:
        assert ranking.strength(list(hand.cards), wild) == hand.strength
    assert hand.to_json()["ranking"] == name


@pytest.mark.parametrize("name", sorted(homegame.RANKINGS))
def test_a_card_given_twice_is_a_clear_error(name: str) -> None:
    cards = "Ah Ah Kd" if name == "front" else "Ah Ah Kd Qc Js Ts"
    with pytest.raises(ValueError, match="the same card twice: Ah"):
        homegame.evaluate(cards, name)
