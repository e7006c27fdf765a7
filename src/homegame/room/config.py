"""How a card-room table is set up when it is made: seats, stakes, the games the dealer may call,
bots, the clock.

A :class:`TableConfig` is read from the JSON a client sends (:meth:`TableConfig.from_json`) and
checked in full there: every game named exists, every variant is one of its variants, every stake
is a setting that the games taking it accept. What a table refuses is a
:class:`~homegame.errors.RoomError` that says why, and names the field at fault (``seats``, or
``stakes.ante`` for a stake), so that a form can show the refusal by that field.

>>> config = TableConfig.from_json({"name": "Friday", "seats": 4, "games": ["draw", "papayoo"],
...                                 "stakes": {"ante": 1, "bet": 2}, "bots": 2})
>>> config.seats, [choice.game for choice in config.games], config.default_game
(4, ['draw', 'papayoo'], 'draw')
>>> config.settings_for("draw")["ante"], "ante" in config.settings_for("papayoo")
(1, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from homegame.bots import BOT_WORDS, Bot, make_bot
from homegame.errors import GameError, HomegameError, RoomError, shown
from homegame.games import GAMES, game_class, new_game
from homegame.games._units import PairUnits
from homegame.room import room_fields as fields
from homegame.room.room_fields import MOST_SEATS, ROOM_FIELDS, RoomField
from homegame.room.tournament_config import NUMBER_FIELDS, TournamentConfig, refuse_untournamentable
from homegame.wording import listed

__all__ = ["BOT_LEVELS", "BOT_NAMES", "MOST_SEATS", "ROOM_FIELDS", "GameChoice", "RoomField", "TableConfig",
           "setup_json"]

ROOM_MOST_SECONDS: Final = 5.0
ROOM_MOST_PLAYOUTS: Final = 5000
"""The most a search bot may think over one decision at a room table (see ``bot_level``)."""
BOT_NAMES: Final = ("Ada", "Bix", "Cole", "Dot", "Eli", "Fay", "Gil", "Hu")
"""The names bots sit under, seat by seat (with "(bot)" after them)."""
_FIELDS: Final = frozenset({"name", "seats", "buy_in", "max_buy_in", "stakes", "games", "default_game",
                            "bots", "bot_level", "clock", "timeouts_to_sit_out", "points_rate", "pause",
                            "public", "ask_to_sit", "host_starts", "approve_chips",
                            "time_bank", "time_bank_refill", "time_bank_every", "bomb_pot", "bomb_pot_every",
                            "tournament"})
BOT_LEVELS: Final = ("heuristic", "best", "random", "search")
"""The bot levels a form offers (a client may also give ``search`` its own budget, as ``search:0.5s``,
within the room's)."""


def setup_json() -> dict[str, Any]:
    """What a form for a new table needs from the room besides the games: its own fields, and the
    bot levels it offers in words (the words the menu uses for the same bots).

    >>> setup_json()["bot_levels"][2]
    {'value': 'random', 'words': 'any legal move, the easiest'}
    """
    return {"fields": {name: room_field.to_json() for name, room_field in ROOM_FIELDS.items()},
            "bot_levels": [{"value": level, "words": BOT_WORDS[level]} for level in BOT_LEVELS],
            "tournament_fields": {name: known.to_json() for name, known in NUMBER_FIELDS.items()},
            "tournament_games": sorted(name for name in GAMES if untournamentable(name) is None)}


@dataclass(frozen=True, slots=True)
class GameChoice:
    """A game the dealer may call, and the variants the dealer may switch on with it."""

    game: str
    variants: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "variants": list(self.variants)}


