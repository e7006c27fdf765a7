"""Soko (Canadian Stud): five-card stud with two extra hands, the four-flush and the four-straight.

Everyone antes and gets one card face down (the hole card) and one face up. The lowest up card
(ace high; a tie goes to the player nearest the dealer's left) must open with a bring-in of half
the minimum bet, rounded down but never less than one chip, or may open for a full bet. Then each
player still in gets another up card and bets, three times, until everyone has four up cards and
the hole card: four betting rounds in all, one after each card dealt. From the second round on,
the player whose up cards make the lowest hand (pairs first, then high cards) acts first. Betting
is between the table's minimum and maximum, doubled from the second round if anyone still in shows
a pair on their two up cards, and from the third round on regardless. At the showdown the best
Soko hand takes the pot.

Two settings make a small form of the game for solvers (as Leduc is to hold'em): ``ranks`` keeps
only the highest ranks in the deck and ``streets`` deals fewer up cards, one betting round after
each. A hand of fewer than five cards is judged as up cards are (:func:`short_hand`): sets of
equal ranks first, then the ranks high to low.

>>> import homegame
>>> game = homegame.new_game("soko", players=3)
>>> state = game.deal(deck="2c 3c 4c Kd 9s 2d", dealer=2)
Traceback (most recent call last):
...
homegame.errors.GameError: a stacked deck must hold exactly the 52 cards of this game's deck, ...
>>> state = game.deal(deck=stacked_deck("2c 3c 4c Kd 9s 2d"), dealer=2)
>>> state.view(None).up_cards, state.to_act, state.view(0).hint
({0: (Kd,), 1: (9s,), 2: (2d,)}, (2,), 'king high')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from homegame._compile import mypyc_attr
from homegame.cards import Card, deck, parse_cards, rank_counts, short_deck
from homegame.engine import Action, ActionSet, Chance, GameState, Outcome, Setting
from homegame.engine.betting import BettingRound, Limits, money_fields, post_antes
from homegame.engine.frozen import make_frozen
from homegame.engine.habits import ShowOrMuck, is_on, winners_of
from homegame.engine.pots import clockwise_from_left
from homegame.engine.redeal import Redeal
from homegame.engine.showdown import Reason, ShownHands, reveal_hands, settle_showdown, settle_uncontested
from homegame.engine.stakes import BettingGame, habit_settings, round_limits, seat_chips, stake_settings
from homegame.errors import GameError
from homegame.games._short_deck import deck_settings
from homegame.games.soko_view import SokoView
from homegame.ranking import Hand, evaluate, strength
from homegame.ranking.short import short_hand as short_hand_of
from homegame.ranking.short import short_name as showing_name

__all__ = ["GAMES", "Soko", "SokoState", "SokoView", "short_hand", "showing_strength", "stacked_deck"]

CARDS = 5


def stacked_deck(first: str) -> list[Card]:
    """A deck that deals ``first`` in that order, then the rest of the pack (for tests and examples)."""
    top = parse_cards(first)
    return top + [card for card in deck() if card not in top]


def showing_strength(up: Sequence[Card]) -> tuple[int, ...]:
    """How strong the up cards look, for who acts first: sets of equal ranks first (four, three,
    two pairs, a pair), then the ranks high to low. Straights and flushes do not count here.

    >>> from homegame.cards import parse_cards
    >>> showing_strength(parse_cards("5c 5d")) > showing_strength(parse_cards("Ac Kd"))
    True
    >>> showing_strength(parse_cards("9c 9d 2s")) > showing_strength(parse_cards("8c 8d Ks"))
    True
    """
    counts = rank_counts(up)
    shape = sorted(counts.values(), reverse=True)
    ranks = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    return (*shape, 0, *ranks)


def short_hand(cards: Sequence[Card]) -> Hand:
    """A hand of fewer than five cards (the small form's showdown), judged as up cards are: sets of
    equal ranks first, then the ranks high to low (no straights or flushes; see
    :mod:`homegame.ranking.short`).

    >>> from homegame.cards import parse_cards
    >>> pair, high = short_hand(parse_cards("Qc Qd")), short_hand(parse_cards("Ac Kd"))
    >>> pair > high, pair.name, high.name
    (True, 'a pair of queens', 'ace high')
    """
    return short_hand_of(cards, "soko")


def showdown_strength(cards: Sequence[Card]) -> int:
    """The strength of a hand at the showdown: a Soko hand of five cards, else :func:`short_hand`."""
    return strength(cards, "soko") if len(cards) == CARDS else short_hand(cards).strength


def showdown_hand(cards: Sequence[Card]) -> Hand:
    """The evaluated hand at the showdown (see :func:`showdown_strength`)."""
    return evaluate(list(cards), "soko") if len(cards) == CARDS else short_hand(cards)


@mypyc_attr(allow_interpreted_subclasses=True)  # clone() copies it (see _compile.py)
class SokoState(GameState[SokoView]):
    """One hand of Soko."""

    def __init__(self, game: Soko, cards: list[Card], *, dealer: int, chance: Chance,
                 stacks: Sequence[int] | None, carry: dict[str, Any]) -> None:
        super().__init__(game, deck=cards, dealer=dealer, chance=chance, stacks=stacks, carry=carry)
        players, config = self.players, game.config
        self.chips = seat_chips(self.stacks, players=players, default=config["stack"], dealer=self.dealer)
        self.order = [(self.dealer + step) % players for step in range(1, players + 1)]
        self.stock = list(cards)
        self.hole: dict[int, Card] = {}
        self.up: dict[int, list[Card]] = {seat: [] for seat in self.live()}
        self.street = 0
        self.doubled = False
        self.revealed: dict[int, tuple[Card, ...]] = {}
        self.shown_hands: ShownHands | None = None
        self.results: list[str | Reason] = []
        self.betting: BettingRound | None = None
        self.showing: ShowOrMuck | None = None
        self.mucked: tuple[int, ...] = ()
        self._contenders: dict[int, int] | None = None
        if config["ante"]:
            post_antes(self.history, self.chips, self.live(), config["ante"])
        self._deal_hole_cards()
        self._next_street()

    def live(self) -> list[int]:
        """The seats still in the hand, clockwise from the dealer's left."""
        return [seat for seat in self.order if seat not in self.chips.folded]

    # -- dealing and streets -------------------------------------------------------------------

    def _deal_hole_cards(self) -> None:
        for seat in self.live():
            self.hole[seat] = self.stock.pop(0)
            self.history.add("deal", seat, {"cards": [str(self.hole[seat])]}, private_to=(seat,))

    def _deal_up_cards(self) -> None:
        dealt = {}
        for seat in self.live():
            card = self.stock.pop(0)
            self.up[seat].append(card)
            dealt[str(seat)] = str(card)
        self.history.add("up", None, {"cards": dealt})

    def _next_street(self) -> None:
        while True:
            if len(self.chips.in_hand) == 1:
                self._award_uncontested()
                return
            if self.street == self.game.config["streets"]:
                self._showdown()
                return
            self.street += 1
            self._deal_up_cards()
            self.betting = self._betting_round()
            if self.betting.turn is not None:
                return
            self.betting = None

    def _betting_round(self) -> BettingRound:
        if self.street == 2 and any(len(set(c.rank for c in self.up[s])) == 1 for s in self.live()):
            self.doubled = True
            self.history.add("limits doubled", None, {"reason": "a pair shows on two up cards"})
        elif self.street == 3 and not self.doubled:
            self.doubled = True
            self.history.add("limits doubled", None, {"reason": "the third round and after"})
        limits = self.current_limits()
        if self.street == 1:
            opener = self._lowest_up_card()
            bring_in = bring_in_for(self.game.config, self.doubled)
            self.history.add("bring-in", opener, {"card": str(self.up[opener][0]), "amount": bring_in})
            return BettingRound(self.chips, first=opener, limits=limits, bring_in=bring_in)
        return BettingRound(self.chips, first=self._lowest_showing(), limits=limits)

    def current_limits(self) -> Limits:
        return round_limits(self.game.config, big=self.doubled)

    def _lowest_up_card(self) -> int:
        live = clockwise_from_left(self.live(), dealer=self.dealer, players=self.players)
        return min(live, key=lambda seat: self.up[seat][0].rank)

    def _lowest_showing(self) -> int:
        able = [seat for seat in self.live() if seat not in self.chips.all_in] or self.live()
        live = clockwise_from_left(able, dealer=self.dealer, players=self.players)
        return min(live, key=lambda seat: showing_strength(self.up[seat]))

    # -- the contract --------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.showing is not None:
            return self.showing.waiting
        turn = self.betting.turn if self.betting is not None else None
        return () if turn is None else (turn,)

    def betting_round(self) -> BettingRound | None:
        return self.betting

    def _legal(self, seat: int) -> ActionSet:
        if self.showing is not None:
            return self.showing.legal[seat]
        assert self.betting is not None
        return self.betting.legal(seat)

    def _copy_into(self, twin: Self) -> bool:
        twin.chips = chips = self.chips.copy()
        twin.betting = self.betting.copy(chips) if self.betting is not None else None
        twin.stock, twin.hole = list(self.stock), dict(self.hole)
        twin.up = {seat: list(cards) for seat, cards in self.up.items()}
        twin.results = list(self.results)
        twin.doubled, twin.order, twin.revealed = self.doubled, self.order, self.revealed
        twin.shown_hands, twin.street = self.shown_hands, self.street
        twin.showing = self.showing.copy() if self.showing is not None else None
        twin.mucked, twin._contenders = self.mucked, self._contenders
        return True

    def _redeal(self, seat: int, redeal: Redeal) -> None:
        """The other hole cards and the stock (every up card is seen by all)."""
        holes = {other: [card] for other, card in self.hole.items()
                 if other != seat and other not in self.revealed}
        for cards in holes.values():
            redeal.hide(cards)
        redeal.hide(self.stock)
        redeal.deal()
        self.hole.update((other, cards[0]) for other, cards in holes.items())

    def _apply(self, seat: int, action: Action) -> None:
        if self.showing is not None:
            self._show_or_muck(self.showing, seat, action)
            return
        assert self.betting is not None
        self.betting.apply(seat, action)
        if self.betting.turn is None or len(self.chips.in_hand) == 1:
            self.betting = None
            self._next_street()

    def _explain_illegal(self, seat: int, action: Action) -> str:
        if self.showing is not None and seat in self.to_act:
            return self.showing.explain(seat, action)
        if seat not in self.to_act or self.betting is None:
            return self._not_your_turn(seat)
        return self.betting.explain(seat, action)

    def _outcome(self) -> Outcome:
        return {seat: amount for seat, amount in self.chips.net().items()}

    # -- the end -------------------------------------------------------------------------------

    def _award_uncontested(self) -> None:
        self.street = 5
        self.results.append(settle_uncontested(self.history, self.chips))
        if is_on(self.game.config, "show_or_muck"):
            winner = self.chips.in_hand[0]
            self.showing = ShowOrMuck.after_fold(winner, [self.hole[winner]])

    def _showdown(self) -> None:
        """Show the hands still in and award the pots; with show or muck on, the winning hands are
        shown and each hand that wins nothing is shown or mucked first."""
        self.street = 5
        live, chips = self.live(), self.chips
        strengths = {seat: showdown_strength((self.hole[seat], *self.up[seat])) for seat in live}
        losers: list[int] = []
        if is_on(self.game.config, "show_or_muck"):
            winners = winners_of(chips.pots(), strengths, None, dealer=chips.dealer, players=chips.players)
            losers = [seat for seat in live if seat not in winners]
        self.revealed = {seat: (self.hole[seat], *self.up[seat]) for seat in live if seat not in losers}
        reveal_hands(self.history, self.revealed)
        self._contenders = strengths
        if losers:
            hands = {seat: (self.hole[seat], *self.up[seat]) for seat in losers}
            self.showing = ShowOrMuck.at_showdown(hands)
            return
        self._settle_showdown(strengths)

    def _settle_showdown(self, strengths: dict[int, int]) -> None:
        shown = self.shown_hands = ShownHands(self.revealed, showdown_hand)
        contenders = {seat: value for seat, value in strengths.items() if seat in self.revealed}
        self.results.extend(settle_showdown(self.history, self.chips, contenders, shown.name,
                                            cards=shown.cards))

    def _show_or_muck(self, showing: ShowOrMuck, seat: int, action: Action) -> None:
        shown = showing.take(seat, action)
        if shown is not None:
            cards = shown if self._contenders is not None else (*shown, *self.up[seat])
            self.revealed = {**self.revealed, seat: cards}
            reveal_hands(self.history, {seat: shown})
        if showing.done:
            self.showing, self.mucked = None, tuple(sorted(showing.mucked))
            if self._contenders is not None:
                self._settle_showdown(self._contenders)

    # -- views ---------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> SokoView:
        betting = self.betting
        over = self.street == 5
        hole = self.hole.get(seat) if seat is not None else None
        own = ([hole] if hole is not None else []) + (self.up.get(seat, []) if seat is not None else [])
        limits = self.current_limits()
        size = f"{limits.bet}" if limits.structure == "fixed" else \
            f"{limits.bet} to {limits.maximum}" if limits.maximum else f"{limits.bet} and up"
        return make_frozen(SokoView, {
            **self.view_base(seat), "street": self.street, "hole": hole,
            "up_cards": {s: tuple(cards) for s, cards in self.up.items()},
            "hint": self._hint(own), **money_fields(self.chips, betting, seat),
            "bring_in": bring_in_for(self.game.config, False),
            "limits": f"{limits.structure} limit, {size}", "doubled": self.doubled,
            "showdown": dict(self.revealed) if over else {},
            "hand_names": self.shown_hands.names(self.revealed) if self.shown_hands is not None else {},
            "mucked": self.mucked, "show": self.showing is not None,
            "results": tuple(map(str, self.results)),
        })

    @staticmethod
    def _hint(cards: Sequence[Card]) -> str:
        if len(cards) == CARDS:
            return evaluate(list(cards), "soko").name
        return showing_name(cards) if cards else ""


class Soko(BettingGame):
    """Soko, or Canadian Stud, for 2 to 10 players."""

    name = "soko"
    title = "Soko (Canadian Stud)"
    players = range(2, 11)
    settings = {
        **stake_settings(limit="spread", bet=2, max_bet=10), **habit_settings("show_or_muck"),
        **deck_settings("ranks"),
        "streets": Setting(4, "up cards each player gets, a betting round after each (fewer: a small game)",
                           minimum=1, maximum=4, label="Up cards"),
    }
    state_class = SokoState

    def check_config(self) -> None:
        super().check_config()
        needed = self.player_count * (1 + self.config["streets"])
        if len(self.deck) < needed:
            raise GameError(f"{self.player_count} players need {needed} cards when each gets a hole card and "
                            f"{self.config['streets']} up; a deck of {self.config['ranks']} ranks holds "
                            f"{len(self.deck)}", setting="ranks")

    @property
    def deck(self) -> list[Card]:
        """The cards of the ``ranks`` highest ranks (all 52 by default)."""
        return short_deck(self.config["ranks"])

    @property
    def cards_dealt(self) -> int:
        """How many cards of the deck a hand deals at most: the rest are never seen."""
        return self.player_count * (1 + int(self.config["streets"]))

    @property
    def show_or_muck(self) -> bool:
        """Whether showing is a choice at the end of a hand (see :mod:`homegame.engine.habits`)."""
        return is_on(self.config, "show_or_muck")

    def bring_in(self, doubled: bool) -> int:
        """The bring-in of this table (see :func:`bring_in_for`)."""
        return bring_in_for(self.config, doubled)


def bring_in_for(config: Mapping[str, Any], doubled: bool) -> int:
    """The bring-in: half the minimum bet, rounded down, but never less than one chip (the low card
    must bet); ``doubled`` when the limits are.

    >>> bring_in_for({"limit": "fixed", "bet": 1, "big_bet": 0, "cap": 4}, False)
    1
    """
    return max(1, round_limits(config, big=doubled).bet // 2)



GAMES = (Soko,)
