"""Anaconda: the deal, the passes, the declaration and the final five, with stacked decks."""

from __future__ import annotations

import json
from typing import Any

import pytest

import homegame
from homegame.cards import Card, deck, parse_cards
from homegame.cli.narrate import tell
from homegame.engine import Action, GameError, IllegalAction
from homegame.games.anaconda import Anaconda, AnacondaState
from homegame.games.anaconda.view import AnacondaView, pass_targets
from homegame.render import Style

CHECK = Action("check")

# Three players, dealer 0: seats 1, 2, 0 are dealt in that order.
HANDS = {1: "Ah 2h 3d 4c 7s Kd Kc", 2: "Qs Qh Qd 9c 9d 5h 6s", 0: "Js Ts 8h 8c 3s 2s 5c"}
FIRST_PASS = {1: "Kd Kc 7s", 2: "5h 6s 9c", 0: "Js Ts 8h"}
SECOND_PASS = {1: "Js Ts 8h", 2: "9d 7s Kc", 0: "9c 8c 6s"}
# After both passes: seat 1 holds a six-four low, seat 2 three queens, seat 0 a nine-seven low.
FINAL = {1: "Ah 2h 3d 4c 9c 8c 6s", 2: "Qs Qh Qd Kd Js Ts 8h", 0: "3s 2s 5c 5h 9d 7s Kc"}
SHOW = {1: "Ah 2h 3d 4c | 6s | 9c 8c", 2: "Qs Qh Qd Kd | Js | Ts 8h", 0: "3s 2s 5c 7s | 9d | 5h Kc"}


def stacked(hands: dict[int, str], dealer: int = 0) -> list[Card]:
    """A deck that deals ``hands`` (seat -> seven cards) one card at a time from the dealer's left."""
    players = len(hands)
    order = [(dealer + step) % players for step in range(1, players + 1)]
    packets = [parse_cards(hands[seat]) for seat in order]
    dealt = [packet[index] for index in range(7) for packet in packets]
    return dealt + [c for c in deck() if c not in dealt]


def deal(hands: dict[int, str] | None = None, carry: dict[str, object] | None = None,
         **settings: Any) -> AnacondaState:
    hands = hands or HANDS
    game = Anaconda(players=len(hands), **settings)
    state = game.deal(deck=stacked(hands), dealer=0, carry=carry)
    assert isinstance(state, AnacondaState)
    return state


def check_round(state: AnacondaState) -> None:
    while state.betting is not None:
        state.apply(state.to_act[0], CHECK)


def choose_all(state: AnacondaState, kind: str, choices: dict[int, str]) -> None:
    for seat, text in choices.items():
        state.apply(seat, Action.parse(f"{kind} {text}"))


def play_to_declare(state: AnacondaState) -> None:
    check_round(state)
    choose_all(state, "pass", FIRST_PASS)
    check_round(state)
    choose_all(state, "pass", SECOND_PASS)
    check_round(state)


def play_out(state: AnacondaState, sides: dict[int, str], show: dict[int, str] | None = None) -> None:
    play_to_declare(state)
    choose_all(state, "declare", sides)
    choose_all(state, "show", show or SHOW)
    check_round(state)


def cards(text: str) -> set[Card]:
    return set(parse_cards(text))


# -- the deal and the first betting round ----------------------------------------------------------

def test_seven_cards_each_dealt_from_the_dealers_left_and_an_ante() -> None:
    state = deal(ante=2)
    for seat, text in HANDS.items():
        assert state.view(seat).hand == tuple(parse_cards(text))
    assert state.view(None).hand == () and state.view(None).pot == 6
    assert state.phase == "bet1" and state.to_act == (1,)
    assert list(state.legal_actions(1)) == [CHECK, Action("bet", amount=2)]


def test_a_view_never_holds_another_seats_cards() -> None:
    state = deal()
    text = json.dumps(state.view(2).to_json())
    assert not any(str(card) in text for card in parse_cards(HANDS[1]) if card not in cards(HANDS[2]))


# -- passing ---------------------------------------------------------------------------------------

