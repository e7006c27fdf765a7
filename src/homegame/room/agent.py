"""A bot playing a room seat over the network, as any outside agent would (``homegame bot``).

The agent sees only what the room sends its seat: the view and the legal actions in each
``state``. It reads the view back into the game's view class and asks a homegame bot, in a thread
so the connection keeps being served while the bot thinks; it calls a game at random when it is
the dealer, comes back if the room sat it out, and buys back in to a full buy-in when the table
waits for players and its stack is short (a busted seat would otherwise hold up the table for
good). A program in another language does the same with the messages of ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from homegame.bots import Bot, make_bot
from homegame.engine import ActionSet
from homegame.errors import GameError
from homegame.room.client import SeatConnection, read_view

__all__ = ["play_seat"]


def _quiet(text: str) -> None:
    """Say nothing."""


def bots_for(games: list[str], bot: str, chooser: random.Random) -> dict[str, Bot]:
    """The ``bot`` of each of ``games``: :class:`GameError` for a name a game does not know, or for
    a bot that needs more than a seat's view (the search bot, which the table itself seats)."""
    bots = {game: make_bot(game, bot, seed=chooser.getrandbits(32)) for game in games}
    if not all(each.plays_from_a_view for each in bots.values()):
        raise GameError(f"the {bot} bot plays on from hands as they might be, which only the "
                        f"table can deal: seat it at the table instead (its bot_level)")
    return bots


async def play_seat(base: str, table: str, token: str, *, bot: str = "best", hands: int | None = None,
                    seed: int | None = None, say: Callable[[str], None] = _quiet) -> int:
    """Play the seat ``token`` opens with ``bot`` until the table closes, the seat is given up,
    or the seat has played ``hands`` hands (then it leaves the table, played out of any hand it
    was dealt meanwhile). The hands it played.

    A bot name every game of the table knows (``best``, ``heuristic``, ``random``) fits any
    table; a game's own bot is checked against the table's games before the first hand.
    """
    chooser = random.Random(seed)
    async with SeatConnection(base, table, token, keep_frames=False) as connection:
        state = await connection.first_state()
        bots = bots_for([choice["game"] for choice in state["table"]["config"]["games"]], bot, chooser)
        dealt_in: set[int] = set()
        answered, version = -1, -1
        while not connection.ended:
            version = await connection.wait_changed(version)
            if connection.state is None:
                continue
            state = connection.state
            if state["you"]["seat"] is None:
                break  # the seat was given up: the connection only watches now
            table_now, you = state["table"], state["you"]
            if hands is not None and _played(dealt_in, state) >= hands:
                await connection.send({"type": "leave"})
                return _played(dealt_in, state)
            if table_now["hand"] is not None and you["player"] is not None:
                dealt_in.add(table_now["hand"]["number"])
            if state["seq"] == answered:
                continue
            answered = state["seq"]
            await _answer(connection, state, bots, chooser, say)
        return _played(dealt_in, connection.state)


def _played(dealt_in: set[int], state: dict[str, Any] | None) -> int:
    """How many of the hands the seat was dealt in are over."""
    finished = state["table"]["hands_played"] if state is not None else 0
    return sum(number <= finished for number in dealt_in)


async def _answer(connection: SeatConnection, state: dict[str, Any], bots: dict[str, Bot],
                  chooser: random.Random, say: Callable[[str], None]) -> None:
    """Do what the seat is asked now, if anything: come back, buy back in, call a game, or act."""
    table, you = state["table"], state["you"]
    mine, buy_in = table["seats"][you["seat"]], table["config"]["buy_in"]
    if mine["sitting_out"] and not mine["leaving"]:
        await connection.send({"type": "come_back"})
    elif table["phase"] == "waiting" and mine["stack"] < buy_in and not mine["leaving"]:
        say(f"buys back in with {buy_in - mine['stack']}")
        await connection.send({"type": "rebuy", "chips": buy_in - mine["stack"]})
    elif you["choosing"]:
        game = chooser.choice(table["choosable"])
        say(f"calls {game}")
        await connection.send({"type": "choose", "game": game})
    elif you["to_act"]:
        game = table["hand"]["game"]
        view, legal = read_view(state["view"]), ActionSet.from_json(state["legal"])
        action = await asyncio.to_thread(bots[game].act, view, legal)
        say(f"hand {table['hand']['number']} ({game}): {action}")
        await connection.send({"type": "act", "action": action.to_json(), "seq": state["seq"]})
