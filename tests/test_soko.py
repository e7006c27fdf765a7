"""Soko (Canadian Stud): every rule with a stacked deck, and the conformance suite."""

from __future__ import annotations

import pytest

from conformance import check_conformance
from homegame.cards import parse_cards
from homegame.engine import Action, IllegalAction
from homegame.engine.stakes import round_limits
from homegame.games.soko import Soko, SokoState, stacked_deck


def deal(cards: str, players: int = 3, dealer: int = 0, **settings: object) -> SokoState:
    state = Soko(players=players, **settings).deal(deck=stacked_deck(cards), dealer=dealer)
    assert isinstance(state, SokoState)
    return state


def call_round(state: SokoState) -> None:
    street = state.street
    while state.street == street and not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, next(a for a in state.legal_actions(seat)
                               if a.kind in ("check", "call", "bring-in")))


# Dealer 0, so cards go to seats 1, 2, 0: hole cards first, then one up card each.
OPENING = "Ac Kc Qc  9d 3h 7s"


def test_hole_card_then_up_card_dealt_from_the_dealers_left() -> None:
    state = deal(OPENING)
    assert state.view(1).hole == parse_cards("Ac")[0] and state.view(0).hole == parse_cards("Qc")[0]
    assert state.view(1).up_cards == {1: (parse_cards("9d")[0],), 2: (parse_cards("3h")[0],),
                                      0: (parse_cards("7s")[0],)}
    assert state.view(2).hole == parse_cards("Kc")[0] and "Ac" not in str(state.view(2).to_json())


def test_the_lowest_up_card_brings_in_for_half_the_minimum_bet() -> None:
    state = deal(OPENING, bet=5, max_bet=20)
    assert state.to_act == (2,)
    legal = state.legal_actions(2)
    assert Action("bring-in", amount=2) in legal
    assert Action("complete", amount=5) in legal and Action("complete", amount=20) in legal
    with pytest.raises(IllegalAction, match="bring-in"):
        state.apply(2, Action("check"))


def test_a_tie_for_low_card_goes_to_the_player_nearest_the_dealers_left() -> None:
    state = deal("Ac Kc Qc  3d 3h 7s", dealer=0)
    assert state.to_act == (1,)
    state = deal("Ac Kc Qc  7s 3d 3h", dealer=0)
    assert state.to_act == (2,)


def test_aces_are_high_for_the_bring_in() -> None:
    state = deal("Ac Kc Qc  Ad 2h 5s")
    assert state.to_act == (2,)


def test_the_lowest_showing_hand_opens_later_rounds() -> None:
    # Up cards after round 2: seat 1 9d 9c (pair), seat 2 3h Ks, seat 0 7s 8s.
    state = deal(OPENING + "  9c Ks 8s")
    call_round(state)
    assert state.street == 2 and state.to_act == (0,)


def test_limits_double_from_round_two_when_a_pair_shows() -> None:
    state = deal(OPENING + "  9c Ks 8s")
    call_round(state)
    assert state.view(0).doubled and "4 to 20" in state.view(0).limits


def test_limits_double_from_round_three_regardless() -> None:
    state = deal(OPENING + "  Tc Ks 8s  2c 2d 4h")
    call_round(state)
    assert not state.view(0).doubled and "2 to 10" in state.view(0).limits
    call_round(state)
    assert state.street == 3 and state.view(0).doubled


def test_four_rounds_then_a_four_flush_beats_a_pair() -> None:
    # Seat 1: Ac 9d Tc 2c 5c = four-flush; seat 2: Kc 3h Ks 4d 6h = pair of kings;
    # seat 0: Qc 7s 8s Jd 9h = queen high.
    state = deal(OPENING + "  Tc Ks 8s  2c 4d Jd  5c 6h 9h")
    rounds = 0
    while not state.is_over:
        call_round(state)
        rounds += 1
    assert rounds == 4
    view = state.view(None)
    assert view.hand_names == {1: "four-flush, ace high", 2: "a pair of kings", 0: "queen high"}
    assert state.outcome[1] > 0 and state.outcome[2] < 0
    assert "four-flush, ace high, beating a pair of kings" in view.results[0]


def test_everyone_folding_ends_the_hand() -> None:
    state = deal(OPENING)
    state.apply(2, Action("complete", amount=2))
    state.apply(0, Action("fold"))
    state.apply(1, Action("fold"))
    assert state.is_over and state.outcome == {0: -1, 1: -1, 2: 2}
    assert state.view(None).showdown == {}


