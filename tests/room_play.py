"""Helpers that play a card-room table without a server: every seat acts at once, by a seeded
random choice or the seat's bot, and the table is checked after every event."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from homegame.bots import make_bot
from homegame.cards import Card
from homegame.room.table import Table


def seeded_shuffle(chooser: random.Random) -> Any:
    def shuffle(cards: Sequence[Card]) -> list[Card]:
        order = list(cards)
        chooser.shuffle(order)
        return order
    return shuffle


def snapshot(table: Table) -> str:
    """Everything a table holds, as text: two tables that print the same are the same table."""
    hand = table.hand
    return json.dumps({
        "seats": [None if s is None else s.checkpoint() for s in table.seats],
        "ledger": table.ledger.to_json(table.stacks_by_name()), "phase": table.phase, "button": table.button,
        "chooser": table.chooser, "deadlines": sorted(table.deadlines.items()), "wakes_at": table.wakes_at,
        "series": None if table.series is None else [table.series.game, table.series.variants,
                                                      table.series.carry, table.series.seats],
        "hand": None if hand is None else [hand.number, hand.seats, hand.state.history.to_json()],
        "chat": table.chat, "hands_played": table.hands_played,
    }, sort_keys=True, default=str)


def chips_balance(table: Table) -> None:
    ledger = table.ledger
    on_table = sum(s.stack for s in table.seats if s is not None)
    assert on_table + sum(ledger.cashed.values()) + ledger.house == sum(ledger.bought.values()), \
        "chips were made or lost"


def step(table: Table, chooser: random.Random, now: float, games: Sequence[str] | None = None) -> bool:
    """Make the table move once, as its players and the clock would; False when it cannot."""
    shuffle = seeded_shuffle(chooser)
    if table.phase == "choosing":
        assert table.chooser is not None
        opens = table.call_opens_at()
        if opens is not None and now < opens:
            return True  # the last hand stays on the table for its pause: time has to pass
        options = [g for g in table.choosable() if games is None or g in games] or table.choosable()
        game = options[chooser.randrange(len(options))]
        variants = list(table.config.choice(game).variants)
        chooser.shuffle(variants)
        table.choose(table.chooser, game, [], at=now, shuffle=shuffle)
        return True
    if table.phase == "between":
        table.deal(at=now, shuffle=shuffle)
        return True
    if table.phase == "waiting":
        short = [seat for seat, s in enumerate(table.seats) if s is not None and s.stack < 20]
        for seat in short:
            table.rebuy(seat, table.config.buy_in - table.seats[seat].stack, at=now)  # type: ignore[union-attr]
        return bool(short)
    if table.phase != "playing":
        return False
    hand = table.hand
    assert hand is not None
    player = hand.state.to_act[chooser.randrange(len(hand.state.to_act))]
    seat = hand.seats[player]
    legal = hand.state.legal_actions(player)
    occupant = table.seats[seat]
    assert occupant is not None
    if occupant.bot is not None:
        action = make_bot(hand.game.name, occupant.bot, seed=chooser.randrange(2**32)).act(
            hand.state.view(player), legal)
    else:
        action = legal[chooser.randrange(len(legal))]
    table.act(seat, action, intent=f"i{table.seq}", at=now)
    return True
