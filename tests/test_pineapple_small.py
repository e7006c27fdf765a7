"""The Pineapple family's small form for solvers (ranks, suits, hole_cards, flop_cards, streets), on
stacked decks."""

from typing import Any

import pytest

from homegame.bots.pineapple import HeuristicPineappleBot
from homegame.cards import parse_cards
from homegame.engine import Action, GameError, IllegalAction
from homegame.games.pineapple import CrazyPineapple, CrazyPineappleHiLo, Pineapple, PineappleState
from stacked import play, stacked

LEDUC: dict[str, Any] = {"ranks": 3, "suits": 2, "hole_cards": 2, "flop_cards": 1, "streets": 1,
                         "limit": "fixed", "cap": 1}
"""Six cards (queens, kings and aces of spades and hearts), two hole cards each and one kept, a board
of one card: Leduc hold'em's deck and shape, with a discard."""


def deal(top: str, game: type[Pineapple] = Pineapple, **settings: Any) -> PineappleState:
    """Heads-up, seat 0 the dealer (the small blind, first to act before the flop): seat 1 is dealt
    the first card of ``top``, seat 0 the second, and so on round the table."""
    table = game(players=2, **{**LEDUC, **settings})
    state = table.deal(deck=stacked(table, top), dealer=0)
    assert isinstance(state, PineappleState)
    return state


def test_the_deck_keeps_the_highest_ranks_of_the_suits_kept() -> None:
    assert Pineapple(players=2, **LEDUC).deck == parse_cards("Qh Qs Kh Ks Ah As")
    assert len(Pineapple(players=2, ranks=13, suits=3).deck) == 39
    assert Pineapple(players=2, ranks=6, suits=1, hole_cards=2, flop_cards=1, streets=1).deck == \
        parse_cards("9s Ts Js Qs Ks As")
    with pytest.raises(GameError, match="exactly the 6 cards"):
        Pineapple(players=2, **LEDUC).deal(deck="Qh Qs Kh Ks Ah Ad", dealer=0)


def test_two_hole_cards_are_dealt_and_one_is_kept() -> None:
    state = deal("As Kh Ah Ks Qs Qh")
    assert state.view(1).hole == tuple(parse_cards("As Ah"))
    assert state.view(0).hole == tuple(parse_cards("Kh Ks"))
    assert state.view(1).hint == "ace high"  # one card plays: the pair cannot be kept
    play(state, "call 2", "check")
    assert state.view(0).phase == "discard"
    assert sorted(map(str, state.legal_actions(0))) == ["discard Kh", "discard Ks"]
    with pytest.raises(IllegalAction, match="you do not hold Qs; your hole cards are Kh Ks"):
        state.apply(0, Action.parse("discard Qs"))
    play(state, "discard Ah", "discard Ks")
    assert state.view(0).hole == tuple(parse_cards("Kh")) and state.view(1).hole == tuple(parse_cards("As"))


def test_the_flop_burns_a_card_and_turns_up_flop_cards_then_the_board_stops() -> None:
    state = deal("As Kh Ah Ks Qs Qh")
    play(state, "call 2", "check", "discard Ah", "discard Ks")
    assert state.view(0).board == tuple(parse_cards("Qh")) and state.burned == parse_cards("Qs")
    assert state.view(0).street == "flop" and state.to_act == (1,)  # the big blind opens after the flop
    play(state, "bet 2", "call 2")
    assert state.is_over and state.view(0).board == tuple(parse_cards("Qh"))
    assert state.outcome == {1: 4, 0: -4}  # the big blind and the small bet
    assert state.view(0).hand_names == {1: "ace high", 0: "king high"}
    assert state.view(0).discards == {1: parse_cards("Ah")[0], 0: parse_cards("Ks")[0]}


def test_streets_and_flop_cards_shape_the_board() -> None:
    table = Pineapple(players=2, ranks=13, suits=1, hole_cards=2, flop_cards=2, streets=2)
    assert table.hand_steps == ("discard", "flop", "bet", "turn", "bet")
    assert table.board_sizes == {"flop": 2, "turn": 1} and table.hand_size == 4
    state = table.deal(deck=stacked(table, "As Ks Qs Js 2s 9s 8s 3s 7s"), dealer=0)
    assert isinstance(state, PineappleState)
    play(state, "call 2", "check", "discard Qs", "discard Js")
    assert state.view(0).board == tuple(parse_cards("9s 8s")) and state.view(0).street == "flop"
    play(state, "check", "check")
    assert state.view(0).board == tuple(parse_cards("9s 8s 7s")) and state.burned == parse_cards("2s 3s")
    play(state, "check", "check")
    assert state.is_over and state.view(0).hand_names == {1: "ace high", 0: "king high"}
    assert CrazyPineapple(players=2, streets=2).hand_steps == ("flop", "bet", "discard", "turn", "bet")


def test_a_pair_with_the_board_beats_a_higher_card() -> None:
    state = deal("As Kh Ah Ks Qs Kd", ranks=3, suits=3)
    assert state.view(0).hint == "king high"
    play(state, "call 2", "check", "discard Ah", "discard Ks", "check", "check")
    assert state.view(0).hint == "a pair of kings"
    assert state.outcome == {0: 2, 1: -2}
    assert state.view(1).results == ("seat 0 wins 4 with a pair of kings, beating ace high (seat 1)",)


