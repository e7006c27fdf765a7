"""Pai Gow Poker rules with stacked decks: joker, foul, ties, commission, push, variants, views."""

from __future__ import annotations

import json
import random

import pytest

import homegame
from homegame.cards import Card, parse_cards
from homegame.engine import Action, GameError, IllegalAction
from homegame.games.pai_gow import (
    BANK,
    DECLINE,
    HOUSE_WAY,
    PaiGow,
    PaiGowState,
    PaiGowView,
    Split,
    house_way,
    is_foul,
)
from homegame.games.pai_gow.hands import hand_name, ranking_for


def stacked(*hands: str) -> list[Card]:
    """A deck dealing ``hands`` in order (seats from the dealer's left, then the house)."""
    top = parse_cards(" ".join(hands))
    return top + [c for c in PaiGow(players=1).deck if c not in top]


def setting(text: str) -> Action:
    two, five = Split.parse(text).two, Split.parse(text).five
    return Action("set", groups=(two, five))


def play_one(player: str, house: str, placed: str, **config: object) -> PaiGowState:
    variants = config.pop("variants", ())
    game = PaiGow(players=1, variants=variants, **config)  # type: ignore[arg-type]
    state = game.deal(deck=stacked(player, house), dealer=0)
    state.apply(0, setting(placed))
    return state


def test_joker_is_an_ace_in_front_and_completes_a_straight_behind() -> None:
    assert hand_name(parse_cards("Jk Kd")) == "ace-king high"
    assert hand_name(parse_cards("Jk Ad")) == "a pair of aces"
    assert hand_name(parse_cards("Jk 9h 8d 7c 5s")) == "straight, nine high"
    # Player: joker + ace in front (pair of aces), 9-high straight behind with... no joker left,
    # so put the joker in the straight and beat the banker's pair of kings and king-queen.
    state = play_one("Jk 9h 8d 7c 5s Ac Kh", "Kc Kd Qs Jh 4c 3d 2s", "Ac Kh | Jk 9h 8d 7c 5s")
    assert state.outcome == {0: 19, "bank": -19}
    assert "straight, nine high beats" in state.view(0).results[0].reason


def test_joker_completes_a_flush() -> None:
    state = play_one("Jk 9h 7h 4h 2h Ac Td", "Kc Kd Qs Jh 4c 3d 2s", "Ac Td | Jk 9h 7h 4h 2h")
    view = state.view(0)
    assert view.shown[0].five_name == "flush, ace high"
    assert view.results[0].verdict == "win"


def test_a_foul_loses_both_hands_even_against_nothing() -> None:
    state = play_one("Ah Ad 9c 7h 5d 3c 2s", "Kc Qd 9s 8h 6c 4d 3s", "Ah Ad | 9c 7h 5d 3c 2s")
    assert state.outcome == {0: -20, "bank": 20}
    view = state.view(0)
    assert view.shown[0].foul and "foul" in view.results[0].reason


def test_a_five_card_pair_with_kickers_is_not_foul_over_the_same_pair_in_front() -> None:
    assert not is_foul(Split.parse("7h 7d | 7c 7s 9d 4h 2c"))
    assert not is_foul(Split.parse("Ah Qd | Ac Ks 9d 4h 2c"))
    assert is_foul(Split.parse("Ah Kd | Ac Qs 9d 4h 2c"))
    assert is_foul(Split.parse("Ah Qd | Kc Js 9d 4h 2c"))


def test_the_banker_wins_exact_ties() -> None:
    # Same ranks in both hands, different suits: both hands tie, so the player loses both.
    state = play_one("Ks Qs 9c 9d 7h 5d 2c", "Kh Qh 9s 9h 7c 5s 2d", "Ks Qs | 9c 9d 7h 5d 2c")
    assert state.outcome == {0: -20, "bank": 20}
    assert "banker wins ties" in state.view(0).results[0].reason


def test_one_hand_each_is_a_push() -> None:
    state = play_one("Ah Kd 9c 9d 7h 5d 2c", "Qh Jh Tc Td 8c 6s 3d", "Ah Kd | 9c 9d 7h 5d 2c")
    assert state.outcome == {0: 0, "bank": 0}
    assert state.view(0).results[0].verdict == "push"


@pytest.mark.parametrize(("wager", "paid"), [(20, 19), (39, 38), (40, 38), (59, 57), (100, 95), (2, 1)])
def test_commission_is_five_percent_rounded_down_and_at_least_one_chip(wager: int, paid: int) -> None:
    state = play_one("Ah Kd 9c 9d 7h 5d 2c", "Qh Jh 8c 8d 6c 4s 3d", "Ah Kd | 9c 9d 7h 5d 2c",
                     wager=wager)
    assert state.outcome == {0: paid, "bank": -paid}


def test_wheel_second_ranks_a_to_5_just_below_the_top_straight() -> None:
    player, house = "As 2d 3c 4h 5s Qd Jc", "Kc Qh Js Th 9d 3s 2h"
    placed = "Qd Jc | As 2d 3c 4h 5s"
    assert play_one(player, house, placed).view(0).results[0].verdict == "push"
    assert play_one(player, house, placed, variants=["wheel-second"]).outcome[0] == 19
    ranking = ranking_for(True)
    assert ranking.strength(parse_cards("Ac Kd Qh Js Tc")) > ranking.strength(parse_cards("As 2d 3c 4h 5s"))


