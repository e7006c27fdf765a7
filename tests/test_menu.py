"""The menu ``homegame`` (and ``make play``) opens, answered as a person answers it: one Enter for
the usual rules, or the variants in words, the settings they bring, the table settings and the
opponents' bot, each bad answer explained and asked again, and the game played as chosen."""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

import homegame.games
from homegame.bots import Bot, RandomBot
from homegame.bots.search import SearchBot
from homegame.cli import main
from homegame.engine import Game
from pty_terminal import Terminal
from toy_game import Duel


def _number(title: str) -> int:
    return sorted(game.title for game in homegame.games.GAMES.values()).index(title) + 1


def _menu(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *answers: str | int) -> str:
    """What the menu shows, answered by ``answers`` (one a line) and then left."""
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{answer}\n" for answer in answers)))
    assert main([]) == 0
    return capsys.readouterr().out


@dataclass
class _Seated:
    """The tables the menu sat down at, instead of playing them."""

    tables: list[tuple[Game, list[Bot | None]]] = field(default_factory=list)

    def __call__(self, game: Game, seats: Sequence[Bot | None], console: Any) -> _Seated:
        self.tables.append((game, list(seats)))
        return self

    def play(self) -> None:
        return None


@pytest.fixture
def seated(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Seated]:
    spy = _Seated()
    monkeypatch.setattr("homegame.cli.terminal.Table", spy)
    yield spy


