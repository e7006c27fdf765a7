"""Every action of every game prints as text that ``Action.parse`` reads back to the same action,
so a person can type whatever the table shows; proven over random play of all twelve games."""

from __future__ import annotations

import random

import pytest

import homegame
from homegame.engine import Action


def offered_actions(name: str, hands: int) -> set[Action]:
    """A sample of the actions offered during ``hands`` hands of random play: the first and last
    few of every seat's legal actions at every step, and the one taken."""
    seen: set[Action] = set()
    players = 4 if 4 in homegame.GAMES[name].players else homegame.GAMES[name].players[0]
    game = homegame.new_game(name, players=players)
    chooser = random.Random(7)
    for seed in range(hands):
        state = game.deal(seed=seed, dealer=seed % players)
        steps = 0
        while state.to_act and steps < 2000:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            ends = {0, 1, 2, len(legal) - 2, len(legal) - 1}
            seen.update(legal[index] for index in ends if 0 <= index < len(legal))
            action = legal[chooser.randrange(len(legal))]
            seen.add(action)
            state.apply(seat, action)
            steps += 1
    return seen


@pytest.mark.parametrize("name", sorted(homegame.GAMES))
def test_every_action_offered_reads_back_from_its_text(name: str) -> None:
    for action in offered_actions(name, hands=12):
        assert Action.parse(str(action)) == action, f"{name}: {action!r} does not read back"


@pytest.mark.parametrize("natural", ["dragon", "three-flushes", "three-straights", "six-pairs"])
def test_chinese_poker_naturals_are_typed_as_they_print(natural: str) -> None:
    declared = Action("declare", option=natural)
    assert str(declared) == f"declare {natural}" and Action.parse(f"declare {natural}") == declared