def test_with_wheel_second_the_joker_and_2_to_5_play_as_the_wheel() -> None:
    """The joker may complete a straight as any card: with 2-3-4-5 it is the ace of the wheel,
    which under wheel-second beats the king-high straight that the six-high reading would lose to
    (RULINGS.md: the joker is an ace or completes a straight or straight flush)."""
    player, house = "Jk 2d 3c 4s 5h Kc Qd", "9h Td Js Qs Kd 7c 6d"
    placed = "Kc Qd | Jk 2d 3c 4s 5h"
    assert play_one(player, house, placed).view(0).results[0].verdict == "push"
    won = play_one(player, house, placed, variants=["wheel-second"])
    assert won.outcome[0] == 19
    assert "straight, five high beats straight, king high" in won.view(0).results[0].reason
    ranking = ranking_for(True)
    for bug, wheel in (("Jk 2d 3c 4s 5h", "Ah 2d 3c 4s 5h"), ("Jk 2h 3h 4h 5h", "Ah 2h 3h 4h 5h")):
        assert ranking.strength(parse_cards(bug)) == ranking.strength(parse_cards(wheel))


def test_the_house_sets_by_the_house_way_and_set_house_does_too() -> None:
    player, house = "Kh Kd 8s 8c Ah 5d 2c", "Qh Jh Tc Td 8d 6s 3d"
    state = PaiGow(players=1).deal(deck=stacked(player, house), dealer=0)
    state.apply(0, HOUSE_WAY)
    view = state.view(0)
    assert view.shown[0].two == tuple(parse_cards("Ah 5d"))
    assert view.bank_hand is not None
    assert (view.bank_hand.two, view.bank_hand.five) == (
        house_way(parse_cards(house)).two, house_way(parse_cards(house)).five)


def test_seats_are_dealt_clockwise_from_the_dealers_left_then_the_house() -> None:
    game = PaiGow(players=3)
    hands = ["2c 3c 4c 5c 7d 8d 9d", "2d 3d 4d 5d 7h 8h 9h", "2h 3h 4h 5h 7s 8s 9s"]
    state = game.deal(deck=stacked(*hands, "Ac Ad Ah As Kc Kd Kh"), dealer=1)
    assert state.view(2).cards == tuple(parse_cards(hands[0]))
    assert state.view(0).cards == tuple(parse_cards(hands[1]))
    assert state.view(1).cards == tuple(parse_cards(hands[2]))
    assert state.house_cards == tuple(parse_cards("Ac Ad Ah As Kc Kd Kh"))


def test_player_banks_the_bank_is_offered_from_the_button_and_the_banker_plays_the_house_way() -> None:
    game = PaiGow(players=3, variants=["player-banks"], wager=20)
    hands = ["Ah Kd 9c 9d 7h 5d 2c", "Qh Jh 8c 8d 6c 4s 3d", "Ks Qs Tc Th 6h 5c 2d"]
    state = game.deal(deck=stacked(*hands), dealer=1)
    assert state.to_act == (1,)
    assert list(state.legal_actions(1)) == [BANK, DECLINE]
    state.apply(1, DECLINE)
    assert state.to_act == (2,)
    state.apply(2, BANK)
    assert state.banker == 2 and state.to_act == (0, 1)
    # Seat 2 (dealt first, from the dealer's left) holds hands[0] and plays it the house way.
    placed = state.view(2).placed
    assert placed is not None and placed.two == tuple(parse_cards("Ah Kd"))
    state.apply(0, setting("Qh Jh | 8c 8d 6c 4s 3d"))
    state.apply(1, setting("Ks Qs | Tc Th 6h 5c 2d"))
    # Seat 0 loses both; seat 1's tens beat nines but K-Q loses to A-K: a push. The bank wins 20
    # and pays the house 1 chip of commission.
    assert state.outcome == {0: -20, 1: 0, 2: 19, "bank": 1}
    assert any(event.kind == "commission" for event in state.history.events)


def test_player_banks_a_winning_player_pays_commission_to_the_house() -> None:
    game = PaiGow(players=2, variants=["player-banks"])
    state = game.deal(deck=stacked("Ah Kd 9c 9d 7h 5d 2c", "Qh Jh 8c 8d 6c 4s 3d"), dealer=0)
    state.apply(0, BANK)  # seat 0 is dealt the second hand (seat 1 is the dealer's left)
    state.apply(1, HOUSE_WAY)
    assert state.outcome == {0: -20, 1: 19, "bank": 1}


def test_player_banks_when_everyone_declines_the_house_banks() -> None:
    state = PaiGow(players=2, variants=["player-banks"]).deal(seed=4, dealer=1)
    state.apply(1, DECLINE)
    state.apply(0, DECLINE)
    assert state.banker is None and state.to_act == (0, 1) and len(state.house_cards) == 7
    assert told(state) == ["Seat 1 declines the bank.", "You decline the bank.", "The house banks."]


