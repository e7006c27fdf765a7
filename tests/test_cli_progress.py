"""The progress bar: drawn by rich on a terminal once work is slow, never anywhere else, so that
output sent to a pipe or a file holds the result and nothing more."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

from homegame.cli import main, progress
from homegame.cli.progress import ProgressBar


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def ticks(*times: float) -> Iterator[float]:
    return iter(times)


def test_slow_work_on_a_terminal_draws_a_bar_that_goes_when_the_work_is_done(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "xterm")
    screen = Terminal()
    clock = ticks(0.0, 1.5, 2.0, 2.5)
    with ProgressBar("counting", stream=screen, clock=lambda: next(clock)) as bar:
        bar(1, 4)
        bar(3, 4)
        bar(4, 4)
    assert bar.shown
    drawn = screen.getvalue()
    assert "counting" in drawn and " 25%" in drawn and "100%" in drawn
    assert drawn.endswith("\x1b[2K")  # the bar's line is cleared at the end


def test_quick_work_draws_nothing_even_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "xterm")
    screen = Terminal()
    clock = ticks(0.0, 0.2, 0.9)
    with ProgressBar("counting", stream=screen, clock=lambda: next(clock)) as bar:
        bar(1, 2)
        bar(2, 2)
    assert screen.getvalue() == "" and not bar.shown


@pytest.mark.parametrize(("stream", "term"), [(io.StringIO(), "xterm"), (Terminal(), "dumb")])
def test_no_bar_on_a_pipe_a_file_or_a_dumb_terminal(stream: io.StringIO, term: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", term)
    with ProgressBar("counting", stream=stream, delay=0) as bar:
        bar(1, 2)
        bar(2, 2)
    assert stream.getvalue() == "" and not bar.shown


@pytest.mark.parametrize("argv", [
    ["paigow", "edge", "--hands", "300"],
    ["odds", "-r", "ace-to-five", "-n", "5"],
    ["simulate", "whiskey", "--hands", "3", "--seed", "1"],
])
def test_long_commands_redirected_print_their_result_and_no_carriage_return(
        argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "DELAY", 0.0)  # every piece of work counts as slow
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert captured.out.strip() and captured.err == ""
    assert "\r" not in captured.out + captured.err
