"""Chinese Poker, rule by rule, with stacked decks (seat 0 gets the first thirteen cards when the
last seat deals), plus random-play contract checks."""

from __future__ import annotations

import json
from typing import Any

import pytest

from _rows_play import check_illegal_leaves_state_alone, check_random_hands
from homegame.bots.chinese import show_or_surrender
from homegame.cards import deck, parse_cards
from homegame.engine import Action, Game, GameState, IllegalAction
from homegame.errors import GameError
from homegame.games.chinese import SHOW, SURRENDER, ChinesePoker, ChineseState, bonus_units, setting_hint


def stacked(*hands: str) -> list[Any]:
    cards = [c for hand in hands for c in parse_cards(hand)]
    return cards + [c for c in deck() if c not in cards]


def deal(*hands: str, **settings: Any) -> ChineseState:
    game = ChinesePoker(players=len(hands), **settings)
    state = game.deal(deck=stacked(*hands), dealer=len(hands) - 1)
    assert isinstance(state, ChineseState)
    return state


def setting(text: str) -> Action:
    return Action.parse("set " + text)


def test_a_hand_deals_thirteen_cards_each_and_everyone_sets_at_once() -> None:
    state = ChinesePoker(players=4).deal(seed=9, dealer=0)
    assert isinstance(state, ChineseState)
    hands = [state.view(seat).hand for seat in range(4)]
    assert all(len(hand) == 13 for hand in hands)
    assert len({c for hand in hands for c in hand}) == 52
    assert state.to_act == (0, 1, 2, 3)


def test_rows_are_paid_one_unit_each_and_a_scoop_three_more() -> None:
    strong = "Ah Ad Kc | 9s 9c 9d 4h 4s | 2c 3c 7c 8c Qc"
    weak = "2h 3d 5s | 6h 7d 8s Th 2s | Jd Js 4d 5d 3s"
    state = deal(*(s.replace("|", "") for s in (strong, weak)))
    state.apply(0, setting("Ah Ad Kc | 2c 3c 7c 8c Qc | 9s 9c 9d 4h 4s"))
    state.apply(1, setting("2h 3d 5s | 6h 7d 8s Th 2s | Jd Js 4d 5d 3s"))
    assert state.to_act == (0, 1) and state.phase == "surrender"
    state.apply(0, SHOW)
    state.apply(1, SHOW)
    assert state.outcome == {0: 6, 1: -6}
    reasons = [p.reason for p in state.view(1).payments]
    assert reasons == ["front: a pair of aces beats five high",
                       "middle: flush, queen high beats ten high",
                       "back: full house, nines over fours beats a pair of jacks",
                       "scoop: all three rows"]


def test_split_rows_pay_each_row_and_a_four_of_a_kind_in_back_pays_four() -> None:
    a = "Ah Ad Kc 2c 3c 7c 8c Qc 6s 6c 4d 4h 4s"
    b = "Jh Jd 5s Ks Kd Kh 3d 2d 9h 9d 9s 9c 2h"
    state = deal(a, b)
    state.apply(0, setting("Ah Ad Kc | 2c 3c 7c 8c Qc | 6s 6c 4d 4h 4s"))
    state.apply(1, setting("Jh Jd 5s | Ks Kd Kh 3d 2d | 9h 9d 9s 9c 2h"))
    state.apply(0, SHOW)
    state.apply(1, SHOW)
    assert state.outcome == {0: 1 + 1 - 4, 1: 2}
    assert "back: four of a kind, nines beats full house, fours over sixes (bonus 4)" in [
        p.reason for p in state.view(0).payments]


def test_a_tied_row_pays_nothing() -> None:
    a = "Ah Kd 2c 7c 7d 5h 3s 9c Ts Td Qd Kc 4d"
    b = "As Kh 2d 7h 7s 5c 3h 9d Tc Th 3c 4h 6h"
    state = deal(a, b)
    state.apply(0, setting("Ah Kd 2c | 7c 7d 5h 3s 9c | Ts Td Qd Kc 4d"))
    state.apply(1, setting("As Kh 2d | 7h 7s 5c 3h 9d | Tc Th 3c 4h 6h"))
    state.apply(0, SHOW)
    state.apply(1, SHOW)
    # front ties exactly (A K 2 each), middle ties (sevens, 9 5 3), back: tens K Q beat tens 6 4.
    assert state.outcome == {0: 1, 1: -1}


