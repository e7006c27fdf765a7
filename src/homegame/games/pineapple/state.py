"""One hand of the Pineapple family: blinds or antes, three hole cards, a discard, the board, showdown.

The hand runs through a fixed list of steps that each game of the family orders its own way: a
betting round, the discard, or a street of the board (each burns one card first). Pre-flop betting
comes first and is set up with the blinds (or after the antes) when the hand is dealt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, Self

from homegame._compile import mypyc_attr
from homegame.cards import Card, card_texts, deck, format_cards, parse_cards
from homegame.engine import Action, ActionSet, Chance, Choices, GameState, Outcome
from homegame.engine.betting import BettingRound, Limits, add_money_fields, post_antes, sorted_seats
from homegame.engine.frozen import make_filled
from homegame.engine.redeal import Redeal
from homegame.engine.seats import SimultaneousChoice
from homegame.engine.showdown import (
    Reason,
    ShownHands,
    named_by_strength,
    reveal_hands,
    settle_showdown,
    settle_uncontested,
)
from homegame.engine.stakes import seat_chips
from homegame.games.pineapple.hands import (
    EIGHT_OR_BETTER,
    NO_LOW,
    best_high_name,
    best_low_name,
    high_strength,
    low_strength,
)
from homegame.games.pineapple.view import PineappleView
from homegame.ranking import evaluate

if TYPE_CHECKING:
    from homegame.games.pineapple import Pineapple

__all__ = ["BOARD_CARDS", "PineappleState", "stacked_deck"]

HOLE_CARDS = 3
BOARD_CARDS = {"flop": 3, "turn": 1, "river": 1}


@mypyc_attr(allow_interpreted_subclasses=True)  # clone() copies it (see _compile.py)
class PineappleState(GameState[PineappleView]):
    """A hand of Pineapple, Crazy Pineapple or Crazy Pineapple Hi-Lo in progress."""

    game: Pineapple

    def __init__(self, game: Pineapple, cards: list[Card], *, dealer: int, stacks: Sequence[int] | None,
                 carry: dict[str, Any], chance: Chance) -> None:
        super().__init__(game, deck=cards, dealer=dealer, chance=chance, stacks=stacks, carry=carry)
        config = game.config
        players, dealer = self.players, self.dealer
        self.chips = seat_chips(self.stacks, players=players, default=config["stack"], dealer=dealer)
        self.order = [(dealer + step) % players for step in range(1, players + 1)]
        self.steps = game.steps
        self.step = 0
        self.street = "preflop"
        self.board: list[Card] = []
        self.hole: dict[int, list[Card]] = {}
        self.discards: dict[int, Card] = {}
        self.discarding: SimultaneousChoice[Card] | None = None
        self.discard_choices: dict[int, ActionSet] = {}
        self.revealed: dict[int, tuple[Card, ...]] = {}
        self.shown_hands: tuple[ShownHands, ShownHands] | None = None
        self.results: list[str | Reason] = []
        self.blinds: dict[int, int] = {}
        self.betting: BettingRound | None = self._pre_flop_betting()
        self.stock = list(cards)
        self.burned: list[Card] = []
        self._deal_hole_cards()
        if self.betting.turn is None:
            self._continue()
        self.waiting = self._who_acts()

    def live(self) -> list[int]:
        """The seats still in the hand, clockwise from the dealer's left."""
        folded = self.chips.folded
        return [seat for seat in self.order if seat not in folded]

    # -- the start: forced bets and the deal -----------------------------------------------------

    def _pre_flop_betting(self) -> BettingRound:
        config, live = self.game.config, self.live()
        limits = self._limits()
        if self.game.has("ante"):
            post_antes(self.history, self.chips, live, config["ante"])
            return BettingRound(self.chips, first=live[0], limits=limits)
        small, big = self.blind_seats()
        betting = BettingRound(self.chips, first=(big + 1) % self.players, limits=limits,
                               blinds={small: config["small_blind"], big: config["big_blind"]})
        self.blinds = {small: betting.bets[small], big: betting.bets[big]}
        self.history.add("small blind", small, {"amount": self.blinds[small]})
        self.history.add("big blind", big, {"amount": self.blinds[big]})
        return betting

    def blind_seats(self) -> tuple[int, int]:
        """The small blind's and the big blind's seats: the two players from the dealer's left, or
        heads-up the dealer (small blind, first to act before the flop) and the other player."""
        live = self.live()
        if len(live) == 2 and self.dealer in live:
            return self.dealer, live[0]
        return live[0], live[1]

    def _draw(self, count: int) -> list[Card]:
        dealt = self.stock[:count]
        del self.stock[:count]
        return dealt

    def _deal_hole_cards(self) -> None:
        live = self.live()
        dealt = self._draw(HOLE_CARDS * len(live))
        for index, seat in enumerate(live):
            hole = dealt[index::len(live)]
            self.hole[seat] = hole
            self.history.add_cards("deal", seat, hole, private_to=(seat,))

    def _deal_street(self, street: str) -> None:
        burned = self._draw(1)
        self.burned.extend(burned)
        self.history.add("burn", None, {"cards": [str(burned[0])]}, private_to=())
        cards = self._draw(BOARD_CARDS[street])
        self.board.extend(cards)
        self.street = street
        self.history.add("board", None, {"street": street, "cards": card_texts(cards)})

    def _limits(self) -> Limits:
        return self.game.street_limits[self.street]

    # -- the flow of the hand --------------------------------------------------------------------

    def _continue(self) -> None:
        """Run the hand's steps until someone must act, or the hand is over."""
        self.betting = None
        while True:
            chips = self.chips
            if chips.players - len(chips.folded) == 1:
                self.street = "showdown"
                self.results.append(settle_uncontested(self.history, self.chips))
                return
            if self.step == len(self.steps):
                self._showdown()
                return
            step = self.steps[self.step]
            self.step += 1
            if step == "discard":
                self.discarding = SimultaneousChoice(self.live())
                self.discard_choices = {seat: _discard_choices(self.hole[seat])
                                        for seat in self.discarding.seats}
                return
            if step == "bet":
                betting = BettingRound(self.chips, first=self.order[0], limits=self._limits())
                if betting.turn is not None:
                    self.betting = betting
                    return
            else:
                self._deal_street(step)

    # -- the contract ----------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.waiting

    def _copy_into(self, twin: Self) -> bool:
        twin.chips = chips = self.chips.copy()
        twin.betting = self.betting.copy(chips) if self.betting is not None else None
        twin.discarding = self.discarding.copy() if self.discarding is not None else None
        twin.hole = {seat: list(cards) for seat, cards in self.hole.items()}
        twin.board, twin.stock, twin.burned = list(self.board), list(self.stock), list(self.burned)
        twin.discards, twin.results = dict(self.discards), list(self.results)
        twin.blinds, twin.discard_choices, twin.order = self.blinds, self.discard_choices, self.order
        twin.revealed, twin.shown_hands, twin.waiting = self.revealed, self.shown_hands, self.waiting
        twin.step, twin.steps, twin.street = self.step, self.steps, self.street
        return True

    def _redeal(self, seat: int, redeal: Redeal) -> None:
        """The other hole cards (with the card each threw away), the burned cards and the stock; a
        discard another seat chose in secret is its thrown card, whatever it is now."""
        thrown = {other: [card] for other, card in self.discards.items() if other != seat}
        for other, hole in self.hole.items():
            if other != seat and other not in self.revealed:
                redeal.hide(hole, holder=other)
                redeal.hide(thrown.get(other, []), holder=other)
        redeal.hide(self.stock)
        redeal.hide(self.burned)
        redeal.deal()
        self.discards.update((other, cards[0]) for other, cards in thrown.items())
        choosing = self.discarding
        if choosing is not None:
            made = [other for other in choosing.choices if other != seat]
            choosing.choices.update((other, self.discards[other]) for other in made)
            self.discard_choices = {other: _discard_choices(self.hole[other]) for other in choosing.seats}

    def _who_acts(self) -> tuple[int, ...]:
        """The seats to act, worked out once after each change (``to_act`` is asked often)."""
        if self.betting is not None:
            turn = self.betting.turn
            return () if turn is None else (turn,)
        if self.discarding is not None:
            return self.discarding.waiting
        return ()

    def betting_round(self) -> BettingRound | None:
        return self.betting

    def _legal(self, seat: int) -> ActionSet:
        if self.betting is not None:
            return self.betting.legal(seat)
        return self.discard_choices[seat]

    def _apply(self, seat: int, action: Action) -> None:
        betting = self.betting
        if betting is not None:
            betting.apply(seat, action)
            if betting.turn is None or self.chips.players - len(self.chips.folded) == 1:
                self._continue()
        else:
            self._discard(seat, action.cards[0])
        self.waiting = self._who_acts()

    def _discard(self, seat: int, thrown: Card) -> None:
        assert self.discarding is not None
        self.discarding.choose(seat, thrown)
        self.hole[seat].remove(thrown)
        self.discards[seat] = thrown
        self.history.add("discarded", seat)
        if self.discarding.done:
            self.discarding = None
            self._continue()

    def action_private_to(self, seat: int, action: Action) -> tuple[int, ...] | None:
        return (seat,) if action.kind == "discard" else None

    def _explain_illegal(self, seat: int, action: Action) -> str:
        if self.betting is not None:
            if action.kind == "discard":
                return "it is a betting round, not the discard"
            return self.betting.explain(seat, action)
        hole = format_cards(self.hole[seat])
        if action.kind != "discard":
            return f"everyone still in must discard one hole card now (you hold {hole}), not {action.kind}"
        if len(action.cards) != 1 or action.amount is not None or action.option is not None or action.groups:
            return f"discard exactly one card, such as 'discard {self.hole[seat][0]}' (you hold {hole})"
        return f"you do not hold {action.cards[0]}; your hole cards are {hole}"

    def _outcome(self) -> Outcome:
        return {seat: amount for seat, amount in self.chips.net().items()}

    # -- the showdown ----------------------------------------------------------------------------

    def _showdown(self) -> None:
        self.street = "showdown"
        live, board = self.live(), self.board
        self.revealed = {seat: tuple(self.hole[seat]) for seat in live}
        reveal_hands(self.history, self.revealed,
                     {seat: self.discards[seat] for seat in live if seat in self.discards})
        high = {seat: high_strength(self.hole[seat], board) for seat in live}
        low = None
        if self.game.hi_lo:
            low = {seat: value for seat in live if (value := low_strength(self.hole[seat], board))}
            if not low:
                self.results.append("no hand makes an eight-or-better low: the high hand takes the whole pot")
        held = {seat: (*self.hole[seat], *board) for seat in live}
        highs = ShownHands(held, evaluate, named_by_strength(high))
        lows = ShownHands(held, EIGHT_OR_BETTER.evaluate)
        self.shown_hands = highs, lows
        self.results.extend(settle_showdown(self.history, self.chips, high, highs.name, low or None,
                                            lows.name, cards=highs.cards, low_cards=lows.cards))

    # -- views -----------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> PineappleView:
        betting, over = self.betting, self.street == "showdown"
        hole = tuple(self.hole.get(seat, ())) if seat is not None else ()
        game = self.game
        hi_lo = game.hi_lo
        shown, board = dict(self.revealed) if over else {}, tuple(self.board)
        hint, low_hint = _hints(hole, board, hi_lo)
        # A copy of the view's whole dictionary filled in (see view_fields and add_money_fields).
        fields = self.view_fields(seat, game.view_template)
        fields["street"] = self.street
        fields["phase"] = "over" if over else "discard" if self.discarding is not None else "betting"
        fields["hole"] = hole
        fields["discarded"] = self.discards.get(seat) if seat is not None else None
        fields["board"] = board
        add_money_fields(fields, self.chips, betting, seat)
        fields["all_in"] = sorted_seats(self.chips.all_in)
        fields["blinds"] = dict(self.blinds)
        fields["limits"] = game.limits_texts[self.street]
        fields["must_discard"] = self.discarding.waiting if self.discarding is not None else ()
        fields["hint"] = hint
        fields["low_hint"] = low_hint
        fields["showdown"] = shown
        fields["discards"] = {s: self.discards[s] for s in shown if s in self.discards}
        _add_names(fields, self.shown_hands, shown, hi_lo)
        fields["results"] = tuple([str(result) for result in self.results])
        return make_filled(PineappleView, fields)

