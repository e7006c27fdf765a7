"""Wild cards in high hands: the analytic best fill against a brute-force substitution oracle."""

from collections.abc import Collection, Sequence
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.cards import JOKER, Card, deck, parse_cards
from homegame.ranking import reference, wild_cards
from homegame.ranking.core import decode, encode
from homegame.ranking.high import HIGH_CATEGORIES, high_name
from homegame.ranking.wild import (
    best_high_with_wild,
    five_with_wild,
    straight_top_with_wild,
    wild_high_strength,
)

STANDARD = deck()


def substituted_key(five: Sequence[Card]) -> int:
    """Strength of five standard cards, duplicates allowed (what a wild card may stand for)."""
    ranks = {c.rank for c in five}
    if len(ranks) == 1:
        return encode(reference.FIVE_OF_A_KIND, (ranks.pop(),))
    return encode(*reference.five_card_key(five))


def oracle(cards: Sequence[Card], wild: Collection[Card]) -> int:
    """Try every five of the cards and every standard card for each wild card among them."""
    best = -1
    for five in combinations(cards, 5):
        naturals = [c for c in five if c not in wild]
        for fill in product(STANDARD, repeat=5 - len(naturals)):
            best = max(best, substituted_key([*naturals, *fill]))
    return best


def strength_of(text: str, wild: str = "") -> int:
    return best_high_with_wild(parse_cards(text), {JOKER, *parse_cards(wild)})[0]


def name_of(text: str, wild: str = "") -> str:
    category, ranks = decode(strength_of(text, wild))
    return high_name(HIGH_CATEGORIES[category], ranks)


hands = st.integers(min_value=5, max_value=6).flatmap(
    lambda size: st.lists(st.sampled_from([*STANDARD, JOKER]), min_size=size, max_size=size, unique=True))


@settings(max_examples=40, deadline=None)
@given(hands, st.sets(st.sampled_from(STANDARD), max_size=2))
def test_best_fill_equals_brute_force_substitution(cards: list[Card], extra_wild: set[Card]) -> None:
    wild = {JOKER, *extra_wild}
    if sum(c in wild for c in cards) > 2:
        return
    assert best_high_with_wild(cards, wild)[0] == oracle(cards, wild)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(STANDARD), min_size=5, max_size=8, unique=True), st.data())
def test_whole_hand_strength_equals_the_best_five_card_fill(cards: list[Card], data: st.DataObject) -> None:
    wild = data.draw(st.sets(st.sampled_from(cards), max_size=6))
    naturals = [c for c in cards if c not in wild]
    used = min(len(cards) - len(naturals), 5)
    by_subsets = max(five_with_wild(subset, used) for subset in combinations(naturals, 5 - used))
    assert wild_high_strength(cards, wild) == by_subsets
    strength, five = best_high_with_wild(cards, wild)
    assert strength == by_subsets and len(five) == 5 and set(five) <= set(cards)
    assert five_with_wild([c for c in five if c not in wild], used) == strength


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(STANDARD), min_size=5, max_size=7, unique=True), st.data())
def test_making_a_card_wild_never_makes_the_hand_worse(cards: list[Card], data: st.DataObject) -> None:
    made_wild = data.draw(st.sets(st.sampled_from(cards), min_size=1, max_size=3))
    assert best_high_with_wild(cards, made_wild)[0] >= best_high_with_wild(cards, set())[0]


def test_without_wild_cards_it_is_standard_poker() -> None:
    cards = parse_cards("Kh Kd Ks 9c 9d 2s 3c")
    (key, five) = reference.best_five(cards)
    assert best_high_with_wild(cards, set()) == (encode(*key), five)


def test_five_of_a_kind_is_the_top_hand() -> None:
    assert name_of("As Ad Ac Ah Jk") == "five of a kind, aces"
    assert strength_of("2s 2d 2c 2h Jk") > strength_of("As Ks Qs Js Ts")
    assert name_of("Jk Jk 3c 3d 3h", wild="") == "five of a kind, threes"


def test_a_wild_card_may_duplicate_a_card_already_held() -> None:
    # Four deuces wild with the ace of spades: five aces, the wild deuces standing for more aces.
    assert name_of("As 2c 2d 2h 2s", wild="2c 2d 2h 2s") == "five of a kind, aces"
    # The wild card in a flush counts as the ace of the suit even when the ace is held.
    assert decode(strength_of("Ah 9h 7h 4h Jk")) == (reference.FLUSH, (14, 14, 9, 7, 4))


def test_the_wild_card_takes_the_best_value_for_each_category() -> None:
    assert name_of("8h 6h 5h 4h Jk") == "straight flush, eight high"
    assert name_of("Ah 2h 3h 5h Jk") == "straight flush, five high"
    assert name_of("Kh Kd 5s 5c Jk") == "full house, kings over fives"
    assert name_of("Kh Kd Ks 5c Jk") == "four of a kind, kings"
    assert name_of("Kh Qd 9s 5c Jk") == "a pair of kings"
    assert name_of("Th 9d 8s 6c Jk") == "straight, ten high"
    assert name_of("Kh Kd 9s 5c Jk") == "three of a kind, kings"


def test_wild_cards_are_always_used_and_shown() -> None:
    strength, five = best_high_with_wild(parse_cards("Kh Kd 2c 7s 9d 3h 4c"), parse_cards("2c"))
    assert five == tuple(parse_cards("Kh Kd 9d 7s 2c"))
    assert decode(strength) == (reference.THREE_OF_A_KIND, (13, 9, 7, 0, 0))
    strength, five = best_high_with_wild(parse_cards("Jk Jk 2c 2d 2h 2s 9c"), wild_cards("2") | {JOKER})
    assert decode(strength)[0] == reference.FIVE_OF_A_KIND and len(five) == 5
    assert all(c in wild_cards("2") | {JOKER} for c in five)


def test_straight_windows() -> None:
    assert straight_top_with_wild([]) == 14
    assert straight_top_with_wild([14, 2]) == 5
    assert straight_top_with_wild([13, 10]) == 14
    assert straight_top_with_wild([14, 6]) == 0


def test_too_few_cards_is_an_error() -> None:
    with pytest.raises(ValueError, match="at least five cards"):
        best_high_with_wild(parse_cards("Ah Kh Jk"), {JOKER})
