"""The stock and discard pile: drawing in order, rebuilding from the discards, no contest."""

import pytest

from homegame.cards import parse_cards
from homegame.engine.chance import Chance
from homegame.engine.stock import Stock, StockExhausted


def test_draws_in_order_and_discards_stack_up() -> None:
    stock = Stock(parse_cards("2c 3d 4h 5s"))
    assert stock.draw(3) == parse_cards("2c 3d 4h") and len(stock) == 1
    stock.discard(parse_cards("9c Tc"))
    assert stock.top_discard == parse_cards("Tc")[0]
    assert stock.take_discard() == parse_cards("Tc")[0] and stock.discards == parse_cards("9c")


def test_rebuild_keeps_the_face_up_top_discard_and_uses_the_shuffle() -> None:
    chance = Chance(seed=5)
    stock = Stock(parse_cards("2c"), discards=parse_cards("3c 4c 5c 6c"))
    drawn = stock.draw(3, shuffle=chance.shuffle, keep_face_up=1)
    assert drawn[0] == parse_cards("2c")[0]
    assert set(drawn[1:]) | set(stock.cards) == set(parse_cards("3c 4c 5c"))
    assert stock.discards == parse_cards("6c") and stock.rebuilds == 1
    assert chance.record == [chance.record[0]] and sorted(chance.record[0]) == [0, 1, 2]


def test_a_rebuild_that_cannot_give_enough_cards_changes_nothing() -> None:
    stock = Stock(parse_cards("2c"), discards=parse_cards("3c 4c"))
    assert not stock.can_draw(3, keep_face_up=1)
    with pytest.raises(StockExhausted):
        stock.draw(3, shuffle=list, keep_face_up=1)
    assert stock.cards == parse_cards("2c") and stock.discards == parse_cards("3c 4c")
    with pytest.raises(StockExhausted):
        stock.draw(2)
    assert len(stock) == 1


def test_taking_from_an_empty_pile_is_refused() -> None:
    with pytest.raises(IndexError, match="empty"):
        Stock([]).take_discard()