@dataclass(frozen=True, slots=True)
class TableConfig:
    """A table's setup. Times are in seconds; chips are whole numbers.

    ``stakes`` are game settings (``ante``, ``bet``, ``limit``, ``wager``...) given to every game
    that has a setting of that name; ``points_rate`` is what a point is worth in chips in the
    games scored in points (and the ``unit`` of Chinese and Open-Face Chinese Poker), or ``None``:
    each game's own (:attr:`~homegame.engine.Game.points_rate`, and each game's ``unit``).
    ``max_buy_in`` is the most a player may bring, or top a stack up to, where the table allows
    deep stacks (0, or the buy-in: every player brings the buy-in).

    The host's settings: ``public`` lists the table in the lobby (else only its invite link finds
    it); with ``ask_to_sit`` a person asks for a seat and the host seats them or not; with
    ``host_starts`` the table deals its first hand when the host starts the night, not as soon as
    two can play; with ``approve_chips`` a rebuy waits for the host's yes.
    ``time_bank`` is each player's bank of extra seconds (0: none), which the clock draws on when
    a turn's ``clock`` runs out, before the rules play for the seat; ``time_bank_refill`` seconds go
    back into every bank (up to ``time_bank``) after every ``time_bank_every`` hands. ``bomb_pot`` is
    what everyone puts in when a bomb pot is dealt (0: none): when the host calls one, and every
    ``bomb_pot_every`` hands (0: only when called), in the games that have bomb pots.
    ``tournament`` holds the rules of the tournament the table is one of (``None``: a cash table),
    whose levels' stakes then stand over ``stakes``.
    """

    name: str
    seats: int = 6
    buy_in: int = 100
    max_buy_in: int = 0
    stakes: Mapping[str, Any] = field(default_factory=dict)
    games: tuple[GameChoice, ...] = ()
    default_game: str = ""
    bots: int = 0
    bot_level: str = "heuristic"
    clock: float = 30.0
    timeouts_to_sit_out: int = 2
    points_rate: int | None = None
    pause: float = 3.0
    public: bool = False
    ask_to_sit: bool = False
    host_starts: bool = False
    approve_chips: bool = False
    time_bank: float = 0.0
    time_bank_refill: float = 0.0
    time_bank_every: int = 10
    bomb_pot: int = 0
    bomb_pot_every: int = 0
    tournament: TournamentConfig | None = None

    @classmethod
    def from_json(cls, data: Any) -> TableConfig:
        """The config ``data`` describes (omitted fields take their defaults), fully checked."""
        if not isinstance(data, dict):
            raise RoomError(f"a table is described by an object, not {shown(data)}")
        unknown = sorted(str(key) for key in data if key not in _FIELDS)
        if unknown:
            raise RoomError(f"a table has no field {', '.join(unknown)}; "
                            f"fields: {', '.join(sorted(_FIELDS))}")
        games = _games(data.get("games", sorted(GAMES)))
        config = cls(
            name=fields.text("name", data.get("name")),
            seats=fields.whole("seats", data.get("seats", 6)),
            buy_in=(buy_in := fields.whole("buy_in", data.get("buy_in", 100))),
            max_buy_in=fields.max_buy_in(data.get("max_buy_in", buy_in), buy_in),
            stakes=_stakes(data.get("stakes", {})),
            games=games,
            default_game=_default(data.get("default_game", games[0].game), games),
            bots=fields.whole("bots", data.get("bots", 0)),
            bot_level=_bot_level(data.get("bot_level", "heuristic")),
            clock=fields.seconds("clock", data.get("clock", 30.0)),
            timeouts_to_sit_out=fields.whole("timeouts_to_sit_out", data.get("timeouts_to_sit_out", 2)),
            points_rate=fields.optional_whole("points_rate", data.get("points_rate")),
            pause=fields.seconds("pause", data.get("pause", 3.0)),
            public=fields.flag("public", data.get("public", False)),
            ask_to_sit=fields.flag("ask_to_sit", data.get("ask_to_sit", False)),
            host_starts=fields.flag("host_starts", data.get("host_starts", False)),
            approve_chips=fields.flag("approve_chips", data.get("approve_chips", False)),
            time_bank=fields.seconds("time_bank", data.get("time_bank", 0.0)),
            time_bank_refill=fields.seconds("time_bank_refill", data.get("time_bank_refill", 0.0)),
            time_bank_every=fields.whole("time_bank_every", data.get("time_bank_every", 10)),
            bomb_pot=fields.whole("bomb_pot", data.get("bomb_pot", 0)),
            bomb_pot_every=fields.whole("bomb_pot_every", data.get("bomb_pot_every", 0)),
            tournament=_tournament(data.get("tournament")),
        )
        config.check()
        return config

    def __post_init__(self) -> None:
        if self.max_buy_in < self.buy_in:
            object.__setattr__(self, "max_buy_in", self.buy_in)

    @classmethod
    def from_stored(cls, data: Any) -> TableConfig:
        """The config a stored table was made with, read under today's limits: a setting refused
        since the table was stored is brought within them rather than keeping the room from
        starting (unprintable characters in the name become spaces; a buy-in or a search bot's
        budget comes down to the most a table may have now).

        >>> TableConfig.from_stored({"name": "Friday\tnight", "bot_level": "search:30s"}).bot_level
        'search:5s'
        """
        try:
            return cls.from_json(data)
        except RoomError:
            if not isinstance(data, dict):
                raise
            return cls.from_json(_mended(data))

    def check(self) -> None:
        """Refuse a setup no hand could be dealt at: too many bots, stakes a game refuses, a bomb pot
        no game of the table has, a host's seating, start or rebuys at a tournament's table."""
        if self.bots >= self.seats:
            raise RoomError(f"{self.bots} bots leave no seat free at a table of {self.seats}", field="bots")
        self._check_bomb_pots()
        hosted = [key for key in ("ask_to_sit", "host_starts", "approve_chips") if getattr(self, key)]
        if self.tournament is not None and hosted:
            raise RoomError(f"{ROOM_FIELDS[hosted[0]].label}: not in a tournament, which seats its entries, "
                            "starts on its own and has no rebuys", field=hosted[0])
        levels = range(len(self.tournament.levels)) if self.tournament is not None else range(1)
        for choice in self.games:
            if self.tournament is not None:
                refuse_untournamentable(choice.game, choice.variants)
            self._check_game(choice, levels)

    def _check_game(self, choice: GameChoice, levels: range) -> None:
        """Refuse a game of the table that its stakes (at each of a tournament's levels) do not fit."""
        game = game_class(choice.game)
        try:
            _within_the_room_s_budget(make_bot(choice.game, self.bot_level))
        except HomegameError as error:
            raise RoomError(f"Bot level: {error}", field="bot_level") from None
        fits = [n for n in game.players if 2 <= n <= self.seats] or [game.players[0]]
        for level in levels:
            for variants in ((), *((v,) for v in choice.variants)):
                try:
                    new_game(choice.game, players=fits[0], variants=variants,
                             **self.settings_for(choice.game, variants, seats=range(fits[0]), level=level))
                except HomegameError as error:
                    setting = error.setting if isinstance(error, GameError) else None
                    at_fault = f"stakes.{setting}" if setting else getattr(error, "field", None) or "games"
                    at_level = f" at level {level + 1}" if self.tournament is not None else ""
                    raise RoomError(f"{game.title} at this table{at_level}: {error}",
                                    field=at_fault) from None

    def _check_bomb_pots(self) -> None:
        if self.bomb_pot_every and not self.bomb_pot:
            raise RoomError(f"{ROOM_FIELDS['bomb_pot_every'].label}: a bomb pot every {self.bomb_pot_every} "
                            "hands needs the chips each player puts in (bomb_pot)", field="bomb_pot")
        if self.bomb_pot and not self.bomb_pot_games:
            raise RoomError(f"{ROOM_FIELDS['bomb_pot'].label}: none of this table's games has bomb pots "
                            f"(those that do: {', '.join(sorted(bomb_pot_games()))})", field="bomb_pot")

    @property
    def bomb_pot_games(self) -> list[str]:
        """The table's games that deal bomb pots, when it sets an amount for them.

        >>> config = TableConfig.from_json({"name": "Bombs", "games": ["draw", "papayoo"], "bomb_pot": 5})
        >>> config.bomb_pot_games
        ['draw']
        """
        if not self.bomb_pot:
            return []
        return [choice.game for choice in self.games if choice.game in bomb_pot_games()]

    def settings_for(self, name: str, variants: Iterable[str] = (),
                     seats: Sequence[int] | None = None, *, level: int = 0) -> dict[str, Any]:
        """The settings a game is dealt with here under ``variants``: the stakes that count in it
        (at a tournament's table, those of its ``level`` over the table's), and the points rate as
        the unit of the games that have one. ``seats`` are the table's seats dealt in, in the hand's
        order (all of them if not given): units two seats agreed on (``pair_units``) follow those
        seats to their places in the hand."""
        takes = game_class(name).settings_counted(variants)
        stakes = self.stakes if self.tournament is None else {**self.stakes, **self.tournament.levels[level]}
        settings = {key: value for key, value in stakes.items() if key in takes}
        if "unit" in takes and "unit" not in settings and self.points_rate is not None:
            settings["unit"] = self.points_rate
        if "pair_units" in settings:
            settings["pair_units"] = _pairs_among(settings["pair_units"], range(self.seats) if seats is None
                                                  else seats, table_seats=self.seats)
        return settings

    @property
    def only_game(self) -> str | None:
        """The game this table deals without anyone calling it: its one game, when the table offers
        no variants of it to choose (``None`` at a table of dealer's choice).

        >>> TableConfig.from_json({"name": "Draw night", "games": ["draw"]}).only_game
        'draw'
        >>> lowball_or_not = {"game": "draw", "variants": ["lowball"]}
        >>> TableConfig.from_json({"name": "Lowball?", "games": [lowball_or_not]}).only_game is None
        True
        """
        if len(self.games) == 1 and not self.games[0].variants:
            return self.games[0].game
        return None

    def choice(self, name: str) -> GameChoice:
        """The table's entry for the game called ``name``, or :class:`RoomError`."""
        for choice in self.games:
            if choice.game == name:
                return choice
        raise RoomError(f"{shown(name)} is not a game of this table; it deals "
                        f"{', '.join(c.game for c in self.games)}")

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "seats": self.seats, "buy_in": self.buy_in, "max_buy_in": self.max_buy_in,
                "stakes": dict(self.stakes),
                "games": [choice.to_json() for choice in self.games], "default_game": self.default_game,
                "bots": self.bots, "bot_level": self.bot_level, "clock": self.clock,
                "timeouts_to_sit_out": self.timeouts_to_sit_out, "points_rate": self.points_rate,
                "pause": self.pause, "public": self.public, "ask_to_sit": self.ask_to_sit,
                "host_starts": self.host_starts, "approve_chips": self.approve_chips,
                "time_bank": self.time_bank, "time_bank_refill": self.time_bank_refill,
                "time_bank_every": self.time_bank_every, "bomb_pot": self.bomb_pot,
                "bomb_pot_every": self.bomb_pot_every,
                "tournament": None if self.tournament is None else self.tournament.to_json()}


