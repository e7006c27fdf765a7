"""A deal as OpenSpiel sees it: chance deals the deck card by card, players act by index, and every
chance draw inside the hand (a reshuffled stock, Papayoo's die) is a chance node of its own.

The engine deals from a whole shuffled deck (``game.deal(deck=...)``). Here the deck is built one
position at a time: each chance node draws one card uniformly from the cards not yet placed (a card
the deck holds twice, a joker, is one outcome with twice the probability), which gives every order
of the deck its fair chance; once the last kind of card is all that is left, the deck is complete
and the hand is dealt from it. The seats see only what their views show, so the order in which the
whole deck is fixed reveals nothing. A game that says how many cards a hand can deal at most
(``cards_dealt``, as Soko does) has only those drawn: the rest, never seen, follow in deck order,
so that a small game's tree has a branch only for each deal that can make a difference.

Inside the hand the engine draws from its :class:`~homegame.engine.Chance`. A :class:`World` gives
the engine the outcomes already chosen and, when an action makes the engine draw something new,
takes the action back and asks for the draw first: a shuffle of ``k`` cards becomes ``k - 1`` chance
nodes, each picking uniformly which of the cards still unplaced comes next; a die of ``f`` faces
one node of ``f`` equal outcomes. Then the action is played with the outcome chosen.

>>> import homegame
>>> from homegame.agents import encoding_for
>>> game = homegame.new_game("papayoo", players=3)
>>> world = World(game, encoding_for(game))
>>> len(world.chance_outcomes()), world.chance_outcomes()[0]
(60, (0, 0.016666666666666666))
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import numpy as np

from homegame.agents.encoding import Encoding, Mask
from homegame.cards import Card
from homegame.engine import Action, ActionSet, Chance, Game, GameState, View

__all__ = ["Pending", "World"]


class Pending:
    """An action waiting for a chance draw it caused: the draw's kind and size, and the picks so far."""

    __slots__ = ("action", "index", "kind", "picks", "seat", "size")

    def __init__(self, seat: int, action: Action, index: int, kind: str, size: int) -> None:
        self.seat, self.action, self.index = seat, action, index
        self.kind, self.size = kind, size
        self.picks: list[int] = []

    def copy(self) -> Pending:
        twin = Pending(self.seat, self.action, self.index, self.kind, self.size)
        twin.picks = list(self.picks)
        return twin


