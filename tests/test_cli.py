"""The command line entry point, and the tools that explain themselves."""

from __future__ import annotations

import pytest

from homegame.cli import main
from homegame.games import GAMES
from pty_terminal import Terminal


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert "homegame" in capsys.readouterr().out


def test_rules_piped_are_markdown_with_the_table_settings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "draw"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Basic Draw Poker") and "## At the table" in out
    assert "- `lowball`: the lowest hand wins" in out and "- `ante` (default 1; 0 or more)" in out
    assert "- `wild-rank` (Wild cards of a chosen rank): every card" in out
    assert "- `wild_rank` (default twos; `twos`, `threes`," in out and "## Settings" not in out
    assert "- `qualifier` (default 0; 0 to 13; only with `lowball`): a winning low must be this rank" in out
    assert "`aces`; only with `wild-rank`): the rank whose four cards are wild" in out
    assert "- `cap` (default 4; 0 or more; counts only when `limit` is `fixed`)" in out
    assert "- `max_bet` (default 0; 0 or more; counts only when `limit` is `spread` or `draw`)" in out
    assert "- `bet` (default 2; 1 or more):" in out


def test_the_rules_say_which_variant_a_setting_counts_with(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "whiskey"]) == 0
    out = capsys.readouterr().out
    assert "- `starting_chips` (default 5; 1 to 100; only with `chips`): chips each player starts" in out
    assert "- `ante` (default 1; 0 or more; not with `chips`): chips each player puts in" in out
    assert "- `orbits` (default 10; 1 to 100): the widow phase ends" in out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_setting_s_help_begins_with_its_variant_s_name(name: str) -> None:
    """A setting is listed beside the variant it counts with (the menu, the rules, the lobby), so
    its help says what it does without naming the variant first."""
    game = GAMES[name]
    prefixes = [f"{variant}{after}:" for variant in game.variants for after in ("", " variant")]
    helps = [setting.help for setting in game.settings.values()]
    assert not [text for text in helps if text.startswith(tuple(prefixes))]


def test_rules_on_a_terminal_are_formatted_and_paged() -> None:
    terminal = Terminal(["rules", "papayoo"])
    try:
        terminal.wait_for("At the table")
    finally:
        assert terminal.close() == 0
    assert b"## At the table" not in terminal.raw and b"\x1b[" in terminal.raw


def test_chinese_set_says_what_rising_settings_and_the_value_are(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chinese", "set", "As Ks Qs Js 9d 9c 7h 7d 5s 4c 3h 3d 2s"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "of the 72,072 ways to set these cards rise (the front no stronger than the middle" in out
    assert "foul" in out and "from one typical opponent" in out and "200 random hands" in out


@pytest.mark.parametrize("samples", ["0", "-3", "1", "100000000"])
def test_paigow_set_refuses_a_sample_it_cannot_value_against(samples: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["paigow", "set", "Jk As Kd Kh 9c 5s 2d", "--samples", samples]) == 2
    assert "a value needs 2 to 200,000 banker hands" in capsys.readouterr().err


def test_paigow_set_says_what_each_term_means(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["paigow", "set", "Jk As Kd Kh 9c 5s 2d", "--samples", "200"]) == 0
    out = capsys.readouterr().out
    assert "What these mean:" in out
    assert "House way: the fixed rules a dealer follows" in out
    assert "Fast setter: how the 'best' bot sets" in out and "200,000 house-way banker hands" in out
    assert "Best EV: of the 21 ways" in out and "a win pays 0.95" in out


def test_output_cut_short_by_its_reader_ends_quietly(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """'homegame rules paiute | head -1': the reader has closed the pipe; no traceback follows."""
    import os

    reader, writer = os.pipe()
    os.close(reader)
    with capsys.disabled(), os.fdopen(writer, "w") as closed:
        monkeypatch.setattr("sys.stdout", closed)
        assert main(["rules", "paiute"]) == 141


def test_simulate_counts_a_hand_won_when_the_seat_came_out_ahead(capsys: pytest.CaptureFixture[str]) -> None:
    """A Pai Gow push is not a win, nor a Draw hand in which no chips moved; one hand has no spread."""
    from homegame.analysis.simulation import simulate
    from homegame.bots import make_bot
    from homegame.games import new_game

    game = new_game("pai_gow", players=2)
    result = simulate(game, [make_bot("pai_gow") for _ in range(2)], 1, seed=1)
    assert all(seat.standard_error is None for seat in result.seats)
    assert [seat.won for seat in result.seats] == [int(seat.total > 0) for seat in result.seats]
    assert main(["simulate", "draw", "--set", "ante=0", "--hands", "3", "--seed", "2"]) == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    assert all(row.split()[-1] == "0" for row in rows), rows
    for bad in (["simulate", "draw", "--players", "0"], ["chinese", "versus", "--hands", "1"]):
        assert main(bad) == 2


def test_join_refuses_a_token_with_a_name_or_a_seat(capsys: pytest.CaptureFixture[str]) -> None:
    for extra in (["--name", "ann"], ["--seat", "2"]):
        assert main(["join", "http://127.0.0.1:9/t/abc", "--token", "t0k3n", *extra]) == 2
        assert "without --name, --seat, --chips and --club" in capsys.readouterr().err
