"""Open-Face Chinese Poker, rule by rule, with stacked decks: each seat's final rows are given and
the deck is stacked so the seat receives exactly those cards (five first, then one a turn)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _rows_play import check_illegal_leaves_state_alone, check_random_hands
from homegame.cards import Card, card, deck, parse_cards
from homegame.engine import Action, Game, GameState, IllegalAction
from homegame.engine.seats import clockwise
from homegame.games._rows import ROW_NAMES, Rows, can_still_reach, royalty
from homegame.games.open_face import (
    OpenFace,
    OpenFaceState,
    OpenFaceView,
    PlacingWarning,
    foul_risk,
    foul_warning,
)
from homegame.ranking.high import HIGH


def _rows(text: str) -> list[list[Card]]:
    return [parse_cards(part) for part in text.split("|")]


def stacked(rows_by_seat: Sequence[str], dealer: int, fantasy: Sequence[int] = ()) -> list[Card]:
    players = len(rows_by_seat)
    cards = {seat: [c for row in _rows(text) for c in row] for seat, text in enumerate(rows_by_seat)}
    order = clockwise((dealer + 1) % players, players)
    stack = [c for seat in order for c in cards[seat][:5]]
    stack += [c for seat in order if seat in fantasy for c in cards[seat][5:]]
    normal = [seat for seat in order if seat not in fantasy]
    stack += [cards[seat][5 + turn] for turn in range(8) for seat in normal]
    return stack + [c for c in deck() if c not in stack]


def deal(rows_by_seat: Sequence[str], *, dealer: int | None = None, fantasy: Sequence[int] = (),
         variants: Sequence[str] = (), **settings: Any) -> OpenFaceState:
    players = len(rows_by_seat)
    dealer = players - 1 if dealer is None else dealer
    game = OpenFace(players=players, variants=variants, **settings)
    state = game.deal(deck=stacked(rows_by_seat, dealer, fantasy), dealer=dealer,
                      carry={"fantasyland": list(fantasy)})
    assert isinstance(state, OpenFaceState)
    return state


def move_for(state: OpenFaceState, seat: int, target: str) -> Action:
    """The action that puts the seat's pending cards where ``target`` (its final rows) has them."""
    rows = _rows(target)
    pending = state.pending[seat]
    if len(pending) == 1:
        row = next(index for index, row in enumerate(rows) if pending[0] in row)
        return Action("place", cards=pending, option=ROW_NAMES[row])
    return Action("set", groups=tuple(tuple(c for c in pending if c in row) for row in rows))


def play_out(state: OpenFaceState, rows_by_seat: Sequence[str]) -> OpenFaceState:
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, move_for(state, seat, rows_by_seat[seat]))
    return state


STRONG = "Qh Qd 2c | 9h 9d 9c 5s 5d | As Ks Qs Js Ts"      # queens; full house 12; royal 25
MIDDLING = "Kh 7d 3c | Jh Jd 8c 6s 4d | Ac Ad 8s 6h 2h"     # no royalties


def test_first_five_cards_then_one_at_a_time_from_the_dealers_left() -> None:
    state = deal([STRONG, MIDDLING, "Kc Kd 2d | 3h 3d 4h 4s 6d | 7s 7h 7c 5c 5h"], dealer=1)
    assert state.to_act == (2,) and len(state.view(2).pending) == 5 == len(state.view(0).pending)
    seen = []
    targets = [STRONG, MIDDLING, "Kc Kd 2d | 3h 3d 4h 4s 6d | 7s 7h 7c 5c 5h"]
    while not state.is_over:
        seat = state.to_act[0]
        seen.append((seat, len(state.pending[seat])))
        state.apply(seat, move_for(state, seat, targets[seat]))
    assert seen[:3] == [(2, 5), (0, 5), (1, 5)]
    assert seen[3:] == [(seat, 1) for _ in range(8) for seat in (2, 0, 1)]


def test_rows_never_exceed_their_size_and_the_message_says_why() -> None:
    state = deal([STRONG, MIDDLING])
    with pytest.raises(IllegalAction, match="too many cards for the front"):
        state.apply(0, Action.parse("set Qh Qd 2c 9h | 9d |"))
    state.apply(0, Action.parse("set Qh Qd 2c | 9h 9d |"))
    state.apply(1, move_for(state, 1, MIDDLING))
    drawn = state.pending[0][0]
    with pytest.raises(IllegalAction, match="the front is full"):
        state.apply(0, Action("place", cards=(drawn,), option="front"))
    with pytest.raises(IllegalAction, match=f"place the card you drew, {drawn}"):
        state.apply(0, Action.parse("place back 2c"))
    check_illegal_leaves_state_alone(state, [Action("place", cards=(drawn,), option="front")])
    assert state.view(1).rows[0] == (tuple(parse_cards("Qh Qd 2c")), tuple(parse_cards("9h 9d")), ())


