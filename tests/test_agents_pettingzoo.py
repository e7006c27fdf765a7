"""Every game as a PettingZoo AEC environment, bare (``raw_env``) and in PettingZoo's standard
wrappers (``env``): PettingZoo's own API, seed and state tests, the mask and the step checked against
the engine at every step of random play, rewards, options and refusals.

PettingZoo's ``max_cycles_test`` does not apply: it needs a parallel form of the environment, and
these are turn-based games (a seat may act twice running), so, like PettingZoo's own classic card
games, they have none."""

from __future__ import annotations

import importlib
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
from pettingzoo.utils import wrappers  # noqa: E402

state_checks = importlib.import_module("pettingzoo.test.state_test")
"""PettingZoo's state checks (the package's ``state_test`` names a function of the module too)."""

from homegame.agents import env, raw_env  # noqa: E402
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
    """The bare environment of ``case``."""
    return HomegameEnv(make(case), **options)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_api_and_seed_tests_pass(case: Case) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(table(case), num_cycles=300)
        seed_test(lambda: table(case), num_cycles=300)
    unexpected = {str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)}
    assert not unexpected


STATE_WARNINGS = ("Environment's minimum state space value is -infinity",
                  "Environment's maximum state space value is infinity")
"""What PettingZoo's state test says of a state space as unbounded as the observations'."""


@pytest.mark.parametrize("case", CASES[::3], ids=case_id)
def test_the_wrapped_environment_passes_pettingzoo_api_seed_and_state_tests(case: Case) -> None:
    name, players, variants, settings = case
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(name, players, variants, **settings), num_cycles=100)
        seed_test(lambda: env(name, players, variants, **settings), num_cycles=100)
        state_checks.test_state_space(env(name, players, variants, **settings))
        state_checks.test_state(env(name, players, variants, **settings), num_cycles=30)
    unexpected = {str(w.message) for w in caught
                  if not str(w.message).startswith((*EXPECTED_WARNINGS, *STATE_WARNINGS))
                  and "Illegal move" not in str(w.message)}
    assert not unexpected


def test_env_wraps_the_raw_environment_in_pettingzoos_standard_wrappers() -> None:
    table = env("draw", players=3)
    layers = []
    while hasattr(table, "env"):
        layers.append(type(table))
        table = table.env
    assert layers == [wrappers.OrderEnforcingWrapper, wrappers.AssertOutOfBoundsWrapper,
                      wrappers.TerminateIllegalWrapper]
    assert isinstance(table, HomegameEnv)
    with pytest.raises(AttributeError, match="before reset"):
        env("draw", players=3).agent_selection  # noqa: B018  # PettingZoo's order check still holds


def test_the_wrappers_read_the_same_episode_as_the_raw_environment_at_every_step() -> None:
    """The wrapped table keeps its wrappers' copies of the episode's fields in step with the bare
    one's, through the deal's end and an illegal index's."""
    fields = ("agents", "agent_selection", "rewards", "_cumulative_rewards", "terminations",
              "truncations", "infos")
    chooser = random.Random(3)
    for seed in range(6):
        table = env("pineapple", players=3)
        table.reset(seed=seed)
        bare = table.unwrapped
        for steps, _ in enumerate(table.agent_iter()):
            for layer in (table, table.env, table.env.env):
                assert all(getattr(layer, name) == getattr(bare, name) for name in fields)
            observation, _, terminated, truncated, _ = table.last()
            mask = observation["action_mask"]
            if terminated or truncated:
                table.step(None)
            elif seed % 2 and steps == 3:
                table.step(int(np.flatnonzero(mask == 0)[0]))
            else:
                table.step(int(chooser.choice(np.flatnonzero(mask))))
        assert table.agents == bare.agents == []


def test_an_illegal_index_in_the_wrapped_environment_ends_the_deal_at_the_worst_result(
        caplog: pytest.LogCaptureFixture) -> None:
    table = env("draw", players=2, stack=40)
    table.reset(seed=2)
    observation, *_ = table.last()
    bad = table.agent_selection
    table.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert "Illegal move" in caplog.text
    rewards = {}
    for agent in table.agent_iter():
        rewards[agent] = table.last()[1]
        table.step(None)
    assert rewards[bad] == -40 and sum(rewards.values()) == -40


def test_state_is_every_seats_observation_in_seat_order() -> None:
    table = raw_env("draw", players=3)
    table.reset(seed=9)
    observations = [table.observe(agent)["observation"] for agent in table.possible_agents]
    assert np.array_equal(table.state(), np.concatenate(observations))
    assert table.state_space.contains(table.state())


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_step_masks_the_legal_set_and_plays_the_engine_action(case: Case) -> None:
    environment = table(case)
    chooser = random.Random(7)
    for seed in range(1 if case[0] == "paiute" else 2):  # a Paiute deal runs to ~300 steps
        check_deal(environment, seed, chooser)


