"""Basic Draw Poker's small form for solvers (ranks, suits, hand_size, max_discard), on stacked decks."""

import pytest

from homegame.cards import parse_cards
from homegame.engine import Action, GameError, IllegalAction
from homegame.games.draw import DrawPoker, DrawState
from stacked import play, stacked

LEDUC = {"ranks": 3, "suits": 2, "hand_size": 2, "max_discard": 1, "limit": "fixed", "cap": 1}
"""Six cards (queens, kings and aces of spades and hearts), two a hand, one card drawn at most."""


def deal(deck: str, **settings: object) -> DrawState:
    state = DrawPoker(players=2, **{**LEDUC, **settings}).deal(deck=deck, dealer=0)
    assert isinstance(state, DrawState)
    return state


def test_the_deck_keeps_the_highest_ranks_of_the_suits_kept() -> None:
    assert DrawPoker(players=2, **LEDUC).deck == parse_cards("Qh Qs Kh Ks Ah As")
    two_ranks = DrawPoker(players=2, ranks=2, hand_size=1, max_discard=1)
    assert two_ranks.deck == parse_cards("Kc Kd Kh Ks Ac Ad Ah As")
    assert len(DrawPoker(players=2, ranks=13, suits=3).deck) == 39
    with pytest.raises(GameError, match="exactly the 6 cards"):
        DrawPoker(players=2, **LEDUC).deal(deck="Qh Qs Kh Ks Ah Ad", dealer=0)


def test_short_hands_are_dealt_one_card_at_a_time_and_the_rest_is_the_stock() -> None:
    state = deal("As Kh Ah Ks Qs Qh")
    assert state.view(1).hand == tuple(parse_cards("As Ah"))
    assert state.view(0).hand == tuple(parse_cards("Kh Ks"))
    assert state.view(1).hint == "a pair of aces" and sorted(state.stock.face_down) == parse_cards("Qh Qs")


def test_the_draw_allows_at_most_max_discard_cards() -> None:
    state = deal("Qs Kh Ah Ks As Qh")
    play(state, "check", "check")
    assert state.view(1).phase == "draw"
    assert sorted(map(str, state.legal_actions(1))) == ["discard", "discard Ah", "discard Qs"]
    with pytest.raises(IllegalAction, match=r"you may discard at most 1 card$"):
        state.apply(1, Action.parse("discard Qs Ah"))
    play(state, "discard Qs", "discard")
    assert state.view(1).hand == tuple(parse_cards("Ah As")) and state.view(0).drawn == {1: 1, 0: 0}


def test_a_pair_beats_high_cards_at_a_short_showdown() -> None:
    state = deal("Qs Kh Ah Ks As Qh")
    play(state, "bet 2", "call 2", "discard Qs", "discard", "bet 4", "call 4")
    assert state.is_over and state.outcome == {1: 7, 0: -7}  # the ante, the small bet and the big bet
    assert state.view(0).hand_names == {1: "a pair of aces", 0: "a pair of kings"}


def test_equal_short_hands_split_the_pot() -> None:
    state = deal("Ah Ks Qs Qh As Kh", hand_size=1)
    play(state, "check", "check", "discard", "discard", "check", "check")
    assert state.view(0).showdown == {1: tuple(parse_cards("Ah")), 0: tuple(parse_cards("Ks"))}
    assert state.outcome == {1: 1, 0: -1}
    state = deal("Ah As Qs Qh Ks Kh", hand_size=1)
    play(state, "check", "check", "discard", "discard", "check", "check")
    assert state.outcome == {1: 0, 0: 0}


def test_discarding_all_but_a_shown_ace_counts_only_beyond_max_discard() -> None:
    four = DrawPoker(players=2, hand_size=4, max_discard=2)
    assert four.ace_draw and four.draw_sizes == (0, 1, 2) and four.most_drawn == 3
    state = four.deal(deck=stacked(four, "Ah Kc 9d Kd 7c 7d 4s 3d"), dealer=0)
    play(state, "check", "check")
    with pytest.raises(IllegalAction, match="you may discard three only when the card you keep is an ace"):
        state.apply(1, Action.parse("discard Ah 9d 7c"))
    with pytest.raises(IllegalAction, match="at most 2 cards, or 3 when you keep and show an ace"):
        state.apply(1, Action.parse("discard Ah 9d 7c 4s"))
    play(state, "discard 9d 7c 4s")
    assert state.view(0).shown_aces == {1: parse_cards("Ah")[0]}
    assert not DrawPoker(players=2, hand_size=4, max_discard=3).ace_draw


@pytest.mark.parametrize(("settings", "message", "setting"), [
    ({"hand_size": 2, "max_discard": 3}, "a hand of 2 cards cannot discard 3", "max_discard"),
    ({"ranks": 3, "suits": 2, "hand_size": 2, "max_discard": 2},
     "need 8 cards; a deck of 3 ranks and 2 suits holds 6", "ranks"),
    ({"ranks": 8, "variants": ["lowball"]}, "plays for high without wild cards", "ranks"),
    ({"hand_size": 3, "variants": ["deuces"]}, "plays for high without wild cards", "hand_size"),
    ({"ranks": 1}, "at least 2", "ranks"),
    ({"suits": 5}, "at most 4", "suits"),
])
def test_settings_that_cannot_make_a_small_game_are_refused(settings: dict[str, object], message: str,
                                                           setting: str) -> None:
    with pytest.raises(GameError, match=message) as raised:
        DrawPoker(players=2, **settings)  # type: ignore[arg-type]
    assert raised.value.setting == setting


def test_cards_dealt_bounds_what_a_hand_can_reach() -> None:
    assert DrawPoker(players=2, **LEDUC).cards_dealt == 6
    assert DrawPoker(players=2).cards_dealt == 2 * (5 + 4)
    assert DrawPoker(players=6).cards_dealt == 52  # the stock may run out and be rebuilt
