"""Pots from contributions: side pots for all-ins, folded chips, splits and the odd-chip rule."""

from hypothesis import given
from hypothesis import strategies as st

from homegame.engine.pots import Award, Chips, Pot, award_pot, award_pots, build_pots, split, total_shares


def test_one_pot_when_everyone_matches() -> None:
    assert build_pots([20, 20, 20], folded=()) == [Pot(60, (0, 1, 2))]


def test_all_in_players_make_side_pots() -> None:
    pots = build_pots([50, 100, 200, 200], folded=())
    assert pots == [Pot(200, (0, 1, 2, 3)), Pot(150, (1, 2, 3)), Pot(200, (2, 3))]


def test_folded_chips_stay_in_but_the_folder_cannot_win() -> None:
    pots = build_pots([40, 10, 40, 25], folded={0})
    assert pots == [Pot(40, (1, 2, 3)), Pot(45, (2, 3)), Pot(30, (2,))]


def test_an_uncalled_bet_goes_back_to_its_bettor() -> None:
    pots = build_pots([30, 100], folded=())
    awards = award_pots(pots, {0: 10, 1: 1}, dealer=0, players=2)
    assert total_shares(awards) == {0: 60, 1: 70}


def test_a_short_all_in_winner_takes_only_the_main_pot() -> None:
    chips = Chips([30, 100, 100], dealer=2)
    for seat in range(3):
        chips.post(seat, 100)
    awards = award_pots(chips.pots(), {0: 99, 1: 50, 2: 40}, dealer=2, players=3)
    assert awards == [Award(0, "all", {0: 90}), Award(1, "all", {1: 140})]
    chips.pay(total_shares(awards))
    assert chips.net() == {0: 60, 1: 40, 2: -100} and sum(chips.net().values()) == 0


def test_odd_chip_goes_to_first_winner_from_the_dealers_left() -> None:
    assert split(7, [0, 2], dealer=2, players=4) == {0: 4, 2: 3}
    assert split(7, [0, 2], dealer=0, players=4) == {2: 4, 0: 3}
    assert split(8, [3, 1, 0], dealer=1, players=4) == {3: 3, 0: 3, 1: 2}


def test_hi_lo_odd_chip_goes_to_the_high_half() -> None:
    awards = award_pot(Pot(15, (0, 1, 2)), {0: 3, 1: 8, 2: 1}, {0: 5, 2: 9}, dealer=0, players=3)
    assert awards == [Award(0, "high", {1: 8}), Award(0, "low", {2: 7})]


def test_without_a_qualifying_low_the_high_hand_scoops() -> None:
    awards = award_pot(Pot(15, (0, 1)), {0: 3, 1: 8}, {}, dealer=0, players=2)
    assert awards == [Award(0, "all", {1: 15})]


def test_a_side_with_no_contender_gives_the_whole_pot_to_the_other_side() -> None:
    awards = award_pot(Pot(10, (0, 1)), {}, {0: 2, 1: 1}, dealer=1, players=2)
    assert awards == [Award(0, "all", {0: 10})]


def test_several_winners_of_one_half_share_it_by_the_odd_chip_rule() -> None:
    awards = award_pot(Pot(11, (0, 1, 2, 3)), {0: 5, 1: 5, 2: 1, 3: 1}, {2: 4, 3: 4},
                       dealer=3, players=4)
    assert awards == [Award(0, "high", {0: 3, 1: 3}), Award(0, "low", {2: 3, 3: 2})]


@given(st.lists(st.integers(0, 300), min_size=2, max_size=7), st.data())
def test_pots_and_awards_conserve_chips(committed: list[int], data: st.DataObject) -> None:
    players = len(committed)
    folded = set(data.draw(st.sets(st.integers(0, players - 1), max_size=players - 1)))
    pots = build_pots(committed, folded)
    assert sum(p.amount for p in pots) == sum(committed)
    assert all(set(p.eligible) <= set(range(players)) - folded and p.eligible for p in pots)
    strengths = {s: data.draw(st.integers(0, 3)) for s in range(players) if s not in folded}
    awards = award_pots(pots, strengths, dealer=data.draw(st.integers(0, players - 1)), players=players)
    assert sum(total_shares(awards).values()) == sum(committed)


def test_a_three_way_split_with_two_odd_chips_names_both_seats_that_get_one() -> None:
    from homegame.engine.showdown import award_reason

    names = {0: "a seven-five low", 1: "a seven-five low", 2: "a seven-five low"}.get
    split = Award(38, "low", {1: 13, 2: 13, 0: 12})
    reason = award_reason(split, {0: 9, 1: 9, 2: 9}, Pot(38, (0, 1, 2)), names)
    assert reason.endswith("split 38; the 2 odd chips go one each to seat 1 and seat 2, first from the "
                           "dealer's left")
    single = award_reason(Award(38, "low", {1: 19, 2: 19}), {1: 9, 2: 9}, Pot(38, (1, 2)), names)
    assert "odd" not in single
