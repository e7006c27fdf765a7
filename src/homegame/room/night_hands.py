"""The night's hand histories as each person may have them, one JSON object a hand (JSON lines).

A player's record of a hand holds the hand's history as their seat saw it: the events the
engine let that seat see (its own cards, every card shown at the table, every public action) under
a header without the deck order, and the seat's view at the hand's end, which the page's history
viewer draws. A folded hand is never shown, so no card of another seat that the table did not see
is in it. The host's record, once the table has closed, holds the full history (the deck order and
every private event): the hand exactly as it was dealt and played, to replay through the engine.

Every record also says who sat where (``names``, by game seat), the table seats, and the chips each
game seat won or lost, so that a replay can be checked against what the table paid.
"""

from __future__ import annotations

import json
from typing import Any

from homegame.room.night import Night, NightHand

__all__ = ["hand_record", "histories_jsonl"]


def hand_record(night: Night, hand: NightHand, player: int | None, *, full: bool = False) -> dict[str, Any]:
    """Hand ``hand`` as game seat ``player`` saw it (``None``: as a spectator did), or, ``full``,
    the whole of it (its history with the deck; its view still a spectator's)."""
    state = hand.hand.state
    history = state.history if full else state.history.as_seen_by(player)
    table = night.table
    return {"table": table.id, "table_name": table.config.name, "number": hand.number, "game": hand.game,
            "title": hand.hand.game.title, "at": hand.at, "seats": list(hand.hand.seats),
            "names": list(hand.names), "player": player, "full": full, "chips": list(hand.chips),
            "points_rate": hand.hand.points_rate(table.config.points_rate),
            "view": state.view(player).to_json(), "history": history.to_json()}


def histories_jsonl(night: Night, *, token_hash: str | None = None, full: bool = False) -> str:
    """Every hand the holder of a seat token (by its hash) was dealt, as their seat saw it, or
    (``full``) every hand of the night as it was: one JSON object a line."""
    if full:
        records = [hand_record(night, hand, None, full=True) for hand in night.hands]
    else:
        assert token_hash is not None, "a player's hands are those of their token"
        records = [hand_record(night, hand, player) for hand, player in night.hands_of(token_hash)]
    return "".join(json.dumps(record, separators=(",", ":")) + "\n" for record in records)
