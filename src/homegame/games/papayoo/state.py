"""A Papayoo deal as it is played: the deal in packets, the pass to the left, the die, the tricks.

Every seat passes at the same time and sees what it receives only once all have passed; then the
dealer rolls the four-faced die that names the Papayoo and leads the first trick. Each trick goes to
the highest card of the suit led (Payoo being a suit of its own), and its winner leads the next. The
deal's outcome is each seat's points taken, always 250 in all.

The history tells the deal as it happened: ``deal`` (each hand, private to its seat), the ``pass``
actions (private to the passer), ``receive`` (private to the receiver, once all have passed),
``passed``, ``papayoo`` (the die's face and the card it names), the public ``play`` actions,
``takes`` (who took each trick and its points), ``score`` (each seat's points, total and why) and,
after the last deal of a game, ``award`` for the lowest total.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Self

from homegame._compile import mypyc_attr
from homegame.cards import Card, Suit, card_texts, format_cards
from homegame.engine import Action, ActionSet, Chance, Choices, GameError, GameState, Outcome, Subsets
from homegame.engine.frozen import make_frozen
from homegame.engine.game import is_counts
from homegame.engine.redeal import Redeal
from homegame.engine.seats import SimultaneousChoice, clockwise, left_of, right_of
from homegame.games.papayoo.table import (
    DEAL_POINTS,
    SUIT_NAMES,
    cards_to_pass,
    deal_packets,
    papayoo_card,
    points,
    points_of,
)
from homegame.games.papayoo.views import DealResult, PapayooView, Play, Trick
from homegame.wording import capitalized, counted, listed, seats_listed

if TYPE_CHECKING:
    from homegame.games.papayoo.game import Papayoo

__all__ = ["PapayooState", "hand_order", "play_action", "read_carry"]

_PLAYS: Final[dict[Card, Action]] = {}  # one shared "play" action per card keeps legal sets cheap


def play_action(card: Card) -> Action:
    """The action of playing ``card`` (one shared instance per card)."""
    action = _PLAYS.get(card)
    if action is None:
        action = _PLAYS[card] = Action("play", cards=(card,))
    return action


def hand_order(card: Card) -> tuple[int, int]:
    """Sort key that groups a hand by suit (clubs, diamonds, hearts, spades, Payoo), low to high."""
    assert card.suit is not None
    return int(card.suit), card.rank


def read_carry(carry: dict[str, Any], *, players: int, deals: int) -> tuple[int, list[int]]:
    """The deal number and the totals before it that ``carry`` holds ({} starts a new game)."""
    if not carry:
        return 1, [0] * players
    number, totals = carry.get("deal"), carry.get("totals")
    if set(carry) != {"deal", "totals"} or type(number) is not int or not 1 <= number <= deals:
        raise GameError(f"a Papayoo carry is {{'deal': 1 to {deals}, 'totals': [points per seat]}}, "
                        f"got {carry!r}")
    if not is_counts(totals, players):
        raise GameError(f"the carried totals must be {players} whole numbers of points, got {totals!r}")
    return number, list(totals)


@mypyc_attr(allow_interpreted_subclasses=True)  # clone() copies it (see _compile.py)
class PapayooState(GameState[PapayooView]):
    """One deal of Papayoo, from the deal of the packets to the last trick."""

    def __init__(self, game: Papayoo, deck: Sequence[Card], *, dealer: int, chance: Chance,
                 carry: dict[str, Any]) -> None:
        super().__init__(game, deck=deck, dealer=dealer, chance=chance, carry=carry)
        self.deals: int = game.config["deals"]
        self.deal_number, self.previous_totals = read_carry(carry, players=self.players, deals=self.deals)
        self.pass_count = cards_to_pass(self.players)
        self.hands = self._deal(deck)
        self.passes: SimultaneousChoice[tuple[Card, ...]] = SimultaneousChoice(range(self.players))
        self.received: list[tuple[Card, ...]] = [() for _ in range(self.players)]
        self.papayoo: Card | None = None
        self.turn = dealer
        self.trick: list[Play] = []
        self.tricks: list[Trick] = []
        self.taken = [0] * self.players
        self.scoring_cards: list[list[Card]] = [[] for _ in range(self.players)]

    def _deal(self, deck: Sequence[Card]) -> list[list[Card]]:
        hands: list[list[Card]] = [[] for _ in range(self.players)]
        position = 0
        for packet in deal_packets(self.players):
            for seat in clockwise(left_of(self.dealer, self.players), self.players):
                hands[seat].extend(deck[position:position + packet])
                position += packet
        for seat, hand in enumerate(hands):
            hand.sort(key=hand_order)
            self.history.add("deal", seat, {"cards": card_texts(hand)}, private_to=(seat,))
        return hands

    def _copy_into(self, twin: Self) -> bool:
        twin.hands = [list(hand) for hand in self.hands]
        twin.passes, twin.received = self.passes.copy(), list(self.received)
        twin.trick, twin.tricks, twin.taken = list(self.trick), list(self.tricks), list(self.taken)
        twin.scoring_cards = [list(cards) for cards in self.scoring_cards]
        twin.deal_number, twin.deals, twin.papayoo = self.deal_number, self.deals, self.papayoo
        twin.pass_count, twin.previous_totals, twin.turn = self.pass_count, self.previous_totals, self.turn
        return True

    def _redeal(self, seat: int, redeal: Redeal) -> None:
        """The other hands, with the cards each set aside to pass while the passing goes on; the
        cards the seat passed are still with the player it passed them to (unless played), and a
        player who did not follow the suit led holds none of it."""
        pending = {other: list(cards) for other, cards in self.passes.choices.items()
                   if other != seat and not self.passes.done}
        given = set(self.passes.choices.get(seat, ())) if self.passes.done else set()
        for other, hand in enumerate(self.hands):
            if other != seat:
                redeal.hide(hand, holder=other, known=given)
                redeal.hide(pending.get(other, []), holder=other)
        for trick in [*self.tricks, Trick(tuple(self.trick), seat, 0)]:
            led = trick.plays[0].card.suit if trick.plays else None
            for play in trick.plays:
                if play.card.suit is not led:
                    redeal.limit(play.seat, [card for card in self.game.deck if card.suit is led], most=0)
        redeal.deal()
        for other, cards in pending.items():
            self.passes.choices[other] = tuple(cards)
        if self.passes.done:
            self._pass_again(seat, redeal.rng)

    def _pass_again(self, seat: int, rng: random.Random) -> None:
        """After a redeal, what the other seats passed and received, made again from what each
        receiver has held (so no card of the real deal is left in them)."""
        played: dict[int, list[Card]] = {}
        for trick in [*self.tricks, Trick(tuple(self.trick), seat, 0)]:
            for play in trick.plays:
                played.setdefault(play.seat, []).append(play.card)
        for giver in range(self.players):
            receiver = left_of(giver, self.players)
            if seat not in (giver, receiver):
                held = [*self.hands[receiver], *played.get(receiver, [])]
                cards = tuple(sorted(rng.sample(held, self.pass_count), key=hand_order))
                self.passes.choices[giver], self.received[receiver] = cards, cards

    # -- whose turn and what they may do --------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        if not self.passes.done:
            return self.passes.waiting
        if not self.hands[self.turn]:
            return ()
        return (self.turn,)

    @property
    def phase(self) -> str:
        if not self.passes.done:
            return "pass"
        return "play" if self.to_act else "over"

    @property
    def led_suit(self) -> Suit | None:
        return self.trick[0].card.suit if self.trick else None

    def playable(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play to the trick: the suit led if it holds any, else any card."""
        hand = self.hands[seat]
        led = self.led_suit
        following = [c for c in hand if c.suit is led] if led is not None else []
        return following or list(hand)

    def _legal(self, seat: int) -> ActionSet:
        if not self.passes.done:
            return ActionSet(Subsets("pass", self.hands[seat], [self.pass_count]))
        return ActionSet(Choices(play_action(c) for c in self.playable(seat)))

    def action_private_to(self, seat: int, action: Action) -> tuple[int, ...] | None:
        return (seat,) if action.kind == "pass" else None

    def _explain_illegal(self, seat: int, action: Action) -> str:
        hand = self.hands[seat]
        plain = action.amount is None and action.option is None and not action.groups
        if not self.passes.done:
            if action.kind != "pass" or not plain:
                example = _written(hand[:self.pass_count])
                return f"first pass {self.pass_count} cards to seat {left_of(seat, self.players)}, " \
                       f"as 'pass {example}'"
            return self._explain_pass(action.cards, hand)
        if action.kind != "play" or len(action.cards) != 1 or not plain:
            return f"play one card from your hand, as 'play {_written(self.playable(seat)[:1])}'"
        chosen = action.cards[0]
        if chosen not in hand:
            return f"you do not hold {_written([chosen])}"
        led = self.led_suit
        suit = SUIT_NAMES[led] if led is not None else "the suit led"
        return f"you must follow {suit} while you hold any: play one of {_written(self.playable(seat))}"

    def _explain_pass(self, cards: tuple[Card, ...], hand: list[Card]) -> str:
        if len(cards) != self.pass_count:
            return f"pass exactly {self.pass_count} cards, not {len(cards)}"
        doubled = [c for c in dict.fromkeys(cards) if cards.count(c) > 1]
        if doubled:
            return f"you named {_written(doubled)} more than once"
        missing = [c for c in cards if c not in hand]
        return f"you do not hold {_written(missing)}"

    # -- what happens ---------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        if action.kind == "pass":
            self.passes.choose(seat, action.cards)
            for card in action.cards:
                self.hands[seat].remove(card)
            if self.passes.done:
                self._exchange()
        else:
            self._play(seat, action.cards[0])

    def _exchange(self) -> None:
        for giver, cards in self.passes.choices.items():
            receiver = left_of(giver, self.players)
            self.received[receiver] = tuple(sorted(cards, key=hand_order))
            self.hands[receiver].extend(cards)
            self.hands[receiver].sort(key=hand_order)
            self.history.add("receive", receiver, {"from": giver, "cards": card_texts(cards)},
                             private_to=(receiver,))
        self.history.add("passed", None, {"count": self.pass_count})
        face = self.roll(4)
        self.papayoo = papayoo_card(face)
        assert self.papayoo.suit is not None
        self.history.add("papayoo", None, {"face": face, "card": str(self.papayoo),
                                                  "suit": SUIT_NAMES[self.papayoo.suit]})

    def _play(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        self.trick.append(Play(seat, card))
        if len(self.trick) < self.players:
            self.turn = left_of(seat, self.players)
            return
        led = self.trick[0].card.suit
        winner = max((p for p in self.trick if p.card.suit is led), key=lambda p: p.card.rank).seat
        cards = [p.card for p in self.trick]
        taken = points_of(cards, papayoo=self.papayoo)
        self.tricks.append(Trick(tuple(self.trick), winner, taken))
        self.taken[winner] += taken
        self.scoring_cards[winner].extend(c for c in cards if points(c, papayoo=self.papayoo))
        self.history.add("takes", winner, {"cards": card_texts(cards), "points": taken})
        self.trick = []
        self.turn = winner
        if not self.hands[winner]:
            self._finish()

    def _finish(self) -> None:
        if sum(self.taken) != DEAL_POINTS:
            raise RuntimeError(f"a Papayoo deal shares {DEAL_POINTS} points, not {sum(self.taken)}")
        for result in self.results():
            self.history.add("score", result.seat, {"points": result.points, "total": result.total,
                                                    "reason": result.reason})
        for seat in self.winners():
            total = self.totals()[seat]
            reason = f"lowest total after {counted(self.deals, 'deal')}: {counted(total, 'point')}"
            self.history.add("award", seat, {"game": True, "total": total, "reason": reason})

    # -- results --------------------------------------------------------------------------------

    def totals(self) -> list[int]:
        """Each seat's points over the game so far, this deal included."""
        return [before + now for before, now in zip(self.previous_totals, self.taken, strict=True)]

    def results(self) -> list[DealResult]:
        """Each seat's points this deal and why (empty until the deal is over)."""
        if self.to_act:
            return []
        totals = self.totals()
        return [DealResult(seat, self.taken[seat], totals[seat], self._reason(seat))
                for seat in range(self.players)]

    def _reason(self, seat: int) -> str:
        """The scoring cards a seat took, in words every face shows as they are ("took the Papayoo
        and the Payoos 20, 9 and 1"): the numbers say the points."""
        cards = self.scoring_cards[seat]
        numbers = sorted((points(c, papayoo=None) for c in cards if c != self.papayoo), reverse=True)
        parts = ["the Papayoo"] if self.papayoo in cards else []
        if numbers:
            parts.append(f"the Payoo{'s' if len(numbers) > 1 else ''} {listed([str(n) for n in numbers])}")
        return f"took {' and '.join(parts)}" if parts else "took no points"

    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest total once the last deal of the game is over (ties share)."""
        if self.to_act or self.deal_number < self.deals:
            return ()
        totals = self.totals()
        return tuple(seat for seat, total in enumerate(totals) if total == min(totals))

    def _outcome(self) -> Outcome:
        return {seat: points for seat, points in enumerate(self.taken)}

    @property
    def ends_game(self) -> bool:
        return self.deal_number >= self.deals

    @property
    def continues_game(self) -> bool:
        return not self.ends_game

    @property
    def carry_out(self) -> dict[str, Any]:
        """The next deal's number and the totals so far; a new game once the last deal is over."""
        if self.deal_number >= self.deals:
            return {}
        return {"deal": self.deal_number + 1, "totals": self.totals()}

    # -- what a seat sees -----------------------------------------------------------------------

    def _view(self, seat: int | None) -> PapayooView:
        done = self.passes.done
        chose = self.passes.choices.get(seat) if seat is not None else None
        return make_frozen(PapayooView, {
            **self.view_base(seat), "players": self.players, "deal": self.deal_number, "deals": self.deals,
            "phase": self.phase,
            "hand": tuple(self.hands[seat]) if seat is not None else (),
            "playable": tuple(self.playable(seat)) if done and seat in self.to_act else (),
            "hand_sizes": {s: len(h) for s, h in enumerate(self.hands)},
            "pass_count": self.pass_count,
            "pass_to": left_of(seat, self.players) if seat is not None else None,
            "passing": tuple(sorted(chose, key=hand_order)) if chose else (),
            "passed": tuple(s for s in range(self.players) if s in self.passes.choices),
            "received": self.received[seat] if seat is not None and done else (),
            "received_from": right_of(seat, self.players) if seat is not None and done else None,
            "papayoo": self.papayoo, "leader": self.trick[0].seat if self.trick else (
                self.turn if done and self.to_act else None),
            "led_suit": self.led_suit.letter if self.led_suit is not None else None,
            "trick": tuple(self.trick), "tricks": tuple(self.tricks),
            "taken": dict(enumerate(self.taken)), "totals": dict(enumerate(self.totals())),
            "results": tuple(self.results()), "winners": self.winners(), "summary": self._summary(),
            "hint": self._hint(seat),
        })

    def _hint(self, seat: int | None) -> str:
        """What ``seat`` is to do now, in a few words (where the deal stands if it is not to act)."""
        if seat is None or seat not in self.to_act:
            return capitalized(self._summary())
        if not self.passes.done:
            return f"Choose {self.pass_count} cards to pass to seat {left_of(seat, self.players)}"
        led = self.led_suit
        if led is None:
            return "Your lead: play any card"
        if self.playable(seat)[0].suit is led:
            return f"Follow {SUIT_NAMES[led]}"
        return f"No {SUIT_NAMES[led]} left: play any card"

    def _summary(self) -> str:
        """Where the deal stands, or who won the game, as a clause ("seat 2 to lead the trick"):
        which deal of how many it is, the view says in numbers."""
        if self.phase == "pass":
            return f"each player passes {self.pass_count} cards left"
        if self.phase == "play":
            led = self.led_suit
            doing = f"to play, {SUIT_NAMES[led]} led" if led is not None else "to lead the trick"
            return f"seat {self.turn} {doing}"
        winners = self.winners()
        if not winners:
            return "the deal is over"
        total = self.totals()[winners[0]]
        if len(winners) == 1:
            return f"seat {winners[0]} wins the game with {counted(total, 'point')}, the lowest total"
        return f"{seats_listed(winners)} share the win with {counted(total, 'point')} each, the lowest total"


def _written(cards: Sequence[Card]) -> str:
    """Cards as a Papayoo player reads them: numbered, a ten written 10."""
    return format_cards(cards, numbered=True)
