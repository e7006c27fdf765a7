"""Paiute: five- and six-card combinations, wild cards, the tie rules and royal-on-top."""

from collections import Counter
from collections.abc import Collection, Sequence
from itertools import combinations, permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import homegame
from homegame.cards import JOKER, Card, deck, parse_cards
from homegame.ranking import reference
from homegame.ranking.core import encode
from homegame.ranking.paiute import PAIUTE, PAIUTE_ROYAL_ON_TOP, is_six_card, paiute_ranking

STANDARD = deck()


def hand(text: str, wild: str = "") -> homegame.Hand:
    return PAIUTE.evaluate(parse_cards(text), {JOKER, *parse_cards(wild)})


def strength(text: str, wild: str = "") -> int:
    return hand(text, wild).strength


def test_the_six_combinations_and_their_names() -> None:
    assert hand("9c 9d 9h 9s Kd Kh").name == "four/two, nines and kings"
    assert hand("Qc Qd Qh 6s 6d 6h").name == "three/three, queens and sixes"
    assert hand("Jc Jd 7h 7s 3d 3h").name == "paiute, jacks, sevens and threes"
    assert hand("9c 9d 9h 9s 2d Kh", wild="2d").name == "five of a kind, nines"
    assert hand("Ah Kh Qh Jh Th 2c").name == "royal flush"
    assert hand("8s 7s 6s 5s 4s Kd").name == "straight flush, eight high"
    assert hand("2c 7d 9h Jc Kd 4s").name == "no combination"


def test_straights_flushes_and_lesser_poker_hands_are_worth_nothing() -> None:
    for text in ("9c Td Jh Qs Kc 2d", "2h 5h 8h Jh Kh 3c", "Kc Kd Ks Ah 2c 3d", "Kc Kd Ks Ah Ad 3d",
                 "Kc Kd 3s 3h 7c 8d"):
        assert hand(text).name == "no combination", text
    assert strength("9c Td Jh Qs Kc 2d") == strength("2c 7d 9h Jc Kd 4s")


def test_order_of_combinations() -> None:
    order = ["2c 7d 9h Jc Kd 4s", "Ac Ad Kh Ks Qd Qh", "3c 3d 3h 2s 2d 2h", "2c 2d 2h 2s 3d 3h",
             "6s 5s 4s 3s 2s Kd", "Ah Kh Qh Jh Th 2c", "2c 2d 2h 2s 5d 8h"]
    strengths = [strength(text, wild="5d") for text in order]
    assert strengths == sorted(strengths) and len(set(strengths)) == len(strengths)
    royal_on_top = [PAIUTE_ROYAL_ON_TOP.strength(parse_cards(text), parse_cards("5d")) for text in order]
    assert royal_on_top[-1] < royal_on_top[-2]
    assert royal_on_top[:-2] == sorted(royal_on_top[:-2])


def test_ties_follow_the_rulings() -> None:
    assert strength("9c 9d 9h 9s 2d 2h") > strength("8c 8d 8h 8s Ad Ah")
    assert strength("9c 9d 9h 9s Kd Kh") > strength("9c 9d 9h 9s Qd Qh")
    assert strength("Qc Qd Qh 6s 6d 6h") > strength("Qc Qd Qh 5s 5d 5h")
    assert strength("Qc Qd Qh 6s 6d 6h") < strength("Kc Kd Kh 2s 2d 2h")
    assert strength("Jc Jd 7h 7s 3d 3h") > strength("Jh Js 7c 7d 2d 2h")
    assert strength("Jc Jd 7h 7s 3d 3h") == strength("Jh Js 7c 7d 3c 3s")
    assert strength("Jc Jd 7h 7s 3d 3h") < strength("Jh Js 8c 8d 2d 2h")
    assert strength("Ah Kh Qh Jh Th 2c") == strength("As Ks Qs Js Ts 3c")
    assert strength("9s 8s 7s 6s 5s 2c") > strength("8h 7h 6h 5h 4h 2c") > strength("5d 4d 3d 2d Ad 9c")
    assert strength("9c 9d 9h 9s Jk 2c") > strength("8c 8d 8h 8s Jk 2c")


def test_a_six_card_hand_is_judged_by_its_best_combination() -> None:
    royal_plus = hand("Ah Kh Qh Jh Th Tc")
    assert royal_plus.name == "royal flush" and len(royal_plus.cards) == 5 and not is_six_card(royal_plus)
    four_two = hand("9c 9d 9h 9s Kd Kh")
    assert is_six_card(four_two) and sorted(four_two.cards) == sorted(parse_cards("9c 9d 9h 9s Kd Kh"))
    # Five of a kind beats the four/two the same six cards make.
    assert hand("9c 9d 9h 9s 2d 2h", wild="2d").name == "five of a kind, nines"


