"""Papayoo around the rules: the shared contract, a game of several deals, the bot, the table text."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest

from conformance import check_conformance
from homegame.analysis.simulation import play_hand
from homegame.bots import RandomBot, bot_names, make_bot
from homegame.bots.papayoo import HeuristicBot, Memory
from homegame.cards import card, parse_cards
from homegame.cli.choices import offers
from homegame.cli.help import action_help
from homegame.cli.narrate import tell
from homegame.cli.screen import PlainConsole
from homegame.cli.terminal import Table
from homegame.engine import Action, GameError
from homegame.games import GAMES, new_game
from homegame.games.pages import rules_text
from homegame.games.papayoo import Papayoo, PapayooState, PapayooView
from homegame.render import Style, render_view
from homegame.wording import capitalized


def dealt(players: int, deals: int = 4, **options: Any) -> PapayooState:
    state = Papayoo(players=players, deals=deals).deal(**options)
    assert isinstance(state, PapayooState)
    return state


def finish(state: PapayooState, seed: int = 0) -> PapayooState:
    chooser = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[chooser.randrange(len(legal))])
    return state


def test_papayoo_is_registered() -> None:
    assert GAMES["papayoo"] is Papayoo
    assert new_game("papayoo", players=7).deck == Papayoo(players=7).deck
    assert bot_names("papayoo") == ["heuristic", "random", "search"]


def test_conformance_with_the_fifty_six_card_deck_and_a_last_deal() -> None:
    check_conformance(lambda players: Papayoo(players=players, deals=1), seeds=range(1),
                      players=(8,), total=250)


@pytest.mark.slow
def test_conformance_at_every_table_size() -> None:
    check_conformance(lambda players: Papayoo(players=players, deals=1), seeds=range(12),
                      players=(3, 4, 5, 6, 7, 8), total=250)


def test_conformance_over_many_deals() -> None:
    check_conformance(lambda players: Papayoo(players=players), seeds=range(6, 42),
                      players=(3, 4, 5, 6, 7, 8), total=250, deep_every=len(range(6, 42)))


def test_conformance_in_a_later_deal_of_the_game() -> None:
    carry = {"deal": 3, "totals": [40, 0, 120, 90]}
    check_conformance(lambda players: Papayoo(players=players, deals=3), seeds=range(3), players=(4,),
                      total=250, deep_every=3,
                      deal=lambda game, seed: game.deal(seed=seed, dealer=seed % 4, carry=carry))


# -- a game of several deals --------------------------------------------------------------------

def test_a_game_carries_totals_and_moves_the_deal_clockwise() -> None:
    game = Papayoo(players=4, deals=3)
    dealer, carry = 2, dict[str, Any]()
    totals = [0, 0, 0, 0]
    for number in (1, 2, 3):
        state = game.deal(seed=number, dealer=dealer, carry=carry)
        assert isinstance(state, PapayooState)
        assert state.view(0).deal == number and state.view(0).deals == 3
        assert state.to_act == (0, 1, 2, 3)
        finish(state, seed=number)
        totals = [t + state.outcome[s] for s, t in enumerate(totals)]
        view = state.view(1)
        assert view.totals == dict(enumerate(totals))
        assert view.taken == {s: state.outcome[s] for s in range(4)}
        assert [r.total for r in view.results] == totals
        dealer, carry = state.next_dealer, state.carry_out
        assert dealer == (2 + number) % 4
    assert carry == {}, "after the last deal the next deal starts a new game"
    lowest = min(totals)
    assert view.winners == tuple(s for s in range(4) if totals[s] == lowest)
    awards = list(state.history.of_kind("award"))
    assert [e.seat for e in awards] == list(view.winners)
    assert all(e.data["reason"] == f"lowest total after 3 deals: {lowest} points" for e in awards)


def test_only_the_last_deal_names_a_winner() -> None:
    state = finish(dealt(3, deals=2, seed=5))
    assert state.view(0).winners == () and not list(state.history.of_kind("award"))
    assert state.carry_out == {"deal": 2, "totals": [state.outcome[s] for s in range(3)]}
    assert state.view(0).summary == "the deal is over" and (state.view(0).deal, state.view(0).deals) == (1, 2)


def test_the_lowest_total_wins_and_ties_share_the_win() -> None:
    first = finish(dealt(3, deals=2, seed=11, carry={"deal": 2, "totals": [0, 0, 0]}), seed=1)
    taken = first.outcome
    # The same deal, played the same way, after earlier deals that leave seats 0 and 2 level.
    carry = {"deal": 2, "totals": [300 - taken[0], 500, 300 - taken[2]]}
    tied = finish(dealt(3, deals=2, seed=11, carry=carry), seed=1)
    view = tied.view(None)
    assert view.totals == {0: 300, 1: 500 + taken[1], 2: 300}
    assert view.winners == (0, 2)
    assert view.summary == "seat 0 and seat 2 share the win with 300 points each, the lowest total"
    carry = {"deal": 2, "totals": [300 - taken[0], 500, 301 - taken[2]]}
    alone = finish(dealt(3, deals=2, seed=11, carry=carry), seed=1).view(2)
    assert alone.winners == (0,) and alone.summary.startswith("seat 0 wins the game with 300 points")


def test_one_point_and_one_deal_are_counted_in_the_singular() -> None:
    state = finish(dealt(3, deals=1, seed=60), seed=1)
    assert state.outcome == {0: 219, 1: 30, 2: 1}
    view = state.view(2)
    most = "took the Papayoo and the Payoos 20, 19, 17, 16, 15, 14, 13, 12, 11, 10, 8, 7, 6, 5, 4 and 2"
    assert [r.reason for r in view.results] == [most, "took the Payoos 18, 9 and 3", "took the Payoo 1"]
    told = [tell(event, 2, Style(colour=False)) for event in state.history.of_kind("score")]
    assert told[1:] == ["Seat 1 took the Payoos 18, 9 and 3: 30 points, 30 in this game.",
                        "You took the Payoo 1: 1 point, 1 in this game."]
    assert view.summary == "seat 2 wins the game with 1 point, the lowest total"
    awards = [e.data["reason"] for e in state.history.of_kind("award")]
    assert awards == ["lowest total after 1 deal: 1 point"]
    lines = render_view(view, Style(colour=False))
    assert "  you: 1 point (took the Payoo 1), total 1" in lines, lines
    assert lines[-1] == "You win the game with 1 point, the lowest total"
    assert render_view(state.view(0), Style(colour=False))[-1] == \
        "Seat 2 wins the game with 1 point, the lowest total"


@pytest.mark.parametrize("carry, reason", [
    ({"deal": 5, "totals": [0, 0, 0, 0]}, "'deal': 1 to 4"),
    ({"deal": 2}, "'deal': 1 to 4"),
    ({"deal": 2, "totals": [0, 0, 0]}, "4 whole numbers"),
    ({"deal": 2, "totals": [0, 0, -5, 0]}, "4 whole numbers"),
])
def test_a_bad_carry_is_refused(carry: dict[str, Any], reason: str) -> None:
    with pytest.raises(GameError, match=reason):
        Papayoo(players=4).deal(seed=1, carry=carry)


def test_the_number_of_deals_is_a_setting() -> None:
    assert Papayoo(players=4).config["deals"] == 4
    with pytest.raises(GameError, match="at least 1"):
        Papayoo(players=4, deals=0)


# -- the bot ------------------------------------------------------------------------------------

def test_the_heuristic_bot_passes_sevens_and_high_payoos() -> None:
    from test_papayoo import EVERY_SUIT, stacked

    state = dealt(4, deck=stacked(4, [parse_cards(h) for h in EVERY_SUIT]))
    bot = HeuristicBot(seed=0)
    sevens = bot.act(state.view(2), state.legal_actions(2))
    assert sevens in state.legal_actions(2)
    assert set(parse_cards("7c 7d 7h 7s")) <= set(sevens.cards), "any 7 may become the Papayoo"
    tens = bot.act(state.view(3), state.legal_actions(3))
    assert set(tens.cards) == set(parse_cards("10c 10d 10h 10s 20p")), \
        "lone tens win any trick of their suit: passing them leaves voids to shed Payoos into"


def test_the_bot_dumps_the_papayoo_when_void() -> None:
    from test_papayoo import ONE_SUIT_EACH, after_pass, play

    state = after_pass(ONE_SUIT_EACH, face=2)  # the Papayoo is 7d, held by seat 2
    play(state, 0, "2h")
    play(state, 1, "10c")
    view = state.view(2)
    assert view.papayoo == card("7d")
    assert HeuristicBot(seed=1).act(view, state.legal_actions(2)) == Action("play", cards=(card("7d"),))


def test_the_bot_ducks_under_the_best_card() -> None:
    from test_papayoo import EVERY_SUIT, after_pass, play

    state = after_pass(EVERY_SUIT, face=1)
    play(state, 0, "3p")
    play(state, 1, "6p")
    play(state, 2, "9p")
    chosen = HeuristicBot(seed=1).act(state.view(3), state.legal_actions(3))
    assert chosen.cards[0].rank > 9, "seat 3 holds only higher Payoos and must win"
    assert chosen.cards == (card("20p"),), "sure to win, it sheds its highest Payoo"
    state = after_pass(EVERY_SUIT, face=1)
    play(state, 0, "1h")
    chosen = HeuristicBot(seed=1).act(state.view(1), state.legal_actions(1))
    assert chosen.cards == (card("4h"),), "it plays its lowest heart while higher ones are still out"


def test_the_bot_remembers_what_was_played_and_who_is_void() -> None:
    from test_papayoo import ONE_SUIT_EACH, after_pass, play

    state = after_pass(ONE_SUIT_EACH)
    for seat, text in enumerate(["2h", "10c", "15p", "20p"]):
        play(state, seat, text)
    memory = Memory.of(state.view(0))
    assert not {card("10c"), card("15p"), card("20p")} & memory.unseen
    assert memory.voids == {1: frozenset({card("2h").suit}), 2: frozenset({card("2h").suit}),
                            3: frozenset({card("2h").suit})}
    assert memory.out_above(card("19p")) == 0


def test_bots_play_only_legal_actions_at_every_table_size() -> None:
    for players in range(3, 9):
        bots = [HeuristicBot(seed=s) if s % 2 else RandomBot(seed=s) for s in range(players)]
        for seed in range(3):
            state = play_hand(Papayoo(players=players).deal(seed=seed), bots)
            assert sum(state.outcome.values()) == 250


def test_the_heuristic_bot_takes_far_fewer_points_than_random_play() -> None:
    game = Papayoo(players=4)
    points = {"heuristic": 0, "random": 0}
    deals = 60
    for number in range(deals):
        names = ["random"] * 4
        names[number % 4] = "heuristic"
        bots = [make_bot("papayoo", name, seed=number * 10 + s) for s, name in enumerate(names)]
        state = play_hand(game.deal(seed=number, dealer=number % 4), bots)
        for seat, name in enumerate(names):
            points[name] += state.outcome[seat]
    heuristic, random_seat = points["heuristic"] / deals, points["random"] / (3 * deals)
    assert heuristic < random_seat / 2, (heuristic, random_seat)


# -- the table at a terminal ----------------------------------------------------------------------

def test_the_table_shows_the_trick_the_papayoo_the_points_and_the_playable_cards() -> None:
    from test_papayoo import EVERY_SUIT, after_pass, play

    state = after_pass(EVERY_SUIT, face=3)
    play(state, 0, "2h")
    lines = render_view(state.view(1), Style(colour=False))
    text = "\n".join(lines)
    assert "Papayoo: 7♥ - the 7 of hearts is worth 40 this deal" in text
    assert "Trick (hearts led by seat 0): seat 0 2♥" in text
    assert "You may play: 4♥ 5♥ 6♥" in text and "Follow hearts" in text
    assert "(4♣)" in text and " 4♥ " in text, "cards that may not be played are set apart"
    assert "Points this deal (the lowest total wins): seat 0 0 (total 0), you 0 (total 0)" in text
    for seat, text_card in ((1, "6h"), (2, "9h"), (3, "10h")):
        play(state, seat, text_card)
    text = "\n".join(render_view(state.view(0), Style(colour=False)))
    assert "Last trick: you 2♥, seat 1 6♥, seat 2 9♥, seat 3 10♥ - seat 3 took it (0 points)" in text
    assert "Trick: seat 3 to lead" in text


def test_the_table_at_the_end_names_the_points_and_the_winner() -> None:
    state = finish(dealt(5, deals=1, seed=3))
    lines = render_view(state.view(None), Style(colour=True))
    assert any("Deal 1 of 1 is over" in line for line in lines)
    assert any(capitalized(state.view(None).summary) in line for line in lines)
    assert sum(1 for line in lines if " points (" in line) == 5


def test_the_pass_on_the_table_hides_what_is_coming() -> None:
    state = dealt(4, seed=2)
    state.apply(3, state.legal_actions(3)[0])
    mine = "\n".join(render_view(state.view(3)))
    assert "You pass" in mine and "once everyone has passed" in mine
    theirs = "\n".join(render_view(state.view(0)))
    assert "still to pass: you, seat 1, seat 2" in theirs
    assert "Papayoo: the die is rolled after the pass" in theirs


def test_the_rules_are_written_for_papayoo() -> None:
    text = rules_text("papayoo")
    assert "250" in text and "Payoo" in text
    assert "Players: 3 to 8." in text and "- `deals` (default 4; 1 to 100)" in text


def test_a_view_round_trips_through_json_at_every_phase() -> None:
    state = dealt(6, seed=9)
    for _ in range(30):
        for seat in (None, *range(6)):
            view = state.view(seat)
            assert PapayooView.from_json(json.loads(json.dumps(view.to_json()))) == view
        acting = state.to_act[0]
        state.apply(acting, state.legal_actions(acting)[0])
    assert parse_cards("1p")[0] in Papayoo(players=6).deck


def test_at_the_table_a_ten_is_written_10_in_the_choices_the_log_the_help_and_the_refusals() -> None:
    from test_papayoo import EVERY_SUIT, after_pass, play

    state = after_pass(EVERY_SUIT, face=3)
    for seat, text in ((0, "2h"), (1, "6h"), (2, "9h")):
        play(state, seat, text)
    table = Table(state.game, [RandomBot(), RandomBot(), RandomBot(), None],
                  PlainConsole(io.StringIO(""), io.StringIO()))
    view, legal = state.view(3), state.legal_actions(3)
    labels = [offer.label for offer in offers(legal, view, table.look)]
    assert labels == ["play 10h"] and Action.parse(labels[0]) == legal[0]
    assert "play 10h" in action_help(offers(legal, view, table.look), "papayoo", table.look)
    play(state, 3, "10h")
    told = [tell(event, 0, table.look) for event in state.view(0).log]
    assert any(text and "10♥" in text for text in told)
    assert state.explain_illegal(3, Action.parse("play 10h")) == "you do not hold 10h"
