"""What the card room's commands share: the answer when the room's packages are not installed."""

from __future__ import annotations

import sys


def room_missing(command: str, error: ImportError) -> int:
    """Say which of the room's packages is missing and how to install them; the exit status.

    >>> room_missing("serve", ModuleNotFoundError("no uvicorn", name="uvicorn"))
    2
    """
    print(f"homegame {command} needs the room's packages ({error.name} is missing): "
          "pip install 'homegame[room]'", file=sys.stderr)
    return 2
