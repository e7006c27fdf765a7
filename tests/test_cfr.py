"""CFR+ and exact exploitability on the small forms of Soko, Draw and Pineapple (homegame.analysis.cfr,
.game_tree).

The default run solves the smallest forms (Soko: two ranks, one up card, one bet; Draw: four cards,
one a hand, one bet a round; Pineapple: six cards, two hole cards and one kept, a board of one card):
their trees are walked in seconds. The slow tests check the exploitability against OpenSpiel's own
code on the same games and solve larger forms (Soko with two betting rounds, Draw with two-card
hands from a deck of six, as Leduc is to hold'em).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from itertools import pairwise
from typing import Any

import numpy as np
import pytest

import homegame
from homegame.analysis.cfr import CFRPlus, best_response_value, exploitability, profile_value, strategy_of
from homegame.analysis.game_tree import CHANCE, TERMINAL, GameTree, Infoset
from homegame.bots.draw import HeuristicDrawBot
from homegame.bots.pineapple import HeuristicPineappleBot
from homegame.bots.soko import HeuristicSokoBot
from homegame.engine import Action
from homegame.errors import GameError

SMALL: dict[str, Any] = {"ranks": 2, "streets": 1, "limit": "fixed", "cap": 1}
"""Eight cards (kings and aces), a hole card and one up card each, one betting round, one bet."""
DRAW_TINY: dict[str, Any] = {"ranks": 2, "suits": 2, "hand_size": 1, "max_discard": 1, "limit": "fixed",
                             "cap": 1}
"""Four cards (the kings and aces of spades and hearts), one a hand, one card drawn, one bet a round."""
DRAW_LEDUC: dict[str, Any] = {**DRAW_TINY, "ranks": 3, "hand_size": 2}
"""Six cards (queens, kings and aces of spades and hearts), two a hand, one card drawn, one bet a round."""
PINEAPPLE_LEDUC: dict[str, Any] = {"ranks": 3, "suits": 2, "hole_cards": 2, "flop_cards": 1, "streets": 1,
                                   "limit": "fixed", "cap": 1}
"""Six cards, two hole cards each and one thrown, a burn card and a board of one card, one bet a round."""


@pytest.fixture(scope="module")
def tree() -> GameTree:
    return GameTree.build(homegame.new_game("soko", players=2, **SMALL))


def calling(infoset: Infoset) -> dict[Action, float]:
    """Never folds, never raises: checks, calls, or brings in."""
    return {next(a for a in infoset.actions if a.kind in ("check", "call", "bring-in")): 1.0}


def test_the_tree_holds_every_deal_once_with_its_chance(tree: GameTree) -> None:
    assert tree.deals == 8 * 7 * 6 * 5
    root_edges = tree.parent == 0
    assert tree.player[0] == CHANCE and np.isclose(tree.chance[root_edges].sum(), 1.0)
    assert set(np.unique(tree.player).tolist()) == {CHANCE, TERMINAL, 0, 1}
    tree.check_depths()
    # Every information set's actions are the legal actions of the view it is keyed by.
    for infoset in tree.infosets[:50]:
        assert json.loads(infoset.key)["seat"] == infoset.seat == infoset.view.seat


def test_a_seat_cannot_tell_apart_the_deals_its_view_does_not_show(tree: GameTree) -> None:
    """The first decision: the bring-in seeing its own hole card and both up cards. The other's
    hole card is hidden, so each first information set holds the deals that differ only there."""
    first = tree.child[tree.parent == 0]
    assert len(first) == tree.deals
    first_slots = [tree.slot[np.flatnonzero(tree.parent == node)[0]] for node in first]
    sizes = Counter(int(tree.infoset_of_slot[slot]) for slot in first_slots)
    assert set(sizes.values()) == {5}  # the other's hole card: any of the five cards this seat has not seen


def test_cfr_plus_drives_exploitability_towards_zero(tree: GameTree) -> None:
    solver = CFRPlus(tree)
    measured = [exploitability(tree, solver.average())]
    for iterations in (10, 50, 200):
        solver.iterate(iterations - solver.iterations)
        measured.append(exploitability(tree, solver.average()))
    assert measured[0] > 0.5
    assert all(later < earlier for earlier, later in pairwise(measured))
    assert 0 <= measured[-1] < 0.002


def test_each_seat_gains_at_least_the_games_value_by_its_best_response(tree: GameTree) -> None:
    solver = CFRPlus(tree)
    solver.iterate(100)
    strategy = solver.average()
    value = profile_value(tree, strategy)
    assert best_response_value(tree, strategy, 0) >= value - 1e-12
    assert best_response_value(tree, strategy, 1) >= -value - 1e-12


def test_a_player_who_always_calls_is_punished_by_the_best_response(tree: GameTree) -> None:
    """Never folding nor raising: the best response bets its good hands and folds its bad ones."""
    strategy = strategy_of(tree, calling)
    assert best_response_value(tree, strategy, 0) > profile_value(tree, strategy) + 0.1
    assert best_response_value(tree, strategy, 1) > -profile_value(tree, strategy) + 0.1


def sampled(bot: HeuristicSokoBot | HeuristicDrawBot | HeuristicPineappleBot,
            ) -> Callable[[Infoset], dict[Action, float]]:
    """A bot's policy, its mixed choices estimated from 16 draws at each information set."""
    def policy(infoset: Infoset) -> dict[Action, float]:
        seen = Counter(bot.act(infoset.view, infoset.legal) for _ in range(16))
        return {action: count / 16 for action, count in seen.items()}
    return policy