@pytest.mark.parametrize(("row", "cards", "units"), [
    (0, "5h 5d 5c", 3), (1, "5h 5d 5c 2s 2d", 2), (2, "5h 5d 5c 2s 2d", 1), (1, "5h 5d 5c 5s 2d", 4),
    (2, "5h 5d 5c 5s 2d", 4), (1, "9h 8h 7h 6h 5h", 5), (2, "Ah Kh Qh Jh Th", 5), (0, "Ah Ad Kc", 1),
])
def test_bonus_rates(row: int, cards: str, units: int) -> None:
    assert bonus_units(row, parse_cards(cards)) == units


def test_bonus_trips_in_front_and_straight_flush_in_back_are_paid_at_their_rates() -> None:
    a = "8h 8d 8c 2s 3s 4s 5s 6s 9h Th Jh Qh Kh"
    b = "Ah Kd Qc 2h 2d 3h 4h 5h Ac Ad 6c 6d 7c"
    state = deal(a, b)
    state.apply(0, setting("8h 8d 8c | 2s 3s 4s 5s 6s | 9h Th Jh Qh Kh"))
    state.apply(1, setting("Ah Kd Qc | 2h 2d 3h 4h 5h | Ac Ad 6c 6d 7c"))
    state.apply(0, SHOW)
    state.apply(1, SHOW)
    # front trips 3, middle straight flush 5, back straight flush 5, and the scoop 3.
    assert state.outcome == {0: 3 + 5 + 5 + 3, 1: -16}


def test_a_foul_loses_all_three_rows_and_the_scoop() -> None:
    fouler = "Ah Ad Ac 2c 3d 4h 6s 8c Kh Qs Js 9d 7d"
    other = "2h 3h 5d 6d 7h 8d 9s Tc Jd 4c 4d Kc Ks"
    state = deal(fouler, other)
    state.apply(0, setting("Ah Ad Ac | 2c 3d 4h 6s 8c | Kh Qs Js 9d 7d"))
    state.apply(1, setting("2h 3h 5d | Kc Ks 4c 4d Jd | 6d 7h 8d 9s Tc"))
    assert "FOUL" in state.view(0).hint
    state.apply(0, SHOW)
    state.apply(1, SHOW)
    assert state.outcome == {0: -6, 1: 6}
    assert state.view(None).fouled == (0,)
    assert [p.reason for p in state.view(None).payments][:1] == ["front: seat 0 fouled"]


def test_two_fouled_hands_settle_nothing_between_them_but_pay_the_third() -> None:
    foul_a = "Ah Ad Ac 2c 3d 4h 6s 8c Kh Qs Js 9d 7d"
    foul_b = "Kc Kd Ks 2d 3c 4s 6h 8d Qh Jh Th 9c 7c"
    fine = "2h 3h 5d 6d 7h 8h 9s Tc Jd 4c 4d Qc Qd"
    state = deal(foul_a, foul_b, fine)
    state.apply(0, setting("Ah Ad Ac | 2c 3d 4h 6s 8c | Kh Qs Js 9d 7d"))
    state.apply(1, setting("Kc Kd Ks | 2d 3c 4s 6h 8d | Qh Jh Th 9c 7c"))
    state.apply(2, setting("2h 3h 5d | Qc Qd 4c 4d Jd | 6d 7h 8h 9s Tc"))
    for seat in range(3):
        state.apply(seat, SHOW)
    assert state.outcome == {0: -6, 1: -6, 2: 12}
    assert state.ledger.between(0, 1) == 0


def test_surrender_pays_two_to_each_opponent_still_in_and_hides_the_hand() -> None:
    a, b, c = ("Ah Ad Ac 2c 3d 4h 6s 8c Kh Qs Js 9d 7d", "Kc Kd Ks 2d 3c 4s 6h 8d Qh Jh Th 9c 7c",
               "2h 3h 5d 6d 7h 8h 9s Tc Jd 4c 4d Qc Qd")
    state = deal(a, b, c)
    state.apply(0, setting("Kh Qs Js | 2c 3d 4h 6s 8c | Ah Ad Ac 9d 7d"))
    state.apply(1, setting("Qh Jh Th | 2d 3c 4s 6h 8d | Kc Kd Ks 9c 7c"))
    state.apply(2, setting("2h 3h 5d | Qc Qd 4c 4d Jd | 6d 7h 8h 9s Tc"))
    state.apply(0, SURRENDER)
    state.apply(2, SURRENDER)
    assert state.view(1).surrendered == ()  # choices stay hidden until everyone has chosen
    assert state.view(1).surrender_cost == 4, "what a surrender costs, in chips: 2 to each of two opponents"
    state.apply(1, SHOW)
    assert state.view(1).surrendered == (0, 2)
    assert state.outcome == {0: -2, 1: 4, 2: -2}
    text = json.dumps(state.view(1).to_json())
    assert '"Ah"' not in text and '"2h"' not in text and '"Kc"' in text