def untournamentable(game: str) -> str | None:
    """Why a tournament leaves ``game`` out (``None``: it deals it)."""
    try:
        refuse_untournamentable(game)
    except RoomError as error:
        return str(error)
    return None


def bomb_pot_games() -> frozenset[str]:
    """The games that deal bomb pots (those with a ``bomb_pot`` setting)."""
    return frozenset(name for name, game in GAMES.items() if "bomb_pot" in game.settings)




def _pairs_among(text: object, seats: Sequence[int], *, table_seats: int) -> object:
    """``pair_units`` as the hand dealt to ``seats`` numbers them: the pairs of the table's seats
    that both play, at their places in the hand. Text that is not a table's pairs is handed on as
    it is, for the game to refuse.

    >>> _pairs_among("1-3:5 0-2:4", [3, 2, 1], table_seats=4)
    '0-2:5'
    """
    if not isinstance(text, str):
        return text
    try:
        agreed = PairUnits.parse(text, players=table_seats, unit=1).agreed
    except GameError as error:
        raise RoomError(f"{error} (the table's seats are 0 to {table_seats - 1})",
                        field="stakes.pair_units") from None
    place = {seat: index for index, seat in enumerate(seats)}
    return " ".join(f"{min(place[a], place[b])}-{max(place[a], place[b])}:{chips}"
                    for (a, b), chips in agreed.items() if a in place and b in place)


