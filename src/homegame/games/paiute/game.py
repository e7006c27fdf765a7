"""The Paiute ruleset: seats, variants, settings, the deck, and what a win is worth.

Paiute is a Hawaiian draw-and-discard game for 2 to 5 players: five cards each, a turned-up rank
is wild, and the first player to hold a winning combination of five or six cards right after a draw
may call it. The rules text is ``homegame rules paiute`` (``games/rules/paiute.md``).

>>> game = Paiute(players=3, variants=["pay-table"])
>>> state = game.deal(seed=4)
>>> state.to_act, len(state.view(1).hand), len(game.deck)
((1,), 5, 52)
>>> Paiute(players=2, variants=["jokers"]).deck[-2:]
[Jk, Jk]
>>> table = Paiute(players=2, variants=["pay-table", "royal-on-top"]).config
>>> table["pay_royal_flush"], table["pay_five_of_a_kind"]
(6, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from homegame.cards import Card, deck
from homegame.engine import Chance, Game, GameError, Setting, Variant
from homegame.engine.game import is_counts
from homegame.games.paiute.state import PaiuteState
from homegame.ranking import Hand
from homegame.ranking.paiute import PaiuteRanking, paiute_ranking
from homegame.wording import counted, seats_listed

__all__ = ["PAY_TABLE_SETTINGS", "Paiute"]

PAY_TABLE_SETTINGS = {
    "five of a kind": "pay_five_of_a_kind",
    "royal flush": "pay_royal_flush",
    "straight flush": "pay_straight_flush",
    "four/two": "pay_four_two",
    "three/three": "pay_three_three",
    "paiute": "pay_paiute",
}
"""Each combination and the setting holding what every other player pays for it under ``pay-table``."""

_PAY_DEFAULTS = dict(zip(PAY_TABLE_SETTINGS.values(), (6, 5, 4, 3, 2, 1), strict=True))
_ROYAL_ON_TOP_PAYS = {"pay_royal_flush": {"royal-on-top": 6}, "pay_five_of_a_kind": {"royal-on-top": 5}}
"""The pay table's defaults run 6 down to 1 in the ranking's order, so with ``royal-on-top`` the
royal flush pays 6 and five of a kind 5 unless the players set them."""


class Paiute(Game):
    """Paiute for 2 to 5 players, with the variants of the rule sources."""

    name = "paiute"
    title = "Paiute"
    players = range(2, 6)
    variants = {
        "denexa": Variant("one more card is turned up after the wild card to start the discard pile",
                          label="Denexa"),
        "jokers": Variant("two jokers are added and are the only wild cards; no card is turned up",
                          label="Jokers wild"),
        "opposite-colour": Variant("only the two cards of the turned rank in the other colour are wild",
                                   label="Wild in the opposite colour"),
        "royal-on-top": Variant("the royal flush outranks five of a kind", label="Royal flush on top"),
        "ante": Variant("everyone antes (the ante setting); the winner takes the pot (a void deal returns "
                        "it)", label="Play for an ante"),
        "pay-table": Variant("every other player pays the winner by the winning combination (the pay "
                             "settings)", label="Pay table"),
    }
    exclusive_variants = (frozenset({"jokers", "opposite-colour"}), frozenset({"ante", "pay-table"}))
    variant_settings = {"ante": "ante", **dict.fromkeys(_PAY_DEFAULTS, "pay-table")}
    settings = {
        "ante": Setting(1, "chips each player puts in before the deal", minimum=1, label="Ante"),
        **{key: Setting(_PAY_DEFAULTS[key],
                        f"units every other player pays when the deal is won with {combination}",
                        minimum=0, label=f"Pay for {combination}",
                        variant_defaults=_ROYAL_ON_TOP_PAYS.get(key, {}))
           for combination, key in PAY_TABLE_SETTINGS.items()},
    }
    carry_keys = frozenset({"wins"})

    points_rate = Fraction(2)
    """A deal won (or a unit of the pay table) is worth two chips from each other player."""

    @property
    def scores_in_chips(self) -> bool:
        """Only the ``ante`` scoring plays for chips; the others count deals or units."""
        return self.has("ante")

    def costliest_outcome(self) -> dict[int | str, int] | None:
        """Seat 0 wins the deal with the combination that pays the most."""
        if self.scores_in_chips:
            return None
        table = self.has("pay-table")
        pays = [int(self.config[key]) for key in PAY_TABLE_SETTINGS.values()] if table else [1]
        each, others = max(pays), self.player_count - 1
        return {seat: each * others if seat == 0 else -each for seat in range(self.player_count)}

    @property
    def deck(self) -> list[Card]:
        return deck("standard+2jokers" if self.has("jokers") else "standard")

    @property
    def ranking(self) -> PaiuteRanking:
        """The Paiute ranking of this table (royal flush on top with ``royal-on-top``)."""
        return paiute_ranking(royal_on_top=self.has("royal-on-top"))

    def payment(self, winning: Hand) -> int:
        """What each other player pays the winner of a deal won with ``winning``.

        >>> from homegame.cards import parse_cards
        >>> game = Paiute(players=2, variants=["pay-table"], pay_four_two=7)
        >>> game.payment(game.ranking.evaluate(parse_cards("9c 9d 9h 9s Kd Kh")))
        7
        """
        if self.has("pay-table"):
            return int(self.config[PAY_TABLE_SETTINGS[winning.category.name]])
        if self.has("ante"):
            return int(self.config["ante"])
        return 1

    def settlement_text(self, winner: int, winning: Hand) -> str:
        """Who pays whom, and how much, for a deal ``winner`` won with ``winning``: each payment
        said once, in the table's unit (what the winner gains is their sum, which the table's
        result already shows seat by seat).

        >>> from homegame.cards import parse_cards
        >>> game = Paiute(players=3, variants=["ante"], ante=2)
        >>> game.settlement_text(1, game.ranking.evaluate(parse_cards("9c 9d 9h 9s Kd Kh")))
        'seat 0 and seat 2 each pay 2 chips to seat 1'

        Only a pay table pays nothing (its settings may be 0; an ante, and a deal won for a point,
        pay at least 1): then the settlement says no one pays, and why.

        >>> free = Paiute(players=3, variants=["pay-table"], pay_four_two=0)
        >>> free.settlement_text(1, free.ranking.evaluate(parse_cards("9c 9d 9h 9s Kd Kh")))
        'no one pays seat 1: the pay table gives nothing for four/two'
        """
        if not self.payment(winning):
            return f"no one pays seat {winner}: the pay table gives nothing for {winning.category.name}"
        losers = [seat for seat in range(self.player_count) if seat != winner]
        unit = "chip" if self.has("ante") else "unit" if self.has("pay-table") else "point"
        pay = "each pay" if len(losers) > 1 else "pays"
        return f"{seats_listed(losers)} {pay} {counted(self.payment(winning), unit)} to seat {winner}"

    def scoring_text(self) -> str:
        """How deals are scored at this table, in words."""
        if self.has("pay-table"):
            table = ", ".join(f"{name} {self.config[key]}" for name, key in PAY_TABLE_SETTINGS.items())
            return f"pay table: every other player pays the winner ({table})"
        if self.has("ante"):
            return f"ante {self.config['ante']} each: the winner takes the pot; a void deal returns it"
        return "deals won: the winner takes a point from each other player"

    def start(self, deck: list[Card], *, dealer: int, stacks: Sequence[int] | None,
              carry: dict[str, Any], chance: Chance) -> PaiuteState:
        wins = carry.get("wins", [0] * self.player_count)
        if not is_counts(wins, self.player_count):
            raise GameError(f"carry 'wins' must list {self.player_count} counts of deals won, got {wins!r}")
        return PaiuteState(self, deck, dealer=dealer, chance=chance, stacks=stacks, carry=carry)