def test_declaring_a_dragon_is_paid_thirteen_by_everyone_before_hands_are_shown() -> None:
    dragon = "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"
    b, c = "2d 3h 4s 5c 6d 7h 8s 9c Td Jh Qs Kc 2h", "Ad Ah As 3c 3s 4c 4d 5d 5h 6h 6s 7c 7s"
    state = deal(dragon, b, c)
    assert state.view(0).available_naturals == ("dragon", "three-straights")
    state.apply(0, Action("declare", option="dragon"))
    state.apply(1, setting("2d 3h 4s | 5c 6d 7h 8s 9c | Td Jh Qs Kc 2h"))
    state.apply(2, setting("Ad Ah As | 3c 3s 4c 4d 5d | 5h 6h 6s 7c 7s"))
    assert state.view(1).naturals == {0: "dragon"} and state.phase == "surrender"
    assert [p.units for p in state.view(1).payments] == [13, 13]
    state.apply(1, SHOW)
    state.apply(2, SHOW)
    assert state.outcome[0] == 26


def test_a_surrender_pays_its_two_units_to_a_natural_s_holder_too() -> None:
    """Seed 004: the surrendering player pays a flat two units to each opponent whatever that
    opponent holds; RULINGS.md puts the surrender after the naturals are paid, so the holder of
    a natural is paid both."""
    dragon = "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"
    b, c = "2d 3h 4s 5c 6d 7h 8s 9c Td Jh Qs Kc 2h", "Ad Ah As 3c 3s 4c 4d 5d 5h 6h 6s 7c 7s"
    state = deal(dragon, b, c)
    state.apply(0, Action("declare", option="dragon"))
    state.apply(1, setting("2d 3h 4s | 5c 6d 7h 8s 9c | Td Jh Qs Kc 2h"))
    state.apply(2, setting("Ad Ah As | 3c 3s 4c 4d 5d | 5h 6h 6s 7c 7s"))
    state.apply(1, SURRENDER)
    state.apply(2, SHOW)
    assert state.outcome == {0: 28, 1: -17, 2: -11}
    assert [(p.payer, p.payee, p.units) for p in state.view(2).payments if p.reason == "surrender"] == [
        (1, 2, 2), (1, 0, 2)]


@pytest.mark.parametrize(("name", "hand"), [
    ("three-flushes", "2h 5h 9h 3c 6c 8c Tc Qc 4d 7d 9d Jd Kd"),
    ("three-straights", "2h 3c 4d 5s 6h 7c 8d 9s Th Jc Qd Ks 9c"),
    ("six-pairs", "2h 2c 4d 4s 6h 6c 8d 8s Th Tc Qd Qs Ac"),
])
def test_the_lesser_naturals_are_paid_three(name: str, hand: str) -> None:
    other = "".join(str(c) + " " for c in deck() if c not in parse_cards(hand))
    rest = [c for c in deck() if c not in parse_cards(hand)]
    other = " ".join(str(c) for c in rest[:13])
    state = deal(hand, other)
    assert name in state.view(0).available_naturals
    state.apply(0, Action("declare", option=name))
    state.apply(1, state.legal_actions(1)[0])
    assert state.is_over and state.outcome == {0: 3, 1: -3}
    assert state.view(1).payments[0].reason == f"natural: {name.replace('-', ' ')}"


def test_six_pairs_counts_four_of_a_kind_as_two_pairs() -> None:
    state = deal("2h 2c 2d 2s 6h 6c 8d 8s Th Tc Qd Qs Ac", "3h 3c 4d 5s 7h 7c 9d 9s Jh Jc Kd Ks Ah")
    assert state.view(0).available_naturals == ("six-pairs",)


def test_naturals_compare_against_each_other_and_the_higher_wins_its_payment() -> None:
    flushes = "2h 5h 9h 3c 6c 8c Tc Qc 4d 7d 9d Jd Kd"
    pairs = "2s 2d 4s 4c 6s 6d 8s 8h Ts Td Qs Qh As"
    state = deal(flushes, pairs)
    state.apply(0, Action("declare", option="three-flushes"))
    state.apply(1, Action("declare", option="six-pairs"))
    assert state.outcome == {0: 3, 1: -3}
    assert state.view(0).payments[0].reason == "three flushes beats six pairs"


