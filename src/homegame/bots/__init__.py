"""Bots: players that see only what their seat may see.

A bot is asked for an action with the seat's view and its legal actions, never the state, so a bot
can sit at any face (terminal, web room, simulation) exactly as a person would. A face asks through
:func:`ask`, which hands the bot the seat's :class:`~homegame.engine.infoset.InformationSet`: most
bots read only its view and legal actions (:meth:`Bot.act`); the search bot also plays on from
hands as they might be (its samples), still without seeing the hand itself.

>>> import homegame
>>> from homegame.engine import ActionSet, Choices, Action
>>> bot = RandomBot(seed=1)
>>> bot.act(None, ActionSet(Choices([Action("fold"), Action("call", amount=2)]))) in (
...     Action("fold"), Action("call", amount=2))
True
"""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from typing import Any, Final

from homegame.engine import Action, ActionSet, GameState
from homegame.engine.infoset import InformationSet
from homegame.errors import GameError

__all__ = ["BOT_WORDS", "Bot", "InformationSet", "RandomBot", "ask", "bot_names", "bot_words", "make_bot"]

BOT_WORDS: Final = {
    "best": "the game's own bot, its strongest",
    "heuristic": "the game's own rule-of-thumb bot (its strongest where it has no other)",
    "random": "any legal move, the easiest",
    "search": "plays each choice out on the hands the others might hold: stronger, and slower",
}
"""What the bots every game has are, in words, by the names every face takes (``best`` is the
game's first bot, whatever it is called): the one place a menu and the lobby take them from."""


class Bot(ABC):
    """Chooses an action for one seat from that seat's view and legal actions."""

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)

    @abstractmethod
    def act(self, view: Any, legal: ActionSet) -> Action:
        """One of ``legal``, chosen by looking only at ``view``."""

    quick = True
    """Whether it decides in well under a millisecond, so that a search can play whole hands on
    with it (a solver or a Monte Carlo bot cannot)."""
    slow = False
    """Whether one decision of it can take a large part of a second (a Monte Carlo bot), so a
    search cannot afford to ask it even once."""
    plays_from_a_view = True
    """Whether :meth:`act` alone plays (a view and the legal actions are all it needs); the
    search bot also needs the table to sample hands (:func:`ask`), so it plays at a table only."""

    def decide(self, seat: InformationSet) -> Action:
        """The action for the seat whose knowledge ``seat`` is: by default :meth:`act` on its view."""
        return self.act(seat.view, seat.legal)


def ask(bot: Bot, state: GameState[Any], seat: int) -> Action:
    """What ``bot`` plays for ``seat`` of ``state``: the way every face asks a bot, giving it the
    seat's information set and never the state.

    >>> import homegame
    >>> state = homegame.new_game("draw", players=2).deal(seed=1)
    >>> ask(RandomBot(seed=1), state, state.to_act[0]) in state.legal_actions(state.to_act[0])
    True
    """
    return bot.decide(InformationSet(state, seat))


class RandomBot(Bot):
    """Takes any legal action, uniformly: the baseline every other bot must beat."""

    name = "random"

    def act(self, view: Any, legal: ActionSet) -> Action:
        return legal[self.random.randrange(len(legal))]


def _game_bots(game: str) -> dict[str, type[Bot]]:
    from homegame.games import family_of, game_class

    key = game_class(game).name
    for module in dict.fromkeys((key, family_of(key))):
        try:
            found = importlib.import_module(f"{__name__}.{module}")
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{module}":
                raise
            continue
        bots: dict[str, type[Bot]] = dict(getattr(found, "BOTS", {}))
        return bots
    return {}


def bot_names(game: str) -> list[str]:
    """The bots that can play ``game``: its own (the best first), ``random`` and ``search``.

    >>> bot_names("papayoo")
    ['heuristic', 'random', 'search']
    """
    return [*_game_bots(game), "random", "search"]


def bot_words(game: str, name: str) -> str:
    """What bot ``name`` of ``game`` is, in words: the game's first bot is its best.

    >>> bot_words("paiute", "counting"), bot_words("paiute", "random")
    ("the game's own bot, its strongest", 'any legal move, the easiest')
    """
    if name == bot_names(game)[0]:
        return BOT_WORDS["best"]
    return BOT_WORDS.get(name, "another bot of the game's own")


def _fixed_policies() -> dict[str, type[Bot]]:
    from homegame.bots.fixed import FIXED_POLICIES

    return dict(FIXED_POLICIES)


def _bets(game: str) -> bool:
    """Whether ``game`` is played by betting rounds (its settings choose a betting structure)."""
    from homegame.games import game_class

    return "limit" in game_class(game).settings


def make_bot(game: str, name: str | None = None, seed: int | None = None) -> Bot:
    """A bot for ``game`` by name (default: the game's first bot, or ``random`` if it has none).

    ``best`` always names the game's first (strongest) bot, and so does ``heuristic`` for a game
    whose best bot has another name (a solver, a Monte Carlo player), so one command line can seat
    the same kind of bot at every game. ``search`` is the search bot of every game
    (:mod:`homegame.bots.search`), with a budget per decision as ``search:800`` (playouts) or
    ``search:1s``. The fixed policies of :mod:`homegame.bots.fixed` (``always-call``,
    ``fold-to-bet``...) play every betting game: the baselines its bots are measured against.

    >>> make_bot("open_face", "heuristic").name, make_bot("draw", "best").name
    ('monte-carlo', 'heuristic')
    >>> make_bot("soko", "always-raise").name
    'always-raise'
    >>> make_bot("duel-that-does-not-exist")
    Traceback (most recent call last):
    ...
    homegame.errors.GameError: no game called 'duel-that-does-not-exist'; games: ...
    """
    base, _, budget = (name or "").partition(":")
    if base == "search":
        from homegame.bots.search import SearchBot

        return SearchBot.with_budget(budget, seed=seed)
    if name in _fixed_policies() and _bets(game):
        return _fixed_policies()[name](seed=seed)
    known: dict[str, type[Bot]] = {**_game_bots(game), "random": RandomBot}
    best = next(iter(known))
    chosen = best if name is None or name == "best" or (name == "heuristic" and name not in known) else name
    if chosen not in known:
        raise GameError(f"no bot called {chosen!r} for {game}; bots: {', '.join([*known, 'search'])}")
    return known[chosen](seed=seed)
