"""Other deals a seat cannot tell from the real one: what search over hidden cards (OpenSpiel's
ISMCTS) samples from.

A seat knows the cards written in the events it saw. Every other card of the deck is relabelled at
random among the places no card it saw occupies (the deck positions they were dealt from), the same
relabelling is applied to every action and the hand is dealt and played again. The new deal is kept
when every action is still legal and the seat's view is exactly the same as in the real deal (so the
seat could not tell them apart); otherwise another relabelling is tried. Where the rules tie hidden
cards to places, a game's encoding narrows the relabelling (:meth:`Encoding.resample_limits`): in
Papayoo a seat that did not follow suit holds none of it, so its hidden cards are drawn from the
other suits. Relabellings are drawn uniformly (within those limits) and the consistent ones kept,
which samples consistent deals uniformly where no limit applies and close to it where one does.

>>> import random
>>> import homegame
>>> state = homegame.new_game("draw", players=3).deal(seed=4, dealer=0)
>>> deck, actions = resample(state, 0, random.Random(1), deck=state.history.header["deck"])
>>> state.view(0).hand == homegame.new_game("draw", players=3).deal(deck=deck, dealer=0).view(0).hand
True
"""

from __future__ import annotations

import random
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import Any

from homegame.cards import Card, card, parse_cards
from homegame.engine import Action, Chance, GameState, IllegalAction

__all__ = ["Limits", "NoConsistentDeal", "resample", "seen_cards"]

Limits = tuple[Mapping[Card, Hashable], Mapping[Hashable, Callable[[Card], bool]]]
"""Where each hidden card is now (a holder, public by its size), and which cards each holder may hold."""

_TOKENS = re.compile(r"[\s|,]+")
TRIES = 200


class NoConsistentDeal(RuntimeError):
    """No relabelling tried kept every action legal and the seat's view the same."""


def seen_cards(state: GameState[Any], seat: int) -> Counter[Card]:
    """Every card written in an event ``seat`` saw (a repeated card as often as it shows at once)."""
    seen: Counter[Card] = Counter()
    for event in state.history.seen_by(seat):
        seen |= Counter(_cards_in(event.data))
    return seen


def _cards_in(value: Any) -> Iterator[Card]:
    if isinstance(value, str):
        for token in _TOKENS.split(value):
            if 2 <= len(token) <= 3:
                try:
                    yield card(token)
                except ValueError:
                    continue
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _cards_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _cards_in(item)


def resample(state: GameState[Any], seat: int, chooser: random.Random, *, deck: Sequence[Card] | str,
             limits: Limits | None = None, tries: int = TRIES) -> tuple[list[Card], list[tuple[int, Action]]]:
    """A deck and the hand's actions, relabelled so that ``seat`` sees exactly what it sees in
    ``state`` (dealt from ``deck``); :class:`NoConsistentDeal` after ``tries`` failed relabellings."""
    order = parse_cards(deck) if isinstance(deck, str) else list(deck)
    played = [(event.seat, Action.from_json(event.data["action"]))
              for event in state.history.of_kind("action")]
    target = state.view(seat).to_json()
    seen = seen_cards(state, seat)
    draws = state.history.chance_outcomes()
    for _ in range(tries):
        relabelled, mapping = _relabel(order, seen, chooser, limits)
        actions = [(who, _mapped(action, mapping)) for who, action in played if who is not None]
        again = _replay(state, relabelled, draws, actions)
        if again is not None and again.view(seat).to_json() == target:
            return relabelled, actions
    raise NoConsistentDeal(f"no deal consistent with seat {seat}'s view in {tries} tries")


def _relabel(deck: Sequence[Card], seen: Counter[Card], chooser: random.Random,
             limits: Limits | None) -> tuple[list[Card], dict[Card, Card]]:
    """A relabelled deck (the seen cards stay where they are) and the map of old cards to new."""
    places: dict[Card, list[int]] = defaultdict(list)
    for position, dealt in enumerate(deck):
        places[dealt].append(position)
    hidden: list[int] = []
    for dealt, positions in places.items():
        kept = set(chooser.sample(positions, min(seen[dealt], len(positions))))
        hidden.extend(p for p in positions if p not in kept)
    new = list(deck)
    for positions, labels in _assignments(deck, hidden, chooser, limits):
        for position, label in zip(positions, labels, strict=True):
            new[position] = label
    mapping: dict[Card, Card] = {}
    for position in sorted(hidden):
        mapping.setdefault(deck[position], new[position])
    return new, mapping


def _assignments(deck: Sequence[Card], hidden: list[int], chooser: random.Random,
                 limits: Limits | None) -> Iterator[tuple[list[int], list[Card]]]:
    """The hidden places in groups, each with the cards it gets: one group shuffled freely without
    limits; with them, the most limited holder first draws from the cards it may hold."""
    pool = [deck[p] for p in hidden]
    if limits is None:
        chooser.shuffle(pool)
        yield hidden, pool
        return
    where, allowed = limits
    groups: dict[Hashable, list[int]] = defaultdict(list)
    for position in hidden:
        groups[where.get(deck[position])].append(position)
    order = sorted(groups, key=lambda holder: sum(map(allowed.get(holder, _any), pool)))
    for holder in order:
        fits = allowed.get(holder, _any)
        chosen: list[Card] = []
        for label in chooser.sample(pool, len(pool)):
            if len(chosen) < len(groups[holder]) and fits(label):
                chosen.append(label)
        for label in chosen:
            pool.remove(label)
        positions = groups[holder]
        yield positions[:len(chosen)], chosen
        if len(chosen) < len(positions):  # no fitting cards left: leave the rest as dealt
            return


def _any(_: Card) -> bool:
    return True


def _mapped(action: Action, mapping: Mapping[Card, Card]) -> Action:
    if not action.cards and not action.groups:
        return action
    return Action(action.kind, action.amount, tuple(mapping.get(c, c) for c in action.cards), action.option,
                  tuple(tuple(mapping.get(c, c) for c in group) for group in action.groups))


def _replay(state: GameState[Any], deck: list[Card], draws: list[Any],
            actions: list[tuple[int, Action]]) -> GameState[Any] | None:
    header = state.history.header
    try:
        again = state.game.deal(deck=deck, dealer=header["dealer"], stacks=header["stacks"],
                                carry=header["carry"], chance=Chance.replaying(draws))
        for who, action in actions:
            again.apply(who, action)
    except (IllegalAction, ValueError):
        return None
    return again