def test_six_pairs_tie_break_by_highest_pair_and_a_full_tie_pays_nothing() -> None:
    high = "2s 2d 4s 4c 6s 6d 8s 8h Ts Td Ks Kh 3s"
    low = "2h 2c 4h 4d 6h 6c 8d 8c Th Tc Qs Qh 3c"
    state = deal(high, low)
    state.apply(0, Action("declare", option="six-pairs"))
    state.apply(1, Action("declare", option="six-pairs"))
    assert state.outcome == {0: 3, 1: -3}
    same = deal("2s 2d 4s 4c 6s 6d 8s 8h Ts Td Qs Qh 3s", "2h 2c 4h 4d 6h 6c 8d 8c Th Tc Qd Qc 3c")
    same.apply(0, Action("declare", option="six-pairs"))
    same.apply(1, Action("declare", option="six-pairs"))
    assert same.outcome == {0: 0, 1: 0}


def test_three_flushes_tie_break_by_the_back_first() -> None:
    better = "2h 5h 9h 3c 6c 8c Tc Qc 4d 7d 9d Jd Ad"
    worse = "3h 6h Th 2s 4s 7s 9s Js 2d 3d 5d 6d Kd"
    state = deal(better, worse)
    state.apply(0, Action("declare", option="three-flushes"))
    state.apply(1, Action("declare", option="three-flushes"))
    assert state.outcome == {0: 3, 1: -3}


def test_a_natural_may_be_set_normally_instead() -> None:
    pairs = "2s 2d 4s 4c 6s 6d 8s 8h Ts Td Qs Qh As"
    other = "3h 5c 7d 9c Jh Kc 2h 3d 5h 7c 9h Jd Kd"
    state = deal(pairs, other)
    state.apply(0, setting("As 2s 2d | 8s 8h 6s 6d 4s | Ts Td Qs Qh 4c"))
    state.apply(1, setting("3h 5c 7d | 9c Jh Kc 2h 3d | 5h 7c 9h Jd Kd"))
    state.apply(0, SHOW)
    state.apply(1, SHOW)
    assert state.view(0).naturals == {} and state.outcome == {0: 6, 1: -6}


def test_illegal_actions_say_why_and_change_nothing() -> None:
    state = deal("Ah Ad Ac 2c 3d 4h 6s 8c Kh Qs Js 9d 7d", "2h 3h 5d 6d 7h 8d 9s Tc Jd 4c 4d Kc Ks")
    with pytest.raises(IllegalAction, match="3, 5 and 5 cards"):
        state.apply(0, setting("Ah Ad | Ac 2c 3d 4h 6s | 8c Kh Qs Js 9d 7d"))
    with pytest.raises(IllegalAction, match="you do not hold 2h"):
        state.apply(0, setting("Ah Ad 2h | Ac 2c 3d 4h 6s | 8c Kh Qs Js 9d"))
    with pytest.raises(IllegalAction, match="no dragon natural"):
        state.apply(0, Action("declare", option="dragon"))
    for unnamed in (Action("declare"), Action("declare", option="bogus")):
        with pytest.raises(IllegalAction, match=r"declare which natural\? dragon, three-flushes"):
            state.apply(0, unnamed)
    with pytest.raises(IllegalAction, match=r"13 cards came without a \|"):
        state.apply(0, Action.parse("set Ah Ad Ac 2c 3d 4h 6s 8c Kh Qs Js 9d 7d"))
    check_illegal_leaves_state_alone(state, [SHOW, Action("fold")])
    state.apply(0, setting("Ah Ad Ac | 2c 3d 4h 6s 8c | Kh Qs Js 9d 7d"))
    with pytest.raises(IllegalAction, match="not to act"):
        state.apply(0, setting("Ah Ad Ac | 2c 3d 4h 6s 8c | Kh Qs Js 9d 7d"))


def test_a_setting_stays_hidden_from_others_until_shown() -> None:
    state = deal("Ah Ad Ac 2c 3d 4h 6s 8c Kh Qs Js 9d 7d", "2h 3h 5d 6d 7h 8d 9s Tc Jd 4c 4d Kc Ks")
    state.apply(0, setting("Ah Ad Ac | 2c 3d 4h 6s 8c | Kh Qs Js 9d 7d"))
    assert '"Ah"' not in json.dumps(state.view(1).to_json())
    assert state.view(1).decided == (0,)


