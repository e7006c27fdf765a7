"""What each seat did in one finished hand, as the figures a night's statistics add up.

A hand is read again from its full history (the deck order included), step by step through the
engine, so that the engine says what each action was and which betting round it was taken in: the
first round of a hand is the one bet before the draw, the flop or the next card, and the figures a
poker player reads (VPIP, raised first round, aggression) count only actions of betting rounds.
The figures themselves are defined once, in docs/night.md.

>>> from homegame import new_game
>>> from homegame.engine import Action
>>> state = new_game("draw", players=2).deal(seed=1)
>>> first = state.to_act[0]
>>> state.apply(first, Action("bet", amount=2)); state.apply(1 - first, Action("fold"))
>>> figures = hand_figures(state.history, [1, -1] if first == 0 else [-1, 1])
>>> figures[first].vpip, figures[first].raised_first, figures[1 - first].played
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from homegame.engine import Action, Chance, GameState
from homegame.engine.betting import RAISING, VOLUNTARY
from homegame.engine.history import History, check_header
from homegame.games import new_game

__all__ = ["HandFigures", "hand_figures", "replay_steps"]


@dataclass(frozen=True, slots=True)
class HandFigures:
    """One seat's part in one finished hand (see docs/night.md for each figure).

    ``betting``: whether the hand had a betting round at all; ``vpip``, ``raised_first``,
    ``raises`` and ``calls`` are about betting rounds only (``False`` and 0 in a hand without).
    """

    chips: int
    played: bool
    showdown: bool
    won_showdown: bool
    betting: bool
    vpip: bool
    raised_first: bool
    raises: int
    calls: int


def replay_steps(history: History) -> tuple[GameState[Any], list[tuple[int, Action]]]:
    """The hand ``history`` records, dealt again and not yet played, with its actions in order:
    a reader applies them one by one and looks at the state between them."""
    header = check_header(history.header)
    game = new_game(header["game"], players=header["players"], variants=header["variants"],
                    **header["settings"])
    state = game.deal(deck=header["deck"], dealer=header["dealer"], stacks=header["stacks"],
                      carry=header["carry"], chance=Chance.replaying(history.chance_outcomes()))
    actions = [(event.seat, Action.from_json(event.data["action"])) for event in history.of_kind("action")
               if event.seat is not None]
    return state, actions


def hand_figures(history: History, chips: Sequence[int]) -> list[HandFigures]:
    """Each seat's figures for the finished hand ``history`` records (its full history, the deck
    included), given what it won or lost in chips (``chips``, one number a seat)."""
    state, actions = replay_steps(history)
    seats = range(state.players)
    first_round: object | None = None
    betting = False
    folded: set[int] = set()
    folded_first: set[int] = set()
    vpip: set[int] = set()
    raised_first: set[int] = set()
    raises, calls = [0] * state.players, [0] * state.players
    for seat, action in actions:
        round_now = state.betting_round()
        if round_now is not None:
            betting = True
            first_round = round_now if first_round is None else first_round
            in_first = round_now is first_round
            if action.kind in RAISING:
                raises[seat] += 1
            elif action.kind == "call":
                calls[seat] += 1
            if in_first and action.kind in VOLUNTARY:
                vpip.add(seat)
            if in_first and action.kind in RAISING:
                raised_first.add(seat)
            if in_first and action.kind == "fold":
                folded_first.add(seat)
        if action.kind == "fold":
            folded.add(seat)
        state.apply(seat, action)
    standing = [seat for seat in seats if seat not in folded]
    contested = len(standing) > 1
    return [HandFigures(chips=chips[seat], played=seat not in folded_first,
                        showdown=contested and seat in standing,
                        won_showdown=contested and seat in standing and chips[seat] > 0,
                        betting=betting, vpip=seat in vpip, raised_first=seat in raised_first,
                        raises=raises[seat], calls=calls[seat]) for seat in seats]
