"""A club's standings: each member's running net over the nights filed under the club, the nights
themselves, and the season's graph, as JSON (``GET /api/clubs/<club>``) and as CSV.

Every figure is a sum of the nights' own ledgers as they were filed: a member's net is the sum of
their nets at the nights they played; what the guests, the bots and the house won or lost is one
more line (``others``), so that the column of every night, and of the season, sums to zero.

>>> from homegame.room.club import Club, FiledNight, NightLine
>>> club = Club.create("c1", "Friday club", owner_hash="o", at=0.0)
>>> _ = club.add_member("ann", key_hash="a", at=0.0), club.add_member("bob", key_hash="b", at=0.0)
>>> _ = club.file(FiledNight("t1", "Friday", 86400.0, 12, (NightLine("ann", 1, False, 30),
...     NightLine("bob", 2, False, -10), NightLine("dave", None, False, -20))), at=86400.0)
>>> print(club_csv(club), end="")
member,nights,net,1. Friday (1970-01-02)
ann,1,30,30
bob,1,-10,-10
"others (guests, bots, the house)",1,-20,-20
"""

from __future__ import annotations

import csv
import io
import time
from typing import Any, Final

from homegame.room.club import Club, FiledNight

__all__ = ["OTHERS", "club_csv", "club_json", "standings"]

OTHERS: Final = "others (guests, bots, the house)"
"""The standings' line for every name that was no member of the club."""


def _day(at: float) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(at))


def night_label(number: int, night: FiledNight) -> str:
    """How a night is named in the standings: its number in the season, name and day."""
    return f"{number}. {night.name} ({_day(night.closed_at)})"


def standings(club: Club) -> list[dict[str, Any]]:
    """Each member's line (``id``, ``name``, ``nights`` played, ``net`` and ``by_night``: their
    net at each filed night, ``None`` where they did not play), best net first, then the others'."""
    def blank(number: int | None, name: str, since: float) -> dict[str, Any]:
        return {"id": number, "name": name, "since": since, "nights": 0, "net": 0,
                "by_night": [None] * len(club.nights)}
    lines = {member.id: blank(member.id, member.name, member.since) for member in club.members.values()}
    others = blank(None, OTHERS, club.created_at)
    for index, night in enumerate(club.nights):
        for line in night.lines:
            target = lines[line.member] if line.member is not None else others
            if target["by_night"][index] is None:
                target["by_night"][index] = 0
                target["nights"] += 1
            target["by_night"][index] += line.net
            target["net"] += line.net
    ranked = sorted(lines.values(), key=lambda found: (-found["net"], found["name"].casefold()))
    return ranked + ([others] if others["nights"] else [])


def _graph(club: Club, lines: list[dict[str, Any]]) -> dict[str, Any]:
    """The running net of each member who has played, night by night (night 0: the season's
    start, at 0)."""
    players = []
    for line in lines:
        if line["id"] is None or not line["nights"]:
            continue
        running, points = 0, [[0, 0]]
        for index, net in enumerate(line["by_night"], start=1):
            running += net or 0
            points.append([index, running])
        players.append({"name": line["name"], "points": points})
    return {"nights": len(club.nights), "players": players}


def club_json(club: Club) -> dict[str, Any]:
    """The club as its page shows it (its schema is in docs/protocol.md)."""
    lines = standings(club)
    nights = [{"number": number, "label": night_label(number, night), **night.to_json()}
              for number, night in enumerate(club.nights, start=1)]
    return {"club": club.id, "name": club.name, "created_at": club.created_at,
            "members": [line for line in lines if line["id"] is not None],
            "others": next((line for line in lines if line["id"] is None), None),
            "nights": nights, "graph": _graph(club, lines)}


def club_csv(club: Club) -> str:
    """The standings as CSV: one row a member (then the others'), their nights, net, and their
    net at each night (empty where they did not play)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["member", "nights", "net"]
                    + [night_label(number, night) for number, night in enumerate(club.nights, start=1)])
    for line in standings(club):
        writer.writerow([line["name"], line["nights"], line["net"]]
                        + ["" if net is None else net for net in line["by_night"]])
    return out.getvalue()
