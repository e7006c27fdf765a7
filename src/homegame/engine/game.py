"""A game is a configured ruleset: a :class:`Game` subclass with players, variants and settings.

Subclasses declare what they are (``name``, ``title``, ``players``, ``variants``, ``settings``) and
how a hand starts (``start``). The base class checks the configuration, so a bad setting is a clear
``ValueError`` before any hand is dealt, and deals: from a seed, from the operating system's
randomness, or from a stacked deck.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from homegame.cards import Card, format_cards, is_permutation, parse_cards
from homegame.engine.chance import Chance
from homegame.engine.state import GameState
from homegame.errors import GameError

__all__ = ["Game", "GameError", "Setting"]


@dataclass(frozen=True, slots=True)
class Setting:
    """A table setting: its default, what it means, and what values it takes.

    The type of the default is the setting's type. ``choices`` lists the allowed values;
    ``minimum`` and ``maximum`` bound a number.
    """

    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def check(self, name: str, value: Any) -> Any:
        kind = type(self.default)
        if kind is int and isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        is_bool_for_int = kind is int and isinstance(value, bool)
        if self.default is not None and (is_bool_for_int or not isinstance(value, kind)):
            raise GameError(f"setting {name} takes a {kind.__name__}, got {value!r}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise GameError(f"setting {name} must be one of {allowed}, got {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise GameError(f"setting {name} must be at least {self.minimum}, got {value!r}")
        if self.maximum is not None and value > self.maximum:
            raise GameError(f"setting {name} must be at most {self.maximum}, got {value!r}")
        return value


class Game(ABC):
    """A ruleset configured for a table. ``homegame.new_game(name, ...)`` builds one by name.

    Class attributes describe the game for ``homegame.GAMES``: ``title``, ``players`` (the range of
    seats it takes), ``variants`` (name -> what it changes) and ``settings`` (name -> Setting).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    players: ClassVar[range]
    variants: ClassVar[Mapping[str, str]] = {}
    settings: ClassVar[Mapping[str, Setting]] = {}
    exclusive_variants: ClassVar[tuple[frozenset[str], ...]] = ()
    """Groups of variants of which a table may choose at most one."""
    state_class: ClassVar[Callable[..., GameState[Any]]]
    """The state a hand starts in (see :meth:`start`; a game that starts hands differently overrides
    :meth:`start` instead)."""
    starting_stack: ClassVar[int | None] = None
    """Chips each seat brings to a match, for games played for chips (``None``: no chips)."""
    score_is_penalty: ClassVar[bool] = False
    """Whether the outcome counts points against a seat (Papayoo): then lower is better."""

    def __init__(self, *, players: int, variants: Iterable[str] = (), **settings: Any) -> None:
        if not isinstance(players, int) or players not in self.players:
            low, high = self.players[0], self.players[-1]
            raise GameError(f"{self.title} takes {low} to {high} players, not {players!r}")
        chosen = tuple(dict.fromkeys(v.strip().lower() for v in variants))
        unknown = [v for v in chosen if v not in self.variants]
        if unknown:
            known = ", ".join(self.variants) or "none"
            raise GameError(f"{self.title} has no variant {', '.join(unknown)}; variants: {known}")
        for group in self.exclusive_variants:
            clash = [v for v in chosen if v in group]
            if len(clash) > 1:
                raise GameError(f"variants {' and '.join(clash)} cannot be played together")
        unknown = [s for s in settings if s not in self.settings]
        if unknown:
            known = ", ".join(self.settings) or "none"
            raise GameError(f"{self.title} has no setting {', '.join(unknown)}; settings: {known}")
        self.player_count = players
        self.chosen_variants = frozenset(chosen)
        self.config = {name: setting.check(name, settings.get(name, setting.default))
                       for name, setting in self.settings.items()}
        self.check_config()

    def check_config(self) -> None:
        """Raise :class:`GameError` for a combination of settings that does not make sense."""
        return None

    def has(self, variant: str) -> bool:
        return variant in self.chosen_variants

    @property
    @abstractmethod
    def deck(self) -> list[Card]:
        """The ordered cards this game deals from (a stacked deck is a permutation of them)."""

    def deal(self, *, seed: int | str | None = None, deck: Sequence[Card] | str | None = None,
             dealer: int = 0, stacks: Sequence[int] | None = None,
             carry: Mapping[str, Any] | None = None, chance: Chance | None = None) -> GameState[Any]:
        """Start a hand: shuffled from ``seed`` (or the OS's randomness), or from a stacked ``deck``.

        ``dealer`` is the dealer's seat, ``stacks`` each seat's chips for games played for chips,
        ``carry`` what the previous hand left (see ``GameState.carry_out``).
        """
        if not isinstance(dealer, int) or not 0 <= dealer < self.player_count:
            raise GameError(f"dealer must be a seat from 0 to {self.player_count - 1}, not {dealer!r}")
        if stacks is not None:
            self.check_stacks(stacks)
        chance = chance or Chance(seed)
        if deck is None:
            order = chance.shuffle(self.deck)
            chance.record.clear()
        else:
            order = parse_cards(deck)
            if not is_permutation(order, self.deck):
                raise GameError(f"a stacked deck must hold exactly the {len(self.deck)} cards of "
                                f"this game's deck, each once (got {len(order)} cards)")
        return self.start(order, dealer=dealer, stacks=stacks, carry=dict(carry or {}),
                          chance=chance)

    def check_stacks(self, stacks: Sequence[int]) -> None:
        if len(stacks) != self.player_count or any(
                not isinstance(s, int) or isinstance(s, bool) or s < 0 for s in stacks):
            raise GameError(f"stacks must be {self.player_count} whole numbers of chips, got {stacks!r}")

    def start(self, deck: list[Card], *, dealer: int, stacks: Sequence[int] | None,
              carry: dict[str, Any], chance: Chance) -> GameState[Any]:
        """The first state of a hand dealt from ``deck`` (already shuffled or stacked): by default
        ``state_class(game, deck, dealer=..., stacks=..., carry=..., chance=...)``."""
        make_state = type(self).state_class
        return make_state(self, deck, dealer=dealer, stacks=stacks, carry=carry, chance=chance)

    def header(self, *, deck: Sequence[Card], dealer: int, stacks: Sequence[int] | None,
               carry: Mapping[str, Any] | None) -> dict[str, Any]:
        """What a history needs to deal the same hand again."""
        return {
            "game": self.name,
            "players": self.player_count,
            "variants": sorted(self.chosen_variants),
            "settings": dict(self.config),
            "deck": format_cards(deck),
            "dealer": dealer,
            "stacks": None if stacks is None else list(stacks),
            "carry": dict(carry or {}),
        }

    def __repr__(self) -> str:
        variants = f", variants={sorted(self.chosen_variants)}" if self.chosen_variants else ""
        return f"<{type(self).__name__} players={self.player_count}{variants}>"
