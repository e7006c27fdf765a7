"""What the terminal says of a card-room table, from the ``state`` the room sends: the seats, what
the table is doing, a hand's result, the ledger.

Plain functions of the room's JSON, so :mod:`homegame.cli.remote` stays the loop that shows and
asks, and the words can be tested on their own.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from homegame.render import Style
from homegame.wording import counted

__all__ = ["in_hand", "ledger_text", "named", "phase_line", "result_line", "seat_lines", "stakes_text",
           "time_left", "top_up", "tournament_line"]


def _placed(place: int | None) -> str:
    """A place in words: ``1st``, ``2nd``, ``in play`` (not placed yet).

    >>> _placed(1), _placed(12), _placed(None)
    ('1st', '12th', 'in play')
    """
    if place is None:
        return "in play"
    tail = "th" if 10 < place % 100 < 14 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{tail}"


def named(look: Style, state: dict[str, Any]) -> Style:
    """``look`` calling the hand's other seats by their players' names."""
    table, hand = state["table"], state["table"]["hand"]
    if not hand:
        return look
    seats = [table["seats"][seat] for seat in hand["seats"]]
    mine = state["you"]["seat"]
    return replace(look, seat_names=tuple(seat["name"] if seat and seat["seat"] != mine else ""
                                           for seat in seats))


def in_hand(state: dict[str, Any]) -> bool:
    """Whether the connection's seat is dealt in the hand in play, which is not over yet."""
    hand = state["table"]["hand"]
    return bool(hand) and not hand["over"] and state["you"]["player"] is not None


def time_left(state: dict[str, Any], waited: float = 0.0) -> int | None:
    """Whole seconds left on the seat's own clock, ``waited`` seconds after the state arrived
    (``None`` when no clock runs for it)."""
    seat = state["you"]["seat"]
    mine = state["table"]["seats"][seat] if seat is not None else None
    if mine is None or mine["deadline"] is None:
        return None
    left: float = mine["deadline"] - state["now"] - waited
    return max(0, round(left))


def seat_lines(state: dict[str, Any]) -> list[str]:
    """The table's seats: name, stack, and who is dealt in, to act (a bot: thinking), away or
    sitting out."""
    table, now = state["table"], state["now"]
    hand, view = table["hand"], state["view"]
    players = {seat: player for player, seat in enumerate(hand["seats"])} if hand else {}
    acting = set(view["to_act"]) if view and hand and not hand["over"] else set()
    lines = []
    for seat in table["seats"]:
        if seat is None:
            continue
        marks = []
        player = players.get(seat["seat"])
        if player is not None:
            marks.append("in this hand")
        if seat["seat"] == table["button"]:
            marks.append("dealer")
        if seat["deadline"] is not None:
            doing = "to call the game" if table["phase"] == "choosing" else "to act"
            bank = " on the time bank" if seat.get("on_time_bank") else ""
            marks.append(f"{doing}, {max(0, round(seat['deadline'] - now))} s{bank}")
        elif seat["bot"] and player in acting:
            marks.append("thinking")
        if table.get("config", {}).get("time_bank") and not seat["bot"]:
            marks.append(f"time bank {int(seat.get('time_bank', 0))} s")
        if seat["sitting_out"]:
            marks.append("sitting out")
        elif not seat["connected"]:
            marks.append("away")
        you = " (you)" if seat["seat"] == state["you"]["seat"] else ""
        marked = f" · {', '.join(marks)}" if marks else ""
        lines.append(f"  {seat['name']}{you}: {counted(seat['stack'], 'chip')}{marked}")
    return lines


def result_line(state: dict[str, Any]) -> str:
    """The finished hand's result in chips, as ``homegame play`` says it (``""`` before the end).

    >>> seats = [{"seat": 0, "name": "ann"}, {"seat": 1, "name": "bob"}]
    >>> table = {"seats": seats, "hand": {"number": 3, "seats": [1, 0], "chips": [-4, 4]}}
    >>> result_line({"table": table, "you": {"seat": 0}})
    'Hand 3: bob -4, you +4.'
    """
    table = state["table"]
    hand = table["hand"]
    if not hand or hand.get("chips") is None:
        return ""
    mine = state["you"]["seat"]
    parts = ", ".join(f"{'you' if seat == mine else table['seats'][seat]['name']} {chips:+d}"
                      for seat, chips in zip(hand["seats"], hand["chips"], strict=True)
                      if table["seats"][seat] is not None)
    return f"Hand {hand['number']}: {parts}." if parts else ""


def phase_line(state: dict[str, Any]) -> str:
    """What the table is doing, in words."""
    table = state["table"]
    phase = table["phase"]
    if phase == "choosing" and table["chooser"] is not None:
        caller = table["seats"][table["chooser"]]
        return f"Dealer's choice: {caller['name'] if caller else 'the dealer'} calls the next game."
    if phase == "between":
        return "The next deal of this game comes in a moment."
    if phase == "waiting":
        return "Waiting for players who can be dealt in." + _short_of_chips(state)
    if phase == "closed":
        return "The table is closed."
    tournament = table.get("tournament")
    if tournament:
        return tournament_line(tournament, state["now"])
    closing = " The table closes when this hand ends." if table.get("closing") else ""
    bomb = " A bomb pot is called for the next hand." if table.get("bomb_pot_called") else ""
    return f"Hands played: {table['hands_played']}.{bomb}{closing}"


