"""A hand of draw poker as a state machine: ante, deal, bet, draw, bet, showdown.

Each seat's five cards are dealt one at a time clockwise from the dealer's left. The first betting
round starts at the dealer's left; in the draw, each seat still in (clockwise from the dealer's
left) discards none to three cards, or four while keeping an ace that it shows to everyone; the
discards go to their own pile, and the replacements come from the stock (rebuilt from the discards
if it ever ran out). The second round starts again at the dealer's left; then the hands still in
are shown and each pot goes to its best hand (ties share, the odd chip to the first winner from the
dealer's left). A hand everyone else folds to wins without a showdown.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any, Self

from homegame._compile import mypyc_attr
from homegame.cards import Card, format_cards, parse_cards
from homegame.engine import Action, ActionSet, Chance, GameState, Outcome, Subsets
from homegame.engine.betting import BettingRound, add_money_fields, post_antes, seat_to_call, sorted_seats
from homegame.engine.frozen import make_filled
from homegame.engine.habits import ShowOrMuck, post_bomb_pot, winners_of
from homegame.engine.pots import Chips
from homegame.engine.redeal import Redeal
from homegame.engine.showdown import Reason, ShownHands, reveal_hands, settle_showdown, settle_uncontested
from homegame.engine.stock import Stock, StockExhausted
from homegame.errors import GameError
from homegame.games.draw.showdown import hand_name
from homegame.games.draw.view import DrawView
from homegame.ranking import Ranking, evaluate, strength

if TYPE_CHECKING:
    from homegame.games.draw.game import DrawPoker

__all__ = ["DrawState"]

STAND_PAT = Action("discard")
ACES = frozenset(parse_cards("Ac Ad Ah As"))


@mypyc_attr(allow_interpreted_subclasses=True)  # clone() copies it (see _compile.py)
class DrawState(GameState[DrawView]):
    """One hand of Basic Draw Poker (or lowball draw)."""

    game: DrawPoker
    to_act: tuple[int, ...] = ()
    """The seats to act: a field, set after each change (a property's call cost a hand 1%)."""

    def __init__(self, game: DrawPoker, deck: list[Card], *, dealer: int, stacks: Sequence[int] | None,
                 carry: dict[str, Any], chance: Chance) -> None:
        super().__init__(game, deck=deck, dealer=dealer, chance=chance, stacks=stacks, carry=carry)
        players = self.players
        config = game.config
        self.chips = Chips(stacks if stacks is not None else [config["stack"]] * players, dealer=dealer)
        order = [(dealer + step) % players for step in range(1, players + 1)]
        seated = [seat for seat in order if self.chips.stacks[seat] > 0]
        if len(seated) < 2:
            raise GameError("a hand needs at least two players with chips")
        for seat in order:
            if seat not in seated:
                self.chips.fold(seat)
        self.order = seated
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.phase = "bet1"
        self.drawn: dict[int, int] = {}
        self.shown_aces: dict[int, Card] = {}
        self.revealed: dict[int, tuple[Card, ...]] = {}
        self.shown_hands: ShownHands | None = None
        self.results: list[str | Reason] = []
        self.discarded: dict[int, tuple[Card, ...]] = {}
        self.drew_after_rebuild: list[int] = []
        self.no_contest = False
        self.showing: ShowOrMuck | None = None
        self.mucked: tuple[int, ...] = ()
        self._strengths: dict[int, int] | None = None  # of the hands at the showdown
        self._final_fields: dict[str, Any] | None = None
        self._drawers: list[int] = []
        self.to_act = ()
        bomb = config["bomb_pot"]
        if bomb:
            post_bomb_pot(self.history, self.chips, self.order, bomb)
        else:
            self._post_antes(config["ante"])
        self._deal(deck)
        self.betting: BettingRound | None = None
        if bomb:  # a bomb pot starts at the draw: no betting before it
            self.phase = "draw"
            self._drawers = list(self.order)
        else:
            self.betting = BettingRound(self.chips, first=order[0], limits=game.limits(1))
        self._settle_turn()

    # -- dealing and antes ---------------------------------------------------------------------

    def _post_antes(self, ante: int) -> None:
        if ante:
            post_antes(self.history, self.chips, self.order, ante)

    def _deal(self, deck: list[Card]) -> None:
        count, size = len(self.order), self.game.hand_size
        for index, seat in enumerate(self.order):
            self.hands[seat] = deck[index:size * count:count]
            self.history.add_cards("deal", seat, self.hands[seat], private_to=(seat,))
        self.stock = Stock(deck[size * count:])

    # -- the contract ----------------------------------------------------------------------------

    def betting_round(self) -> BettingRound | None:
        return self.betting

    def _legal(self, seat: int) -> ActionSet:
        if self.betting is not None:
            return self.betting.legal(seat)
        if self.showing is not None:
            return self.showing.legal[seat]
        return self._draw_choices(self.hands[seat])

    def _draw_choices(self, hand: list[Card]) -> ActionSet:
        """The draw: discard any number of cards allowed or, with an ace, all but the ace (a method
        of its own: the comprehension below made a closure cell at every legal set asked)."""
        discards = Subsets("discard", hand, self.game.draw_sizes)
        if ACES.isdisjoint(hand) or not self.game.ace_draw:
            return ActionSet(discards)
        aces = sorted(ACES.intersection(hand))
        keep_ace = (Subsets("discard", [c for c in hand if c != ace], (len(hand) - 1,)) for ace in aces)
        return ActionSet(discards, *keep_ace)

    def _apply(self, seat: int, action: Action) -> None:
        betting = self.betting
        if betting is not None:
            betting.apply(seat, action)
            turn = betting.turn
            if turn is not None:  # the round goes on: the next seat bets (most actions end here)
                self.to_act = (turn,)
                return
        elif self.showing is not None:
            self._show_or_muck(self.showing, seat, action)
        else:
            self._draw(seat, action.cards)
        self._settle_turn()

    def action_private_to(self, seat: int, action: Action) -> tuple[int, ...] | None:
        return (seat,) if action.kind == "discard" else None

    def default_action(self, seat: int) -> Action | None:
        """Check or fold in a betting round; in the draw, stand pat."""
        return STAND_PAT if self.phase == "draw" else super().default_action(seat)

    def _explain_illegal(self, seat: int, action: Action) -> str:
        if self.betting is not None:
            return self.betting.explain(seat, action)
        if self.showing is not None:
            return self.showing.explain(seat, action)
        if action.kind != "discard":
            return f"it is the draw: discard {self.game.draw_rule}, not {action.kind}"
        hand = self.hands[seat]
        twice = [card for card, count in Counter(action.cards).items() if count > 1]
        if twice:
            return f"{format_cards(twice)} named twice: name each card you discard once"
        missing = Counter(action.cards) - Counter(hand)
        if missing:
            return f"you do not hold {format_cards(list(missing))}; your hand is {format_cards(hand)}"
        if self.game.ace_draw and len(action.cards) == len(hand) - 1:
            return self.game.ace_rule
        if action.amount is not None or action.option is not None or action.groups:
            return "a discard names only the cards, such as 'discard 7c 2d'"
        return f"you may discard {self.game.draw_rule}"

    def _outcome(self) -> Outcome:
        return {seat: result for seat, result in self.chips.net().items()}

    def _copy_into(self, twin: Self) -> bool:
        twin.chips = chips = self.chips.copy()
        twin.betting = self.betting.copy(chips) if self.betting is not None else None
        twin.hands, twin.stock = [list(hand) for hand in self.hands], self.stock.copy()
        twin.drawn = dict(self.drawn)
        twin.shown_aces, twin.discarded = dict(self.shown_aces), dict(self.discarded)
        twin.results, twin._drawers = list(self.results), list(self._drawers)
        twin.drew_after_rebuild = list(self.drew_after_rebuild)
        twin.order, twin.phase = self.order, self.phase
        twin.revealed, twin.shown_hands = self.revealed, self.shown_hands
        twin.no_contest, twin.to_act = self.no_contest, self.to_act
        twin._final_fields = self._final_fields
        twin.showing = self.showing.copy() if self.showing is not None else None
        twin.mucked, twin._strengths = self.mucked, self._strengths
        return True

    def _redeal(self, seat: int, redeal: Redeal) -> None:
        """The other hands (but an ace shown to draw four), the stock and the face-down pile of
        discards but the seat's own; discards of the seat that went back into a rebuilt stock are
        in it still or with the players who drew after the rebuild."""
        for other, hand in enumerate(self.hands):
            revealed = self.revealed.get(other, ())
            if other != seat and len(revealed) < len(hand):
                shown = self.shown_aces.get(other)
                known = revealed or (() if shown is None else (shown,))
                redeal.hide(hand, holder=other, known=known)
        mine = self.discarded.get(seat, ())
        redeal.hide(self.stock.face_down, holder="stock")
        redeal.hide(self.stock.discards, holder="pile", known=mine)
        redeal.confine(mine, {"stock", *self.drew_after_rebuild})
        redeal.deal()

    # -- the flow of the hand ------------------------------------------------------------------

    def live(self) -> list[int]:
        """The seats still in the hand, clockwise from the dealer's left."""
        folded = self.chips.folded
        return [seat for seat in self.order if seat not in folded]

    def _settle_turn(self) -> None:
        """Move on through the phases until someone must act or the hand is over."""
        betting = self.betting
        if betting is not None and betting.turn is not None:
            self.to_act = (betting.turn,)
            return
        if betting is not None:
            self.betting = None
            if len(self.chips.folded) == self.players - 1:  # one seat left in the hand
                self._finish_without_showdown()
            elif self.phase == "bet1":
                self.phase = "draw"
                self._drawers = self.live()
            else:
                self._showdown()
        if self.phase == "draw":
            if self._drawers:
                self.to_act = (self._drawers[0],)
                return
            self.phase = "bet2"
            self.betting = BettingRound(self.chips, first=self.order[0], limits=self.game.limits(2))
            self._settle_turn()
            return
        self.to_act = self.showing.waiting if self.showing is not None else ()

    def _draw(self, seat: int, discards: tuple[Card, ...]) -> None:
        self._drawers.pop(0)
        hand = self.hands[seat]
        kept = list(hand)
        for card in discards:
            kept.remove(card)
        if len(discards) not in self.game.draw_sizes:  # all but an ace, shown
            self.shown_aces[seat] = kept[0]
            self.history.add("show", seat, {"cards": [str(kept[0])]})
        rebuilds = self.stock.rebuilds
        try:
            replacements = self.stock.draw(len(discards), shuffle=self.shuffle)
        except StockExhausted:
            self._end_as_no_contest()
            return
        if self.stock.rebuilds != rebuilds:
            self.history.add("rebuild", None, {"stock": len(self.stock) + len(replacements)})
        self.stock.discard(discards)
        self.hands[seat] = kept + replacements
        self.discarded[seat] = discards
        if self.stock.rebuilds:
            self.drew_after_rebuild.append(seat)
        self.drawn[seat] = len(discards)
        self.history.add("drew", seat, {"count": len(discards)})
        if replacements:
            self.history.add_cards("draw", seat, replacements, private_to=(seat,))

    def _end_as_no_contest(self) -> None:
        self.no_contest = True
        self._drawers.clear()
        self.phase = "over"
        self.chips.pay(dict(enumerate(self.chips.committed)))
        self.chips.committed = [0] * self.players
        self.history.add("no contest", None, {"reason": "the stock and discards ran out: stakes returned"})

    def _finish_without_showdown(self) -> None:
        self.phase = "over"
        self.results.append(settle_uncontested(self.history, self.chips))
        if self.game.show_or_muck:
            winner = self.chips.in_hand[0]
            self.phase, self.showing = "show", ShowOrMuck.after_fold(winner, self.hands[winner])

    def _showdown(self) -> None:
        self.phase = "over"
        game = self.game
        live = self.live()
        ranking, wild = game.ranking_key, game.wild_key
        strengths = self._strengths = {seat: strength(self.hands[seat], ranking, wild) for seat in live}
        losers: list[int] = []
        if game.show_or_muck:
            chips = self.chips
            winners = winners_of(chips.pots(), self._contenders(strengths), None, dealer=chips.dealer,
                                 players=chips.players)
            losers = [seat for seat in live if seat not in winners]
        self.revealed = {seat: tuple(self.hands[seat]) for seat in live if seat not in losers}
        reveal_hands(self.history, self.revealed)
        if losers:  # the winning hands are shown; each losing one may be shown or mucked first
            self.phase = "show"
            self.showing = ShowOrMuck.at_showdown({seat: self.hands[seat] for seat in losers})
            return
        self._settle_showdown(strengths)

    def _contenders(self, strengths: dict[int, int]) -> dict[int, int]:
        """The hands of ``strengths`` that may win: all of them, but a low that fails the qualifier
        (strength 0)."""
        if not self.game.has("lowball"):
            return strengths
        return {seat: value for seat, value in strengths.items() if value > 0}

    def _settle_showdown(self, strengths: dict[int, int]) -> None:
        """Award the pots among the hands shown, whose ``strengths`` the showdown worked out (a
        mucked hand, which wins nothing, is not named)."""
        game = self.game
        ranking, wild = game.ranking_key, game.wild_key
        revealed = self.revealed
        contending = {seat: value for seat, value in self._contenders(strengths).items() if seat in revealed}
        shown = self.shown_hands = ShownHands(revealed, partial(evaluate, ranking=ranking, wild=wild),
                                              partial(_shown_name, revealed, strengths, ranking, wild))
        self.results.extend(settle_showdown(self.history, self.chips, contending, shown.name,
                                            cards=shown.cards))

    def _show_or_muck(self, showing: ShowOrMuck, seat: int, action: Action) -> None:
        shown = showing.take(seat, action)
        if shown is not None:
            self.revealed = {**self.revealed, seat: shown}
            reveal_hands(self.history, {seat: shown})
        if showing.done:
            self.showing, self.mucked, self.phase = None, tuple(sorted(showing.mucked)), "over"
            if self._strengths is not None:
                self._settle_showdown(self._strengths)

    # -- views ---------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> DrawView:
        game = self.game
        hand = tuple(self.hands[seat]) if seat is not None else ()
        # A copy of the view's whole dictionary filled in (see view_fields and add_money_fields).
        # Once the hand is over nothing changes, so every seat's closing view starts from the
        # fields that all seats see alike, written for the first of them.
        final = self._final_fields
        fields = self.view_fields(seat, game.view_template if final is None else final)
        if final is None:
            self._write_table_fields(fields)
            if self.is_over:
                self._final_fields = fields.copy()
        fields["hand"] = hand
        fields["hint"] = _hint(hand, game.ranking_key, game.wild_key)
        fields["to_call"] = seat_to_call(self.chips, self.betting, seat)
        return make_filled(DrawView, fields)

    def _write_table_fields(self, fields: dict[str, Any]) -> None:
        """The view's fields that every seat sees alike."""
        shown = self.shown_hands
        fields["phase"] = self.phase
        add_money_fields(fields, self.chips, self.betting, None)
        fields["all_in"] = sorted_seats(self.chips.all_in)
        fields["drawn"] = dict(self.drawn)
        fields["shown_aces"] = dict(self.shown_aces)
        fields["showdown"] = dict(self.revealed)
        fields["hand_names"] = shown.names(self.revealed) if shown is not None else {}
        fields["mucked"] = self.mucked
        fields["results"] = tuple([str(result) for result in self.results])


def _shown_name(hands: Mapping[int, Sequence[Card]], strengths: Mapping[int, int], ranking: str | Ranking,
                wild: frozenset[Card] | None, seat: int) -> str:
    """The name of a hand shown at the showdown, from the strength the showdown worked out."""
    return hand_name(hands[seat], ranking, wild, strengths[seat])


@lru_cache(maxsize=4096)
def _hint(hand: tuple[Card, ...], ranking: str | Ranking, wild: frozenset[Card] | None) -> str:
    """The name of a seat's hand in its view, remembered: a seat sees the same hand turn after turn."""
    return hand_name(hand, ranking, wild) if hand else ""

