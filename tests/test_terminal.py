"""The terminal table driven by typed answers, as a person plays it (plain console, scripted input):
sessions that carry chips, answers that mean what they say, help at every prompt, fouls taken only
once confirmed, quitting with the session's totals, and the commands around it (the menu's own tests
are in test_menu.py)."""

from __future__ import annotations

import io
import os
import re
from collections.abc import Sequence

import pytest

import homegame.games
from homegame.analysis.simulation import simulate
from homegame.bots import Bot, RandomBot, make_bot
from homegame.cards import Card, parse_cards
from homegame.cli import main
from homegame.cli.screen import Frame, PlainConsole
from homegame.cli.terminal import Table
from homegame.engine import Game
from homegame.games.chinese import ChinesePoker
from homegame.games.draw import DrawPoker
from homegame.games.open_face import OpenFace
from homegame.games.pai_gow import PaiGow
from toy_game import Duel


@pytest.fixture
def duel_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(homegame.games.GAMES, "duel", Duel)  # type: ignore[index]


def lines(*answers: str) -> str:
    return "".join(f"{answer}\n" for answer in answers)


def stacked(game: Game, first: str) -> list[Card]:
    cards = parse_cards(first)
    return cards + [c for c in game.deck if c not in cards]


SEAT_ONE = "2c 3d 6h 6s 8c Tc Jd Qd Ac 4d 8h Th 4s"
"""Thirteen plain cards for seat 1 of a two-player Chinese Poker deal (dealt first, from the
dealer's left), so that seat 0 gets the next thirteen."""


def alternating(game: Game, first: str, second: str) -> list[Card]:
    """A deck dealt one card at a time to two seats: ``first`` to the first seat dealt to."""
    return stacked(game, " ".join(f"{a} {b}" for a, b in zip(first.split(), second.split(), strict=True)))


def session(game: Game, script: str, *, seats: Sequence[Bot | None] | None = None, seed: int = 1,
            hands: int | None = None, decks: Sequence[list[Card]] = ()) -> tuple[Table, str]:
    """Play ``game`` in seat 0 (against random bots unless ``seats`` says), typing ``script``."""
    out = io.StringIO()
    if seats is None:
        seats = [None, *(RandomBot(seed=s) for s in range(1, game.player_count))]
    table = Table(game, seats, PlainConsole(io.StringIO(script), out), seed=seed, decks=decks)
    table.play(hands=hands)
    return table, " ".join(out.getvalue().split())


