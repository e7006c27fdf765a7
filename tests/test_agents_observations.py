"""What the environments hand a learner, pinned over seeded random play: every observation of
every agent at every step (the seat to act, the seats waiting, and every seat once the deal is
over) is the game's encoding of that seat's view, every mask marks that seat's legal indices, and
for Draw and Pineapple the whole trajectory (observations, masks, rewards) keeps a fixed digest.

The environments may build an observation some faster way than through the seat's full view (see
``homegame.agents.aec``); these tests hold them to the view's encoding exactly, with the encoding's
options too (``scale_chips``, ``canonical``)."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import numpy as np
import pytest

from agents_cases import CASES, Case, case_id, make

pytest.importorskip("pettingzoo", reason="the agents extra (pettingzoo, gymnasium) is not installed")

from homegame.agents import encoding_for, env, raw_env, single_agent
from homegame.agents.environment import HomegameEnv
from homegame.agents.table import PolicyOpponent
from homegame.agents.vector import vector_env


def check_every_observation(table: HomegameEnv, seed: int, chooser: random.Random) -> None:
    """Play one deal at random, checking every agent's observation at every step against the
    encoding of its seat's view."""
    table.reset(seed=seed)
    encoding = table.encoding
    for _ in table.agent_iter():
        state = table.game_state
        assert state is not None
        for other in table.agents:
            seat = table.possible_agents.index(other)
            observation = table.observe(other)
            view = state.view(seat)
            assert np.array_equal(observation["observation"], encoding.observe(view)), (other, state.to_act)
            assert observation["observation"].dtype == np.float32
            if other == table.agent_selection and not state.is_over:
                expected = encoding.legal_mask(view, state.legal_actions(seat))
            else:
                expected = encoding.empty_mask()
            assert np.array_equal(observation["action_mask"], expected)
            assert observation["action_mask"].dtype == np.int8
            if encoding.reads_state and not state.is_over and seat in state.to_act:
                turn = encoding.turn_view(state, seat)
                fields = ("seat", "pot", "bets", *[name for name in ("hand", "hole") if hasattr(turn, name)])
                assert all(getattr(turn, name) == getattr(view, name) for name in fields)
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
        else:
            table.step(int(chooser.choice(np.flatnonzero(observation["action_mask"]))))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_observation_is_the_encoding_of_the_seats_view(case: Case) -> None:
    table = HomegameEnv(make(case))
    chooser = random.Random(11)
    for seed in range(1 if case[0] == "paiute" else 3):
        check_every_observation(table, seed, chooser)


@pytest.mark.parametrize("name", ["draw", "pineapple", "crazy_pineapple_hi_lo"])
@pytest.mark.parametrize("options", [{"scale_chips": True}, {"canonical": True}], ids=str)
def test_the_encodings_options_are_observed_alike(name: str, options: dict[str, bool]) -> None:
    table = HomegameEnv(make((name, 4, (), {})))
    table.encoding = encoding_for(table.game, **options)
    chooser = random.Random(5)
    for seed in range(4):
        check_every_observation(table, seed, chooser)


def expected_turn(encoding: Any, state: Any, seat: int) -> tuple[np.ndarray, np.ndarray]:
    """The encoding of ``seat``'s view in ``state`` and its mask (empty once the deal is over)."""
    view = state.view(seat)
    if state.is_over:
        return encoding.observe(view), encoding.empty_mask().astype(bool)
    return encoding.observe(view), encoding.legal_mask(view, state.legal_actions(seat)).astype(bool)


