"""The habits of a regular's table, in the engine: show or muck, straddles, bomb pots and running the
board twice, each proven with stacked decks, and each leaving the games as they were when it is off."""

from __future__ import annotations

import json
from typing import Any

import pytest

import homegame
from conformance import check_conformance
from homegame.cards import parse_cards
from homegame.engine import Action, GameState, IllegalAction
from homegame.games.draw import DrawPoker
from homegame.games.pineapple import CrazyPineapple, CrazyPineappleHiLo, Pineapple, stacked_deck
from homegame.games.soko import Soko
from homegame.games.soko import stacked_deck as soko_deck

CHECK, FOLD, STAND_PAT, MUCK = Action("check"), Action("fold"), Action("discard"), Action("muck")


def act(state: GameState[Any], seat: int, text: str) -> None:
    assert seat in state.to_act, (seat, state.to_act)
    state.apply(seat, Action.parse(text))


def seen_by_others(state: GameState[Any], seat: int) -> str:
    """Everything every other seat and a spectator may see of the hand, as text."""
    others = [other for other in range(state.players) if other != seat] + [None]
    return " ".join(json.dumps(state.view(other).to_json()) + json.dumps(
        [event.to_json() for event in state.history.seen_by(other)]) for other in others)


def hole_deck(*hands: str, rest: str = "") -> list[Any]:
    """A Pineapple deck dealing the three-card ``hands`` in turn from the dealer's left, then
    ``rest`` (burns and boards), then the rest of the pack."""
    cards = [parse_cards(hand) for hand in hands]
    dealt = " ".join(str(cards[seat][index]) for index in range(3) for seat in range(len(cards)))
    return stacked_deck(f"{dealt} {rest}")


def draw_deck(*hands: str) -> str:
    """A Draw deck dealing ``hands`` in turn from the dealer's left, then the rest of the pack."""
    cards = [parse_cards(hand) for hand in hands]
    top = [cards[seat][index] for index in range(5) for seat in range(len(cards))]
    return " ".join(map(str, top + [c for c in homegame.cards.deck() if c not in top]))


# -- show or muck ---------------------------------------------------------------------------------

def test_a_hand_mucked_at_the_showdown_is_never_shown_to_anyone() -> None:
    game = DrawPoker(players=3, ante=1, show_or_muck="on")
    # dealer 0: seat 1 gets the first hand, seat 2 the second, seat 0 the third
    state = game.deal(deck=draw_deck("Ah Ad Kc 7d 2s", "9c 9d 4h 5s 6c", "3c 3d Jh Qs 8c"), dealer=0)
    for seat in (1, 2, 0):
        act(state, seat, "check")
    for seat in (1, 2, 0):
        act(state, seat, "discard")
    for seat in (1, 2, 0):
        act(state, seat, "check")
    assert state.to_act == (2, 0) and state.view(None).phase == "show"
    assert state.view(None).showdown == {1: tuple(parse_cards("Ah Ad Kc 7d 2s"))}  # the winner first
    with pytest.raises(IllegalAction, match="wins nothing: show it whole"):
        state.apply(2, Action("show", cards=tuple(parse_cards("9c"))))
    act(state, 2, "muck")
    act(state, 0, "show 3c 3d Jh Qs 8c")
    view = state.view(None)
    assert state.is_over and view.mucked == (2,) and set(view.showdown) == {0, 1}
    assert view.results == ("seat 1 wins 3 with a pair of aces, beating a pair of threes (seat 0)",)
    assert state.outcome == {0: -1, 1: 2, 2: -1}
    hidden = seen_by_others(state, 2)
    assert not any(card in hidden for card in ("9c", "9d", "4h", "5s", "6c"))
    assert "nines" not in hidden
    assert state.view(2).hand == tuple(parse_cards("9c 9d 4h 5s 6c"))  # its owner still sees it


