"""The exact odds behind the counting Paiute bot, proven against the ranking by exhaustive count,
what a seat has not seen, and the counting bot's play."""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from homegame.bots import make_bot
from homegame.bots.paiute import BOTS, CountingBot, PaiuteBot
from homegame.bots.paiute_odds import Odds, unseen_cards
from homegame.cards import Card, deck, parse_cards
from homegame.games.paiute import Paiute
from homegame.ranking.paiute import PAIUTE
from paiute_helpers import deal

THREE_THREE = 2
"""The least category (``strength >> 20``) a player may call after the first turn."""


def completes(five: list[Card], drawn: Card, wild: frozenset[Card]) -> bool:
    return PAIUTE.strength([*five, drawn], wild) >> 20 >= THREE_THREE


def near_hands(rng: random.Random, count: int) -> list[tuple[list[Card], frozenset[Card], list[Card]]]:
    """Five cards, the wild cards and the unseen rest: a third at random, a third built on one
    rank, a third on one suit, so that many are close to a combination."""
    cards = deck("standard")
    found = []
    for number in range(count):
        shuffled = rng.sample(cards, len(cards))
        turned = shuffled.pop()
        wild = frozenset(c for c in cards if c.rank == turned.rank)
        lead = shuffled[0]
        if number % 3 == 1:
            shuffled.sort(key=lambda c: c.rank != lead.rank)
        elif number % 3 == 2:
            shuffled.sort(key=lambda c: (c.suit != lead.suit, abs(c.rank - lead.rank)))
        core = rng.randint(2, 4)
        five = shuffled[:core] + rng.sample(shuffled[core:], 5 - core)
        found.append((five, wild, [c for c in cards if c not in five and c != turned]))
    return found


def test_hits_are_the_unseen_cards_with_which_the_ranking_finds_a_callable_combination() -> None:
    checked = 0
    for five, wild, unseen in near_hands(random.Random(1), 1500):
        expected = sum(completes(five, c, wild) for c in unseen)
        assert Odds(wild, unseen).hits(five) == expected, (five, sorted(wild))
        checked += expected > 0
    assert checked > 300  # many of the hands had outs, so the count was tested on them


def test_two_draws_is_the_exhaustive_count_over_every_ordered_pair_of_cards() -> None:
    rng = random.Random(2)
    for five, wild, unseen in near_hands(rng, 60):
        pool = rng.sample(unseen, 10)
        odds = Odds(wild, pool)
        wins = 0
        for first, second in permutations(pool, 2):
            if completes(five, first, wild):
                wins += 1
                continue
            six = [*five, first]
            kept = max((_without(six, thrown) for thrown in six),
                       key=lambda rest: sum(completes(rest, c, wild) for c in pool if c != first))
            wins += completes(kept, second, wild)
        assert odds.two_draws(five) == pytest.approx(wins / (10 * 9)), (five, sorted(wild))


def test_a_wild_card_counts_for_every_suit_and_rank() -> None:
    wild = frozenset(parse_cards("2c 2d 2h 2s"))
    five = parse_cards("9h 8h 7h 2d Kc")  # a 9-high straight flush in hearts lacks one card
    assert Odds(wild, parse_cards("Th 6h 5h Jh 2s 9c")).hits(five) == 5  # all but the 9c


def test_the_unseen_cards_are_the_stock_and_the_other_hand_but_what_it_took_from_the_pile() -> None:
    game = Paiute(players=2)
    for seed in range(6):
        state = game.deal(seed=seed)
        bots = [PaiuteBot(seed=seat) for seat in range(2)]
        for _ in range(30):
            if state.is_over or state.calls:
                break
            seat = state.to_act[0]
            state.apply(seat, bots[seat].act(state.view(seat), state.legal_actions(seat)))
            other = 1 - seat
            expected = [*state.table.face_down,
                        *(c for c in state.hands[other] if state.taken_by.get(c) != other)]
            assert sorted(unseen_cards(state.view(seat), game.deck)) == sorted(expected)


def test_the_counting_bot_throws_away_the_card_that_leaves_the_most_outs() -> None:
    # Fours are wild: 3s 7s 9s with the two wild fours lack one card of a straight flush in spades
    # many ways (5s 6s 8s Ts Js and both wild fours), where keeping the As instead of the 9s leaves
    # fewer; the heuristic's measure throws away the 9s.
    state = deal(Paiute(players=2), ["9s 3s 4d 4s As", "Ac 5d 6h 8c Td"], dealer=1, turned="4c",
                 stock="7s")
    state.apply(0, state.legal_actions(0)[0])
    view, legal = state.view(0), state.legal_actions(0)
    assert str(PaiuteBot().act(view, legal)) == "discard 9s"
    assert str(CountingBot().act(view, legal)) == "discard As"
    odds = Odds(view.wild_cards, unseen_cards(view, state.game.deck))
    assert odds.hits(parse_cards("3s 4d 4s 7s 9s")) > odds.hits(parse_cards("3s 4d 4s 7s As"))


def test_the_counting_bot_is_the_games_best_and_the_heuristic_keeps_its_name() -> None:
    assert BOTS["counting"] is CountingBot and make_bot("paiute", "best").name == "counting"
    assert make_bot("paiute", "heuristic").name == "heuristic"


def _without(cards: list[Card], thrown: Card) -> list[Card]:
    rest = list(cards)
    rest.remove(thrown)
    return rest
