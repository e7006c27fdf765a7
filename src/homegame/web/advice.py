"""What a seat may ask the room about its own decision before it takes it.

A player building a setting (Chinese Poker's three rows, Open-Face rows, Pai Gow's two hands) wants
to know, before sending it, whether it fouls and what each row makes; a player may also ask what
the game's best bot or solver would play. The page cannot answer either itself (it decides no
rule), so the room answers from the engine: :func:`check` asks the game, :func:`suggestion` asks the
bot. Both answer a seat about its own cards only, from its own view, and change nothing.

>>> from homegame.room.config import TableConfig
>>> table = Table.create("t", TableConfig.from_json({"name": "n", "games": ["chinese"], "bots": 1}), at=0.0)
>>> seat = table.join("ann", token_hash="h", at=0.0)
>>> table.deal(at=0.0, shuffle=list)  # its one game, which no one calls, from an unshuffled deck
>>> table.hand.state.view(table.hand.player_of(seat)).hand
(5c, 4s, 4h, 4d, 4c, 3s, 3h, 3d, 3c, 2s, 2h, 2d, 2c)
>>> answer = check(table, seat, {"kind": "set", "groups": [["4s", "4h", "4d"], ["5c", "4c", "3s", "3h", "2s"],
...                                                        ["3d", "3c", "2h", "2d", "2c"]]})
>>> answer["legal"], answer["warning"]
(True, 'the middle is weaker than the front, so all three rows would lose')
>>> answer["names"]
['three of a kind, fours', 'a pair of threes', 'full house, twos over threes']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from homegame.engine import Action
from homegame.errors import NotAllowed, RoomError
from homegame.games import chinese, family_of, foul_warning
from homegame.room.hands import HandInPlay
from homegame.room.table import Table

if TYPE_CHECKING:
    from homegame.room.service import CardRoom

__all__ = ["check", "suggestion"]
_BEST: Final = "best"


def _deciding(table: Table, seat: int | None) -> tuple[HandInPlay, int]:
    """The hand in play and ``seat``'s place in it; a refusal for a spectator or a seat not dealt in."""
    if seat is None:
        raise NotAllowed("only a seat may ask about its own cards: send the seat's token")
    hand = table.hand
    player = hand.player_of(seat) if hand is not None else None
    if hand is None or player is None or hand.state.is_over:
        raise RoomError("you are not playing a hand now")
    return hand, player


def check(table: Table, seat: int | None, data: Any) -> dict[str, Any]:
    """What the game says of ``seat`` taking the action ``data`` (its JSON form) now: whether it
    is legal (and why not), the foul it would make (``""``: none), and the rows' names where the
    game names rows before a setting is taken."""
    hand, player = _deciding(table, seat)
    action = Action.from_json(data)
    state = hand.state
    actions = state.legal_actions(player)
    legal = action in actions
    return {"legal": legal, "why": "" if legal else state.explain_illegal(player, action),
            "warning": foul_warning(state.view(player), action, actions), "names": _row_names(hand, action)}


def _row_names(hand: HandInPlay, action: Action) -> list[str]:
    """Chinese Poker's rows of a whole setting, named as the game names them."""
    if family_of(hand.game.name) != "chinese" or [len(g) for g in action.groups] != [3, 5, 5]:
        return []
    first = chinese.setting_hint(action.groups).splitlines()[0]
    return [part.split(": ", 1)[-1] for part in first.split("; ")]


async def suggestion(room: CardRoom, table: Table, seat: int | None) -> dict[str, Any]:
    """The action the game's best bot (a solver where the game has one) would take for ``seat``
    now, from what the seat knows only (the pool hands the bot the seat's resample), thought out
    in the room's bot pool."""
    hand, player = _deciding(table, seat)
    state = hand.state
    if player not in state.to_act:
        raise RoomError("it is not your turn to act")
    seq = table.seq
    action = await room.bots.decide(hand.game.name, _BEST, state, player)
    return {"action": action.to_json(), "seq": seq}
