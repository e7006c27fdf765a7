"""Making a tournament from its setup: its tables, opened at once, its rules and its bots' entries
(what :meth:`homegame.room.service.CardRoom.create_tournament` does; the tournament then runs
itself, :mod:`homegame.room.tournament`)."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from homegame.errors import RoomError
from homegame.room.config import BOT_NAMES, TableConfig
from homegame.room.host import TableHost, new_token, token_hash
from homegame.room.table import Table
from homegame.room.tournament import Tournament
from homegame.room.tournament_config import TOURNAMENT_FIELDS, TournamentConfig

if TYPE_CHECKING:
    from homegame.room.service import CardRoom

__all__ = ["open_tournament"]


async def open_tournament(room: CardRoom, setup: Any) -> dict[str, Any]:
    """Make a tournament from its setup: its tables (as many as its entries need at ``seats`` a
    table) and its bots' entries; its id (its first table's), tables, invite and owner token."""
    if not isinstance(setup, dict):
        raise RoomError(f"a tournament is described by an object, not {str(setup)[:40]!r}")
    if "max_buy_in" in setup or "tournament" in setup:
        raise RoomError("a tournament's stacks are its own: set stack, not max_buy_in",
                        field="max_buy_in")
    rules = TournamentConfig.from_json({key: setup[key] for key in setup if key in TOURNAMENT_FIELDS})
    bots = setup.get("bots", 0)
    if type(bots) is not int or not 0 <= bots < rules.entrants:
        raise RoomError(f"bots: a bot takes an entry, so 0 to {rules.entrants - 1}, not {bots!r}",
                        field="bots")
    seats = setup.get("seats", rules.entrants)
    count = math.ceil(rules.entrants / seats) if type(seats) is int and seats > 0 else 1
    ids = [new_token(8) for _ in range(count)]
    rules = TournamentConfig.from_json({**rules.to_json(), "id": ids[0], "tables": ids})
    table_setup = {key: value for key, value in setup.items() if key not in TOURNAMENT_FIELDS}
    config = TableConfig.from_json({**table_setup, "seats": seats, "bots": 0, "buy_in": rules.stack,
                                    "max_buy_in": rules.stack, "tournament": rules.to_json()})
    owner, at = new_token(), room.clock()
    for number, table_id in enumerate(ids, start=1):
        name = config.name if count == 1 else f"{config.name[:48]} · table {number}"
        table = Table.create(table_id, replace(config, name=name), at=at, owner_hash=token_hash(owner))
        await room.store.append(table_id, table.take_unsaved())
        room.hosts[table_id] = host = TableHost(room, table)
        host.start()
    tournament = room.tournaments[ids[0]] = Tournament(room, rules, config.name)
    for index in range(bots):
        await tournament.enter(f"{BOT_NAMES[index]} (bot)", token_hash=None, bot=config.bot_level)
    if room.sharing is not None:
        await room.sharing.publish()
    return {"tournament": ids[0], "tables": ids, "invite": f"/tournament/{ids[0]}", "owner_token": owner}