def test_equal_short_hands_split_the_pot_and_a_kicker_decides_between_pairs() -> None:
    state = deal("Qs Qh Ks Kh As Qd", ranks=3, suits=3)
    play(state, "call 2", "check", "discard Ks", "discard Kh", "check", "check")
    assert state.view(0).hand_names == {1: "a pair of queens", 0: "a pair of queens"}
    assert state.outcome == {1: 0, 0: 0}
    state = deal("Ks Kh As Ah Qs Qh")
    play(state, "call 2", "check", "discard As", "discard Ah", "check", "check")
    assert state.view(0).hand_names == {1: "king high", 0: "king high"} and state.outcome == {1: 0, 0: 0}
    state = deal("As Ks Kh Ah Kd Qs Qh", ranks=3, suits=3, flop_cards=2)
    play(state, "call 2", "check", "discard Kh", "discard Ah", "check", "check")
    assert state.view(0).board == tuple(parse_cards("Qs Qh"))
    assert state.view(0).hand_names == {1: "a pair of queens", 0: "a pair of queens"}
    assert state.outcome == {1: 2, 0: -2}  # the ace beats the king beside the pair


def test_crazy_pineapples_discard_comes_after_the_flops_betting() -> None:
    state = deal("As Kh Ah Ks Qs Qh", game=CrazyPineapple)
    play(state, "call 2", "check")
    assert state.view(0).board == tuple(parse_cards("Qh")) and state.view(0).phase == "betting"
    assert state.view(0).hint == "king high"  # either king: one card will play with the queen
    play(state, "bet 2", "call 2")
    assert state.view(0).phase == "discard" and not state.is_over
    play(state, "discard Ah", "discard Ks")
    assert state.is_over and state.outcome == {1: 4, 0: -4}


def test_one_kept_card_with_a_full_board_plays_its_best_five_of_six() -> None:
    state = deal("As 2c Kh 3d 4c 5h 6h 7h 8c 9h Tc Jh", ranks=13, suits=4, flop_cards=3, streets=3, cap=4)
    assert state.game.hand_size == 6 and state.game.cards_dealt == 2 * 2 + 5 + 3
    play(state, "call 2", "check", "discard As", "discard 2c")
    for _ in range(3):
        play(state, "check", "check")
    assert state.view(0).board == tuple(parse_cards("5h 6h 7h 9h Jh"))
    assert state.view(0).hand_names == {1: "flush, king high", 0: "flush, jack high"}  # 0 plays the board
    assert state.outcome == {1: 2, 0: -2}


def test_the_bot_keeps_and_bets_a_short_hand() -> None:
    bot = HeuristicPineappleBot(seed=1)
    state = deal("As Kh Ah Ks Qs Kd", ranks=3, suits=3)
    play(state, "call 2", "check")
    assert bot.act(state.view(0), state.legal_actions(0)) in state.legal_actions(0)
    play(state, "discard Ah", "discard Ks")
    seat = state.to_act[0]
    assert bot.act(state.view(seat), state.legal_actions(seat)) in state.legal_actions(seat)
    assert bot.read_bet(state.view(0))[0] > bot.read_bet(state.view(1))[0]  # a pair of kings, ace high


@pytest.mark.parametrize(("game", "settings", "message", "setting"), [
    (Pineapple, {"players": 3, **LEDUC},
     "3 players dealt 2 hole cards each and a board of 1 .* need 8 cards; a deck of 3 ranks and 2 suits "
     "holds 6", "ranks"),
    (Pineapple, {"players": 2, **LEDUC, "run_twice": "on"}, "the board run twice .* need 8 cards", "ranks"),
    (CrazyPineappleHiLo, {"players": 2, "hole_cards": 2, "streets": 2},
     "an eight-or-better low takes five cards, and a hand here has 5", None),
    (CrazyPineappleHiLo, {"players": 2, "hole_cards": 2, "flop_cards": 2},
     "an eight-or-better low takes five cards, and a hand here has 5", None),
    (CrazyPineappleHiLo, {"players": 2, "streets": 1, "flop_cards": 2},
     "an eight-or-better low takes five cards, and a hand here has 4 .2 kept, 2 on the board.", "streets"),
    (CrazyPineappleHiLo, {"players": 2, "hole_cards": 2, "streets": 1},
     "a hand here has 4 .1 kept, 3 on the board.", "hole_cards"),
    (Pineapple, {"players": 2, "hole_cards": 1}, "at least 2", "hole_cards"),
    (Pineapple, {"players": 2, "hole_cards": 4}, "at most 3", "hole_cards"),
    (Pineapple, {"players": 2, "flop_cards": 0}, "at least 1", "flop_cards"),
    (Pineapple, {"players": 2, "streets": 4}, "at most 3", "streets"),
    (Pineapple, {"players": 2, "ranks": 1}, "at least 2", "ranks"),
])
def test_settings_that_cannot_make_a_small_game_are_refused(game: type[Pineapple], settings: dict[str, Any],
                                                           message: str, setting: str | None) -> None:
    if setting is None:  # a hand of five cards or more makes a low: the table is made
        assert game(**settings).hand_size == 5
        return
    with pytest.raises(GameError, match=message) as raised:
        game(**settings)
    assert raised.value.setting == setting


def test_the_full_game_is_unchanged_by_default() -> None:
    table = Pineapple(players=2)
    assert len(table.deck) == 52 and table.hand_steps == table.steps and table.hand_size == 7
    assert table.board_sizes == {"flop": 3, "turn": 1, "river": 1}
    assert table.cards_dealt == 2 * 3 + 8 and Pineapple(players=10).cards_dealt == 38
    assert Pineapple(players=10, run_twice="on").cards_dealt == 46
