"""Copies and pickles, in the plain and the compiled build alike (``make test-compiled`` runs this
file against the compiled wheel): every game's state, the PettingZoo environments bare and wrapped,
the single-agent and vector environments, and OpenSpiel's games and states. A copy is proven by
playing on: the copy and the original, given the same actions, go on identically (and so do their
random sources)."""

from __future__ import annotations

import copy
import copyreg
import pickle
import pkgutil
import random
from collections.abc import Callable
from dataclasses import is_dataclass
from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES
from importlib.util import find_spec
from typing import Any

import numpy as np
import pytest

import homegame
from agents_cases import CASES, Case, case_id, make

COPIERS: dict[str, Callable[[Any], Any]] = {
    "deepcopy": copy.deepcopy,
    "pickle": lambda value: pickle.loads(pickle.dumps(value)),
}
try:
    import cloudpickle

    COPIERS["cloudpickle"] = lambda value: cloudpickle.loads(cloudpickle.dumps(value))
except ImportError:  # cloudpickle is Ray's, the cluster extra's
    pass


def seen(state: Any) -> list[Any]:
    return [state.view(seat).to_json() for seat in [None, *range(state.players)]]


@pytest.mark.parametrize("copier", COPIERS)
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_copied_state_plays_on_as_the_original(case: Case, copier: str) -> None:
    state = make(case).deal(seed=3, dealer=0)
    chooser = random.Random(4)
    for _ in range(6):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    twin = COPIERS[copier](state)
    assert seen(twin) == seen(state)
    for _ in range(40):
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        assert twin.legal_actions(seat) == legal or list(twin.legal_actions(seat)) == list(legal)
        action = legal[chooser.randrange(len(legal))]
        state.apply(seat, action)
        twin.apply(seat, action)
        assert seen(twin) == seen(state)
    assert twin.is_over == state.is_over


def compiled_modules() -> list[str]:
    """The homegame modules this build imports from compiled extensions (none in plain Python)."""
    names = [module.name for module in pkgutil.walk_packages(homegame.__path__, "homegame.")]
    return [name for name in names if str((spec := find_spec(name)) and spec.origin).endswith(
        tuple(EXTENSION_SUFFIXES))]


def test_every_compiled_frozen_dataclass_is_copied_by_its_fields() -> None:
    """mypyc's own copy sets a frozen dataclass's fields one by one, which the class refuses: each
    one compiled is copied through its constructor instead (homegame._compile)."""
    compiled = compiled_modules()
    if not compiled:
        pytest.skip("plain Python: no module is compiled")
    missed = [f"{name}.{kind.__name__}" for name in compiled for kind in vars(import_module(name)).values()
              if isinstance(kind, type) and kind.__module__ == name and is_dataclass(kind)
              and kind.__dataclass_params__.frozen and kind not in copyreg.dispatch_table]  # type: ignore[attr-defined]
    assert not missed


agents = pytest.importorskip("homegame.agents.environment", reason="the agents extra is not installed")


def play_on(table: Any, chooser: random.Random, steps: int) -> list[Any]:
    """What an AEC environment shows over ``steps`` steps of random legal play (dealing again
    without a seed when a deal ends, from its own random source)."""
    shown: list[Any] = []
    for _ in range(steps):
        if not table.agents:
            table.reset()
        observation, reward, terminated, truncated, _ = table.last()
        shown.append((table.agent_selection, observation["observation"].tolist(), reward))
        table.step(None if terminated or truncated else
                   int(chooser.choice(np.flatnonzero(observation["action_mask"]))))
    return shown


@pytest.mark.parametrize("copier", COPIERS)
@pytest.mark.parametrize("wrapped", [False, True], ids=["raw_env", "env"])
@pytest.mark.parametrize("case", CASES[::4], ids=case_id)
def test_a_copied_environment_plays_on_as_the_original(case: Case, wrapped: bool, copier: str) -> None:
    from homegame.agents import env, raw_env

    name, players, variants, settings = case
    table = (env if wrapped else raw_env)(name, players, variants, **settings)
    table.reset(seed=5)
    play_on(table, random.Random(1), 5)
    twin = COPIERS[copier](table)
    assert play_on(twin, random.Random(2), 60) == play_on(table, random.Random(2), 60)


@pytest.mark.parametrize("copier", COPIERS)
def test_copied_single_agent_and_vector_environments_play_on_as_the_originals(copier: str) -> None:
    from homegame.agents import single_agent
    from homegame.agents.vector import vector_env

    single = single_agent("draw", players=3, opponents=["best", "random"], deals=3)
    single.reset(seed=2)
    twin = COPIERS[copier](single)
    for table in (single, twin):
        table.chooser = random.Random(3)  # type: ignore[attr-defined]
    for _ in range(40):
        results = []
        for table in (single, twin):
            legal = np.flatnonzero(table.action_masks())
            observation, reward, done, _, info = table.step(int(table.chooser.choice(legal)))  # type: ignore[attr-defined]
            if done:
                observation, info = table.reset()
            results.append((observation.tolist(), reward, done, info["seat"]))
        assert results[0] == results[1]
    tables = vector_env("pineapple", 4, players=3, opponents="best")
    _, infos = tables.reset(seed=1)
    copied = COPIERS[copier](tables)
    masks = [infos["action_mask"], infos["action_mask"].copy()]
    for _ in range(20):
        steps = []
        for number, table in enumerate((tables, copied)):
            actions = np.array([np.flatnonzero(mask)[-1] for mask in masks[number]])
            observations, rewards, terminations, _, step_infos = table.step(actions)
            masks[number] = step_infos["action_mask"].copy()
            steps.append((observations.tolist(), rewards.tolist(), terminations.tolist()))
        assert steps[0] == steps[1]


pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")


@pytest.mark.parametrize("copier", ["deepcopy", "pickle"])
@pytest.mark.parametrize("name", list(homegame.GAMES))
def test_openspiel_games_and_states_copy_and_pickle(name: str, copier: str) -> None:
    from homegame.agents.openspiel import GAME_CLASSES

    game = pyspiel.load_game(f"homegame_{name}", {"players": homegame.GAMES[name].players[0]})
    assert str(COPIERS[copier](game)) == str(game)
    direct = GAME_CLASSES[name]({"players": homegame.GAMES[name].players[0]})
    copied = COPIERS[copier](direct)
    assert type(copied) is GAME_CLASSES[name] and copied.table.config == direct.table.config
    state = game.new_initial_state()
    chooser = random.Random(6)
    dealt = len(state.world.game.deck)
    while len(state.history()) < dealt + 3 and not state.is_terminal():
        state.apply_action(chooser.choice(state.legal_actions()))
    twin = COPIERS[copier](state)
    assert str(twin) == str(state) and twin.history() == state.history()
    while not state.is_terminal():
        action = chooser.choice(state.legal_actions())
        state.apply_action(action)
        twin.apply_action(action)
    assert twin.is_terminal() and twin.returns() == state.returns()
