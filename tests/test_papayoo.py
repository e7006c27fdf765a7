"""Papayoo's rules, each proven with a stacked deck: the deck, the packets, the pass, the die, the
tricks and the points."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.cards import Card, card, parse_cards
from homegame.engine import Action, Chance, Event, GameError, IllegalAction
from homegame.engine.seats import left_of, right_of
from homegame.games.papayoo import Papayoo, PapayooState

# The seed's table, written out here so the tests do not lean on the module's own copy.
PACKETS = {3: (3, 3, 3, 3, 3, 3, 2), 4: (3, 3, 3, 3, 3), 5: (3, 3, 3, 3), 6: (3, 3, 3, 1),
           7: (3, 3, 2), 8: (3, 3, 1)}
HAND_SIZE = {3: 20, 4: 15, 5: 12, 6: 10, 7: 8, 8: 7}
PASS = {3: 5, 4: 5, 5: 4, 6: 3, 7: 3, 8: 3}

# Four hands of one ordinary suit each plus five Payoos: only Payoo tricks have followers.
ONE_SUIT_EACH = ["1h 2h 3h 4h 5h 6h 7h 8h 9h 10h 1p 2p 3p 4p 5p",
                 "1c 2c 3c 4c 5c 6c 7c 8c 9c 10c 6p 7p 8p 9p 10p",
                 "1d 2d 3d 4d 5d 6d 7d 8d 9d 10d 11p 12p 13p 14p 15p",
                 "1s 2s 3s 4s 5s 6s 7s 8s 9s 10s 16p 17p 18p 19p 20p"]
# Four hands holding every suit: low cards at seat 0 rising to the tens and high Payoos at seat 3.
EVERY_SUIT = ["1c 2c 3c 1d 2d 3d 1h 2h 3h 1s 2s 3s 1p 2p 3p",
              "4c 5c 6c 4d 5d 6d 4h 5h 6h 4s 5s 6s 4p 5p 6p",
              "7c 8c 9c 7d 8d 9d 7h 8h 9h 7s 8s 9s 7p 8p 9p",
              "10c 10d 10h 10s 10p 11p 12p 13p 14p 15p 16p 17p 18p 19p 20p"]
HEARTS_FACE = 3  # the die's faces: 1 clubs, 2 diamonds, 3 hearts, 4 spades


def deal_order(players: int, dealer: int) -> list[int]:
    """Which seat receives each card of the deck, dealt in the seed's packets from the dealer's left."""
    order: list[int] = []
    for packet in PACKETS[players]:
        for step in range(1, players + 1):
            order.extend([(dealer + step) % players] * packet)
    return order


def stacked(players: int, hands: Sequence[Sequence[Card]], dealer: int = 0) -> list[Card]:
    """The deck that deals ``hands[seat]`` to each seat."""
    queues = [list(hand) for hand in hands]
    return [queues[seat].pop(0) for seat in deal_order(players, dealer)]


def dealt(players: int, **options: Any) -> PapayooState:
    """A Papayoo deal, typed as one (``Game.deal`` promises only a ``GameState``)."""
    state = Papayoo(players=players).deal(**options)
    assert isinstance(state, PapayooState)
    return state


def after_pass(hands: Sequence[str], *, dealer: int = 0, face: int = HEARTS_FACE) -> PapayooState:
    """A four-player deal in which each seat ends up holding ``hands[seat]`` once the pass is done.

    The first five cards written for a seat are the ones it receives from the seat on its right.
    """
    players = len(hands)
    count = PASS[players]
    after = [parse_cards(h) for h in hands]
    passed = {giver: after[left_of(giver, players)][:count] for giver in range(players)}
    before = [[c for c in after[s] if c not in passed[right_of(s, players)]] + passed[s]
              for s in range(players)]
    state = dealt(players, deck=stacked(players, before, dealer), dealer=dealer,
                  chance=Chance.replaying([face]))
    for giver in range(players):
        state.apply(giver, Action("pass", cards=tuple(passed[giver])))
    assert [sorted(state.view(s).hand) for s in range(players)] == [sorted(h) for h in after]
    return state


def play(state: PapayooState, seat: int, text: str) -> None:
    state.apply(seat, Action("play", cards=(card(text),)))


def snapshot(state: PapayooState) -> str:
    views = [state.view(seat).to_json() for seat in [None, *range(state.players)]]
    return json.dumps({"history": state.history.to_json(), "views": views})


# -- the deck and the deal ---------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_sixty_card_deck(players: int) -> None:
    deck = Papayoo(players=players).deck
    assert len(deck) == len(set(deck)) == 60
    assert sorted(c.rank for c in deck if str(c).endswith("p")) == list(range(1, 21))
    for suit in "cdhs":
        assert sorted(c.rank for c in deck if str(c).endswith(suit)) == list(range(1, 11))


@pytest.mark.parametrize("players", [7, 8])
def test_seven_or_eight_players_drop_the_ordinary_ones_but_keep_the_payoo_one(players: int) -> None:
    deck = Papayoo(players=players).deck
    assert len(deck) == 56
    assert not set(parse_cards("1c 1d 1h 1s")) & set(deck)
    assert card("1p") in deck and card("20p") in deck and card("2h") in deck
    with pytest.raises(GameError, match="exactly the 56 cards"):
        dealt(players, deck=Papayoo(players=4).deck)


def test_three_to_eight_players() -> None:
    for players in (2, 9):
        with pytest.raises(GameError, match="3 to 8 players"):
            Papayoo(players=players)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
@pytest.mark.parametrize("dealer", [0, 2])
def test_packets_are_dealt_clockwise_from_the_dealers_left(players: int, dealer: int) -> None:
    deck = Papayoo(players=players).deck
    state = dealt(players, deck=deck, dealer=dealer)
    expected: list[list[Card]] = [[] for _ in range(players)]
    position = 0
    for packet in PACKETS[players]:
        for step in range(1, players + 1):
            expected[(dealer + step) % players].extend(deck[position:position + packet])
            position += packet
    assert position == len(deck)
    for seat in range(players):
        view = state.view(seat)
        assert sorted(view.hand) == sorted(expected[seat])
        assert len(view.hand) == HAND_SIZE[players] and view.pass_count == PASS[players]


def test_three_players_get_six_packets_of_three_then_one_of_two() -> None:
    deck = Papayoo(players=3).deck
    state = dealt(3, deck=deck, dealer=0)
    # Seat 1 sits on the dealer's left: cards 0-2, 9-11, ... then the first packet of two, 54-55.
    first_packets = [deck[i] for start in range(0, 54, 9) for i in range(start, start + 3)]
    assert sorted(state.view(1).hand) == sorted([*first_packets, deck[54], deck[55]])
    assert {deck[58], deck[59]} <= set(state.view(0).hand)  # the dealer's last packet of two
    assert {deck[56], deck[57]} <= set(state.view(2).hand)


def test_each_hand_is_dealt_privately() -> None:
    state = dealt(4, seed=8)
    deals = list(state.history.of_kind("deal"))
    assert [(e.seat, e.private_to) for e in deals] == [(s, (s,)) for s in range(4)]
    assert not [e for e in state.view(None).log if e.kind == "deal"]


# -- the pass -----------------------------------------------------------------------------------

def test_everyone_passes_at_once_to_the_left_and_sees_nothing_until_all_have_passed() -> None:
    hands = [parse_cards(h) for h in EVERY_SUIT]
    state = dealt(4, deck=stacked(4, hands), dealer=0, chance=Chance.replaying([1]))
    assert state.to_act == (0, 1, 2, 3) and state.view(0).phase == "pass"
    state.apply(2, Action("pass", cards=tuple(parse_cards("7h 8h 9h 7p 9p"))))
    assert list(state.to_act) == [0, 1, 3], "the others are still to pass"
    mine, neighbour = state.view(2), state.view(3)
    assert mine.passing == tuple(parse_cards("7h 8h 9h 7p 9p")) and len(mine.hand) == 10
    assert neighbour.passed == (2,) and neighbour.received == () and len(neighbour.hand) == 15
    for seat in (None, 0, 1, 3):
        text = json.dumps(state.view(seat).to_json())
        assert not any(f'"{c}"' in text for c in ("7h", "9h", "9p")), f"seat {seat} saw the pass"
    with pytest.raises(IllegalAction, match="not to act"):
        state.apply(2, Action("pass", cards=tuple(parse_cards("1c 2c 3c 1d 2d"))))
    for seat, cards in ((0, "1c 2c 3c 1d 2d"), (1, "4c 5c 6c 4d 5d"), (3, "16p 17p 18p 19p 20p")):
        assert state.view(3).papayoo is None
        state.apply(seat, Action("pass", cards=tuple(parse_cards(cards))))
    received = {s: state.view(s).received for s in range(4)}
    assert received == {0: tuple(parse_cards("16p 17p 18p 19p 20p")), 1: tuple(parse_cards("1c 2c 3c 1d 2d")),
                        2: tuple(parse_cards("4c 5c 6c 4d 5d")), 3: tuple(parse_cards("7h 8h 9h 7p 9p"))}
    assert [state.view(s).received_from for s in range(4)] == [3, 0, 1, 2]
    assert card("7h") in state.view(3).hand and card("7h") not in state.view(2).hand
    arrivals = list(state.history.of_kind("receive"))
    assert {(e.seat, e.private_to) for e in arrivals} == {(s, (s,)) for s in range(4)}


def test_a_bad_pass_is_refused_with_a_reason_and_changes_nothing() -> None:
    state = dealt(5, seed=4)
    hand = state.view(0).hand
    before = snapshot(state)
    cases = [
        (Action("pass", cards=hand[:3]), "pass exactly 4 cards, not 3"),
        (Action("pass", cards=(hand[0], hand[0], hand[1], hand[2])), "more than once"),
        (Action("play", cards=hand[:1]), "first pass 4 cards to seat 1"),
    ]
    outside = next(c for c in Papayoo(players=5).deck if c not in hand)
    cases.append((Action("pass", cards=(*hand[:3], outside)), f"you do not hold {outside}"))
    for action, reason in cases:
        with pytest.raises(IllegalAction, match=reason):
            state.apply(0, action)
    assert snapshot(state) == before


# -- the die ------------------------------------------------------------------------------------

@pytest.mark.parametrize("face, papayoo", [(1, "7c"), (2, "7d"), (3, "7h"), (4, "7s")])
def test_the_die_names_the_papayoo_after_the_pass(face: int, papayoo: str) -> None:
    state = dealt(4, deck=stacked(4, [parse_cards(h) for h in EVERY_SUIT]),
                                    chance=Chance.replaying([face]))
    for seat in range(3):
        state.apply(seat, state.legal_actions(seat)[0])
        assert state.view(seat).papayoo is None
        assert not list(state.history.of_kind("papayoo"))
    state.apply(3, state.legal_actions(3)[0])
    assert all(state.view(s).papayoo == card(papayoo) for s in (None, 0, 1, 2, 3))
    kinds = [e.kind for e in state.history.events]
    assert kinds.index("papayoo") > max(i for i, k in enumerate(kinds) if k == "receive")
    assert [e.data["outcome"] for e in state.history.of_kind("chance")] == [face]


# -- the tricks ---------------------------------------------------------------------------------

@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_dealer_leads_the_first_trick(dealer: int) -> None:
    state = after_pass(EVERY_SUIT, dealer=dealer)
    assert state.to_act == (dealer,) and state.view(dealer).leader == dealer
    assert state.view(dealer).hint == "Your lead: play any card"
    assert state.view(dealer).playable == state.view(dealer).hand


def test_players_must_follow_the_suit_led() -> None:
    state = after_pass(EVERY_SUIT)
    play(state, 0, "2h")
    view = state.view(1)
    assert view.led_suit == "h" and view.playable == tuple(parse_cards("4h 5h 6h"))
    before = snapshot(state)
    reason = "you must follow hearts while you hold any: play one of 4h 5h 6h"
    with pytest.raises(IllegalAction, match=reason):
        play(state, 1, "4c")
    with pytest.raises(IllegalAction, match="you do not hold 9h"):
        play(state, 1, "9h")
    with pytest.raises(IllegalAction, match="play one card"):
        state.apply(1, Action("play", cards=tuple(parse_cards("4h 5h"))))
    assert snapshot(state) == before
    play(state, 1, "6h")
    play(state, 2, "8h")
    play(state, 3, "10h")
    last = state.view(0).last_trick
    assert last is not None and last.winner == 3


def test_a_player_void_in_the_suit_led_may_play_anything() -> None:
    state = after_pass(ONE_SUIT_EACH)
    play(state, 0, "2h")
    assert state.view(1).playable == state.view(1).hand
    assert state.view(1).hint == "No hearts left: play any card"
    assert state.view(2).hint == "Seat 1 to play, hearts led"
    assert (state.view(2).deal, state.view(2).deals) == (1, 4)
    play(state, 1, "10c")


def test_payoo_is_a_suit_of_its_own() -> None:
    state = after_pass(ONE_SUIT_EACH)
    play(state, 0, "1p")
    assert state.view(1).led_suit == "p" and state.view(1).playable == tuple(parse_cards("6p 7p 8p 9p 10p"))
    with pytest.raises(IllegalAction, match="you must follow Payoo"):
        play(state, 1, "10c")
    play(state, 1, "6p")
    play(state, 2, "11p")
    play(state, 3, "16p")
    last = state.view(0).last_trick
    assert last is not None and (last.winner, last.points) == (3, 1 + 6 + 11 + 16)
    assert state.to_act == (3,)


def test_the_highest_card_of_the_suit_led_wins_and_no_other_suit_can() -> None:
    state = after_pass(ONE_SUIT_EACH)
    play(state, 0, "2h")
    play(state, 1, "10c")
    play(state, 2, "15p")
    play(state, 3, "20p")
    last = state.view(None).last_trick
    assert last is not None and last.winner == 0 and last.points == 35
    assert state.view(None).taken == {0: 35, 1: 0, 2: 0, 3: 0}


def test_the_winner_of_a_trick_leads_the_next() -> None:
    state = after_pass(EVERY_SUIT)
    for seat, text in enumerate(["1c", "4c", "9c", "10c"]):
        play(state, seat, text)
    assert state.to_act == (3,) and state.view(3).leader == 3 and state.view(3).led_suit is None
    play(state, 3, "10d")
    for seat, text in ((0, "3d"), (1, "6d"), (2, "9d")):
        play(state, seat, text)
    assert state.to_act == (3,)


def test_the_papayoo_scores_forty_for_whoever_takes_it() -> None:
    state = after_pass(EVERY_SUIT, face=HEARTS_FACE)
    for seat, text in enumerate(["3h", "6h", "7h", "10h"]):
        play(state, seat, text)
    taken = state.view(0).taken
    assert taken == {0: 0, 1: 0, 2: 0, 3: 40}


def test_every_deal_shares_exactly_250_points() -> None:
    for seed in range(30):
        players = 3 + seed % 6
        state = dealt(players, seed=seed, dealer=seed % players)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, state.legal_actions(seat)[seed % len(state.legal_actions(seat))])
        assert sum(state.outcome.values()) == 250
        view = state.view(None)
        assert sum(r.points for r in view.results) == 250
        assert sum(t.points for t in view.tricks) == 250
        assert len(view.tricks) == HAND_SIZE[players]


def test_results_say_which_cards_scored() -> None:
    state = after_pass(ONE_SUIT_EACH, face=HEARTS_FACE)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    results = {r.seat: r for r in state.view(None).results}
    assert sum(r.points for r in results.values()) == 250
    assert sum("the Papayoo" in r.reason for r in results.values()) == 1
    for result in results.values():
        numbers = [int(n) for n in re.findall(r"\d+", result.reason)]
        assert sum(numbers) + 40 * ("the Papayoo" in result.reason) == result.points, result.reason
    assert all(r.reason == "took no points" for r in results.values() if r.points == 0)


# -- an independent referee over random deals ---------------------------------------------------

def seat_of(event: Event) -> int:
    assert event.seat is not None, f"a {event.kind} event names its seat"
    return event.seat


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 8))
def test_every_recorded_deal_obeys_the_rules(seed: int, players: int) -> None:
    """Re-reads a random deal from its history alone and checks each rule card by card."""
    state = dealt(players, seed=seed, dealer=seed % players)
    chooser = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[chooser.randrange(len(state.to_act))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[chooser.randrange(len(legal))])
    events = [e for e in state.history.events if e.kind != "outcome"]
    hands = {seat_of(e): set(parse_cards(e.data["cards"])) for e in events if e.kind == "deal"}
    for event in events:
        if event.kind == "action" and event.data["action"]["kind"] == "pass":
            hands[seat_of(event)] -= set(parse_cards(event.data["action"]["cards"]))
        if event.kind == "receive":
            assert event.data["from"] == (seat_of(event) - 1) % players, "cards come from the right"
            hands[seat_of(event)] |= set(parse_cards(event.data["cards"]))
    assert all(len(hand) == HAND_SIZE[players] for hand in hands.values())
    papayoo = card(next(e for e in events if e.kind == "papayoo").data["card"])
    plays = [(seat_of(e), card(e.data["action"]["cards"][0])) for e in events
             if e.kind == "action" and e.data["action"]["kind"] == "play"]
    takes = [e for e in events if e.kind == "takes"]
    leader = state.dealer
    taken = dict.fromkeys(range(players), 0)
    for number, take in enumerate(takes):
        trick = plays[number * players:(number + 1) * players]
        assert [seat for seat, _ in trick] == [(leader + i) % players for i in range(players)]
        led = trick[0][1].suit
        for seat, played in trick:
            assert played.suit is led or not any(c.suit is led for c in hands[seat]), "must follow"
            hands[seat].remove(played)
        winner = max((p for p in trick if p[1].suit is led), key=lambda p: p[1].rank)[0]
        worth = sum(c.rank if str(c).endswith("p") else 40 * (c == papayoo) for _, c in trick)
        assert (seat_of(take), take.data["points"]) == (winner, worth)
        taken[winner] += worth
        leader = winner
    assert len(takes) == HAND_SIZE[players] and not any(hands.values())
    assert state.outcome == taken and sum(taken.values()) == 250
