"""``homegame odds``: the exact category table as aligned text or JSON, and clear errors."""

from __future__ import annotations

import json
from math import comb

import pytest

from homegame.analysis.odds import category_table
from homegame.cli import main
from homegame.cli.commands.odds import format_table


def test_odds_prints_an_aligned_table_with_counts_probabilities_and_odds(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--ranking", "ace-to-five", "--cards", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "ace-to-five: every 5-card hand from 52 cards"
    rows = {line.split("  ")[0]: line.split() for line in lines[2:] if line and not line.startswith("-")}
    assert rows["four of a kind"][4:] == ["624", "0.024010", "%", "1", "in", "4,165"]
    assert rows["total"][1:] == ["2,598,960", "100.000000", "%"]
    widths = {len(line) for line in lines[2:] if line.startswith("-") or line.startswith("no pair")}
    assert len(widths) == 1  # columns line up with the rules


def test_odds_json_is_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "-r", "front", "-n", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total"] == comb(52, 3)
    assert [(c["name"], c["count"]) for c in data["categories"]] == [
        ("three of a kind", 52), ("pair", 3_744), ("high card", comb(52, 3) - 52 - 3_744)]


def test_odds_with_a_wild_rank_and_with_jokers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "-r", "paiute", "-n", "5", "--wild", "3", "--json"]) == 0
    wild = json.loads(capsys.readouterr().out)
    assert wild["wild"] == "3c 3d 3h 3s" and wild["total"] == comb(52, 5)
    assert main(["odds", "-r", "paiute", "-n", "5", "--wild", "jokers", "--json"]) == 0
    jokers = json.loads(capsys.readouterr().out)
    assert jokers["jokers"] == 2 and jokers["total"] == comb(54, 5)


def test_the_table_says_never_for_a_category_no_hand_makes() -> None:
    lines = format_table(category_table("high", 5, method="symmetry")).splitlines()
    five_of_a_kind = next(line for line in lines if line.startswith("five of a kind"))
    assert five_of_a_kind.split()[-1] == "never" and five_of_a_kind.split()[4] == "0"


@pytest.mark.parametrize(("argv", "message"), [
    (["odds", "-r", "omaha", "-n", "5"], "unknown ranking 'omaha'"),
    (["odds", "-r", "high", "-n", "60"], "hands of 1 to 7 cards, not 60"),
    (["odds", "-r", "paiute", "-n", "5", "--wild", "Zz"], "'Zz' is not a card"),
    (["odds", "-r", "high", "-n", "5", "--jokers", "3"], "0, 1 or 2 jokers"),
    (["odds", "-r", "high", "-n", "5", "--wild", "Jk"], "wild cards are cards of the standard deck, not Jk"),
])
def test_bad_input_is_one_clear_line_and_status_2(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                  message: str) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("homegame odds: error: ") and message in captured.err
    assert captured.err.count("\n") == 1