def test_placed_cards_are_face_up_but_unplaced_cards_and_the_stock_are_not() -> None:
    state = deal([STRONG, MIDDLING])
    state.apply(0, move_for(state, 0, STRONG))
    other = json.dumps(state.view(1).to_json())
    assert '"Qh"' in other and '"Jh"' in other  # seat 0's placed cards; seat 1's own pending
    state.apply(1, move_for(state, 1, MIDDLING))
    drawn = str(state.pending[0][0])
    assert f'"{drawn}"' not in json.dumps(state.view(1).to_json())
    assert state.view(1).stock_size == 52 - 11


@pytest.mark.parametrize(("row", "cards", "points"), [
    (2, "As Ks Qs Js Ts", 25), (1, "As Ks Qs Js Ts", 50),
    (2, "9s 8s 7s 6s 5s", 15), (1, "9s 8s 7s 6s 5s", 30),
    (2, "9s 9h 9d 9c 5s", 10), (1, "9s 9h 9d 9c 5s", 20), (2, "9s 9h 9d 5c 5s", 6), (1, "9s 9h 9d 5c 5s", 12),
    (2, "Ks 9s 7s 4s 2s", 4), (1, "Ks 9s 7s 4s 2s", 8), (2, "9s 8h 7d 6c 5s", 2), (1, "9s 8h 7d 6c 5s", 4),
    (2, "9s 9h 9d 6c 5s", 0), (1, "As Ah Kd Kc 5s", 0), (0, "2s 2h 2d", 20), (0, "As Ah 2d", 9),
    (0, "Ks Kh 2d", 8), (0, "Qs Qh 2d", 7), (0, "Js Jh 2d", 6), (0, "Ts Th 2d", 5), (0, "9s 9h 2d", 4),
    (0, "8s 8h 2d", 3), (0, "7s 7h 2d", 2), (0, "6s 6h 2d", 1), (0, "5s 5h Ad", 0), (0, "As Kh Qd", 0),
])
def test_each_row_of_the_royalty_table(row: int, cards: str, points: int) -> None:
    assert royalty(row, parse_cards(cards)) == points


@pytest.mark.parametrize(("trips", "points"), [("2s 2h 2d", 10), ("7s 7h 7d", 15), ("As Ah Ad", 22)])
def test_variant_standard_front_trips_grades_three_of_a_kind(trips: str, points: int) -> None:
    assert royalty(0, parse_cards(trips), graded_front_trips=True) == points
    rows = [f"{trips} | Kc Kd Ks 4c 4d | Qc Qd Qs Qh 3c", "Jh 8d 3d | Jc Jd 8c 6s 5d | Tc Td 8s 6h 5h"]
    state = play_out(deal(rows, variants=["standard-front-trips"]), rows)
    assert state.view(0).royalties[0] == (points, 12, 10)


def test_rows_points_royalties_and_sweep_settle_by_the_difference() -> None:
    state = play_out(deal([STRONG, MIDDLING]), [STRONG, MIDDLING])
    # seat 0: 3 rows + sweep 3 + royalties 7 + 12 + 25; seat 1: nothing.
    assert state.outcome == {0: 50, 1: -50}
    reasons = [p.reason for p in state.view(1).payments]
    assert "sweep: all three rows" in reasons
    assert "royalty: royal flush in the back" in reasons
    assert "royalty: a pair of queens in the front" in reasons


def test_split_rows_pay_points_both_ways() -> None:
    a = "Ah Ad 2c | 9h 9d 9c 5s 4d | Ks Kd Kh 3s 3d"      # aces (9) in front, a full house in back (6)
    b = "Kc Qd 3c | Jh Jd Jc 6s 2d | 8s 7s 6d 5h 4h"       # middle trips win, back straight (2)
    state = play_out(deal([a, b]), [a, b])
    assert state.outcome == {0: (1 + 1 + 9 + 6) - (1 + 2), 1: -14}


