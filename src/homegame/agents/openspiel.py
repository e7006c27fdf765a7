"""Every game registered with OpenSpiel as a Python game: ``pyspiel.load_game("homegame_draw")``.

Importing this module registers ``homegame_<name>`` for every game of ``homegame.GAMES``. Each is a
sequential game of imperfect information with explicit chance (the deck dealt card by card, every
reshuffle and Papayoo's die: see :mod:`homegame.agents.world`), zero-sum, constant-sum (Papayoo)
or general-sum where a house, a bank or a carried pot takes part (Pai Gow, Anaconda, Whiskey).

Parameters: ``players``, ``variants`` (comma-separated), ``dealer`` (the dealer's seat, 0 by
default), ``max_actions`` (0: the game's own bound; a Paiute deal still open after it is void) and
every table setting of the game (``limit``, ``bet``, ``stack``...), with the game's defaults.

- Actions are the encoding's indices, the same as the PettingZoo environment's.
- Returns are each seat's result in the game's unit at the end of the deal (Papayoo: the points
  taken, negated); rewards come only at the end.
- Observation tensor: the encoding's observation of the seat's view, in its named blocks.
  Information-state tensor: the same, followed by the last 32 actions the seat saw (a row each:
  the acting seat relative to the observer, one-hot, then the action index + 1; empty rows first).
- Observation string: the seat's view as JSON without its log; information-state string: the
  whole view as JSON, log included, which holds everything the seat has seen in order.
- ``resample_from_infostate`` deals a hand the seat cannot tell from this one (see
  :mod:`homegame.agents.resample`), for OpenSpiel's ISMCTS.

>>> import pyspiel
>>> import homegame.agents.openspiel
>>> game = pyspiel.load_game("homegame_pineapple", {"players": 3})
>>> game.num_distinct_actions(), game.num_players(), game.max_chance_outcomes()
(9, 3, 52)
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from homegame.agents.encoding import Encoding, IllegalIndex
from homegame.agents.resample import NoConsistentDeal, resample
from homegame.agents.world import World
from homegame.engine import Game, View
from homegame.games import GAMES, new_game

__all__ = ["GAME_CLASSES", "HISTORY", "HomegameGame", "HomegameState", "game_type"]

HISTORY = 32
"""How many of the latest actions a seat saw the information-state tensor holds."""

_UTILITY = {"zero-sum": pyspiel.GameType.Utility.ZERO_SUM,
            "constant-sum": pyspiel.GameType.Utility.CONSTANT_SUM,
            "general-sum": pyspiel.GameType.Utility.GENERAL_SUM}


def game_type(name: str) -> pyspiel.GameType:
    """The OpenSpiel game type of the game ``name``, with its parameters and their defaults."""
    from homegame.agents.encodings import ENCODINGS

    game = GAMES[name]
    parameters: dict[str, Any] = {"players": game.players[0], "variants": "", "dealer": 0, "max_actions": 0}
    parameters.update({key: setting.default for key, setting in game.settings.items()})
    return pyspiel.GameType(
        short_name=f"homegame_{name}", long_name=f"homegame {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_UTILITY[ENCODINGS[name].utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.players[-1], min_num_players=game.players[0],
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=parameters)


class HomegameGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """One homegame game at one table, configured by OpenSpiel's parameters. Each game has its own
    subclass (:data:`GAME_CLASSES`), which names it."""

    name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        from homegame.agents import encoding_for

        name = self.name
        settings = dict(params or {})
        players = int(settings.pop("players", GAMES[name].players[0]))
        variants = [v for v in str(settings.pop("variants", "")).split(",") if v.strip()]
        self.dealer = int(settings.pop("dealer", 0))
        limit = int(settings.pop("max_actions", 0))
        self.table: Game = new_game(name, players=players, variants=variants, **settings)
        if not 0 <= self.dealer < players:
            raise ValueError(f"dealer is a seat from 0 to {players - 1}, not {self.dealer}")
        if limit < 0:
            raise ValueError(f"max_actions is 0 (the game's own bound) or more, not {limit}")
        self.encoding: Encoding[Any] = encoding_for(self.table)
        self.limit = limit or self.encoding.max_actions()
        low, high = self.encoding.utility_range()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.actions, max_chance_outcomes=len(self.table.deck),
            num_players=players, min_utility=low, max_utility=high,
            utility_sum=self.encoding.utility_sum(), max_game_length=self.limit)
        super().__init__(game_type(name), info, params or {})
        self.fresh = World(self.table, self.encoding, dealer=self.dealer, limit=self.limit)
        """The deal before its first card, which every new state copies (OpenSpiel makes a new
        state for every copy of one, and a world is cheaper copied than made)."""

    def new_initial_state(self) -> HomegameState:
        return HomegameState(self)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and copied) as its name and parameters, and made again by its class (pyspiel's
        own pickling would make the object without running ``__init__``)."""
        return _load, (self.name, dict(self.get_parameters()))

    def max_chance_nodes_in_history(self) -> int:
        """The deck dealt card by card, then the reshuffles (never more cards in all than the deck
        twice over) and a die."""
        return 3 * len(self.table.deck) + 1

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"homegame observers take no parameters, got {params!r}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
                not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("homegame observes one seat's view: its private and the public information")
        return Observer(self, perfect_recall)


