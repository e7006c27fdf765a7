"""One base class for every error homegame raises on bad input, so a caller catches one class."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import homegame

NOT_BAD_INPUT = {
    "homegame.engine.stock.StockExhausted": "news between a game and its stock: the game catches it "
                                            "when the stock runs out and deals as its rules say",
    "homegame.agents.resample.NoConsistentDeal": "a search that found no deal to sample, whatever "
                                                 "the input",
}
"""The exceptions homegame defines that are not about bad input, and why."""
FACES = ("homegame.cli", "homegame.room", "homegame.web")
"""The faces report errors to a person, and signal among their own parts (leaving a table)."""


def homegame_exceptions() -> set[type[BaseException]]:
    found: set[type[BaseException]] = set()
    for module in pkgutil.walk_packages(homegame.__path__, "homegame."):
        if module.name.startswith(FACES):
            continue
        try:
            loaded = importlib.import_module(module.name)
        except ImportError:  # an optional extra that is not installed
            continue
        found.update(value for _, value in inspect.getmembers(loaded, inspect.isclass)
                     if issubclass(value, BaseException) and value.__module__.startswith("homegame"))
    return found


def test_every_error_homegame_defines_is_a_homegame_error() -> None:
    errors = {error for error in homegame_exceptions()
              if f"{error.__module__}.{error.__qualname__}" not in NOT_BAD_INPUT}
    assert {homegame.GameError, homegame.IllegalAction, homegame.CardError, homegame.ReplayError} <= errors
    assert all(issubclass(error, homegame.HomegameError) for error in errors), sorted(
        error.__name__ for error in errors if not issubclass(error, homegame.HomegameError))


@pytest.mark.parametrize("name", sorted(homegame.GAMES))
def test_membership_of_any_object_is_a_plain_no(name: str) -> None:
    game = homegame.new_game(name, players=homegame.GAMES[name].players[-1])
    state = game.deal(seed=3)
    legal = state.legal_actions(state.to_act[0])
    for stranger in ([], {}, {"kind": "fold"}, set(), bytearray(b"x"), None, 1.5, "fold"):
        assert stranger not in legal
