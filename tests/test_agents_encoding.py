"""The encodings every agent API shares: the mask is exactly the engine's legal set mapped through
the index, an index decodes to the move it names, observations have one fixed shape, and a seat's
observation cannot tell apart two deals that differ only in cards it has not seen."""

from __future__ import annotations

import random
from itertools import combinations
from math import comb
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import homegame
from agents_cases import CASES, Case, case_id, encoding_of, mapped_legal, same_move
from homegame.agents import IllegalIndex, encoding_for
from homegame.agents.encoding import Encoding, rank_combination, unrank_combination
from homegame.agents.resample import seen_cards
from homegame.cards import Card
from homegame.engine import ActionSet, Arrangements, GameState, View
from homegame.games import new_game

EXHAUSTIVE = 5_000
"""Legal sets up to this size are compared with the mask action by action at every step; larger
ones (passes of 20 cards) on the first decision of a game, then by samples. The 72,072 settings of
thirteen cards are compared in full by the slow test below."""


def check_step(encoding: Encoding[Any], view: View, legal: ActionSet, chooser: random.Random,
               exhaustive: bool) -> list[int]:
    """Check the mask of one decision; returns it."""
    indices = encoding.legal_indices(view, legal)
    assert indices == sorted(set(indices)) and indices, f"no legal index for {legal!r}"
    if exhaustive or len(legal) <= EXHAUSTIVE:
        mapped = mapped_legal(encoding, view, legal)
        assert list(mapped) and sorted(mapped) == indices, f"mask {indices} vs legal {legal!r}"
        for index, action in mapped.items():
            assert same_move(encoding.decode(view, legal, index, checked=True), action)
        return indices
    assert len(indices) == len(legal), "a large legal set of distinct cards has an index per action"
    allowed = set(indices)
    for _ in range(200):
        assert encoding.encode(view, legal, legal[chooser.randrange(len(legal))]) in allowed
    for index in chooser.sample(indices, 200):
        action = encoding.decode(view, legal, index)
        assert action in legal and encoding.encode(view, legal, action) == index
    return indices


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_mask_is_the_legal_set_and_an_index_is_its_move(case: Case) -> None:
    game, encoding = encoding_of(case)
    exhaustive = CASES.index(case) == min(i for i, c in enumerate(CASES) if c[0] == case[0]) \
        and case[0] != "chinese"
    for seed in range(2):
        state = game.deal(seed=seed, dealer=seed % game.player_count)
        chooser = random.Random(seed)
        while not state.is_over:
            seat = min(state.to_act)
            view, legal = state.view(seat), state.legal_actions(seat)
            index = chooser.choice(check_step(encoding, view, legal, chooser, exhaustive))
            exhaustive = False
            observation = encoding.observe(view)
            assert observation.shape == (encoding.layout.size,) and observation.dtype == np.float32
            assert np.isfinite(observation).all()
            state.apply(seat, encoding.decode(view, legal, index))


@pytest.mark.slow
def test_every_setting_of_thirteen_cards_has_its_own_index() -> None:
    game, encoding = encoding_of(("chinese", 2, (), {}))
    state = game.deal(seed=8, dealer=0)
    view, legal = state.view(1), state.legal_actions(1)
    check_step(encoding, view, legal, random.Random(0), exhaustive=True)


def test_a_fantasyland_hand_is_set_whole() -> None:
    game = new_game("open_face", players=2)
    encoding = encoding_for(game)
    state = game.deal(seed=3, dealer=0, carry={"fantasyland": [0]})
    view, legal = state.view(0), state.legal_actions(0)
    indices = encoding.legal_indices(view, legal)
    assert len(indices) == len(legal) == 72072 and indices[0] == 246
    action = encoding.decode(view, legal, 246 + 1000)
    assert action == legal[1000]
    state.apply(0, action)
    assert state.view(0).fantasy_set == (0,)


def test_bad_indices_are_refused_with_a_reason() -> None:
    game = new_game("pineapple", players=3)
    encoding = encoding_for(game)
    state = game.deal(seed=1, dealer=0)
    view, legal = state.view(1), state.legal_actions(1)
    for bad in (-1, encoding.actions, "3", 2.0, True, 6):
        with pytest.raises(IllegalIndex) as refused:
            encoding.decode(view, legal, bad)  # type: ignore[arg-type]
        assert str(refused.value)
    assert encoding.describe(7) == "discard position 1"


def test_a_turns_legal_set_is_shared_read_only_and_handed_out_as_copies() -> None:
    game = new_game("draw", players=3)
    encoding = encoding_for(game)
    state = game.deal(seed=2, dealer=0)
    seat = state.to_act[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    shared = encoding.legal(view, legal)
    again = game.deal(seed=2, dealer=0)
    assert encoding.legal(again.view(seat), again.legal_actions(seat)) is shared  # written once
    with pytest.raises(ValueError):
        shared.mask[0] = 1
    mask = encoding.legal_mask(view, legal)
    mask[:] = 1  # a copy of its own: the shared set is untouched
    indices = encoding.legal_indices(view, legal)
    assert indices == np.flatnonzero(shared.mask).tolist()
    assert [i for i in range(-2, encoding.actions + 2) if shared.allows(i)] == indices


def test_bet_sizes_follow_the_structure() -> None:
    def offered(limit: str, **more: int) -> list[str]:
        game = new_game("draw", players=2, limit=limit, bet=2, ante=5, **more)
        state = game.deal(seed=3, dealer=0)
        encoding = encoding_for(game)
        view, legal = state.view(1), state.legal_actions(1)
        return [f"{encoding.describe(i)}: {encoding.decode(view, legal, i)}"
                for i in encoding.legal_indices(view, legal)]

    assert offered("fixed") == ["check/call: check", "min: bet 2"]
    assert offered("pot") == ["check/call: check", "min: bet 2", "half pot: bet 5", "pot: bet 10"]
    assert offered("no") == ["check/call: check", "min: bet 2", "half pot: bet 5", "pot: bet 10",
                             "max: bet 95"]
    assert offered("spread", max_bet=4) == ["check/call: check", "min: bet 2", "max: bet 4"]


@given(st.integers(1, 13).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))))
def test_combination_ranks_count_every_subset_once(n_and_size: tuple[int, int]) -> None:
    n, size = n_and_size
    ranks = [rank_combination(chosen, n) for chosen in combinations(range(n), size)]
    assert ranks == list(range(comb(n, size)))
    assert all(unrank_combination(rank, n, size) == chosen
               for rank, chosen in zip(ranks, combinations(range(n), size), strict=True))