class HomegameState(pyspiel.State):  # type: ignore[misc]
    """A deal in progress (see :class:`~homegame.agents.world.World`)."""

    def __init__(self, game: HomegameGame) -> None:
        super().__init__(game)
        self.world = game.fresh.copy()

    def current_player(self) -> int:
        world = self.world
        if world.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if world.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        return world.seat_to_act()

    def _legal_actions(self, player: int) -> list[int]:
        return self.world.turn()[3]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.world.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        world = self.world
        if world.is_over:
            raise ValueError("the deal is over: no action can be applied")
        if world.is_chance:
            world.apply_chance(action)
            return
        seat, view, legal, _ = world.turn()
        world.apply(seat, world.encoding.decode(view, legal, action), action)

    def _action_to_string(self, player: int, action: int) -> str:
        world = self.world
        if player == pyspiel.PlayerId.CHANCE:
            return world.describe_chance(action)
        if not world.is_chance and not world.is_over and player == world.seat_to_act():
            _, view, legal, _ = world.turn()
            if world.is_legal(action):
                return str(world.encoding.decode(view, legal, action, checked=True))
        return world.encoding.describe(action)

    def is_terminal(self) -> bool:
        return self.world.is_over

    def returns(self) -> list[float]:
        return self.world.returns()

    def __str__(self) -> str:
        return str(self.world)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HomegameState:
        """A state ``player_id`` cannot tell from this one, drawn as :func:`resample` draws it (in
        the rare case that no consistent deal turns up, a copy of this very state)."""
        world = self.world
        chooser = random.Random(int(probability_sampler() * 2 ** 52))
        state = world.state
        limits = world.encoding.resample_limits(state, player_id)
        try:
            deck, actions = resample(state, player_id, chooser, deck=world.deck, limits=limits)
        except NoConsistentDeal:
            same: HomegameState = self.clone()
            return same
        twin = HomegameState(self.get_game())
        vocabulary = world.encoding.vocabulary
        while not twin.world.dealt:
            twin.apply_action(vocabulary.index(deck[len(twin.world.deck)]))
        draws = iter(world.draws)
        for _, action in actions:
            _, view, legal, _ = twin.world.turn()
            index = world.encoding.encode(view, legal, action)
            if index is None:
                raise IllegalIndex(f"{action} has no index in the resampled deal")
            twin.apply_action(index)
            while twin.world.pending is not None:
                for pick in World.picks(next(draws)):
                    twin.apply_action(pick)
        return twin


class Observer:
    """OpenSpiel's observer of one seat: the encoding's blocks, and for the information state the
    latest actions the seat saw; strings are the view as JSON."""

    def __init__(self, game: HomegameGame, perfect_recall: bool) -> None:
        encoding = game.encoding
        self.encoding, self.perfect_recall = encoding, perfect_recall
        self.size = encoding.layout.size
        players = game.table.player_count
        extra = HISTORY * (players + 1) if perfect_recall else 0
        self.tensor = np.zeros(self.size + extra, np.float32)
        self.dict = encoding.layout.split(self.tensor[:self.size])
        if perfect_recall:
            self.dict["history"] = self.tensor[self.size:].reshape(HISTORY, players + 1)

    def set_from(self, state: HomegameState, player: int) -> None:
        view = state.world.view(player)
        if view is None:
            self.tensor.fill(0)
            return
        self.tensor[:self.size] = self.encoding.observe(view)
        if self.perfect_recall:
            self._write_history(state.world, player)

    def _write_history(self, world: World, player: int) -> None:
        history = self.dict["history"]
        history.fill(0)
        players = history.shape[1] - 1
        seen = world.seen_actions(player)[-HISTORY:]
        for row, (seat, index) in enumerate(seen, start=HISTORY - len(seen)):
            history[row, (seat - player) % players] = 1
            history[row, players] = index + 1

    def string_from(self, state: HomegameState, player: int) -> str:
        view: View | None = state.world.view(player)
        if view is None:
            return f"seat {player}: the deck is being dealt"
        data = view.to_json()
        if not self.perfect_recall:
            del data["log"]
        return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _load(name: str, params: dict[str, Any]) -> HomegameGame:
    return GAME_CLASSES[name](params)


def _register() -> dict[str, type[HomegameGame]]:
    """A subclass of :class:`HomegameGame` per game, registered (a class, not a closure, is what
    OpenSpiel's registry may safely hold until the interpreter exits), and named in this module as
    ``DrawGame``..., where pickle finds a class by its name."""
    classes: dict[str, type[HomegameGame]] = {}
    registered = set(pyspiel.registered_names())
    for name in GAMES:
        title = "".join(word.title() for word in name.split("_")) + "Game"
        classes[name] = globals()[title] = type(title, (HomegameGame,), {
            "name": name, "__module__": __name__, "__qualname__": title})
        game = game_type(name)
        if game.short_name not in registered:
            pyspiel.register_game(game, classes[name])
    return classes


GAME_CLASSES = _register()
"""The OpenSpiel game class of every game, by name."""