def test_the_soko_bot_is_exploitable_where_cfr_is_not(tree: GameTree) -> None:
    solver = CFRPlus(tree)
    solver.iterate(100)
    bot = strategy_of(tree, sampled(HeuristicSokoBot(seed=1)))
    assert exploitability(tree, bot) > 20 * exploitability(tree, solver.average())


def test_draws_smallest_form_is_walked_and_solved() -> None:
    """One card a hand: each seat sees its card, then whether the other drew; a drawn card is its own."""
    tree = GameTree.build(homegame.new_game("draw", players=2, **DRAW_TINY))
    assert tree.deals == 4 * 3 * 2 * 1
    _solved_in_100_iterations_and_the_bot_is_far_off(tree, HeuristicDrawBot(seed=1))


@pytest.mark.parametrize("name", ["pineapple", pytest.param("crazy_pineapple", marks=pytest.mark.slow)])
def test_pineapples_smallest_form_is_walked_and_solved(name: str) -> None:
    """Every card of the deck is dealt: two to each seat, the burn card and the board's one card.
    Each seat sees its two cards, then the one it keeps and the board; the discards stay hidden."""
    tree = GameTree.build(homegame.new_game(name, players=2, **PINEAPPLE_LEDUC))
    assert tree.deals == 6 * 5 * 4 * 3 * 2 * 1
    tree.check_depths()
    _solved_in_100_iterations_and_the_bot_is_far_off(tree, HeuristicPineappleBot(seed=1))


def _solved_in_100_iterations_and_the_bot_is_far_off(tree: GameTree,
                                                      bot: HeuristicDrawBot | HeuristicPineappleBot) -> None:
    """CFR+ takes the game from the uniform policy's exploitability (over a chip a deal) to under a
    hundredth of it in 100 iterations, and the game's bot is more than 20 times as exploitable."""
    solver = CFRPlus(tree)
    start = exploitability(tree, solver.average())
    solver.iterate(100)
    solved = exploitability(tree, solver.average())
    assert start > 1 and 0 <= solved < start / 100
    assert exploitability(tree, strategy_of(tree, sampled(bot))) > 20 * solved


def test_what_cannot_be_walked_is_refused() -> None:
    with pytest.raises(GameError, match="two players, not 3"):
        GameTree.build(homegame.new_game("soko", players=3, ranks=2, streets=1))
    with pytest.raises(GameError, match="does not say how many cards"):
        GameTree.build(homegame.new_game("whiskey", players=2))
    with pytest.raises(GameError, match="18 cards of a deck of 52"):
        GameTree.build(homegame.new_game("draw", players=2))
    with pytest.raises(GameError, match="1 to 8 cards"):
        GameTree.build(homegame.new_game("soko", players=2, ranks=2, streets=1), cards=9)
    with pytest.raises(GameError, match="10 cards of a deck of 52 are 57,407,703,889,536,000 deals"):
        GameTree.build(homegame.new_game("soko", players=2))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "settings"), [("soko", SMALL), ("draw", DRAW_TINY),
                                               ("pineapple", PINEAPPLE_LEDUC)])
def test_exploitability_agrees_with_openspiels_own(name: str, settings: dict[str, Any]) -> None:
    """The same strategy, played through homegame's OpenSpiel game, measured by OpenSpiel's
    exploitability (its own best responses over its own walk of the tree)."""
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python import policy as openspiel_policy
    from open_spiel.python.algorithms import exploitability as openspiel_exploitability

    import homegame.agents.openspiel  # registers the games

    tree = GameTree.build(homegame.new_game(name, players=2, **settings))
    solver = CFRPlus(tree)
    solver.iterate(30)
    strategy = solver.average()
    by_key = {(infoset.seat, infoset.key): infoset for infoset in tree.infosets}

    class Solved(openspiel_policy.Policy):  # type: ignore[misc]
        def action_probabilities(self, state: Any, player_id: int | None = None) -> dict[int, float]:
            seat, view, legal, _ = state.world.turn()
            infoset = by_key[(seat, json.dumps(view.to_json(), sort_keys=True, separators=(",", ":")))]
            encode = state.world.encoding.encode
            return {encode(view, legal, action): float(strategy[infoset.slot + number])
                    for number, action in enumerate(infoset.actions)}

    game = pyspiel.load_game(f"homegame_{name}", {"players": 2, **settings})
    theirs = openspiel_exploitability.exploitability(game, Solved(game, [0, 1]))
    assert theirs == pytest.approx(exploitability(tree, strategy), abs=1e-9)


@pytest.mark.slow
def test_two_betting_rounds_are_solved_too() -> None:
    tree = GameTree.build(homegame.new_game("soko", players=2, ranks=2, streets=2, limit="fixed", cap=1))
    solver = CFRPlus(tree)
    start = exploitability(tree, solver.average())
    solver.iterate(200)
    assert exploitability(tree, solver.average()) < start / 200


@pytest.mark.slow
def test_draws_leduc_sized_form_is_solved() -> None:
    tree = GameTree.build(homegame.new_game("draw", players=2, **DRAW_LEDUC))
    assert tree.deals == 720
    solver = CFRPlus(tree)
    start = exploitability(tree, solver.average())
    solver.iterate(100)
    assert exploitability(tree, solver.average()) < start / 100
