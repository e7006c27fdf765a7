"""Clients that play at a card-room server in the tests: each takes a random legal action or calls
a game on its turn, and every frame it receives is kept and checked."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from homegame.engine import ActionSet
from homegame.room.client import SeatConnection


def chips_balance(frame: dict[str, Any]) -> None:
    """Every chip is in a stack, taken away, or with the house: none made, none lost."""
    table = frame["table"]
    stacks = sum(seat["stack"] for seat in table["seats"] if seat is not None)
    chips = table["chips"]
    assert stacks + chips["cashed"] + chips["house"] == chips["bought"], \
        f"chips out of balance at event {frame['seq']}"


async def play(connection: SeatConnection, chooser: random.Random, *, done: Callable[[], bool],
               pick: Callable[[list[str]], str] | None = None,
               on_state: Callable[[dict[str, Any]], Any] | None = None, timeout: float = 60) -> None:
    """Play ``connection``'s seat until ``done()``: random legal actions; a game called with
    ``pick`` (random by default) when it is this seat's call; a buy-in again when the seat is
    down to a tenth of one between its hands (a player who goes broke would wait for ever)."""
    seen = 0

    def my_turn(state: dict[str, Any]) -> bool:
        return (state["seq"] > seen and (state["you"]["to_act"] or state["you"]["choosing"])) \
            or _short(state) or done()
    while not done():
        try:
            state = await connection.wait_for(my_turn, timeout=timeout)
        except TimeoutError:
            if done():
                return
            raise
        if done():
            return
        if _short(state):
            stack = state["table"]["seats"][state["you"]["seat"]]["stack"]
            await connection.send({"type": "rebuy", "chips": state["table"]["config"]["buy_in"] - stack})
            continue
        seen = state["seq"]
        if on_state is not None:
            await on_state(state)
        if state["you"]["choosing"]:
            options = state["table"]["choosable"]
            await connection.choose(pick(options) if pick else chooser.choice(options))
        elif state["you"]["to_act"]:
            legal = ActionSet.from_json(state["legal"])
            await connection.act(legal[chooser.randrange(len(legal))], seq=state["seq"])


def _short(state: dict[str, Any]) -> bool:
    """Whether the seat is low on chips and out of the hand, so that it may buy in again."""
    table, you = state["table"], state["you"]
    if you["seat"] is None or table["seats"][you["seat"]] is None:  # the table closed: no seat any more
        return False
    stack = table["seats"][you["seat"]]["stack"]
    out_of_hand = you["player"] is None or (table["hand"] is not None and table["hand"]["over"])
    return out_of_hand and stack * 10 < table["config"]["buy_in"]
