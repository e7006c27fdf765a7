"""Whiskey Poker: five cards each and a spare hand, the widow, to trade with.

The deal gives five cards to each player one at a time, clockwise from the dealer's left, with the
widow dealt a hand of its own between the player on the dealer's right and the dealer. After a
first betting round comes the *exchange*: from the dealer's left each player may take the widow
unseen in exchange for their whole hand, pass, or knock; after a knock everyone else has one more
turn and the phase ends back at the knocker (with no knock, after one time round). A second betting
round, then the widow is turned face up for the *widow* phase: each player in turn takes one widow
card for one of their own, swaps their whole hand for the widow, or knocks (there is no passing);
the phase ends when the turn comes back to the first knocker, or after ten times round with no
knock. A third betting round and the showdown: the best poker hand takes the pot.

Variant ``chips``: no betting; each player keeps a few chips from hand to hand (setting
``starting_chips``, five unless the table says otherwise), the lowest hand at each showdown gives
one to the bank (everyone tied for lowest gives one), and the first player out of chips loses the
game.

>>> import homegame
>>> state = homegame.new_game("whiskey", players=3).deal(seed=2)
>>> state.view(1).phase, len(state.view(1).hand), state.view(1).widow
('bet1', 5, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Self

from homegame._compile import mypyc_attr
from homegame.cards import Card, format_cards
from homegame.engine import (
    Action,
    ActionSet,
    Chance,
    Choices,
    GameError,
    GameState,
    Outcome,
    Setting,
    Variant,
)
from homegame.engine.betting import BettingRound, money_fields, post_antes
from homegame.engine.frozen import make_frozen
from homegame.engine.game import is_counts
from homegame.engine.pots import Chips
from homegame.engine.redeal import Redeal
from homegame.engine.showdown import (
    Reason,
    ShownHands,
    named_by_strength,
    reveal_hands,
    settle_showdown,
    settle_uncontested,
)
from homegame.engine.stakes import BettingGame, round_limits, seat_chips, stake_settings
from homegame.errors import shown
from homegame.games.whiskey_view import WhiskeyView
from homegame.ranking import evaluate, strength
from homegame.wording import seats_listed

__all__ = ["GAMES", "WhiskeyPoker", "WhiskeyState", "WhiskeyView"]

HAND = 5
TAKE, PASS, KNOCK = Action("take"), Action("pass"), Action("knock")


@mypyc_attr(allow_interpreted_subclasses=True)  # clone() copies it (see _compile.py)
class WhiskeyState(GameState[WhiskeyView]):
    """One hand of Whiskey Poker."""

    def __init__(self, game: WhiskeyPoker, cards: list[Card], *, dealer: int, chance: Chance,
                 stacks: Sequence[int] | None, carry: dict[str, Any]) -> None:
        super().__init__(game, deck=cards, dealer=dealer, chance=chance, stacks=stacks, carry=carry)
        players, dealer = self.players, self.dealer
        self.order = [(dealer + step) % players for step in range(1, players + 1)]
        self.table_chips = self._table_chips()
        self.chips = Chips([0] * players, dealer=dealer) if self.chip_variant else \
            seat_chips(self.stacks, players=players, default=game.config["stack"], dealer=dealer)
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self._deal(cards)
        self.widow_face_up = False
        self.widow_known_by: int | None = None
        self.hand_knowers = [frozenset({seat}) for seat in range(players)]
        self.widow_knowers: frozenset[int] = frozenset()
        self.face_up: set[Card] = set()
        self.knocker: int | None = None
        self.turns_taken = 0
        self.turn: int | None = None
        self.revealed: dict[int, tuple[Card, ...]] = {}
        self.shown_hands: ShownHands | None = None
        self.results: list[str | Reason] = []
        self.losers: list[int] = []
        self.phase = ""
        self.betting: BettingRound | None = None
        if not self.chip_variant and game.config["ante"]:
            post_antes(self.history, self.chips, self.order, game.config["ante"])
        self._enter("exchange" if self.chip_variant else "bet1")

    @property
    def chip_variant(self) -> bool:
        """Whether the hand is played in the chips variant (a property, not a field: a 30th field
        would give every state a dictionary of its own in plain Python; see tests/test_state_fields.py)."""
        return self.game.has("chips")

    def _table_chips(self) -> dict[int, int]:
        carried = self.carry_in.get("chips")
        if not self.chip_variant:
            return {}
        if not carried or min(carried.values()) <= 0:
            return dict.fromkeys(range(self.players), self.game.config["starting_chips"])
        return {int(seat): count for seat, count in carried.items()}

    def _deal(self, cards: list[Card]) -> None:
        # The widow takes its cards between the dealer's right-hand neighbour and the dealer.
        receivers: list[int | None] = [*self.order[:-1], None, self.order[-1]]
        count = len(receivers)
        packets = [cards[index:HAND * count:count] for index in range(count)]
        self.undealt = cards[HAND * count:]
        for receiver, packet in zip(receivers, packets, strict=True):
            if receiver is None:
                self.widow = list(packet)
                self.history.add("deal", None, {"widow": HAND}, private_to=())
            else:
                self.hands[receiver] = list(packet)
                self.history.add_cards("deal", receiver, packet, private_to=(receiver,))

    # -- phases ------------------------------------------------------------------------------------

    def _enter(self, phase: str) -> None:
        self.phase = phase
        if len(self.chips.in_hand) == 1:
            self._award_uncontested()
        elif phase.startswith("bet"):
            big = phase == "bet3"
            self.betting = BettingRound(self.chips, first=self.order[0],
                                        limits=round_limits(self.game.config, big=big))
            self._after_betting()
        elif phase in ("exchange", "widow"):
            if phase == "widow":
                self.widow_face_up = True
                self.face_up.update(self.widow)
                self.history.add_cards("widow", None, self.widow)
            self.knocker, self.turns_taken = None, 0
            self.turn = self._live()[0]
        else:
            self._showdown()

    def _live(self) -> list[int]:
        return [seat for seat in self.order if seat not in self.chips.folded]

    def _next_phase(self) -> str:
        sequence = ["exchange", "widow", "over"] if self.chip_variant else \
            ["bet1", "exchange", "bet2", "widow", "bet3", "over"]
        return sequence[sequence.index(self.phase) + 1]

    def _after_betting(self) -> None:
        assert self.betting is not None
        if self.betting.turn is None or len(self.chips.in_hand) == 1:
            self.betting = None
            self._enter(self._next_phase())

    def _after_trade(self, seat: int) -> None:
        live = self._live()
        self.turns_taken += 1
        following = live[(live.index(seat) + 1) % len(live)]
        limit = len(live) * (1 if self.phase == "exchange" else self.game.config["orbits"])
        if following == self.knocker or (self.knocker is None and self.turns_taken >= limit):
            self.turn = None
            self._enter(self._next_phase())
        else:
            self.turn = following

    # -- the contract ------------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.betting is not None:
            turn = self.betting.turn
            return () if turn is None else (turn,)
        return () if self.turn is None else (self.turn,)

    def _copy_into(self, twin: Self) -> bool:
        twin.chips = chips = self.chips.copy()
        twin.betting = self.betting.copy(chips) if self.betting is not None else None
        twin.hands, twin.widow = [list(hand) for hand in self.hands], list(self.widow)
        twin.table_chips, twin.results = dict(self.table_chips), list(self.results)
        twin.losers, twin.hand_knowers = list(self.losers), list(self.hand_knowers)
        twin.face_up, twin.undealt = set(self.face_up), list(self.undealt)
        twin.knocker, twin.order = self.knocker, self.order
        twin.phase, twin.revealed, twin.shown_hands = self.phase, self.revealed, self.shown_hands
        twin.turn, twin.turns_taken = self.turn, self.turns_taken
        twin.widow_face_up, twin.widow_knowers = self.widow_face_up, self.widow_knowers
        twin.widow_known_by = self.widow_known_by
        return True

    def _redeal(self, seat: int, redeal: Redeal) -> None:
        """The hands the seat does not know and the widow while it is face down and unknown to the
        seat, but the cards that have lain face up in the widow; and the cards never dealt. A seat
        knows a hand that took the widow when the seat knew the widow (its own old hand)."""
        for other, hand in enumerate(self.hands):
            if other != seat and other not in self.revealed and seat not in self.hand_knowers[other]:
                redeal.hide(hand, known=self.face_up)
        if seat not in self.widow_knowers:
            redeal.hide(self.widow, known=self.face_up)
        redeal.hide(self.undealt)
        redeal.deal()

    def betting_round(self) -> BettingRound | None:
        return self.betting

    def _legal(self, seat: int) -> ActionSet:
        if self.betting is not None:
            return self.betting.legal(seat)
        if self.phase == "exchange":
            return ActionSet(Choices([TAKE, PASS] if self.knocker is not None else [TAKE, PASS, KNOCK]))
        swaps = [Action("swap", cards=(mine, widow)) for widow in self.widow for mine in self.hands[seat]]
        return ActionSet(Choices([*swaps, TAKE, KNOCK]))

    def _apply(self, seat: int, action: Action) -> None:
        if self.betting is not None:
            self.betting.apply(seat, action)
            self._after_betting()
            return
        if action.kind == "take":
            self._take_widow(seat)
        elif action.kind == "swap":
            mine, wanted = action.cards
            self.hands[seat][self.hands[seat].index(mine)] = wanted
            self.widow[self.widow.index(wanted)] = mine
            self.face_up.add(mine)
        elif action.kind == "knock" and self.knocker is None:
            self.knocker = seat
        self._after_trade(seat)

    def _take_widow(self, seat: int) -> None:
        self.hands[seat], self.widow = self.widow, self.hands[seat]
        if self.widow_face_up:
            self.face_up.update(self.widow)
            self.history.add_cards("widow", None, self.widow)
        else:
            self.widow_known_by = seat
            self.hand_knowers[seat], self.widow_knowers = self.widow_knowers | {seat}, self.hand_knowers[seat]
            self.history.add_cards("took", seat, self.hands[seat], private_to=(seat,))

    def _explain_illegal(self, seat: int, action: Action) -> str:
        if self.betting is not None:
            return self.betting.explain(seat, action)
        if self.phase == "exchange":
            if action.kind == "knock":
                return f"seat {self.knocker} has already knocked: take the widow or pass"
            return "before the widow is shown you may take it unseen ('take'), pass, or knock"
        if action.kind == "pass":
            return "there is no passing once the widow is shown: swap a card, take the widow, or knock"
        if action.kind == "swap":
            return ("a swap names one of your cards then one widow card, such as 'swap 2c Ah'; "
                    f"you hold {format_cards(self.hands[seat])}, the widow is {format_cards(self.widow)}")
        return "swap one card with the widow ('swap MINE WIDOW'), take the whole widow, or knock"

    # -- the end -----------------------------------------------------------------------------------

    def _award_uncontested(self) -> None:
        self.phase = "over"
        self.results.append(settle_uncontested(self.history, self.chips))

    def _showdown(self) -> None:
        self.phase = "over"
        live = self._live()
        self.revealed = {seat: tuple(self.hands[seat]) for seat in live}
        reveal_hands(self.history, self.revealed)
        strengths = {seat: strength(self.hands[seat]) for seat in live}
        shown = self.shown_hands = ShownHands(self.revealed, evaluate, named_by_strength(strengths))
        if self.chip_variant:
            self._pay_lowest(strengths, shown)
            return
        self.results.extend(settle_showdown(self.history, self.chips, strengths, shown.name,
                                            cards=shown.cards))

    def _pay_lowest(self, strengths: dict[int, int], shown: ShownHands) -> None:
        lowest = min(strengths.values())
        self.losers = sorted(seat for seat, value in strengths.items() if value == lowest)
        for seat in self.losers:
            self.table_chips[seat] -= 1
            reason = f"seat {seat} gives a chip to the bank with the lowest hand, {shown.name(seat)}"
            self.results.append(reason)
            self.history.add("award", seat, {"amount": -1, "reason": reason})
        out = [seat for seat in self.losers if self.table_chips[seat] == 0]
        if out:
            verbs = "is out of chips and loses" if len(out) == 1 else "are out of chips and lose"
            self.results.append(f"{seats_listed(out)} {verbs} the game")

    def _outcome(self) -> Outcome:
        if self.chip_variant:
            result: Outcome = dict.fromkeys(range(self.players), 0)
            for seat in self.losers:
                result[seat] = -1
            result["bank"] = len(self.losers)
            return result
        net: Outcome = {seat: amount for seat, amount in self.chips.net().items()}
        return net

    def default_action(self, seat: int) -> Action | None:
        """Check or fold in a betting round; pass in the exchange; at the widow a bot chooses
        (the rules allow no passing there)."""
        if self.phase == "exchange":
            return PASS
        return super().default_action(seat)

    @property
    def continues_game(self) -> bool:
        return self.chip_variant and not self.ends_game

    @property
    def ends_game(self) -> bool:
        return self.chip_variant and self.is_over and min(self.table_chips.values()) == 0

    @property
    def carry_out(self) -> dict[str, Any]:
        return {"chips": {str(s): n for s, n in self.table_chips.items()}} if self.chip_variant else {}

    # -- views -------------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> WhiskeyView:
        hand = tuple(self.hands[seat]) if seat is not None else ()
        knows_widow = self.widow_face_up or (seat is not None and seat == self.widow_known_by)
        betting = self.betting
        return make_frozen(WhiskeyView, {
            **self.view_base(seat), "phase": self.phase, "hand": hand,
            "hint": evaluate(list(hand)).name if hand else "",
            "widow": tuple(self.widow) if knows_widow else None, "widow_face_up": self.widow_face_up,
            "knocker": self.knocker, **money_fields(self.chips, betting, seat),
            "showdown": dict(self.revealed),
            "hand_names": self.shown_hands.names(self.revealed) if self.shown_hands is not None else {},
            "results": tuple(map(str, self.results)), "chips": dict(self.table_chips),
        })


class WhiskeyPoker(BettingGame):
    """Whiskey Poker for 2 to 9 players (the widow needs a hand's worth of cards too)."""

    name = "whiskey"
    title = "Whiskey Poker"
    players = range(2, 10)
    variants = {"chips": Variant("instead of betting, everyone starts with a few chips (the starting chips "
                                 "setting); the lowest hand at each showdown pays one to the bank, and the "
                                 "first player out of chips loses",
                                 label="A few chips, no betting")}
    settings = {
        **stake_settings(limit="fixed"),
        "orbits": Setting(10, "the widow phase ends after this many times round with no knock",
                          minimum=1, maximum=100, label="Rounds before the knock"),
        "starting_chips": Setting(5, "chips each player starts the game with",
                                  minimum=1, maximum=100, label="Starting chips"),
    }
    variant_settings = {"starting_chips": "chips", **dict.fromkeys(stake_settings(), "not chips")}
    state_class = WhiskeyState
    carry_keys = frozenset({"chips"})

    @property
    def scores_in_chips(self) -> bool:
        """The chips variant counts its own few chips a player, not the table's."""
        return not self.has("chips")

    def check_carry(self, carry: dict[str, Any]) -> None:
        """The chips variant carries each seat's chips, ``{"chips": {"0": 5, "1": 4, ...}}``."""
        super().check_carry(carry)
        chips = carry.get("chips")
        if chips is None:
            return
        seats = [str(seat) for seat in range(self.player_count)]
        most = self.config["starting_chips"]
        if not (self.has("chips") and isinstance(chips, dict) and set(chips) == set(seats)
                and is_counts([chips[seat] for seat in seats], self.player_count, most=most)):
            raise GameError(f"a Whiskey Poker carry is {{'chips': {{seat: 0 to {most} chips}}}} "
                            f"for every seat, in the chips variant only; not {shown(chips)}")


GAMES = (WhiskeyPoker,)
