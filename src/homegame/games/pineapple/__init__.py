"""The Pineapple family: hold'em with three hole cards, one of which each player throws away.

- **Pineapple**: three hole cards each; blinds (or, with the ``ante`` variant, antes) and a pre-flop
  betting round; then every player still in discards one hole card, all at once and face down;
  then the flop, turn and river, each after a burn card and each followed by a betting round.
- **Crazy Pineapple**: the same, but the discard comes after the flop's betting round, just before
  the turn.
- **Crazy Pineapple Hi-Lo 8 or better**: Crazy Pineapple with the pot split between the best high
  hand and the best ace-to-five low whose five cards are all 8 or lower; with no such low, the high
  hand takes everything; an odd chip goes to the high half.

At the showdown each hand is the best five of seven cards: the two kept hole cards and the board.
Pre-flop the player left of the big blind acts first (heads-up the dealer posts the small blind and
acts first); after the flop the first player still in from the dealer's left opens each round.

Five settings make a small form of the game for solvers, as Leduc is to hold'em: ``ranks`` and
``suits`` shorten the deck (the highest ranks; spades, then hearts, diamonds and clubs),
``hole_cards`` deals two hole cards instead of three (one is kept), ``flop_cards`` turns up fewer
cards in the flop and ``streets`` stops the board after the flop or the turn. A hand of fewer than
five cards in all ranks by sets of equal ranks and then high cards (:mod:`homegame.ranking.short`);
the deck must hold every card a hand can deal.

>>> import homegame
>>> game = homegame.new_game("crazy_pineapple", players=3)
>>> state = game.deal(deck=stacked_deck("Ah Kd 2c  As Qd 3c  7h 7d 8s"), dealer=0)
>>> state.to_act, state.view(1).hole, state.view(1).hint
((0,), (Ah, As, 7h), 'a pair of aces')
>>> small = Pineapple(players=2, ranks=3, suits=2, hole_cards=2, flop_cards=1, streets=1)
>>> small.deck, small.hand_steps, small.board_sizes, small.cards_dealt
([Qh, Qs, Kh, Ks, Ah, As], ('discard', 'flop', 'bet'), {'flop': 1}, 6)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, ClassVar

from homegame.cards import Card, short_deck
from homegame.engine import GameError, Setting, Variant
from homegame.engine.betting import Limits
from homegame.engine.frozen import template
from homegame.engine.habits import is_on
from homegame.engine.stakes import BettingGame, habit_settings, round_limits, stake_settings
from homegame.games._short_deck import deck_settings
from homegame.games.pineapple.state import PineappleState, stacked_deck
from homegame.games.pineapple.view import PineappleView

__all__ = ["GAMES", "CrazyPineapple", "CrazyPineappleHiLo", "Pineapple", "PineappleState", "PineappleView",
           "stacked_deck"]


class Pineapple(BettingGame):
    """Pineapple for 2 to 10 players: the discard comes right after the pre-flop betting."""

    name = "pineapple"
    title = "Pineapple"
    players = range(2, 11)
    variants = {"ante": Variant("everyone antes instead of posting blinds; the player left of the dealer "
                                "opens the pre-flop betting", label="Antes instead of blinds")}
    variant_settings = {"ante": "ante", "small_blind": "not ante", "big_blind": "not ante",
                        "straddle": "not ante"}
    settings = {
        **stake_settings(limit="fixed", ante=1, bet=2, big_rounds=("fixed", "spread")),
        "ante": Setting(1, "chips each player puts in before the deal", minimum=1,
                        label="Ante"),
        "small_blind": Setting(1, "chips the player left of the dealer posts (heads-up: the dealer)",
                               minimum=0, label="Small blind"),
        "big_blind": Setting(2, "chips the next player posts; pre-flop it is the bet to call", minimum=1,
                             label="Big blind"),
        **habit_settings("show_or_muck", "straddle", "run_twice", "bomb_pot"),
        **deck_settings("ranks", "suits"),
        "hole_cards": Setting(3, "hole cards each player is dealt, one of them thrown away (2: a small "
                                 "game, one card kept)", minimum=2, maximum=3, label="Hole cards"),
        "flop_cards": Setting(3, "cards the flop turns up (fewer: a small game)", minimum=1, maximum=3,
                              label="Cards in the flop"),
        "streets": Setting(3, "streets of the board, a betting round after each: the flop, the turn, "
                              "the river (fewer: a small game)", minimum=1, maximum=3,
                           label="Streets of the board"),
    }
    state_class = PineappleState
    steps: ClassVar[tuple[str, ...]] = ("discard", "flop", "bet", "turn", "bet", "river", "bet")
    """What follows the pre-flop betting round, in order."""
    hi_lo: ClassVar[bool] = False

    def check_config(self) -> None:
        super().check_config()
        if self.config["small_blind"] > self.config["big_blind"]:
            raise GameError(f"the small blind ({self.config['small_blind']}) is larger than the big blind "
                            f"({self.config['big_blind']})", setting="small_blind")
        self._check_small_form()

    def _check_small_form(self) -> None:
        """Refuse a small form the rules cannot play: a deck too short for the cards a hand deals,
        or Hi-Lo with hands too short for its five-card low."""
        config, size = self.config, len(self.deck)
        if self.hi_lo and self.hand_size < 5:
            raise GameError(f"an eight-or-better low takes five cards, and a hand here has {self.hand_size} "
                            f"({self.kept} kept, {sum(self.board_sizes.values())} on the board)",
                            setting="hole_cards" if self.kept < 2 else "streets")
        if size < self.cards_dealt:
            twice = ", the board run twice" if self.run_twice else ""
            raise GameError(f"{self.player_count} players dealt {config['hole_cards']} hole cards each and a "
                            f"board of {sum(self.board_sizes.values())}{twice} (a card burned before each "
                            f"street) need {self.cards_dealt} cards; a deck of {config['ranks']} ranks and "
                            f"{config['suits']} suits holds {size}", setting="ranks")

    @property
    def deck(self) -> list[Card]:
        """The cards of the ``ranks`` highest ranks in the ``suits`` kept (all 52 by default)."""
        return short_deck(self.config["ranks"], self.config["suits"])

    @cached_property
    def kept(self) -> int:
        """How many hole cards each player keeps after the discard."""
        return int(self.config["hole_cards"]) - 1

    @cached_property
    def board_sizes(self) -> dict[str, int]:
        """The streets of the board dealt, in order, and how many cards each turns up."""
        sizes = {"flop": int(self.config["flop_cards"]), "turn": 1, "river": 1}
        return dict(list(sizes.items())[:int(self.config["streets"])])

    @cached_property
    def hand_size(self) -> int:
        """How many cards a hand holds at the showdown: the kept hole cards and the board (a hand of
        five or more plays its best five; one of fewer, all of them)."""
        return self.kept + sum(self.board_sizes.values())

    @cached_property
    def hand_steps(self) -> tuple[str, ...]:
        """The game's :attr:`steps` for this table: a street the board stops before is left out,
        with the betting round after it."""
        left_out = [street for street in ("flop", "turn", "river") if street not in self.board_sizes]
        steps, after_left_out = [], False
        for step in self.steps:
            if step in left_out or (after_left_out and step == "bet"):
                after_left_out = step in left_out
                continue
            after_left_out = False
            steps.append(step)
        return tuple(steps)

    @cached_property
    def cards_dealt(self) -> int:
        """How many cards of the deck a hand deals at most (the rest are never seen): the hole
        cards, then each street and the card burned before it, twice over when the rest of the
        board may be run twice."""
        board = sum(self.board_sizes.values()) + len(self.board_sizes)
        return self.player_count * int(self.config["hole_cards"]) + board * (2 if self.run_twice else 1)

    @cached_property
    def street_limits(self) -> Mapping[str, Limits]:
        """The limits of each street's betting round: fixed and spread limit bet the big bet on the
        turn and river; pot and no limit keep the same smallest bet throughout.

        >>> Pineapple(players=2).street_limits["turn"]
        Limits(structure='fixed', bet=4, maximum=None, cap=4)
        """
        doubles = self.counts_at("big_bet", self.config)
        return {street: round_limits(self.config, big=doubles and street in ("turn", "river"))
                for street in ("preflop", "flop", "turn", "river", "showdown")}

    @cached_property
    def limits_texts(self) -> Mapping[str, str]:
        """How the betting is limited on each street, in words (a view's ``limits``; worked out once,
        as a table builds a view at every turn).

        >>> Pineapple(players=2).limits_texts["turn"]
        'fixed limit 2/4, now 4'
        """
        return {street: self._limits_text(street, limits) for street, limits in self.street_limits.items()}

    def _limits_text(self, street: str, limits: Limits) -> str:
        if limits.structure == "fixed":
            sizes = f"fixed limit {self.config['bet']}/{self.street_limits['river'].bet}"
            return sizes if street == "showdown" else f"{sizes}, now {limits.bet}"
        if limits.structure == "spread":
            return f"spread limit, bets {limits.bet} to {limits.maximum}"
        return f"{'pot' if limits.structure == 'pot' else 'no'} limit, minimum bet {limits.bet}"

    @cached_property
    def ante_each(self) -> int:
        """The ante each player puts in before the deal: 0 but with the ``ante`` variant (a view's
        ``ante``)."""
        return int(self.config["ante"]) if self.has("ante") else 0

    @cached_property
    def view_template(self) -> dict[str, Any]:
        """A view's fields with those only the settings decide filled in, ``hi_lo``, ``ante`` and
        ``bomb_pot`` (worked out once, as a table builds a view at every turn)."""
        return template(PineappleView, {"game": self.name, "hi_lo": self.hi_lo, "ante": self.ante_each,
                                        "bomb_pot": self.config["bomb_pot"]})

    @cached_property
    def show_or_muck(self) -> bool:
        """Whether showing is a choice at the end of a hand (see :mod:`homegame.engine.habits`)."""
        return is_on(self.config, "show_or_muck")

    @cached_property
    def straddle(self) -> bool:
        """Whether the player after the big blind is offered a straddle before the deal."""
        return is_on(self.config, "straddle") and not self.config["bomb_pot"]

    @cached_property
    def run_twice(self) -> bool:
        """Whether players all in before the board is complete are asked to run it twice."""
        return is_on(self.config, "run_twice")



class CrazyPineapple(Pineapple):
    """Crazy Pineapple: all three hole cards play through the flop's betting; the discard comes
    before the turn."""

    name = "crazy_pineapple"
    title = "Crazy Pineapple"
    steps = ("flop", "bet", "discard", "turn", "bet", "river", "bet")


class CrazyPineappleHiLo(CrazyPineapple):
    """Crazy Pineapple Hi-Lo 8 or better: high and eight-or-better low split the pot."""

    name = "crazy_pineapple_hi_lo"
    title = "Crazy Pineapple Hi-Lo 8 or better"
    hi_lo = True


GAMES = (Pineapple, CrazyPineapple, CrazyPineappleHiLo)
