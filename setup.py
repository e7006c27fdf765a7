"""The compiled build: ``HOMEGAME_COMPILE=1`` compiles homegame's hot modules with mypyc.

Everything else about the package is in ``pyproject.toml``; without the variable this file adds
nothing and homegame builds as plain Python (the sdist always does). The compiled build needs a C
compiler and the packages in ``compile-requirements.txt`` (mypy, which carries mypyc, and every
package whose types mypy reads while it checks the compiled modules), and is built without build
isolation so that it uses them. In a new virtual environment::

    pip install -r compile-requirements.txt
    HOMEGAME_COMPILE=1 pip wheel --no-build-isolation --no-deps --wheel-dir dist .

``make wheel`` does exactly this in ``.venv-build``; ``make test-compiled`` and ``make bench``
install that wheel in ``.venv-fast``.
"""

import os

from setuptools import setup

# What a profile of random play, the bots and the odds commands finds hot, layer by layer: the
# contract and everything a hand runs through, every game's state machine and the helpers it calls
# on every action, the rankings the games and bots evaluate with, the bots' decisions, and the
# loops of the analysis. What stays plain Python is cold or not worth it: the games' configuration
# classes (``Game`` is an abstract base built once per table), the views (frozen dataclasses whose
# field types the codec reads; the compiled ``engine/frozen.py`` fills them), the codec and replay,
# numpy's batch paths, and the faces, but for the agents' encodings: every step of a learning
# environment writes an observation and an action mask through them.
ENGINE = ["action_sets", "actions", "betting", "carried_pot", "chance", "frozen", "history", "money", "pots",
          "seats", "showdown", "stakes", "state", "stock"]
GAMES = ["_naturals", "_rows", "anaconda/showdown", "anaconda/state", "chinese", "draw/showdown",
         "draw/state", "open_face", "pai_gow/game", "pai_gow/hands", "pai_gow/house_way", "pai_gow/settle",
         "paiute/hints", "paiute/state", "paiute/targets", "paiute/wild", "papayoo/state", "papayoo/table",
         "pineapple/habits", "pineapple/hands", "pineapple/state", "soko", "whiskey"]
RANKINGS = ["by_name", "core", "front", "high", "low", "pai_gow", "paiute", "reference", "short", "soko",
            "wild"]
BOTS = ["anaconda", "betting", "draw", "draw_equity", "fixed", "paiute", "paiute_odds", "papayoo",
        "pineapple", "soko", "soko_equity", "whiskey"]
ANALYSIS = ["odds", "pai_gow", "simulation", "symmetry"]
AGENTS = ["aec", "encoding", "features", "indices", "segments", "betting", "table", *(
    f"encodings/{name}" for name in (
    "anaconda", "chinese", "draw", "open_face", "pai_gow", "paiute", "papayoo", "pineapple", "soko",
    "whiskey"))]
COMPILED = [
    "src/homegame/cards.py",
    *(f"src/homegame/engine/{name}.py" for name in ENGINE),
    *(f"src/homegame/games/{name}.py" for name in GAMES),
    *(f"src/homegame/ranking/{name}.py" for name in RANKINGS),
    *(f"src/homegame/bots/{name}.py" for name in BOTS),
    *(f"src/homegame/analysis/{name}.py" for name in ANALYSIS),
    *(f"src/homegame/agents/{name}.py" for name in AGENTS),
]


def extensions() -> list:
    if os.environ.get("HOMEGAME_COMPILE") != "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        raise SystemExit("HOMEGAME_COMPILE=1 builds with mypyc: install compile-requirements.txt "
                         "first and build with pip's --no-build-isolation so the build can use it") from None
    return mypycify(COMPILED, opt_level="3")


setup(ext_modules=extensions())
