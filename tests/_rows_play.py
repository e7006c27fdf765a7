"""Random-play contract checks for the row-setting games (Chinese Poker and Open-Face), used by
their tests until the shared conformance suite covers them: every hand ends, outcomes sum to zero,
illegal actions raise and change nothing, views hide what they must (also through JSON), histories
replay and a seed repeats its hand."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from homegame.engine import Action, Game, GameState, IllegalAction
from homegame.engine.replay import replay


def play_randomly(state: GameState, chooser: random.Random) -> GameState:
    """Play ``state`` to the end with uniformly random legal actions, any seat to act first."""
    while not state.is_over:
        seat = chooser.choice(state.to_act)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[chooser.randrange(len(legal))])
    return state


def check_illegal_leaves_state_alone(state: GameState, bad: Sequence[Action]) -> None:
    """Every action in ``bad`` (and any action by a seat not to act) raises and changes nothing."""
    before = json.dumps(state.history.to_json())
    for seat in range(state.players):
        for action in bad:
            with pytest.raises(IllegalAction):
                state.apply(seat, action)
    assert json.dumps(state.history.to_json()) == before


def check_views_hide(state: GameState, hidden: Callable[[GameState, int | None], set[str]]) -> None:
    """No seat's view (nor a spectator's) mentions a card ``hidden(state, seat)`` says it may not see."""
    for seat in [*range(state.players), None]:
        view = state.view(seat)
        text = json.dumps(view.to_json())
        words = set(text.replace('"', " ").replace(",", " ").replace("[", " ").replace("]", " ").split())
        leaked = hidden(state, seat) & words
        assert not leaked, f"seat {seat} sees {leaked}"
        assert type(view).from_json(json.loads(text)) == view


def check_random_hands(make: Callable[[int], Game], hidden: Callable[[GameState, int | None], set[str]],
                       hands: int, make_game: Callable[..., Game], carry: Callable[[GameState], Any]) -> None:
    """Play ``hands`` random hands (chaining carry-overs), checking the contract at every step."""
    carried: dict[str, Any] = {}
    for seed in range(hands):
        game = make(seed)
        runs = []
        for _ in range(2):
            state = game.deal(seed=seed, dealer=seed % game.player_count, carry=carried)
            chooser = random.Random(seed)
            while not state.is_over:
                check_views_hide(state, hidden)
                seat = chooser.choice(state.to_act)
                legal = state.legal_actions(seat)
                state.apply(seat, legal[chooser.randrange(len(legal))])
            runs.append(state)
        first, second = runs
        check_views_hide(first, hidden)
        assert first.history.to_json() == second.history.to_json()
        assert sum(first.outcome.values()) == 0
        assert replay(json.loads(first.history.dumps()), make_game).outcome == first.outcome
        carried = carry(first) if game.player_count == make(seed + 1).player_count else {}