def _add_names(fields: dict[str, Any], shown_hands: tuple[ShownHands, ShownHands] | None,
               seats: Mapping[int, object], hi_lo: bool) -> None:
    """A view's names of the hands shown at the showdown: high, and low in Hi-Lo."""
    if shown_hands is None:
        fields["hand_names"], fields["low_names"] = {}, {}
        return
    highs, lows = shown_hands
    fields["hand_names"] = highs.names(seats)
    fields["low_names"] = lows.names(seats) if hi_lo else {}


@lru_cache(maxsize=4096)
def _hints(hole: tuple[Card, ...], board: tuple[Card, ...], hi_lo: bool) -> tuple[str, str]:
    """The names of a seat's best high hand and (in Hi-Lo) best low for its view, remembered: a seat
    sees the same cards turn after turn."""
    low = (best_low_name(hole, board) if hole else NO_LOW) if hi_lo else ""
    return best_high_name(hole, board), low


_DISCARDS: Final = {card: Action("discard", cards=(card,)) for card in deck()}
"""Every card's discard, built once: a hand offers three to each seat still in."""


def _discard_choices(hole: Sequence[Card]) -> ActionSet:
    return ActionSet(Choices([_DISCARDS[card] for card in hole]))


def stacked_deck(first: str | Sequence[Card]) -> list[Card]:
    """A deck that deals ``first`` in that order, then the rest of the pack (for tests and examples).

    >>> stacked_deck("As Kd")[:3]
    [As, Kd, 2c]
    """
    top = parse_cards(first) if isinstance(first, str) else list(first)
    return top + [card for card in deck() if card not in top]