def test_one_enter_plays_the_usual_rules_against_the_game_s_own_bot(
        seated: _Seated, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = _menu(monkeypatch, capsys, _number("Basic Draw Poker"), 3, "", "q")
    assert "2-6 players, 5 variants" in out and "pay-table" not in out
    assert "Enter plays the usual rules against the heuristic bot; c chooses the variants, the settings " \
        "and the opponents" in out
    assert "Variants of" not in out and "Opponents" not in out
    [(game, seats)] = seated.tables
    assert not game.chosen_variants and game.config == homegame.games.new_game("draw", players=3).config
    assert seats[0] is None and [seat.name for seat in seats[1:] if seat] == ["heuristic", "heuristic"]
    assert "You play against 2 heuristic bots." in out


def test_a_wild_rank_of_sevens_is_played_and_every_bad_answer_asked_again(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = _menu(monkeypatch, capsys, _number("Basic Draw Poker"), 2, "x", "c", "9", "1,2", "4", "0", "6",
                "", "2", "q", "y", "q")
    assert "  press Enter to play, or type c to choose the variants, the settings and the opponents" in out
    assert "   4) Wild cards of a chosen rank: every card of the rank the wild rank setting names" in out
    assert "'9' is not on the list" in out
    assert "variants wild (Jokers wild) and deuces (Deuces wild) cannot be played together" in out
    assert "   1) twos (the usual)" in out and "  13) aces" in out
    assert "type a number from 1 to 13, or press Enter for the usual" in out
    assert "Table settings: Betting structure draw poker's own" in out
    assert "Big bet" not in out and "Raise cap" not in out
    assert "You play against 1 random bot." in out
    assert "Basic Draw Poker (Wild cards of a chosen rank): you are seat 0" in out and "sevens wild" in out


def test_deuce_to_seven_lowball_with_a_qualifier_the_game_refused_first(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = _menu(monkeypatch, capsys, _number("Basic Draw Poker"), 2, "c", "5", "2", "5", "x", "9", "", "",
                "q", "y", "q")
    assert "Low ranking (the way low hands are ranked):" in out and "   2) deuce to seven" in out
    assert "a deuce-to-seven low qualifier is a rank from 7 to 13" in out
    assert "Low qualifier takes a whole number, not 'x'" in out
    assert "Basic Draw Poker (Lowball): you are seat 0" in out
    assert "lowest hand wins (deuce-to-seven/9)" in out


def test_table_settings_are_kept_at_one_enter_or_each_set(
        seated: _Seated, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    soko = _number("Soko (Canadian Stud)")
    out = _menu(monkeypatch, capsys, soko, 2, "c", "", "", soko, 2, "c", "c", "", "3", "0", "5", "", "", "",
                "", "", "", "", "q")  # the last settings are kept: the bets', show or muck, the deck's
    usual, changed = seated.tables
    assert usual[0].config == homegame.games.new_game("soko", players=2).config
    assert "Variants of" not in out and "c chooses the settings and the opponents" in out
    assert "Starting stack must be at least 1, not 0" in out
    assert "   4) spread limit (the usual)" in out
    assert changed[0].config["ante"] == 3 and changed[0].config["stack"] == 5


def test_a_setting_refused_with_another_is_asked_again(
        seated: _Seated, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = _menu(monkeypatch, capsys, _number("Basic Draw Poker"), 2, "c", "", "c", "4", "", "", "", "", "",
                "", "", "", "", "", "", "10", "", "q")  # show or muck, the bomb pot and the deck's kept,
    # then the refused bet asked again
    assert "spread limit needs a largest spread bet" in out
    [(game, _)] = seated.tables
    assert game.config["limit"] == "spread" and game.config["max_bet"] == 10


@pytest.mark.parametrize(("answer", "kind"), [("3", SearchBot), ("2", RandomBot)])
def test_the_opponents_chosen_are_seated(answer: str, kind: type[Bot], seated: _Seated,
                                         monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    out = _menu(monkeypatch, capsys, _number("Papayoo"), 4, "c", "", answer, "q")
    assert "   1) heuristic (the usual): the game's own bot" in out and "   3) search: plays each" in out
    [(_, seats)] = seated.tables
    assert seats[0] is None and all(type(seat) is kind for seat in seats[1:]) and len(seats) == 4


def test_a_game_of_one_player_is_not_asked_for_opponents(
        seated: _Seated, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = _menu(monkeypatch, capsys, _number("Pai Gow Poker"), 1, "c", "1", "", "q")
    assert "c chooses the variants and the settings:" in out and "Opponents" not in out
    [(game, seats)] = seated.tables
    assert game.chosen_variants == {"wheel-second"} and seats == [None]


def test_the_menu_plays_a_game_and_comes_back_to_the_list(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(homegame.games.GAMES, "duel", Duel)
    number = _number("Duel")
    out = _menu(monkeypatch, capsys, "?", number, 2, "?", "", 1, "q", number, 2, "", "q", "y", "q")
    assert out.count("choose a game") == 3 and "Type a number from 1 to" in out
    assert "Press Enter to play, or type c to choose the settings and the opponents. q leaves." in out
    assert out.count("Totals after") == 2 and out.rstrip().endswith("Goodbye.")


def test_the_menu_offers_a_lesson(monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    from homegame.lessons import lesson_names

    out = _menu(monkeypatch, capsys, "l", lesson_names().index("paiute") + 1, "", "q", "q")
    assert "l) Learn a game first" in out and "homegame learn - which game?" in out
    assert "Paiute lesson, hand 1 of 4: The wild rank and a five-card call" in out
    assert "You left the lesson. 'homegame learn paiute' starts it again." in out
    assert out.count("choose a game") == 2 and out.rstrip().endswith("Goodbye.")


def test_make_play_s_menu_on_a_real_terminal() -> None:
    terminal = Terminal([])
    try:
        terminal.wait_for("Game number:")
        terminal.type(str(_number("Basic Draw Poker")))
        terminal.wait_for("Players (2-6):")
        terminal.type("2")
        terminal.wait_for("c chooses")
        terminal.type("c")
        terminal.wait_for("Variants by number")
        terminal.type("5")
        terminal.wait_for("Low ranking, by number (Enter for ace to five):")
        terminal.type("2")
        terminal.wait_for("Low qualifier")
        terminal.type("")
        terminal.wait_for("Enter keeps them; c changes them:")
        terminal.type("")
        terminal.wait_for("Opponents, by number (Enter for heuristic):")
        terminal.type("2")
        screen = terminal.wait_for("lowest hand wins (deuce-to-seven)")
        assert "Lowball Draw" in screen
        terminal.type("q")
        terminal.wait_for("Leave in the middle of this hand?")
        terminal.type("y")
        terminal.wait_for("Game number:")
        terminal.type("q")
        terminal.wait_for("Goodbye.")
    finally:
        assert terminal.close() == 0


def test_the_structure_is_asked_first_and_only_the_settings_it_counts_are_asked(
        seated: _Seated, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    soko = _number("Soko (Canadian Stud)")
    out = _menu(monkeypatch, capsys, soko, 2, "c", "c", "3", "", "", "20", "", "", "", "", "", "q")
    asked = out[out.index("Betting structure ("):]
    assert "Ante (" in asked and "Small bet (" in asked and "Big bet (" in asked
    assert "Raise cap (" not in out and "Largest spread bet (" not in out
    assert "Raise cap" not in out.split("Table settings:")[1].splitlines()[0]
    [(game, _)] = seated.tables
    assert game.config["limit"] == "no" and game.config["bet"] == 20
    out = _menu(monkeypatch, capsys, soko, 2, "c", "c", "1", "", "", "", "", "6", "", "", "", "", "q")
    assert "Raise cap (" in out and "Largest spread bet (" not in out
    assert seated.tables[-1][0].config["cap"] == 6
