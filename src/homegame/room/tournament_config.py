"""What a dealer's-choice tournament is set up as: its entries, stacks, levels, breaks and payouts.

A tournament is a sit-and-go over one or more tables of the room: 2 to 8 entries (bots may take
some), each with the same starting ``stack`` of tournament chips, for an entry fee (``buy_in``, in
the room's chips) that makes the prize pool. The stakes rise by ``levels`` on a clock
(``level_seconds`` each), with a break of ``break_seconds`` after every ``break_every`` levels; a
new player may enter until level ``late_entry`` is over. ``payouts`` share the prize pool among the
first places, in percent. The games are the table's (dealer's choice each deal, or with
``rotation`` the games of the list in turn, as mixed-game tournaments deal them).

A tournament deals only games played for chips between its players: the games scored in points
(Papayoo, Chinese Poker, Open-Face Chinese Poker, Paiute) and Pai Gow Poker, whose house banks,
are left out (a hand of them could cost more than a stack, and their stakes do not rise with the
levels), and so is Whiskey Poker's chips game.

>>> rules = TournamentConfig.from_json({"entrants": 6, "stack": 500, "level_seconds": 60})
>>> rules.levels[1]["big_blind"], rules.payouts, rules.schedule(90.0)
(4, (65, 35), (1, False, 120.0))
>>> rules.prizes(pool=60, paid=6)
[39, 21]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from homegame.errors import RoomError, shown
from homegame.games import GAMES, game_class

__all__ = ["DEFAULT_LEVELS", "NUMBER_FIELDS", "TOURNAMENT_FIELDS", "NumberField", "TournamentConfig",
           "refuse_untournamentable"]

_STEPS: Final = (1, 2, 3, 4, 6, 8, 10, 15, 20, 30, 40, 60, 80, 100, 150, 200)


def _level(step: int) -> dict[str, int]:
    return {"ante": step, "small_blind": step, "big_blind": 2 * step, "bet": 2 * step, "max_bet": 10 * step}


DEFAULT_LEVELS: Final = tuple(_level(step) for step in _STEPS)
"""The stakes of each level unless a tournament gives its own: ante and small blind ``s``, big
blind and small bet ``2s``, the largest spread bet ``10s``, ``s`` rising 1, 2, 3, 4, 6, 8..."""
_DEFAULT_PAYOUTS: Final = ((3, (100,)), (6, (65, 35)), (8, (50, 30, 20)))
"""Who is paid by the number of entries: the winner alone up to 3, two places up to 6, then three."""
@dataclass(frozen=True, slots=True)
class NumberField:
    """A tournament's own field that is a number, as a form shows it: its label, its kind (``whole``
    or ``seconds``), its bounds and its default."""

    label: str
    kind: str
    least: float
    most: float
    default: float

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "kind": self.kind, "least": self.least, "most": self.most,
                "default": self.default}


NUMBER_FIELDS: Final = {
    "entrants": NumberField("Entries", "whole", 2, 8, 6),
    "stack": NumberField("Starting stack (chips)", "whole", 1, 10**9, 1000),
    "buy_in": NumberField("Entry fee (chips)", "whole", 0, 10**9, 10),
    "level_seconds": NumberField("Level length (seconds)", "seconds", 0.05, 86_400, 600),
    "break_every": NumberField("Break every (levels; 0: none)", "whole", 0, 100, 0),
    "break_seconds": NumberField("Break length (seconds)", "seconds", 0, 86_400, 300),
    "late_entry": NumberField("Late entry until level (0: none)", "whole", 0, 100, 0),
}
"""A tournament's own fields that are numbers, as a form shows them, with their bounds: the one place
they are declared, which the lobby reads (``/api/setup``) and :meth:`TournamentConfig.from_json`
checks against."""
TOURNAMENT_FIELDS: Final = frozenset({*NUMBER_FIELDS, "payouts", "levels", "rotation"})
"""A tournament's own fields (the rest of its setup is the tables')."""
POINTS_GAMES: Final = frozenset({"papayoo", "chinese", "open_face", "paiute"})
HOUSE_GAMES: Final = frozenset({"pai_gow"})
_CHIP_GAMES: Final = {"whiskey": "chips"}
"""A variant that turns a betting game into a game of counters against a bank."""


def refuse_untournamentable(game: str, variants: Sequence[str] = ()) -> None:
    """Refuse a game (or a variant of one) a tournament does not deal, saying why.

    >>> refuse_untournamentable("papayoo")
    Traceback (most recent call last):
    ...
    homegame.errors.RoomError: Papayoo is scored in points, which a tournament leaves out: ...
    """
    title = game_class(game).title
    if game in POINTS_GAMES:
        raise RoomError(f"{title} is scored in points, which a tournament leaves out: a hand could cost more "
                        "than a stack, and its stakes do not rise with the levels", field="games")
    if game in HOUSE_GAMES:
        raise RoomError(f"{title} is banked by the house, which a tournament leaves out: its chips would "
                        "leave the players", field="games")
    if _CHIP_GAMES.get(game) in variants:
        raise RoomError(f"{title}'s {_CHIP_GAMES[game]} variant counts chips against a bank, which a "
                        "tournament leaves out", field="games")


@dataclass(frozen=True)
class TournamentConfig:
    """A tournament's own rules (see the module's docstring); ``id`` and ``tables`` name it and its
    tables once the room has made them."""

    entrants: int = 6
    stack: int = 1000
    buy_in: int = 10
    payouts: tuple[int, ...] = ()
    levels: tuple[Mapping[str, Any], ...] = DEFAULT_LEVELS
    level_seconds: float = 600.0
    break_every: int = 0
    break_seconds: float = 300.0
    late_entry: int = 0
    rotation: bool = False
    id: str = ""
    tables: tuple[str, ...] = field(default=())

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TournamentConfig:
        """The rules ``data`` describes (the tournament's own fields of its setup), checked."""
        entrants = _whole(data, "entrants")
        payouts = data.get("payouts")
        config = cls(
            entrants=entrants, stack=_whole(data, "stack"), buy_in=_whole(data, "buy_in"),
            payouts=_payouts(payouts) if payouts is not None else _default_payouts(entrants),
            levels=_levels(data.get("levels", list(DEFAULT_LEVELS))),
            level_seconds=_seconds(data, "level_seconds"), break_every=_whole(data, "break_every"),
            break_seconds=_seconds(data, "break_seconds"), late_entry=_whole(data, "late_entry"),
            rotation=_flag(data, "rotation"),
            id=str(data.get("id", "")), tables=tuple(str(t) for t in data.get("tables", ())))
        if len(config.payouts) > entrants:
            raise RoomError(f"Payouts: {len(config.payouts)} places paid among {entrants} entries",
                            field="payouts")
        return config

    def to_json(self) -> dict[str, Any]:
        return {"entrants": self.entrants, "stack": self.stack, "buy_in": self.buy_in,
                "payouts": list(self.payouts), "levels": [dict(level) for level in self.levels],
                "level_seconds": self.level_seconds, "break_every": self.break_every,
                "break_seconds": self.break_seconds, "late_entry": self.late_entry, "rotation": self.rotation,
                "id": self.id, "tables": list(self.tables)}

    def schedule(self, elapsed: float) -> tuple[int, bool, float]:
        """Where the clock stands ``elapsed`` seconds after the start: the level (0 the first; the
        last goes on past its time), whether it is a break (which follows its level, and keeps its
        number), and the elapsed time at which that changes.

        >>> rules = TournamentConfig(level_seconds=60, break_every=2, break_seconds=30)
        >>> rules.schedule(59), rules.schedule(125), rules.schedule(150), rules.schedule(215)
        ((0, False, 60.0), (1, True, 150.0), (2, False, 210.0), (3, False, 270.0))
        """
        length = self.level_seconds
        if not self.break_every:
            level = int(elapsed // length)
            return self._capped(level), False, float((level + 1) * length)
        block = self.break_every * length + self.break_seconds
        blocks, within = divmod(elapsed, block)
        start, done = blocks * block, int(blocks) * self.break_every
        if within >= self.break_every * length:
            return self._capped(done + self.break_every - 1), True, float(start + block)
        level = int(within // length)
        return self._capped(done + level), False, float(start + (level + 1) * length)

    def _capped(self, level: int) -> int:
        return min(level, len(self.levels) - 1)

    def prizes(self, *, pool: int, paid: int) -> list[int]:
        """The prize of each place paid, best first, for a prize ``pool`` among ``paid`` entries:
        the ``payouts`` of the places that had players (shared again among them when fewer entered
        than places are paid), each rounded down and what is left to the winner; they sum to the
        pool."""
        shares = list(self.payouts[:max(1, paid)])
        total = sum(shares)
        prizes = [pool * share // total for share in shares]
        prizes[0] += pool - sum(prizes)
        return prizes


def _default_payouts(entrants: int) -> tuple[int, ...]:
    return next(payouts for most, payouts in _DEFAULT_PAYOUTS if entrants <= most)


def _whole(data: Mapping[str, Any], name: str) -> int:
    known = NUMBER_FIELDS[name]
    value = data.get(name, int(known.default))
    if type(value) is not int or not known.least <= value <= known.most:
        raise RoomError(f"{known.label}: a whole number from {known.least:,.0f} to {known.most:,.0f}, not "
                        f"{shown(value)}", field=name)
    return value


def _seconds(data: Mapping[str, Any], name: str) -> float:
    known = NUMBER_FIELDS[name]
    value = data.get(name, known.default)
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if not number or not known.least <= value <= known.most:
        raise RoomError(f"{known.label}: a number of seconds from {known.least:g} to {known.most:,.0f}, not "
                        f"{shown(value)}", field=name)
    return float(value)


def _flag(data: Mapping[str, Any], name: str) -> bool:
    value = data.get(name, False)
    if type(value) is not bool:
        raise RoomError(f"{name}: true or false, not {shown(value)}", field=name)
    return value


def _payouts(value: object) -> tuple[int, ...]:
    if not isinstance(value, list) or not value or len(value) > 8 or not all(
            type(share) is int and share > 0 for share in value) or sum(value) != 100 \
            or value != sorted(value, reverse=True):
        raise RoomError("Payouts: the percent of the prize pool each place takes, best first, each above 0 "
                        f"and together 100, not {shown(value)}", field="payouts")
    return tuple(value)


def _levels(value: object) -> tuple[Mapping[str, Any], ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= 50:
        raise RoomError(f"levels: a list of 1 to 50 levels, each the stakes it plays, not {shown(value)}",
                        field="levels")
    known = {name for game in GAMES.values() for name in game.settings}
    for number, level in enumerate(value, start=1):
        if not isinstance(level, dict) or not level or not all(
                key in known and type(item) is int and item >= 0 for key, item in level.items()):
            raise RoomError(f"levels: level {number} is an object of stakes (such as big_blind, ante, bet) "
                            f"and their whole numbers, not {shown(level)}", field="levels")
    return tuple(dict(level) for level in value)
