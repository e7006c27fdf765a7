"""A small trainer built in: masked PPO on the vector environment, with numpy alone.

Why built in rather than sb3-contrib's MaskablePPO: sb3-contrib needs PyTorch, which from PyPI
brings its CUDA libraries (gigabytes) to a machine that will train a two-layer network on a CPU;
this trainer is some two hundred lines of numpy, steps the compiled vector environment directly
(no wrapper between the tables and the batch), and its runs are reproducible from a seed. The
environments work with sb3-contrib all the same (``single_agent`` offers ``action_masks()``), for
those who have PyTorch.

The policy is a multi-layer perceptron (``hidden`` units per layer, tanh) with a policy head over
the action indices and a value head; illegal indices get no probability (their logits are set to
minus infinity before the softmax). Training is PPO's: ``steps`` steps of every table, advantages
by generalised advantage estimation, then ``epochs`` passes of clipped policy-gradient updates
in minibatches with Adam, the value fitted alongside, an entropy bonus keeping the policy open.

>>> from homegame.agents.train import train
>>> result = train("draw", players=2, opponents="random", updates=2, tables=16, steps=16, seed=1)
>>> policy = result.policy
>>> import numpy as np
>>> mask = np.zeros(38, bool); mask[[0, 1]] = True
>>> policy(np.zeros(policy.inputs, np.float32), mask) in (0, 1)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import numpy as np
import numpy.typing as npt

from homegame.agents.single import OpponentSpec
from homegame.agents.vector import vector_env
from homegame.bots import Bot
from homegame.engine import Game

__all__ = ["MaskedPolicy", "Training", "train"]

Array = npt.NDArray[np.floating[Any]]


class MaskedPolicy:
    """A trained policy: ``policy(observation, action_mask) -> index``, greedy (the likeliest legal
    index) unless ``sample`` is set. It is what ``homegame tournament --policy`` seats, and it
    saves and loads its weights (``save``, :meth:`load`) as a ``.npz`` file."""

    def __init__(self, layers: list[tuple[Array, Array]], *, sample: bool = False,
                 options: dict[str, Any] | None = None, seed: int = 0) -> None:
        self.layers = layers
        self.sample = sample
        self.observation_options: dict[str, Any] = dict(options or {})
        """The encoding options the policy was trained with (``scale_chips``, ``canonical``)."""
        self.inputs = layers[0][0].shape[0]
        self._random = np.random.default_rng(seed)

    def logits(self, observations: Array) -> tuple[Array, Array, list[Array]]:
        """The policy's logits and values for a batch, and each layer's activations."""
        activations = [observations]
        hidden = observations
        for weights, bias in self.layers[:-1]:
            hidden = np.tanh(hidden @ weights + bias)
            activations.append(hidden)
        weights, bias = self.layers[-1]
        out = hidden @ weights + bias
        return out[:, :-1], out[:, -1], activations

    def probabilities(self, observations: Array, masks: npt.NDArray[np.bool_]) -> Array:
        logits, _, _ = self.logits(observations)
        return _masked_softmax(logits, masks)

    def __call__(self, observation: npt.NDArray[Any], action_mask: npt.NDArray[Any]) -> int:
        mask = np.asarray(action_mask, bool)[None, :]
        chances = self.probabilities(np.asarray(observation, np.float64)[None, :], mask)[0]
        if self.sample:
            return int(self._random.choice(len(chances), p=chances))
        return int(np.argmax(np.where(mask[0], chances, -1.0)))

    def as_bot(self, game: Game, seed: int | None = None) -> Bot:
        """The policy as a bot of ``game`` (see :mod:`homegame.agents.policy`)."""
        from homegame.agents.policy import PolicyBot

        return PolicyBot(game, self, seed=seed, **self.observation_options)

    def save(self, path: str) -> None:
        arrays: dict[str, Any] = {f"{kind}{number}": array for number, layer in enumerate(self.layers)
                                  for kind, array in zip(("w", "b"), layer, strict=True)}
        arrays["options"] = np.array([self.observation_options.get("scale_chips", False),
                                      self.observation_options.get("canonical", False)])
        np.savez(path, **arrays)

    @classmethod
    def load(cls, path: str, *, sample: bool = False) -> MaskedPolicy:
        with np.load(path) as saved:
            count = sum(1 for name in saved.files if name.startswith("w"))
            layers = [(saved[f"w{n}"], saved[f"b{n}"]) for n in range(count)]
            scale, canonical = (bool(x) for x in saved["options"])
        return cls(layers, sample=sample, options={"scale_chips": scale, "canonical": canonical})


def _masked_softmax(logits: Array, masks: npt.NDArray[np.bool_]) -> Array:
    shown = np.where(masks, logits, -np.inf)
    shown -= shown.max(axis=1, keepdims=True)
    exp = np.exp(shown)
    return exp / exp.sum(axis=1, keepdims=True)  # type: ignore[no-any-return]


@dataclass
class Training:
    """What :func:`train` gives: the policy, and the mean reward per episode of each update."""

    policy: MaskedPolicy
    rewards: list[float] = field(default_factory=list)
    steps: int = 0


class _Adam:
    def __init__(self, parameters: list[Array], rate: float) -> None:
        self.parameters, self.rate = parameters, rate
        self.first = [np.zeros_like(p) for p in parameters]
        self.second = [np.zeros_like(p) for p in parameters]
        self.count = 0

    def step(self, gradients: list[Array]) -> None:
        self.count += 1
        correction = np.sqrt(1 - 0.999 ** self.count) / (1 - 0.9 ** self.count)
        for parameter, gradient, first, second in zip(self.parameters, gradients, self.first,
                                                      self.second, strict=True):
            first *= 0.9
            first += 0.1 * gradient
            second *= 0.999
            second += 0.001 * gradient * gradient
            parameter -= self.rate * correction * first / (np.sqrt(second) + 1e-8)


def train(game: str, *, players: int = 2, opponents: OpponentSpec | Sequence[OpponentSpec] = "random",
          updates: int = 200, tables: int = 128, steps: int = 32, hidden: Sequence[int] = (128, 128),
          rate: float = 3e-4, epochs: int = 4, minibatches: int = 4, clip: float = 0.2,
          discount: float = 1.0, smoothing: float = 0.95, entropy: float = 0.01,
          seed: int = 0, report: Callable[[int, float], None] | None = None,
          **settings: Any) -> Training:
    """Train a masked policy for one seat of ``game`` against ``opponents`` (see the module):
    ``updates`` rounds of ``steps`` steps at each of ``tables`` tables. Observations scale chips
    and list hands high to low (``scale_chips`` and ``canonical``); rewards are in stacks.
    ``report(update, mean_reward)`` is called after every update."""
    options = {"scale_chips": True, "canonical": True}
    envs = vector_env(game, tables, players=players, opponents=opponents, scale_chips=True, canonical=True,
                      **settings)
    rng = np.random.default_rng(seed)
    size, actions = envs.encoding.layout.size, envs.encoding.actions
    widths = [size, *hidden, actions + 1]
    layers: list[tuple[Array, Array]] = [
        (rng.normal(0, np.sqrt(1 / fan_in), (fan_in, fan_out)), np.zeros(fan_out))
              for fan_in, fan_out in pairwise(widths)]
    layers[-1][0][:] *= 0.01
    policy = MaskedPolicy(layers, options=options, seed=seed)
    adam = _Adam([array for layer in layers for array in layer], rate)
    result = Training(policy)
    observations, infos = envs.reset(seed=seed)
    observations, masks = observations.astype(np.float64), infos["action_mask"].copy()
    finished: list[float] = []
    running = np.zeros(tables)
    for update in range(updates):
        batch: dict[str, list[Any]] = {key: [] for key in ("obs", "mask", "act", "logp", "value",
                                                           "reward", "done")}
        for _ in range(steps):
            logits, values, _ = policy.logits(observations)
            chances = _masked_softmax(logits, masks)
            chosen = (chances.cumsum(axis=1) > rng.random((tables, 1))).argmax(axis=1)
            batch["obs"].append(observations)
            batch["mask"].append(masks)
            batch["act"].append(chosen)
            batch["logp"].append(np.log(chances[np.arange(tables), chosen] + 1e-12))
            batch["value"].append(values)
            next_obs, rewards, terminations, _, infos = envs.step(chosen)
            batch["reward"].append(rewards.copy())
            batch["done"].append(terminations.copy())
            running += rewards
            finished.extend(running[terminations].tolist())
            running[terminations] = 0.0
            observations, masks = next_obs.astype(np.float64), infos["action_mask"].copy()
        _, last_values, _ = policy.logits(observations)
        advantages, returns = _advantages(batch, last_values, discount, smoothing)
        _update(policy, adam, batch, advantages, returns, epochs, minibatches, clip, entropy, rng)
        result.steps += steps * tables
        mean = float(np.mean(finished)) if finished else 0.0
        result.rewards.append(mean)
        finished = []
        if report is not None:
            report(update, mean)
    return result


def _advantages(batch: dict[str, list[Any]], last: Array, discount: float,
                smoothing: float) -> tuple[Array, Array]:
    rewards, values = np.array(batch["reward"]), np.array(batch["value"])
    done = np.array(batch["done"], dtype=np.float64)
    advantages = np.zeros_like(rewards)
    running = np.zeros(rewards.shape[1])
    following = last
    for step in range(len(rewards) - 1, -1, -1):
        going = 1.0 - done[step]
        delta = rewards[step] + discount * following * going - values[step]
        running = delta + discount * smoothing * going * running
        advantages[step] = running
        following = values[step]
    return advantages, advantages + values


def _update(policy: MaskedPolicy, adam: _Adam, batch: dict[str, list[Any]], advantages: Array,
            returns: Array, epochs: int, minibatches: int, clip: float, entropy: float,
            rng: np.random.Generator) -> None:
    observations = np.concatenate(batch["obs"])
    masks = np.concatenate(batch["mask"])
    chosen = np.concatenate(batch["act"])
    old = np.concatenate(batch["logp"])
    flat_advantages, flat_returns = advantages.reshape(-1), returns.reshape(-1)
    count = len(chosen)
    for _ in range(epochs):
        order = rng.permutation(count)
        for part in np.array_split(order, minibatches):
            gains = flat_advantages[part]
            gains = (gains - gains.mean()) / (gains.std() + 1e-8)
            adam.step(_gradients(policy, observations[part], masks[part], chosen[part], old[part],
                                 gains, flat_returns[part], clip, entropy))


def _gradients(policy: MaskedPolicy, observations: Array, masks: npt.NDArray[np.bool_],
               chosen: npt.NDArray[np.int64], old: Array, gains: Array, returns: Array, clip: float,
               entropy: float) -> list[Array]:
    """The gradient of PPO's loss (clipped surrogate, half the squared value error, minus the
    entropy bonus) with respect to every weight and bias, worked out by hand."""
    logits, values, activations = policy.logits(observations)
    chances = _masked_softmax(logits, masks)
    rows = np.arange(len(chosen))
    logp = np.log(chances[rows, chosen] + 1e-12)
    ratio = np.exp(logp - old)
    unclipped = (ratio >= 1 - clip) & (ratio <= 1 + clip) | ((ratio < 1 - clip) & (gains < 0)) | \
        ((ratio > 1 + clip) & (gains > 0))
    count = len(chosen)
    # d(loss)/d(logp of the chosen index), per row, where the surrogate is not clipped.
    dlogp = np.where(unclipped, -gains * ratio, 0.0) / count
    one_hot = np.zeros_like(chances)
    one_hot[rows, chosen] = 1.0
    dlogits = dlogp[:, None] * (one_hot - chances)
    logs = np.log(np.where(masks, chances, 1.0))
    spread = (chances * logs).sum(axis=1, keepdims=True)
    dlogits += entropy * chances * (logs - spread) / count
    dlogits = np.where(masks, dlogits, 0.0)
    dvalues = (values - returns) / count
    upstream = np.concatenate([dlogits, dvalues[:, None]], axis=1)
    gradients: list[Array] = []
    for depth in range(len(policy.layers) - 1, -1, -1):
        weights, _ = policy.layers[depth]
        below = activations[depth]
        gradients[:0] = [below.T @ upstream, upstream.sum(axis=0)]
        if depth:
            upstream = (upstream @ weights.T) * (1 - below * below)
    return gradients