def test_the_winner_of_an_uncontested_pot_may_show_some_of_its_face_down_cards() -> None:
    game = Pineapple(players=3, show_or_muck="on")
    # dealer 0: small blind 1, big blind 2, seat 0 first: both fold to the big blind
    state = game.deal(deck=hole_deck("2c 3d 4h", "Ah Kh Qd", "7s 8d 9c"), dealer=0)
    act(state, 0, "fold")
    act(state, 1, "fold")
    assert state.to_act == (2,) and state.view(2).phase == "show"
    assert Action("show", cards=tuple(parse_cards("Kh Ah"))) in state.legal_actions(2)
    with pytest.raises(IllegalAction, match="you may show any of your face-down cards"):
        state.apply(2, Action("show", cards=tuple(parse_cards("2c"))))
    act(state, 2, "show Ah")
    assert state.is_over and state.view(0).showdown == {2: tuple(parse_cards("Ah"))}
    assert state.outcome == {0: 0, 1: -1, 2: 1}
    hidden = seen_by_others(state, 2)
    assert "Ah" in hidden and "Qd" not in hidden and "Kh" not in hidden and "Ah Kh" not in hidden


def test_soko_s_winner_without_a_showdown_shows_its_hole_card_or_not_and_a_loser_may_muck() -> None:
    game = Soko(players=2, show_or_muck="on")
    state = game.deal(deck=soko_deck("Kd 9s  2c 3c"), dealer=0)  # holes Kd (seat 1), 9s (seat 0)
    seat = state.to_act[0]
    act(state, seat, f"bring-in {state.view(seat).bring_in}")
    act(state, state.to_act[0], "fold")
    winner = state.to_act[0]
    assert state.legal_actions(winner).kinds() == ["show", "muck"] and len(state.legal_actions(winner)) == 2
    act(state, winner, "muck")
    assert state.is_over and state.view(None).mucked == (winner,) and state.view(None).showdown == {}


def test_with_two_runs_a_hand_that_wins_on_neither_may_muck() -> None:
    game = Pineapple(players=3, limit="no", show_or_muck="on", run_twice="on")
    state = game.deal(deck=run_twice_deck(), dealer=0, stacks=[20, 20, 20])
    act(state, 0, "raise 20")
    act(state, 1, "call 20")
    act(state, 2, "call 20")
    for seat, thrown in ((1, "4h"), (2, "7s"), (0, "8s")):
        act(state, seat, f"discard {thrown}")
    for seat in (1, 2, 0):
        act(state, seat, "run twice")
    assert state.view(None).phase == "show" and 1 in state.to_act  # 2c 3d wins neither run
    act(state, 1, "muck")
    assert state.is_over and "3d" not in seen_by_others(state, 1)


# -- run it twice ---------------------------------------------------------------------------------

def run_twice_deck() -> list[Any]:
    """Three players, dealer 0: seat 1 gets 2c 3d 4h, seat 2 Kc Kd 7s, seat 0 Ac Ad 8s. The first
    run's board keeps the aces ahead; the second gives the kings a set."""
    return hole_deck("2c 3d 4h", "Kc Kd 7s", "Ac Ad 8s",
                     rest="5c 2s 5h 9c 6c Jd 7c Qs"  # first run: burn, flop, burn, turn, burn, river
                          " 8c Kh 6d 3c 9d 4c Td Th")  # second run


def test_running_it_twice_settles_half_the_pot_on_each_board_the_odd_chip_to_the_first() -> None:
    game = Pineapple(players=3, limit="no", run_twice="on")
    state = game.deal(deck=run_twice_deck(), dealer=0, stacks=[20, 50, 20])
    act(state, 0, "raise 20")  # all in
    act(state, 1, "fold")  # the small blind's chip stays in: 41 in the pot
    act(state, 2, "call 20")  # all in
    for seat, thrown in ((2, "7s"), (0, "8s")):
        act(state, seat, f"discard {thrown}")
    assert state.view(None).phase == "run" and state.to_act == (2, 0)
    assert state.view(0).board == ()
    act(state, 2, "run twice")
    act(state, 0, "run twice")
    view = state.view(None)
    assert view.board == tuple(parse_cards("2s 5h 9c Jd Qs"))
    assert view.second_board == tuple(parse_cards("Kh 6d 3c 4c Th"))
    assert view.results == ("first run: seat 0 wins 21 with a pair of aces, beating a pair of kings (seat 2)",
                            "second run: seat 2 wins 20 with three of a kind, kings, beating a pair of aces "
                            "(seat 0)")
    assert state.outcome == {0: 1, 1: -1, 2: 0}
    assert view.hand_names[2] == "a pair of kings" and view.second_hand_names[2] == "three of a kind, kings"
    runs = [event.data.get("run") for event in state.history.of_kind("board")]
    assert runs == [None, None, None, 2, 2, 2]