def tournament_line(info: dict[str, Any], now: float) -> str:
    """Where a tournament stands, in words: its entries before the start, then its level, the time
    to the next (or to the end of a break) and the players left.

    >>> info = {"finished": False, "started_at": 0.0, "on_break": False, "level": 2, "changes_at": 95.0,
    ...         "stakes": {"small_blind": 2, "big_blind": 4, "ante": 2}, "next_stakes": {}, "players_left": 5}
    >>> tournament_line(info, now=20.0)
    'Tournament level 2: blinds 2/4, ante 2; the next level in 75 s; 5 players left.'
    """
    if info["finished"]:
        return "The tournament is over."
    if info["started_at"] is None:
        return (f"Tournament: {info['entries']} of {info['entrants']} entries; it starts when they are "
                "all in.")
    left = f"{counted(info['players_left'], 'player')} left"
    seconds = max(0, round(info["changes_at"] - now))
    if info["on_break"]:
        return f"Tournament break: play resumes in {seconds} s; {left}."
    later = f"the next level in {seconds} s" if info["next_stakes"] is not None else "the last level"
    return f"Tournament level {info['level']}: {stakes_text(info['stakes'])}; {later}; {left}."


def stakes_text(stakes: dict[str, Any]) -> str:
    """A tournament level's stakes in words.

    >>> stakes_text({"small_blind": 1, "big_blind": 2, "ante": 1, "bet": 2})
    'blinds 1/2, ante 1, bets 2'
    """
    parts = []
    if "big_blind" in stakes:
        parts.append(f"blinds {stakes.get('small_blind', 0)}/{stakes['big_blind']}")
    if "ante" in stakes:
        parts.append(f"ante {stakes['ante']}")
    if "bet" in stakes:
        parts.append(f"bets {stakes['bet']}")
    return ", ".join(parts)


def _short_of_chips(state: dict[str, Any]) -> str:
    """How a seat short of a buy-in plays on, at a table waiting for players who can be dealt in.

    >>> table = {"seats": [{"stack": 0}, {"stack": 40}, {"stack": -30}], "config": {"buy_in": 100}}
    >>> _short_of_chips({"table": table, "you": {"seat": 0}})
    " You have no chips: 'rebuy 100' buys you back in."
    >>> _short_of_chips({"table": table, "you": {"seat": 1}})
    " You have 40 chips: 'rebuy 60' tops you up to a buy-in."
    >>> _short_of_chips({"table": table, "you": {"seat": 2}})
    " You owe 30 chips: 'rebuy 130' brings you back to a buy-in."
    """
    seat, table = state["you"]["seat"], state["table"]
    mine = table["seats"][seat] if seat is not None else None
    if mine is None or mine["stack"] >= table["config"]["buy_in"]:
        return ""
    stack, chips = mine["stack"], top_up(state)
    if stack < 0:
        return f" You owe {counted(-stack, 'chip')}: 'rebuy {chips}' brings you back to a buy-in."
    if not stack:
        return f" You have no chips: 'rebuy {chips}' buys you back in."
    return f" You have {counted(stack, 'chip')}: 'rebuy {chips}' tops you up to a buy-in."


def top_up(state: dict[str, Any]) -> int:
    """The rebuy that brings the seat's stack to the table's buy-in (the most a rebuy may be)."""
    seat, table = state["you"]["seat"], state["table"]
    mine = table["seats"][seat] if seat is not None else None
    return int(table["config"]["buy_in"]) - (mine["stack"] if mine is not None else 0)


def ledger_text(ledger: dict[str, Any]) -> str:
    """The room's ledger in lines: what each player brought, took away and has now, each net, and
    who pays whom to settle up.

    >>> print(ledger_text({"lines": [{"name": "ann", "bought": 100, "cashed": 0, "stack": 130, "net": 30},
    ...                              {"name": "bob", "bought": 100, "cashed": 70, "stack": 0, "net": -30}],
    ...                    "settle_up": [{"payer": "bob", "payee": "ann", "chips": 30}]}))
    Ledger: ann bought 100, took 0, has 130, net +30 · bob bought 100, took 70, has 0, net -30
    To settle up: bob pays ann 30
    """
    if any("place" in line for line in ledger["lines"]):
        lines = " · ".join(f"{_placed(line['place'])} {line['name']}: entry {line['bought']}, "
                           f"prize {line['cashed']}, net {line['net']:+d}" for line in ledger["lines"])
        transfers = ", ".join(f"{t['payer']} pays {t['payee']} {t['chips']}" for t in ledger["settle_up"])
        return f"Standings: {lines}\nTo settle up: {transfers or 'once the tournament is over'}"
    lines = " · ".join(f"{line['name']} bought {line['bought']}, took {line['cashed']}, has {line['stack']}, "
                       f"net {line['net']:+d}" for line in ledger["lines"])
    transfers = ", ".join(f"{t['payer']} pays {t['payee']} {t['chips']}" for t in ledger["settle_up"])
    return f"Ledger: {lines}\nTo settle up: {transfers or 'everyone is even'}"