class Passive(PlainConsole):
    """A player who reads the choices on screen: checks, calls and stands pat; always plays on."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__(io.StringIO(), out)
        self.choices: Sequence[str] = ()

    def show(self, frame: Frame) -> None:
        super().show(frame)
        self.choices = frame.choices

    def ask(self, question: str, words: Sequence[str] = ()) -> str:
        self.out.file.write(question + "\n")
        if "?" in question:
            return "y"
        offered = " ".join(self.choices)
        return next(word for word in ("check", "call", "stand pat") if word in offered)


# -- a session is a match -----------------------------------------------------------------------

def test_a_three_hand_draw_session_carries_stacks_from_hand_to_hand() -> None:
    output = io.StringIO()
    bots = [make_bot("draw", seed=seat) for seat in (1, 2)]
    table = Table(DrawPoker(players=3), [None, *bots], Passive(output), seed=2)
    table.play(hands=3)
    out = output.getvalue()
    match = table.match
    assert match.hands_played == 3 and sum(match.stacks.values()) == 300 and len(match.seating) == 3
    assert len(set(map(str, match.results))) > 1, "the hands did not all end alike"
    after_one = {name: 100 + match.results[0][name] for name in match.seating}
    shown = re.findall(r"Session, 1 hand played \(chips\): (.*)", out)[0]
    assert shown == " · ".join(f"seat {seat} {name} {after_one[name]} ({after_one[name] - 100:+d})"
                               for seat, name in enumerate(match.seating))
    hand_two = out.split("Hand 2 of the session")[1]
    seat_zero = re.search(r"Pot 3   you: (\d+)", hand_two)
    assert seat_zero is not None and int(seat_zero.group(1)) == after_one["you"] - 1, \
        "hand 2 is dealt from the stacks hand 1 left, less the ante"
    final = {name: 100 + sum(result[name] for result in match.results) for name in match.seating}
    assert match.stacks == final
    assert f"Totals after 3 hands: you {final['you']} ({final['you'] - 100:+d})" in out
    assert "dealer seat 0" in out.split("Hand 2 of the session")[0] and "dealer Ann" in hand_two


def test_a_busted_bot_leaves_and_the_session_goes_on() -> None:
    game = DrawPoker(players=3)
    first = stacked(game, "Ah 9c 2d Ad 8c 3d As 7c 4h Kc 6d 5s Qc 4d 7s")
    table = Table(game, [None, RandomBot(seed=1), RandomBot(seed=2)],
                  PlainConsole(io.StringIO(lines("bet 99", "stand pat", "n")), out := io.StringIO()),
                  decks=[first])
    table.match.stacks["Ann"] = 5
    table.play()
    text = out.getvalue()
    if "Ann" not in table.match.seating:
        assert "Ann is out of chips and leaves the table." in text


# -- answers that mean what they say -----------------------------------------------------------

def test_another_hand_takes_yes_no_and_enter_and_asks_again_otherwise() -> None:
    _, out = session(Duel(players=2), lines("1", "maybe", "yes", "2", "", "keep", "no"))
    assert out.count("Another hand? [Y/n]") == 4
    assert "Please answer y or n ('maybe' is neither)" in out
    assert "Totals after 3 hands" in out


def test_numbers_words_and_refusals_at_an_action_prompt() -> None:
    _, out = session(Duel(players=2), lines("7", "fold", "", "swap", "n"))
    assert "choose a number from 1 to 2" in out
    assert "fold is not allowed now; seat 0 may keep, swap" in out
    assert "type the number of a choice" in out
    assert "You swap." in out


def test_a_bare_call_is_completed_and_a_bare_bet_asks_how_much() -> None:
    script = lines("bet", "?", "500", "7", "call", "stand pat", "stand pat", "check", "check")
    _, out = session(DrawPoker(players=2), script, seats=[None, None], hands=1)
    assert "Bet how much? (2 to 99" in out and "Answer it, or press Enter alone to go back" in out
    assert "type a number from 2 to 99" in out
    assert "Seat 1 bets 7." in out and "Seat 0 calls 7." in out


def test_a_bare_word_that_could_mean_several_choices_is_asked_back() -> None:
    game = DrawPoker(players=2)
    deck = alternating(game, "2c Ah 7d Kh 9s", "3c 4c 5c 8d Jd")
    _, out = session(game, lines("check", "check", "discard", "", "2", "Ks", "2c 7d", "stand pat", "check",
                                 "check"), seats=[None, None], hands=1, decks=[deck])
    assert "did you mean 'stand pat (discard nothing)' or 'discard CARDS (1 to 3 cards)'" in out
    assert "Which cards to discard?" in out and "you do not hold Ks" in out
    assert "Seat 1 draws two cards." in out


def test_a_chinese_setting_picked_by_number_asks_row_by_row() -> None:
    game = ChinesePoker(players=2)
    deck = stacked(game, f"{SEAT_ONE} 7c 6d 2s Ks Kd Qh Jc 3s 9s 9h 9d 5c 5h")
    script = lines("1", "help", "7c 6d", "7c 6d 2s", "Ks Kd Qh Jc 3s", "show")
    _, out = session(game, script, seats=[None, RandomBot(seed=1)], hands=1, decks=[deck])
    assert "Front (3 cards, from" in out and "Middle (5 cards, from Ks Kd Qh Jc 9s 9h 9d" in out
    assert "this row takes 3 cards, not 2" in out
    assert "You set 7♣ 6♦ 2♠ | K♠ K♦ Q♥ J♣ 3♠ | 9♠ 9♥ 9♦ 5" in out


def test_pai_gow_ways_are_numbered_choices() -> None:
    game = PaiGow(players=1)
    deck = stacked(game, "Ah Kd 7c 7s 9h 4d 2c")
    _, out = session(game, lines("?", "12"), seats=[None], hands=1, decks=[deck])
    assert re.search(r" 1\) \S+ \S+ \| \S+ \S+ \S+ \S+ \S+ \(", out), "each way is a numbered choice"
    assert "set house (the dealer sets them the house way)" in out
    assert "Type the number of a choice (1 to " in out


# -- no silent fouls -------------------------------------------------------------------------------

def test_a_foul_chinese_setting_is_refused_until_confirmed() -> None:
    game = ChinesePoker(players=2)
    deck = stacked(game, f"{SEAT_ONE} Ah Ad 2h Kh Kd 3h 4h 5h 9s 9c 9d 7h 7s")
    foul = "set Ah Ad 2h | Kh Kd 3h 4h 5h | 9s 9c 9d 7h 7s"
    _, out = session(game, lines(foul, "?", "n", foul, "", foul, "yes", "show"),
                         seats=[None, RandomBot(seed=1)], hands=1, decks=[deck])
    assert out.count("This fouls: the middle is weaker than the front") == 3
    assert "Type y or yes to take it as it is, n or no to choose again (Enter alone means no)" in out
    assert out.count("Not taken: choose again") == 2
    assert "You show a pair of aces / a pair of kings / full house, nines over sevens, a foul." in out


def test_a_foul_pai_gow_way_and_an_open_face_foul_ask_first() -> None:
    game = PaiGow(players=1)
    deck = stacked(game, "Ah Kd 7c 7s 9h 4d 2c")
    _, out = session(game, lines("set 7c 7s | Ah Kd 9h 4d 2c", "no", "set house"), seats=[None], hands=1,
                     decks=[deck])
    assert "This fouls: the two-card hand (a pair of sevens) beats the five-card hand" in out
    assert "You set" not in out.split("Not taken")[0] and "You set by the house way." in out
    face = OpenFace(players=2)
    first = stacked(face, "Qh Qd Qs Jh Jd Kc 2c 3d 9s 5h 4s Ah")
    script = lines("set | Kc 2c 3d 9s 5h |", "place front Ah", "", "place back Ah", "q", "y")
    _, out = session(face, script, seats=[None, RandomBot(seed=2)], hands=1, decks=[first])
    assert "This fouls: with these cards placed, the middle is complete and weaker than the front" in out
    assert "You place A♥ in the back." in out and "You place A♥ in the front" not in out


def test_a_setting_that_names_a_card_twice_or_one_not_held_is_refused_before_any_foul_question() -> None:
    game = ChinesePoker(players=2)
    deck = stacked(game, f"{SEAT_ONE} Ah Ad 2h Kh Kd 3h 4h 5h 9s 9c 9d 7h 7s")
    twice = "set Ah Ah 2h | Kh Kd 3h 4h 5h | 9s 9c 9d 7h 7s"
    _, out = session(game, lines(twice, "q", "y"), seats=[None, RandomBot(seed=1)], hands=1, decks=[deck])
    assert "This fouls" not in out and "a setting must use each of your thirteen cards exactly once" in out
    pai_gow = PaiGow(players=1)
    held = stacked(pai_gow, "Ah Kd 7c 7s 9h 4d 2c")
    for setting in ("set Ah Ah | 7c 7s 9h 4d 2c", "set Jk Ah | Kd 7c 7s 9h 4d"):
        _, out = session(pai_gow, lines(setting, "set house"), seats=[None], hands=1, decks=[held])
        assert "This fouls" not in out and "You set by the house way." in out, setting


# -- help, quitting -----------------------------------------------------------------------------

def test_help_and_question_mark_at_every_kind_of_prompt() -> None:
    game = DrawPoker(players=2)
    script = lines("?", "bet", "help", "", "2", "?", "Ah", "", "check", "check", "stand pat", "stand pat",
                   "check", "check", "?", "no")
    _, out = session(game, script, seats=[None, None], hands=2)
    assert out.count("Type the number of a choice") == 1, "at an action prompt"
    assert "Bet how much?" in out and out.count("Answer it, or press Enter alone to go back") == 2
    assert "Type y or yes to deal the next hand, n or no to end the session (Enter alone means yes)" in out
    assert "'hint' for what the bots would do and why, 'rules' for the rules of the game" in out


def test_quitting_mid_hand_asks_first_and_prints_the_totals() -> None:
    _, out = session(DrawPoker(players=3), lines("q", "no", "quit", "y"))
    assert out.count("Leave in the middle of this hand? It will not count. [y/N]") == 2
    assert "You stay at the table." in out
    assert "You left in the middle of a hand: it does not count." in out
    assert "Totals after 0 hands: you 100 (+0), Ann 100 (+0), Bob 100 (+0)" in out


class Keyboard(io.StringIO):
    """Keys at a terminal: an empty line read is Ctrl-D, after which the person types on."""

    def __init__(self, *keys: str) -> None:
        super().__init__()
        self.keys = list(keys)

    def readline(self, size: int | None = -1) -> str:
        key = self.keys.pop(0) if self.keys else ""
        return key + "\n" if key else ""


def test_ctrl_d_at_a_terminal_mid_hand_asks_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    out = io.StringIO()
    keys = Keyboard("", "n", "", "y")  # Ctrl-D, stay; Ctrl-D, leave
    Table(DrawPoker(players=2), [None, RandomBot(seed=1)], PlainConsole(keys, out)).play()
    said = " ".join(out.getvalue().split())
    assert said.count("Leave in the middle of this hand? It will not count. [y/N]") == 2
    assert "You stay at the table." in said and "You left in the middle of a hand" in said


def test_end_of_input_leaves_with_the_totals_and_between_hands_q_needs_no_confirmation() -> None:
    _, out = session(Duel(players=2), lines("keep"))
    assert "Totals after 0 hands" in out or "Totals after 1 hand" in out
    _, out = session(Duel(players=2), lines("keep", "q"))
    assert "Leave in the middle" not in out and "Totals after 1 hand:" in out


def test_papayoo_counts_points_against_you() -> None:
    game = homegame.games.new_game("papayoo", players=3)
    _, out = session(game, "", seats=[None, RandomBot(seed=1), RandomBot(seed=2)])
    assert "points count against you" in out and "(the lowest total wins)" in out
    assert "Points taken in 0 deals (fewer is better)" in out


def test_hints_name_a_legal_play_in_a_few_games() -> None:
    _, out = session(DrawPoker(players=3), lines("hint", "q", "y"))
    assert re.search(r"Hint: (check|bet \d+|call \d+|fold|raise to \d+) - your hand rates \d\.\d\d", out)
    _, out = session(PaiGow(players=1), lines("hint", "q", "y"), seats=[None])
    assert "Hint: set" in out and "a unit against a house-way banker" in out


# -- the commands around the table ---------------------------------------------------------------

def test_simulate_sums_to_zero_and_counts_hands() -> None:
    game = Duel(players=3)
    result = simulate(game, [RandomBot(seed=s) for s in range(3)], 50, seed=2)
    assert sum(seat.total for seat in result.seats) == 0
    assert result.hands == 50 and len(result.seats) == 3


def test_simulate_and_play_commands(duel_registered: None, capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["simulate", "duel", "--players", "3", "--hands", "20", "--seed", "1", "--json"]) == 0
    assert '"hands": 20' in capsys.readouterr().out
    assert main(["simulate", "duel", "--players", "9"]) == 2
    assert "2 to 5 players" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO("2\nn\n"))
    assert main(["play", "duel", "--players", "2", "--seed", "3"]) == 0
    assert "Totals after 1 hand" in capsys.readouterr().out
    assert main(["play", "duel", "--hands", "0"]) == 2


def test_a_session_starts_with_the_starting_stack_the_player_sets(capsys: pytest.CaptureFixture[str],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("q\ny\n"))
    assert main(["play", "draw", "--players", "2", "--set", "stack=300", "--seed", "1"]) == 0
    assert "Totals after 0 hands: you 300 (+0), Ann 300 (+0)" in capsys.readouterr().out


def test_rules_for_a_game_without_a_page(duel_registered: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "duel"]) == 2
    assert "no rules are written for Duel" in capsys.readouterr().err
    assert main(["rules", "no-such-game"]) == 2


def test_the_rules_at_the_table_ask_less_for_formatting_not_codes(monkeypatch: pytest.MonkeyPatch) -> None:
    import pydoc

    from rich.console import Console

    from homegame.cli.screen import page_markdown

    paged: list[str] = []
    monkeypatch.delenv("LESS", raising=False)
    monkeypatch.setattr(pydoc, "pager", paged.append)
    page_markdown(Console(force_terminal=True), "# Basic Draw Poker")
    assert os.environ["LESS"] == "-R" and "Basic Draw Poker" in paged[0]


def test_a_bare_word_asks_for_the_rest_or_shows_how_to_type_it() -> None:
    from homegame.cli.choices import Offer, offers, understand
    from homegame.engine import Action, ActionSet, Choices

    state = DrawPoker(players=2).deal(seed=1)
    while state.phase != "draw":
        seat = state.to_act[0]
        state.apply(seat, Action("check"))
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    asked = understand("discard", offers(legal, state.view(seat)), legal)
    assert isinstance(asked, Offer) and asked.label.startswith("discard CARDS")
    hand, widow = parse_cards("Ah Kd 7c 4s 2h"), parse_cards("Qs Qd 9h 6c 3s")
    swaps = ActionSet(Choices([Action("swap", cards=(mine, theirs)) for theirs in widow for mine in hand]))
    said = understand("swap", offers(swaps), swaps)
    assert said == "swap what? Type it whole, as 'swap Ah Qs' (25 ways; 'help' lists what you can do)"


def test_sub_questions_take_the_action_word_and_amounts_are_explained_as_amounts() -> None:
    from homegame.cli.choices import Filling, offers, understand
    from homegame.engine import Action

    state = DrawPoker(players=2).deal(seed=1)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    menu = offers(legal, state.view(seat))
    for typed in ("bet 5.5", "bet -3"):
        assert understand(typed, menu, legal) == "bet takes a whole number of chips, 2 to 99, as 'bet 2'"
    asked = understand("bet", menu, legal)
    assert not isinstance(asked, str | Action)
    how_much = Filling(asked)
    assert how_much.take("bet 4") == "" and how_much.action() == Action("bet", amount=4)
    assert understand("Xx Yy Zz", menu, legal) == "'xx' is not a move you can make now; you may bet, check " \
        "('help' says more)"
    while state.phase != "draw":
        state.apply(state.to_act[0], Action("check"))
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    template = understand("discard", offers(legal, state.view(seat)), legal)
    assert not isinstance(template, str | Action)
    held = state.view(seat).hand
    filling = Filling(template)
    assert filling.take("hint").startswith("a hint is given at the choices")
    assert filling.take(f"{held[0]} {held[0]}") == "name each card once"
    assert filling.take(f"discard {held[0]} {held[1]}") == "" and filling.action() == Action(
        "discard", cards=(held[0], held[1]))


def test_each_numbered_choice_reads_differently_when_an_ace_may_be_kept_either_way() -> None:
    """Draw with two aces: a four-card draw keeps one ace or the other, and each choice names
    the cards it takes from."""
    from homegame.cli.choices import offers
    from homegame.engine import Action, ActionSet
    from homegame.engine.action_sets import Subsets

    draw = DrawPoker(players=2)
    hands = parse_cards("Ah Ad 7c 5s 2d"), parse_cards("Kh Kd 9c 8s 3d")
    stack = [card for pair in zip(hands[1], hands[0], strict=True) for card in pair]
    state = draw.deal(deck=stack + [c for c in draw.deck if c not in stack], dealer=0)
    while not (state.to_act == (0,) and "discard" in state.legal_actions(0).kinds()):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, next(a for a in legal if a.kind in ("check", "call", "discard")))
    labels = [offer.label for offer in offers(state.legal_actions(0), state.view(0))]
    assert labels[-2:] == ["discard CARDS (4 cards, from Ah 7c 5s 2d)",
                           "discard CARDS (4 cards, from Ad 7c 5s 2d)"]
    alike = ActionSet(Subsets("pass", parse_cards("2c 3c 4c"), [2]),
                      Subsets("pass", parse_cards("5d 6d 7d"), [2]))
    assert [offer.label for offer in offers(alike)] == ["pass CARDS (2 cards, from 2c 3c 4c)",
                                                       "pass CARDS (2 cards, from 5d 6d 7d)"]
    assert Action("pass", cards=tuple(parse_cards("5d 7d"))) in alike


def test_simulate_deals_each_hand_the_tables_stack() -> None:
    def worst_loss(stack: int) -> int:
        game = homegame.games.new_game("draw", players=2, stack=stack)
        bots = [RandomBot(seed=1), RandomBot(seed=2)]
        return min(seat.total for seed in range(30) for seat in simulate(game, bots, 1, seed=seed).seats)

    assert worst_loss(100) < -3 <= worst_loss(3)