def test_one_player_saying_once_runs_the_board_once() -> None:
    game = Pineapple(players=3, limit="no", run_twice="on")
    state = game.deal(deck=run_twice_deck(), dealer=0, stacks=[20, 50, 20])
    for seat, text in ((0, "raise 20"), (1, "fold"), (2, "call 20"), (2, "discard 7s"), (0, "discard 8s")):
        act(state, seat, text)
    with pytest.raises(IllegalAction, match="run the rest of the board twice"):
        state.apply(2, Action("run", option="thrice"))
    assert state.default_action(2) == Action("run", option="once")
    act(state, 2, "run twice")
    act(state, 0, "run once")
    assert state.view(None).second_board == () and state.outcome == {0: 21, 1: -1, 2: -20}


def test_crazy_pineapple_asks_after_the_discard_so_both_runs_share_the_flop() -> None:
    game = CrazyPineapple(players=2, limit="no", run_twice="on")
    state = game.deal(seed=4, dealer=0, stacks=[30, 30])
    act(state, 0, "raise 30")
    act(state, 1, "call 30")
    assert state.view(None).phase == "discard" and len(state.view(None).board) == 3
    for seat in state.to_act:
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.view(None).phase == "run"
    for seat in (0, 1):
        act(state, seat, "run twice")
    view = state.view(None)
    assert view.board[:3] == view.second_board[:3] and view.board[3:] != view.second_board[3:]
    assert sum(state.outcome.values()) == 0


def test_hi_lo_run_twice_splits_each_run_high_and_low() -> None:
    game = CrazyPineappleHiLo(players=2, limit="no", run_twice="on")
    state = game.deal(seed=11, dealer=1, stacks=[25, 25])
    act(state, 1, "raise 25")
    act(state, 0, "call 25")
    while state.view(None).phase == "discard":
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    for seat in (1, 0):
        act(state, seat, "run twice")
    results = state.view(None).results
    assert any(text.startswith("first run:") for text in results)
    assert any(text.startswith("second run:") for text in results)
    assert sum(state.outcome.values()) == 0


# -- straddles ------------------------------------------------------------------------------------

def preflop_order(state: GameState[Any]) -> list[int]:
    order = []
    while state.view(None).street == "preflop" and state.view(None).phase == "betting":
        seat = state.to_act[0]
        order.append(seat)
        state.apply(seat, next(a for a in state.legal_actions(seat) if a.kind in ("check", "call")))
    return order


def test_a_straddle_is_posted_before_the_deal_and_the_straddler_acts_last() -> None:
    game = Pineapple(players=4, limit="no", straddle="on")
    state = game.deal(seed=7, dealer=0)
    # dealer 0, small blind 1, big blind 2: seat 3 may straddle, before any card is dealt
    assert state.to_act == (3,) and state.view(3).phase == "straddle" and state.view(3).hole == ()
    assert not list(state.history.of_kind("deal"))
    with pytest.raises(IllegalAction, match="straddle 4"):
        state.apply(3, Action("straddle", amount=6))
    act(state, 3, "straddle 4")
    view = state.view(0)
    assert view.blinds == {1: 1, 2: 2, 3: 4} and view.straddler == 3 and view.pot == 7 and len(view.hole) == 3
    assert state.legal_actions(0)[1] == Action("call", amount=4)
    assert preflop_order(state) == [0, 1, 2, 3]  # the straddler checks its option last
    assert state.view(None).pot == 16


def test_without_a_straddle_the_player_after_the_big_blind_opens() -> None:
    game = Pineapple(players=4, straddle="on")
    state = game.deal(seed=2, dealer=0)
    assert state.default_action(3) == Action("no-straddle")
    act(state, 3, "no-straddle")
    assert state.view(None).straddler is None and preflop_order(state) == [3, 0, 1, 2]


def test_no_straddle_heads_up_with_the_ante_variant_or_a_short_stack() -> None:
    assert Pineapple(players=2, straddle="on").deal(seed=1).view(None).phase == "betting"
    short = Pineapple(players=3, straddle="on").deal(seed=1, dealer=0, stacks=[4, 50, 50])
    assert short.view(None).phase == "betting"  # seat 0 cannot put in twice the big blind and more
    with pytest.raises(homegame.GameError, match="straddle does not count with the ante variant"):
        Pineapple(players=3, variants=["ante"], straddle="on")