def test_pass_targets_left_then_second_to_the_right() -> None:
    assert pass_targets([1, 2, 3, 4, 0], second=False) == {1: 2, 2: 3, 3: 4, 4: 0, 0: 1}
    assert pass_targets([1, 2, 3, 4, 0], second=True) == {1: 4, 2: 0, 3: 1, 4: 2, 0: 3}
    assert pass_targets([3, 0], second=True) == {3: 0, 0: 3}


def test_the_first_pass_goes_to_the_next_player_still_in_on_the_left() -> None:
    state = deal()
    check_round(state)
    assert state.phase == "pass1" and state.to_act == (1, 2, 0)
    assert state.view(None).pass_to == {1: 2, 2: 0, 0: 1}
    choose_all(state, "pass", FIRST_PASS)
    assert state.phase == "bet2"
    assert cards(" ".join(str(c) for c in state.view(2).hand)) == cards("Qs Qh Qd 9d Kd Kc 7s")
    assert state.view(2).received == (tuple(parse_cards(FIRST_PASS[1])),)
    assert state.view(1).passed == (tuple(parse_cards(FIRST_PASS[1])),)


def test_folded_players_are_skipped_by_both_passes() -> None:
    game = Anaconda(players=6)
    state = game.deal(deck=deck(), dealer=0)
    assert isinstance(state, AnacondaState)
    state.apply(1, Action("bet", amount=2))
    state.apply(2, Action("call", amount=2))
    state.apply(3, Action("fold"))
    for seat in (4, 5, 0):
        state.apply(seat, Action("call", amount=2))
    assert state.view(4).pass_to == {1: 2, 2: 4, 4: 5, 5: 0, 0: 1}
    assert 3 not in state.to_act
    given = {seat: state.legal_actions(seat)[0] for seat in state.to_act}
    for seat, action in given.items():
        state.apply(seat, action)
    assert state.view(4).received == (given[2].cards,)
    check_round(state)
    # Second to the right among 1, 2, 4, 5, 0: seat 1 skips 0 and gives to 5; seat 4 skips 2 to 1.
    assert state.view(1).pass_to == {1: 5, 2: 0, 4: 1, 5: 2, 0: 4}
    given = {seat: state.legal_actions(seat)[0] for seat in state.to_act}
    for seat, action in given.items():
        state.apply(seat, action)
    assert state.view(5).received[1] == given[1].cards and state.view(1).received[1] == given[4].cards


def test_two_players_left_pass_to_each_other_both_times() -> None:
    state = Anaconda(players=3).deal(deck=stacked(HANDS), dealer=0)
    assert isinstance(state, AnacondaState)
    state.apply(1, Action("bet", amount=2))
    state.apply(2, Action("fold"))
    state.apply(0, Action("call", amount=2))
    assert state.view(0).pass_to == {1: 0, 0: 1}
    choose_all(state, "pass", {1: FIRST_PASS[1], 0: FIRST_PASS[0]})
    check_round(state)
    assert state.view(0).pass_to == {1: 0, 0: 1}
    assert state.view(0).received == (tuple(parse_cards(FIRST_PASS[1])),)


def test_passed_cards_stay_hidden_until_everyone_has_passed() -> None:
    state = deal()
    check_round(state)
    state.apply(1, Action.parse(f"pass {FIRST_PASS[1]}"))
    assert state.view(1).passing == tuple(parse_cards(FIRST_PASS[1])) and state.view(1).received == ()
    assert state.view(2).chosen == (1,) and state.to_act == (2, 0)
    secret = parse_cards(FIRST_PASS[1])
    for seat in (None, 2, 0):
        text = json.dumps(state.view(seat).to_json())
        assert not any(str(card) in text for card in secret), f"seat {seat} sees the pass too early"
    with pytest.raises(IllegalAction, match="not to act"):
        state.apply(1, Action.parse("pass Ah 2h 3d"))
    state.apply(2, Action.parse(f"pass {FIRST_PASS[2]}"))
    assert state.view(2).received == ()
    state.apply(0, Action.parse(f"pass {FIRST_PASS[0]}"))
    assert state.view(2).received == (tuple(secret),)
    assert state.view(0).received == (tuple(parse_cards(FIRST_PASS[2])),)


