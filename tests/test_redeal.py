"""Dealing hidden cards again: uniform among the deals that keep every limit, by either path."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest

import homegame.engine.redeal as redeal_module
from homegame.cards import Card, parse_cards
from homegame.engine.redeal import Redeal

HEARTS = parse_cards("Ah Kh Qh")
CARDS = parse_cards("Ah Kh Qh 2c 3c 4c 5d")


def chi_square_limit(freedom: int) -> float:
    """The chi-square value a uniform sample exceeds one time in a thousand (Wilson-Hilferty)."""
    z = 3.09
    return float(freedom * (1 - 2 / (9 * freedom) + z * math.sqrt(2 / (9 * freedom))) ** 3)


def chi_square(counts: Counter[object], outcomes: Sequence[object], draws: int) -> float:
    expected = draws / len(outcomes)
    return sum((counts[outcome] - expected) ** 2 / expected for outcome in outcomes)


def deals(state_rules: Callable[[Redeal, list[list[Card]]], None], draws: int,
          seed: int = 5) -> Counter[Deal]:
    """How often each deal of ``CARDS`` to hands of 2, 2 and 3 comes out of ``draws`` redeals."""
    rng = random.Random(seed)
    seen: Counter[Deal] = Counter()
    for _ in range(draws):
        hands = [list(CARDS[:2]), list(CARDS[2:4]), list(CARDS[4:])]
        redeal = Redeal(rng)
        for name, hand in zip("ABC", hands, strict=True):
            redeal.hide(hand, holder=name)
        state_rules(redeal, hands)
        redeal.deal()
        seen[tuple(map(tuple, hands))] += 1
    return seen


Deal = tuple[tuple[Card, ...], ...]


def fitting(rule: Callable[[Sequence[Card], Sequence[Card], Sequence[Card]], bool]) -> list[Deal]:
    return [(order[:2], order[2:4], order[4:]) for order in itertools.permutations(CARDS)
            if rule(order[:2], order[2:4], order[4:])]


def hearts(cards: Sequence[Card]) -> int:
    return sum(card in HEARTS for card in cards)


@pytest.mark.parametrize("tries", [redeal_module._TRIES, 0], ids=["shuffles", "count"])
def test_limited_deals_are_uniform_among_those_that_fit(tries: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(redeal_module, "_TRIES", tries)

    def rules(redeal: Redeal, hands: list[list[Card]]) -> None:
        redeal.limit("A", HEARTS, most=0)           # A showed out of hearts
        redeal.limit("B", HEARTS, most=1)
    seen = deals(rules, 40_000)
    allowed = fitting(lambda a, b, c: hearts(a) == 0 and hearts(b) <= 1)
    assert set(seen) == set(allowed)
    assert chi_square(seen, allowed, 40_000) < chi_square_limit(len(allowed) - 1)


@pytest.mark.parametrize("tries", [redeal_module._TRIES, 0], ids=["shuffles", "count"])
def test_lower_bounds_and_confined_cards(tries: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(redeal_module, "_TRIES", tries)
    passed = parse_cards("2c 3c")

    def rules(redeal: Redeal, hands: list[list[Card]]) -> None:
        redeal.confine(passed, {"B", "C"})          # passed to B, who may have passed them on to C
        redeal.limit("C", HEARTS, least=2, most=3)
    seen = deals(rules, 40_000, seed=8)
    allowed = fitting(lambda a, b, c: not set(passed) & set(a) and hearts(c) >= 2)
    assert set(seen) == set(allowed)
    assert chi_square(seen, allowed, 40_000) < chi_square_limit(len(allowed) - 1)


def test_known_cards_stay_where_they_are() -> None:
    hand = parse_cards("As Kd Qc")
    redeal = Redeal(random.Random(1))
    redeal.hide(hand, known=parse_cards("Kd"))
    stock = parse_cards("2c 3c 4c 5c")
    redeal.hide(stock)
    redeal.deal()
    assert hand[1] == parse_cards("Kd")[0]
    assert sorted(hand + stock) == sorted(parse_cards("As Kd Qc 2c 3c 4c 5c"))


def test_an_impossible_deal_is_refused_with_a_reason() -> None:
    redeal = Redeal(random.Random(1))
    hand = parse_cards("Ah 2c")
    redeal.hide(hand, holder="A")
    redeal.limit("A", parse_cards("Ah 2c"), most=0)
    with pytest.raises(ValueError, match="no deal"):
        redeal.deal()
