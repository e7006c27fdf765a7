"""Chance: a seed deals the same every time, every shuffle and roll is uniform, copies and replays
go on exactly as the original, and an unseeded chance is not foreseeable."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest

from homegame.engine.chance import Chance, ChanceError

# The chi-square value a fair draw stays under 999 times in 1,000, by degrees of freedom.
CHI_SQUARE_999 = {3: 16.27, 5: 20.52, 23: 49.73, 299: 380.3}


def chi_square(counts: Counter[object], outcomes: list[object]) -> float:
    """Pearson's statistic of ``counts`` against every one of ``outcomes`` being as likely."""
    expected = sum(counts.values()) / len(outcomes)
    return sum((counts[outcome] - expected) ** 2 / expected for outcome in outcomes)


def test_a_seed_deals_the_same_hand_and_another_seed_another() -> None:
    deck = list(range(52))
    assert Chance(7).shuffle(deck) == Chance(7).shuffle(deck) != Chance(8).shuffle(deck)
    assert Chance(7).shuffle(deck) != Chance("7").shuffle(deck), "a number and its text are two seeds"
    first = Chance(7)
    assert first.shuffle(deck) != first.shuffle(deck), "a second shuffle draws afresh"
    assert sorted(Chance(3).shuffle(deck)) == deck


def test_every_order_of_a_small_shuffle_is_as_likely() -> None:
    orders: Counter[object] = Counter(tuple(Chance(seed).shuffle("abcd")) for seed in range(12_000))
    assert set(orders) == {tuple(order) for order in permutations("abcd")}
    assert chi_square(orders, list(map(tuple, permutations("abcd")))) < CHI_SQUARE_999[23]


def test_every_card_lands_in_every_place_of_a_full_deck_alike() -> None:
    places: Counter[object] = Counter(Chance(seed).shuffle(range(52)).index(0) for seed in range(10_400))
    assert chi_square(places, list(range(52))) < 87.97  # 51 degrees of freedom, p = 0.001


@pytest.mark.parametrize("faces", [4, 6, 300])
def test_a_die_of_any_size_is_fair(faces: int) -> None:
    chance = Chance(11)
    rolls: Counter[object] = Counter(chance.roll(faces) for _ in range(200 * faces))
    assert set(rolls) == set(range(1, faces + 1))
    assert chi_square(rolls, list(range(1, faces + 1))) < CHI_SQUARE_999[faces - 1]


def test_a_shuffle_of_more_than_256_items_is_a_permutation() -> None:
    items = list(range(600))
    shuffled = Chance(5).shuffle(items)
    assert sorted(shuffled) == items and shuffled != items


def test_a_copy_draws_what_the_original_will() -> None:
    chance = Chance(21)
    chance.roll(6)
    twin = chance.copy()
    assert [chance.roll(6) for _ in range(20)] == [twin.roll(6) for _ in range(20)]
    assert chance.shuffle(range(30)) == twin.shuffle(range(30))


def test_a_copy_of_the_operating_systems_randomness_draws_its_own() -> None:
    chance = Chance()
    twin = chance.copy()
    assert chance.shuffle(range(52)) != twin.shuffle(range(52))


def test_a_replay_gives_back_the_record_then_goes_on_as_the_original() -> None:
    chance = Chance(4)
    drawn = [chance.roll(6), chance.shuffle(range(10))]
    replayed = Chance.replaying(chance.record, then=chance)
    assert [replayed.roll(6), replayed.shuffle(range(10))] == drawn
    assert replayed.roll(100) == chance.roll(100)
    with pytest.raises(ChanceError):
        closed = Chance.replaying([3])
        closed.roll(6)
        closed.roll(6)


def test_a_die_without_faces_is_refused_and_draws_nothing() -> None:
    chance = Chance(2)
    with pytest.raises(ValueError, match="at least one face"):
        chance.roll(0)
    assert chance.record == [] and chance.roll(6) == Chance(2).roll(6)


@pytest.mark.parametrize("order", [[2, 0, None], [0, 0, 1], [0, 1], [0, 1, 2.0], "012", [[0], 1, 2]])
def test_a_recorded_shuffle_that_is_not_an_order_of_the_items_is_refused(order: object) -> None:
    """A history read from a file may hold anything where a shuffle's order was: a tampered
    Paiute history with a None in a reshuffle raised a TypeError from sorting (found by the fuzz
    test), where a replay must refuse with a ChanceError."""
    with pytest.raises(ChanceError, match="does not fit these cards"):
        Chance.replaying([order]).shuffle(["a", "b", "c"])
