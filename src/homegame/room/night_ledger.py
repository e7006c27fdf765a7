"""A night's ledger to take home: each name's buy-in, rebuys, top-ups, adjustments, cash-out and
net, as JSON or CSV, and the settle-up as text to paste into a group chat.

The figures are those of the ledger the table keeps (:class:`~homegame.room.seats.Ledger`), split
by the entries of :mod:`homegame.room.night`: ``buy_in + rebuys + top_ups + adjustments`` is what a
name brought, ``net`` is what it took away and still has in front of it, less that; the nets, the
house's included, sum to zero.

>>> from homegame.room.config import TableConfig
>>> from homegame.room.night import read_night
>>> from homegame.room.table import Table
>>> table = Table.create("t1", TableConfig.from_json({"name": "Friday", "games": ["draw"]}), at=0.0)
>>> table.join("ann", token_hash="a", at=1.0), table.join("bob", token_hash="b", at=2.0)
(0, 1)
>>> print(ledger_csv(read_night("t1", table.take_unsaved())), end="")
name,bot,member,buy_in,rebuys,top_ups,adjustments,brought,cashed_out,in_front,net,settle_up
ann,no,,100,0,0,0,100,0,100,0,
bob,no,,100,0,0,0,100,0,100,0,
"""

from __future__ import annotations

import csv
import io
from typing import Any, Final

from homegame.room.night import ENTRY_KINDS, Night
from homegame.room.seats import HOUSE
from homegame.room.settle import Transfer, settle_up

__all__ = ["ledger_csv", "ledger_export", "settle_text"]

_COLUMNS: Final = {"buy_in": "buy_in", "rebuy": "rebuys", "top_up": "top_ups", "adjustment": "adjustments"}
"""Each kind of entry that brings chips, and the ledger line's field that adds them up."""
CSV_FIELDS: Final = ("name", "bot", "member", "buy_in", "rebuys", "top_ups", "adjustments", "brought",
                     "cashed_out", "in_front", "net", "settle_up")


def _transfers(night: Night) -> list[Transfer]:
    table = night.table
    return settle_up(table.ledger.settlement(table.stacks_by_name()))


def ledger_export(night: Night) -> dict[str, Any]:
    """The night's ledger as JSON (``GET /api/tables/<table>/ledger?format=json``; its schema is
    in docs/protocol.md)."""
    table = night.table
    stacks = table.stacks_by_name()
    nets = table.ledger.nets(stacks)
    lines = []
    for name, bought in table.ledger.bought.items():
        split = dict.fromkeys(_COLUMNS.values(), 0)
        for entry in night.entries:
            if entry.name == name and entry.kind in _COLUMNS:
                split[_COLUMNS[entry.kind]] += entry.chips
        member = night.members.get(name, {}).get("name")
        lines.append({"name": name, "bot": name in table.ledger.bots, "member": member, **split,
                      "bought": bought, "cashed": table.ledger.cashed.get(name, 0),
                      "stack": stacks.get(name, 0), "net": nets[name]})
    if table.ledger.house:
        lines.append({"name": HOUSE, "bot": False, "member": None, **dict.fromkeys(_COLUMNS.values(), 0),
                      "bought": 0, "cashed": 0, "stack": 0, "net": table.ledger.house})
    transfers = _transfers(night)
    return {"table": table.id, "name": table.config.name, "closed": night.closed,
            "hands_played": table.hands_played, "lines": lines,
            "entries": [entry.to_json() for entry in night.entries if entry.kind in ENTRY_KINDS],
            "settle_up": [transfer.to_json() for transfer in transfers], "settle_text": settle_text(night)}


def ledger_csv(night: Night) -> str:
    """The night's ledger as CSV: one row a name (the house's last, where it won or lost), what it
    brought by kind, took away, has in front of it, its net, and its part of the settle-up."""
    export = ledger_export(night)
    transfers = _transfers(night)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for line in export["lines"]:
        name = line["name"]
        writer.writerow([name, "yes" if line["bot"] else "no", line["member"] or "", line["buy_in"],
                         line["rebuys"], line["top_ups"], line["adjustments"], line["bought"], line["cashed"],
                         line["stack"], line["net"], _part_in(name, transfers, bot=line["bot"])])
    return out.getvalue()


def _part_in(name: str, transfers: list[Transfer], *, bot: bool) -> str:
    """What ``name`` pays and gets in the settle-up, in words (a bot's is the house's)."""
    if bot:
        return f"settled by {HOUSE}"
    pays = [f"{t.payee} {t.chips}" for t in transfers if t.payer == name]
    gets = [f"{t.payer} {t.chips}" for t in transfers if t.payee == name]
    parts = ([f"pays {', '.join(pays)}"] if pays else []) + ([f"gets from {', '.join(gets)}"] if gets else [])
    return "; ".join(parts)


def settle_text(night: Night) -> str:
    """Who pays whom, as lines to paste into a group chat.

    >>> from homegame.room.config import TableConfig
    >>> from homegame.room.night import read_night
    >>> from homegame.room.table import Table
    >>> table = Table.create("t1", TableConfig.from_json({"name": "Friday", "games": ["draw"]}), at=0.0)
    >>> table.join("ann", token_hash="a", at=1.0)
    0
    >>> print(settle_text(read_night("t1", table.take_unsaved())))
    Friday, so far (0 hands; the table is still open): everyone is square.
    """
    table = night.table
    hands = f"{table.hands_played} hand{'s' if table.hands_played != 1 else ''}"
    when = f"after {hands}" if night.closed else f"so far ({hands}; the table is still open)"
    transfers = _transfers(night)
    if not transfers:
        return f"{table.config.name}, {when}: everyone is square."
    lines = [f"{table.config.name}, settle-up {when}:"]
    lines += [f"{t.payer} pays {t.payee} {t.chips} chip{'s' if t.chips != 1 else ''}" for t in transfers]
    if table.ledger.bots:
        lines.append(f"({HOUSE} settles for the bots: they played its chips)")
    return "\n".join(lines)
