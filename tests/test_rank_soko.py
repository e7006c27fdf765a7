"""Soko: the four-flush and four-straight placed and broken as RULINGS.md says."""

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import homegame
from homegame.cards import JOKER, Card, deck, parse_cards
from homegame.ranking import reference
from homegame.ranking.core import encode
from homegame.ranking.soko import FOUR_FLUSH, FOUR_STRAIGHT, SOKO, SOKO_CATEGORIES, soko_five

STANDARD = deck()


def strength(text: str) -> int:
    return SOKO.strength(parse_cards(text))


def name(text: str) -> str:
    return SOKO.evaluate(parse_cards(text)).name


def plain_soko_key(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """The rules written out the slow way: standard from two pair up, else the new hands, else standard."""
    category, ranks = reference.five_card_key(cards)
    if category >= reference.TWO_PAIR:
        return category + 2, ranks
    suits = Counter(c.suit for c in cards)
    suit, size = suits.most_common(1)[0]
    if size == 4:
        four = sorted((c.rank for c in cards if c.suit == suit), reverse=True)
        return FOUR_FLUSH, (*four, next(c.rank for c in cards if c.suit != suit))
    for top in range(14, 3, -1):
        needed = [14, 2, 3, 4] if top == 4 else list(range(top - 3, top + 1))
        ranks_held = [c.rank for c in cards]
        if all(r in ranks_held for r in needed):
            for r in needed:
                ranks_held.remove(r)
            return FOUR_STRAIGHT, (top, ranks_held[0])
    return category, ranks


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(STANDARD), min_size=5, max_size=5, unique=True))
def test_matches_the_rules_written_out(cards: list[Card]) -> None:
    category, ranks = plain_soko_key(cards)
    assert soko_five(cards) == encode(category, ranks)


def test_category_order() -> None:
    order = ["Kc Kd 9h 4s 2c", "8c 9d Th Js 2c", "9c Td Jh Qs 3c", "5h 3h 8h 2h Ks", "Kc Kd 3h 3s 2c",
             "3c 3d 3h 8s 9c", "5c 6d 7h 8s 9c", "2h 4h 6h 8h Th", "3c 3d 3h 2s 2c"]
    names = [SOKO.evaluate(parse_cards(text)).category.name for text in order]
    assert names == ["pair", "four-straight", "four-straight", "four-flush", "two pair", "three of a kind",
                     "straight", "flush", "full house"]
    strengths = [strength(text) for text in order]
    assert strengths == sorted(strengths)
    assert [c.name for c in SOKO_CATEGORIES][2:4] == ["four-straight", "four-flush"]


def test_four_flush_beats_four_straight_and_pair_but_not_two_pair() -> None:
    assert strength("2h 5h 8h Jh Ks") > strength("Ac Kd Qh Js 3c") > strength("Ac Ad Kh Qs 9c")
    assert strength("2c 2d 3h 3s 4c") > strength("Ah Kh Qh Jh 2c")


def test_four_flush_compares_suited_cards_then_the_odd_card() -> None:
    assert strength("Kh 9h 6h 2h 3c") > strength("Qs Js 9s 8s Ac")
    assert strength("Kh 9h 6h 3h 2c") > strength("Ks 9s 6s 2s Ac")
    assert strength("Kh 9h 6h 2h 4c") > strength("Ks 9s 6s 2s 3c")
    assert strength("Kh 9h 6h 2h 4c") == strength("Ks 9s 6s 2s 4d")
    assert name("Kh 9h 6h 2h Kc") == "four-flush, king high"


def test_four_straight_compares_top_card_then_the_odd_card() -> None:
    assert name("Ac 2d 3h 4s 9c") == "four-straight, four high"
    assert name("Jc Qd Kh As 2c") == "four-straight, ace high"
    assert strength("Jc Qd Kh As 2c") > strength("Tc Jd Qh Ks 3c")
    assert strength("5c 6d 7h 8s Kc") > strength("5c 6d 7h 8s Qc")
    assert strength("Ac 2d 3h 4s 9c") < strength("2c 3d 4h 5s 9c")


def test_no_wrap_around() -> None:
    assert SOKO.evaluate(parse_cards("Qc Kd Ah 2s 7c")).category.name == "high card"
    assert SOKO.evaluate(parse_cards("Kc Ad 2h 3s 8c")).category.name == "high card"


def test_best_five_of_more_cards() -> None:
    cards = parse_cards("2h 5h 8h Jh Ks 3c 4d")
    assert SOKO.evaluate(cards).strength == max(soko_five(five) for five in combinations(cards, 5))
    assert SOKO.evaluate(cards).name == "four-flush, jack high"


def test_wild_cards() -> None:
    assert SOKO.evaluate(parse_cards("2h 5h 8h Jk Ks"), {JOKER}).name == "four-flush, ace high"
    assert SOKO.evaluate(parse_cards("9c Td Jh Jk 3s"), {JOKER}).name == "four-straight, queen high"
    assert SOKO.evaluate(parse_cards("Kc Kd Jk 5h 3s"), {JOKER}).name == "three of a kind, kings"
    assert homegame.evaluate("Ac Ad Ah As Jk", "soko").name == "five of a kind, aces"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(STANDARD), min_size=5, max_size=5, unique=True), st.data())
def test_a_wild_card_never_makes_the_hand_worse_and_is_its_best_substitution(
        cards: list[Card], data: st.DataObject) -> None:
    made_wild = data.draw(st.sampled_from(cards))
    with_wild = SOKO.strength(cards, {made_wild})
    assert with_wild >= SOKO.strength(cards)
    naturals = [c for c in cards if c != made_wild]
    if len({c.rank for c in naturals}) > 1:  # else five of a kind, which no substitution of 52 cards reaches
        # A wild card may stand for a card already held, so the oracle goes by the rules written out.
        assert with_wild == max(encode(*plain_soko_key([*naturals, fill])) for fill in STANDARD)


def test_every_hand_with_exactly_four_of_a_suit_is_a_four_flush_unless_a_straight() -> None:
    """All 111,540 such hands; the 600 straights among them are the 10 runs x 4 suits x 5 x 3 odd cards."""
    counts: Counter[str] = Counter()
    for suit in range(4):
        suited = [c for c in STANDARD if c.suit == suit]
        others = [c for c in STANDARD if c.suit != suit]
        for four in combinations(suited, 4):
            for odd in others:
                counts[SOKO_CATEGORIES[soko_five([*four, odd]) >> 20].name] += 1
    assert counts == {"four-flush": 4 * comb(13, 4) * 39 - 10 * 4 * 5 * 3, "straight": 600}
    assert counts["four-flush"] == 110_940


@pytest.mark.slow
def test_category_counts_over_all_five_card_hands() -> None:
    strengths = [soko_five(five) for five in combinations(STANDARD, 5)]
    assert len(set(strengths)) == 16_707
    counts = Counter(SOKO_CATEGORIES[strength >> 20].name for strength in strengths)
    assert counts == {
        "straight flush": 40, "four of a kind": 624, "full house": 3_744, "flush": 5_108, "straight": 10_200,
        "three of a kind": 54_912, "two pair": 123_552, "four-flush": 110_940, "four-straight": 92_208,
        "pair": 1_047_552, "high card": 1_150_080,
    }
    # Four-straights: 79 non-straight five-rank sets holding a run of four, times the 960 suitings that
    # are neither a flush nor a four-flush; plus the run of four with one rank paired (11 x 4 x 372).
    assert counts["four-straight"] == 79 * 960 + 11 * 4 * 372
    assert sum(counts.values()) == comb(52, 5)
