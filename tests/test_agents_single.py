"""One learner seat as a Gymnasium environment: Gymnasium's own checker, the opponents (bots playing
every bet size, policies), the observation options, matches with the stacks carried, seeding and
refusals."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import homegame
from agents_cases import CASES, Case, case_id
from homegame.agents import IllegalIndex, encoding_for
from homegame.bots import Bot, make_bot
from homegame.engine import Action, ActionSet, Game

gymnasium = pytest.importorskip("gymnasium", reason="the agents extra is not installed")
from gymnasium.utils import env_checker, passive_env_checker  # noqa: E402

from homegame.agents import single_agent  # noqa: E402
from homegame.agents.single import SingleAgentEnv  # noqa: E402


def play(table: SingleAgentEnv, chooser: random.Random, seed: int | None = None) -> tuple[float, int]:
    """One episode by random legal indices: the rewards' sum and the steps taken."""
    observation, info = table.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        assert table.observation_space.contains(observation)
        mask = info["action_mask"]
        assert np.array_equal(mask, table.action_masks()) and mask.any()
        observation, reward, done, truncated, info = table.step(chooser.choice(np.flatnonzero(mask)))
        total += reward
        steps += 1
        assert not truncated
    assert not table.action_masks().any()
    return total, steps


def check_with_gymnasium(table: SingleAgentEnv, chooser: random.Random) -> None:
    """Gymnasium's checks of an environment, stepping by legal indices (its ``check_env`` steps
    with unmasked samples of the action space, which a masked environment refuses)."""
    env_checker.check_reset_return_type(table)
    env_checker.check_reset_seed_determinism(table)
    env_checker.check_reset_options(table)
    passive_env_checker.check_space(table.observation_space, "observation",
                                    passive_env_checker._check_box_observation_space)
    passive_env_checker.check_space(table.action_space, "action",
                                    passive_env_checker._check_box_action_space)
    _, info = passive_env_checker.env_reset_passive_checker(table, seed=2)
    done = False
    while not done:
        action = chooser.choice(np.flatnonzero(info["action_mask"]))
        _, _, done, _, info = passive_env_checker.env_step_passive_checker(table, action)


@pytest.mark.parametrize("case", CASES[::2], ids=case_id)
def test_gymnasiums_checks_pass_and_random_play_ends(case: Case) -> None:
    name, players, variants, settings = case
    table = single_agent(name, players=players, variants=variants, **settings)
    chooser = random.Random(1)
    check_with_gymnasium(table, chooser)  # it warns of the observations' unbounded space
    for seed in range(3):
        play(table, chooser, seed)


class Counting(Bot):
    """The random bot, counting the bets it makes that no index names."""

    def __init__(self, game: Game) -> None:
        super().__init__(seed=1)
        self.inner, self.encoding = make_bot(game.name, "random", seed=5), encoding_for(game)
        self.unnamed = 0

    def act(self, view: Any, legal: ActionSet) -> Action:
        action = self.inner.act(view, legal)
        self.unnamed += self.encoding.encode(view, legal, action) is None
        return action


def test_a_bots_bet_of_any_size_is_played_as_it_chose() -> None:
    """The random bot bets amounts no bet-size index names; the table plays them all."""
    game = homegame.new_game("draw", players=2, limit="no")
    bot = Counting(game)
    table = single_agent(game, opponents=bot, seat=0)
    chooser = random.Random(2)
    for seed in range(40):
        play(table, chooser, seed)
    assert bot.unnamed > 10


def test_opponents_by_name_by_policy_and_one_per_seat() -> None:
    called: list[int] = []

    def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
        called.append(observation.shape[0])
        return int(np.flatnonzero(mask)[0])

    table = single_agent("pineapple", players=3, opponents=["best", first_legal])
    play(table, random.Random(3), seed=3)
    assert called and set(called) == {table.observation_space.shape[0]}
    for spec in ("best", "always-raise", "search:20"):
        play(single_agent("soko", players=2, opponents=spec), random.Random(4), seed=4)
    with pytest.raises(ValueError, match="3 seats take 2 opponents, not 1"):
        single_agent("draw", players=3, opponents=["random"])
    with pytest.raises(homegame.GameError, match="no bot called"):
        single_agent("draw", players=2, opponents="nobody")


def test_a_seed_replays_the_episode_and_the_seat_moves_unless_fixed() -> None:
    first, second = single_agent("draw", players=4, opponents="best"), \
        single_agent("draw", players=4, opponents="best")
    runs = [[play(table, random.Random(9), seed=seed) for seed in range(5)] for table in (first, second)]
    assert runs[0] == runs[1]
    seats = {first.reset(seed=seed)[1]["seat"] for seed in range(12)}
    assert len(seats) > 1
    fixed = single_agent("draw", players=4, seat=2)
    assert {fixed.reset(seed=seed)[1]["seat"] for seed in range(6)} == {2}


def test_a_deal_the_learner_never_acts_in_is_not_an_episode() -> None:
    """Heads-up, an opponent that folds at once ends deals before the learner acts when it is
    first to act; every episode still opens on a decision of the learner's."""
    def fold(observation: np.ndarray, mask: np.ndarray) -> int:
        return 0 if mask[0] else int(np.flatnonzero(mask)[0])

    table = single_agent("pineapple", players=2, opponents=fold, seat=0)
    for seed in range(10):
        _, info = table.reset(seed=seed)
        assert info["action_mask"].any()