def test_a_seat_that_has_set_sees_its_rows_named_and_why_they_foul_but_no_one_else_does() -> None:
    state = deal("Ah Ad Ac 2c 3d 4h 6s 8c Kh Qs Js 9d 7d", "2h 3h 5d 6d 7h 8d 9s Tc Jd 4c 4d Kc Ks")
    state.apply(0, setting("Ah Ad Ac | 2c 3d 4h 6s 8c | Kh Qs Js 9d 7d"))
    mine = state.view(0)
    assert mine.row_names == {0: ("three of a kind, aces", "eight high", "king high")}
    assert mine.my_foul == "the middle is weaker than the front, so all three rows would lose"
    assert mine.hint.splitlines() == ["Front: three of a kind, aces; middle: eight high; back: king high",
                                      f"FOUL: {mine.my_foul}"]
    assert state.view(1).row_names == {} == state.view(None).row_names
    assert state.view(1).my_foul == "" == state.view(None).my_foul


def test_setting_hint_names_rows_and_warns_of_a_foul() -> None:
    assert setting_hint([parse_cards(t) for t in ("2c 3d 4h", "Kh Kd 3c 4c 5c", "9s 9c 9d 7h 7s")]) == (
        "Front: four high; middle: a pair of kings; back: full house, nines over sevens")


def test_the_unit_setting_multiplies_every_payment() -> None:
    state = deal("Ah Ad Ac 2c 3d 4h 6s 8c Kh Qs Js 9d 7d", "2h 3h 5d 6d 7h 8d 9s Tc Jd 4c 4d Kc Ks", unit=5)
    state.apply(0, setting("Ah Ad Ac | 2c 3d 4h 6s 8c | Kh Qs Js 9d 7d"))
    state.apply(1, setting("2h 3h 5d | Kc Ks 4c 4d Jd | 6d 7h 8d 9s Tc"))
    state.apply(0, SHOW)
    state.apply(1, SHOW)
    assert state.outcome == {0: -30, 1: 30}


def test_two_players_may_play_for_a_unit_of_their_own() -> None:
    """Seed 004: two players may agree that a unit between them is worth something else, and every
    other pair keeps the table's unit."""
    foul_a = "Ah Ad Ac 2c 3d 4h 6s 8c Kh Qs Js 9d 7d"
    foul_b = "Kc Kd Ks 2d 3c 4s 6h 8d Qh Jh Th 9c 7c"
    fine = "2h 3h 5d 6d 7h 8h 9s Tc Jd 4c 4d Qc Qd"
    state = deal(foul_a, foul_b, fine, unit=2, pair_units="1-2:10")
    state.apply(0, setting("Ah Ad Ac | 2c 3d 4h 6s 8c | Kh Qs Js 9d 7d"))
    state.apply(1, setting("Kc Kd Ks | 2d 3c 4s 6h 8d | Qh Jh Th 9c 7c"))
    state.apply(2, setting("2h 3h 5d | Qc Qd 4c 4d Jd | 6d 7h 8h 9s Tc"))
    assert state.view(0).pair_units == ((1, 2, 10),) and state.view(0).unit == 2
    assert [state.view(seat).surrender_cost for seat in range(3)] == [8, 24, 24]
    for seat in range(3):
        state.apply(seat, SHOW)
    assert state.outcome == {0: -6 * 2, 1: -6 * 10, 2: 6 * 2 + 6 * 10}
    assert state.view(2).totals == {0: -12, 1: -60, 2: 72}


def test_a_surrender_pays_each_opponent_at_the_unit_played_with_them() -> None:
    dragon = "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"
    b, c = "2d 3h 4s 5c 6d 7h 8s 9c Td Jh Qs Kc 2h", "Ad Ah As 3c 3s 4c 4d 5d 5h 6h 6s 7c 7s"
    state = deal(dragon, b, c, pair_units="0-1:5")
    state.apply(0, Action("declare", option="dragon"))
    state.apply(1, setting("2d 3h 4s | 5c 6d 7h 8s 9c | Td Jh Qs Kc 2h"))
    state.apply(2, setting("Ad Ah As | 3c 3s 4c 4d 5d | 5h 6h 6s 7c 7s"))
    state.apply(1, SURRENDER)
    state.apply(2, SHOW)
    # the dragon: 13 units from seat 1 at 5 chips, 13 from seat 2 at 1; seat 1's surrender: 2 units
    # to seat 2 at 1 chip and 2 to seat 0 at 5
    assert state.outcome == {0: 13 * 5 + 13 + 2 * 5, 1: -(13 * 5 + 2 + 2 * 5), 2: -13 + 2}


