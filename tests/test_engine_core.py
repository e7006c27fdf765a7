"""The engine contract on a toy game: checking, views, JSON, chance and replay."""

import gc
import json
import random

import pytest

from homegame.cards import parse_cards
from homegame.engine import Action, GameError, IllegalAction
from homegame.engine.history import History
from homegame.engine.replay import ReplayError, replay
from homegame.games import GAMES, new_game
from toy_game import KEEP, SWAP, Duel, DuelView, make_game

STACKED = parse_cards("2c 9d Kh 5s") + [c for c in Duel(players=2).deck
                                          if c not in parse_cards("2c 9d Kh 5s")]


def test_stacked_deal_and_turn_order() -> None:
    state = Duel(players=3).deal(deck=STACKED, dealer=2)
    assert state.to_act == (0,)
    assert state.view(0).my_card == parse_cards("2c")[0]
    state.apply(0, SWAP)
    assert state.view(0).my_card == parse_cards("5s")[0]
    state.apply(1, KEEP)
    state.apply(2, KEEP)
    assert state.is_over and state.outcome == {0: -1, 1: -1, 2: 2}


def test_illegal_actions_raise_and_change_nothing() -> None:
    state = Duel(players=2).deal(seed=3)
    before = json.dumps(state.history.to_json())
    with pytest.raises(IllegalAction, match="not to act"):
        state.apply(0, KEEP)
    with pytest.raises(IllegalAction, match="may keep, swap"):
        state.apply(1, Action("fold"))
    with pytest.raises(IllegalAction, match="no seat 7"):
        state.apply(7, KEEP)
    assert json.dumps(state.history.to_json()) == before and state.to_act == (1,)


def test_bad_configuration_is_refused() -> None:
    with pytest.raises(GameError, match="2 to 5 players"):
        Duel(players=9)
    with pytest.raises(GameError, match="no setting colour"):
        Duel(players=2, colour="red")
    with pytest.raises(GameError, match="at least 1"):
        Duel(players=2, stake=0)
    with pytest.raises(GameError, match="exactly the 52 cards"):
        Duel(players=2).deal(deck=STACKED[:-1])


def test_views_hide_other_hands_and_round_trip_through_json() -> None:
    state = Duel(players=3).deal(deck=STACKED, dealer=0)
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        text = json.dumps(view.to_json())
        hidden = [str(c) for s, c in enumerate(state.hands) if s != seat]
        assert not any(card in text for card in hidden)
        assert DuelView.from_json(json.loads(text)) == view


def test_seed_repeats_the_hand_and_history_replays() -> None:
    for seed in range(20):
        states = [Duel(players=4).deal(seed=seed, dealer=seed % 4) for _ in range(2)]
        chooser = random.Random(seed)
        for state in states:
            while not state.is_over:
                seat = state.to_act[0]
                state.apply(seat, chooser.choice(state.legal_actions(seat)))
            chooser.seed(seed)
        assert states[0].history.to_json() == states[1].history.to_json()
        replayed = replay(json.loads(states[0].history.dumps()), make_game)
        assert replayed.outcome == states[0].outcome


def test_a_hand_dealt_from_the_systems_randomness_clones_and_plays_on() -> None:
    state = Duel(players=2).deal()
    state.apply(1, KEEP)
    so_far = list(state.history.events)
    twin = state.clone()
    twin.apply(0, SWAP)
    assert twin.is_over and not state.is_over
    assert twin.history.events[:len(so_far)] == so_far == state.history.events


def test_a_history_with_a_refused_action_says_which_one() -> None:
    state = Duel(players=2).deal(seed=1)
    state.apply(1, KEEP)
    state.apply(0, KEEP)
    data = state.history.to_json()
    actions = [event for event in data["events"] if event["kind"] == "action"]
    actions[1]["data"]["action"] = {"kind": "raise", "amount": 5}
    with pytest.raises(ReplayError, match="recorded action 1 of seat 0 is refused: raise 5"):
        replay(data, make_game)


def test_a_tampered_history_does_not_replay() -> None:
    state = Duel(players=2).deal(seed=1)
    state.apply(1, KEEP)
    state.apply(0, KEEP)
    data = state.history.to_json()
    data["events"][-2]["data"]["hands"] = ["As", "Ad"]
    with pytest.raises(ReplayError):
        replay(data, make_game)


def test_events_logged_for_later_are_written_in_order_as_they_were_logged() -> None:
    history = History(dict(Duel(players=2).deal(seed=1).history.header))
    hand = parse_cards("As Kd")
    history.add_cards("deal", 0, hand, private_to=(0,))
    hand[0] = parse_cards("2c")[0]  # the hand changes later (a draw): the event keeps what was dealt
    history.add("ante", None, {"posted": {"0": 1}})
    history.log_action(0, Action("raise", 4))
    history.log_action(1, KEEP)
    history.forget_since(3)  # the last action failed part way
    assert [(e.kind, e.seat, e.data, e.private_to) for e in history.events] == [
        ("deal", 0, {"cards": ["As", "Kd"]}, (0,)),
        ("ante", None, {"posted": {"0": 1}}, None),
        ("action", 0, {"action": {"kind": "raise", "amount": 4}}, None),
    ]
    twin = history.copy()
    twin.log_action(1, KEEP)
    assert len(history) == 3 and len(twin) == 4
    assert History.from_json(twin.to_json()) == twin


def test_a_header_made_when_first_read_holds_the_hand_as_dealt() -> None:
    game = new_game("draw", players=2)
    stacks = [50, 60]
    state = game.deal(seed=4, stacks=stacks, dealer=1)
    stacks[0] = 0  # the caller's list changes after the deal; the hand's header does not
    state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    header = state.history.header
    assert (header["game"], header["dealer"], header["stacks"], header["carry"]) == ("draw", 1, [50, 60], {})
    assert header["deck"] == game.deal(seed=4).history.header["deck"]
    assert replay(state.history.to_json(), new_game).history == state.history


def _play_out(game: object, seed: int, chooser: random.Random) -> object:
    state = game.deal(seed=seed, dealer=seed % game.player_count)  # type: ignore[attr-defined]
    while state.to_act:
        seat = state.to_act[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("name", list(GAMES))
def test_a_finished_hand_leaves_no_reference_cycles(name: str) -> None:
    """A hand is freed the moment it is dropped, read or not (its reasons and events are worded
    on first read from the cards alone): a simulation of millions of hands leaves the garbage
    collector nothing to find."""
    game, chooser = new_game(name, players=3), random.Random(2)
    for seed in range(3):  # tables built on first use are not the hand's
        _play_out(game, 100 + seed, chooser)
    gc.collect()
    gc.disable()
    try:
        for seed in range(6):
            state = _play_out(game, seed, chooser)
            if seed % 2:
                state.view(0), state.view(None), state.history.to_json()  # type: ignore[attr-defined]
            del state
        assert gc.collect() == 0
    finally:
        gc.enable()
