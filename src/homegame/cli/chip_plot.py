"""The chip graph of a night (or a club's season) as a PNG, drawn with matplotlib, an optional
extra (``pip install 'homegame[plot]'``): the page draws the same graph itself, in SVG.

Each player is one line through their points (``[hand, chips]``); a gap in the hand numbers (a
time away from the table) breaks the line.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from homegame.errors import HomegameError

__all__ = ["plot_club", "plot_lines", "plot_night", "runs"]


def runs(points: Sequence[Sequence[int]]) -> list[list[Sequence[int]]]:
    """``points`` cut where the hand numbers skip, so each run is drawn as one line.

    >>> runs([[0, 100], [1, 90], [3, 120], [4, 80]])
    [[[0, 100], [1, 90]], [[3, 120], [4, 80]]]
    """
    cut: list[list[Sequence[int]]] = []
    for point in points:
        if cut and cut[-1][-1][0] + 1 == point[0]:
            cut[-1].append(point)
        else:
            cut.append([point])
    return cut


def plot_lines(players: list[dict[str, Any]], path: Path, *, title: str, x_label: str, y_label: str) -> None:
    """Draw each player's ``points`` as a line into the PNG at ``path``."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise HomegameError("drawing the graph needs matplotlib: pip install 'homegame[plot]'") from None
    figure, axes = plt.subplots(figsize=(9, 5), dpi=120)
    for index, player in enumerate(players):
        colour = f"C{index % 10}"
        for number, run in enumerate(runs(player["points"])):
            axes.plot([p[0] for p in run], [p[1] for p in run], color=colour, linewidth=1.8,
                      marker="o" if len(run) == 1 else None, label=player["name"] if number == 0 else None)
    axes.set_title(title)
    axes.set_xlabel(x_label)
    axes.set_ylabel(y_label)
    axes.grid(alpha=0.3)
    axes.legend(loc="best", fontsize="small")
    figure.tight_layout()
    try:
        figure.savefig(path, format="png")
    finally:
        plt.close(figure)


def plot_night(stats: dict[str, Any], path: Path) -> None:
    """The night's chip graph (``GET .../stats``'s ``graph``) into the PNG at ``path``."""
    plot_lines(stats["graph"]["players"], path, title=f"{stats['name']}: stacks hand by hand",
               x_label="hand", y_label="chips in front")


def plot_club(club: dict[str, Any], path: Path) -> None:
    """A club's season (``GET /api/clubs/<club>``'s ``graph``): each member's running net, night
    by night, into the PNG at ``path``."""
    plot_lines(club["graph"]["players"], path, title=f"{club['name']}: running net night by night",
               x_label="night", y_label="chips won or lost")
