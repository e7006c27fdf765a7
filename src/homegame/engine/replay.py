"""Replaying a hand from its history, and checking that it comes out the same.

:func:`replay` deals the same deck, feeds back the recorded chance outcomes and applies every
recorded action; it raises :class:`ReplayError` if any step is refused or the replayed hand's events
or outcome differ from the recorded ones.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from homegame.engine.chance import Chance
from homegame.engine.game import Game
from homegame.engine.history import History, check_header
from homegame.engine.state import GameState, deal_again
from homegame.errors import HomegameError, ReplayError

__all__ = ["ReplayError", "replay"]


def replay(history: History | dict[str, Any] | str, make_game: Callable[..., Game]) -> GameState[Any]:
    """The state reached by replaying ``history``; ``make_game`` is ``homegame.new_game``.

    Anything wrong with the history, from malformed JSON to a refused action, raises
    :class:`ReplayError` saying what.
    """
    try:
        recorded = history if isinstance(history, History) else History.from_json(history)
        header = check_header(recorded.header)
        game = make_game(header["game"], players=header["players"], variants=header["variants"],
                         **header["settings"])
        state = deal_again(game, recorded, Chance.replaying(recorded.chance_outcomes()))
        same = state.history.to_json() == recorded.to_json()
    except ReplayError:
        raise
    except (HomegameError, RecursionError) as error:
        raise ReplayError(f"cannot replay this history: {error}") from None
    if not same:
        raise ReplayError("the replayed hand does not produce the recorded events")
    return state
