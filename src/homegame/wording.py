"""How homegame words a number of things in the text it shows: one chip, two chips.

>>> counted(1, "point"), counted(0, "point"), counted(3, "deal"), counted(1, "time")
('1 point', '0 points', '3 deals', '1 time')
"""

from __future__ import annotations

__all__ = ["counted"]


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` followed by ``noun``, made plural (``plural``, or ``noun`` + "s") unless the
    number is exactly one.

    >>> counted(2, "opponent"), counted(1, "unit"), counted(2, "pass", "passes")
    ('2 opponents', '1 unit', '2 passes')
    """
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
