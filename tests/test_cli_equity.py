"""``homegame equity``: win, tie and equity per hand, exact or Monte Carlo, and clear errors."""

from __future__ import annotations

import json

import pytest

from homegame.cli import main


def test_equity_prints_each_hand_exactly_when_the_boards_are_few(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhKh", "QsQd", "--board", "Qh Jh 2c 3d"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "board Qh Jh 2c 3d: exact over all 44 boards"
    assert lines[1].split() == ["hand", "win", "tie", "equity"]
    assert lines[2].split() == ["Ah", "Kh", "22.73%", "0.00%", "22.73%"]  # 10 outs of 44
    assert lines[3].split() == ["Qs", "Qd", "77.27%", "0.00%", "77.27%"]


def test_monte_carlo_states_its_seed_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhKh", "QsQd", "7c8c", "--trials", "5000", "--seed", "9"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "no board yet: Monte Carlo, 5,000 boards, seed 9"
    assert lines[1].split()[-2:] == ["±", "error"]
    assert all(line.endswith("%") for line in lines[2:])


def test_equity_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "Ac Ad", "Kc Kd", "--board", "Ah 7s 2c 9d", "--dead", "Ks", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["method"] == "exact" and data["runouts"] == 52 - 9 and data["dead"] == "Ks"
    assert [p["equity"] for p in data["players"]] == [1.0, 0.0]


def test_a_three_card_pineapple_hand_shows_each_discard(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhKhQd", "7c7d", "--board", "Qh Jh 2c", "--hi-lo"]) == 0
    out = capsys.readouterr().out
    assert [line for line in out.splitlines() if line.startswith("keep")] == [
        "keep Ah Kh, discard Qd:", "keep Ah Qd, discard Kh:", "keep Kh Qd, discard Ah:"]
    assert "a low qualifies on 0.00% of boards" in out  # only two board cards to come
    assert main(["equity", "AhKhQd", "7c7d", "--board", "Qh Jh 2c", "--json"]) == 0
    choices = json.loads(capsys.readouterr().out)["choices"]
    assert [(c["kept"], c["discarded"]) for c in choices] == [("Ah Kh", "Qd"), ("Ah Qd", "Kh"),
                                                              ("Kh Qd", "Ah")]


@pytest.mark.parametrize(("argv", "message"), [
    (["equity", "AhKh", "AhQd"], "Ah is dealt twice"),
    (["equity", "AhKx", "QsQd"], "'Kx' is not a card"),
    (["equity", "AhKh"], "at least two hands"),
    (["equity", "AhKh", "QsQd", "--board", "2c 3c 4c 5c 6c 7c"], "at most 5 cards"),
    (["equity", "AhKh", "QsQd", "--trials", "0"], "trials are 1 to 2,000,000 boards"),
    (["equity", "AhKh", "QsQd", "--trials", "100000000"], "trials are 1 to 2,000,000 boards"),
])
def test_bad_input_is_one_clear_line_and_status_2(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                  message: str) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("homegame equity: error: ") and message in captured.err
    assert captured.err.count("\n") == 1
