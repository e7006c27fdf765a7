"""The declared split with carried chips (engine.carried_pot and the Anaconda showdown), pot by pot."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from homegame.cards import parse_cards
from homegame.engine.carried_pot import award_pot_evenly, award_pots_evenly, with_carried
from homegame.engine.history import History
from homegame.engine.pots import Award, Chips, Pot, build_pots
from homegame.games.anaconda.showdown import settle


def test_three_tied_winners_of_a_half_share_it_and_the_rest_stays() -> None:
    awards, left = award_pot_evenly(Pot(20, (0, 1, 2, 3)), {0: 7}, {1: 5, 2: 5, 3: 5})
    assert awards == [Award(0, "high", {0: 10}), Award(0, "low", {1: 3, 2: 3, 3: 3})]
    assert left == 1


def test_an_odd_pot_leaves_its_odd_chip_even_with_one_winner_a_side() -> None:
    awards, left = award_pot_evenly(Pot(9, (0, 1)), {0: 1}, {1: 1})
    assert [a.shares for a in awards] == [{0: 4}, {1: 4}] and left == 1


def test_each_side_pot_is_split_among_the_seats_that_may_win_it() -> None:
    pots = build_pots([4, 9, 9], folded=())
    awards, left = award_pots_evenly(pots, {1: 3}, {0: 9, 2: 2})
    assert [(a.pot, a.half, a.shares) for a in awards] == [
        (0, "high", {1: 6}), (0, "low", {0: 6}), (1, "high", {1: 5}), (1, "low", {2: 5})]
    assert left == 0


def test_a_carried_pot_must_not_be_negative() -> None:
    with pytest.raises(ValueError, match="zero chips or more"):
        with_carried([Pot(4, (0, 1))], -1, (0, 1))


def test_a_half_too_small_to_share_pays_nobody_and_is_not_announced() -> None:
    chips = Chips([10, 10, 10])
    for seat in range(3):
        chips.post(seat, 1)
    history = History({})
    fives = {0: parse_cards("Kh Kd Ks 4c 9h"), 1: parse_cards("Ah 2d 3c 5s 7h"),
             2: parse_cards("As 2c 3d 5h 7c")}
    result = settle(history, chips, fives, {0: "high", 1: "low", 2: "low"}, carried=0)
    # The pot of 3 halves into 1 and 1 (1 left); the low chip cannot be shared by two: it stays too.
    assert result.remainder == 2 and chips.net() == {0: 0, 1: -1, 2: -1}
    assert result.reasons == ("high half: seat 0 wins 1 with three of a kind, kings, the only player to "
                              "declare high",
                              "2 chips that could not be split evenly stay in the pot for the next hand")
    assert [e.data["half"] for e in history.events if e.kind == "award"] == ["high"]


@given(committed=st.lists(st.integers(0, 40), min_size=2, max_size=7), carried=st.integers(0, 5),
       sides=st.lists(st.tuples(st.booleans(), st.integers(0, 3)), min_size=7, max_size=7))
def test_every_chip_is_paid_or_carried(committed: list[int], carried: int,
                                       sides: list[tuple[bool, int]]) -> None:
    live = tuple(range(len(committed)))
    high = {seat: sides[seat][1] for seat in live if sides[seat][0]}
    low = {seat: sides[seat][1] for seat in live if not sides[seat][0]}
    pots = with_carried(build_pots(committed, folded=()), carried, live)
    awards, left = award_pots_evenly(pots, high, low)
    paid = sum(sum(a.shares.values()) for a in awards)
    assert paid + left == sum(committed) + carried
    assert all(len(set(a.shares.values())) <= 1 for a in awards)