def checking_policy(table: Any, encoding: Any, seen: list[int]) -> Any:
    """An opponent's policy that checks what it is handed against the encoding of the seat to
    act at ``table`` (a :class:`~homegame.agents.table.LearnerTable`), then takes a legal index."""
    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        state = table.state
        expected, expected_mask = expected_turn(encoding, state, min(state.to_act))
        assert np.array_equal(observation, expected) and np.array_equal(mask.astype(bool), expected_mask)
        seen.append(1)
        return int(np.flatnonzero(mask)[len(seen) % int(mask.sum())])
    return policy


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_learners_observations_are_the_encoding_of_its_view(case: Case) -> None:
    """single_agent and vector_env, whose tables read the hand's state where the encoding can:
    every observation and mask handed to the learner (or to a policy playing an opponent) is
    the encoding of that seat's view, the final observation of each episode included."""
    game = make(case)
    deals = 3 if game.stack_each is not None else 1
    single = single_agent(game, seat=None, deals=deals)
    seen: list[int] = []
    if game.player_count > 1:
        policy = checking_policy(single.table, single.encoding, seen)
        single.table.opponents[0] = PolicyOpponent(policy, single.encoding)
    tables = vector_env(game, 2, deals=deals)
    chooser = random.Random(1)
    observation, info = single.reset(seed=2)
    _, infos = tables.reset(seed=2)
    for _ in range(12 if case[0] == "paiute" else 40):
        table = single.table
        expected, mask = expected_turn(single.encoding, table.live(), table.learner)
        assert np.array_equal(observation, expected) and np.array_equal(info["action_mask"], mask)
        observation, _, terminated, _, info = single.step(int(chooser.choice(np.flatnonzero(mask))))
        if terminated:
            expected, mask = expected_turn(single.encoding, table.live(), table.learner)
            assert np.array_equal(observation, expected) and not info["action_mask"].any()
            observation, info = single.reset()
        for row, learner in enumerate(tables.batch.tables):
            expected, mask = expected_turn(tables.encoding, learner.live(), learner.learner)
            assert np.array_equal(tables.batch.observations[row], expected)
            assert np.array_equal(infos["action_mask"][row], mask)
        actions = np.array([chooser.choice(np.flatnonzero(mask)) for mask in infos["action_mask"]])
        _, _, _, _, infos = tables.step(actions)
    assert seen or game.player_count == 1


@pytest.mark.parametrize("name", ["draw", "pineapple"])
@pytest.mark.parametrize("options", [{"scale_chips": True}, {"canonical": True}], ids=str)
def test_the_learners_observations_follow_the_encodings_options(name: str, options: dict[str, bool]) -> None:
    single = single_agent(name, players=3, opponents="best", **options)  # type: ignore[arg-type]
    chooser = random.Random(4)
    observation, info = single.reset(seed=3)
    for _ in range(60):
        table = single.table
        expected, mask = expected_turn(single.encoding, table.live(), table.learner)
        assert np.array_equal(observation, expected) and np.array_equal(info["action_mask"], mask)
        observation, _, terminated, _, info = single.step(int(chooser.choice(np.flatnonzero(mask))))
        if terminated:
            observation, info = single.reset()


def trajectory_digest(table: Any, deals: int) -> str:
    """The SHA-256 of every observation, mask and reward ``last()`` gives over ``deals`` deals of
    seeded random play."""
    digest, chooser = hashlib.sha256(), random.Random(0)
    table.reset(seed=1)
    for _ in range(deals):
        for _ in table.agent_iter():
            observation, reward, terminated, truncated, _ = table.last()
            digest.update(observation["observation"].tobytes())
            digest.update(observation["action_mask"].tobytes())
            digest.update(np.float64(reward).tobytes())
            if terminated or truncated:
                table.step(None)
            else:
                table.step(int(chooser.choice(np.flatnonzero(observation["action_mask"]))))
        table.reset()
    return digest.hexdigest()[:16]


# Recorded from the environments as they built every observation from the seat's view; a change
# of a game's rules or its encoding changes them, and must say so.
DIGESTS = {"draw": "942b58ec6d9ae108", "pineapple": "862a55139e12a6a8"}


@pytest.mark.parametrize("name", sorted(DIGESTS))
@pytest.mark.parametrize("make_table", [raw_env, env], ids=["raw_env", "env"])
def test_seeded_play_gives_the_same_trajectory_as_ever(name: str, make_table: Any) -> None:
    assert trajectory_digest(make_table(name, players=4), deals=40) == DIGESTS[name]
