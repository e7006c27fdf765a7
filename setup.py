"""The optional compiled build: ``HOMEGAME_COMPILE=1`` compiles the engine's hot modules with mypyc.

Everything else about the package is in ``pyproject.toml``; without the variable this file adds
nothing and homegame installs as plain Python. The compiled build needs mypy (which carries mypyc)
and a C compiler, and is installed without build isolation so that it uses the mypy at hand::

    pip install setuptools wheel mypy
    HOMEGAME_COMPILE=1 pip install --no-build-isolation .

``make bench`` and ``make test-compiled`` do exactly this in ``.venv-fast``.
"""

import os

from setuptools import setup

# What a hand of a betting game runs through, action by action: the contract, actions and their
# sets, chance, history, chips and pots, betting rounds, showdowns, and the states of the games
# the benchmarks play. The rest (views, the codec, rankings, the other games) stays plain Python.
COMPILED = [
    "src/homegame/cards.py",
    "src/homegame/engine/actions.py",
    "src/homegame/engine/betting.py",
    "src/homegame/engine/chance.py",
    "src/homegame/engine/history.py",
    "src/homegame/engine/pots.py",
    "src/homegame/engine/seats.py",
    "src/homegame/engine/showdown.py",
    "src/homegame/engine/stakes.py",
    "src/homegame/engine/state.py",
    "src/homegame/engine/stock.py",
    "src/homegame/games/draw/showdown.py",
    "src/homegame/games/draw/state.py",
    "src/homegame/games/pineapple/state.py",
]


def extensions() -> list:
    if os.environ.get("HOMEGAME_COMPILE") != "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        raise SystemExit("HOMEGAME_COMPILE=1 builds with mypyc: install mypy first and build with "
                         "pip's --no-build-isolation so the build can use it") from None
    return mypycify(COMPILED, opt_level="3")


setup(ext_modules=extensions())
