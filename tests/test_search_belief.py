"""What makes the search bot stronger than uniform sampling: hands weighed by the other seats'
bets (belief), paired playouts that share their budget by halving, candidates near the guide's
choice, and Open-Face playouts by a placer that seldom fouls. Stacked decks where cards matter."""

from __future__ import annotations

import random
from typing import Any

from homegame.bots import RandomBot, ask, make_bot
from homegame.bots.belief import FLOOR, Belief
from homegame.bots.draw import rating
from homegame.bots.open_face import GreedyBot
from homegame.bots.paired import FIRST_CUT, LEAST_ROUNDS, Comparison
from homegame.bots.search import SearchBot
from homegame.cards import deck, parse_cards
from homegame.engine import Action, ActionSet, GameState
from homegame.engine.infoset import InformationSet
from homegame.games import new_game

MINE = "Kh Qd 9c 6s 3h"


def _draw_after_a_bet(theirs: str) -> GameState[Any]:
    """Heads-up draw: seat 0 holds ``MINE`` and checks, seat 1 holds ``theirs`` and bets; seat 0
    to act."""
    mine, other = parse_cards(MINE), parse_cards(theirs)
    rest = [card for card in deck() if card not in mine and card not in other]
    order = [card for pair in zip(mine, other, strict=True) for card in pair] + rest
    state = new_game("draw", players=2).deal(deck=order, dealer=1)
    state.apply(0, next(a for a in state.legal_actions(0) if a.kind == "check"))
    state.apply(1, next(a for a in state.legal_actions(1) if a.kind == "bet"))
    assert state.to_act == (0,)
    return state


def _strong(hand: Any) -> bool:
    return rating(hand, ranking="high", wild="none", before_draw=True) >= 0.62  # two pair or better


def test_a_bet_makes_hands_that_bet_likelier_than_hands_that_would_not() -> None:
    reader = make_bot("draw", "best")
    strong, weak = _draw_after_a_bet("Ac Ad As 8d 2c"), _draw_after_a_bet("Jc 8d 5s 4c 2d")
    belief = Belief(InformationSet(strong, 0), reader, random.Random(1))
    assert belief.observed == {1: (1, 0, 0)}
    assert belief.likelihood(strong) == 1.0  # three aces: the bot always bets them
    assert belief.likelihood(weak) == FLOOR  # jack high: only as a bluff


def test_belief_samples_deal_the_bettor_strong_hands_more_often_than_uniform_samples() -> None:
    state = _draw_after_a_bet("Jc 8d 5s 4c 2d")  # the real hand is weak: the belief cannot know
    seat = InformationSet(state, 0)
    weighed = Belief(seat, make_bot("draw", "best"), random.Random(2))
    uniform = Belief(seat, None, random.Random(2))
    assert uniform.observed == {}
    strong_weighed = sum(_strong(weighed.sample().view(1).hand) for _ in range(300))
    strong_uniform = sum(_strong(uniform.sample().view(1).hand) for _ in range(300))
    assert strong_weighed > 3 * strong_uniform
    assert all(weighed.sample().view(0).hand == seat.view.hand for _ in range(20))


def test_a_game_without_betting_samples_uniformly() -> None:
    state = new_game("papayoo", players=4).deal(seed=1)
    belief = Belief(InformationSet(state, state.to_act[0]), make_bot("papayoo", "best"), random.Random(1))
    assert belief.reader is None and belief.observed == {}


def test_halving_drops_the_worse_candidates_but_never_the_guides_choice() -> None:
    state = new_game("draw", players=2).deal(seed=2)
    seat = state.to_act[0]
    candidates = list(state.legal_actions(seat))[:7]
    comparison = Comparison(seat, candidates, None, random.Random(1))
    comparison.results = [[-9.0]] + [[float(score)] for score in (1, 6, 2, 5, 3, 4)]
    comparison._halve()
    assert comparison.alive == [0, 2, 4, 6]  # the guide's choice, then the best three by mean
    assert comparison.next_cut == 2 * FIRST_CUT


def test_halving_leaves_the_playouts_paired() -> None:
    state = new_game("draw", players=2).deal(seed=3)
    seat = state.to_act[0]
    comparison = Comparison(seat, list(state.legal_actions(seat))[:9], None, random.Random(1))
    for _ in range(2 * FIRST_CUT):
        comparison.playout(state.resample(seat, random.Random(7)), None)
    assert len(comparison.alive) == 3
    assert all(len(comparison.results[index]) == 2 * FIRST_CUT for index in comparison.alive)
    assert comparison.best() in comparison.candidates


def _searched_near_the_guide(name: str, players: int, seed: int,
                             width: int) -> tuple[ActionSet, Action, list[Action]]:
    """The legal actions at the first decision of a deal, the game's bot's choice, and the
    candidates the search tries near it."""
    state = new_game(name, players=players).deal(seed=seed)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    guide = make_bot(name, "best").act(state.view(seat), legal)
    return legal, guide, SearchBot(seed=1, width=width)._candidates(legal, width=40, near=guide)


def test_a_large_card_choice_is_searched_near_the_guides_choice() -> None:
    legal, guide, candidates = _searched_near_the_guide("papayoo", 4, seed=5, width=10)
    assert candidates[0] == guide and len(candidates) == 11
    assert all(other in legal and len(set(other.cards) - set(guide.cards)) == 1 for other in candidates[1:])


def test_a_setting_is_searched_among_its_rearrangements() -> None:
    legal, guide, candidates = _searched_near_the_guide("open_face", 2, seed=3, width=50)
    assert candidates[0] == guide and len(candidates) > 10
    for other in candidates[1:]:
        assert other in legal
        moved = [set(mine) ^ set(theirs) for mine, theirs in zip(guide.groups, other.groups, strict=True)]
        assert sum(map(len, moved)) in (2, 4)  # one card moved, or two swapped


def test_equal_differences_over_a_few_rounds_do_not_replace_the_guides_choice() -> None:
    state = new_game("draw", players=2).deal(seed=2)
    seat = state.to_act[0]
    candidates = list(state.legal_actions(seat))[:2]
    comparison = Comparison(seat, candidates, None, random.Random(1))
    comparison.results = [[0.0] * (LEAST_ROUNDS - 1), [3.0] * (LEAST_ROUNDS - 1)]
    assert comparison.best() == candidates[0]
    comparison.results = [[0.0] * LEAST_ROUNDS, [3.0] * LEAST_ROUNDS]
    assert comparison.best() == candidates[1]


def test_the_open_face_playout_placer_beats_random_placement() -> None:
    total = 0
    for seed in range(12):
        state = new_game("open_face", players=2).deal(seed=seed)
        greedy = seed % 2
        bots = {greedy: GreedyBot(seed=seed), 1 - greedy: RandomBot(seed=seed)}
        while not state.is_over:
            mover = state.to_act[0]
            state.apply(mover, bots[mover].act(state.view(mover), state.legal_actions(mover)))
        total += state.outcome[greedy]
    assert total > 0


def test_open_face_search_starts_from_the_monte_carlo_choice_and_plays_greedy_playouts() -> None:
    state = new_game("open_face", players=2).deal(seed=4)
    bot = SearchBot(seed=1, playouts=40, width=4)
    assert ask(bot, state, state.to_act[0]) in state.legal_actions(state.to_act[0])
    best, players = bot._guides_for(InformationSet(state, state.to_act[0]))
    assert best.name == "monte-carlo" and players is not None and {p.name for p in players} == {"greedy"}
