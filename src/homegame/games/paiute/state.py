"""A Paiute deal in progress: turns of draw-then-discard, calls, the last round, the void rule.

A turn is two actions by the same seat: ``draw stock`` or ``draw pile`` (the top discard), then
either ``discard CARD`` or a call. A six-card combination is called with ``call`` (nothing is thrown
away); a five-card one with ``call CARD``, naming the sixth card to throw away. A card taken from the
pile may not be thrown back on the same turn, so the pile always shows a different card at the end
of a turn than at its start. A player may call any winning combination the six cards hold: a
six-card one is offered beside any five-card ones, and is judged by what it shows (so six cards
holding five of a kind only with the card just taken from the pile may still call their four/two).

After the first call, every seat after the caller up to and including the dealer has one last turn,
on which it may call only a combination that beats the best one shown; then the deal ends. Each later
call must beat every earlier one, so the last call made is the best, and of equal combinations the
earlier call wins (an equal one can never be called). If the dealer makes the first call, the deal
ends at once. If no one has called by the time the stock runs out for the second time (it would be
rebuilt from the discards a second time), the deal is void and every stake goes back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from homegame._compile import mypyc_attr, rebuilt_from_fields
from homegame.cards import Card, card_texts
from homegame.engine import Action, ActionSet, Chance, Choices, GameState, Outcome
from homegame.engine.frozen import make_frozen
from homegame.engine.redeal import Redeal
from homegame.engine.seats import clockwise, left_of
from homegame.engine.stock import Stock
from homegame.games.paiute.hints import hint_for, why_not_callable
from homegame.games.paiute.views import CallShown, PaiuteView
from homegame.games.paiute.wild import describe_wild, wild_for
from homegame.ranking import Hand
from homegame.ranking.paiute import is_six_card

if TYPE_CHECKING:
    from homegame.games.paiute.game import Paiute

__all__ = ["CALL_SIX", "DRAW_PILE", "DRAW_STOCK", "Call", "PaiuteState"]

DRAW_STOCK = Action("draw", option="stock")
DRAW_PILE = Action("draw", option="pile")
CALL_SIX = Action("call")
REBUILDS_BEFORE_VOID = 2
"""The deal is void if no one has called by the time the stock would be rebuilt this many times."""


@dataclass(frozen=True, slots=True)
class Call:
    """A call as the state keeps it: the seat, the evaluated combination, the card thrown away."""

    seat: int
    hand: Hand
    shown: tuple[Card, ...]
    discarded: Card | None

    def public(self) -> CallShown:
        return CallShown(self.seat, self.shown, self.hand.name, self.hand.category.name, self.discarded)


rebuilt_from_fields(Call)


@mypyc_attr(allow_interpreted_subclasses=True)  # clone() copies it (see _compile.py)
class PaiuteState(GameState[PaiuteView]):
    """One deal of Paiute. Built by :meth:`homegame.games.paiute.Paiute.deal`."""

    game: Paiute

    def __init__(self, game: Paiute, deck: list[Card], *, dealer: int, chance: Chance,
                 stacks: Sequence[int] | None, carry: dict[str, Any]) -> None:
        super().__init__(game, deck=deck, dealer=dealer, chance=chance, stacks=stacks, carry=carry)
        self.ranking = game.ranking
        self.wins = list(carry.get("wins", [0] * self.players))
        order = clockwise(left_of(dealer, self.players), self.players)
        cards = list(deck)
        self.hands: list[list[Card]] = [[] for _ in range(self.players)]
        for index in range(5 * self.players):
            self.hands[order[index % self.players]].append(cards[index])
        del cards[:5 * self.players]
        for seat in order:
            self.history.add("deal", seat, {"cards": card_texts(self.hands[seat])}, private_to=(seat,))
        jokers, opposite = game.has("jokers"), game.has("opposite-colour")
        self.turned = None if jokers else cards.pop(0)
        self.wild = wild_for(self.turned, jokers=jokers, opposite_colour=opposite)
        self.wild_text = describe_wild(self.turned, jokers=jokers, opposite_colour=opposite)
        self.history.add("wild", None, {"card": None if self.turned is None else str(self.turned),
                                        "cards": card_texts(sorted(self.wild)), "wild": self.wild_text})
        pile = [cards.pop(0)] if game.has("denexa") else []
        if pile:
            self.history.add("start pile", None, {"card": str(pile[0])})
        self.table = Stock(cards, discards=pile)
        self.turn = order[0]
        self.drawn = False
        self.taken: Card | None = None
        self.turns_taken = [0] * self.players
        self.calls: list[Call] = []
        self.last_turns: list[int] | None = None
        self.over = False
        self.void = False
        self._calls_cache: dict[int, list[Action]] = {}
        self.taken_by: dict[Card, int] = {}
        self.rebuilt: list[frozenset[Card]] = []
        self.rebuilt_held: list[list[int]] = []

    def _copy_into(self, twin: Self) -> bool:
        twin.hands = [list(hand) for hand in self.hands]
        twin.table = self.table.copy()
        twin.turns_taken, twin.calls, twin.wins = list(self.turns_taken), list(self.calls), list(self.wins)
        twin.last_turns = list(self.last_turns) if self.last_turns is not None else None
        twin._calls_cache, twin.taken_by = dict(self._calls_cache), dict(self.taken_by)
        twin.rebuilt, twin.rebuilt_held = list(self.rebuilt), [list(counts) for counts in self.rebuilt_held]
        twin.drawn, twin.over, twin.ranking, twin.taken = self.drawn, self.over, self.ranking, self.taken
        twin.turn, twin.turned, twin.void = self.turn, self.turned, self.void
        twin.wild, twin.wild_text = self.wild, self.wild_text
        return True

    def _redeal(self, seat: int, redeal: Redeal) -> None:
        """The other hands, but the cards each took from the pile and still holds and the cards of
        a call, and the stock. Once the stock has been rebuilt it holds only cards of the last
        rebuild (all seen in the pile), and a player holds exactly as many cards of a rebuild as it
        drew from the stock after it and has not thrown away."""
        for other, hand in enumerate(self.hands):
            if other != seat:
                shown = [card for card in hand if self.taken_by.get(card) == other]
                shown += [card for call in self.calls if call.seat == other for card in call.shown]
                redeal.hide(hand, holder=other, known=shown)
        redeal.hide(self.table.face_down, holder="stock")
        if self.rebuilt:
            redeal.limit("stock", [card for card in self.game.deck if card not in self.rebuilt[-1]], most=0)
        latest = self._rebuilds_of()
        for rebuild, held in enumerate(self.rebuilt_held):
            cards = [card for card, last in latest.items() if last == rebuild]
            for other, count in enumerate(held):
                redeal.limit(other, cards, least=count, most=count)
        redeal.deal()
        self._calls_cache = {}

    def _rebuilds_of(self) -> dict[Card, int]:
        """For each card that went into a rebuilt stock, the last rebuild it went into."""
        latest: dict[Card, int] = {}
        for rebuild, cards in enumerate(self.rebuilt):
            latest.update(dict.fromkeys(cards, rebuild))
        return latest

    def _let_go(self, seat: int, card: Card) -> None:
        """``seat`` throws ``card`` away: a card it took from the pile, or one it drew from a
        rebuilt stock (it held one fewer of that rebuild's cards)."""
        if self.taken_by.pop(card, None) is None and self.rebuilt:
            rebuild = self._rebuilds_of().get(card)
            if rebuild is not None:
                self.rebuilt_held[rebuild][seat] -= 1

    # -- whose turn, and what they may do ---------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.turn,)

    def _legal(self, seat: int) -> ActionSet:
        if not self.drawn:
            draws = [a for a, ok in ((DRAW_STOCK, len(self.table) > 0),
                                     (DRAW_PILE, self.table.top_discard is not None)) if ok]
            return ActionSet(Choices(draws))
        hand = self.hands[seat]
        throwable = [c for c in dict.fromkeys(hand) if c != self.taken]
        discards = [Action("discard", cards=(c,)) for c in throwable]
        return ActionSet(Choices(self._calls(seat)), Choices(discards))

    def _calls(self, seat: int) -> list[Action]:
        """The calls open to ``seat`` with six cards in hand, best first."""
        cached = self._calls_cache.get(seat)
        if cached is None:
            cached = self._calls_cache[seat] = self._find_calls(seat)
        return cached

    def _find_calls(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        whole = self.ranking.evaluate(hand, self.wild)
        if whole.category.name == "no combination":
            return []
        if is_six_card(whole):  # the best is a six-card one, so the cards hold no five-card one
            return [CALL_SIX] if self.callable(seat, whole) is None else []
        options: list[tuple[int, Action]] = []
        six = self.ranking.six_card(hand, self.wild)
        if six.category.name != "no combination" and self.callable(seat, six) is None:
            options.append((six.strength, CALL_SIX))
        for card in dict.fromkeys(hand):
            if card == self.taken:
                continue
            five = self.five_without(hand, card)
            if self.callable(seat, five) is None:
                options.append((five.strength, Action("call", cards=(card,))))
        return [action for _, action in sorted(options, key=lambda o: -o[0])]

    def five_without(self, hand: Sequence[Card], card: Card) -> Hand:
        rest = list(hand)
        rest.remove(card)
        return self.ranking.evaluate(rest, self.wild)

    def callable(self, seat: int, hand: Hand) -> str | None:
        """Why ``hand`` may not be called by ``seat`` now, or ``None`` when it may."""
        best = self.calls[-1].hand if self.calls else None
        return why_not_callable(hand, first_turn=self.turns_taken[seat] == 0, best=best)

    # -- carrying out an action ---------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        self._calls_cache.clear()
        hand = self.hands[seat]
        if action.kind == "draw":
            self._draw(seat, action.option == "pile")
            return
        if action.kind == "discard":
            hand.remove(action.cards[0])
            self._let_go(seat, action.cards[0])
            self.table.discard(action.cards)
        else:
            self._call(seat, action.cards[0] if action.cards else None)
        self._end_turn(seat)

    def _draw(self, seat: int, from_pile: bool) -> None:
        card = self.table.take_discard() if from_pile else self.table.draw(1)[0]
        self.hands[seat].append(card)
        self.drawn, self.taken = True, card if from_pile else None
        if from_pile:
            self.taken_by[card] = seat
            self.history.add("take", seat, {"card": str(card)})
        else:
            if self.rebuilt_held:
                self.rebuilt_held[-1][seat] += 1
            self.history.add("draw", seat, {"card": str(card)}, private_to=(seat,))

    def _call(self, seat: int, thrown: Card | None) -> None:
        hand = self.hands[seat]
        if thrown is not None:
            hand.remove(thrown)
            self._let_go(seat, thrown)
            self.table.discard([thrown])
        combination = self.ranking.evaluate(hand, self.wild) if thrown is not None else \
            self.ranking.six_card(hand, self.wild)
        self.calls.append(Call(seat, combination, tuple(combination.cards), thrown))
        self.history.add("call", seat, {"cards": card_texts(combination.cards),
                                        "combination": combination.name,
                                        "discarded": None if thrown is None else str(thrown)})

    def _end_turn(self, seat: int) -> None:
        self.turns_taken[seat] += 1
        self.drawn, self.taken = False, None
        if self.last_turns is not None:
            self.last_turns.remove(seat)
        elif self.calls:
            self.last_turns = [] if seat == self.dealer else clockwise(
                left_of(seat, self.players), self.players)[:(self.dealer - seat) % self.players]
        if self.last_turns is not None and not self.last_turns:
            self._finish()
            return
        self.turn = self.last_turns[0] if self.last_turns else left_of(seat, self.players)
        if len(self.table) == 0:
            self._stock_ran_out()

    def _stock_ran_out(self) -> None:
        if not self.calls and self.table.rebuilds + 1 >= REBUILDS_BEFORE_VOID:
            self.void = True
            self.history.add("void", None, {"reason": "no one called before the stock ran out for the "
                                                      "second time"})
            self._finish()
        elif len(self.table.discards) > 1:
            self.rebuilt.append(frozenset(self.table.discards[:-1]))
            self.rebuilt_held.append([0] * self.players)
            self.table.rebuild(self.shuffle, keep_face_up=1)
            self.history.add("rebuild", None, {"stock": len(self.table),
                                               "top": str(self.table.top_discard)})

    def _finish(self) -> None:
        self.over = True
        if self.void:
            return
        winner = self.calls[-1]
        self.wins[winner.seat] += 1
        self.history.add("award", winner.seat, {"combination": winner.hand.name,
                                                "amount": self._outcome()[winner.seat],
                                                "reason": self.result_text()})

    # -- results --------------------------------------------------------------------------------------

    @property
    def winner(self) -> int | None:
        return None if self.void or not self.over else self.calls[-1].seat

    def result_text(self) -> str:
        """Why the deal ended as it did, in words."""
        if not self.over:
            return ""
        if self.void:
            return "the deal is void: no one called before the stock ran out a second time; stakes go back"
        best = self.calls[-1]
        text = f"seat {best.seat} wins with {best.hand.name}"
        beaten = [f"{c.hand.name} (seat {c.seat})" for c in self.calls[:-1]]
        if beaten:
            return text + ", beating " + " and ".join(beaten)
        if best.seat == self.dealer:
            return text + ": the dealer called first, so no one else had a turn"
        return text + ": no one beat it on their last turn"

    def _outcome(self) -> Outcome:
        if self.void:
            return {seat: 0 for seat in range(self.players)}
        winner = self.calls[-1]
        each = self.game.payment(winner.hand)
        return {seat: each * (self.players - 1) if seat == winner.seat else -each
                for seat in range(self.players)}

    def default_action(self, seat: int) -> Action | None:
        """A turn not taken draws from the stock; what to throw away is the player's (a bot's) choice."""
        legal = self.legal_actions(seat)
        return DRAW_STOCK if DRAW_STOCK in legal else None

    @property
    def carry_out(self) -> dict[str, Any]:
        """The running count of deals won, seat by seat."""
        return {"wins": list(self.wins)}

    # -- what a seat sees -------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> PaiuteView:
        hand = tuple(self.hands[seat]) if seat is not None else ()
        return make_frozen(PaiuteView, {
            **self.view_base(seat), "ranking": self.ranking.name, "hand": hand,
            "hand_sizes": {s: len(h) for s, h in enumerate(self.hands)},
            "wild": self.wild_text, "wild_card": self.turned, "wild_cards": tuple(sorted(self.wild)),
            "top_discard": self.table.top_discard, "discards": len(self.table.discards),
            "stock_size": len(self.table), "rebuilds": self.table.rebuilds, "phase": self._phase(),
            "taken": self.taken, "first_turn": seat is not None and self.turns_taken[seat] == 0,
            "calls": tuple(c.public() for c in self.calls),
            "last_turns": tuple(self.last_turns or ()), "hint": hint_for(self, seat),
            "scoring": self.game.scoring_text(), "deals_won": dict(enumerate(self.wins)), "void": self.void,
            "winner": self.winner, "result": self.result_text(),
            "settlement": self._settlement(),
        })

    def _settlement(self) -> str:
        """Who paid whom once the deal is won (nothing before, nor for a void deal, whose result
        already says the stakes go back)."""
        if self.winner is None:
            return ""
        best = self.calls[-1]
        return self.game.settlement_text(best.seat, best.hand)

    def seen_cards(self) -> list[Card]:
        """The cards out of everyone's reach that the whole table sees: the turned card, the top
        discard and the calls laid down."""
        seen = [c for c in (self.turned, self.table.top_discard) if c is not None]
        return seen + [c for call in self.calls for c in call.shown]

    def _phase(self) -> str:
        return "over" if self.over else ("discard" if self.drawn else "draw")

    def _explain_illegal(self, seat: int, action: Action) -> str:
        from homegame.games.paiute.hints import explain_illegal

        return explain_illegal(self, seat, action) or super()._explain_illegal(seat, action)
