"""Many tables stepped together: the same trajectories as as many single environments for the same
seeds and actions, Gymnasium's vector conventions, the multi-agent form and refusals."""

from __future__ import annotations

import random

import numpy as np
import pytest

import homegame
from homegame.agents import IllegalIndex

gymnasium = pytest.importorskip("gymnasium", reason="the agents extra is not installed")

from homegame.agents import single_agent  # noqa: E402
from homegame.agents.vector import SelfPlay, vector_env  # noqa: E402

TABLES = 6


@pytest.mark.parametrize(("name", "options"), [
    ("draw", {"players": 2}),
    ("draw", {"players": 3, "opponents": "best", "canonical": True, "scale_chips": True}),
    ("pineapple", {"players": 4, "opponents": ["random", "always-call", "best"]}),
    ("soko", {"players": 2, "deals": 5, "seat": 1, "opponents": "min-open-fold"}),
    ("papayoo", {"players": 3}),
])
def test_the_tables_step_as_single_environments_for_the_same_seeds_and_actions(
        name: str, options: dict[str, object]) -> None:
    tables = vector_env(name, TABLES, **options)  # type: ignore[arg-type]
    singles = [single_agent(name, **options) for _ in range(TABLES)]  # type: ignore[arg-type]
    observations, infos = tables.reset(seed=40)
    expected = [single.reset(seed=40 + row) for row, single in enumerate(singles)]
    assert np.array_equal(observations, np.stack([observation for observation, _ in expected]))
    assert np.array_equal(infos["action_mask"], np.stack([info["action_mask"] for _, info in expected]))
    chooser, ended = random.Random(3), 0
    for _ in range(60):
        actions = np.array([chooser.choice(np.flatnonzero(mask)) for mask in infos["action_mask"]])
        observations, rewards, terminations, truncations, infos = tables.step(actions)
        for row, single in enumerate(singles):
            observation, reward, terminated, truncated, info = single.step(actions[row])
            assert not truncated
            assert reward == rewards[row] and terminated == terminations[row] and not truncations[row]
            if terminated:
                ended += 1
                observation, info = single.reset()
            assert np.array_equal(observation, observations[row])
            assert np.array_equal(info["action_mask"], infos["action_mask"][row])
    assert ended > 0


def test_final_observations_when_asked_for() -> None:
    tables = vector_env("draw", 4, players=2, final_observations=True, seat=0)
    single = single_agent("draw", players=2, seat=0)
    _, infos = tables.reset(seed=1)
    single.reset(seed=1)
    seen = False
    for _ in range(30):
        actions = np.array([np.flatnonzero(mask)[-1] for mask in infos["action_mask"]])
        _, _, terminations, _, infos = tables.step(actions)
        final, _, done, _, _ = single.step(actions[0])
        if terminations.any():
            assert np.array_equal(infos["_final_obs"], terminations)
            seen = True
        if done:
            assert np.array_equal(infos["final_obs"][0], final)
            single.reset()
    assert seen


def test_gymnasium_vector_conventions() -> None:
    tables = vector_env("pineapple", 3, players=3)
    assert tables.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    observations, infos = tables.reset(seed=[5, None, 7])
    assert tables.observation_space.contains(observations)
    assert infos["action_mask"].dtype == np.bool_ and infos["action_mask"].any(axis=1).all()
    with pytest.raises(IllegalIndex, match="one integer index per table"):
        tables.step(np.zeros(2, np.int64))
    illegal = np.array([np.flatnonzero(~mask)[0] for mask in infos["action_mask"]])
    with pytest.raises(IllegalIndex, match="the learner may take one of the indices"):
        tables.step(illegal)
    with pytest.raises(ValueError, match="3 tables take 3 seeds"):
        tables.reset(seed=[1])
    with pytest.raises(RuntimeError, match="call reset"):
        vector_env("draw", 2).step(np.ones(2, np.int64))


def test_self_play_plays_every_seat_and_rewards_every_seat_at_the_end() -> None:
    game = homegame.new_game("draw", players=3)
    tables = SelfPlay(game, 5)
    observations, masks, seats = tables.reset(seed=2)
    chooser, deals = random.Random(2), 0
    acted: set[int] = set()
    for _ in range(200):
        acted.update(seats.tolist())
        actions = np.array([chooser.choice(np.flatnonzero(mask)) for mask in masks])
        observations, masks, seats, rewards, terminations = tables.step(actions)
        assert np.array_equal(rewards[~terminations], np.zeros_like(rewards[~terminations]))
        for row in np.flatnonzero(terminations):
            assert rewards[row].sum() == 0
            deals += 1
        assert masks.any(axis=1).all()
    assert deals > 10 and acted == {0, 1, 2}
    encoding = tables.encoding
    state = tables._states[0]
    assert state is not None
    assert np.array_equal(observations[0], encoding.observe(state.view(int(seats[0]))))
