"""One hand of the Pineapple family: blinds or antes, three hole cards, a discard, the board, showdown.

The hand runs through a fixed list of steps that each game of the family orders its own way: a
betting round, the discard, or a street of the board (each burns one card first). Pre-flop betting
comes first and is set up with the blinds (or after the antes) when the hand is dealt.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, Self

from homegame._compile import mypyc_attr
from homegame.cards import Card, card_texts, deck, format_cards, parse_cards
from homegame.engine import Action, ActionSet, Chance, Choices, GameState, Outcome
from homegame.engine.betting import BettingRound, Limits, add_money_fields, post_antes, sorted_seats
from homegame.engine.frozen import make_filled
from homegame.engine.habits import RUN_TWICE, ShowOrMuck, post_bomb_pot, run_choices, straddle_choices
from homegame.engine.redeal import Redeal
from homegame.engine.seats import SimultaneousChoice
from homegame.engine.showdown import Reason, reveal_hands, settle_uncontested
from homegame.engine.stakes import seat_chips
from homegame.games.pineapple.habits import PineappleHabits
from homegame.games.pineapple.hands import NO_LOW, best_high_name, best_low_name
from homegame.games.pineapple.showdown import Run, judge_runs, settle_runs
from homegame.games.pineapple.view import PineappleView

if TYPE_CHECKING:
    from homegame.games.pineapple import Pineapple

__all__ = ["BOARD_CARDS", "PineappleState", "stacked_deck"]

BOARD_CARDS = {"flop": 3, "turn": 1, "river": 1}
"""The streets of the board and the cards each turns up in the full game (a small form may turn
up fewer: :attr:`~homegame.games.pineapple.Pineapple.board_sizes`)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # clone() copies it (see _compile.py)
class PineappleState(GameState[PineappleView]):
    """A hand of Pineapple, Crazy Pineapple or Crazy Pineapple Hi-Lo in progress."""

    game: Pineapple
    to_act: tuple[int, ...] = ()
    """The seats to act: a field, set after each change (a property's call cost a hand 1%)."""

    def __init__(self, game: Pineapple, cards: list[Card], *, dealer: int, stacks: Sequence[int] | None,
                 carry: dict[str, Any], chance: Chance) -> None:
        super().__init__(game, deck=cards, dealer=dealer, chance=chance, stacks=stacks, carry=carry)
        config = game.config
        players, dealer = self.players, self.dealer
        self.chips = seat_chips(self.stacks, players=players, default=config["stack"], dealer=dealer)
        self.order = [(dealer + step) % players for step in range(1, players + 1)]
        self.steps = game.hand_steps
        self.step = 0
        self.street = "preflop"
        self.board: list[Card] = []
        self.hole: dict[int, list[Card]] = {}
        self.discards: dict[int, Card] = {}
        self.discarding: SimultaneousChoice[Card] | None = None
        self.discard_choices: dict[int, ActionSet] = {}
        self.revealed: dict[int, tuple[Card, ...]] = {}
        self.runs: list[Run] = []
        self.results: list[str | Reason] = []
        self.blinds: dict[int, int] = {}
        self.stock = list(cards)
        self.burned: list[Card] = []
        self.habits = PineappleHabits()
        self.betting: BettingRound | None = self._pre_flop_betting()
        if not self._asking_straddle():
            self._deal_hole_cards()
            if self.betting is None or self.betting.turn is None:
                self._continue()
        self.to_act = self._who_acts()

    def _asking_straddle(self) -> bool:
        """Whether the deal waits for a straddle (read here: the compiled build would take the field
        for the None it was set to just before the blinds)."""
        return self.habits.straddling is not None

    def live(self) -> list[int]:
        """The seats still in the hand, clockwise from the dealer's left."""
        folded = self.chips.folded
        return [seat for seat in self.order if seat not in folded]

    # -- the start: forced bets and the deal -----------------------------------------------------

    def _pre_flop_betting(self) -> BettingRound | None:
        """The forced bets and the round before the flop: the blinds, the antes, or a bomb pot
        (which skips the round); with the straddle on, the round waits for the straddler's choice."""
        game, live = self.game, self.live()
        config = game.config
        limits = self._limits()
        if config["bomb_pot"]:
            post_bomb_pot(self.history, self.chips, live, config["bomb_pot"])
            return None
        if game.has("ante"):
            post_antes(self.history, self.chips, live, config["ante"])
            return BettingRound(self.chips, first=live[0], limits=limits)
        small, big = self.blind_seats()
        betting = BettingRound(self.chips, first=(big + 1) % self.players, limits=limits,
                               blinds={small: config["small_blind"], big: config["big_blind"]})
        self.blinds = {small: betting.bets[small], big: betting.bets[big]}
        self.history.add("small blind", small, {"amount": self.blinds[small]})
        self.history.add("big blind", big, {"amount": self.blinds[big]})
        if game.straddle and len(live) > 2 and betting.turn is not None \
                and self.chips.stacks[betting.turn] > self.straddle_amount:
            self.habits.straddling, self.habits.pending = betting.turn, betting
            return None
        return betting

    @property
    def straddle_amount(self) -> int:
        """A straddle: twice the big blind."""
        return 2 * int(self.game.config["big_blind"])

    def _straddle(self, seat: int, action: Action) -> None:
        """The straddler's choice made: the blind raise posted (or not), then the cards dealt."""
        habits = self.habits
        betting, habits.straddling, habits.pending = habits.pending, None, None
        assert betting is not None
        if action.kind == "straddle":
            betting.straddle(seat, self.straddle_amount)
            habits.straddler, self.blinds = seat, {**self.blinds, seat: betting.bets[seat]}
        self.betting = betting
        self._deal_hole_cards()
        if betting.turn is None:
            self._continue()

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
        dealt = self._draw(int(self.game.config["hole_cards"]) * len(live))
        for index, seat in enumerate(live):
            hole = dealt[index::len(live)]
            self.hole[seat] = hole
            self.history.add_cards("deal", seat, hole, private_to=(seat,))

    def _deal_street(self, street: str, run: int = 1) -> None:
        burned = self._draw(1)
        self.burned.extend(burned)
        self.history.add("burn", None, {"cards": [str(burned[0])]}, private_to=())
        cards = self._draw(self.game.board_sizes[street])
        if run == 1:
            self.board.extend(cards)
            self.street = street
            self.history.add("board", None, {"street": street, "cards": card_texts(cards)})
        else:
            self.habits.board2.extend(cards)
            self.history.add("board", None, {"street": street, "cards": card_texts(cards), "run": 2})

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
                if self.game.show_or_muck:
                    winner = chips.in_hand[0]
                    self.habits.showing = ShowOrMuck.after_fold(winner, self.hole.get(winner, ()))
                return
            if self.step == len(self.steps):
                self._showdown()
                return
            habits = self.habits
            if self.game.run_twice and not habits.run_asked and self._may_run_twice():
                habits.run_asked = True
                habits.running = SimultaneousChoice(self.live())
                return
            step = self.steps[self.step]
            self.step += 1
            if step == "discard":
                self._start_discard()
                return
            if step == "bet":
                betting = BettingRound(self.chips, first=self.order[0], limits=self._limits())
                if betting.turn is not None:
                    self.betting = betting
                    return
            else:
                self._deal_street(step)

    def _start_discard(self) -> None:
        """Every seat still in throws away one hole card, all at once (a method of its own: the
        comprehension here made ``self`` a closure cell at every step of the hand)."""
        self.discarding = SimultaneousChoice(self.live())
        self.discard_choices = {seat: _discard_choices(self.hole[seat]) for seat in self.discarding.seats}

    def _may_run_twice(self) -> bool:
        """Whether the rest of the board could be run twice now: no more betting can happen (at
        most one seat still in has chips behind), and only board cards are left to deal."""
        chips, rest = self.chips, self.steps[self.step:]
        behind = [seat for seat in self.live() if seat not in chips.all_in]
        return len(behind) <= 1 and "discard" not in rest and any(step in BOARD_CARDS for step in rest)

    def _choose_runs(self, seat: int, action: Action) -> None:
        """A seat's answer to running it twice; once all have answered, the board is dealt: twice
        if everyone agreed (the second run from the same stock, after the first), else once."""
        running = self.habits.running
        assert running is not None
        running.choose(seat, action)
        if not running.done:
            return
        self.habits.running = None
        if all(choice == RUN_TWICE for choice in running.choices.values()):
            self.habits.board2 = list(self.board)
            streets = [step for step in self.steps[self.step:] if step in BOARD_CARDS]
            for street in streets:
                self._deal_street(street)
            for street in streets:
                self._deal_street(street, run=2)
            self.step = len(self.steps)
        self._continue()

    # -- the contract ----------------------------------------------------------------------------

    def _copy_into(self, twin: Self) -> bool:
        twin.chips = chips = self.chips.copy()
        twin.betting = self.betting.copy(chips) if self.betting is not None else None
        twin.discarding = self.discarding.copy() if self.discarding is not None else None
        twin.hole = {seat: list(cards) for seat, cards in self.hole.items()}
        twin.board, twin.stock, twin.burned = list(self.board), list(self.stock), list(self.burned)
        twin.discards, twin.results = dict(self.discards), list(self.results)
        twin.blinds, twin.discard_choices, twin.order = self.blinds, self.discard_choices, self.order
        twin.revealed, twin.runs, twin.to_act = self.revealed, self.runs, self.to_act
        twin.step, twin.steps, twin.street = self.step, self.steps, self.street
        twin.habits = self.habits.copy(chips)
        return True

    def _redeal(self, seat: int, redeal: Redeal) -> None:
        """The other hole cards (with the card each threw away), the burned cards and the stock; a
        discard another seat chose in secret is its thrown card, whatever it is now."""
        thrown = {other: [card] for other, card in self.discards.items() if other != seat}
        for other, hole in self.hole.items():
            shown = self.revealed.get(other, ())
            if other != seat and len(shown) < len(hole):
                redeal.hide(hole, holder=other, known=shown)
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
        habits = self.habits
        if habits.straddling is not None:
            return (habits.straddling,)
        if habits.running is not None:
            return habits.running.waiting
        if habits.showing is not None:
            return habits.showing.waiting
        return ()

    def betting_round(self) -> BettingRound | None:
        return self.betting

    def _legal(self, seat: int) -> ActionSet:
        if self.betting is not None:
            return self.betting.legal(seat)
        if self.discarding is not None:
            return self.discard_choices[seat]
        if self.habits.straddling is not None:
            return straddle_choices(self.straddle_amount)
        if self.habits.showing is not None:
            return self.habits.showing.legal[seat]
        return run_choices()

    def _apply(self, seat: int, action: Action) -> None:
        betting = self.betting
        if betting is not None:
            betting.apply(seat, action)
            turn = betting.turn  # None once a single seat is left in the hand too
            if turn is not None:  # the round goes on: the next seat bets (most actions end here)
                self.to_act = (turn,)
                return
            self._continue()
        elif self.discarding is not None:
            self._discard(seat, action.cards[0])
        elif self.habits.straddling is not None:
            self._straddle(seat, action)
        elif self.habits.showing is not None:
            self._show_or_muck(self.habits.showing, seat, action)
        else:
            self._choose_runs(seat, action)
        self.to_act = self._who_acts()

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
        if self.habits.straddling is not None:
            return f"before the cards are dealt you may straddle ('straddle {self.straddle_amount}') or " \
                   f"not ('no-straddle'), not {action}"
        if self.habits.showing is not None:
            return self.habits.showing.explain(seat, action)
        if self.habits.running is not None:
            return f"everyone is all in: agree to run the rest of the board twice ('run twice') or not " \
                   f"('run once'), not {action}"
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
        """Judge the hands still in on the board (each board, run twice), show the winners, and
        settle; with show or muck on, the hands that win nothing are first shown or mucked."""
        self.street = "showdown"
        live, chips = self.live(), self.chips
        boards = [self.board, self.habits.board2] if self.habits.board2 else [self.board]
        hole = {seat: self.hole[seat] for seat in live}
        self.runs = judge_runs(hole, boards, chips, hi_lo=self.game.hi_lo)
        losers: list[int] = []
        if self.game.show_or_muck:
            winners = set().union(*(run.winners(chips) for run in self.runs))
            losers = [seat for seat in live if seat not in winners]
        self._reveal([seat for seat in live if seat not in losers])
        if losers:
            self.habits.showing = ShowOrMuck.at_showdown({seat: self.hole[seat] for seat in losers})
            return
        self.results.extend(settle_runs(self.history, chips, self.runs, self.revealed))

    def _reveal(self, seats: list[int]) -> None:
        """Show the hole cards of ``seats`` (and the card each threw away)."""
        shown = {seat: tuple(self.hole[seat]) for seat in seats}
        self.revealed = {**self.revealed, **shown}
        thrown = {seat: self.discards[seat] for seat in seats if seat in self.discards}
        reveal_hands(self.history, shown, thrown)

    def _show_or_muck(self, showing: ShowOrMuck, seat: int, action: Action) -> None:
        shown = showing.take(seat, action)
        if shown is not None:
            if self.runs:
                self._reveal([seat])
            else:
                self.revealed = {**self.revealed, seat: shown}
                reveal_hands(self.history, {seat: shown})
        if showing.done:
            self.habits.showing, self.habits.mucked = None, tuple(sorted(showing.mucked))
            if self.runs:
                self.results.extend(settle_runs(self.history, self.chips, self.runs, self.revealed))

    # -- views -----------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> PineappleView:
        betting, over = self.betting, self.street == "showdown"
        hole = tuple(self.hole.get(seat, ())) if seat is not None else ()
        game = self.game
        hi_lo = game.hi_lo
        shown, board = dict(self.revealed) if over else {}, tuple(self.board)
        hint, low_hint = _hints(hole, board, hi_lo, game.kept)
        # A copy of the view's whole dictionary filled in (see view_fields and add_money_fields).
        fields = self.view_fields(seat, game.view_template)
        fields["street"] = self.street
        fields["phase"] = self.phase()
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
        runs = self.runs
        named = self.fully_shown()
        fields["discards"] = self.shown_discards(named)
        fields["hand_names"] = runs[0].highs.names(named) if runs else {}
        fields["low_names"] = runs[0].lows.names(named) if runs and hi_lo else {}
        fields["second_board"] = tuple(self.habits.board2)
        fields["second_hand_names"] = runs[1].highs.names(named) if len(runs) > 1 else {}
        fields["second_low_names"] = runs[1].lows.names(named) if len(runs) > 1 and hi_lo else {}
        fields["straddler"] = self.habits.straddler
        fields["mucked"] = self.habits.mucked
        fields["results"] = tuple([str(result) for result in self.results])
        return make_filled(PineappleView, fields)

    def fully_shown(self) -> list[int]:
        """The seats whose whole hand the showdown showed: their hands are named, their
        discards shown."""
        if self.street != "showdown" or not self.runs:
            return []
        shown = self.revealed
        return [seat for seat in shown if len(shown[seat]) == len(self.hole[seat])]

    def shown_discards(self, seats: list[int]) -> dict[int, Card]:
        """The discards of ``seats`` (those :meth:`fully_shown`) that threw one away."""
        return {seat: self.discards[seat] for seat in seats if seat in self.discards}

    def phase(self) -> str:
        """The view's ``phase``: what the hand waits for now."""
        habits = self.habits
        if habits.showing is not None:
            return "show"
        if self.street == "showdown":
            return "over"
        if self.discarding is not None:
            return "discard"
        if habits.straddling is not None:
            return "straddle"
        return "run" if habits.running is not None else "betting"



@lru_cache(maxsize=4096)
def _hints(hole: tuple[Card, ...], board: tuple[Card, ...], hi_lo: bool, keep: int) -> tuple[str, str]:
    """The names of a seat's best high hand and (in Hi-Lo) best low for its view, ``keep`` of its
    hole cards playing, remembered: a seat sees the same cards turn after turn."""
    low = (best_low_name(hole, board, keep) if hole else NO_LOW) if hi_lo else ""
    return best_high_name(hole, board, keep), low


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