def test_a_straddle_counts_as_a_raise_in_fixed_limit() -> None:
    game = Pineapple(players=3, straddle="on", cap=3)
    state = game.deal(seed=5, dealer=0)
    act(state, 0, "straddle 4")
    assert [a.kind for a in state.legal_actions(1)] == ["fold", "call", "raise"]
    act(state, 1, "raise 6")  # the third bet of the round: the cap
    assert [a.kind for a in state.legal_actions(2)] == ["fold", "call"]


# -- bomb pots ------------------------------------------------------------------------------------

def test_a_pineapple_bomb_pot_skips_the_blinds_and_the_preflop_betting() -> None:
    game = Pineapple(players=3, bomb_pot=5)
    state = game.deal(deck=hole_deck("2c 3d 4h", "Ah Kh Qd", "7s 8d 9c"), dealer=0, stacks=[100, 3, 100])
    view = state.view(None)
    assert view.phase == "discard" and view.pot == 13 and view.blinds == {} and view.bomb_pot == 5
    assert view.all_in == (1,)
    for seat in (1, 2, 0):
        state.apply(seat, state.legal_actions(seat)[0])
    view = state.view(None)
    assert view.street == "flop" and len(view.board) == 3 and state.to_act == (2,)  # seat 1 is all in
    assert [a.kind for a in state.legal_actions(2)] == ["check", "bet"]
    act(state, 2, "check")
    act(state, 0, "bet 2")
    assert state.to_act == (2,)


def test_a_crazy_pineapple_bomb_pot_starts_with_the_flop_betting() -> None:
    state = CrazyPineapple(players=4, bomb_pot=2).deal(seed=9, dealer=3)
    view = state.view(None)
    assert view.street == "flop" and view.phase == "betting" and view.pot == 8 and state.to_act == (0,)


def test_a_draw_bomb_pot_replaces_the_ante_and_starts_at_the_draw() -> None:
    state = DrawPoker(players=3, ante=1, bomb_pot=4).deal(seed=3, dealer=0)
    view = state.view(None)
    assert view.phase == "draw" and view.pot == 12 and state.to_act == (1,)
    assert [event.kind for event in state.history.seen_by(None)][:1] == ["bomb pot"]
    for seat in (1, 2, 0):
        act(state, seat, "discard")
    assert state.view(None).phase == "bet2" and state.to_act == (1,)


# -- off by default, and every habit within the contract ------------------------------------------

@pytest.mark.parametrize("name", ["draw", "pineapple", "crazy_pineapple", "soko"])
def test_with_the_habits_off_no_habit_is_ever_offered(name: str) -> None:
    for seed in range(20):
        state = homegame.new_game(name, players=3 + seed % 3).deal(seed=seed)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            assert not {"show", "muck", "straddle", "no-straddle", "run"} & set(legal.kinds())
            state.apply(seat, legal[seed * 7 % len(legal)])


HABITS = {"show_or_muck": "on", "straddle": "on", "run_twice": "on", "limit": "no", "stack": 30}


@pytest.mark.parametrize("game", [Pineapple, CrazyPineapple, CrazyPineappleHiLo], ids=lambda g: g.name)
def test_pineapple_with_every_habit_keeps_the_contract(game: type[Pineapple]) -> None:
    check_conformance(lambda players: game(players=players, **HABITS), seeds=range(20), players=(2, 3, 5),
                      deep_every=4)
    check_conformance(lambda players: game(players=players, bomb_pot=3, show_or_muck="on"), seeds=range(10),
                      players=(3, 4), deep_every=5)


def test_draw_and_soko_with_show_or_muck_keep_the_contract() -> None:
    check_conformance(lambda players: DrawPoker(players=players, show_or_muck="on"), seeds=range(20),
                      players=(2, 3, 5), deep_every=4)
    check_conformance(lambda players: DrawPoker(players=players, show_or_muck="on", bomb_pot=2,
                                                variants=["lowball"]), seeds=range(10), players=(3,))
    check_conformance(lambda players: Soko(players=players, show_or_muck="on"), seeds=range(20),
                      players=(2, 4), deep_every=4)