def test_a_foul_pays_six_plus_the_opponents_royalties_and_earns_none() -> None:
    fouler = "Ah Ad Ac | 7h 7c 3s 2d 5c | 8d 8h Kc 6c 3d"
    state = play_out(deal([fouler, STRONG]), [fouler, STRONG])
    assert state.view(0).fouled == (0,)
    assert state.outcome == {0: -(6 + 7 + 12 + 25), 1: 50}
    assert state.view(0).royalties[0] == (0, 0, 0)
    assert state.carry_out == {"fantasyland": [1]}


def test_two_fouls_settle_nothing_and_three_players_settle_pairwise() -> None:
    foul_a = "Ah Ad Ac | 7h 7c 3s 2d 5c | 8d 8h Kc 6c 3d"
    foul_b = "Kh Ks 9c | 4h 4c 2s 2h 6d | Jd Th 7d 5d 3h"
    fine = "Qc 9d 4s | Tc Td 8c 6s 4d | Jh Js 8s 6h 2c"
    state = play_out(deal([foul_a, foul_b, fine]), [foul_a, foul_b, fine])
    assert state.outcome == {0: -6, 1: -6, 2: 12}
    assert state.ledger.between(0, 1) == 0


def test_two_players_may_play_for_a_unit_of_their_own() -> None:
    """Seed 004: two players may agree on a unit of their own; every other pair keeps the table's."""
    foul_a = "Ah Ad Ac | 7h 7c 3s 2d 5c | 8d 8h Kc 6c 3d"
    foul_b = "Kh Ks 9c | 4h 4c 2s 2h 6d | Jd Th 7d 5d 3h"
    fine = "Qc 9d 4s | Tc Td 8c 6s 4d | Jh Js 8s 6h 2c"
    state = play_out(deal([foul_a, foul_b, fine], unit=3, pair_units="0-2:4"), [foul_a, foul_b, fine])
    assert state.outcome == {0: -6 * 4, 1: -6 * 3, 2: 6 * 4 + 6 * 3}
    assert state.view(1).pair_units == ((0, 2, 4),) and state.view(1).totals == state.outcome


def test_queens_in_front_earn_fantasyland_and_the_dealer_deals_again() -> None:
    state = play_out(deal([STRONG, MIDDLING], dealer=1), [STRONG, MIDDLING])
    assert state.carry_out == {"fantasyland": [0]} and state.next_dealer == 1
    plain = "Tc Td 2c | 9h 9d 9c 5s 5d | As Ks Qs Js Ts"
    state = play_out(deal([plain, MIDDLING], dealer=1), [plain, MIDDLING])
    assert state.carry_out == {"fantasyland": []} and state.next_dealer == 0


def test_a_fantasyland_hand_is_dealt_thirteen_set_at_once_and_hidden_until_the_others_are_done() -> None:
    lucky = "3h 3d 3s | 9h 9d 9c 5s 5d | As Ks Qs Js Ts"
    state = deal([lucky, MIDDLING], fantasy=[0])
    assert len(state.pending[0]) == 13 and set(state.to_act) == {0, 1}
    state.apply(0, Action("set", groups=tuple(tuple(row) for row in _rows(lucky))))
    assert state.to_act == (1,)
    assert 0 not in state.view(1).rows and 0 in state.view(0).rows and state.view(1).fantasy_set == (0,)
    assert '"Qs"' not in json.dumps(state.view(1).to_json())
    with pytest.raises(IllegalAction):
        state.apply(0, Action("set", groups=tuple(tuple(row) for row in _rows(lucky))))
    play_out(state, [lucky, MIDDLING])
    assert 0 in state.view(1).rows
    assert state.carry_out == {"fantasyland": [0]} and state.next_dealer == state.dealer


def test_fantasyland_is_left_without_the_staying_hands() -> None:
    queens_only = "Qh Qd 2c | 9h 9d 7c 5s 5d | As Ks Qs Js 9s"
    state = play_out(deal([queens_only, MIDDLING], fantasy=[0]), [queens_only, MIDDLING])
    assert state.carry_out == {"fantasyland": []} and state.next_dealer == (state.dealer + 1) % 2


@pytest.mark.parametrize("rows", [
    "Qh Jd 2c | 9h 9d 9c 5s 5d | Ks Kd Kh 4c 4d",             # full house in the middle
    "Qh Jd 2c | 9h 9d 8c 5s 5d | Ks Kd Kh Kc 3d",             # four of a kind in back
    "3h 3d 3c | 9h 9d 9c 5s 2d | As Ks Qs Js 9s",             # three of a kind in front
])
def test_fantasyland_is_kept_with_the_staying_hands(rows: str) -> None:
    opponent = "7h 7d 4h | Jh Jc 8d 6s 4s | Ac Ad 8s 6h 2h"
    state = play_out(deal([rows, opponent], fantasy=[0]), [rows, opponent])
    assert state.carry_out["fantasyland"][:1] == [0]


