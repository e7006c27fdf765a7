"""``state.resample(seat, rng)`` in every game: the seat's view stays, the hidden cards are dealt
again uniformly, and what the play so far told the seat (a void, a pass, a shown ace, a card taken
from the pile, a widow it held) is kept."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from homegame.cards import Card, Suit, parse_cards
from homegame.engine import Action, GameState
from homegame.games import GAMES, new_game
from test_redeal import chi_square_limit


def play_until(state: GameState[Any], done: Callable[[GameState[Any]], bool], seed: int = 0,
               limit: int = 5000, avoid: str = "") -> GameState[Any]:
    """Random legal play (never an action of kind ``avoid`` when there is another) until
    ``done(state)``; the test fails if the hand ends first."""
    chooser = random.Random(seed)
    for _ in range(limit):
        if done(state):
            return state
        assert not state.is_over, "the hand ended before the position the test wants"
        seat = state.to_act[chooser.randrange(len(state.to_act))]
        legal = [action for action in state.legal_actions(seat) if action.kind != avoid] or \
            list(state.legal_actions(seat))
        state.apply(seat, legal[chooser.randrange(len(legal))])
    raise AssertionError("the position never came up")


def samples(state: GameState[Any], seat: int, count: int, seed: int = 1) -> list[GameState[Any]]:
    rng = random.Random(seed)
    return [state.resample(seat, rng) for _ in range(count)]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_resamples_a_fresh_deal_without_changing_what_a_seat_sees(name: str) -> None:
    players = max(2, GAMES[name].players[0])
    state = new_game(name, players=players).deal(seed=3)
    for seat in range(players):
        sample = state.resample(seat, random.Random(seat))
        assert sample.view(seat).to_json() == state.view(seat).to_json()
        assert sample.history.header["deck"] == "" and all(e.visible_to(seat) for e in sample.history.events)


def test_the_unseen_cards_come_up_in_the_proportions_of_a_fair_deal() -> None:
    state = new_game("draw", players=2).deal(seed=11)
    unseen = [card for card in state.game.deck if card not in state.hands[0]]
    counts: Counter[object] = Counter(card for sample in samples(state, 0, 4700) for card in sample.hands[1])
    assert set(counts) == set(unseen)
    expected = 4700 * 5 / len(unseen)
    statistic = sum((counts[card] - expected) ** 2 / expected for card in unseen)
    assert statistic < chi_square_limit(len(unseen) - 1)


def test_draw_keeps_a_shown_ace_and_the_seats_own_discards() -> None:
    cards = parse_cards("As 2c 3d 4h 7s  9c Tc Jd Qh 8s")  # seat 1 (first to act) gets As 3d 7s 9c Jd
    deck = cards + [card for card in new_game("draw", players=2).deck if card not in cards]
    state = new_game("draw", players=2).deal(deck=deck, dealer=0)
    ace, = parse_cards("As")
    state.apply(1, Action("check"))
    state.apply(0, Action("check"))
    state.apply(1, Action("discard", cards=tuple(c for c in state.hands[1] if c != ace)))
    mine = tuple(state.hands[0][:3])
    state.apply(0, Action("discard", cards=mine))
    for sample in samples(state, 0, 200):
        assert ace in sample.hands[1]
        assert not set(mine) & set(sample.hands[1] + sample.stock.cards)


def test_papayoo_keeps_voids_and_the_cards_passed_uniform_among_the_rest() -> None:
    state = new_game("papayoo", players=3, deals=1).deal(seed=4)

    def voids(state: GameState[Any]) -> list[tuple[int, Suit]]:
        shown = []
        for trick in [*state.tricks, *([state.trick] if state.trick else [])]:
            plays = trick.plays if hasattr(trick, "plays") else trick
            led = plays[0].card.suit
            shown += [(play.seat, led) for play in plays if play.card.suit is not led]
        return shown

    play_until(state, lambda s: s.phase == "play" and len(voids(s)) == 1 and voids(s)[0][0] != 0, seed=2)
    (void_seat, suit), = voids(state)
    passed = set(state.passes.choices[0]) - {play.card for trick in state.tricks for play in trick.plays} \
        - {play.card for play in state.trick}
    draws = 3000
    counts: Counter[object] = Counter()
    for sample in samples(state, 0, draws):
        assert not any(card.suit is suit for card in sample.hands[void_seat])
        assert passed <= set(sample.hands[1])
        counts.update(sample.hands[void_seat])
    hidden = [card for seat in (1, 2) for card in state.hands[seat] if card not in passed]
    allowed = [card for card in hidden if card.suit is not suit]
    free_slots = len(state.hands[void_seat]) - len(passed & set(state.hands[void_seat]))
    expected = draws * free_slots / len(allowed)
    statistic = sum((counts[card] - expected) ** 2 / expected for card in allowed)
    assert set(counts) - passed <= set(allowed)
    assert statistic < chi_square_limit(len(allowed) - 1)


def test_anaconda_keeps_passed_cards_with_who_got_them() -> None:
    state = new_game("anaconda", players=4).deal(seed=6)
    play_until(state, lambda s: len(s.passes_made) == 2 and s.phase != "pass2", seed=3)
    first, second = state.passes_made
    for sample in samples(state, 0, 200):
        target = first[0]
        onward = second.get(target)
        given = set(state.passed[0][0]) - set(state.hands[0])
        holders = {target} if onward in (None, 0) else {target, onward}
        assert all(any(card in sample.hands[h] for h in holders) for card in given)
        if onward not in (None, 0):
            assert len(given & set(sample.hands[onward])) <= 3
        assert set(state.passed[0][1]) <= set(sample.hands[second[0]])


def test_paiute_keeps_a_taken_card_and_a_rebuilt_stock() -> None:
    state = new_game("paiute", players=2).deal(seed=0)
    play_until(state, lambda s: s.table.rebuilds == 1 and any(s.taken_by.get(c) == 1 for c in s.hands[1])
               and not s.drawn and s.rebuilt_held[0][1] > 0, avoid="call")
    taken = [card for card in state.hands[1] if state.taken_by.get(card) == 1]
    rebuilt = state.rebuilt[-1]
    for sample in samples(state, 0, 200):
        assert set(taken) <= set(sample.hands[1])
        assert set(sample.table.cards) <= rebuilt
        assert sum(card in rebuilt for card in sample.hands[1]) == state.rebuilt_held[0][1]


def test_whiskey_keeps_the_widow_the_seat_held_and_the_hand_that_took_it() -> None:
    state = new_game("whiskey", players=3).deal(seed=2, dealer=2)     # seat 0 acts first
    for seat in (0, 1, 2):
        state.apply(seat, Action("check"))
    old_hand = list(state.hands[0])
    state.apply(0, Action("take"))
    for sample in samples(state, 0, 50):
        assert sample.widow == old_hand
    state.apply(1, Action("take"))
    for sample in samples(state, 0, 50):
        assert sample.hands[1] == old_hand and sample.widow != state.widow


def test_pineapple_makes_a_secret_discard_again_from_the_new_cards() -> None:
    state = new_game("crazy_pineapple", players=3).deal(seed=8)
    play_until(state, lambda s: s.discarding is not None and 0 in s.to_act and len(s.discarding.choices) == 2,
               avoid="fold")
    for sample in samples(state, 0, 50):
        for other in (1, 2):
            thrown = sample.discarding.choices[other]
            assert thrown == sample.discards[other] and thrown not in sample.hole[other]
            assert len({*sample.hole[other], thrown} & {*state.hole[0], *state.board}) == 0


def test_chinese_poker_deals_from_every_unseen_card_and_sets_again() -> None:
    state = new_game("chinese", players=2).deal(seed=9)
    state.apply(1, state.legal_actions(1)[0])
    seen: set[Card] = set()
    for sample in samples(state, 0, 40):
        seen.update(sample.hands[1])
        chosen = sample.setting.choices[1]
        assert sorted(card for group in chosen.groups for card in group) == sorted(sample.hands[1])
    assert len(seen) > 30   # drawn from all 39 unseen cards, not only the 13 the seat faces


def test_pai_gow_sets_the_banks_new_cards_by_the_house_way() -> None:
    from homegame.games.pai_gow.house_way import house_way

    state = new_game("pai_gow", players=2).deal(seed=7)
    for sample in samples(state, 0, 30):
        assert sample.bank_split == house_way(sample.house_cards)
        assert sample.hands[0] == state.hands[0]


def test_open_face_deals_a_fantasyland_setting_again_until_it_is_shown() -> None:
    state = new_game("open_face", players=2).deal(seed=3, carry={"fantasyland": [1]})
    state.apply(1, state.legal_actions(1)[0])
    cards = {card for row in state.rows[1] for card in row}
    assert any({card for row in sample.rows[1] for card in row} != cards for sample in samples(state, 0, 10))
    assert all(sample.rows[0] == state.rows[0] for sample in samples(state, 0, 10))