def check_deal(environment: HomegameEnv, seed: int, chooser: random.Random) -> None:
    """Play a deal by index, playing the engine's own action on a copy of the hand alongside."""
    environment.reset(seed=seed)
    state = environment.game_state
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
    environment = raw_env("papayoo", players=4)
    environment.reset(seed=3)
    totals = play(environment, lambda agent, mask: mask[0])
    assert sum(totals.values()) == -250 and all(v <= 0 for v in totals.values())


def test_a_seed_deals_the_same_hand_and_options_set_the_table() -> None:
    first, second = raw_env("draw", players=3), raw_env("draw", players=3)
    first.reset(seed=11)
    second.reset(seed=11)
    assert first.game_state is not None and second.game_state is not None
    assert first.game_state.history.to_json() == second.game_state.history.to_json()
    second.reset()
    assert second.game_state.history.header["deck"] != first.game_state.history.header["deck"]
    first.reset(seed=1, options={"dealer": 2, "stacks": [50, 0, 80]})
    assert first.game_state.dealer == 2 and first.game_state.view(None).stacks[1] == 0
    assert first.agent_selection == "player_0"
    fantasy = raw_env("open_face", players=2)
    fantasy.reset(seed=2, options={"carry": {"fantasyland": [1]}, "dealer": 0})
    assert fantasy.game_state is not None and len(fantasy.game_state.view(1).pending) == 13


@pytest.mark.parametrize("name", ["draw", "pineapple", "papayoo", "anaconda", "whiskey", "open_face"])
def test_an_observation_cannot_tell_two_deals_apart_that_differ_in_cards_not_seen(name: str) -> None:
    """Seat 0's observations while it has seen the same events in two deals that differ in a card
    seat 1 holds and another seat 0 has not seen."""
    first, second = raw_env(name, players=3), raw_env(name, players=3)
    first.reset(seed=4, options={"dealer": 0})
    assert first.game_state is not None
    deck = homegame.parse_cards(first.game_state.history.header["deck"])
    mine = seen_cards(first.game_state, 0)
    hidden = [c for c in deck if not mine[c] and seen_cards(first.game_state, 1)[c]]
    other = next(c for c in deck if not mine[c] and c != hidden[0])
    swapped = [other if c == hidden[0] else hidden[0] if c == other else c for c in deck]
    second.reset(options={"dealer": 0, "deck": swapped})
    compared = 0
    for _ in first.agent_iter():
        events = [[e.to_json() for e in t.game_state.history.seen_by(0)] for t in (first, second)]
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
    environment = raw_env("pineapple", players=3)
    environment.reset(seed=5)
    assert environment.game_state is not None
    before = environment.game_state.history.to_json()
    observation, *_ = environment.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    for bad in (illegal, -1, 99, "1", None):
        with pytest.raises(IllegalIndex, match="may take one of the indices"):
            environment.step(bad)
    assert environment.game_state.history.to_json() == before
    environment.step(np.int64(np.flatnonzero(observation["action_mask"])[0]))
    assert environment.game_state.history.to_json() != before
    observation, *_ = environment.last()
    environment.step(np.array(np.flatnonzero(observation["action_mask"])[0]))  # 0-d, as libraries pass


def test_misuse_of_the_episode_gets_a_clear_error() -> None:
    environment = raw_env("draw", players=2)
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
    plain, marked = raw_env("draw", players=2), MarkedObservations(homegame.new_game("draw", players=2))
    for table in (plain, marked):
        table.reset(seed=4)
    observation = marked.last()[0]
    assert observation["marked"] == marked.agent_selection
    assert np.array_equal(observation["observation"], plain.last()[0]["observation"])
    assert "marked" not in plain.last()[0]


def test_render_shows_the_table_as_the_seat_to_act_sees_it(capsys: pytest.CaptureFixture[str]) -> None:
    shown = raw_env("soko", players=3, render_mode="ansi")
    shown.reset(seed=2)
    text = shown.render()
    assert isinstance(text, str) and f"seat {shown.agent_selection[-1]}" in text
    printed = raw_env("soko", players=3, render_mode="human")
    printed.reset(seed=2)
    printed.step(int(np.flatnonzero(printed.last()[0]["action_mask"])[0]))
    assert "Soko" in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("soko", players=3, render_mode="rgb_array")


def test_every_game_is_an_environment() -> None:
    for name, game in homegame.GAMES.items():
        for environment in (raw_env(name, players=game.players[0]), env(name, players=game.players[0])):
            environment.reset(seed=0)
            assert str(environment) == f"homegame_{name}_v0"


def test_importing_homegame_imports_no_agent_library() -> None:
    code = ("import sys, homegame, homegame.agents; homegame.new_game('draw', players=2);"
            "print(sorted(m for m in ('pettingzoo', 'gymnasium', 'pyspiel') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
