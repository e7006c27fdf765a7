"""Every game as an OpenSpiel game: OpenSpiel's random-simulation test, agreement with the engine
(player to move, legal actions, chance, returns), its MCTS and ISMCTS bots playing a deal, no
leak through observations or information states, and sampling of deals a seat cannot tell apart."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

import homegame
from agents_cases import CASES, Case, case_id
from homegame.agents import encoding_for
from homegame.cards import Card, parse_cards
from homegame.engine import Chance
from homegame.games import new_game

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra (open_spiel) is not installed")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from homegame.agents.openspiel import HISTORY, HomegameState  # noqa: E402
from homegame.agents.resample import resample, seen_cards  # noqa: E402


def load(case: Case, **more: Any) -> Any:
    name, players, variants, settings = case
    return pyspiel.load_game(f"homegame_{name}", {"players": players, "variants": ",".join(variants),
                                                  **settings, **more})


def deal(game: Any, chooser: random.Random) -> HomegameState:
    state = game.new_initial_state()
    while state.is_chance_node():
        chance(state, chooser)
    return state


def chance(state: Any, chooser: random.Random) -> None:
    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
    assert abs(sum(weights) - 1) < 1e-9
    state.apply_action(chooser.choices(outcomes, weights)[0])


@pytest.mark.parametrize("name", sorted(homegame.GAMES))
def test_openspiel_random_simulation_passes(name: str) -> None:
    parameters: dict[str, Any] = {"players": max(2, homegame.GAMES[name].players[0])}
    if name == "paiute":  # its deals run to ~300 actions, each cloned and replayed: bound it
        parameters["max_actions"] = 120
    game = pyspiel.load_game(f"homegame_{name}", parameters)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_openspiel_and_the_engine_agree(case: Case) -> None:
    game = load(case)
    chooser = random.Random(3)
    state = deal(game, chooser)
    world = state.world
    indices: list[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            chance(state, chooser)
            continue
        engine = world.state
        seat = min(engine.to_act)
        assert state.current_player() == seat
        view, legal = engine.view(seat), engine.legal_actions(seat)
        expected = world.encoding.legal_indices(view, legal)
        assert state.legal_actions() == expected
        assert all(state.legal_actions(other) == [] for other in range(game.num_players()) if other != seat)
        index = chooser.choice(expected)
        indices.append(index)
        state.apply_action(index)
    outcome = world.state.outcome
    sign = -1 if world.game.score_is_penalty else 1
    assert state.returns() == [sign * outcome[seat] for seat in range(game.num_players())]
    again = world.game.deal(deck=world.deck, dealer=0, chance=Chance.replaying(world.draws))
    for seat, action, _ in world.actions:
        again.apply(seat, action)
    assert again.history.to_json() == world.state.history.to_json()
    assert [index for _, _, index in world.actions] == indices


def test_chance_deals_every_card_with_its_probability() -> None:
    game = pyspiel.load_game("homegame_draw", {"players": 2, "variants": "wild"})
    state = game.new_initial_state()
    outcomes = dict(state.chance_outcomes())
    vocabulary = state.world.encoding.vocabulary
    joker = vocabulary.index(parse_cards("Jk")[0])
    assert len(outcomes) == 53 and outcomes[joker] == pytest.approx(2 / 54)
    state.apply_action(joker)
    assert dict(state.chance_outcomes())[joker] == pytest.approx(1 / 53)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, joker) == "deal Jk"


def test_the_die_and_a_reshuffle_are_chance_nodes() -> None:
    game = pyspiel.load_game("homegame_papayoo", {"players": 3})
    state = deal(game, random.Random(1))
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.chance_outcomes() == [(face, 0.25) for face in range(4)]
    assert state.world.view(0).papayoo is None
    state.apply_action(2)
    assert str(state.world.view(0).papayoo) == "7h"
    paiute = pyspiel.load_game("homegame_paiute", {"players": 2})
    chooser = random.Random(3)
    state = deal(paiute, chooser)
    while not state.is_chance_node():
        assert not state.is_terminal(), "the stock ran out without a reshuffle"
        legal = state.legal_actions()
        state.apply_action(0 if 0 in legal else chooser.choice([i for i in legal if i < 8]))  # no calls
    size = state.world.pending.size
    assert state.chance_outcomes() == [(i, 1 / size) for i in range(size)]
    while state.is_chance_node():
        chance(state, chooser)
    assert len(state.world.draws) == 1 and sorted(state.world.draws[0]) == list(range(size))
    assert state.world.state.view(0).rebuilds == 1


def test_a_chance_outcome_not_offered_is_refused_and_changes_nothing() -> None:
    game = pyspiel.load_game("homegame_papayoo", {"players": 3})
    state = game.new_initial_state()
    for outcome in (-2, 10**6):
        with pytest.raises(ValueError, match="is not a chance outcome here"):
            state.apply_action(outcome)
    first = state.chance_outcomes()[0][0]
    state.apply_action(first)
    before = state.serialize()
    with pytest.raises(ValueError, match="a card still to deal"):
        state.apply_action(first)  # dealt already
    assert state.serialize() == before
    state = deal(game, random.Random(1))
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    before = state.serialize()
    with pytest.raises(ValueError, match="a face of the 4-sided die, 0 to 3"):
        state.apply_action(4)
    assert state.serialize() == before and state.is_chance_node()
    state.apply_action(3)
    while not state.is_terminal():
        chosen = state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0]
        state.apply_action(chosen)
    with pytest.raises(ValueError, match="the deal is over"):
        state.apply_action(0)


@pytest.mark.parametrize("params", [{"dealer": 5}, {"dealer": -1}, {"max_actions": -3}])
def test_bad_game_parameters_are_refused_when_the_game_is_loaded(params: dict[str, int]) -> None:
    with pytest.raises(ValueError, match=r"dealer is a seat|max_actions is 0"):
        pyspiel.load_game("homegame_draw", {"players": 2, **params})


def play_with_bots(game: Any, seed: int) -> list[float]:
    """One deal: even seats search with MCTS, odd seats with ISMCTS."""
    generator = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=generator)
    bots = [mcts.MCTSBot(game, uct_c=2, max_simulations=3, evaluator=evaluator, solve=False,
                         random_state=generator),
            ismcts.ISMCTSBot(game, evaluator, uct_c=2, max_simulations=3, max_world_samples=2,
                             random_state=generator)]
    state = game.new_initial_state()
    chooser = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            chance(state, chooser)
            continue
        bot = bots[state.current_player() % 2]
        bot.reset() if isinstance(bot, ismcts.ISMCTSBot) else None
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    returns: list[float] = state.returns()
    return returns


@pytest.mark.parametrize("name", sorted(homegame.GAMES))
def test_mcts_and_ismcts_play_a_deal(name: str) -> None:
    parameters: dict[str, Any] = {"players": max(2, homegame.GAMES[name].players[0])}
    if name == "paiute":  # every Paiute view names the best combination (~1 ms): a shorter deal
        parameters["max_actions"] = 24
    game = pyspiel.load_game(f"homegame_{name}", parameters)
    returns = play_with_bots(game, seed=1)
    low, high = game.min_utility(), game.max_utility()
    assert len(returns) == game.num_players() and all(low <= r <= high for r in returns)


def test_a_paiute_deal_reaching_the_bound_is_void() -> None:
    game = pyspiel.load_game("homegame_paiute", {"players": 2, "max_actions": 10})
    state = deal(game, random.Random(2))
    for _ in range(10):
        assert not state.is_terminal()
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.returns() == [0.0, 0.0] and game.max_game_length() == 10


# -- what a seat may know --------------------------------------------------------------------------


def stacked(game: Any, deck: list[Card]) -> HomegameState:
    state = game.new_initial_state()
    vocabulary = state.world.encoding.vocabulary
    while not state.world.dealt:
        state.apply_action(vocabulary.index(deck[len(state.world.deck)]))
    return state


def observed(state: Any, seat: int) -> tuple[Any, ...]:
    return (tuple(state.observation_tensor(seat)), tuple(state.information_state_tensor(seat)),
            state.observation_string(seat), state.information_state_string(seat))


@pytest.mark.parametrize("name", sorted(homegame.GAMES))
def test_no_observation_or_information_state_tells_two_deals_apart(name: str) -> None:
    players = max(3, homegame.GAMES[name].players[0]) if homegame.GAMES[name].players[-1] >= 3 else 2
    game = pyspiel.load_game(f"homegame_{name}", {"players": players})
    compared = 0
    for seed in range(3):
        first = deal(game, random.Random(seed))
        engine = first.world.state
        unseen = [c for c in dict.fromkeys(first.world.deck)
                  if not seen_cards(engine, 0)[c] and first.world.deck.count(c) == 1]
        held = [c for c in unseen if seen_cards(engine, 1)[c]] or unseen
        other = next(c for c in unseen if c != held[0])
        deck = [other if c == held[0] else held[0] if c == other else c for c in first.world.deck]
        second = stacked(game, deck)
        chooser = random.Random(seed)
        while True:
            events = [[e.to_json() for e in s.world.state.history.seen_by(0)] for s in (first, second)]
            if events[0] != events[1] or any(s.is_terminal() or s.is_chance_node() for s in (first, second)):
                break
            assert observed(first, 0) == observed(second, 0)
            compared += 1
            common = sorted(set(first.legal_actions()) & set(second.legal_actions()))
            if first.current_player() != second.current_player() or not common:
                break
            index = chooser.choice(common)
            first.apply_action(index)
            second.apply_action(index)
    assert compared >= 3


def test_the_information_state_tensor_holds_the_actions_seen() -> None:
    game = pyspiel.load_game("homegame_pineapple", {"players": 3})
    state = deal(game, random.Random(4))
    played = []
    while len(played) < 3 and not state.is_terminal():
        played.append((state.current_player(), state.legal_actions()[-1]))
        state.apply_action(played[-1][1])
    size = len(state.observation_tensor(0))
    rows = np.array(state.information_state_tensor(0)[size:]).reshape(HISTORY, 4)
    assert [(int(np.argmax(r[:3])), int(r[3]) - 1) for r in rows[-len(played):]] == \
        [((seat - 0) % 3, index) for seat, index in played]
    assert not rows[:-len(played)].any()
    assert "log" in json.loads(state.information_state_string(0))
    assert "log" not in json.loads(state.observation_string(0))


@pytest.mark.parametrize("name", ["draw", "papayoo", "chinese", "whiskey", "anaconda", "pai_gow"])
def test_a_resampled_deal_looks_the_same_to_the_seat(name: str) -> None:
    players = {"pai_gow": 2, "chinese": 3}.get(name, 4)
    game = pyspiel.load_game(f"homegame_{name}", {"players": players})
    chooser = random.Random(5)
    state = deal(game, chooser)
    for _ in range(players * 12):
        if state.is_terminal():
            break
        if state.is_chance_node():
            chance(state, chooser)
        else:
            state.apply_action(chooser.choice(state.legal_actions()))
    while state.is_terminal() or state.is_chance_node():
        state = deal(game, chooser)
    seat = state.current_player()
    decks = set()
    for draw in range(6):
        sampled = state.resample_from_infostate(seat, lambda draw=draw: (draw + 0.5) / 6)
        assert sampled.information_state_string(seat) == state.information_state_string(seat)
        assert sampled.legal_actions() == state.legal_actions()
        decks.add(tuple(sampled.world.deck))
    assert len(decks) > 1, "every sample was the real deal"


def test_resampling_papayoo_respects_the_suits_a_seat_showed_out_of() -> None:
    game = new_game("papayoo", players=3)
    encoding = encoding_for(game)
    for seed in range(6):
        state = game.deal(seed=seed, dealer=0)
        chooser = random.Random(seed)
        while not state.is_over and len(state.view(0).tricks) < 12:
            seat = min(state.to_act)
            legal = state.legal_actions(seat)
            state.apply(seat, legal[chooser.randrange(len(legal))])
        if state.is_over or 0 not in state.to_act:
            continue
        for _ in range(5):
            deck, _ = resample(state, 0, chooser, deck=state.history.header["deck"],
                               limits=encoding.resample_limits(state, 0))
            assert Counter(deck) == Counter(game.deck)


def test_the_game_types_say_what_each_game_is() -> None:
    utilities = {name: pyspiel.load_game(f"homegame_{name}").get_type().utility for name in homegame.GAMES}
    assert utilities["papayoo"] == pyspiel.GameType.Utility.CONSTANT_SUM
    assert utilities["pai_gow"] == pyspiel.GameType.Utility.GENERAL_SUM
    assert utilities["draw"] == pyspiel.GameType.Utility.ZERO_SUM
    game = pyspiel.load_game("homegame_papayoo", {"players": 5})
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game.utility_sum() == -250 and game.num_distinct_actions() == 495 + 60
    with pytest.raises(Exception, match="takes 3 to 8 players"):
        pyspiel.load_game("homegame_papayoo", {"players": 2})
