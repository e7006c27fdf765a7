"""Standard high hands: the fast single path against the reference oracle, names, cards and errors."""

import subprocess
import sys
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import homegame
from homegame.cards import DECKS, JOKER, parse_cards
from homegame.ranking import reference
from homegame.ranking.core import decode, encode
from homegame.ranking.high import HIGH, fast_strength, five_cards, high_hand, natural_strength

STANDARD = DECKS["standard"]


def oracle(cards: list) -> int:
    (category, ranks), _ = reference.best_five(cards)
    return encode(category, ranks)


def hands(low: int, high: int) -> st.SearchStrategy[list]:
    return st.lists(st.sampled_from(STANDARD), min_size=low, max_size=high, unique=True)


@settings(max_examples=600, deadline=None)
@given(hands(5, 7))
def test_fast_path_equals_the_reference(cards: list) -> None:
    expected = oracle(cards)
    assert homegame.strength(cards) == expected
    assert HIGH.strength(cards) == expected
    assert natural_strength(cards) == expected


@settings(max_examples=60, deadline=None)
@given(hands(8, 10))
def test_more_than_seven_cards_equal_the_reference(cards: list) -> None:
    assert homegame.strength(cards) == oracle(cards)


@settings(max_examples=300, deadline=None)
@given(hands(5, 9))
def test_the_five_cards_make_the_strength(cards: list) -> None:
    hand = homegame.evaluate(cards)
    assert len(hand.cards) == 5 and set(hand.cards) <= set(cards)
    assert encode(*reference.five_card_key(hand.cards)) == hand.strength
    assert homegame.evaluate(list(reversed(cards))) == hand


@settings(max_examples=100, deadline=None)
@given(hands(7, 7))
def test_seven_cards_are_the_best_of_their_21_fives(cards: list) -> None:
    fives = [fast_strength(five) for five in combinations(cards, 5)]
    assert len(fives) == 21
    assert fast_strength(cards) == max(fives)


def test_every_five_card_rank_multiset_matches_the_reference() -> None:
    """Without a flush only the ranks matter: each multiset once, suits spread so none is flush."""
    by_rank = [STANDARD[4 * index: 4 * index + 4] for index in range(13)]
    checked = 0
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(index) for index in ranks) > 4:
            continue
        used = [0] * 13
        cards = []
        for index in ranks:
            cards.append(by_rank[index][used[index]])
            used[index] += 1
        if len({c.suit for c in cards}) == 1:  # five different ranks all in clubs: rotate one
            cards[-1] = by_rank[ranks[-1]][1]
        assert fast_strength(cards) == encode(*reference.five_card_key(cards)), cards
        checked += 1
    assert checked == 6_175


def test_every_flush_matches_the_reference() -> None:
    for ranks in combinations(range(13), 5):
        cards = [STANDARD[4 * index + 2] for index in ranks]
        assert fast_strength(cards) == encode(*reference.five_card_key(cards))


@pytest.mark.parametrize(("text", "name", "five"), [
    ("Kh Kd Ks 9c 9d 2s 3c", "full house, kings over nines", "Ks Kh Kd 9d 9c"),
    ("Ah Kh Qh Jh Th 9h 2c", "royal flush", "Ah Kh Qh Jh Th"),
    ("Kc Kd 7h 5s 2c", "a pair of kings", "Kd Kc 7h 5s 2c"),
    ("Kc Kd 9h 9s 2c 2d Qs", "two pair, kings and nines", "Kd Kc 9s 9h Qs"),
    ("5s 4d 3c 2h Ah Kd", "straight, five high", "5s 4d 3c 2h Ah"),
    ("9s 8d 8c 7h 6c 5d", "straight, nine high", "9s 8d 7h 6c 5d"),
    ("5h 4h 3h 2h Ah 6c", "straight flush, five high", "5h 4h 3h 2h Ah"),
    ("Ac Jd 9h 7s 3c 2d", "ace high", "Ac Jd 9h 7s 3c"),
    ("7c 7d 7h 7s Ac Ad Ah", "four of a kind, sevens", "7s 7h 7d 7c Ah"),
    ("Qh 9h 7h 4h 2h Qs Qd", "flush, queen high", "Qh 9h 7h 4h 2h"),
    ("6c 6d 6h 8s 8c 8d Ac", "full house, eights over sixes", "8s 8d 8c 6h 6d"),
])
def test_names_and_the_cards_that_make_the_hand(text: str, name: str, five: str) -> None:
    hand = homegame.evaluate(text)
    assert hand.name == name
    assert hand.cards == tuple(parse_cards(five))
    assert hand == HIGH.evaluate(parse_cards(text)) == high_hand(parse_cards(text))


def test_jokers_and_wild_ranks_take_the_wild_path() -> None:
    assert decode(homegame.strength("Ah Ad Ac As Jk")) == (9, (14, 0, 0, 0, 0))
    assert homegame.evaluate("Ah Ad Ac As Jk").name == "five of a kind, aces"
    assert decode(homegame.strength("2c 9h 9d 9s 4c", wild="deuces")) == (7, (9, 4, 0, 0, 0))
    assert decode(HIGH.strength(parse_cards("2c 9h 9d 9s 4c"))) == (3, (9, 4, 2, 0, 0))


@pytest.mark.parametrize(("cards", "message"), [
    ("Ah Kd Qc Js", "at least five cards"),
    ("Ah Ah Kd Qc Js", "the same card twice: Ah"),
    ("Ah Ah Kd Qc Js 9d 9d 2c", "the same card twice: 9d Ah"),
])
def test_bad_hands_raise_clear_errors(cards: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        homegame.evaluate(cards)
    with pytest.raises(ValueError, match=message):
        HIGH.strength(parse_cards(cards))


def test_a_joker_is_not_a_natural_card() -> None:
    with pytest.raises(ValueError, match="Jk is not a standard card"):
        HIGH.strength([*parse_cards("Ah Kd Qc Js"), JOKER])
    with pytest.raises(LookupError):
        fast_strength([*parse_cards("Ah Kd Qc Js"), JOKER])


def test_five_cards_prefers_higher_suits_among_equal_choices() -> None:
    cards = parse_cards("Ac Ad Ah As Kc Kd Ks")
    assert five_cards(cards, fast_strength(cards)) == tuple(parse_cards("As Ah Ad Ac Ks"))


def test_strength_accepts_strings_tuples_and_iterators() -> None:
    text = "Td 9d 8s 7h 6c 2c 2d"
    expected = homegame.strength(parse_cards(text))
    assert homegame.strength(text) == homegame.strength(tuple(parse_cards(text))) == expected
    assert homegame.strength(iter(text.split())) == expected
    assert homegame.strength(text.split()) == expected


def test_tables_build_on_first_use_in_a_fresh_interpreter() -> None:
    script = (
        "import homegame\n"
        "from homegame.ranking import reference\n"
        "from homegame.ranking.core import encode\n"
        "for text in ['Ah Kd Qc Js 9h', 'Ah Kd Qc Js 9h 9d', 'Ah Kh Qh Jh 9h 9d 2c', 'Jk Ah Ad Ac As']:\n"
        "    cards = homegame.parse_cards(text)\n"
        "    print(homegame.strength(cards), homegame.evaluate(cards).name)\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    assert [line.split(" ", 1)[1] for line in lines] == [
        "ace high", "a pair of nines", "flush, ace high", "five of a kind, aces"]
    assert int(lines[1].split()[0]) == oracle(parse_cards("Ah Kd Qc Js 9h 9d"))
