"""A game is a configured ruleset: a :class:`Game` subclass with players, variants and settings.

Subclasses declare what they are (``name``, ``title``, ``players``, ``variants``, ``settings``) and
how a hand starts (``start``). The base class checks the configuration, so a bad seat count,
variant or setting is a clear :class:`~homegame.errors.GameError` before any hand is dealt, and
deals: from a seed, from the operating system's randomness, or from a stacked deck, refusing a bad
seed, deck, dealer, stack or carry the same way.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar, TypeGuard

from homegame.cards import Card, format_cards, is_permutation, parse_cards
from homegame.engine.chance import Chance
from homegame.engine.points import points_in_chips
from homegame.engine.settings import MAX_CHIPS, Setting, Variant
from homegame.engine.state import GameState
from homegame.errors import GameError, did_you_mean, shown

__all__ = ["MAX_CHIPS", "Game", "GameError", "Setting", "Variant", "is_counts"]


def _condition(condition: str) -> tuple[str, bool]:
    """The variant a setting's ``condition`` names, and whether the setting counts with it
    (``"X"``) or without it (``"not X"``)."""
    variant = condition.removeprefix("not ")
    return variant, variant == condition


class Game(ABC):
    """A ruleset configured for a table. ``homegame.new_game(name, ...)`` builds one by name.

    Class attributes describe the game for ``homegame.GAMES``: ``title``, ``players`` (the range of
    seats it takes), ``variants`` (name -> Variant: its words and what it changes) and ``settings``
    (name -> Setting).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    players: ClassVar[range]
    variants: ClassVar[Mapping[str, Variant]] = {}
    settings: ClassVar[Mapping[str, Setting]] = {}
    exclusive_variants: ClassVar[tuple[frozenset[str], ...]] = ()
    """Groups of variants of which a table may choose at most one."""
    structure_setting: ClassVar[str | None] = None
    """The setting that chooses the betting structure (``limit`` in the betting games), where the
    game has one: other settings may count only under some of its values (``Setting.structures``),
    and a form asks it before them."""
    variant_settings: ClassVar[Mapping[str, str]] = {}
    """Settings that count only with a variant, or (``"not X"``) only without it: Paiute's ante
    with its ante scoring, Pineapple's blinds without its ante. A table that sets one where it does
    not count is refused, rather than the setting silently ignored."""
    state_class: ClassVar[Callable[..., GameState[Any]]]
    """The state a hand starts in (see :meth:`start`; a game that starts hands differently overrides
    :meth:`start` instead)."""
    starting_stack: ClassVar[int | None] = None
    """Chips each seat brings to a match, for games played for chips (``None``: no chips)."""
    score_is_penalty: ClassVar[bool] = False
    """Whether the outcome counts points against a seat (Papayoo): then lower is better."""
    points_rate: ClassVar[Fraction] = Fraction(1)
    """For a game scored in points, the chips a point is worth where the table does not say: the
    game's own, so that a deal costs about what a hand of poker does (Papayoo's 250 points a deal
    are a chip for every ten)."""
    numbered_cards: ClassVar[bool] = False
    """Whether the game's cards are read as numbers (Papayoo's 1 to 20), so that a ten is shown
    as 10 rather than T."""

    def __init__(self, *, players: int, variants: Iterable[str] = (), **settings: Any) -> None:
        if type(players) is not int or players not in self.players:
            low, high = self.players[0], self.players[-1]
            raise GameError(f"{self.title} takes {low} to {high} players, not {shown(players)}")
        chosen = tuple(dict.fromkeys(v.strip().lower() for v in _names_of(variants)))
        unknown = [v for v in chosen if v not in self.variants]
        if unknown:
            known = ", ".join(self.variants) or "none"
            named = ", ".join(v + did_you_mean(v, self.variants) for v in unknown)
            raise GameError(f"{self.title} has no variant {named}; variants: {known}")
        for group in self.exclusive_variants:
            clash = [v for v in chosen if v in group]
            if len(clash) > 1:
                named = " and ".join(f"{v} ({self.variants[v].label})" for v in clash)
                raise GameError(f"variants {named} cannot be played together")
        unknown = [s for s in settings if s not in self.settings]
        if unknown:
            known = ", ".join(self.settings) or "none"
            named = ", ".join(s + did_you_mean(s, self.settings) for s in unknown)
            raise GameError(f"{self.title} has no setting {named}; settings: {known}")
        self.player_count = players
        self.chosen_variants = frozenset(chosen)
        self.config = {name: setting.check(name, settings.get(name, setting.default_under(chosen)))
                       for name, setting in self.settings.items()}
        self._refuse_uncounted()
        self.check_config()

    @classmethod
    def settings_counted(cls, variants: Iterable[str]) -> frozenset[str]:
        """The settings that count at a table playing ``variants``: all of them but those
        :attr:`variant_settings` ties to other variants. A card room gives its stakes to a game
        only where they count.

        >>> from homegame import GAMES
        >>> sorted(GAMES["pineapple"].settings_counted(["ante"]) - GAMES["pineapple"].settings_counted([]))
        ['ante']
        """
        chosen = set(variants)
        counted = set(cls.settings)
        for key, condition in cls.variant_settings.items():
            variant, wanted = _condition(condition)
            if (variant in chosen) != wanted:
                counted.discard(key)
        return frozenset(counted)

    @classmethod
    def counts_at(cls, key: str, settings: Mapping[str, Any]) -> bool:
        """Whether setting ``key`` counts under the betting structure ``settings`` choose (every
        setting counts where the game has no :attr:`structure_setting`, or ``settings`` do not say).

        >>> from homegame import GAMES
        >>> soko = GAMES["soko"]
        >>> soko.counts_at("cap", {"limit": "no"}), soko.counts_at("cap", {"limit": "fixed"})
        (False, True)
        """
        structure = settings.get(cls.structure_setting) if cls.structure_setting else None
        return cls.settings[key].counts_under(structure)

    @classmethod
    def settings_json(cls) -> dict[str, dict[str, Any]]:
        """Each setting as a form shows it (:meth:`Setting.to_json`), with the variant it counts
        only with (``only_with``) or only without (``only_without``); see :attr:`variant_settings`.

        >>> from homegame import GAMES
        >>> ante = GAMES["pineapple"].settings_json()["ante"]
        >>> ante["label"], ante["only_with"], ante["only_without"]
        ('Ante', 'ante', None)
        """
        described = {}
        for key, setting in cls.settings.items():
            variant, wanted = _condition(cls.variant_settings.get(key, ""))
            described[key] = {**setting.to_json(), "only_with": variant if variant and wanted else None,
                              "only_without": variant if variant and not wanted else None}
        return described

    def _refuse_uncounted(self) -> None:
        counted = self.settings_counted(self.chosen_variants)
        for key, condition in self.variant_settings.items():
            default = self.settings[key].default_under(self.chosen_variants)
            if key not in counted and self.config[key] != default:
                variant, wanted = _condition(condition)
                counts = "only counts" if wanted else "does not count"
                raise GameError(f"{key} {counts} with the {variant} variant", setting=key)

    def check_config(self) -> None:
        """Raise :class:`GameError` for a combination of settings that does not make sense."""
        return None

    def has(self, variant: str) -> bool:
        return variant in self.chosen_variants

    @property
    @abstractmethod
    def deck(self) -> list[Card]:
        """The ordered cards this game deals from (a stacked deck is a permutation of them)."""

    @cached_property
    def _cards(self) -> tuple[Card, ...]:
        """:attr:`deck`, worked out once for :meth:`deal` (a game may build its deck at each read;
        its settings, which choose the deck, never change)."""
        return tuple(self.deck)

    def deal(self, *, seed: int | str | None = None, deck: Sequence[Card] | str | None = None,
             dealer: int = 0, stacks: Sequence[int] | None = None,
             carry: Mapping[str, Any] | None = None, chance: Chance | None = None) -> GameState[Any]:
        """Start a hand: shuffled from ``seed`` (or the OS's randomness), or from a stacked ``deck``.

        ``dealer`` is the dealer's seat, ``stacks`` each seat's chips for games played for chips,
        ``carry`` what the previous hand left (see ``GameState.carry_out``).
        """
        if type(dealer) is not int or not 0 <= dealer < self.player_count:
            raise GameError(f"dealer must be a seat from 0 to {self.player_count - 1}, not {shown(dealer)}")
        if not (seed is None or type(seed) in (int, str)):
            raise GameError(f"a seed is a whole number or a string, not {shown(seed)}")
        if stacks is not None:
            self.check_stacks(stacks)
        carried: dict[str, Any] = {}
        if carry is not None:  # no carry, nothing to check: every game takes an empty one
            if not isinstance(carry, Mapping) or not all(isinstance(key, str) for key in carry):
                raise GameError(f"a carry is an object of what the last hand left, not {shown(carry)}")
            carried = dict(carry)
            self.check_carry(carried)
        chance = chance or Chance(seed)
        cards = self._cards
        if deck is None:
            order = chance.shuffle(cards, record=False)
        else:
            order = parse_cards(deck)
            if not is_permutation(order, cards):
                raise GameError(f"a stacked deck must hold exactly the {len(cards)} cards of "
                                f"this game's deck, each once (got {len(order)} cards)")
        return self.start(order, dealer=dealer, stacks=stacks, carry=carried, chance=chance)

    def check_stacks(self, stacks: object) -> None:
        """Refuse ``stacks`` unless they are one whole number of chips, 0 to :data:`MAX_CHIPS`, per
        seat; games with a stake of their own refuse stacks too short for it."""
        if not is_counts(stacks, self.player_count):
            raise GameError(f"stacks must be {self.player_count} whole numbers of chips from 0 to "
                            f"{MAX_CHIPS}, not {shown(stacks)}")

    @property
    def stack_each(self) -> int | None:
        """Chips each seat brings to a match: the table's ``stack`` setting where the game has one,
        else its ``starting_stack`` (``None``: a game not played for chips).

        >>> from homegame import new_game
        >>> new_game("draw", players=2, stack=300).stack_each, new_game("papayoo", players=3).stack_each
        (300, None)
        """
        if self.starting_stack is None:
            return None
        return int(self.config.get("stack", self.starting_stack))

    @property
    def scores_in_chips(self) -> bool:
        """Whether a hand's outcome counts chips (the betting games, Pai Gow, and games with a
        chip ``unit``); otherwise it counts points, which :meth:`in_chips` turns into chips."""
        return self.starting_stack is not None

    def in_chips(self, outcome: Mapping[int | str, int], *,
                 rate: int | Fraction | None = None) -> dict[int | str, int]:
        """A hand's outcome as chips, for a table where every game is played for one stack.

        An outcome in chips stays as it is. Points are paid at ``rate`` chips a point (the game's
        own :attr:`points_rate` if ``None``), in whole chips: when the seats' points sum to zero (a
        point won is a point another lost) each seat's points are paid as they are; otherwise
        (Papayoo's points taken, Whiskey's chips game paying a bank) every two seats settle the
        difference between their scores, so the worst score pays each other seat what it is behind
        (see :func:`~homegame.engine.points.points_in_chips`). Points counted against a seat
        (``score_is_penalty``) count as negative scores.

        >>> from homegame.games import new_game
        >>> new_game("papayoo", players=3).in_chips({0: 100, 1: 40, 2: 110}, rate=2)
        {0: -100, 1: 260, 2: -160}
        >>> new_game("papayoo", players=3).in_chips({0: 100, 1: 40, 2: 110})
        {0: -5, 1: 13, 2: -8}
        """
        if self.scores_in_chips:
            return dict(outcome)
        sign = -1 if self.score_is_penalty else 1
        scores = {seat: sign * points for seat, points in outcome.items() if isinstance(seat, int)}
        paid = points_in_chips(scores, rate=self.points_rate if rate is None else rate)
        return {seat: chips for seat, chips in paid.items()}

    def costliest_outcome(self) -> Mapping[int | str, int] | None:
        """The outcome of a deal that costs one seat the most, for a game scored in points (``None``
        for a game played for chips, where a deal can cost a whole stack)."""
        return None

    def deal_cost(self, rate: int | Fraction | None = None) -> int | None:
        """The most chips one seat can lose in one deal at ``rate`` chips a point (the game's own
        :attr:`points_rate` if ``None``); ``None`` for a game played for chips.

        >>> from homegame.games import new_game
        >>> new_game("papayoo", players=4).deal_cost(), new_game("papayoo", players=4).deal_cost(1)
        (75, 750)
        """
        outcome = self.costliest_outcome()
        return None if outcome is None else -min(self.in_chips(outcome, rate=rate).values())

    @property
    def least_stack(self) -> int:
        """The fewest chips a player needs to be dealt into a hand played for chips (Pai Gow's
        wager; one chip elsewhere, where a short stack plays all in)."""
        return 1

    carry_keys: ClassVar[frozenset[str]] = frozenset()
    """What a hand of this game may leave to the next (see ``GameState.carry_out``)."""

    def check_carry(self, carry: dict[str, Any]) -> None:
        """Refuse a carry this game cannot take: by default any key not in :attr:`carry_keys`;
        games that carry something check its values too."""
        unknown = [key for key in carry if key not in self.carry_keys]
        if unknown:
            takes = ", ".join(sorted(self.carry_keys)) or "nothing"
            raise GameError(f"{self.title} carries {takes} from hand to hand, not {shown(unknown)}")

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


def is_counts(value: object, length: int, *, most: int = MAX_CHIPS) -> TypeGuard[Sequence[int]]:
    """Whether ``value`` is a list (or tuple) of ``length`` whole numbers from 0 to ``most``:
    stacks, chips or points per seat, as a carry or the table hands them in.

    >>> is_counts([5, 0, 3], 3), is_counts([5, True, 3], 3), is_counts([5, -1], 2)
    (True, False, False)
    """
    return isinstance(value, list | tuple) and len(value) == length and all(
        type(item) is int and 0 <= item <= most for item in value)


def _names_of(variants: object) -> list[str]:
    """The variant names of ``variants`` (a list or other collection of strings), or
    :class:`GameError`: a lone string would be read letter by letter."""
    if isinstance(variants, str | bytes | Mapping) or not isinstance(variants, Iterable):
        raise GameError(f"variants are a list of names such as ['lowball'], not {shown(variants)}")
    names = list(variants)
    if not all(isinstance(name, str) for name in names):
        raise GameError(f"variants are a list of names such as ['lowball'], not {shown(names)}")
    return names
