"""A night's statistics, per player and per game, and every player's stack hand by hand.

Each hand's figures come from the engine (:func:`homegame.analysis.hand_stats.hand_figures`,
which reads the hand again from its full history); here they are only added up by the name that
sat in each seat. Every figure is defined once, in docs/night.md:

- ``dealt``, ``played``: hands dealt, and hands the player did not fold in the first betting round;
- ``chips``: chips won (below zero: lost) in the game's hands;
- ``showdowns``, ``showdowns_won``: hands still contested at their end with the player in them,
  and those of them the player won chips in;
- in the betting games (``betting_hands`` of them): ``vpip`` and ``raised_first``, hands the
  player put chips in by choice, and raised, in the first betting round, with their shares
  ``vpip_share`` and ``raised_first_share``; ``raises`` and ``calls`` in every betting round, and
  ``aggression``, raises for each call.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from homegame.analysis.hand_stats import HandFigures, hand_figures
from homegame.games import GAMES
from homegame.room.night import Night

__all__ = ["chip_graph", "stats_json"]

_COUNTS: Final = ("dealt", "played", "chips", "showdowns", "showdowns_won", "betting_hands", "vpip",
                  "raised_first", "raises", "calls")


def _counts(figures: Iterable[HandFigures]) -> dict[str, Any]:
    """The figures of a player's hands added up, with the shares they make."""
    total: dict[str, Any] = dict.fromkeys(_COUNTS, 0)
    for f in figures:
        for name, value in (("dealt", 1), ("played", f.played), ("chips", f.chips), ("showdowns", f.showdown),
                            ("showdowns_won", f.won_showdown), ("betting_hands", f.betting),
                            ("vpip", f.vpip), ("raised_first", f.raised_first), ("raises", f.raises),
                            ("calls", f.calls)):
            total[name] += int(value)
    betting = total["betting_hands"]
    total["vpip_share"] = total["vpip"] / betting if betting else None
    total["raised_first_share"] = total["raised_first"] / betting if betting else None
    total["aggression"] = total["raises"] / total["calls"] if total["calls"] else None
    return total


def stats_json(night: Night) -> dict[str, Any]:
    """The night's statistics (``GET /api/tables/<table>/stats``; its schema is in
    docs/protocol.md): each player's figures by game and in all, and the chip graph."""
    by_player: dict[str, dict[str, list[HandFigures]]] = {}
    for hand in night.hands:
        figures = hand_figures(hand.hand.state.history, hand.chips)
        for player, name in enumerate(hand.names):
            by_player.setdefault(name, {}).setdefault(hand.game, []).append(figures[player])
    players = []
    for name, games in by_player.items():
        players.append({"name": name, "bot": name in night.bots,
                        "games": {game: {"title": GAMES[game].title, **_counts(figures)}
                                  for game, figures in sorted(games.items())},
                        "total": _counts(f for figures in games.values() for f in figures)})
    return {"table": night.table.id, "name": night.table.config.name, "hands_played": len(night.hands),
            "players": players, "graph": chip_graph(night)}


def chip_graph(night: Night) -> dict[str, Any]:
    """Every player's stack, hand by hand: ``points`` of ``[hand, stack]`` from the hand count at
    which they sat down (with what they brought) to the last hand they saw settled; a gap in the
    hand numbers is a time they were away from the table."""
    series: dict[str, list[list[int]]] = {}
    for entry in night.entries:
        if entry.kind == "buy_in" and entry.name not in series:
            series[entry.name] = [[night.joined.get(entry.name, 0), entry.chips]]
    for hand in night.hands:
        for name, stack in hand.stacks.items():
            points = series.setdefault(name, [])
            if points and points[-1][0] == hand.number:
                points[-1][1] = stack
            else:
                points.append([hand.number, stack])
    return {"hands": len(night.hands),
            "players": [{"name": name, "bot": name in night.bots, "points": points}
                        for name, points in series.items()]}
