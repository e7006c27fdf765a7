"""What keeps one visitor from filling a card room open to the internet, and the room's log of
what it refused.

:class:`RoomLimits` holds the room's limits: the tables one client address may make in an hour,
and the open tables the room holds at once (the seat requests a table keeps waiting is the
table's own limit, :data:`~homegame.room.table.MOST_REQUESTS`). Each refusal says which limit, and
when to try again. The :func:`refused` log line is what a host reads to see who was turned away:
a client's address and what it tried, never a token.

>>> limits = RoomLimits(tables_per_hour=2)
>>> for now in (0.0, 1.0):
...     limits.make_table("203.0.113.5", now=now, open_tables=0)
>>> limits.make_table("203.0.113.5", now=2.0, open_tables=0)
Traceback (most recent call last):
...
homegame.room.limits.OverLimit: this address has made 2 tables in the last hour, the most it may: ...
"""

from __future__ import annotations

import logging
from collections import deque
from dataclasses import dataclass, field
from typing import Final

from homegame.errors import RoomError

__all__ = ["HOUR", "OverLimit", "RoomLimits", "refused"]

HOUR: Final = 3600.0
_LOG = logging.getLogger("homegame.room.refused")


class OverLimit(RoomError):
    """A request over one of the room's limits (HTTP 429): the message says which, and when to try again."""


def refused(what: str, client: str, *args: object) -> None:
    """Log a refusal the host may want to know of: ``what`` (a %-format of ``args``) and the
    client's address. Never pass a token."""
    _LOG.warning("refused %s from %s", what % args if args else what, client or "an unknown address")


@dataclass
class RoomLimits:
    """The room's limits (see the module's docstring); ``tables_per_hour`` and ``open_tables``
    may be 0 for no limit."""

    tables_per_hour: int = 20
    open_tables: int = 500
    _made: dict[str, deque[float]] = field(default_factory=dict, repr=False)

    def make_table(self, client: str, *, now: float, open_tables: int) -> None:
        """Count a table ``client`` makes now; :class:`OverLimit` (nothing counted) past a limit."""
        if self.open_tables and open_tables >= self.open_tables:
            raise OverLimit(f"the room holds {open_tables} open tables, the most it may: try again when "
                            "one has closed")
        if not self.tables_per_hour:
            return
        made = self._made.setdefault(client, deque())
        while made and made[0] <= now - HOUR:
            made.popleft()
        if len(made) >= self.tables_per_hour:
            wait = max(1, round((made[0] + HOUR - now) / 60))
            raise OverLimit(f"this address has made {len(made)} tables in the last hour, the most it may: "
                            f"try again in {wait} minutes")
        made.append(now)
        if len(self._made) > 10_000:  # forget the quietest addresses rather than grow without end
            for quiet in [key for key, times in self._made.items() if not times or times[-1] <= now - HOUR]:
                del self._made[quiet]
