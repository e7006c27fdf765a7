"""Every game as a PettingZoo AEC environment: PettingZoo's own API and seed tests, the mask and the
step checked against the engine at every step of random play, rewards, options and refusals.

PettingZoo's ``max_cycles_test`` does not apply: it needs a parallel form of the environment, and
these are turn-based games (a seat may act twice running), so, like PettingZoo's own classic card
games, they have none."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import homegame
from agents_cases import CASES, Case, case_id, make, mapped_legal
from homegame.agents import IllegalIndex

pettingzoo = pytest.importorskip("pettingzoo",
                                 reason="the agents extra (pettingzoo, gymnasium) is not installed")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from homegame.agents import env  # noqa: E402
from homegame.agents.environment import HomegameEnv  # noqa: E402
from homegame.agents.resample import seen_cards  # noqa: E402

EXPECTED_WARNINGS = ("Observation is not a NumPy array",
                     "Observation space for each agent probably should be")
"""What PettingZoo's API test says of every environment whose observations are dicts with an
action mask, its own classic games included."""


def views(state: Any, seat: int | None) -> dict[str, Any]:
    """A seat's view as JSON, but for its log (a repeated card may be named in another order)."""
    data: dict[str, Any] = state.view(seat).to_json()
    del data["log"]
    return data


def play(environment: HomegameEnv, choose: Callable[[str, list[int]], int],
         check: Callable[[], bool] = lambda: True) -> dict[str, float]:
    """Play the deal out, each agent choosing among its mask's indices; returns the rewards each
    agent received (none before the end), checking ``check()`` after every step."""
    rewards = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        rewards[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        assert reward == 0
        environment.step(choose(agent, [int(i) for i in np.flatnonzero(observation["action_mask"])]))
        assert check()
    assert environment.agents == []
    return rewards


def table(case: Case, **options: Any) -> HomegameEnv:
    return HomegameEnv(make(case), **options)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_api_and_seed_tests_pass(case: Case) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(table(case), num_cycles=300)
        seed_test(lambda: table(case), num_cycles=300)
    unexpected = {str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)}
    assert not unexpected


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_step_masks_the_legal_set_and_plays_the_engine_action(case: Case) -> None:
    environment = table(case)
    chooser = random.Random(7)
    for seed in range(1 if case[0] == "paiute" else 2):  # a Paiute deal runs to ~300 steps
        check_deal(environment, seed, chooser)


def check_deal(environment: HomegameEnv, seed: int, chooser: random.Random) -> None:
    """Play a deal by index, playing the engine's own action on a copy of the hand alongside."""
    environment.reset(seed=seed)
    state = environment.state
    assert state is not None
    twin = state.clone()

    def choose(agent: str, mask: list[int]) -> int:
        seat = environment.possible_agents.index(agent)
        assert seat == min(state.to_act)
        view, legal = state.view(seat), state.legal_actions(seat)
        if len(legal) <= 5000:
            mapped = mapped_legal(environment.encoding, view, legal)
            assert mask == sorted(mapped)
            index = chooser.choice(mask)
            action = mapped[index]
        else:  # thirteen cards to set: as many indices as settings, and a sample of them
            assert len(mask) == len(legal)
            action = legal[chooser.randrange(len(legal))]
            index = environment.encoding.encode(view, legal, action)
            assert index in mask
        twin.apply(seat, action)
        return index

    rewards = play(environment, choose, check=lambda: views(state, None) == views(twin, None))
    players = environment.game.player_count
    for seat in range(players):
        assert views(state, seat) == views(twin, seat)
    assert state.outcome == twin.outcome
    sign = -1 if environment.game.score_is_penalty else 1
    assert rewards == {f"player_{s}": sign * state.outcome[s] for s in range(players)}


def test_rewards_come_at_the_end_and_add_up() -> None:
    environment = env("papayoo", players=4)
    environment.reset(seed=3)
    totals = play(environment, lambda agent, mask: mask[0])
    assert sum(totals.values()) == -250 and all(v <= 0 for v in totals.values())


def test_a_seed_deals_the_same_hand_and_options_set_the_table() -> None:
    first, second = env("draw", players=3), env("draw", players=3)
    first.reset(seed=11)
    second.reset(seed=11)
    assert first.state is not None and second.state is not None
    assert first.state.history.to_json() == second.state.history.to_json()
    second.reset()
    assert second.state.history.header["deck"] != first.state.history.header["deck"]
    first.reset(seed=1, options={"dealer": 2, "stacks": [50, 0, 80]})
    assert first.state.dealer == 2 and first.state.view(None).stacks[1] == 0
    assert first.agent_selection == "player_0"
    fantasy = env("open_face", players=2)
    fantasy.reset(seed=2, options={"carry": {"fantasyland": [1]}, "dealer": 0})
    assert fantasy.state is not None and len(fantasy.state.view(1).pending) == 13


