"""One hand of Anaconda: the deal, four betting rounds around two passes, the declaration, the
final five with four shown, and the split showdown (see the package's docstring for the rules)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self

from homegame._compile import mypyc_attr
from homegame.cards import Card, card_texts, format_cards
from homegame.engine import (
    Action,
    ActionSet,
    Arrangements,
    Chance,
    Choices,
    GameError,
    GameState,
    Outcome,
    Subsets,
)
from homegame.engine.betting import BettingRound, money_fields, post_antes
from homegame.engine.carried_pot import settle_uncontested_carrying
from homegame.engine.frozen import make_frozen
from homegame.engine.redeal import Redeal
from homegame.engine.seats import SimultaneousChoice
from homegame.engine.showdown import reveal_hands
from homegame.engine.stakes import round_limits, seat_chips
from homegame.games.anaconda.showdown import RANKING, settle
from homegame.games.anaconda.view import AnacondaView, hint, pass_targets
from homegame.ranking import evaluate

if TYPE_CHECKING:
    from homegame.games.anaconda import Anaconda

__all__ = ["AnacondaState", "read_carry"]

HAND, PASS, SHOW = 7, 3, (4, 1, 2)
PHASES = ("bet1", "pass1", "bet2", "pass2", "bet3", "declare", "show", "bet4", "over")
BIG_ROUNDS = ("bet3", "bet4")
DECLARE_HIGH, DECLARE_LOW = Action("declare", option="high"), Action("declare", option="low")
SECRET = ("pass", "declare", "show")


def read_carry(carry: dict[str, Any]) -> int:
    """The chips a previous hand left in the pot: ``carry`` is ``{}`` or ``{"pot": chips}``.

    >>> read_carry({}), read_carry({"pot": 3})
    (0, 3)
    """
    pot = carry.get("pot", 0)
    if set(carry) - {"pot"} or not isinstance(pot, int) or isinstance(pot, bool) or pot < 0:
        raise GameError(f"an Anaconda carry is {{'pot': chips left from the last hand}}, got {carry!r}")
    return pot


@mypyc_attr(allow_interpreted_subclasses=True)  # clone() copies it (see _compile.py)
class AnacondaState(GameState[AnacondaView]):
    """One hand of Anaconda."""

    game: Anaconda

    def __init__(self, game: Anaconda, cards: list[Card], *, dealer: int, chance: Chance,
                 stacks: Sequence[int] | None, carry: dict[str, Any]) -> None:
        super().__init__(game, deck=cards, dealer=dealer, chance=chance, stacks=stacks, carry=carry)
        players, config = self.players, game.config
        self.carried_in = read_carry(self.carry_in)
        self.carried_out = 0
        self.chips = seat_chips(self.stacks, players=players, default=config["stack"], dealer=self.dealer)
        self.order = [(self.dealer + step) % players for step in range(1, players + 1)]
        self.hands: dict[int, list[Card]] = {seat: [] for seat in self.live()}
        self.phase = ""
        self.betting: BettingRound | None = None
        self.choice: SimultaneousChoice[Action] | None = None
        self.pass_to: dict[int, int] = {}
        self.passes_made: list[dict[int, int]] = []
        self.passed: dict[int, list[tuple[Card, ...]]] = {seat: [] for seat in self.hands}
        self.received: dict[int, list[tuple[Card, ...]]] = {seat: [] for seat in self.hands}
        self.declarations: dict[int, str] = {}
        self.finals: dict[int, Action] = {}
        self.revealed: dict[int, tuple[Card, ...]] = {}
        self.results: list[str] = []
        if config["ante"]:
            post_antes(self.history, self.chips, self.live(), config["ante"])
        self._deal(cards)
        self._enter("bet1")

    def live(self) -> list[int]:
        """The seats still in the hand, clockwise from the dealer's left."""
        return [seat for seat in self.order if seat not in self.chips.folded]

    def _deal(self, cards: list[Card]) -> None:
        live = self.live()
        self.set_aside = cards[HAND * len(live):]
        for index, seat in enumerate(live):
            self.hands[seat] = cards[index:HAND * len(live):len(live)]
            self.history.add("deal", seat, {"cards": card_texts(self.hands[seat])}, private_to=(seat,))

    # -- phases ------------------------------------------------------------------------------------

    def _enter(self, phase: str) -> None:
        while True:
            self.phase = phase
            if len(self.chips.in_hand) == 1:
                self._award_uncontested()
                return
            if phase == "over":
                self._showdown()
                return
            if not phase.startswith("bet"):
                self._open_choice()
                return
            betting = BettingRound(self.chips, first=self.order[0],
                                   limits=round_limits(self.game.config, big=phase in BIG_ROUNDS))
            if betting.turn is not None:
                self.betting = betting
                return
            phase = PHASES[PHASES.index(phase) + 1]

    def _next_phase(self) -> None:
        self._enter(PHASES[PHASES.index(self.phase) + 1])

    def _open_choice(self) -> None:
        live = self.live()
        self.choice = SimultaneousChoice(live)
        if self.phase in ("pass1", "pass2"):
            self.pass_to = pass_targets(live, second=self.phase == "pass2")
            self.history.add("passing", None, {"to": {str(s): r for s, r in self.pass_to.items()}})

    def _complete_choice(self) -> None:
        assert self.choice is not None
        choices, self.choice = self.choice.choices, None
        if self.phase in ("pass1", "pass2"):
            self.passes_made.append(dict(self.pass_to))
            self._exchange(choices)
        elif self.phase == "declare":
            self.declarations = {seat: str(choices[seat].option) for seat in self.live()}
            sides = {str(seat): side for seat, side in self.declarations.items()}
            self.history.add("declarations", None, {"sides": sides})
        else:
            self.finals = {seat: choices[seat] for seat in self.live()}
            for seat, action in self.finals.items():
                self.hands[seat] = [*action.groups[0], *action.groups[1]]
            self.history.add("shown", None, {"cards": {str(s): format_cards(a.groups[0])
                                                       for s, a in self.finals.items()}})
        self._next_phase()

    def _exchange(self, choices: dict[int, Action]) -> None:
        for giver, action in choices.items():
            self.hands[giver] = [card for card in self.hands[giver] if card not in action.cards]
            self.passed[giver].append(action.cards)
        for giver, action in choices.items():
            receiver = self.pass_to[giver]
            self.hands[receiver].extend(action.cards)
            self.received[receiver].append(action.cards)
            self.history.add("receive", receiver, {"from": giver, "cards": card_texts(action.cards)},
                             private_to=(receiver,))

    # -- the contract ------------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.betting is not None:
            turn = self.betting.turn
            return () if turn is None else (turn,)
        return self.choice.waiting if self.choice is not None else ()

    def _copy_into(self, twin: Self) -> bool:
        twin.chips = chips = self.chips.copy()
        twin.betting = self.betting.copy(chips) if self.betting is not None else None
        twin.choice = self.choice.copy() if self.choice is not None else None
        twin.hands = {seat: list(cards) for seat, cards in self.hands.items()}
        twin.passed = {seat: list(passes) for seat, passes in self.passed.items()}
        twin.received = {seat: list(passes) for seat, passes in self.received.items()}
        twin.results, twin.set_aside = list(self.results), list(self.set_aside)
        twin.finals, twin.passes_made = dict(self.finals), list(self.passes_made)
        twin.carried_in, twin.carried_out = self.carried_in, self.carried_out
        twin.declarations, twin.order, twin.pass_to = self.declarations, self.order, self.pass_to
        twin.phase, twin.revealed = self.phase, self.revealed
        return True

    def _redeal(self, seat: int, redeal: Redeal) -> None:
        """The other hands (but the four cards each has shown) with the two each threw away, and
        the cards set aside. Cards the seat passed are with the player it passed them to, or with
        the one that player passed three cards to next (at most three of them); a secret choice
        another seat has made (a pass, a side, a final five) is made again at random."""
        thrown = {other: list(final.groups[2]) for other, final in self.finals.items() if other != seat}
        for other, hand in self.hands.items():
            if other != seat and other not in self.revealed:
                final = self.finals.get(other)
                redeal.hide(hand, holder=other, known=final.groups[0] if final is not None else ())
                redeal.hide(thrown.get(other, []), holder=other)
        redeal.hide(self.set_aside, holder="aside")
        self._confine_passes(seat, redeal)
        redeal.deal()
        for other, cards in thrown.items():
            hand = self.hands[other]
            self.finals[other] = Action("show", groups=(tuple(hand[:4]), tuple(hand[4:]), tuple(cards)))
        for other in self.passed:
            if other != seat:
                self.passed[other], self.received[other] = [], []
        if self.choice is not None:
            made = [other for other in self.choice.choices if other != seat]
            for other in made:
                options = self._legal(other)
                self.choice.choices[other] = options[redeal.rng.randrange(len(options))]

    def _confine_passes(self, seat: int, redeal: Redeal) -> None:
        for number, cards in enumerate(self.passed.get(seat, [])):
            target = self.passes_made[number][seat]
            onward = self.passes_made[number + 1].get(target) if number + 1 < len(self.passes_made) else None
            if onward is None or onward == seat:
                redeal.confine(cards, {target})
            else:
                redeal.confine(cards, {target, onward})
                redeal.limit(onward, cards, most=PASS)

    def betting_round(self) -> BettingRound | None:
        return self.betting

    def _legal(self, seat: int) -> ActionSet:
        if self.betting is not None:
            return self.betting.legal(seat)
        hand = self.hands[seat]
        if self.phase == "declare":
            return ActionSet(Choices((DECLARE_HIGH, DECLARE_LOW)))
        if self.phase == "show":
            return ActionSet(Arrangements("show", hand, maximum=SHOW, minimum=SHOW))
        return ActionSet(Subsets("pass", hand, (PASS,)))

    def _apply(self, seat: int, action: Action) -> None:
        if self.betting is not None:
            self.betting.apply(seat, action)
            if self.betting.turn is None or len(self.chips.in_hand) == 1:
                self.betting = None
                self._next_phase()
            return
        assert self.choice is not None
        self.choice.choose(seat, action)
        if self.choice.done:
            self._complete_choice()

    def action_private_to(self, seat: int, action: Action) -> tuple[int, ...] | None:
        """Passes, declarations and the final choice are made in secret: only the chooser sees
        them until everyone has chosen (then the game reveals what may be seen)."""
        return (seat,) if action.kind in SECRET else None

    def _explain_illegal(self, seat: int, action: Action) -> str:
        if self.betting is not None:
            return self.betting.explain(seat, action)
        held = format_cards(self.hands[seat])
        if self.phase == "declare":
            return "declare which half you play for: 'declare high' or 'declare low'"
        if self.phase == "show":
            return ("choose your final five from your seven as 'show A B C D | E | F G': four cards to show, "
                    f"one to keep face down, and the two you throw away; you hold {held}")
        return f"pass exactly three of your own cards, such as 'pass 2c 7d Kh'; you hold {held}"

    # -- the end -----------------------------------------------------------------------------------

    def _award_uncontested(self) -> None:
        self.phase = "over"
        self.choice = self.betting = None
        self.results.append(settle_uncontested_carrying(self.history, self.chips, self.carried_in))

    def _showdown(self) -> None:
        live = self.live()
        self.revealed = {seat: tuple(self.hands[seat]) for seat in live}
        reveal_hands(self.history, self.revealed)
        settlement = settle(self.history, self.chips, self.revealed, self.declarations,
                            carried=self.carried_in)
        self.results.extend(settlement.reasons)
        self.carried_out = settlement.remainder

    def _outcome(self) -> Outcome:
        outcome: Outcome = {seat: amount for seat, amount in self.chips.net().items()}
        outcome["bank"] = self.carried_out - self.carried_in
        return outcome

    @property
    def continues_game(self) -> bool:
        """A pot carried over is played for in the next hand of Anaconda."""
        return self.carried_out > 0

    @property
    def carry_out(self) -> dict[str, Any]:
        """The chips that could not be split evenly: they start the next hand's pot."""
        return {"pot": self.carried_out} if self.carried_out else {}

    # -- views -------------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> AnacondaView:
        mine = seat if seat in self.hands else None
        hand = tuple(self.hands[mine]) if mine is not None else ()
        choice, betting = self.choice, self.betting
        final = self.finals.get(mine) if mine is not None else None
        own_choice = choice.choices.get(mine) if choice is not None and mine is not None else None
        if own_choice is not None and own_choice.kind == "show":
            final = own_choice
        declaration = self.declarations.get(mine) if mine is not None else None
        if own_choice is not None and own_choice.kind == "declare":
            declaration = own_choice.option
        over = self.phase == "over"
        return make_frozen(AnacondaView, {
            **self.view_base(seat), "phase": self.phase, "hand": hand, "hint": self._hint(mine),
            "chosen": tuple(s for s in choice.seats if s in choice.choices) if choice is not None else (),
            "passing": own_choice.cards if own_choice is not None and own_choice.kind == "pass" else (),
            "passed": tuple(self.passed.get(mine, [])) if mine is not None else (),
            "received": tuple(self.received.get(mine, [])) if mine is not None else (),
            "pass_to": dict(self.pass_to), "declaration": declaration,
            "declarations": dict(self.declarations),
            "my_show": final.groups[0] if final is not None else (),
            "my_hidden": final.groups[1][0] if final is not None else None,
            "my_discards": final.groups[2] if final is not None else (),
            "shown": {s: a.groups[0] for s, a in self.finals.items()},
            **{**money_fields(self.chips, betting, seat), "pot": self.chips.pot + self.carried_in},
            "carried_in": self.carried_in, "carried_out": self.carried_out,
            "showdown": dict(self.revealed) if over else {},
            "hand_names": {s: self._name(s) for s in self.revealed} if over else {},
            "results": tuple(self.results),
        })

    def _hint(self, seat: int | None) -> str:
        if seat is None:
            return ""
        side = self.declarations.get(seat)
        if seat in self.finals and side is not None:
            return f"Your {side} hand: {self._name(seat)}"
        return hint(self.hands[seat])

    def _name(self, seat: int) -> str:
        side = self.declarations.get(seat, "high")
        return evaluate(self.hands[seat], RANKING[side]).name