def test_the_hole_card_stays_hidden_until_the_showdown() -> None:
    state = deal(OPENING + "  Tc Ks 8s  2c 4d Jd  5c 6h 9h")
    while state.street < 4:
        call_round(state)
    assert state.view(2).hole == parse_cards("Kc")[0]
    assert "Ac" not in str(state.view(2).to_json()) and "Ac" not in str(state.view(None).to_json())


def test_bad_settings() -> None:
    with pytest.raises(ValueError, match="2 to 10 players"):
        Soko(players=11)
    with pytest.raises(ValueError, match="below the small bet"):
        Soko(players=3, bet=10, max_bet=5)


def test_a_setting_the_structure_does_not_use_refuses_nothing() -> None:
    """Soko's largest spread bet (10 by default) bounds nothing in no limit, so a bet above it is fine."""
    game = Soko(players=3, limit="no", bet=20)
    assert game.config["max_bet"] == 10 and round_limits(game.config, big=False).bet == 20
    assert not Soko.counts_at("max_bet", game.config) and Soko.counts_at("big_bet", game.config)


@pytest.mark.parametrize("settings", [{}, {"limit": "fixed"}, {"limit": "no", "bet": 1},
                                      {"limit": "pot"}, {"ante": 0, "stack": 12},
                                      {"ranks": 6, "streets": 1, "limit": "fixed"}, {"streets": 2}])
def test_conformance(settings: dict[str, object]) -> None:
    check_conformance(lambda players: Soko(players=players, **settings), seeds=range(24),
                      players=(2, 4, 7, 10), deep_every=4)


@pytest.mark.slow
def test_conformance_exhaustively() -> None:
    check_conformance(lambda players: Soko(players=players), seeds=range(300), players=range(2, 11))


@pytest.mark.parametrize("limit", ["fixed", "spread"])
def test_the_bring_in_is_never_less_than_one_chip(limit: str) -> None:
    # With a minimum bet of 1, half of it rounded down would be nothing: the low card must still bet.
    state = deal(OPENING, bet=1, max_bet=4, limit=limit)
    legal = state.legal_actions(2)
    assert legal[0] == Action("bring-in", amount=1)
    assert Action("check", amount=None) not in legal and Action("complete", amount=1) not in legal
    assert [a.amount for a in legal if a.kind == "complete"] == ([] if limit == "fixed" else [2, 3, 4])
    with pytest.raises(IllegalAction, match="bring-in"):
        state.apply(2, Action("check"))
    state.apply(2, Action("bring-in", amount=1))
    assert state.view(0).pot == 3 * 1 + 1 and state.view(0).to_call == 1
    raises = [a for a in state.legal_actions(0) if a.kind == "raise"]
    assert raises and raises[0].amount == 2  # the bring-in was the bet: the next bet up is a raise


# The small form: a short deck and fewer streets.

def short_deal(cards: str, **settings: object) -> SokoState:
    game = Soko(players=2, **settings)
    top = parse_cards(cards)
    state = game.deal(deck=top + [card for card in game.deck if card not in top], dealer=0)
    assert isinstance(state, SokoState)
    return state


def test_a_short_deck_holds_the_highest_ranks() -> None:
    assert len(Soko(players=2).deck) == 52
    deck = Soko(players=2, ranks=3).deck
    assert len(deck) == 12 and {card.rank for card in deck} == {12, 13, 14}
    with pytest.raises(ValueError, match="exactly the 12 cards"):
        Soko(players=2, ranks=3).deal(deck=stacked_deck("2c")[:12])


def test_one_street_ends_in_a_showdown_where_a_pair_beats_ace_high() -> None:
    # Seat 1 gets Ac then Kd, seat 0 Qh then Qs: queens beat ace high.
    state = short_deal("Ac Qh Kd Qs", ranks=3, streets=1, limit="fixed")
    call_round(state)
    assert state.is_over and state.street == 5
    view = state.view(None)
    assert view.hand_names == {1: "ace high", 0: "a pair of queens"}
    assert state.outcome[0] > 0 and state.outcome[1] < 0


def test_two_streets_bet_twice_and_equal_ranks_split() -> None:
    state = short_deal("Ac Ad Kc Kd Qc Qd", ranks=3, streets=2, limit="fixed", ante=1)
    rounds = 0
    while not state.is_over:
        call_round(state)
        rounds += 1
    assert rounds == 2 and state.outcome == {0: 0, 1: 0}
    assert state.view(None).hand_names == {1: "ace high", 0: "ace high"}


def test_a_deck_too_short_for_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match="5 players need 10 cards when each gets a hole card and 1 up"):
        Soko(players=5, ranks=2, streets=1)
    with pytest.raises(ValueError, match="Ranks in the deck"):
        Soko(players=2, ranks=1)
    with pytest.raises(ValueError, match="Up cards"):
        Soko(players=2, streets=5)
