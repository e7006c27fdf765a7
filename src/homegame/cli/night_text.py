"""A night's ledger and statistics as the terminal shows them: plain aligned columns.

>>> ledger = {"lines": [{"name": "ann", "buy_in": 100, "rebuys": 0, "top_ups": 50, "adjustments": 0,
...                      "bought": 150, "cashed": 0, "stack": 190, "net": 40},
...                     {"name": "bob", "buy_in": 100, "rebuys": 0, "top_ups": 0, "adjustments": 0,
...                      "bought": 100, "cashed": 60, "stack": 0, "net": -40}],
...           "settle_text": "Friday, settle-up after 9 hands:\\nbob pays ann 40 chips"}
>>> print("\\n".join(ledger_lines(ledger)))
name  buy-in  rebuys  top-ups  adjusted  brought  took away  in front  net
ann      100       0       50         0      150          0       190  +40
bob      100       0        0         0      100         60         0  -40
<BLANKLINE>
Friday, settle-up after 9 hands:
bob pays ann 40 chips
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["columns", "ledger_lines", "stats_lines"]


def columns(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows as aligned text: the first column to the left, the others (numbers) to the right."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    def line(row: Sequence[str]) -> str:
        cells = zip(row, widths, strict=True)
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(cells)).rstrip()
    return [line(row) for row in rows]


def ledger_lines(ledger: dict[str, Any]) -> list[str]:
    """The ledger's lines and the settle-up (``GET .../ledger?format=json``'s answer) as text."""
    rows = [["name", "buy-in", "rebuys", "top-ups", "adjusted", "brought", "took away", "in front", "net"]]
    for line in ledger["lines"]:
        rows.append([line["name"], *(str(line[k]) for k in ("buy_in", "rebuys", "top_ups", "adjustments",
                                                               "bought", "cashed", "stack")),
                     f"{line['net']:+d}"])
    return [*columns(rows), "", *ledger["settle_text"].splitlines()]


def _share(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def _ratio(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def _row(name: str, figures: dict[str, Any]) -> list[str]:
    return [name, str(figures["dealt"]), str(figures["played"]), f"{figures['chips']:+d}",
            f"{figures['showdowns_won']}/{figures['showdowns']}", _share(figures["vpip_share"]),
            _share(figures["raised_first_share"]), _ratio(figures["aggression"])]


def stats_lines(stats: dict[str, Any], *, by_game: bool = False) -> list[str]:
    """Each player's figures for the night (and, ``by_game``, for each game) as text."""
    head = ["player", "hands", "played", "chips", "showdowns won", "VPIP", "raised 1st", "aggression"]
    lines = [f"{stats['name']}: {stats['hands_played']} hands", ""]
    lines += columns([head, *(_row(p["name"], p["total"]) for p in stats["players"])])
    if by_game:
        games = sorted({game for p in stats["players"] for game in p["games"]})
        for game in games:
            rows = [_row(p["name"], p["games"][game]) for p in stats["players"] if game in p["games"]]
            title = next(p["games"][game]["title"] for p in stats["players"] if game in p["games"])
            lines += ["", title, *columns([head, *rows])]
    lines += ["", "VPIP: put chips in by choice in the first betting round; raised 1st: raised in it; "
              "aggression: bets and raises for each call (docs/night.md)."]
    return lines
