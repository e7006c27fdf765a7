"""The table settings every betting game shares (ante, stack, structure and bet sizes), the
:class:`~homegame.engine.betting.Limits` they give for a round, and :class:`BettingGame`, the base
of games played for chips with one standard pack.

A game merges :func:`stake_settings` into its own ``settings`` and asks :func:`round_limits` for
each betting round, so every betting game offers the same structures under the same names.

>>> config = {name: s.default for name, s in stake_settings(limit="fixed").items()}
>>> round_limits(config, big=False), round_limits(config, big=True)
(Limits(structure='fixed', bet=2, maximum=None, cap=4), Limits(structure='fixed', bet=4, maximum=None, cap=4))
>>> config.update(limit="spread", max_bet=10)
>>> round_limits(config, big=True)
Limits(structure='spread', bet=4, maximum=20, cap=None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from homegame._compile import mypyc_attr
from homegame.cards import Card, deck
from homegame.engine.betting import STRUCTURE_LABELS, STRUCTURES, Limits
from homegame.engine.game import Game, GameError, Setting
from homegame.engine.pots import Chips

__all__ = ["HABIT_SETTINGS", "BettingGame", "check_stakes", "habit_settings", "round_limits", "seat_chips",
           "stake_settings"]

_SIZED_ROUNDS = STRUCTURES[:4]
"""The structures whose later rounds bet the big bet (Draw's own has no big rounds)."""
_WITH_A_LARGEST_BET = ("spread", "draw")
"""The structures a largest bet (``max_bet``) bounds: spread limit, and Draw's own if set."""


def stake_settings(*, limit: str = "fixed", ante: int = 1, bet: int = 2, max_bet: int = 0,
                   structures: tuple[str, ...] = STRUCTURES[:4],
                   big_rounds: tuple[str, ...] = _SIZED_ROUNDS) -> dict[str, Setting]:
    """The shared betting settings, with this game's defaults: ``structures`` are those the game
    offers, ``big_rounds`` those in which its later rounds bet the big bet. Each setting says
    which of the structures offered it counts under, where it does not count under them all.

    >>> soko, draw = stake_settings(limit="spread"), stake_settings(limit="draw", structures=STRUCTURES)
    >>> soko["max_bet"].structures, draw["max_bet"].structures, soko["big_bet"].structures
    (('spread',), ('spread', 'draw'), ())
    """
    def only(counting: tuple[str, ...]) -> tuple[str, ...]:
        among = tuple(structure for structure in structures if structure in counting)
        return () if among == structures else among

    labels = tuple(STRUCTURE_LABELS[STRUCTURES.index(structure)] for structure in structures)
    return {
        "ante": Setting(ante, "chips each player puts in before the deal", minimum=0, label="Ante"),
        "stack": Setting(100, "chips each player starts with when the table gives no stacks", minimum=1,
                         label="Starting stack"),
        "limit": Setting(limit, "how much a bet or raise may be", choices=structures,
                         choice_labels=labels, label="Betting structure"),
        "bet": Setting(bet, "the bet in fixed limit, the smallest bet in the others", minimum=1,
                       label="Small bet"),
        "big_bet": Setting(0, "the bet of the later, big rounds (0: twice the small bet)", minimum=0,
                           label="Big bet", structures=only(big_rounds)),
        "max_bet": Setting(max_bet, "the largest bet or raise of the small rounds (0: none)",
                           minimum=0, label="Largest spread bet", structures=only(_WITH_A_LARGEST_BET)),
        "cap": Setting(4, "the most bets and raises in a round (0: no cap)", minimum=0,
                       label="Raise cap", structures=only(("fixed",))),
    }


def _switch(help_text: str, label: str) -> Setting:
    return Setting("off", help_text, choices=("off", "on"), choice_labels=("Off", "On"), label=label)


HABIT_SETTINGS: Final = {
    "show_or_muck": _switch("the winner of a pot no one contested may show any of its face-down cards; at a "
                            "showdown a hand that wins nothing may be mucked unseen", "Show or muck"),
    "straddle": _switch("the player after the big blind may straddle, posting twice the big blind before the "
                        "cards are dealt, and then acts last before the flop", "Straddle"),
    "run_twice": _switch("when no more betting can happen before the board is complete, the players still in "
                         "may agree to deal the rest of it twice, each run for half the pot", "Run it twice"),
    "bomb_pot": Setting(0, "chips every player puts in before the deal of a bomb pot, which skips the first "
                           "betting round (0: a hand as usual)", minimum=0, label="Bomb pot"),
}
"""The settings of a regular's table habits (see :mod:`homegame.engine.habits`), each off by default."""


def habit_settings(*names: str) -> dict[str, Setting]:
    """The habits ``names`` among :data:`HABIT_SETTINGS`, for a game that supports them.

    >>> list(habit_settings("show_or_muck", "bomb_pot"))
    ['show_or_muck', 'bomb_pot']
    """
    return {name: HABIT_SETTINGS[name] for name in names}


def check_stakes(config: Mapping[str, Any]) -> None:
    """Refuse settings that cannot make a betting round."""
    if config["limit"] == "spread" and not config["max_bet"]:
        raise GameError("spread limit needs a largest spread bet (the largest bet or raise step)",
                        setting="max_bet")
    if config["limit"] in _WITH_A_LARGEST_BET and config["max_bet"] and config["max_bet"] < config["bet"]:
        raise GameError(f"the largest spread bet ({config['max_bet']}) is below the small bet "
                        f"({config['bet']})", setting="max_bet")


def seat_chips(stacks: Sequence[int] | None, *, players: int, default: int, dealer: int) -> Chips:
    """The chips of a hand: the table's ``stacks`` (or ``default`` each); a seat with no chips sits
    the hand out, counted as folded. A hand needs two seats with chips.

    >>> seat_chips([0, 50, 20], players=3, default=100, dealer=0).folded
    {0}
    >>> seat_chips([0, 50, 0], players=3, default=100, dealer=0)
    Traceback (most recent call last):
    ...
    homegame.errors.GameError: a hand needs at least two players with chips
    """
    chips = Chips(stacks if stacks is not None else [default] * players, dealer=dealer)
    for seat, chips_left in enumerate(chips.stacks):
        if chips_left == 0:
            chips.fold(seat)
    if len(chips.in_hand) < 2:
        raise GameError("a hand needs at least two players with chips")
    return chips


def round_limits(config: Mapping[str, Any], *, big: bool) -> Limits:
    """The limits of a small round, or of a big one (every size doubled unless ``big_bet`` is set)."""
    bet = (config["big_bet"] or 2 * config["bet"]) if big else config["bet"]
    scale = bet / config["bet"]
    structure = config["limit"]
    if structure == "fixed":
        return Limits.fixed(bet, cap=config["cap"] or None)
    if structure == "spread":
        return Limits.spread(bet, round(config["max_bet"] * scale))
    return Limits(structure, bet)


@mypyc_attr(allow_interpreted_subclasses=True)
class BettingGame(Game):
    """A game played for chips from one standard pack, with the shared betting settings.

    Subclasses set ``settings`` (usually :func:`stake_settings` with their defaults, plus their
    own) and ``state_class``, the state a hand starts in.
    """

    settings = stake_settings()
    structure_setting = "limit"
    starting_stack = 100

    def check_config(self) -> None:
        check_stakes(self.config)

    @property
    def deck(self) -> list[Card]:
        return deck()
