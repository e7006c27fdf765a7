"""The registry of games: each game's name and the module under here that holds it.

A game module lists its Game classes in ``GAMES``; :data:`INDEX` names the module of every game,
so that ``homegame.GAMES`` knows the names at once and imports a game only when it is looked up
(a command that plays one game does not load the other eleven). A new game module adds its
names to :data:`INDEX`; a test checks the index against every module's ``GAMES``.

>>> import homegame
>>> sorted(homegame.GAMES) == sorted(INDEX)
True
>>> GAMES["crazy_pineapple"].title
'Crazy Pineapple'
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping, MutableMapping
from importlib import import_module
from typing import TYPE_CHECKING, Any, Final

from homegame.errors import GameError, did_you_mean, shown

if TYPE_CHECKING:
    from homegame.engine import Action, ActionSet, Game, GameState, History, View

__all__ = ["GAMES", "INDEX", "family_of", "foul_warning", "game_class", "game_name", "new_game", "replay",
           "rules_page", "view_class"]

_FOULING: Final = frozenset({"chinese", "open_face", "pai_gow"})
"""The games whose module says, before a setting is taken, whether it fouls (its ``foul_warning``)."""

INDEX: Final[Mapping[str, str]] = {
    "anaconda": "anaconda", "chinese": "chinese", "crazy_pineapple": "pineapple",
    "crazy_pineapple_hi_lo": "pineapple", "draw": "draw", "open_face": "open_face",
    "pai_gow": "pai_gow", "paiute": "paiute", "papayoo": "papayoo", "pineapple": "pineapple",
    "soko": "soko", "whiskey": "whiskey",
}
"""Every game's name, and the module of this package that defines it."""


class _Games(MutableMapping[str, "type[Game]"]):
    """The games by name, each module imported on first lookup. A game may be registered at run
    time too (``GAMES["duel"] = Duel``), as tests and plug-ins do."""

    def __init__(self) -> None:
        self._classes: dict[str, type[Game]] = {}

    def __getitem__(self, name: str) -> type[Game]:
        found = self._classes.get(name)
        if found is None:
            module = import_module(f"{__name__}.{INDEX[name]}")
            found = self._classes[name] = next(game for game in module.GAMES if game.name == name)
        return found

    def __setitem__(self, name: str, game: type[Game]) -> None:
        self._classes[name] = game

    def __delitem__(self, name: str) -> None:
        del self._classes[name]

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*INDEX, *self._classes]))

    def __len__(self) -> int:
        return len(dict.fromkeys([*INDEX, *self._classes]))

    def __contains__(self, name: object) -> bool:
        return name in INDEX or name in self._classes

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self)})"


GAMES: Final[MutableMapping[str, type[Game]]] = _Games()
"""Every game by name: each value tells its ``title``, ``players`` range and ``variants``."""


def game_name(name: object) -> str:
    """The registered name of the game called ``name`` (hyphens or underscores, any case)."""
    key = name.strip().lower().replace("-", "_") if isinstance(name, str) else ""
    if key not in GAMES:
        close = did_you_mean(key, GAMES)
        raise GameError(f"no game called {shown(name)}{close}; games: {', '.join(sorted(GAMES))}")
    return key


def game_class(name: object) -> type[Game]:
    """The game called ``name`` (hyphens or underscores, any case)."""
    return GAMES[game_name(name)]


@functools.cache
def view_class(name: str) -> type[View]:
    """The class of a game's views (what ``state.view(seat)`` returns), learnt from a hand dealt
    for the purpose: a game names its state class, and the state its view only by its type.

    >>> view_class("draw").__name__
    'DrawView'
    """
    game = game_class(name)
    return type(new_game(game.name, players=game.players[0]).deal(seed=0).view(None))


def family_of(name: str) -> str:
    """The module a game lives in (``crazy_pineapple`` -> ``pineapple``): bots, renderers and rules
    texts for a game are found under this name when there is none under the game's own."""
    key = game_name(name)
    if key in INDEX:
        return INDEX[key]
    return GAMES[key].__module__.removeprefix(f"{__name__}.").split(".")[0]


def foul_warning(view: View, action: Action, legal: ActionSet) -> str:
    """Why taking ``action`` from ``view`` fouls, as its game says (``""``: it does not, or the game
    has no fouls), for the faces to ask before they send a setting. Only a legal action is
    weighed: one naming a card not held is left to the game, which refuses it with its own reason;
    and the only move left is not questioned, since there is nothing else to choose.

    >>> from homegame.engine import Action
    >>> state = new_game("pai_gow", players=1).deal(seed=1)
    >>> legal = state.legal_actions(0)
    >>> foul_warning(state.view(0), Action.parse("set 2c 2c | 3c 4c 5c 6c 7c"), legal)
    ''
    """
    if view.game not in _FOULING or len(legal) == 1 or action not in legal:
        return ""
    return str(import_module(f"{__name__}.{view.game}").foul_warning(view, action))


def rules_page(name: str) -> str:
    """The rules of the game called ``name``, in the project's words, as Markdown (shared by the
    game family: the Pineapples have one page)."""
    from importlib import resources

    chosen = game_class(name)
    folder = resources.files(__name__) / "rules"
    for page_name in dict.fromkeys((chosen.name, family_of(chosen.name))):
        page = folder / f"{page_name}.md"
        if page.is_file():
            return page.read_text(encoding="utf-8").rstrip()
    raise GameError(f"no rules are written for {chosen.title} yet")


def new_game(name: object, players: int, variants: Iterable[str] = (), **settings: Any) -> Game:
    """A game configured for a table: ``new_game("draw", players=4, variants=["lowball"])``."""
    return game_class(name)(players=players, variants=variants, **settings)


def replay(history: History | dict[str, Any] | str) -> GameState[Any]:
    """Replay a recorded hand and check that it comes out the same (see engine.replay)."""
    from homegame.engine.replay import replay as replay_history

    return replay_history(history, new_game)
