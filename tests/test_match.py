"""A match chains hands: the button, stacks from outcomes, joining and leaving, carried state."""

import random
from typing import Any

import pytest

from homegame.cards import parse_cards
from homegame.engine import Action, Game, GameState
from homegame.engine.match import Match, MatchError
from homegame.games.draw import DrawPoker
from toy_game import Duel, DuelState


def play_out(state: GameState, chooser: random.Random) -> None:
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[chooser.randrange(len(legal))])


def play_passively(state: GameState) -> None:
    """Check or call every bet and stand pat: nobody risks more than the ante."""
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, next(a for a in legal if a.kind in ("check", "call", "discard")))


def draw_table(players: int) -> Game:
    return DrawPoker(players=players, ante=5)


def test_the_button_moves_clockwise_and_chips_are_conserved() -> None:
    match = Match(draw_table, ["ann", "bob", "cy", "dee"], stacks=200, seed=3)
    dealers = []
    for _ in range(6):
        state = match.deal()
        dealers.append(match.seating[state.dealer])
        play_passively(state)
        match.settle(state)
        assert sum(match.stacks.values()) == 800
    assert dealers == ["ann", "bob", "cy", "dee", "ann", "bob"] and match.button == "cy"
    assert match.hands_played == 6 and all(sum(r.values()) == 0 for r in match.results)
    assert match.stacks != dict.fromkeys(match.seating, 200)


def test_stacks_come_from_outcomes_and_feed_the_next_deal() -> None:
    match = Match(draw_table, ["ann", "bob"], stacks=[100, 60], seed=1)
    state = match.deal()
    assert state.view(0).stacks == {0: 95, 1: 55}
    state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[-1])
    while not state.is_over:
        state.apply(state.to_act[0], next(a for a in state.legal_actions(state.to_act[0])
                                          if a.kind in ("fold", "discard")))
    match.settle(state)
    outcome = state.outcome
    assert match.stacks == {"ann": 100 + outcome[0], "bob": 60 + outcome[1]}
    if len(match.seating) == 2:
        following = match.deal()
        assert following.view(None).stacks == {0: match.stacks["ann"] - 5, 1: match.stacks["bob"] - 5}


def test_players_join_and_leave_between_hands_and_the_button_passes_on() -> None:
    match = Match(draw_table, ["ann", "bob", "cy"], stacks=100, seed=2)
    match.join("dee", stack=80, after="ann")
    assert match.seating == ["ann", "dee", "bob", "cy"]
    state = match.deal()
    assert state.players == 4 and state.dealer == 0
    with pytest.raises(MatchError, match="between hands"):
        match.join("eve", stack=10)
    with pytest.raises(MatchError, match="settle the hand"):
        match.deal()
    play_passively(state)
    match.settle(state)
    assert match.button == "dee"
    match.leave("dee")
    assert match.button == "bob" and match.seating == ["ann", "bob", "cy"]
    assert match.deal().dealer == 1


def test_busted_players_leave_by_themselves() -> None:
    match = Match(draw_table, ["ann", "bob", "cy"], stacks=[5, 100, 100], seed=9)
    dealt = parse_cards("Ah 9c 2d Ad 8c 3d As 7c 4h Kc 6d 5s Qc 4d 7s")
    state = match.deal(deck=dealt + [c for c in DrawPoker(players=3).deck if c not in dealt])
    state.apply(1, Action("bet", amount=20))
    state.apply(2, Action("fold"))
    assert state.view(0).phase == "draw" and state.view(0).all_in == (0,)
    state.apply(1, Action("discard"))
    state.apply(0, Action("discard"))
    match.settle(state)
    assert match.stacks == {"ann": 0, "bob": 110, "cy": 95} and match.seating == ["bob", "cy"]
    assert match.button == "bob" and match.deal().players == 2


class CarryingDuelState(DuelState):
    @property
    def carry_out(self) -> dict[str, Any]:
        return {"hands": self.carry_in.get("hands", 0) + 1}

    @property
    def next_dealer(self) -> int:
        return self.dealer


class CarryingDuel(Duel):
    carry_keys = frozenset({"hands"})

    def start(self, deck: Any, **kwargs: Any) -> CarryingDuelState:
        return CarryingDuelState(self, deck, **kwargs)


def test_carry_out_feeds_the_next_deal_and_a_game_may_keep_the_dealer() -> None:
    match = Match(lambda players: CarryingDuel(players=players), ["ann", "bob", "cy"], seed=4)
    for number in range(3):
        state = match.deal()
        assert state.carry_in == ({"hands": number} if number else {})
        assert state.dealer == 0
        play_out(state, random.Random(number))
        match.settle(state)
    assert match.button == "ann" and not match.chips and sum(match.totals.values()) == 0


def test_bad_requests_are_refused() -> None:
    with pytest.raises(MatchError, match="different name"):
        Match(draw_table, ["ann", "ann"])
    with pytest.raises(MatchError, match="need 2 stacks"):
        Match(draw_table, ["ann", "bob"], stacks=[5])
    match = Match(draw_table, ["ann", "bob"], stacks=10)
    with pytest.raises(MatchError, match="not at the table"):
        match.leave("zed")
    with pytest.raises(MatchError, match="at least one chip"):
        match.join("zed")
    state = match.deal()
    with pytest.raises(MatchError, match="not over"):
        match.settle(state)
    other = draw_table(2).deal(seed=1)
    with pytest.raises(MatchError, match="not the hand in play"):
        match.settle(other)


def test_a_seeded_match_repeats() -> None:
    def run() -> dict[str, int]:
        match = Match(draw_table, ["ann", "bob", "cy"], stacks=100, seed="same")
        chooser = random.Random(5)
        for _ in range(4):
            if len(match.seating) < 2:
                break
            state = match.deal()
            play_out(state, chooser)
            match.settle(state)
        return dict(match.stacks)

    assert run() == run()
