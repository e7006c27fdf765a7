"""What a table's habits hold in one Pineapple hand: the straddle asked for or made, the board run
twice, the hands shown or mucked at the end.

They live in one object of the hand's rather than as fields of the state itself: most hands use
none of them, and a state with more than 30 fields loses plain Python's fast attribute access
(CPython shares one table of field names among a class's objects only up to 30 names; past it,
each object keeps a dictionary of its own and every field read on the state is a lookup in it).
That cost Pineapple 4.5% of a hand's instructions under random play; a test keeps every game's
state under the limit.

>>> habits = PineappleHabits()
>>> habits.straddling is None and habits.board2 == [] and habits.mucked == ()
True
"""

from __future__ import annotations

from homegame._compile import mypyc_attr
from homegame.cards import Card
from homegame.engine import Action
from homegame.engine.betting import BettingRound
from homegame.engine.habits import ShowOrMuck
from homegame.engine.pots import Chips
from homegame.engine.seats import SimultaneousChoice

__all__ = ["PineappleHabits"]


@mypyc_attr(allow_interpreted_subclasses=True)  # copy() makes one without __init__ (see _compile.py)
class PineappleHabits:
    """The habits' part of a hand: ``straddling`` the seat asked to straddle and ``pending`` the
    betting round waiting for its answer; ``straddler`` the seat that did; ``running`` the answers
    to running it twice, ``run_asked`` whether they were asked, ``board2`` the second run's board;
    ``showing`` the hands still to be shown or mucked, ``mucked`` the seats that mucked."""

    __slots__ = ("board2", "mucked", "pending", "run_asked", "running", "showing", "straddler", "straddling")

    def __init__(self) -> None:
        self.straddling: int | None = None
        self.pending: BettingRound | None = None
        self.straddler: int | None = None
        self.running: SimultaneousChoice[Action] | None = None
        self.run_asked = False
        self.board2: list[Card] = []
        self.showing: ShowOrMuck | None = None
        self.mucked: tuple[int, ...] = ()

    def copy(self, chips: Chips) -> PineappleHabits:
        """An independent copy for a copied hand, whose chips are ``chips``."""
        twin = PineappleHabits.__new__(PineappleHabits)  # no __init__: every field is set here
        twin.straddling, twin.straddler = self.straddling, self.straddler
        twin.pending = self.pending.copy(chips) if self.pending is not None else None
        twin.running = self.running.copy() if self.running is not None else None
        twin.run_asked, twin.board2 = self.run_asked, list(self.board2)
        twin.showing = self.showing.copy() if self.showing is not None else None
        twin.mucked = self.mucked
        return twin
