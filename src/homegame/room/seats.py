"""Who sits at a card-room table, and the ledger of the chips they brought and took away.

A :class:`Seat` is a player (or a bot) in a chair: a name, a stack that carries from game to game,
whether they sit out, the clock's count of turns they let run out, and the last intents they sent
(so a message sent twice is taken once). The :class:`Ledger` counts chips in and out by name, so a
player who leaves and comes back keeps one line, and its nets settle up at the end of the night.

>>> ledger = Ledger()
>>> ledger.buy_in("ann", 100); ledger.buy_in("bob", 100); ledger.cash_out("ann", 150)
>>> ledger.nets({"bob": 50})
{'ann': 50, 'bob': -50}
"""

from __future__ import annotations

import hmac
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

__all__ = ["HOUSE", "INTENTS_KEPT", "Ledger", "Seat"]

HOUSE: Final = "the house"
"""The ledger's name for chips no player holds: Pai Gow's house bank, a pot carried to the next hand."""

INTENTS_KEPT: Final = 256


@dataclass
class Seat:
    """A chair at the table and who sits in it."""

    name: str
    token_hash: str | None
    """The hash of the seat's token (``None`` for a bot, which needs none)."""
    bot: str | None
    """The kind of bot playing the seat (``None`` for a person)."""
    stack: int
    sitting_out: bool = False
    leaving: bool = False
    timeouts: int = 0
    intents: OrderedDict[str, int] = field(default_factory=OrderedDict)
    """The last intents the seat sent, each with the event it made (see :meth:`remember`)."""
    joined_after: int = 0
    """The hands the table had played when this player sat down: the seat's earlier hands were
    another player's, and their cards are not this one's to see."""
    away_from: int = 0
    """While the seat sits out, the first hand whose turns are played for it at once: the hand in
    play when the clock sat it out, the next one when its player asked to sit out."""
    rebuy: int = 0
    """Chips the player asked to rebuy during a hand they play, added when it ends."""
    chips_asked: int = 0
    """Chips the player asked for at a table whose host approves rebuys, until the host answers."""
    time_bank: float = 0.0
    """Seconds left in the player's time bank (see ``TableConfig.time_bank``)."""
    code: list[Any] | None = None
    """The seat's code for another device, ``[hash, expires]``, until it is claimed (see
    :mod:`homegame.room.devices`)."""
    devices: list[str] = field(default_factory=list)
    """The hashes of the tokens of the other devices the seat was claimed on: each opens it too."""

    def opens_with(self, hashed: str) -> bool:
        """Whether a token of this hash opens the seat (its first device's, or another's)."""
        kept = [self.token_hash, *self.devices] if self.token_hash else []
        return any(hmac.compare_digest(token, hashed) for token in kept)

    def remember(self, intent: str, seq: int) -> None:
        """Keep ``intent`` (sent by the seat and taken as event ``seq``) among the last few."""
        self.intents[intent] = seq
        while len(self.intents) > INTENTS_KEPT:
            self.intents.popitem(last=False)

    def checkpoint(self) -> dict[str, Any]:
        return {"name": self.name, "token": self.token_hash, "bot": self.bot, "stack": self.stack,
                "sitting_out": self.sitting_out, "leaving": self.leaving, "timeouts": self.timeouts,
                "intents": [[intent, seq] for intent, seq in self.intents.items()],
                "joined_after": self.joined_after, "away_from": self.away_from, "rebuy": self.rebuy,
                "chips_asked": self.chips_asked, "time_bank": self.time_bank, "code": self.code,
                "devices": self.devices}

    @classmethod
    def from_checkpoint(cls, data: dict[str, Any]) -> Seat:
        return cls(data["name"], data["token"], data["bot"], data["stack"], data["sitting_out"],
                   data["leaving"], data["timeouts"], OrderedDict((i, s) for i, s in data["intents"]),
                   data.get("joined_after", 0), data.get("away_from", 0), data.get("rebuy", 0),
                   data.get("chips_asked", 0), data.get("time_bank", 0.0), data.get("code"),
                   list(data.get("devices", ())))

    def to_json(self) -> dict[str, Any]:
        """What every seat and spectator may know of this seat."""
        return {"name": self.name, "bot": self.bot, "stack": self.stack, "sitting_out": self.sitting_out,
                "leaving": self.leaving, "rebuy": self.rebuy, "chips_asked": self.chips_asked,
                "time_bank": self.time_bank}


@dataclass
class Ledger:
    """Chips brought to the table (buy-ins, rebuys) and taken from it, by name, and the house's net."""

    bought: dict[str, int] = field(default_factory=dict)
    cashed: dict[str, int] = field(default_factory=dict)
    house: int = 0
    bots: set[str] = field(default_factory=set)
    """The bots' names: they play the house's chips, so they settle up as the house."""
    adjustments: list[dict[str, Any]] = field(default_factory=list)
    """Stacks the host put right: each ``{"name", "chips", "reason", "at"}`` (chips added above
    zero, taken below), already counted in what was brought and taken away."""

    def buy_in(self, name: str, chips: int, *, bot: bool = False) -> None:
        self.bought[name] = self.bought.get(name, 0) + chips
        self.cashed.setdefault(name, 0)
        if bot:
            self.bots.add(name)

    def cash_out(self, name: str, chips: int) -> None:
        self.cashed[name] = self.cashed.get(name, 0) + chips

    def checkpoint(self) -> dict[str, Any]:
        return {"bought": self.bought, "cashed": self.cashed, "house": self.house, "bots": sorted(self.bots),
                "adjustments": self.adjustments}

    @classmethod
    def from_checkpoint(cls, data: dict[str, Any]) -> Ledger:
        return cls(dict(data["bought"]), dict(data["cashed"]), data["house"], set(data.get("bots", ())),
                   [dict(line) for line in data.get("adjustments", ())])

    def nets(self, stacks: Mapping[str, int]) -> dict[str, int]:
        """Each name's net (chips taken away and still in front of them, less chips brought), and
        the house's where it is not zero; they sum to zero."""
        nets = {name: self.cashed.get(name, 0) + stacks.get(name, 0) - bought
                for name, bought in self.bought.items()}
        if self.house:
            nets[HOUSE] = self.house
        return nets

    def settlement(self, stacks: Mapping[str, int]) -> dict[str, int]:
        """The nets that settle up: each person's, and the house's with its bots' won or lost.

        >>> ledger = Ledger(); ledger.buy_in("ann", 100); ledger.buy_in("Ada (bot)", 100, bot=True)
        >>> ledger.settlement({"ann": 60, "Ada (bot)": 140})
        {'ann': -40, 'the house': 40}
        """
        nets = self.nets(stacks)
        house = sum(nets.pop(name) for name in self.bots if name in nets) + nets.pop(HOUSE, 0)
        return {**nets, HOUSE: house} if house else nets

    def to_json(self, stacks: Mapping[str, int]) -> list[dict[str, Any]]:
        """One line a name: brought, taken away, in front of them now, and net."""
        nets = self.nets(stacks)
        lines = [{"name": name, "bought": bought, "cashed": self.cashed.get(name, 0),
                  "stack": stacks.get(name, 0), "net": nets[name], "bot": name in self.bots}
                 for name, bought in self.bought.items()]
        if self.house:
            lines.append({"name": HOUSE, "bought": 0, "cashed": 0, "stack": 0, "net": self.house,
                          "bot": False})
        return lines