def passive_match(table: SingleAgentEnv, seed: int) -> float:
    """A match in which the learner checks or calls whenever it may: the rewards' sum."""
    _, info = table.reset(seed=seed)
    total, done = 0.0, False
    while not done:
        mask = info["action_mask"]
        _, reward, done, _, info = table.step(1 if mask[1] else int(np.flatnonzero(mask)[0]))
        total += reward
    return total


def test_a_match_carries_the_stacks_until_its_last_deal_or_someone_is_out() -> None:
    table = single_agent("draw", players=2, opponents="always-call", deals=12, seat=0, stack=60)
    total = passive_match(table, seed=1)
    stacks = table.table.stacks
    assert table.table.played == 12 and stacks is not None and sum(stacks) == 120
    assert total == stacks[0] - 60 != 0
    table = single_agent("draw", players=2, opponents="always-raise", deals=200, seat=0, stack=30)
    total = passive_match(table, seed=2)
    stacks = table.table.stacks
    assert stacks is not None and 1 < table.table.played < 200 and sorted(stacks) == [0, 60]
    assert total == stacks[0] - 30


def test_a_match_of_a_game_without_chips_lasts_its_deals() -> None:
    table = single_agent("papayoo", players=3, deals=2)
    total, _ = play(table, random.Random(6), seed=6)
    assert table.table.played == 2 and -500 <= total <= 0


def test_scaled_chips_and_canonical_hands() -> None:
    game = homegame.new_game("draw", players=2, stack=200)
    plain = encoding_for(game)
    scaled = encoding_for(game, scale_chips=True, canonical=True)
    state = game.deal(seed=3, dealer=0)
    view = state.view(1)
    raw, changed = plain.observe(view), scaled.observe(view)
    money = slice(plain.money.seats, plain.money.pot + 2)
    assert np.allclose(changed[money] * 200, raw[money])
    hand = plain.layout.split(changed)["hand"]
    shown = [plain.vocabulary.cards[int(np.flatnonzero(row)[0])] for row in hand]
    assert shown == sorted(view.hand, reverse=True)
    table = single_agent(game, opponents="always-call", scale_chips=True, canonical=True, seat=0)
    observation, _ = table.reset(seed=1)
    assert observation[plain.money.seats] == pytest.approx((200 - 1) / 200)


@pytest.mark.parametrize("name", ["draw", "pineapple", "anaconda", "whiskey", "paiute", "pai_gow",
                                  "open_face", "chinese", "papayoo"])
def test_a_canonical_index_names_the_same_cards_whatever_the_deal_order(name: str) -> None:
    """Every legal index of a canonical encoding decodes to a legal action, and the same cards
    dealt in another order give the same observation and the same moves."""
    game = homegame.new_game(name, players=homegame.GAMES[name].players[0] if name != "pai_gow" else 1)
    encoding = encoding_for(game, canonical=True)
    chooser = random.Random(8)
    for seed in range(3):
        state = game.deal(seed=seed, dealer=0)
        steps = 0
        while not state.is_over and steps < 60:
            seat = min(state.to_act)
            view, legal = state.view(seat), state.legal_actions(seat)
            indices = encoding.legal_indices(view, legal)
            sample = indices if len(indices) < 200 else chooser.sample(indices, 200)
            for index in sample:
                assert encoding.decode(view, legal, index) in legal
            state.apply(seat, encoding.decode(view, legal, chooser.choice(indices)))
            steps += 1


def test_misuse_gets_a_clear_error() -> None:
    table = single_agent("draw", players=2, seat=0)
    with pytest.raises(RuntimeError, match="call reset"):
        table.step(1)
    _, info = table.reset(seed=1)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    with pytest.raises(IllegalIndex, match="the learner may take one of the indices"):
        table.step(illegal)
    with pytest.raises(ValueError, match="takes no players"):
        single_agent(homegame.new_game("draw", players=2), players=3)
    with pytest.raises(ValueError, match="render_mode"):
        single_agent("draw", players=2, render_mode="rgb_array")


def test_render_shows_the_learners_seat() -> None:
    table = single_agent("soko", players=3, render_mode="ansi", seat=1)
    table.reset(seed=2)
    text = table.render()
    assert isinstance(text, str) and "Soko" in text


def test_the_random_opponent_chooses_as_randrange_would() -> None:
    """Its draw is made as Python's randrange makes it, so a seed plays the same actions: no-limit
    Draw offers counts of actions that are no power of two, which a draw must sometimes retry."""
    from homegame.agents.table import RandomOpponent

    game = homegame.new_game("draw", players=3, limit="no")
    opponent, reference = RandomOpponent(), random.Random()
    opponent.seed(5)
    reference.seed(5)
    counts: set[int] = set()
    for seed in range(20):
        state = game.deal(seed=seed, dealer=0)
        while not state.is_over:
            seat = min(state.to_act)
            legal = state.legal_actions(seat)
            counts.add(len(legal))
            action = opponent.act(state, seat)
            assert action == legal[reference.randrange(len(legal))]
            state.apply(seat, action)
    assert any(count & (count - 1) for count in counts)
