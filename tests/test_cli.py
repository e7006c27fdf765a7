"""The command line entry point, and the tools that explain themselves."""

from __future__ import annotations

import pytest

from homegame.cli import main
from pty_terminal import Terminal


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert "homegame" in capsys.readouterr().out


def test_rules_piped_are_markdown_with_the_table_settings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "draw"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Basic Draw Poker") and "## At the table" in out
    assert "- `lowball`: the lowest hand wins" in out and "- `ante` (default 1)" in out


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


def test_paigow_set_says_what_each_term_means(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["paigow", "set", "Jk As Kd Kh 9c 5s 2d", "--samples", "200"]) == 0
    out = capsys.readouterr().out
    assert "What these mean:" in out
    assert "House way: the fixed rules a dealer follows" in out
    assert "Fast setter: how the 'best' bot sets" in out and "200,000 house-way banker hands" in out
    assert "Best EV: of the 21 ways" in out and "a win pays 0.95" in out