def test_a_bad_fantasyland_carry_is_refused() -> None:
    with pytest.raises(ValueError, match="fantasyland"):
        OpenFace(players=2).deal(seed=1, carry={"fantasyland": [5]})


def test_the_view_warns_of_a_foul_before_it_is_made() -> None:
    risk = foul_risk(Rows(*(tuple(r) for r in _rows("Ah Ad 2c | Kh Kd 3c 4c 5c |"))))
    assert risk is not None and risk.kind == "will foul"
    rows = "Ah Ad 2c | Kh Kd 3c 4c 5c | 6h 7h 8h 9h Th"
    opponent = "7s 7d 4h | Jh Jc 8d 6s 4s | Ac As 8s 6c 2h"
    state = deal([rows, opponent])
    state.apply(0, Action.parse("set Ah Ad 2c | Kh Kd |"))
    state.apply(1, move_for(state, 1, opponent))
    warning = PlacingWarning(card("3c"), "middle", "risk", "the front is stronger than the middle so far")
    assert state.view(0).warnings[0] == warning
    assert str(warning) == "3c in the middle risks a foul: then the front is stronger than the middle so far"
    assert state.view(0).to_json()["warnings"][0] == {
        "card": "3c", "row": "middle", "kind": "risk", "reason": warning.reason}
    assert "Front: a pair of aces; middle: a pair of kings so far" in state.view(0).hint


OTHER = "3s 3d 4c | 5c 5d 6c 6d 7h | Tc Th Ts Jh Js"


def seat_zero_after(dealt: str, moves: Sequence[str]) -> OpenFaceState:
    """Seat 0 is dealt ``dealt`` (its thirteen cards in the order they come) and makes ``moves``,
    seat 1 playing ``OTHER`` after each: the state when seat 0 has its next card to place."""
    cards = dealt.split()
    state = deal([f"{' '.join(cards[:3])} | {' '.join(cards[3:8])} | {' '.join(cards[8:])}", OTHER])
    for move in moves:
        state.apply(0, Action.parse(move))
        state.apply(1, move_for(state, 1, OTHER))
    return state


def test_a_row_that_can_no_longer_be_saved_will_foul_before_it_is_full() -> None:
    state = seat_zero_after("Ks Kc 2c 2d 3h 4s 7c 9s Ah As Qc Qd Td",
                            ["set Ks Kc 2c | 2d 3h |", "place middle 4s"])
    view = state.view(0)
    assert view.pending == (card("7c"),)
    assert view.warnings == (  # a middle of 2 3 4 7 makes at best a pair of sevens; kings are in front
        PlacingWarning(card("7c"), "middle", "will foul", "the middle can no longer catch up with the front"),
        PlacingWarning(card("7c"), "back", "risk", "the front is stronger than the middle so far"))
    doomed_middle = foul_warning(view, Action.parse("place middle 7c"))
    assert doomed_middle == "with these cards placed, the middle can no longer catch up with the front"
    assert foul_warning(view, Action.parse("place back 7c")) == ""
    state.apply(0, Action.parse("place middle 7c"))
    state.apply(1, move_for(state, 1, OTHER))
    doomed = state.view(0)
    assert {warning.kind for warning in doomed.warnings} == {"will foul"}
    assert foul_warning(doomed, Action.parse("place back 9s")) == "", "sure to foul: nothing to choose"


def test_a_card_that_fouls_wherever_it_goes_says_so_for_every_row() -> None:
    backs = [f"place back {c}" for c in ["8c", "8h", "8s", "9c", "9h"]]
    state = seat_zero_after("Qh Qd Jc Jd 5h 6s 8c 8h 8s 9c 9h Qs 7d",
                            ["set Qh Qd | Jc Jd 5h |", "place middle 6s", *backs])
    view = state.view(0)
    assert view.pending == (card("Qs"),)
    risk = foul_risk(Rows(*view.rows[0]))
    assert risk is not None and risk.kind == "risk", "jacks in the middle may still become three"
    assert view.warnings == (  # three queens in front beat three jacks; a pair of jacks loses to queens
        PlacingWarning(card("Qs"), "front", "will foul", "the middle can no longer catch up with the front"),
        PlacingWarning(card("Qs"), "middle", "will foul",
                       "the middle is complete and weaker than the front"))
    assert all(foul_warning(view, Action.parse(f"place {row} Qs")) for row in ("front", "middle"))


