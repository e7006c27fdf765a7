"""Duplicate tournaments: bots against bots on the same cards, seats rotated, so luck cancels.

Every deal of a tournament is played several times with the same deck and the same dealer, the bots
moving round the table between plays until each bot has sat in every seat equally often: with
``k`` bots at a table of ``n`` seats, ``lcm(k, n)`` plays of each deal. A bot's score for a deal is
its mean result per hand played; its standing is the mean of those scores over the deals with a
95% confidence interval (normal approximation, deals being independent), and the first bot's lead
over each other bot is taken deal by deal, which cancels the luck of the cards.

A player may also be a learned policy, or any object with a method ``as_bot(game, seed)`` that
seats it as a bot (``policies``, by the name it plays under: see :mod:`homegame.agents.policy`).

A deal is the unit of work, played by :func:`play_deal` from a :class:`DealSpec` that holds all it
needs (the game's configuration, the bots, the seed and the deal's number), so deals may run in
any order and anywhere: one after another, in a pool of processes (``workers``), or on a Ray
cluster (``ray_address``, the ``cluster`` extra). A seed gives the same table in every case.

>>> result = tournament("draw", ["heuristic", "random"], deals=4, seed=1)
>>> [standing.bot for standing in result.standings], result.hands
(['heuristic', 'random'], 8)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from homegame.analysis.intervals import mean_and_margin
from homegame.analysis.progress import Progress
from homegame.bots import Bot, ask, make_bot
from homegame.engine import Game
from homegame.errors import GameError
from homegame.games import game_class, new_game

__all__ = ["DealSpec", "Difference", "Standing", "Tournament", "play_deal", "tournament"]

@dataclass(frozen=True, slots=True)
class DealSpec:
    """Everything one deal of a tournament needs, as plain picklable data."""

    game: str
    players: int
    bots: tuple[str, ...]
    seed: int
    number: int
    variants: tuple[str, ...] = ()
    settings: Mapping[str, Any] = field(default_factory=dict)
    policies: Mapping[str, Any] = field(default_factory=dict)
    """Players that are not bots by name: objects with ``as_bot(game, seed)``, by name."""

    @property
    def plays(self) -> int:
        """How often the deal is played: until every bot has sat in every seat equally often."""
        return math.lcm(len(self.bots), self.players)


def play_deal(spec: DealSpec) -> list[tuple[int, int]]:
    """Play one deal of a tournament every way round; each bot's total result and hands played."""
    game = new_game(spec.game, players=spec.players, variants=spec.variants, **dict(spec.settings))
    deck_seed = spec.seed * 1_000_003 + spec.number
    totals = [(0, 0)] * len(spec.bots)
    for turn in range(spec.plays):
        lineup = [(seat + turn) % len(spec.bots) for seat in range(spec.players)]
        bots = [_seat(spec, game, spec.bots[index], (deck_seed * 1009 + turn) * 31 + seat)
                for seat, index in enumerate(lineup)]
        state = game.deal(seed=deck_seed, dealer=spec.number % spec.players)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, ask(bots[seat], state, seat))
        outcome = state.outcome
        for seat, index in enumerate(lineup):
            total, hands = totals[index]
            totals[index] = (total + int(outcome.get(seat, 0)), hands + 1)
    return totals


def _seat(spec: DealSpec, game: Game, name: str, seed: int) -> Bot:
    policy = spec.policies.get(name)
    if policy is not None:
        bot: Bot = policy.as_bot(game, seed=seed)
        return bot
    return make_bot(spec.game, name, seed=seed)


@dataclass(frozen=True, slots=True)
class Standing:
    """One bot's mean result per hand over the deals, with the half-width of its 95% interval."""

    bot: str
    mean: float
    margin: float

    def to_json(self) -> dict[str, Any]:
        return {"bot": self.bot, "mean": self.mean, "margin": self.margin}


@dataclass(frozen=True, slots=True)
class Difference:
    """How much better the first bot did than ``other``, per hand, deal by deal, with its 95% margin."""

    bot: str
    other: str
    mean: float
    margin: float

    def to_json(self) -> dict[str, Any]:
        return {"bot": self.bot, "other": self.other, "mean": self.mean, "margin": self.margin}


