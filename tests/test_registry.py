"""The registry of games: its index names every game module's games, and nothing loads a game
(or the engine, numpy, the bots) before a game is asked for, so that commands start at once."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

import homegame
import homegame.games
from homegame.games import INDEX, family_of


def test_the_index_names_every_game_of_every_game_module() -> None:
    found = {}
    for module in pkgutil.iter_modules(homegame.games.__path__):
        if not module.name.startswith("_"):
            for game in getattr(importlib.import_module(f"homegame.games.{module.name}"), "GAMES", ()):
                found[game.name] = module.name
    assert found == dict(INDEX)
    assert all(homegame.GAMES[name].name == name for name in INDEX)
    assert family_of("Crazy-Pineapple") == "pineapple"


def loaded_after(code: str) -> set[str]:
    """The homegame modules, and numpy, that a fresh interpreter has loaded after running ``code``."""
    probe = f"import sys; {code}; print(' '.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    return {name for name in out.split() if name.startswith(("homegame", "numpy"))}


def test_importing_homegame_and_naming_the_games_loads_no_game() -> None:
    loaded = loaded_after("import homegame; sorted(homegame.GAMES); homegame.parse_cards('As')")
    assert loaded <= {"homegame", "homegame.cards", "homegame.errors", "homegame._compile", "homegame.games"}


def test_looking_up_one_game_loads_that_game_only() -> None:
    loaded = loaded_after("import homegame; homegame.new_game('soko', players=3)")
    modules = {name.split(".")[2] for name in loaded if name.startswith("homegame.games.")}
    assert modules & set(INDEX.values()) == {"soko"}
    assert "numpy" not in loaded


def test_the_command_line_help_loads_no_ranking_game_or_analysis() -> None:
    loaded = loaded_after("from homegame.cli import build_parser; build_parser().format_help()")
    assert not {name for name in loaded if name.startswith(
        ("homegame.ranking", "homegame.games.", "homegame.engine", "homegame.analysis.", "numpy", "asyncio"))}


def test_the_help_names_every_ranking() -> None:
    from homegame.cli.commands._hand_options import RANKING_NAMES

    assert list(RANKING_NAMES) == list(homegame.RANKINGS)