def test_a_player_taking_the_bank_is_told_once() -> None:
    state = PaiGow(players=2, variants=["player-banks"]).deal(seed=4, dealer=1)
    state.apply(1, BANK)
    assert told(state) == ["Seat 1 takes the bank."]


def told(state: PaiGowState) -> list[str]:
    """The sentences of the bank's offer, as seat 0's terminal tells them."""
    from homegame.cli.narrate import tell
    from homegame.render import Style

    sentences = (tell(event, 0, Style(colour=False)) for event in state.view(0).log if event.kind != "deal")
    return [sentence for sentence in sentences if sentence]


def test_bad_configuration_is_refused() -> None:
    with pytest.raises(GameError, match="1 to 6 players"):
        PaiGow(players=7)
    with pytest.raises(GameError, match="at least two players"):
        PaiGow(players=1, variants=["player-banks"])
    with pytest.raises(GameError, match="at least 2"):
        PaiGow(players=2, wager=1)


def test_illegal_settings_raise_and_change_nothing() -> None:
    state = PaiGow(players=2).deal(deck=stacked("Ah Kd 9c 9d 7h 5d 2c", "Qh Jh 8c 8d 6c 4s 3d"))
    before = state.history.dumps()
    with pytest.raises(IllegalAction, match="not in your hand"):
        state.apply(1, setting("Qh Jh | 8c 8d 6c 4s 3d"))
    with pytest.raises(IllegalAction, match="two cards, '\\|', then the other five"):
        three_and_four = (tuple(parse_cards("Ah Kd 9c")), tuple(parse_cards("9d 7h 5d 2c")))
        state.apply(1, Action("set", groups=three_and_four))
    with pytest.raises(IllegalAction, match="set your seven cards"):
        state.apply(1, Action("fold"))
    with pytest.raises(IllegalAction, match="no seat 5"):
        state.apply(5, HOUSE_WAY)
    assert state.history.dumps() == before and state.to_act == (0, 1)
    state.apply(1, HOUSE_WAY)
    with pytest.raises(IllegalAction, match="not to act"):
        state.apply(1, HOUSE_WAY)


def test_settings_stay_hidden_until_the_reveal_even_through_json() -> None:
    state = PaiGow(players=2).deal(deck=stacked("Ah Kd 9c 9d 7h 5d 2c", "Qh Jh 8c 8d 6c 4s 3d",
                                                "Ks Qs Tc Th 6h 5c 2d"))
    state.apply(0, setting("Qh Jh | 8c 8d 6c 4s 3d"))
    for seat in (1, None):
        text = json.dumps(state.view(seat).to_json())
        assert "Qh" not in text and "6c" not in text and "Tc" not in text
    assert "Ah" not in json.dumps(state.view(0).to_json())
    own = state.view(0)
    assert own.placed is not None and own.placed.two == tuple(parse_cards("Qh Jh"))
    state.apply(1, HOUSE_WAY)
    shown = json.dumps(state.view(None).to_json())
    assert all(card in shown for card in ("Qh", "Ah", "Tc"))


def test_the_hint_warns_of_fouls_and_options_flag_them() -> None:
    state = PaiGow(players=1).deal(deck=stacked("Ah Kd 7c 7s 9h 4d 2c", "Qh Jh 8c 8d 6c 4s 3d"))
    view = state.view(0)
    assert view.house_rule == "one pair behind, the two highest single cards in front"
    assert view.hint == ("House way: Ah Kd | 7c 7s 9h 4d 2c (one pair behind, the two highest single cards "
                         "in front); careful: 2 of the 16 ways foul (the two-card hand must not beat the "
                         "five-card hand), marked FOUL")
    assert len(view.options) == 21 and sum(o.foul for o in view.options) == 3
    assert PaiGowView.from_json(json.loads(json.dumps(view.to_json()))) == view


def _play_randomly(state: PaiGowState, chooser: random.Random) -> None:
    while not state.is_over:
        seat = state.to_act[chooser.randrange(len(state.to_act))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[chooser.randrange(len(legal))])


@pytest.mark.parametrize("variants", [(), ("player-banks",), ("wheel-second", "player-banks")])
def test_random_hands_end_conserve_chips_replay_and_repeat(variants: tuple[str, ...]) -> None:
    for seed in range(25):
        players = 2 + seed % 5
        game = homegame.new_game("pai-gow", players=players, variants=variants)
        states = [game.deal(seed=seed, dealer=seed % players) for _ in range(2)]
        for state in states:
            _play_randomly(state, random.Random(seed))
        assert states[0].history.to_json() == states[1].history.to_json()
        outcome = states[0].outcome
        assert sum(outcome.values()) == 0 and "bank" in outcome
        replayed = homegame.replay(json.loads(states[0].history.dumps()))
        assert replayed.outcome == outcome
        for seat in (*range(players), None):
            view = states[0].view(seat)
            assert type(view).from_json(json.loads(json.dumps(view.to_json()))) == view