def test_a_back_behind_the_front_is_a_risk_while_the_middle_is_empty() -> None:
    risk = foul_risk(Rows(tuple(parse_cards("Ah Ad")), (), tuple(parse_cards("Kh Qd"))))
    assert risk is not None and risk == ("risk", "the front is stronger than the back so far")
    certain = foul_risk(Rows(tuple(parse_cards("Ah Ad 2c")), (), tuple(parse_cards("Kh Qd 9s 5c 3h"))))
    assert certain is not None and certain == ("will foul", "the back is complete and weaker than the front")


def _make_game(name: str, players: int, variants: Any = (), **settings: Any) -> Game:
    assert name == "open_face"
    return OpenFace(players=players, variants=variants, **settings)


def _hidden(state: GameState, seat: int | None) -> set[str]:
    assert isinstance(state, OpenFaceState)
    hidden = {str(c) for c in state.stock}
    hidden |= {str(c) for other, cards in state.pending.items() if other != seat for c in cards}
    if not state.fantasy_shown:
        hidden |= {str(c) for other in state.fantasy if other != seat for c in state.rows[other].cards}
    return hidden


def test_random_hands_keep_the_contract_and_chain_fantasyland() -> None:
    check_random_hands(lambda seed: OpenFace(players=2 + seed // 3 % 3), _hidden, 9, _make_game,
                       lambda state: state.carry_out)


def test_views_round_trip_through_json() -> None:
    state = play_out(deal([STRONG, MIDDLING]), [STRONG, MIDDLING])
    view = state.view(0)
    assert OpenFaceView.from_json(json.loads(json.dumps(view.to_json()))) == view


def test_the_table_shows_warnings_hidden_fantasyland_royalties_and_payments() -> None:
    from homegame.render.open_face import render

    rows = "Ah Ad 2c | Kh Kd 3c 4c 5c | 6h 7h 8h 9h Th"
    opponent = "7s 7d 4h | Jh Jc 8d 6s 4s | Ac As 8s 6c 2h"
    state = deal([rows, opponent], fantasy=[1])
    assert "Seat 1 (fantasyland): is setting thirteen cards, face down" in render(state.view(0))
    state.apply(0, Action.parse("set Ah Ad 2c | Kh Kd |"))
    warning = "3c in the middle risks a foul: then the front is stronger than the middle so far"
    warned = [line for line in render(state.view(0)) if line.startswith("Warning: ")]
    assert len(warned) == 1 and warning in warned[0], "one line says where the card may go"
    play_out(state, [rows, opponent])
    lines = render(state.view(1))
    assert "You (fantasyland):  royalties 2" in lines and "Seat 0  FOUL:  royalties 0" in lines
    assert any(line.startswith("  you pay seat 0") or line.startswith("  seat 0 pays you") for line in lines)
    assert lines[-1].startswith("Result: ")


def test_a_placement_that_fouls_is_questioned_unless_it_is_the_only_move_left() -> None:
    from homegame.games import foul_warning

    fouling = "Ah As Kc | 2c 3d 4h 5s 7c | 8h 9h Td Qc Ks"  # aces in front of a seven high
    state = deal([fouling, MIDDLING])
    warnings = {}
    while not state.is_over:
        seat = state.to_act[0]
        move = move_for(state, seat, [fouling, MIDDLING][seat])
        if seat == 0 and move.kind == "place":
            legal = state.legal_actions(0)
            warnings[str(move.cards[0])] = (len(legal), foul_warning(state.view(0), move, legal))
        state.apply(seat, move)
    assert warnings["7c"] == (2, "with these cards placed, the middle is complete and weaker than the front")
    assert warnings["Ks"] == (1, "")


@settings(max_examples=40)
@given(st.lists(st.sampled_from(deck()), min_size=3, max_size=4, unique=True))
def test_a_row_can_still_reach_exactly_the_strength_its_best_filling_makes(cards: list[Card]) -> None:
    """``can_still_reach`` searches only the fillings that may be strongest; every filling from the
    rest of the pack says what the strongest is, and so where a foul becomes certain."""
    rest = [c for c in deck() if c not in cards]
    best = max(HIGH.strength([*cards, *more]) for more in combinations(rest, 5 - len(cards)))
    assert can_still_reach(cards, best) and not can_still_reach(cards, best + 1)