@pytest.mark.parametrize("name", ["draw", "pineapple", "papayoo", "anaconda", "whiskey", "open_face"])
def test_an_observation_cannot_tell_two_deals_apart_that_differ_in_cards_not_seen(name: str) -> None:
    """Seat 0's observations while it has seen the same events in two deals that differ in a card
    seat 1 holds and another seat 0 has not seen."""
    first, second = env(name, players=3), env(name, players=3)
    first.reset(seed=4, options={"dealer": 0})
    assert first.state is not None
    deck = homegame.parse_cards(first.state.history.header["deck"])
    mine = seen_cards(first.state, 0)
    hidden = [c for c in deck if not mine[c] and seen_cards(first.state, 1)[c]]
    other = next(c for c in deck if not mine[c] and c != hidden[0])
    swapped = [other if c == hidden[0] else hidden[0] if c == other else c for c in deck]
    second.reset(options={"dealer": 0, "deck": swapped})
    compared = 0
    for _ in first.agent_iter():
        events = [[e.to_json() for e in t.state.history.seen_by(0)] for t in (first, second)]
        if events[0] != events[1] or first.agent_selection != second.agent_selection:
            break
        assert np.array_equal(first.observe("player_0")["observation"],
                              second.observe("player_0")["observation"])
        compared += 1
        observation, _, terminated, truncated, _ = first.last()
        shared = np.flatnonzero(observation["action_mask"] & second.last()[0]["action_mask"])
        if terminated or truncated or not len(shared):
            break
        first.step(int(shared[0]))
        second.step(int(shared[0]))
    assert compared >= 1  # test_agents_encoding.py compares many deals of every game at length


def test_an_illegal_index_is_refused_and_changes_nothing() -> None:
    environment = env("pineapple", players=3)
    environment.reset(seed=5)
    assert environment.state is not None
    before = environment.state.history.to_json()
    observation, *_ = environment.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    for bad in (illegal, -1, 99, "1", None):
        with pytest.raises(IllegalIndex, match="may take one of the indices"):
            environment.step(bad)
    assert environment.state.history.to_json() == before
    environment.step(np.int64(np.flatnonzero(observation["action_mask"])[0]))
    assert environment.state.history.to_json() != before
    observation, *_ = environment.last()
    environment.step(np.array(np.flatnonzero(observation["action_mask"])[0]))  # 0-d, as libraries pass


def test_misuse_of_the_episode_gets_a_clear_error() -> None:
    environment = env("draw", players=2)
    for early in (environment.last, lambda: environment.step(0), lambda: environment.observe("player_0")):
        with pytest.raises(RuntimeError, match="call reset"):
            early()
    environment.reset(seed=1)
    with pytest.raises(KeyError, match="no agent called 'player_9'"):
        environment.observe("player_9")
    for _ in environment.agent_iter():
        observation, _, done, truncated, _ = environment.last()
        environment.step(None if done or truncated else int(np.flatnonzero(observation["action_mask"])[0]))
    for late in (environment.last, lambda: environment.step(None)):
        with pytest.raises(RuntimeError, match="the deal is over and every agent is done"):
            late()


class MarkedObservations(HomegameEnv):  # type: ignore[misc]  # PettingZoo's classes are untyped
    """An environment whose subclass changes what an agent observes (as wrappers and the benchmark's
    bound do): ``last()`` must hand out what its ``observe`` gives."""

    def observe(self, agent: str) -> dict[str, Any]:
        return {**super().observe(agent), "marked": agent}


def test_last_observes_through_a_subclass_that_replaces_observe() -> None:
    plain, marked = env("draw", players=2), MarkedObservations(homegame.new_game("draw", players=2))
    for table in (plain, marked):
        table.reset(seed=4)
    observation = marked.last()[0]
    assert observation["marked"] == marked.agent_selection
    assert np.array_equal(observation["observation"], plain.last()[0]["observation"])
    assert "marked" not in plain.last()[0]


def test_render_shows_the_table_as_the_seat_to_act_sees_it(capsys: pytest.CaptureFixture[str]) -> None:
    shown = env("soko", players=3, render_mode="ansi")
    shown.reset(seed=2)
    text = shown.render()
    assert isinstance(text, str) and f"seat {shown.agent_selection[-1]}" in text
    printed = env("soko", players=3, render_mode="human")
    printed.reset(seed=2)
    printed.step(int(np.flatnonzero(printed.last()[0]["action_mask"])[0]))
    assert "Soko" in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode"):
        env("soko", players=3, render_mode="rgb_array")


def test_every_game_is_an_environment() -> None:
    for name, game in homegame.GAMES.items():
        environment = env(name, players=game.players[0])
        environment.reset(seed=0)
        assert str(environment) == f"homegame_{name}_v0"


def test_importing_homegame_imports_no_agent_library() -> None:
    code = ("import sys, homegame, homegame.agents; homegame.new_game('draw', players=2);"
            "print(sorted(m for m in ('pettingzoo', 'gymnasium', 'pyspiel') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
