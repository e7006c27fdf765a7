"""A Paiute bot that builds toward the combination it is closest to, given the wild cards.

It measures a five-card hand by how many more cards its best target still needs (its *deficit*),
then by how many unseen cards would help (its *outs*), then by what the target is worth: five of a
kind, a straight flush (suited cards close together, wild cards filling gaps), four/two and
three/three (pairs and threes kept together). Each turn it:

- takes the top discard when that makes a combination it may call at once (so it never misses the
  first-turn paiute), when it is a wild card, or when it brings the hand closer to a combination;
  otherwise it draws from the stock;
- calls whenever the rules let it: a made combination seldom improves before someone else calls, a
  first-turn paiute is now or never, and on a last turn a call is only offered when it beats the best
  shown; of several five-card calls it throws away the least useful card. (Measured: a version that
  held back a three/three to build something better won 22.5% of 600 four-player deals against three
  of these bots, against 23.8% for calling at once.)
- otherwise throws away the card whose loss leaves the best-measured five cards.

It sees only its view: its own hand, the wild cards, the top discard and the calls shown.

:class:`CountingBot`, the game's best bot (the search bot's guide), plays as it does but throws
away by exact odds over every card its seat has not seen (:mod:`homegame.bots.paiute_odds`).

>>> from homegame.games.paiute import Paiute
>>> state = Paiute(players=3).deal(seed=5)
>>> bot = PaiuteBot(seed=1)
>>> seat = state.to_act[0]
>>> bot.act(state.view(seat), state.legal_actions(seat)).kind
'draw'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from homegame.bots import Bot
from homegame.bots.paiute_odds import Odds, unseen_cards
from homegame.cards import JOKER, Card, deck
from homegame.engine import Action, ActionSet
from homegame.games.paiute import DRAW_PILE, DRAW_STOCK, PaiuteView
from homegame.games.paiute.targets import nearest
from homegame.ranking import RANKINGS, Hand
from homegame.ranking.paiute import PaiuteRanking

__all__ = ["BOTS", "CountingBot", "PaiuteBot", "measure"]



Measure = tuple[int, int, int]
"""(cards still needed, minus the outs, minus the worth of the target): smaller is closer."""


def measure(cards: Sequence[Card], wild: Collection[Card], seen: Collection[Card] = ()) -> Measure:
    """How close five ``cards`` are to a combination (smaller is closer): the cards still needed,
    minus the outs, minus the worth of the nearest target (see :mod:`homegame.games.paiute.targets`).

    >>> from homegame.cards import parse_cards
    >>> wild = parse_cards("2c 2d 2h 2s")
    >>> measure(parse_cards("9c 9d 9h 2s 5c"), wild)[0], measure(parse_cards("9c 7d 4h Ks 5c"), wild)[0]
    (1, 3)
    """
    return nearest(cards, wild, seen).key()


class PaiuteBot(Bot):
    """The heuristic Paiute player described in the module text."""

    name = "heuristic"

    def act(self, view: PaiuteView, legal: ActionSet) -> Action:
        if view.phase == "draw":
            return self._draw(view, legal)
        calls = [a for a in legal if a.kind == "call"]
        if calls:
            return self._best_call(view, calls)
        return self._discard(view, legal)

    def _draw(self, view: PaiuteView, legal: ActionSet) -> Action:
        top = view.top_discard
        if DRAW_PILE not in legal or top is None:
            return DRAW_STOCK
        wild = set(view.wild_cards)
        if top in wild or self._callable_with(view, top):
            return DRAW_PILE
        seen = self._seen(view)
        now = measure(view.hand, wild, seen)
        with_top = min(measure(_without([*view.hand, top], c), wild, seen) for c in view.hand)
        return DRAW_PILE if with_top[:2] < now[:2] else DRAW_STOCK

    def _callable_with(self, view: PaiuteView, top: Card) -> bool:
        """Whether taking ``top`` lets this seat call at once: a five-card combination that keeps
        it (it may not be thrown back), or a six-card one, that beats the best call shown."""
        ranking = _paiute(view)
        wild = set(view.wild_cards)
        six = [*view.hand, top]
        best = ranking.evaluate(six, wild)
        if len(best.cards) == 5 and top not in best.cards:
            best = ranking.six_card(six, wild)
        if best.category.name == "no combination" or (best.category.name == "paiute" and not view.first_turn):
            return False
        return not view.calls or best.strength > _shown(ranking, view.calls[-1].cards, wild).strength

    def _best_call(self, view: PaiuteView, calls: list[Action]) -> Action:
        ranking = _paiute(view)
        wild = set(view.wild_cards)

        def worth(call: Action) -> tuple[int, bool, int]:
            thrown = call.cards[0] if call.cards else None
            shown = _shown(ranking, view.hand if thrown is None else _without(view.hand, thrown), wild)
            return shown.strength, thrown not in wild, -(thrown.rank if thrown is not None else 0)

        return max(calls, key=worth)

    def _discard(self, view: PaiuteView, legal: ActionSet) -> Action:
        wild = set(view.wild_cards)
        seen = self._seen(view)

        def after(action: Action) -> tuple[Measure, bool]:
            card = action.cards[0]
            return measure(_without(view.hand, card), wild, seen), card in wild

        return min((a for a in legal if a.kind == "discard"), key=after)

    @staticmethod
    def _seen(view: PaiuteView) -> list[Card]:
        """Cards out of reach that this seat can see: the turned card, the top discard, calls shown."""
        seen = [c for c in (view.wild_card, view.top_discard) if c is not None]
        return seen + [c for call in view.calls for c in call.cards]


def _paiute(view: PaiuteView) -> PaiuteRanking:
    ranking = RANKINGS[view.ranking]
    assert isinstance(ranking, PaiuteRanking)
    return ranking


def _shown(ranking: PaiuteRanking, cards: Sequence[Card], wild: set[Card]) -> Hand:
    """What a call of ``cards`` shows: five cards their combination, six their six-card one."""
    return ranking.six_card(cards, wild) if len(cards) == 6 else ranking.evaluate(cards, wild)


def _without(cards: Sequence[Card], card: Card) -> list[Card]:
    rest = list(cards)
    rest.remove(card)
    return rest


class CountingBot(PaiuteBot):
    """The heuristic player, but throwing away by exact odds: the card whose loss leaves the
    best chance of completing a combination within the next two draws, counted over every card
    this seat has not seen (:mod:`homegame.bots.paiute_odds`); the heuristic's measure breaks
    ties. It draws and calls as the heuristic does (counting the draw over two cards took the
    pile too seldom and lost: see docs/search.md).

    >>> from homegame.games.paiute import Paiute
    >>> state = Paiute(players=2).deal(seed=5)
    >>> bot = CountingBot(seed=1)
    >>> seat = state.to_act[0]
    >>> state.apply(seat, bot.act(state.view(seat), state.legal_actions(seat)))
    >>> bot.act(state.view(seat), state.legal_actions(seat)).kind
    'discard'
    """

    name = "counting"
    quick = False  # some 10 ms a discard: the search's playouts are played by the heuristic

    def _discard(self, view: PaiuteView, legal: ActionSet) -> Action:
        if view.calls:  # a last turn: no later draw for the card kept to help
            return super()._discard(view, legal)
        wild = set(view.wild_cards)
        seen = self._seen(view)
        odds = Odds(wild, unseen_cards(view, deck("standard+2jokers" if JOKER in wild else "standard")))

        def after(action: Action) -> tuple[float, Measure, bool]:
            card = action.cards[0]
            rest = _without(view.hand, card)
            return -odds.two_draws(rest), measure(rest, wild, seen), card in wild

        return min((a for a in legal if a.kind == "discard"), key=after)


BOTS = {"counting": CountingBot, "heuristic": PaiuteBot}
