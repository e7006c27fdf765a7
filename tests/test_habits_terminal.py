"""The habits at the terminal's table, with the engine's stacked decks: the straddle in the blinds'
line, both runs of the board, the hand mucked (seen by its own seat only), the log's words for
each, and the actions the terminal offers for them."""

from __future__ import annotations

from typing import Any

from homegame.cli.narrate import doing, tell
from homegame.engine import Action, GameState
from homegame.games.pineapple import Pineapple
from homegame.render import Style, render_view
from test_habits import act, run_twice_deck

PLAIN = Style(colour=False)


def _log(state: GameState[Any], viewer: int | None) -> str:
    """The hand's log as the terminal tells it to ``viewer``."""
    told = (tell(event, viewer, PLAIN) for event in state.history.seen_by(viewer))
    return "\n".join(line for line in told if line)


def test_the_terminal_shows_both_runs_and_a_muck_to_its_own_seat_only() -> None:
    game = Pineapple(players=3, limit="no", show_or_muck="on", run_twice="on")
    state = game.deal(deck=run_twice_deck(), dealer=0, stacks=[20, 20, 20])
    for seat, text in ((0, "raise 20"), (1, "call 20"), (2, "call 20"), (1, "discard 4h"), (2, "discard 7s"),
                       (0, "discard 8s")):
        act(state, seat, text)
    assert "run it twice?" in render_view(state.view(1), PLAIN)[0]
    assert [doing(action, PLAIN) for action in state.legal_actions(1)] == ["agree to run the board twice",
                                                                           "want the board run once"]
    for seat in (1, 2, 0):
        act(state, seat, "run twice")
    assert "show or muck" in render_view(state.view(1), PLAIN)[0]
    assert {action.kind for action in state.legal_actions(1)} == {"show", "muck"}
    act(state, 1, "muck")
    screen = render_view(state.view(0), PLAIN)
    assert "First run: 2♠ 5♥ 9♣ J♦ Q♠" in screen and "Second run: K♥ 6♦ 3♣ 4♣ T♥" in screen
    assert any("seat 1" in line and line.endswith("mucked") for line in screen), screen
    log = _log(state, 0)
    assert "second run's flop" in log and "mucks" in log
    for viewer in (0, 2, None):
        seen = "\n".join(render_view(state.view(viewer), PLAIN)) + _log(state, viewer)
        assert "2♣" not in seen and "3♦" not in seen, f"the mucked hand reached {viewer}"
    assert "3♦" in _log(state, 1)  # its own seat was dealt it
    own = render_view(state.view(1), PLAIN)  # and its own screen still shows it what it mucked
    assert any(line.startswith("  you:") and line.endswith("mucked 2♣ 3♦") for line in own), own


def test_the_terminal_shows_the_straddle_in_the_blinds_line() -> None:
    state = Pineapple(players=4, limit="no", straddle="on").deal(seed=7, dealer=0)
    assert "straddle" in render_view(state.view(3), PLAIN)[0]
    assert [doing(action, PLAIN) for action in state.legal_actions(3)] == ["straddle 4", "do not straddle"]
    state.apply(3, Action("straddle", amount=4))
    assert "blinds seat 1 1, seat 2 2, seat 3 4 (straddle)" in render_view(state.view(0), PLAIN)[1]