@dataclass(frozen=True, slots=True)
class Tournament:
    game: str
    players: int
    deals: int
    hands: int
    seed: int
    penalty: bool
    standings: tuple[Standing, ...]
    differences: tuple[Difference, ...]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "deals": self.deals, "hands": self.hands,
                "seed": self.seed, "lower_is_better": self.penalty,
                "standings": [s.to_json() for s in self.standings],
                "differences": [d.to_json() for d in self.differences]}


def tournament(game: str, bots: Sequence[str], *, deals: int, seed: int = 0, players: int | None = None,
               variants: Iterable[str] = (), settings: Mapping[str, Any] | None = None, workers: int = 1,
               ray_address: str | None = None, progress: Progress | None = None,
               policies: Mapping[str, Any] | None = None) -> Tournament:
    """A duplicate tournament of ``deals`` deals of ``game`` between ``bots`` (names for
    ``make_bot``, such as ``search``, ``search:500``, ``heuristic``, ``random``, or names of
    ``policies``: players seated by their ``as_bot(game, seed)``)."""
    if deals < 1:
        raise GameError("a tournament needs at least one deal")
    if not bots:
        raise GameError("a tournament needs at least one bot")
    if workers < 1:
        raise GameError(f"a tournament runs in one process or more, not {workers}")
    if workers > 1 and ray_address is not None:
        raise GameError("a tournament runs on a Ray cluster or in a pool of worker processes, not both: "
                        "the cluster gives each deal its own worker")
    seats = players or max(2, game_class(game).players[0])
    configured = new_game(game, players=seats, variants=variants, **dict(settings or {}))
    policies = dict(policies or {})
    for name, policy in policies.items():
        if not callable(getattr(policy, "as_bot", None)):
            raise GameError(f"the player {name!r} has no as_bot(game, seed) to seat it "
                            "(homegame.agents.learned_policy gives a policy function one)")
    for name in dict.fromkeys(bots):
        if name not in policies:
            make_bot(configured.name, name)  # refuse an unknown bot before any deal is played
    specs = [DealSpec(configured.name, configured.player_count, tuple(bots), seed, number,
                      tuple(sorted(configured.chosen_variants)), dict(settings or {}), policies)
             for number in range(deals)]
    results = _run(specs, workers=workers, ray_address=ray_address, progress=progress)
    return _summary(configured.name, specs, results, penalty=configured.score_is_penalty)


def _run(specs: list[DealSpec], *, workers: int, ray_address: str | None,
         progress: Progress | None) -> list[list[tuple[int, int]]]:
    def report(done: int) -> None:
        if progress is not None:
            progress(done, len(specs))

    if ray_address is not None:
        from homegame.analysis.cluster import run_on_ray

        return run_on_ray(play_deal, specs, ray_address, report)
    if workers <= 1:
        results = []
        for number, spec in enumerate(specs):
            results.append(play_deal(spec))
            report(number + 1)
        return results
    slots: list[list[tuple[int, int]] | None] = [None] * len(specs)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(play_deal, spec): index for index, spec in enumerate(specs)}
        for done, future in enumerate(as_completed(futures)):
            slots[futures[future]] = future.result()
            report(done + 1)
    return [result for result in slots if result is not None]


def _summary(game: str, specs: list[DealSpec], results: list[list[tuple[int, int]]], *,
             penalty: bool) -> Tournament:
    names = specs[0].bots
    unique = list(dict.fromkeys(names))
    scores: dict[str, list[float]] = {name: [] for name in unique}
    for totals in results:
        per_name: dict[str, tuple[int, int]] = {}
        for name, (total, hands) in zip(names, totals, strict=True):
            before = per_name.get(name, (0, 0))
            per_name[name] = (before[0] + total, before[1] + hands)
        for name, (total, hands) in per_name.items():
            scores[name].append(total / hands)
    standings = tuple(Standing(name, *mean_and_margin(values)) for name, values in scores.items())
    first = scores[unique[0]]
    differences = tuple(Difference(unique[0], other, *mean_and_margin(
        [mine - theirs for mine, theirs in zip(first, scores[other], strict=True)])) for other in unique[1:])
    hands = sum(spec.plays for spec in specs)
    return Tournament(game, specs[0].players, len(specs), hands, specs[0].seed, penalty, standings,
                      differences)