def _within_the_room_s_budget(bot: Bot) -> None:
    """Refuse a search bot whose decisions would hold the room's bot workers, which every table
    shares, for longer than :data:`ROOM_MOST_SECONDS` (or :data:`ROOM_MOST_PLAYOUTS` playouts)."""
    from homegame.bots.search import SearchBot

    if isinstance(bot, SearchBot) and ((bot.seconds or 0) > ROOM_MOST_SECONDS
                                       or (bot.playouts or 0) > ROOM_MOST_PLAYOUTS):
        raise RoomError(f"a search bot at a room table thinks at most {ROOM_MOST_SECONDS:g} seconds or "
                        f"{ROOM_MOST_PLAYOUTS:,} playouts a decision ('search:2s', 'search:1000')")


def _mended(data: dict[str, Any]) -> dict[str, Any]:
    mended = dict(data)
    if isinstance(name := data.get("name"), str):
        longest = int(ROOM_FIELDS["name"].most)
        mended["name"] = "".join(c if c.isprintable() else " " for c in name).strip()[:longest] or "a table"
    for key in ("buy_in", "max_buy_in"):
        if type(chips := data.get(key)) is int:
            mended[key] = min(chips, int(ROOM_FIELDS[key].most))
    level = data.get("bot_level")
    if isinstance(level, str) and level.startswith("search:"):
        try:
            _within_the_room_s_budget(make_bot("draw", level))  # a budget reads the same in every game
        except HomegameError:
            most = f"{ROOM_MOST_SECONDS:g}s" if level.endswith("s") else str(ROOM_MOST_PLAYOUTS)
            mended["bot_level"] = f"search:{most}"
    return mended






