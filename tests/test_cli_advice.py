"""The table's hint in every game: a legal play the bots or solvers choose, and why."""

from __future__ import annotations

import random

import pytest

import homegame
from homegame.cards import parse_cards
from homegame.cli.advice import advise
from homegame.engine import Action
from homegame.games import GAMES
from homegame.render import Style


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_gives_a_legal_hint_with_a_reason(name: str) -> None:
    players = 3 if 3 in GAMES[name].players else GAMES[name].players[-1]
    state = homegame.new_game(name, players=players).deal(seed=11)
    chooser, look, hinted = random.Random(3), Style(colour=False), set()
    while not state.is_over and len(hinted) < 4:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if seat == 0:
            action, text = advise(state.view(0), legal, look)
            assert action in legal, (name, action)
            head, _, why = text.partition(" - ")
            assert head.startswith("Hint: ") and len(why) > 10, text
            hinted.add(state.view(0).log[-1].kind if state.view(0).log else "")
        state.apply(seat, legal[chooser.randrange(len(legal))])
    assert hinted


def test_a_betting_hint_names_the_rating_and_the_price() -> None:
    game = homegame.new_game("draw", players=2)
    dealt = parse_cards("2c Ah 2d Ad 3c Kh 3d Kd 4s 9s")
    state = game.deal(deck=dealt + [card for card in game.deck if card not in dealt])
    state.apply(1, state.legal_actions(1)[-1])
    action, text = advise(state.view(0), state.legal_actions(0), Style(colour=False))
    assert "your hand rates" in text and "calling" in text and "needs" in text
    assert action.kind in ("call", "fold", "raise")


def test_the_draw_hint_keeps_the_pair() -> None:
    game = homegame.new_game("draw", players=2)
    dealt = parse_cards("2c Kh 3d Kd 5h 7c 8d 4s 9c 2h")  # one card at a time, seat 1 first
    state = game.deal(deck=dealt + [card for card in game.deck if card not in dealt])
    state.apply(1, state.legal_actions(1)[0])
    state.apply(0, state.legal_actions(0)[0])
    state.apply(1, state.legal_actions(1)[0])
    action, text = advise(state.view(0), state.legal_actions(0), Style(colour=False))
    assert action.kind == "discard" and "K♥ K♦" in text and "a pair of kings" in text


def test_a_paiute_hint_is_told_as_the_engine_writes_it_cards_and_capitals_kept() -> None:
    from homegame.games.paiute import Paiute
    from paiute_helpers import deal, play

    state = deal(Paiute(players=3), ["Ah 4s 6c 8d Th", "Ac 4d 6h 8s Tc", "Ad 4h 6s 8c Td"], stock="Kd")
    play(state, 1, "draw stock")
    view = state.view(1)
    assert view.hint == "No combination yet: throw away the 4d and build toward royal flush, in clubs: " \
                        "3 cards away"
    action, text = advise(view, state.legal_actions(1), Style(colour=False))
    assert action == Action("discard", cards=tuple(parse_cards("4d")))
    assert text == ("Hint: throw away 4♦ - of your cards it is the one whose loss leaves the best chance "
                    "of a combination within your next two draws, counting every card you have not "
                    f"seen. {view.hint}")


def test_a_paiute_hint_never_advises_two_different_cards() -> None:
    """The counting bot's discard and the view's own advice may differ: the hint then says the
    bot's card alone, with what the view says of the hand (issue 40, point 21)."""
    import random
    import re

    import homegame
    import homegame.cards
    checked = 0
    for seed in range(60):
        state, chooser = homegame.new_game("paiute", players=2).deal(seed=seed), random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if any(a.kind == "discard" for a in legal):
                _, text = advise(state.view(seat), legal, Style(colour=False))
                named = {homegame.cards.card(name) for name in
                         re.findall(r"throw(?:ing)? away (?:the )?((?:10|[2-9TJQKA])[cdhs♣♦♥♠])", text)}
                assert len(named) <= 1, text
                checked += 1
            state.apply(seat, chooser.choice(list(legal)))
    assert checked > 100
