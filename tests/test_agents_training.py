"""The built-in trainer and learned policies: the gradient worked out by hand against a numerical
one, a policy seated as a bot and in ``homegame tournament --policy``, saving and loading, and (slow)
a run of the documented training that beats the random player."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

import homegame
from homegame.cli import main

pytest.importorskip("gymnasium", reason="the agents extra is not installed")

from homegame.agents.policy import PolicyBot
from homegame.agents.train import MaskedPolicy, _gradients, _masked_softmax, train


def test_the_hand_worked_gradient_matches_a_numerical_one() -> None:
    rng = np.random.default_rng(0)
    layers = [(rng.normal(0, 0.5, (6, 5)), rng.normal(0, 0.1, 5)),
              (rng.normal(0, 0.5, (5, 4)), rng.normal(0, 0.1, 4))]
    policy = MaskedPolicy(layers)
    observations = rng.normal(size=(7, 6))
    masks = rng.random((7, 3)) > 0.3
    masks[:, 0] = True
    chosen = np.array([np.flatnonzero(mask)[-1] for mask in masks])
    rows = np.arange(7)
    old = np.log(_masked_softmax(policy.logits(observations)[0], masks)[rows, chosen]) + rng.normal(0, 0.1, 7)
    gains, returns = rng.normal(size=7), rng.normal(size=7)

    def loss() -> float:
        logits, values, _ = policy.logits(observations)
        chances = _masked_softmax(logits, masks)
        ratio = np.exp(np.log(chances[rows, chosen]) - old)
        surrogate = -np.minimum(ratio * gains, np.clip(ratio, 0.8, 1.2) * gains).mean()
        logs = np.log(np.where(masks, chances, 1.0))
        spread = -(chances * logs).sum(axis=1).mean()
        return float(surrogate + 0.5 * ((values - returns) ** 2).mean() - 0.01 * spread)

    gradients = _gradients(policy, observations, masks, chosen, old, gains, returns, 0.2, 0.01)
    for parameter, gradient in zip([a for layer in layers for a in layer], gradients, strict=True):
        for index in np.ndindex(parameter.shape):
            kept = parameter[index]
            parameter[index] = kept + 1e-6
            up = loss()
            parameter[index] = kept - 1e-6
            down = loss()
            parameter[index] = kept
            assert (up - down) / 2e-6 == pytest.approx(gradient[index], abs=1e-7)


def test_a_trained_policy_saves_loads_and_plays_as_a_bot(tmp_path: Path) -> None:
    result = train("draw", players=2, updates=2, tables=8, steps=8, seed=3)
    assert result.steps == 2 * 8 * 8 and len(result.rewards) == 2
    path = str(tmp_path / "policy.npz")
    result.policy.save(path)
    loaded = MaskedPolicy.load(path)
    assert loaded.observation_options == {"scale_chips": True, "canonical": True}
    game = homegame.new_game("draw", players=2)
    state = game.deal(seed=4)
    bot = loaded.as_bot(game)
    while not state.is_over:
        seat = state.to_act[0]
        expected = result.policy.as_bot(game).act(state.view(seat), state.legal_actions(seat))
        action = bot.act(state.view(seat), state.legal_actions(seat))
        assert action == expected and action in state.legal_actions(seat)
        state.apply(seat, action)


def test_a_policy_that_picks_an_illegal_index_is_refused() -> None:
    game = homegame.new_game("soko", players=2)
    bot = PolicyBot(game, lambda observation, mask: int(np.flatnonzero(~mask)[0]))
    state = game.deal(seed=1)
    seat = state.to_act[0]
    with pytest.raises(homegame.agents.IllegalIndex, match="the policy chose"):
        bot.act(state.view(seat), state.legal_actions(seat))


POLICY_MODULE = '''
import numpy as np
from homegame.agents import learned_policy

@learned_policy(canonical=True)
def calls(observation, action_mask):
    """Check or call when it may, else the first legal index."""
    return 1 if action_mask[1] else int(np.flatnonzero(action_mask)[0])

plain = calls.function
'''


def test_the_tournament_seats_a_policy_by_module_and_name(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "my_calls.py").write_text(POLICY_MODULE)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", ["", *sys.path])
    assert main(["tournament", "draw", "--players", "2", "--policy", "my_calls:calls", "--bots",
                 "random", "--deals", "20", "--seed", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [s["bot"] for s in result["standings"]] == ["policy", "random"]
    assert result["differences"][0]["margin"] > 0
    for bad, message in (("my_calls:plain", "has no as_bot"), ("my_calls:nothing", "has no 'nothing'"),
                         ("no_such_module:x", "cannot import"), ("my_calls", "MODULE:NAME")):
        assert main(["tournament", "draw", "--players", "2", "--policy", bad, "--deals", "1"]) == 2
        assert message in capsys.readouterr().err


@pytest.mark.slow
def test_the_documented_training_beats_the_random_player() -> None:
    """docs/agents.md's run, shortened: heads-up Draw against the random player."""
    from homegame.analysis.tournament import tournament

    result = train("draw", players=2, opponents="random", updates=60, tables=64, steps=32, seed=0)
    assert result.rewards[-1] > result.rewards[0]
    standing = tournament("draw", ["policy", "random"], deals=400, seed=2, players=2,
                          policies={"policy": result.policy})
    lead = standing.differences[0]
    assert lead.mean - lead.margin > 0
