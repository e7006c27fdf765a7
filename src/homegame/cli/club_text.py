"""A club's standings and nights as the terminal shows them (``homegame club show``).

>>> club = {"name": "Friday club", "members": [{"name": "ann", "nights": 2, "net": 40},
...                                            {"name": "bob", "nights": 1, "net": -10}],
...         "others": {"name": "others (guests, bots, the house)", "nights": 1, "net": -30},
...         "nights": [{"label": "1. First Friday (2026-11-27)", "hands_played": 30,
...                     "lines": [{"name": "ann", "member": 1, "net": 40}, {"name": "dave", "member": None,
...                                "net": -30}, {"name": "bob", "member": 2, "net": -10}]}]}
>>> print("\\n".join(club_lines(club)))
Friday club: 1 night, 2 members
member                            nights  net
ann                                    2  +40
bob                                    1  -10
others (guests, bots, the house)       1  -30
<BLANKLINE>
1. First Friday (2026-11-27), 30 hands: ann +40, bob -10, dave -30 (guest)
"""

from __future__ import annotations

from typing import Any

from homegame.cli.night_text import columns
from homegame.room.seats import HOUSE
from homegame.wording import counted

__all__ = ["club_lines"]


def club_lines(club: dict[str, Any]) -> list[str]:
    """The standings (``GET /api/clubs/<club>``'s answer), then each night's results, as text."""
    nights, members = counted(len(club["nights"]), "night"), counted(len(club["members"]), "member")
    lines = [f"{club['name']}: {nights}, {members}"]
    standings = club["members"] + ([club["others"]] if club["others"] else [])
    if not standings:
        return [*lines, "No members yet: homegame club add LINK NAME gives one a key."]
    lines += columns([["member", "nights", "net"]]
                     + [[line["name"], str(line["nights"]), f"{line['net']:+d}"] for line in standings])
    if club["nights"]:
        lines.append("")
    for night in club["nights"]:
        told = ", ".join(_result(line) for line in sorted(night["lines"], key=lambda line: -line["net"]))
        lines.append(f"{night['label']}, {counted(night['hands_played'], 'hand')}: {told}")
    return lines


def _result(line: dict[str, Any]) -> str:
    """A name's result at a night, saying who was not a member."""
    guest = line["member"] is None and line["name"] != HOUSE and not line.get("bot")  # a bot's name says so
    return f"{line['name']} {line['net']:+d}{' (guest)' if guest else ''}"
