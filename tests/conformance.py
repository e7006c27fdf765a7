"""The conformance suite every game runs: the game contract of DESIGN.md, checked by random play.

A game's tests call it with a factory and seeds::

    from conformance import check_conformance

    def test_conformance() -> None:
        check_conformance(lambda players: MyGame(players=players), seeds=range(200), players=(2, 3, 4))

For each seed the hand is dealt (players cycling through ``players``, the dealer moving with the
seed) and played by uniformly random legal actions, checking at every step that:

- only the seats in ``to_act`` have legal actions, and each offered action is accepted;
- illegal actions (a seat not to act, actions not offered, malformed values, non-actions) raise
  ``IllegalAction`` and change nothing: the history JSON and every view's JSON are the same after;
- no view holds a card its seat may not know: every card written in a view's JSON (for each seat
  and the spectator) appears in an event of the history that seat may see;
- views round-trip through JSON (``to_json`` -> text -> ``from_json`` gives an equal view);

and at the end that the hand ended within ``max_steps``, the outcome has an int for every seat and
sums to ``total`` (0 for chip games), the history replays through ``homegame.replay`` from its JSON
text to the same outcome, the same seed plays the same hand again, and a clone taken halfway
plays on to the same end while leaving the original alone.

On some of the seeds that get the costly checks, copies are checked at every step too: a clone equals the
state (history and every view) and, taking the same action, stays equal to it; for every seat,
``resample(seat, rng)`` shows that seat the same view and offers it the same actions, leaves the
original alone, and plays on to a proper end.

Nothing here knows any game: only the public contract is used.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from typing import Any

from homegame.cards import card
from homegame.engine import Action, Game, GameState, IllegalAction
from homegame.engine.replay import replay

__all__ = ["cards_in", "check_conformance", "illegal_candidates", "play_random_hand"]

_CARD_TOKEN = re.compile(r"^(?:[2-9TJQKA][cdhs]|Jk|[0-9]{1,2}[A-Za-z])$")


def cards_in(data: Any) -> Iterator[str]:
    """Every card notation written anywhere in JSON ``data`` (also inside strings such as "As Kd")."""
    if isinstance(data, str):
        for token in re.split(r"[\s|,]+", data):
            if _CARD_TOKEN.match(token) and _is_card(token):
                yield token
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from cards_in(key)
            yield from cards_in(value)
    elif isinstance(data, list):
        for item in data:
            yield from cards_in(item)


def _is_card(token: str) -> bool:
    try:
        return str(card(token)) == token
    except ValueError:
        return False


def known_cards(state: GameState, seat: int | None) -> set[str]:
    """The cards ``seat`` has legitimately seen: those written in the events it may see."""
    return {token for event in state.history.seen_by(seat) for token in cards_in(event.to_json())}


def illegal_candidates(state: GameState, seat: int, legal: Sequence[Action],
                       chooser: random.Random) -> Iterator[tuple[int, Any]]:
    """(seat, action) pairs that must be refused: wrong seats, mutated and malformed actions."""
    sample = legal[chooser.randrange(len(legal))]
    for other in range(-1, state.players + 1):
        if other not in state.to_act:
            yield other, sample
    yield seat, "fold"
    yield seat, None
    yield seat, Action("no-such-kind")
    yield seat, Action(sample.kind, amount=-1)
    yield seat, Action(sample.kind, amount=10**9)
    yield seat, Action(sample.kind, amount=sample.amount, cards=sample.cards, option="nonsense")
    yield seat, Action(sample.kind, amount=sample.amount, cards=(*sample.cards, *sample.cards[:1]) or
                       (card("As"), card("As")), option=sample.option, groups=sample.groups)
    if sample.amount is not None:
        yield seat, Action(sample.kind, cards=sample.cards, option=sample.option, groups=sample.groups)
    if sample.groups:
        yield seat, Action(sample.kind, amount=sample.amount, cards=sample.cards, option=sample.option,
                           groups=sample.groups[:-1])


def _snapshot(state: GameState) -> str:
    views = [state.view(seat).to_json() for seat in [None, *range(state.players)]]
    return json.dumps({"history": state.history.to_json(), "views": views}, sort_keys=True)


def _check_illegal(state: GameState, seat: int, legal: Sequence[Action], chooser: random.Random) -> None:
    before = _snapshot(state)
    events, to_act = len(state.history), state.to_act
    for who, action in illegal_candidates(state, seat, legal, chooser):
        if who in state.to_act and isinstance(action, Action) and action in state.legal_actions(who):
            continue
        try:
            state.apply(who, action)
        except IllegalAction as error:
            assert str(error), "an IllegalAction must say why"
        else:
            raise AssertionError(f"seat {who} was allowed the illegal action {action!r}")
        assert (len(state.history), state.to_act) == (events, to_act), \
            f"refusing {action!r} for seat {who} changed the state"
    assert _snapshot(state) == before, "refusing illegal actions changed the history or a view"


def _check_views(state: GameState) -> None:
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        text = json.dumps(view.to_json())
        data = json.loads(text)
        assert type(view).from_json(data) == view, f"the view of seat {seat} does not round-trip"
        leaked = set(cards_in({k: v for k, v in data.items() if k != "log"})) - known_cards(state, seat)
        assert not leaked, f"the view of seat {seat} shows cards it never saw: {sorted(leaked)}"


def play_random_hand(state: GameState, chooser: random.Random, *, max_steps: int,
                     on_step: Callable[[GameState, int, Sequence[Action]], None] | None = None,
                     stop_after: int | None = None,
                     on_action: Callable[[GameState, int, Action], None] | None = None) -> int:
    """Play ``state`` with uniformly random legal actions to the end (or for ``stop_after``
    actions); returns the number of steps. ``on_step`` sees each decision before the action,
    ``on_action`` the action once applied."""
    steps = 0
    while not state.is_over and steps != stop_after:
        assert steps < max_steps, f"the hand did not end within {max_steps} actions"
        seat = state.to_act[chooser.randrange(len(state.to_act))]
        legal = state.legal_actions(seat)
        assert len(legal) > 0, f"seat {seat} is to act but has no legal action"
        if on_step is not None:
            on_step(state, seat, legal)
        action = legal[chooser.randrange(len(legal))]
        assert action in legal
        state.apply(seat, action)
        if on_action is not None:
            on_action(state, seat, action)
        steps += 1
    return steps


def check_conformance(make_game: Callable[[int], Game], *, seeds: Iterable[int] = range(100),
                      players: Sequence[int] = (2,), total: int = 0, max_steps: int = 5000,
                      deep_every: int = 1, copies_every: int = 3,
                      replay_with: Callable[..., Game] | None = None,
                      deal: Callable[[Game, int], GameState] | None = None) -> None:
    """Check the game contract on random play for every seed (see the module's docstring).

    ``make_game(players)`` builds the configured game; ``total`` is what outcomes sum to;
    ``deep_every`` runs the costly per-step checks (illegal actions, views) on every n-th seed
    only, the rest still checking the end of hand, replay and repetition; ``copies_every`` runs
    the per-step checks of clones and resamples on every n-th of those; ``replay_with`` is the
    factory replay uses (``homegame.new_game`` by default); ``deal(game, seed)`` deals a hand when
    the default ``game.deal(seed=seed, dealer=seed % players)`` is not wanted.
    """
    from homegame.games import new_game

    make_again: Callable[..., Game] = replay_with or new_game
    for index, seed in enumerate(seeds):
        count = players[index % len(players)]
        game = make_game(count)

        def start(game: Game = game, seed: int = seed, count: int = count) -> GameState:
            return deal(game, seed) if deal is not None else game.deal(seed=seed, dealer=seed % count)

        state = start()
        deep = index % deep_every == 0
        checks_copies = deep and index % (deep_every * copies_every) == 0
        copies = _CopyChecks(total, max_steps, random.Random(seed * 7919 + 2)) if checks_copies else None
        on_step = partial(_check_step, deep=deep, checker=random.Random(seed * 7919 + 1), copies=copies)
        steps = play_random_hand(state, random.Random(seed), max_steps=max_steps, on_step=on_step,
                                 on_action=copies.follow if copies is not None else None)
        _check_end(state, total, deep)
        replayed = replay(state.history.dumps(), make_again)
        assert replayed.outcome == state.outcome, f"seed {seed}: the replayed outcome differs"
        again, chooser = start(), random.Random(seed)
        play_random_hand(again, chooser, max_steps=max_steps, stop_after=steps // 2)
        twin = _clone_and_play_on(again, copy.deepcopy(chooser), max_steps)
        play_random_hand(again, chooser, max_steps=max_steps)
        assert again.history.to_json() == state.history.to_json(), f"seed {seed} did not repeat the hand"
        assert twin.history.to_json() == state.history.to_json(), f"seed {seed}: a clone played differently"


def _clone_and_play_on(state: GameState, chooser: random.Random, max_steps: int) -> GameState:
    """A clone of ``state`` played to the end, checking that the original is left alone (every
    field of it, not only what its history and views show)."""
    before, fields = state.history.to_json(), fingerprint(state)
    twin = state.clone()
    assert twin.history.to_json() == before, "a clone does not hold the same hand"
    assert fingerprint(twin) == fields, "a clone differs from its original in a field"
    play_random_hand(twin, chooser, max_steps=max_steps)
    assert state.history.to_json() == before, "playing on a clone changed the original"
    assert fingerprint(state) == fields, "playing on a clone changed a field of the original"
    return twin


def fingerprint(value: Any, seen: frozenset[int] = frozenset()) -> Any:
    """Everything a state holds, as plain nested data: its fields and theirs, down to values (see
    ``_LEFT_OUT`` for what is left out), to tell whether anything changed."""
    if value is None or isinstance(value, bool | int | float | str | Action):
        return value if not isinstance(value, Action) else str(value)
    if id(value) in seen or isinstance(value, Game | random.Random) or callable(value):
        return type(value).__name__
    inner = seen | {id(value)}
    if isinstance(value, dict):
        return sorted((repr(key), fingerprint(item, inner)) for key, item in value.items())
    if isinstance(value, list | tuple):
        return [fingerprint(item, inner) for item in value]
    if isinstance(value, set | frozenset):
        return sorted(repr(item) for item in value)
    fields = dict(getattr(value, "__dict__", {}))
    for cls in type(value).__mro__:  # slots, and the fields of a class the compiled build compiles
        for name in (*getattr(cls, "__slots__", ()), *getattr(cls, "__mypyc_attrs__", ())):
            if name != "__dict__" and hasattr(value, name):
                fields[name] = getattr(value, name)
    if not fields:
        return repr(value)
    return (type(value).__name__, sorted((name, fingerprint(item, inner)) for name, item in fields.items()
                                         if name not in _LEFT_OUT and not name.endswith("_cache")))


_LEFT_OUT = frozenset({"game", "_holders", "_flat", "_set"})
"""Fields a copy may share with its original or update in it: the game, how many copies share a
chance's generator (see ``Chance.copy``), and caches that asking fills (``_legal_cache`` and
``_legal_seat_cache``, an action set's flat tuple and set)."""


def _check_step(state: GameState, seat: int, legal: Sequence[Action], *, deep: bool,
                checker: random.Random, copies: _CopyChecks | None = None) -> None:
    for other in range(state.players):
        if other not in state.to_act:
            assert not len(state.legal_actions(other)), f"seat {other} has actions out of turn"
    if deep:
        _check_illegal(state, seat, legal, checker)
        _check_views(state)
    if copies is not None:
        copies.check(state)


class _CopyChecks:
    """Clones and resamples of the state at every step (see the module's docstring)."""

    def __init__(self, total: int, max_steps: int, chooser: random.Random) -> None:
        self.total, self.max_steps, self.chooser = total, max_steps, chooser
        self.twin: GameState | None = None
        self.steps = 0

    def check(self, state: GameState) -> None:
        before, fields = _snapshot(state), fingerprint(state)
        self.twin = state.clone()
        assert _snapshot(self.twin) == before, "a clone differs from its original"
        assert fingerprint(self.twin) == fields, "a clone differs from its original in a field"
        for seat in range(state.players):
            sample = state.resample(seat, random.Random(self.chooser.random()))
            assert sample.view(seat).to_json() == state.view(seat).to_json(), \
                f"a resample for seat {seat} changed what it sees"
            assert sample.to_act == state.to_act and _offered(sample, seat) == _offered(state, seat), \
                f"a resample for seat {seat} changed what it may do"
            if seat == self.steps % state.players:
                play_random_hand(sample, self.chooser, max_steps=self.max_steps)
                assert sum(sample.outcome.values()) == self.total, "a resampled hand ended badly"
        assert _snapshot(state) == before, "cloning or resampling changed the original"
        assert fingerprint(state) == fields, "cloning or resampling changed a field of the original"
        self.steps += 1

    def follow(self, state: GameState, seat: int, action: Action) -> None:
        """The clone taken before this action takes it too, and stays equal to the state."""
        assert self.twin is not None
        self.twin.apply(seat, action)
        assert _snapshot(self.twin) == _snapshot(state), f"a clone differs after {action}"


def _offered(state: GameState, seat: int) -> Any:
    return state.legal_actions(seat).to_json()


def _check_end(state: GameState, total: int, deep: bool) -> None:
    assert state.is_over and state.to_act == ()
    outcome = state.outcome
    assert all(seat in outcome for seat in range(state.players)), f"outcome misses seats: {outcome}"
    assert all(isinstance(v, int) and not isinstance(v, bool) for v in outcome.values())
    assert set(outcome) <= {*range(state.players), "bank"}, f"unexpected outcome keys: {outcome}"
    assert sum(outcome.values()) == total, f"outcome {outcome} sums to {sum(outcome.values())}, not {total}"
    for seat in range(state.players):
        assert not len(state.legal_actions(seat)), "a finished hand offers actions"
    if deep:
        _check_views(state)
        for seat in range(state.players):
            try:
                state.apply(seat, Action("fold"))
            except IllegalAction:
                continue
            raise AssertionError("a finished hand accepted an action")
