"""Every entry point of the engine fed arbitrary JSON-like values, in every game, mid-hand: the only
exception is homegame's own error, and a refusal leaves the history and every view byte-identical.

The values are what a network client could send (None, bools, ints of any size, floats, strings,
nested lists and objects), mixed with near misses of the real thing (``1.0`` for seat 1, an action
with one field mistyped, a real history with one part replaced).
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import homegame
from homegame import Action, HomegameError, ReplayError
from homegame.cards import card, parse_cards
from homegame.engine import GameState, History

GAMES = sorted(homegame.GAMES)
FUZZ = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])

scalars = (st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=8))
json_like = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                         | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=10)
near_seats = st.sampled_from([0, 1, 2, -1, 3, 9, 1.0, 0.0, True, False, None, "0", "1", [0], (1,),
                              {"seat": 0}])
seats = near_seats | json_like
words = st.sampled_from(["fold", "call", "check", "bet", "raise", "discard", "draw", "play", "pass",
                         "set", "place", "knock", "declare", "keep", "stock", "pile", "front", "house"])
card_texts = st.sampled_from(["As", "Kd", "10h", "Jk", "1s", "20p", "Zz", "", "AsKd"])


def _action_fields() -> st.SearchStrategy[dict[str, Any]]:
    """Dicts shaped like an action's JSON, each field either plausible or arbitrary."""
    return st.fixed_dictionaries({}, optional={
        "kind": words | json_like,
        "amount": st.integers(min_value=-5, max_value=10**16) | json_like,
        "cards": st.lists(card_texts, max_size=5) | json_like,
        "option": words | json_like,
        "groups": st.lists(st.lists(card_texts, max_size=5), max_size=3) | json_like,
        "extra": json_like,
    })


def _mid_hand(name: str, seed: int) -> GameState[Any]:
    info = homegame.GAMES[name]
    players = 3 if 3 in info.players else info.players[0]
    state = homegame.new_game(name, players=players).deal(seed=seed)
    chooser = random.Random(seed)
    for _ in range(chooser.randrange(0, 12)):
        if state.is_over:
            break
        seat = state.to_act[chooser.randrange(len(state.to_act))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[chooser.randrange(len(legal))])
    return state


def _snapshot(state: GameState[Any]) -> str:
    views = [state.view(seat).to_json() for seat in [None, *range(state.players)]]
    legal = [state.legal_actions(seat).to_json() for seat in range(state.players)]
    return json.dumps({"history": state.history.to_json(), "views": views, "to_act": state.to_act,
                       "legal": legal}, sort_keys=True)


def _actions_from(fields: dict[str, Any]) -> list[object]:
    """The candidate actions a client could make of ``fields``: the raw dict, the action its JSON
    reads as, and the action built from the same values directly."""
    candidates: list[object] = [fields]
    for build in (lambda: Action.from_json(fields), lambda: Action(**fields)):
        try:
            candidates.append(build())
        except HomegameError:
            continue
        except TypeError:  # Action(**fields) with an unknown keyword: a Python caller's mistake
            continue
    return candidates


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(seed=st.integers(0, 10_000), seat=seats, fields=_action_fields(), other=json_like)
def test_apply_and_friends_refuse_anything_and_change_nothing(name: str, seed: int, seat: Any,
                                                             fields: dict[str, Any], other: Any) -> None:
    state = _mid_hand(name, seed)
    before = _snapshot(state)
    for action in [*_actions_from(fields), other]:
        legal_now = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.players \
            and isinstance(action, Action) and action in state.legal_actions(seat)
        if legal_now:
            continue
        with pytest.raises(HomegameError):
            state.apply(seat, action)
        assert _snapshot(state) == before
    for call in (lambda: state.legal_actions(seat), lambda: state.view(seat),
                 lambda: state.explain_illegal(seat, other), lambda: state.view(other)):
        with contextlib.suppress(HomegameError):
            call()
    assert _snapshot(state) == before


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(players=near_seats | json_like, variants=st.lists(words, max_size=2) | json_like,
       settings_=st.dictionaries(st.sampled_from(["ante", "stack", "bet", "limit", "cap", "wager", "deals",
                                                  "orbits", "unit", "qualifier", "low", "max_bet",
                                                  "small_blind", "big_blind", "nonsense"]),
                                 json_like | st.integers(-3, 10**16) | st.sampled_from(["no", "pot", "3"]),
                                 max_size=3))
def test_new_game_takes_a_good_configuration_or_says_what_is_wrong(name: str, players: Any, variants: Any,
                                                                 settings_: dict[str, Any]) -> None:
    try:
        game = homegame.new_game(name, players, variants, **settings_)
    except HomegameError:
        return
    state = game.deal(seed=1)
    assert state.to_act or state.is_over


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(seed=json_like, deck=json_like | st.lists(card_texts, max_size=3), dealer=near_seats | json_like,
       stacks=st.lists(st.integers(-2, 10**16) | json_like, max_size=4) | json_like, carry=json_like)
def test_deal_takes_good_arguments_or_says_what_is_wrong(name: str, seed: Any, deck: Any, dealer: Any,
                                                         stacks: Any, carry: Any) -> None:
    info = homegame.GAMES[name]
    game = homegame.new_game(name, players=3 if 3 in info.players else info.players[0])
    for kwargs in ({"seed": seed}, {"deck": deck}, {"dealer": dealer}, {"stacks": stacks}, {"carry": carry}):
        try:
            state = game.deal(**kwargs)
        except HomegameError:
            continue
        chooser = random.Random(0)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[chooser.randrange(len(legal))])


def _finished(name: str, seed: int) -> dict[str, Any]:
    state = _mid_hand(name, seed)
    chooser = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[chooser.randrange(len(legal))])
    data: dict[str, Any] = state.history.to_json()
    return data


def _replace_somewhere(data: Any, path: list[int], value: Any) -> Any:
    """``data`` with the node that ``path`` steers to (each number picks a child) replaced."""
    if not path or not isinstance(data, dict | list) or not data:
        return value
    keys = list(data) if isinstance(data, dict) else list(range(len(data)))
    key = keys[path[0] % len(keys)]
    copy: Any = dict(data) if isinstance(data, dict) else list(data)
    copy[key] = _replace_somewhere(data[key], path[1:], value)
    return copy


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(seed=st.integers(0, 1000), path=st.lists(st.integers(0, 200), min_size=1, max_size=5), value=json_like)
def test_a_tampered_history_replays_or_raises_a_replay_error(name: str, seed: int, path: list[int],
                                                             value: Any) -> None:
    tampered = _replace_somewhere(_finished(name, seed), path, value)
    for form in (tampered, json.dumps(tampered)):
        with contextlib.suppress(ReplayError):
            homegame.replay(form)
        with contextlib.suppress(ReplayError):
            History.from_json(form)


@given(value=json_like)
@settings(max_examples=200, deadline=None)
def test_replay_of_arbitrary_json_is_a_replay_error(value: Any) -> None:
    for form in (value, json.dumps(value)):
        with pytest.raises(ReplayError):
            homegame.replay(form)


@given(value=json_like | st.binary(max_size=8))
@settings(max_examples=200, deadline=None)
def test_card_readers_take_cards_or_raise_a_card_error(value: Any) -> None:
    for read in (parse_cards, card, Action.parse):
        with contextlib.suppress(HomegameError):
            read(value)
