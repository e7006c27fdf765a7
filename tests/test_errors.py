"""One base class for every error homegame raises on bad input, so a caller catches one class."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from typing import Any

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


@pytest.mark.parametrize("ask, refusal", [
    (lambda: homegame.new_game("drw", players=2), "no game called 'drw' (did you mean draw?); games: "),
    (lambda: homegame.new_game("draw", players=2, variants=["wlid"]),
     "Basic Draw Poker has no variant wlid (did you mean wild?); variants: "),
    (lambda: homegame.new_game("draw", players=2, antee=2),
     "Basic Draw Poker has no setting antee (did you mean ante?); settings: "),
    (lambda: homegame.new_game("draw", players=2, variants=["xyzzy"]),
     "Basic Draw Poker has no variant xyzzy; "),
])
def test_a_mistyped_name_is_refused_with_the_name_it_is_closest_to(ask: Any, refusal: str) -> None:
    with pytest.raises(homegame.HomegameError) as refused:
        ask()
    assert str(refused.value).startswith(refusal)