@pytest.mark.parametrize(("pairs", "says"), [
    ("0-3:5", "names seat 3, but the seats are 0 to 2"),
    ("1-1:5", "names seat 1 twice"),
    ("0-1:0", "a unit is 1 to"),
    ("0-1:2, 1-0:3", "seats 0 and 1 are given a unit twice"),
    ("0 and 1 at 5", "is not a pair's unit, written seat-seat:chips"),
    ("0-1:-5", "is not a pair's unit"),
])
def test_a_pair_s_unit_that_cannot_be_is_refused(pairs: str, says: str) -> None:
    with pytest.raises(GameError, match=says) as refused:
        ChinesePoker(players=3, pair_units=pairs)
    assert refused.value.setting == "pair_units"


def test_the_solver_weighs_a_surrender_at_each_opponent_s_unit() -> None:
    """A foul is expected to lose six units to the one opponent who set rows; a surrender costs two
    units to each opponent, the natural's holder too. At one unit a pair, the surrender is cheaper;
    when a unit with the natural's holder is worth ten chips, it is not."""
    dragon = "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"
    b, c = "2d 3h 4s 5c 6d 7h 8s 9c Td Jh Qs Kc 2h", "Ad Ah As 3c 3s 4c 4d 5d 5h 6h 6s 7c 7s"
    chosen = []
    for pairs in ("", "0-1:10"):
        state = deal(dragon, b, c, pair_units=pairs)
        state.apply(0, Action("declare", option="dragon"))
        state.apply(1, setting("2d 2h Kc | 3h 4s 5c 6d 8s | 7h 9c Td Jh Qs"))  # a pair before 8 high
        state.apply(2, setting("Ad Ah As | 3c 3s 4c 4d 5d | 5h 6h 6s 7c 7s"))
        action, showing, cost = show_or_surrender(state.view(1))
        chosen.append((action, showing, cost))
    assert chosen == [(SURRENDER, -6.0, 4), (SHOW, -6.0, 22)]


def _make_game(name: str, players: int, variants: Any = (), **settings: Any) -> Game:
    assert name == "chinese"
    return ChinesePoker(players=players, variants=variants, **settings)


def _hidden(state: GameState, seat: int | None) -> set[str]:
    assert isinstance(state, ChineseState)
    return {str(c) for other, hand in state.hands.items() if other != seat and other not in state.shown
            for c in hand}


def test_random_hands_keep_the_contract() -> None:
    check_random_hands(lambda seed: ChinesePoker(players=2 + seed % 3), _hidden, 12, _make_game,
                       lambda state: {})


def test_the_table_shows_rows_fouls_and_every_payment_with_its_reason() -> None:
    from homegame.render.chinese import render

    state = deal("Ah Ad Ac 2c 3d 4h 6s 8c Kh Qs Js 9d 7d", "2h 3h 5d 6d 7h 8d 9s Tc Jd 4c 4d Kc Ks")
    state.apply(0, setting("Ah Ad Ac | 2c 3d 4h 6s 8c | Kh Qs Js 9d 7d"))
    assert any("FOUL: the middle is weaker than the front" in line for line in render(state.view(0)))
    assert "Still setting: seat 1" in render(state.view(0))
    state.apply(1, setting("2h 3h 5d | Kc Ks 4c 4d Jd | 6d 7h 8d 9s Tc"))
    state.apply(0, SHOW)
    state.apply(1, SHOW)
    lines = render(state.view(1))
    assert "Seat 0  FOUL:" in lines
    assert "  seat 0 pays you 3 units: scoop: all three rows" in lines
    assert lines[-1] == "Result: seat 0 -6, you +6"


def test_a_declared_natural_is_told_once_to_its_declarer_and_revealed_to_the_others() -> None:
    from homegame.cli.narrate import tell
    from homegame.render import Style, render_view

    state = ChinesePoker(players=2).deal(seed=2)
    state.apply(0, Action("declare", option="six-pairs"))
    state.apply(1, state.legal_actions(1)[0])
    plain = Style(colour=False)
    mine = [tell(event, 0, plain) for event in state.view(0).log]
    theirs = [tell(event, 1, plain) for event in state.view(1).log]
    assert sum("six pairs" in (line or "") and "declare" in (line or "") for line in mine) == 1
    assert "Seat 0 declares a natural, six pairs." in theirs
    table = render_view(state.view(0), plain)
    assert sum("declared six pairs" in line for line in table) == 1