def test_a_pass_must_be_three_of_ones_own_cards() -> None:
    state = deal()
    check_round(state)
    before = json.dumps(state.view(1).to_json())
    with pytest.raises(IllegalAction, match="pass exactly three of your own cards"):
        state.apply(1, Action.parse("pass Qs Qh Qd"))
    with pytest.raises(IllegalAction, match="pass exactly three"):
        state.apply(1, Action.parse("pass Ah 2h"))
    assert json.dumps(state.view(1).to_json()) == before


def test_the_second_pass_then_the_third_betting_round() -> None:
    state = deal()
    check_round(state)
    choose_all(state, "pass", FIRST_PASS)
    check_round(state)
    assert state.phase == "pass2"
    choose_all(state, "pass", SECOND_PASS)
    assert state.phase == "bet3"
    for seat, text in FINAL.items():
        assert set(state.view(seat).hand) == cards(text)
    assert Action("bet", amount=4) in state.legal_actions(1)


# -- declaring and showing ---------------------------------------------------------------------------

def test_declarations_are_hidden_until_everyone_has_declared() -> None:
    state = deal()
    play_to_declare(state)
    assert state.phase == "declare"
    state.apply(1, Action("declare", option="low"))
    assert state.view(1).declaration == "low"
    for seat in (None, 2, 0):
        view = state.view(seat)
        assert view.declarations == {} and view.declaration is None
        assert not any(e.kind == "action" and e.data["action"]["kind"] == "declare" for e in view.log)
    state.apply(2, Action("declare", option="high"))
    with pytest.raises(IllegalAction, match="declare high' or 'declare low"):
        state.apply(0, Action("declare", option="both"))
    state.apply(0, Action("declare", option="low"))
    assert state.view(None).declarations == {1: "low", 2: "high", 0: "low"}
    assert state.phase == "show"


def test_final_five_with_four_shown_together_and_the_fifth_face_down() -> None:
    state = deal()
    play_to_declare(state)
    choose_all(state, "declare", {1: "low", 2: "high", 0: "low"})
    with pytest.raises(IllegalAction, match="four cards to show, one to keep face down"):
        state.apply(1, Action.parse("show Ah 2h 3d | 4c 6s | 9c 8c"))
    state.apply(1, Action.parse(f"show {SHOW[1]}"))
    assert state.view(1).my_hidden == parse_cards("6s")[0]
    assert state.view(2).shown == {} and state.view(None).shown == {}
    choose_all(state, "show", {2: SHOW[2], 0: SHOW[0]})
    assert state.phase == "bet4"
    view = state.view(2)
    assert view.shown == {1: tuple(parse_cards("Ah 2h 3d 4c")), 2: tuple(parse_cards("Qs Qh Qd Kd")),
                          0: tuple(parse_cards("3s 2s 5c 7s"))}
    # Each hidden card was seen by someone in the passes, but not by everyone.
    assert "9d" not in json.dumps(state.view(1).to_json())
    assert not {"6s", "Js", "9d"} & set(json.dumps(state.view(None).to_json()).replace('"', " ").split())
    assert state.view(1).hand == tuple(parse_cards("Ah 2h 3d 4c 6s"))
    assert state.view(1).hint == "Your low hand: a six-four low"


def test_the_last_betting_round_uses_the_big_bet_then_the_showdown() -> None:
    state = deal()
    play_to_declare(state)
    choose_all(state, "declare", {1: "low", 2: "high", 0: "low"})
    choose_all(state, "show", SHOW)
    assert state.to_act == (1,) and Action("bet", amount=4) in state.legal_actions(1)
    state.apply(1, Action("bet", amount=4))
    state.apply(2, Action("call", amount=4))
    state.apply(0, Action("fold"))
    assert state.is_over
    assert state.outcome == {0: -1, 1: 0, 2: 0, "bank": 1}
    assert state.view(None).showdown == {1: tuple(parse_cards("Ah 2h 3d 4c 6s")),
                                         2: tuple(parse_cards("Qs Qh Qd Kd Js"))}


