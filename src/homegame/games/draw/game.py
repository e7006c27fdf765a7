"""The Basic Draw Poker ruleset: players, variants, table settings, and the deck.

Betting follows the source's own rules by default (``limit="draw"``: any amount, a caller may not
raise later in the round); ``limit`` switches to fixed, pot, no or spread limit with ``bet``,
``big_bet``, ``max_bet`` and ``cap``. Variants add wild cards (``wild``: two jokers; ``deuces``;
``aces``; ``wild-rank``: the rank the ``wild_rank`` setting names) or play for low (``lowball``
with the ranking named by ``low``).

Four settings make a small form of the game for solvers, as Leduc is to hold'em: ``ranks`` and
``suits`` shorten the deck (the highest ranks; spades, then hearts, diamonds and clubs),
``hand_size`` deals fewer cards a hand and ``max_discard`` caps the draw. A hand of fewer than five
cards ranks by sets of equal ranks and then high cards (:mod:`homegame.ranking.short`); a short
deck or a short hand plays for high without wild cards, and a short deck must hold every card the
hand could deal, so that the stock never runs out.

>>> game = DrawPoker(players=4, variants=["lowball"], low="deuce-to-seven")
>>> game.ranking.name, len(game.deck), game.limits(2)
('deuce-to-seven', 52, Limits(structure='draw', bet=2, maximum=None, cap=None))
>>> DrawPoker(players=2, variants=["wild"]).deck[-2:]
[Jk, Jk]
>>> sorted(DrawPoker(players=2, variants=["wild-rank"], wild_rank="jacks").wild)
[Jc, Jd, Jh, Js]
>>> small = DrawPoker(players=2, ranks=3, suits=2, hand_size=2, max_discard=1)
>>> small.deck, small.draw_sizes, small.cards_dealt, small.ranking.name
([Qh, Qs, Kh, Ks, Ah, As], (0, 1), 6, 'short-high')
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from homegame.cards import Card, deck, rank_name, short_deck
from homegame.engine import Game, GameError, Setting, Variant
from homegame.engine.betting import STRUCTURES, Limits
from homegame.engine.frozen import template
from homegame.engine.habits import is_on
from homegame.engine.stakes import check_stakes, habit_settings, round_limits, stake_settings
from homegame.games._short_deck import deck_settings
from homegame.games.draw.state import DrawState
from homegame.games.draw.view import DrawView
from homegame.ranking import RANKINGS, Ranking, wild_cards
from homegame.ranking.low import low_ranking
from homegame.ranking.short import SHORT_HIGH

__all__ = ["DrawPoker"]

LOWS = ("ace-to-five", "deuce-to-seven", "ace-to-six")
_BEST_LOW = {"ace-to-five": (5, "5-4-3-2-A"), "deuce-to-seven": (7, "7-5-4-3-2"),
             "ace-to-six": (6, "6-4-3-2-A")}
"""The best hand of each way to rank lows, and its top card: a qualifier below it no hand meets."""
WILD_RANKS = tuple(rank_name(rank, plural=True) for rank in range(2, 15))
"""What ``wild_rank`` takes: ``twos`` to ``aces`` (words, which OpenSpiel's game strings keep as text)."""


class DrawPoker(Game):
    """Basic Draw Poker for 2 to 6 players, and its wild-card and lowball variants."""

    name = "draw"
    title = "Basic Draw Poker"
    state_class = DrawState
    players = range(2, 7)
    variants = {
        "wild": Variant("two jokers are added to the deck and are wild", label="Jokers wild"),
        "deuces": Variant("every 2 is wild", label="Deuces wild"),
        "aces": Variant("every ace is wild", label="Aces wild"),
        "wild-rank": Variant("every card of the rank the wild rank setting names is wild",
                             label="Wild cards of a chosen rank"),
        "lowball": Variant("the lowest hand wins, ranked as the low ranking setting says", label="Lowball"),
    }
    exclusive_variants = (frozenset({"wild", "deuces", "aces", "wild-rank"}),)
    starting_stack = 100
    structure_setting = "limit"
    variant_settings = {"low": "lowball", "qualifier": "lowball", "wild_rank": "wild-rank"}
    settings = {
        **stake_settings(limit="draw", structures=STRUCTURES),
        "low": Setting("ace-to-five", "the way low hands are ranked", choices=LOWS,
                       choice_labels=("ace to five", "deuce to seven", "ace to six"), label="Low ranking"),
        "qualifier": Setting(0, "a winning low must be this rank or better (0: none)",
                             minimum=0, maximum=13, label="Low qualifier"),
        "wild_rank": Setting("twos", "the rank whose four cards are wild, twos to aces",
                             choices=WILD_RANKS, label="Wild rank"),
        **habit_settings("show_or_muck", "bomb_pot"),
        **deck_settings("ranks", "suits"),
        "hand_size": Setting(5, "cards each player holds (fewer: a small game, ranked by pairs and sets, "
                                "then high cards)", minimum=1, maximum=5, label="Cards a hand"),
        "max_discard": Setting(3, "the most cards a player may discard in the draw (or all but an ace "
                                  "kept and shown)", minimum=1, maximum=5, label="Most cards discarded"),
    }

    def check_config(self) -> None:
        config = self.config
        check_stakes(config)
        lowest, best = _BEST_LOW[config["low"]]
        if config["qualifier"] and not lowest <= config["qualifier"] <= 13:
            raise GameError(f"a {config['low']} low qualifier is a rank from {lowest} to 13 (king), or 0 for "
                            f"none: no hand is better than {best}", setting="qualifier")
        self._check_small_form()

    def _check_small_form(self) -> None:
        """Refuse a small form the rules cannot play: a draw of more cards than a hand holds, a
        variant with a short deck or hand, or a short deck whose stock could run out (the full
        deck rebuilds it from the discards instead)."""
        config = self.config
        size, short_deck = config["hand_size"], config["ranks"] < 13 or config["suits"] < 4
        if config["max_discard"] > size:
            raise GameError(f"a hand of {size} cards cannot discard {config['max_discard']}",
                            setting="max_discard")
        if (short_deck or size < 5) and self.chosen_variants:
            raise GameError("a short deck or a short hand plays for high without wild cards: no variants",
                            setting="ranks" if short_deck else "hand_size")
        needed = self.player_count * (size + self.most_drawn)
        if short_deck and len(self.deck) < needed:
            raise GameError(f"{self.player_count} players dealt {size} cards and drawing up to "
                            f"{self.most_drawn} need {needed} cards; a deck of {config['ranks']} ranks and "
                            f"{config['suits']} suits holds {len(self.deck)}", setting="ranks")

    @property
    def deck(self) -> list[Card]:
        """The cards of the ``ranks`` highest ranks in the ``suits`` kept (all 52 by default, and
        two jokers with the ``wild`` variant)."""
        if self.has("wild"):
            return deck("standard+2jokers")
        return short_deck(self.config["ranks"], self.config["suits"])

    @cached_property
    def hand_size(self) -> int:
        """How many cards each player holds."""
        return int(self.config["hand_size"])

    @cached_property
    def draw_sizes(self) -> tuple[int, ...]:
        """How many cards a player may discard in the draw (0 to ``max_discard``); see also
        :attr:`ace_draw`."""
        return tuple(range(int(self.config["max_discard"]) + 1))

    @cached_property
    def ace_draw(self) -> bool:
        """Whether a player keeping only an ace, which it shows, may discard the rest: when that is
        more cards than ``max_discard`` allows (four of five by default)."""
        return self.hand_size - 1 > int(self.config["max_discard"])

    @cached_property
    def most_drawn(self) -> int:
        """The most cards one player can draw."""
        return self.hand_size - 1 if self.ace_draw else int(self.config["max_discard"])

    @cached_property
    def draw_rule(self) -> str:
        """How many cards a player may discard, in words, for an illegal discard's explanation."""
        count = self.config["max_discard"]
        most = f"at most {count} card{'s' if count > 1 else ''}"
        return f"{most}, or {self.hand_size - 1} when you keep and show an ace" if self.ace_draw else most

    @cached_property
    def ace_rule(self) -> str:
        """The discard of all but an ace, in words, for an illegal discard's explanation."""
        count = ("one", "two", "three", "four")[self.hand_size - 2]
        return f"you may discard {count} only when the card you keep is an ace, which you show"

    @property
    def cards_dealt(self) -> int:
        """How many cards of the deck a hand deals at most (each hand and each seat's largest
        draw): the rest are never seen. The whole deck when the stock may run out and be rebuilt."""
        return min(len(self.deck), self.player_count * (self.hand_size + self.most_drawn))

    @cached_property
    def ranking(self) -> Ranking:
        """How hands rank at the showdown (a qualified low ranks a failing hand at strength 0; a
        hand of fewer than five cards, by :data:`~homegame.ranking.short.SHORT_HIGH`)."""
        if not self.has("lowball"):
            return RANKINGS["high"] if self.hand_size == 5 else SHORT_HIGH
        way, qualifier = self.config["low"], self.config["qualifier"]
        return low_ranking(way, qualifier=qualifier) if qualifier else RANKINGS[way]

    @cached_property
    def ranking_key(self) -> str | Ranking:
        """The ranking as ``homegame.strength`` takes it: a name where one fits (its fast path)."""
        ranking = self.ranking
        return ranking.name if RANKINGS.get(ranking.name) is ranking else ranking

    @cached_property
    def wild(self) -> frozenset[Card]:
        """The wild cards besides jokers (which are wild whenever the deck holds them)."""
        if self.has("wild-rank"):
            return wild_cards(self.config["wild_rank"])
        if self.has("deuces"):
            return wild_cards("deuces")
        return wild_cards("aces") if self.has("aces") else frozenset()

    @cached_property
    def wild_name(self) -> str:
        """Which cards are wild, in a word: ``none``, ``jokers``, ``deuces``, ``aces``, or the rank
        ``wild_rank`` names (``sevens``)."""
        if self.has("wild"):
            return "jokers"
        if self.has("wild-rank"):
            return str(self.config["wild_rank"])
        return next((variant for variant in ("deuces", "aces") if self.has(variant)), "none")

    @cached_property
    def show_or_muck(self) -> bool:
        """Whether showing is a choice at the end of a hand (see :mod:`homegame.engine.habits`)."""
        return is_on(self.config, "show_or_muck")

    @cached_property
    def view_template(self) -> dict[str, Any]:
        """A view's fields with those only the settings decide filled in, ``ante``, ``limit``,
        ``ranking``, ``wild`` and ``bomb_pot`` (worked out once: a table builds a view at every
        turn)."""
        return template(DrawView, {"game": self.name, "ante": self.config["ante"],
                                   "limit": self.config["limit"], "ranking": self.ranking.name,
                                   "wild": self.wild_name, "bomb_pot": self.config["bomb_pot"]})

    @cached_property
    def wild_key(self) -> frozenset[Card] | None:
        """:attr:`wild` as ``homegame.strength`` takes it (``None`` when no rank is wild)."""
        return self.wild or None

    def limits(self, round_number: int) -> Limits:
        """The betting limits of the first (1) or second (2) betting round.

        The source's own mode takes any amount from ``bet`` (up to ``max_bet`` if set) in both
        rounds; the other structures are the shared ones of :mod:`homegame.engine.stakes`, the
        round after the draw being the big one.
        """
        return self._round_limits[round_number - 1]

    @cached_property
    def _round_limits(self) -> tuple[Limits, Limits]:
        config = self.config
        if config["limit"] == "draw":
            same = Limits.draw(config["bet"], config["max_bet"] or None)
            return same, same
        return round_limits(config, big=False), round_limits(config, big=True)

