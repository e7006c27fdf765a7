"""The draw table as text: what a seat sees during the hand and at the showdown."""

from homegame.cards import parse_cards
from homegame.engine import Action
from homegame.games.draw import DrawPoker
from homegame.render import Style
from homegame.render.draw import render


def test_the_table_shows_the_draw_the_shown_ace_and_why_the_pot_went_where() -> None:
    game = DrawPoker(players=2, variants=["deuces"])
    dealt = parse_cards("Ah Kc 9d Kd 7c 3s 4s 8h 5h Ks Qh Jh Th")
    state = game.deal(deck=dealt + [c for c in game.deck if c not in dealt], dealer=0)
    state.apply(1, Action("check"))
    state.apply(0, Action("check"))
    state.apply(1, Action("discard", cards=tuple(parse_cards("9d 7c 4s 5h"))))
    during = render(state.view(0), Style(colour=False))
    assert during[0] == "Basic Draw Poker - you are seat 0, dealer seat 0 - the draw"
    assert "deuces wild" in during
    assert "Drew: seat 1 4 cards" in during and "Seat 1 shows A♥, kept to draw four" in during
    assert "You show A♥, kept to draw four" in render(state.view(1), Style(colour=False))
    assert "Your hand: K♣ K♦ 3♠ 8♥ K♠   (three of a kind, kings)" in during
    state.apply(0, Action("discard", cards=tuple(parse_cards("3s 8h"))))
    state.apply(1, Action("check"))
    state.apply(0, Action("check"))
    final = render(state.view(None), Style(colour=False))
    assert any(line.startswith("  seat 1 shows A♥") for line in final)
    assert final[-1].startswith("Seat ") and "wins 2 with" in final[-1]
    winner = render(state.view(0), Style(colour=False))[-1]
    loser = render(state.view(1), Style(colour=False))[-1]
    assert (winner, loser) == ("You win 2 with five of a kind, kings, beating royal flush (seat 1)",
                               "Seat 0 wins 2 with five of a kind, kings, beating royal flush (yours)")


def test_lowball_says_the_lowest_hand_wins() -> None:
    state = DrawPoker(players=3, variants=["lowball"], low="deuce-to-seven").deal(seed=3)
    lines = render(state.view(None), Style(colour=True))
    assert lines[0].startswith("\x1b[1mLowball Draw - watching")
    assert "lowest hand wins (deuce-to-seven)" in lines