def _bot_level(value: object) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= 20 or not value.isprintable():
        raise RoomError(f"Bot level: {listed(BOT_LEVELS, 'or')}, or a bot's name, not {shown(value)}",
                        field="bot_level")
    return value








def _stakes(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RoomError(f"stakes are an object of game settings, not {shown(value)}", field="stakes")
    known = {name for game in GAMES.values() for name in game.settings}
    unknown = sorted(str(key) for key in value if key not in known)
    if unknown:
        raise RoomError(f"no game has a setting {', '.join(unknown)}", field=f"stakes.{unknown[0]}")
    if "bomb_pot" in value:
        raise RoomError("a table deals bomb pots with its own bomb_pot and bomb_pot_every, when its owner "
                        "calls one or every so many hands, not as a stake", field="stakes.bomb_pot")
    for key, item in value.items():
        if not isinstance(item, int | str):
            label = next(game.settings[key].label for game in GAMES.values() if key in game.settings)
            raise RoomError(f"{label}: stakes are numbers or words, not {shown(item)}", field=f"stakes.{key}")
    return dict(value)


def _games(value: object) -> tuple[GameChoice, ...]:
    """The games the dealer may call: names, or ``{"game": name, "variants": [...]}``."""
    if not isinstance(value, list) or not value or len(value) > 4 * len(GAMES):
        raise RoomError(f"games is a list of the games the dealer may call, not {shown(value)}",
                        field="games")
    choices = [_game_choice(item) for item in value]
    names = [choice.game for choice in choices]
    if len(set(names)) != len(names):
        raise RoomError("each game is listed once, with all the variants the dealer may call", field="games")
    return tuple(choices)


def _game_choice(item: object) -> GameChoice:
    if isinstance(item, str):
        item = {"game": item}
    if not isinstance(item, dict) or set(item) - {"game", "variants"}:
        raise RoomError(f"a game of the table is a name or {{'game', 'variants'}}, not {shown(item)}",
                        field="games")
    try:
        game = game_class(item.get("game"))
    except HomegameError as error:
        raise RoomError(str(error), field="games") from None
    variants = item.get("variants", [])
    if not isinstance(variants, list) or not all(v in game.variants for v in variants):
        raise RoomError(f"{game.title}'s variants are {', '.join(game.variants) or 'none'}, "
                        f"not {shown(variants)}", field="games")
    return GameChoice(game.name, tuple(dict.fromkeys(variants)))


def _tournament(value: object) -> TournamentConfig | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise RoomError(f"a tournament's rules are an object, not {shown(value)}", field="tournament")
    return TournamentConfig.from_json(value)


def _default(value: object, games: tuple[GameChoice, ...]) -> str:
    names = [choice.game for choice in games]
    if value not in names:
        raise RoomError(f"the default game is one of the table's games ({', '.join(names)}), "
                        f"not {shown(value)}", field="default_game")
    return str(value)