def test_wild_cards_stand_for_any_card_even_one_held() -> None:
    assert hand("Ac Ad Ah As Jk Jk").name == "five of a kind, aces"
    assert hand("7c 7d 3h 3s 9d Jk").name == "paiute, nines, sevens and threes"
    assert hand("7c 7d 7h 3s 3d Jk").name == "four/two, sevens and threes"
    assert hand("Kh Qh Jh Th 4c 4d", wild="4c").name == "royal flush"
    assert hand("Jk Jk 2c 3d 4h 5s").name == "no combination"
    assert hand("Jk Jk 2c 2d 4h 4s").name == "four/two, fours and twos"
    assert homegame.evaluate("3c 3d 9h 9s 9d 9c", "paiute", wild="3").name == "five of a kind, nines"


def plain_key(cards: Sequence[Card]) -> int:
    """The combinations written out, on natural cards that may repeat (what wild cards stand for)."""
    best = [encode(0)]
    categories = {category.name: category.value for category in PAIUTE.categories}
    for five in combinations(cards, 5):
        ranks = sorted({c.rank for c in five})
        if len(ranks) == 1:
            best.append(encode(categories["five of a kind"], (ranks[0],)))
        elif len({c.suit for c in five}) == 1 and len(ranks) == 5:
            top = reference.straight_top(ranks)
            if top == 14:
                best.append(encode(categories["royal flush"]))
            elif top:
                best.append(encode(categories["straight flush"], (top,)))
    if len(cards) == 6:
        counts = Counter(c.rank for c in cards)
        by_count = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
        shape = sorted(counts.values(), reverse=True)
        named = {(4, 2): "four/two", (3, 3): "three/three", (2, 2, 2): "paiute"}.get(tuple(shape))
        if named:
            best.append(encode(categories[named], by_count))
    return max(best)


def oracle(cards: Sequence[Card], wild: Collection[Card]) -> int:
    naturals = [c for c in cards if c not in wild]
    count = len(cards) - len(naturals)
    return max(plain_key([*naturals, *fill]) for fill in product(STANDARD, repeat=count))


paiute_hands = st.integers(min_value=5, max_value=6).flatmap(
    lambda size: st.lists(st.sampled_from(STANDARD), min_size=size, max_size=size, unique=True))


@settings(max_examples=25, deadline=None)
@given(paiute_hands, st.data())
def test_wild_cards_equal_the_best_substitution(cards: list[Card], data: st.DataObject) -> None:
    wild = data.draw(st.sets(st.sampled_from(cards), min_size=1, max_size=2))
    assert PAIUTE.strength(cards, wild) == oracle(cards, wild)


@settings(max_examples=150, deadline=None)
@given(paiute_hands, st.data())
def test_a_wild_card_never_makes_a_hand_worse(cards: list[Card], data: st.DataObject) -> None:
    wild = data.draw(st.sets(st.sampled_from(cards), min_size=1, max_size=3))
    more = data.draw(st.sampled_from(cards))
    assert PAIUTE.strength(cards, wild) >= PAIUTE.strength(cards)
    assert PAIUTE.strength(cards, wild | {more}) >= PAIUTE.strength(cards, wild)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from([*STANDARD, JOKER]), min_size=7, max_size=7, unique=True))
def test_more_cards_is_the_best_of_its_fives_and_sixes(cards: list[Card]) -> None:
    best = max(PAIUTE.strength(chosen, {JOKER}) for size in (5, 6) for chosen in combinations(cards, size))
    found = PAIUTE.evaluate(cards, {JOKER})
    assert found.strength == best
    assert PAIUTE.strength(found.cards, {JOKER}) == best or found.category.name == "no combination"


def test_variant_by_name_and_parameter() -> None:
    assert paiute_ranking(royal_on_top=True) is homegame.RANKINGS["paiute-royal-on-top"]
    assert paiute_ranking() is homegame.RANKINGS["paiute"]
    top = PAIUTE_ROYAL_ON_TOP.evaluate(parse_cards("Ah Kh Qh Jh Th 2c"))
    assert top.category is PAIUTE_ROYAL_ON_TOP.categories[-1]
    assert top.category.name == "royal flush"
    assert PAIUTE.categories[-1].name == "five of a kind"


def test_too_few_cards_is_an_error() -> None:
    with pytest.raises(ValueError, match="five or six"):
        PAIUTE.evaluate(parse_cards("Ah Kh Qh Jh"))


def test_every_six_card_rank_pattern_against_the_rules_written_out() -> None:
    patterns = [(4, 2), (3, 3), (2, 2, 2), (3, 2, 1), (2, 2, 1, 1)]
    checked = 0
    for sizes in patterns:
        choose = permutations if len(set(sizes)) == len(sizes) else combinations
        for ranks in choose(range(2, 15), len(sizes)):
            cards = [Card((rank - 2) * 4 + suit) for rank, size in zip(ranks, sizes, strict=True)
                     for suit in range(size)]
            assert PAIUTE.strength(cards) == plain_key(cards), cards
            checked += 1
    assert checked == 156 + 78 + 286 + 1716 + 715