# -- the showdown --------------------------------------------------------------------------------------

def test_high_and_low_split_the_pot() -> None:
    state = deal(ante=2)
    play_out(state, {1: "low", 2: "high", 0: "low"})
    assert state.outcome == {0: -2, 1: 1, 2: 1, "bank": 0}
    results = state.view(0).results
    assert results[0] == ("high half: seat 2 wins 3 with three of a kind, queens, "
                          "the only player to declare high")
    assert results[1] == "low half: seat 1 wins 3 with a six-four low, beating a nine-seven low (seat 0)"
    assert state.view(0).hand_names == {1: "a six-four low", 2: "three of a kind, queens",
                                        0: "a nine-seven low"}


def test_with_no_one_on_the_low_side_the_high_hand_takes_the_whole_pot() -> None:
    state = deal(ante=2)
    play_out(state, {1: "high", 2: "high", 0: "high"})
    assert state.outcome == {0: -2, 1: -2, 2: 4, "bank": 0}
    assert "no one who may win this pot declared low" in state.view(None).results[0]


def test_with_no_one_on_the_high_side_the_best_low_takes_the_whole_pot() -> None:
    state = deal(ante=2)
    play_out(state, {1: "low", 2: "low", 0: "low"})
    assert state.outcome == {0: -2, 1: 4, 2: -2, "bank": 0}
    assert state.view(None).results[0].startswith("seat 1 wins 6 with a six-four low")


def test_a_lone_declarer_takes_that_half_whatever_they_hold() -> None:
    state = deal(ante=2)
    show = {**SHOW, 0: "5c 5h 3s 2s | Kc | 9d 7s"}
    play_out(state, {1: "low", 2: "low", 0: "high"}, show)
    assert state.outcome == {0: 1, 1: 1, 2: -2, "bank": 0}
    assert state.view(None).results[0] == ("high half: seat 0 wins 3 with a pair of fives, "
                                           "the only player to declare high")


TIED = {1: "Ah 2h 3h 4h 6h Kc Kd", 0: "As 2s 3s 4s 6s Qc Qd"}


def test_tied_hands_share_their_half_and_what_cannot_be_split_stays() -> None:
    state = deal(TIED, carry={"pot": 1}, ante=5)
    assert state.view(1).pot == 11 and state.view(1).carried_in == 1
    check_round(state)
    choose_all(state, "pass", {1: "Kc Kd Ah", 0: "Qc Qd As"})
    check_round(state)
    choose_all(state, "pass", {1: "Qc Qd 2h", 0: "Kc Kd 2s"})
    check_round(state)
    choose_all(state, "declare", {1: "low", 0: "low"})
    choose_all(state, "show", {1: "As 2s 3h 4h | 6h | Kc Kd", 0: "Ah 2h 3s 4s | 6s | Qc Qd"})
    check_round(state)
    assert state.outcome == {0: 0, 1: 0, "bank": 0}
    assert state.view(0).results == (
        "seat 0 and seat 1 tie exactly with a six-four low and split 10; no one who may win this pot "
        "declared high, so the low hand takes all of it",
        "1 chip that could not be split evenly stays in the pot for the next hand")
    assert state.carry_out == {"pot": 1}
    carried = next(state.history.of_kind("carry"))
    assert tell(carried, 0, Style(colour=False)) == \
        "1 chip that could not be split stays in the pot for the next hand."


def test_the_odd_chip_is_carried_to_the_next_hand_and_won_there() -> None:
    state = deal()
    play_out(state, {1: "low", 2: "high", 0: "low"})
    assert state.outcome == {0: -1, 1: 0, 2: 0, "bank": 1}
    assert state.carry_out == {"pot": 1} and state.view(None).carried_out == 1
    following = deal(carry=state.carry_out, ante=3)
    assert following.view(None).pot == 10
    play_out(following, {1: "low", 2: "high", 0: "low"})
    assert following.outcome == {0: -3, 1: 2, 2: 2, "bank": -1}
    assert following.carry_out == {}