class World:
    """Everything that has happened in one deal: the deck so far, the draws inside the hand, and the
    actions (with their indices). The engine state is dealt and replayed from these when first
    needed and then kept, played on as actions come and copied with the world."""

    def __init__(self, game: Game, encoding: Encoding[Any], *, dealer: int = 0, limit: int = 0) -> None:
        self.game, self.encoding, self.dealer = game, encoding, dealer
        self.limit = limit or encoding.max_actions()
        full = game.deck  # a property some games work out afresh at each call: read once
        self.size = len(full)
        self.deck: list[Card] = []
        self.left = Counter(full)
        self._drawn: int = getattr(game, "cards_dealt", None) or self.size
        self.draws: list[Any] = []
        self.actions: list[tuple[int, Action, int]] = []
        self.pending: Pending | None = None
        self._state: GameState[Any] | None = None
        self._turn: tuple[int, View, ActionSet, list[int]] | None = None
        self._mask: Mask = np.zeros(0, np.int8)

    # -- where the deal stands ------------------------------------------------------------------

    @property
    def dealt(self) -> bool:
        return len(self.deck) == self.size

    @property
    def is_chance(self) -> bool:
        return not self.dealt or self.pending is not None

    @property
    def state(self) -> GameState[Any]:
        """The engine state: once dealt, the state after the last action played in full (an action
        waiting for its draw is not in it yet)."""
        if self._state is None:
            assert self.dealt, "the deck is still being dealt"
            state = self._replay(self.actions)
            if self.pending is not None:
                return state
            self._state = state
        return self._state

    def _replay(self, actions: list[tuple[int, Action, int]]) -> GameState[Any]:
        chance = Chance.replaying(self.draws, then=Chance(seed=0))
        state = self.game.deal(deck=self.deck, dealer=self.dealer, chance=chance)
        for seat, action, _ in actions:
            state.apply(seat, action)
        return state

    def view(self, seat: int) -> View | None:
        """What ``seat`` sees now: ``None`` before the deal; while an action waits for its draw,
        the view from just before that action."""
        return self.state.view(seat) if self.dealt else None

    @property
    def truncated(self) -> bool:
        """Whether the deal reached the action limit without ending (only a Paiute deal can)."""
        return len(self.actions) >= self.limit and not self.is_chance and not self.state.is_over

    @property
    def is_over(self) -> bool:
        return not self.is_chance and (self.state.is_over or len(self.actions) >= self.limit)

    def seat_to_act(self) -> int:
        """The seat to act; several at once (passing, setting) take turns in seat order."""
        return min(self.state.to_act)

    def turn(self) -> tuple[int, View, ActionSet, list[int]]:
        """The seat to act, its view, its legal actions and their indices (worked out once a turn)."""
        if self._turn is None:
            state = self.state
            seat = min(state.to_act)
            view, legal = state.view(seat), state.legal_actions(seat)
            self._mask = self.encoding.legal_mask(view, legal)
            self._turn = seat, view, legal, np.flatnonzero(self._mask).tolist()
        return self._turn

    def is_legal(self, index: int) -> bool:
        """Whether ``index`` is legal for the seat to act now."""
        self.turn()
        return 0 <= index < len(self._mask) and bool(self._mask[index])

    def returns(self) -> list[float]:
        """Each seat's result once the deal is over (Papayoo's points negated), else zeros."""
        players = self.game.player_count
        if not self.is_over or self.truncated:
            return [0.0] * players
        outcome = self.state.outcome
        sign = -1.0 if self.game.score_is_penalty else 1.0
        return [sign * outcome[seat] for seat in range(players)]

    def seen_actions(self, seat: int) -> list[tuple[int, int]]:
        """The actions ``seat`` saw, in order: (acting seat, index)."""
        if not self.dealt:
            return []
        events = self.state.history.of_kind("action")
        return [(who, index) for (who, _, index), event in zip(self.actions, events, strict=False)
                if event.visible_to(seat)]

    # -- chance ---------------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.pending is not None:
            if self.pending.kind == "roll":
                return [(face, 1 / self.pending.size) for face in range(self.pending.size)]
            unplaced = [i for i in range(self.pending.size) if i not in self.pending.picks]
            return [(i, 1 / len(unplaced)) for i in unplaced]
        total = sum(self.left.values())
        vocabulary = self.encoding.vocabulary
        return [(vocabulary.index(card), count / total) for card, count in self.left.items() if count]

    def _possible(self, outcome: object) -> bool:
        if type(outcome) is not int or outcome < 0:
            return False
        pending = self.pending
        if pending is None:
            cards = self.encoding.vocabulary.cards
            return outcome < len(cards) and self.left.get(cards[outcome], 0) > 0
        return outcome < pending.size and (pending.kind == "roll" or outcome not in pending.picks)

    def describe_outcomes(self) -> str:
        """What may come next, in words ("a face of the 4-sided die, 0 to 3")."""
        pending = self.pending
        if pending is None:
            return "a card still to deal, by its index in the encoding's cards"
        if pending.kind == "roll":
            return f"a face of the {pending.size}-sided die, 0 to {pending.size - 1}"
        return f"a place of the reshuffled cards not taken yet, 0 to {pending.size - 1}"

    def describe_chance(self, outcome: int) -> str:
        if self.pending is None:
            return f"deal {self.encoding.vocabulary.cards[outcome]}"
        if self.pending.kind == "roll":
            return f"roll {outcome + 1}"
        return f"reshuffle: card {outcome} of {self.pending.size} next"

    @staticmethod
    def picks(draw: Any) -> list[int]:
        """The chance outcomes that make up one recorded draw (a shuffle's order, a die's face)."""
        return list(draw[:-1]) if isinstance(draw, list) else [draw - 1]

    def apply_chance(self, outcome: object) -> None:
        """Take ``outcome``, one of :meth:`chance_outcomes`; anything else raises ``ValueError``
        and changes nothing."""
        if not self._possible(outcome):
            raise ValueError(f"{outcome!r} is not a chance outcome here: "
                             f"{self.describe_outcomes()}")
        assert isinstance(outcome, int)
        self._turn = None
        if self.pending is None:
            self._place(self.encoding.vocabulary.cards[outcome])
            return
        pending = self.pending
        if pending.kind == "roll":
            self._resolve(outcome + 1)
            return
        pending.picks.append(outcome)
        if len(pending.picks) == pending.size - 1:
            pending.picks.extend(i for i in range(pending.size) if i not in pending.picks)
            self._resolve(list(pending.picks))

    def _place(self, card: Card) -> None:
        if self.left[card] <= 0:
            raise ValueError(f"{card} is not among the cards left to deal")
        self.deck.append(card)
        self.left[card] -= 1
        kinds = [c for c, n in self.left.items() if n]
        if len(kinds) == 1:
            self.deck.extend([kinds[0]] * self.left[kinds[0]])
            self.left[kinds[0]] = 0
        elif len(self.deck) == self._drawn:
            for unseen in self.game.deck:
                if self.left[unseen]:
                    self.deck.append(unseen)
                    self.left[unseen] -= 1

    def _resolve(self, draw: Any) -> None:
        pending = self.pending
        assert pending is not None
        self.draws.append(draw)
        self.pending = None
        self._state = None
        self._play(pending.seat, pending.action, pending.index, self._replay(self.actions))

    # -- players --------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action, index: int) -> None:
        """Play ``action`` (legal, checked by the caller) for ``seat``."""
        self._turn = None
        self._play(seat, action, index, self.state)

    def _play(self, seat: int, action: Action, index: int, state: GameState[Any]) -> None:
        """Apply on ``state``; if the engine drew something no chance node has chosen yet, take the
        action back and wait for that draw."""
        draws = len(state.chance.record)
        state.apply(seat, action)
        record = state.chance.record
        if len(record) > len(self.draws) and len(record) > draws:
            drawn = record[len(self.draws)]
            kind, size = ("shuffle", len(drawn)) if isinstance(drawn, list) else ("roll", self._faces())
            self.pending = Pending(seat, action, index, kind, size)
            self._state = None
            return
        self.actions.append((seat, action, index))
        self._state = state

    def _faces(self) -> int:
        faces = self.encoding.die_faces
        if faces is None:
            raise RuntimeError(f"{self.game.name} rolled a die its encoding does not describe")
        return faces

    # -- copies ---------------------------------------------------------------------------------

    def __deepcopy__(self, memo: dict[int, Any]) -> World:
        return self.copy()

    def copy(self) -> World:
        """A copy that plays on alone, the engine state copied rather than replayed (made field by
        field: ``copy.copy`` would go through :meth:`__reduce__` and build the game again)."""
        twin = World.__new__(World)
        twin.game, twin.encoding, twin.dealer, twin.limit = self.game, self.encoding, self.dealer, self.limit
        twin.size, twin._drawn, twin._turn, twin._mask = self.size, self._drawn, self._turn, self._mask
        twin.deck, twin.left, twin.draws = list(self.deck), Counter(self.left), copy.deepcopy(self.draws)
        twin.actions = list(self.actions)
        twin.pending = self.pending.copy() if self.pending is not None else None
        # OpenSpiel makes every child state as a copy of its parent. The turn's view and legal
        # actions are shared: nothing changes them, and an action applied to either world drops them.
        twin._state = self._state.clone() if self._state is not None else None
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the table's configuration and what happened (for OpenSpiel's serialization)."""
        game = self.game
        table = (game.name, game.player_count, sorted(game.chosen_variants), dict(game.config))
        played = (list(self.deck), list(self.draws), list(self.actions), self.pending)
        return _restore, (table, self.dealer, self.limit, played)

    def __str__(self) -> str:
        lines = [f"deck: {' '.join(map(str, self.deck))}" if self.deck else "deck: (not dealt)"]
        lines += [f"draw: {draw}" for draw in self.draws]
        lines += [f"seat {seat}: {action}" for seat, action, _ in self.actions]
        if self.pending is not None:
            lines.append(f"seat {self.pending.seat}: {self.pending.action} (waits for a {self.pending.kind},"
                         f" picks {self.pending.picks})")
        return "\n".join(lines)



def _restore(table: tuple[str, int, list[str], dict[str, Any]], dealer: int, limit: int,
             played: tuple[list[Card], list[Any], list[tuple[int, Action, int]], Pending | None]) -> World:
    from homegame.agents import encoding_for
    from homegame.games import new_game

    name, players, variants, settings = table
    game = new_game(name, players=players, variants=variants, **settings)
    world = World(game, encoding_for(game), dealer=dealer, limit=limit)
    world.deck, world.draws, world.actions, world.pending = played
    world.left = Counter(game.deck) - Counter(world.deck)
    return world
