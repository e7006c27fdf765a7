"""Card notation, decks and errors."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from homegame.cards import DECKS, JOKER, CardError, Suit, card, deck, format_cards, parse_cards

ALL_CARDS = sorted({c for cards in DECKS.values() for c in cards})


def test_every_card_prints_what_parse_reads() -> None:
    for c in ALL_CARDS:
        assert parse_cards(str(c)) == [c]
        assert card(str(c).upper()) == c


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=20), st.sampled_from([" ", ",", ", ", ""]))
def test_round_trip_with_any_separator(cards: list, separator: str) -> None:
    text = separator.join(str(c) for c in cards)
    if separator == "":
        text = "".join(str(c) for c in cards)
    assert parse_cards(text) == cards


def test_ten_written_both_ways_and_case_insensitive() -> None:
    assert parse_cards("10h Th th 10H") == [card("Th")] * 4
    assert parse_cards("JK jk Jk") == [JOKER] * 3


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [("As Kx", "Kx", 3), ("Zs", "Zs", 0), ("As,,1h, 11h", "11h", 8), ("AsQ", "Q", 2),
     ("21p", "21p", 0), ("0s", "0s", 0)],
)
def test_malformed_strings_name_token_and_position(text: str, token: str, position: int) -> None:
    with pytest.raises(CardError) as error:
        parse_cards(text)
    assert f"{token!r} is not a card" in str(error.value) and error.value.position == position


def test_named_decks() -> None:
    assert len(set(deck())) == 52
    assert deck("standard+2jokers").count(JOKER) == 2
    papayoo = deck("papayoo")
    assert len(set(papayoo)) == 60
    assert sum(1 for c in papayoo if c.suit is Suit.PAYOO) == 20
    assert {c.rank for c in papayoo if c.suit is Suit.SPADES} == set(range(1, 11))
    small = deck("papayoo-56")
    assert len(small) == 56 and card("1p") in small and card("1s") not in small


def test_format_and_attributes() -> None:
    cards = parse_cards("1s 7h 20p Jk Ac")
    assert format_cards(cards) == "1s 7h 20p Jk Ac"
    assert [c.rank for c in cards] == [1, 7, 20, 0, 14]
    assert cards[1].is_red and not cards[0].is_red and cards[3].suit is None


def test_every_card_reads_back_as_the_tables_draw_it() -> None:
    from homegame.render import Style

    for numbered in (False, True):
        drawn = Style(colour=False, numbered=numbered).cards(ALL_CARDS)
        assert "♠" in drawn and parse_cards(drawn) == ALL_CARDS
    assert parse_cards("a♤ k♡ q♢ j♧") == parse_cards("As Kh Qd Jc")