def test_a_carried_pot_is_part_of_the_history_and_replays() -> None:
    state = deal(carry={"pot": 3})
    play_out(state, {1: "low", 2: "high", 0: "low"})
    replayed = homegame.replay(state.history.dumps())
    assert replayed.outcome == state.outcome and replayed.outcome["bank"] == -3


def test_a_bad_carry_is_refused() -> None:
    with pytest.raises(GameError, match="an Anaconda carry"):
        deal(carry={"pot": -1})
    with pytest.raises(GameError, match="Anaconda carries pot from hand to hand, not"):
        deal(carry={"chips": 2})


def test_everyone_folding_to_one_player_ends_the_hand() -> None:
    state = deal(carry={"pot": 2})
    state.apply(1, Action("bet", amount=2))
    state.apply(2, Action("fold"))
    state.apply(0, Action("fold"))
    assert state.is_over and state.phase == "over"
    assert state.outcome == {0: -1, 1: 4, 2: -1, "bank": -2}
    assert state.view(0).results == ("seat 1 wins 7 because everyone else folded",)
    assert state.view(0).showdown == {} and not any(e.kind == "reveal" for e in state.history.events)


def test_an_all_in_player_keeps_passing_and_wins_only_the_main_pot() -> None:
    game = Anaconda(players=3)
    state = game.deal(deck=stacked(HANDS), dealer=0, stacks=[50, 4, 50])
    assert isinstance(state, AnacondaState)
    state.apply(1, Action("bet", amount=2))
    state.apply(2, Action("raise", amount=4))
    state.apply(0, Action("call", amount=4))
    state.apply(1, Action("call", amount=3))
    assert 1 in state.chips.all_in and state.phase == "pass1" and 1 in state.to_act
    choose_all(state, "pass", FIRST_PASS)
    check_round(state)
    choose_all(state, "pass", SECOND_PASS)
    check_round(state)
    choose_all(state, "declare", {1: "low", 2: "high", 0: "low"})
    choose_all(state, "show", SHOW)
    check_round(state)
    # Main pot 12 (4 each): high 6 to seat 2, low 6 to seat 1; side pot 2 (seats 2 and 0 only):
    # 1 to seat 2 for high, 1 to seat 0, now the best low that may win it.
    assert state.outcome == {0: -4, 1: 2, 2: 2, "bank": 0}
    assert "side pot 1: low half: seat 0 wins 1 with a nine-seven low, the only player in it to declare low" \
        in state.view(0).results


def test_views_round_trip_through_json_at_every_phase() -> None:
    state = deal()
    seen = set()
    while not state.is_over:
        seen.add(state.phase)
        for seat in (None, 0, 1, 2):
            view = state.view(seat)
            assert AnacondaView.from_json(json.loads(json.dumps(view.to_json()))) == view
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[-1] if state.betting is None else CHECK)
    assert seen == {"bet1", "pass1", "bet2", "pass2", "bet3", "declare", "show", "bet4"}


def test_a_seat_without_chips_sits_the_hand_out() -> None:
    game = Anaconda(players=4)
    state = game.deal(deck=deck(), dealer=0, stacks=[20, 20, 0, 20])
    assert isinstance(state, AnacondaState)
    assert state.view(2).hand == () and 2 in state.view(None).folded
    assert state.view(1).hand == tuple(deck()[0:21:3]) and state.view(0).hand == tuple(deck()[2:21:3])
    check_round(state)
    assert state.to_act == (1, 3, 0) and state.view(None).pass_to == {1: 3, 3: 0, 0: 1}
    with pytest.raises(ValueError, match="at least two players with chips"):
        game.deal(seed=1, stacks=[20, 0, 0, 0])


def test_other_phases_refuse_what_belongs_to_another_step() -> None:
    state = deal()
    with pytest.raises(IllegalAction, match="no bet to fold to"):
        state.apply(1, Action("fold"))
    check_round(state)
    with pytest.raises(IllegalAction, match="pass exactly three"):
        state.apply(1, Action("declare", option="high"))
    with pytest.raises(IllegalAction, match="seat 5"):
        state.apply(5, Action.parse("pass Ah 2h 3d"))
