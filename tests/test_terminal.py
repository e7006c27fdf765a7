"""The terminal table, the menu, simulate and rules, driven by scripted input on a toy game."""

from __future__ import annotations

import io

import pytest

import homegame.games
from homegame.analysis.simulation import simulate
from homegame.bots import RandomBot
from homegame.cli import main
from homegame.cli.render import Style
from homegame.cli.terminal import Prompt, QuitGame, Table
from toy_game import Duel


@pytest.fixture
def duel_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(homegame.games.GAMES, "duel", Duel)  # type: ignore[index]


def table(script: str, players: int = 2) -> tuple[Table, io.StringIO]:
    out = io.StringIO()
    prompt = Prompt(io.StringIO(script), out, Style(colour=False))
    seats = [None, *(RandomBot(seed=s) for s in range(1, players))]
    return Table(Duel(players=players), seats, prompt), out


def test_a_person_plays_against_a_bot_with_numbered_choices() -> None:
    played, out = table("1\nn\n")
    played.play(seed=4)
    text = out.getvalue()
    assert "1) keep" in text and "2) swap" in text
    assert "Result (chips):" in text and "Totals:" in text


def test_invalid_input_is_explained_and_asked_again() -> None:
    played, out = table("7\nfold\n\nswap\nn\n")
    played.play(seed=4)
    text = out.getvalue()
    assert "choose a number from 1 to 2" in text
    assert "fold is not allowed now; seat 0 may keep, swap" in text
    assert "type the number of a choice" in text
    assert "you swap" in text or "Result (chips):" in text


def test_quitting_leaves_the_table() -> None:
    played, _ = table("q\n")
    with pytest.raises(QuitGame):
        played.play(seed=1)


def test_others_actions_are_shown_since_your_turn() -> None:
    played, out = table("keep\nn\n", players=3)
    played.dealer = 0
    played.play(seed=9)
    assert "seat 1" in out.getvalue() or "seat 2" in out.getvalue()


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
    assert "Totals:" in capsys.readouterr().out


def test_menu_lists_games_and_plays(duel_registered: None, capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    titles = sorted(g.title for g in homegame.games.GAMES.values())
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{titles.index('Duel') + 1}\n2\n1\nn\n"))
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "choose a game" in out and "Duel" in out and "Totals:" in out


def test_rules_for_a_game_without_a_page(duel_registered: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "duel"]) == 2
    assert "no rules are written for Duel" in capsys.readouterr().err
    assert main(["rules", "no-such-game"]) == 2


def test_menu_asks_for_variants_and_explains_a_bad_one(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    titles = sorted(g.title for g in homegame.games.GAMES.values())
    number = titles.index("Basic Draw Poker") + 1
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{number}\n2\nnonsense\nlowball\nq\n"))
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "variants: wild, deuces, aces, lowball" in out
    assert "has no variant nonsense" in out
    assert "Basic Draw Poker: you are seat 0" in out and "Goodbye." in out


def test_a_draw_hand_played_through_homegame_play(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole scripted session: call or check every bet, stand pat, then leave."""
    script = "\n".join(["1"] * 40 + ["n"]) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    assert main(["play", "draw", "--players", "3", "--seed", "11", "--hands", "1"]) == 0
    out = capsys.readouterr().out
    assert "Basic Draw Poker" in out and "Result (chips):" in out and "Totals:" in out
