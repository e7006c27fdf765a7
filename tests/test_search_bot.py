"""The search bot: a legal move in every game from the seat's knowledge alone, its budgets, the
same move for the same seed, the names it goes by, and room tables that seat it."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from homegame.bots import ask, bot_names, make_bot
from homegame.bots.paired import Comparison
from homegame.bots.search import SearchBot
from homegame.cards import parse_cards
from homegame.engine import Action, GameError, GameState
from homegame.engine.infoset import InformationSet
from homegame.games import GAMES, new_game
from homegame.room.bots import BotPool
from homegame.room.config import TableConfig

TABLES = {"pai_gow": 2, "papayoo": 4}


def _deal(name: str, seed: int) -> GameState[Any]:
    return new_game(name, players=TABLES.get(name, 3)).deal(seed=seed)


@pytest.mark.parametrize("name", list(GAMES))
def test_the_search_bot_plays_every_game_to_its_end(name: str) -> None:
    state = _deal(name, seed=3)
    bots = {seat: SearchBot(seed=seat, playouts=4, width=4) for seat in range(state.players)}
    while not state.is_over:
        seat = state.to_act[0]
        action = ask(bots[seat], state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


def test_the_same_seed_and_playouts_give_the_same_move() -> None:
    state = _deal("soko", seed=5)
    seat = state.to_act[0]
    moves = {ask(SearchBot(seed=2, playouts=40), state, seat) for _ in range(3)}
    assert len(moves) == 1


def test_a_budget_in_seconds_stops_in_time_and_counts_its_playouts() -> None:
    state = _deal("draw", seed=6)
    bot = SearchBot(seed=1, seconds=0.05)
    ask(bot, state, state.to_act[0])
    assert bot.last_playouts >= 1


def test_a_budget_too_short_for_any_playout_still_plays_a_round() -> None:
    # Setting the search up takes longer than a microsecond: without a round of playouts the choice would be
    # made from nothing, as happened to a 0.05 s budget on a loaded machine.
    state = _deal("draw", seed=6)
    bot = SearchBot(seed=1, seconds=1e-6)
    ask(bot, state, state.to_act[0])
    assert bot.last_playouts >= 1


def test_the_search_bot_calls_a_sure_winner_down() -> None:
    # Seat 0 holds a royal flush and faces a bet: folding it would throw the pot away.
    game = new_game("draw", players=2)
    state = game.deal(deck=parse_cards(
        "As 2c Ks 3d Qs 4h Js 5c Ts 7d " + " ".join(
            f"{rank}{suit}" for suit in "cdhs" for rank in "23456789TJQKA"
            if f"{rank}{suit}" not in "As 2c Ks 3d Qs 4h Js 5c Ts 7d")), dealer=1)
    assert [str(c) for c in state.view(0).hand] == ["As", "Ks", "Qs", "Js", "Ts"]
    while 0 not in state.to_act or not any(a.kind == "call" for a in state.legal_actions(0)):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        bet = next((a for a in legal if a.kind in ("bet", "raise")), None)
        state.apply(seat, bet if seat == 1 and bet is not None else legal[0] if seat == 1 else
                    next(a for a in legal if a.kind in ("check", "call")))
    assert ask(SearchBot(seed=4, playouts=200), state, 0).kind != "fold"


def test_search_budgets_are_read_from_the_bot_name() -> None:
    assert isinstance(make_bot("papayoo", "search"), SearchBot)
    assert make_bot("draw", "search:250").playouts == 250  # type: ignore[attr-defined]
    assert make_bot("draw", "search:0.5s").seconds == 0.5  # type: ignore[attr-defined]
    assert "search" in bot_names("whiskey")
    for bad in ("search:fast", "search:0", "search:-1s", "search:infs", "search:nans", "search:3000s",
                "search:2000000"):
        with pytest.raises(GameError, match="search"):
            make_bot("draw", bad)


def test_the_search_bot_needs_more_than_a_view() -> None:
    state = _deal("draw", seed=1)
    seat = state.to_act[0]
    with pytest.raises(GameError, match="ask"):
        SearchBot(seed=1).act(state.view(seat), state.legal_actions(seat))
    assert InformationSet(state, seat).view == state.view(seat)
    assert not SearchBot(seed=1).plays_from_a_view and make_bot("draw", "heuristic").plays_from_a_view


def test_a_room_table_seats_the_search_bot() -> None:
    config = TableConfig.from_json({"name": "search night", "bot_level": "search:30", "bots": 1,
                                    "games": ["draw", "papayoo"]})
    state = _deal("draw", seed=8)
    seat = state.to_act[0]
    action: Action = asyncio.run(BotPool(workers=0).decide("draw", config.bot_level, state, seat))
    assert action in state.legal_actions(seat)
    heuristic = asyncio.run(BotPool(workers=0).decide("draw", "heuristic", state, seat))
    assert heuristic in state.legal_actions(seat)


def test_the_tree_search_plays_where_no_guide_is_used() -> None:
    for name in ("draw", "papayoo"):
        state = _deal(name, seed=4)
        seat = state.to_act[0]
        assert ask(SearchBot(seed=1, playouts=30, guided=False), state, seat) in state.legal_actions(seat)


def test_the_guided_search_leaves_its_guide_only_on_evidence() -> None:
    state = _deal("draw", seed=2)
    seat = state.to_act[0]
    guide, other = state.legal_actions(seat)[:2]
    comparison = Comparison(seat, [guide, other], None, random.Random(1))
    comparison.results = [[0.0, 1.0, 0.0, 1.0], [0.5, 1.5, 0.0, 1.0]]  # better, but within the noise
    assert comparison.best() == guide
    comparison.results = [[0.0, 1.0, 0.0, 1.0] * 2, [2.0, 3.1, 2.0, 3.0] * 2]  # better every time
    assert comparison.best() == other


def test_a_game_that_cannot_deal_again_is_refused_clearly() -> None:
    from toy_game import Duel

    state = Duel(players=2).deal(seed=1)
    seat = state.to_act[0]
    with pytest.raises(GameError, match="cannot play it"):
        ask(SearchBot(seed=1, playouts=5, guided=False), state, seat)
