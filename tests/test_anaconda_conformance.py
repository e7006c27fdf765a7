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
