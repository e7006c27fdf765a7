"""Anaconda under the shared conformance suite, and chips conserved over hands that carry a pot."""

from __future__ import annotations

import random

from conformance import check_conformance
from homegame.engine import Action
from homegame.games.anaconda import Anaconda, AnacondaState


def test_conformance() -> None:
    check_conformance(lambda players: Anaconda(players=players), seeds=range(30), players=(2, 3, 5, 7))


def test_conformance_pot_limit_with_a_carried_pot() -> None:
    check_conformance(lambda players: Anaconda(players=players, limit="pot", ante=3), seeds=range(8),
                      players=(4, 6), deal=lambda game, seed: game.deal(seed=seed, carry={"pot": seed % 3}))


def test_no_chip_is_created_or_lost_over_hands_that_carry_the_odd_chips() -> None:
    chooser = random.Random(4)
    game = Anaconda(players=5, ante=3)
    stacks, carried, dealer, carries, total = [60] * 5, 0, 0, 0, 300
    for number in range(40):
        carry = {"pot": carried} if carried else {}
        state = game.deal(seed=number, dealer=dealer, stacks=stacks, carry=carry)
        assert isinstance(state, AnacondaState)
        while not state.is_over:
            seat = state.to_act[0]
            legal = [a for a in state.legal_actions(seat) if a.kind != "fold"]
            state.apply(seat, chooser.choice(legal) if legal else Action("fold"))
        outcome = state.outcome
        assert sum(outcome.values()) == 0
        stacks = [stack + outcome[seat] for seat, stack in enumerate(stacks)]
        carried = state.carry_out.get("pot", 0)
        carries += bool(carried)
        assert outcome["bank"] == carried - state.carried_in
        assert sum(stacks) + carried == total
        if min(stacks) < 10:
            stacks = [60] * 5
            total = 300 + carried
        dealer = state.next_dealer
    assert carries > 0


def test_a_match_keeps_the_carried_chips_in_its_bank_between_hands() -> None:
    from homegame.bots.anaconda import HeuristicAnacondaBot
    from homegame.engine.match import Match

    match = Match(lambda players: Anaconda(players=players, ante=3), ["ann", "bob", "cy"], stacks=80, seed=8)
    bots = {name: HeuristicAnacondaBot(seed=index) for index, name in enumerate(match.seating)}
    carried_seen = 0
    for _ in range(30):
        if len(match.seating) < 2:
            break
        state = match.deal()
        seating = list(match.seating)
        while not state.is_over:
            for seat in state.to_act:
                state.apply(seat, bots[seating[seat]].act(state.view(seat), state.legal_actions(seat)))
        match.settle(state)
        carried = match.carry.get("pot", 0)
        carried_seen += bool(carried)
        assert match.bank == carried
        assert sum(match.stacks.values()) + carried == 240
    assert carried_seen