def test_settings_are_numbered_as_the_engine_numbers_them() -> None:
    game = new_game("chinese", players=2)
    encoding = encoding_for(game)
    state = game.deal(seed=5, dealer=0)
    view, legal = state.view(0), state.legal_actions(0)
    family = Arrangements("set", view.hand, (3, 5, 5), (3, 5, 5))
    for index in random.Random(2).sample(range(72072), 300):
        assert encoding.decode(view, legal, index) == family.at(index)
        assert encoding.describe(index).startswith("set positions")


@pytest.mark.parametrize("name", sorted(homegame.GAMES))
def test_every_index_has_a_description_and_every_block_a_meaning(name: str) -> None:
    game = new_game(name, players=max(2, homegame.GAMES[name].players[0]))
    encoding = encoding_for(game)
    for index in range(min(encoding.actions, 400)):
        assert encoding.describe(index)
    segments = encoding.segments
    assert segments[0].start == 0 and sum(s.size for s in segments) == encoding.actions
    assert all(meaning for *_, meaning in encoding.layout.blocks)
    assert len(encoding.markdown()) == 9 + len(encoding.layout.blocks) + len(segments)


@pytest.mark.parametrize("name", sorted(homegame.GAMES))
def test_no_meaning_opens_with_a_variant_s_name(name: str) -> None:
    """A block or an index says what it holds in plain words: where it serves only one variant it
    says so in the sentence, not as a "chips variant:" label in front."""
    game = new_game(name, players=max(2, homegame.GAMES[name].players[0]))
    encoding = encoding_for(game)
    meanings = [meaning for *_, meaning in encoding.layout.blocks] + [s.meaning for s in encoding.segments]
    labels = tuple(f"{variant}{after}" for variant in game.variants for after in (":", " variant:"))
    assert [meaning for meaning in meanings if meaning.startswith(labels)] == []


# -- leaks -----------------------------------------------------------------------------------------


def swapped(deck: list[Card], a: Card, b: Card) -> list[Card]:
    return [b if c == a else a if c == b else c for c in deck]


def hidden_pair(state: GameState, observer: int, other: int) -> tuple[Card, Card] | None:
    """Two cards ``observer`` has not seen, the first one ``other`` holds when there is one (else
    the first one dealt)."""
    mine, theirs = seen_cards(state, observer), seen_cards(state, other)
    deck = homegame.parse_cards(state.history.header["deck"])
    unseen = [c for c in dict.fromkeys(deck) if not mine[c] and deck.count(c) == 1]
    held = [c for c in unseen if theirs[c]] if other != observer else []
    rest = [c for c in unseen if c not in held]
    first = held[0] if held else rest.pop(0) if rest else None
    return (first, rest[-1]) if first is not None and rest else None


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_an_observation_shows_no_card_its_seat_has_not_seen(case: Case) -> None:
    game, encoding = encoding_of(case)
    players = game.player_count
    compared = 0
    for seed in range(3):
        dealer = seed % players
        first = game.deal(seed=seed, dealer=dealer)
        observer, other = 0, 1 % players
        pair = hidden_pair(first, observer, other)
        if pair is None:
            continue
        deck = homegame.parse_cards(first.history.header["deck"])
        second = game.deal(deck=swapped(deck, *pair), dealer=dealer)
        own = [c for c in seen_cards(first, observer) if deck.count(c) == 1 and c not in pair]
        if own:
            changed = game.deal(deck=swapped(deck, own[0], pair[1]), dealer=dealer)
            assert not np.array_equal(encoding.observe(changed.view(observer)),
                                      encoding.observe(first.view(observer))), \
                "changing the observer's own card must change its observation"
        compared += play_both(first, second, observer, pair, encoding, random.Random(seed))
    assert compared >= 3, "the deals were never compared"


def play_both(first: GameState, second: GameState, observer: int, pair: tuple[Card, Card],
              encoding: object, chooser: random.Random) -> int:
    """Play the same indices in both deals while ``observer`` has seen the same events in both,
    checking that its observation is the same in both; returns how many times it compared them."""
    assert hasattr(encoding, "observe")
    compared = 0
    while True:
        seen = [[event.to_json() for event in s.history.seen_by(observer)] for s in (first, second)]
        if seen[0] != seen[1]:
            return compared
        compared += 1
        assert np.array_equal(encoding.observe(first.view(observer)),
                              encoding.observe(second.view(observer))), "an observation told the deals apart"
        if first.is_over or second.is_over or first.to_act != second.to_act:
            return compared
        seat = min(first.to_act)
        legal = [encoding.legal_indices(s.view(seat), s.legal_actions(seat)) for s in (first, second)]  # type: ignore[attr-defined]
        common = sorted(set(legal[0]) & set(legal[1]))
        if not common:
            return compared
        index = chooser.choice(common)
        for state in (first, second):
            state.apply(seat, encoding.decode(state.view(seat), state.legal_actions(seat), index))  # type: ignore[attr-defined]
