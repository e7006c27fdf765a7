"""How homegame words things in the text it shows: a number of things (one chip, two chips), and
the reader as "you" where the engine's text names their seat.

>>> counted(1, "point"), counted(0, "point"), counted(3, "deal"), counted(1, "time")
('1 point', '0 points', '3 deals', '1 time')
>>> seats_as_you("high half: seat 0 wins 57, beating two pair (seat 2)", 2)
'high half: seat 0 wins 57, beating two pair (yours)'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["agreeing", "capitalized", "counted", "listed", "seats_as_you", "seats_listed", "you_form"]


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` followed by ``noun``, made plural (``plural``, or ``noun`` + "s") unless the
    number is exactly one.

    >>> counted(2, "opponent"), counted(1, "unit"), counted(2, "pass", "passes")
    ('2 opponents', '1 unit', '2 passes')
    """
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def capitalized(text: str) -> str:
    """``text`` with its first letter a capital and the rest as it is (``str.capitalize`` would
    write a card's "A♦" as "a♦").

    >>> capitalized("seat 1 shows A♦"), capitalized("")
    ('Seat 1 shows A♦', '')
    """
    return text[:1].upper() + text[1:]


def listed(items: Sequence[str], last: str = "and") -> str:
    """Items as a sentence lists them: commas, and ``last`` ("and", or "or" for a choice) before
    the last.

    >>> listed(["20"]), listed(["20", "9"]), listed(["20", "9", "1"]), listed(["a", "b", "c"], "or")
    ('20', '20 and 9', '20, 9 and 1', 'a, b or c')
    """
    return f" {last} ".join([", ".join(items[:-1]), items[-1]] if len(items) > 1 else items)


def seats_listed(seats: Sequence[int]) -> str:
    """Seats as a sentence lists them, each as "seat N", so that every face can call each one by
    its player's name or "you".

    >>> seats_listed([3]), seats_listed([0, 2]), seats_listed([1, 2, 3])
    ('seat 3', 'seat 0 and seat 2', 'seat 1, seat 2 and seat 3')
    """
    return listed([f"seat {seat}" for seat in seats])


def you_form(who: str, rest: str) -> str:
    """``who`` and a verb phrase in the third person, agreeing: ``you_form("you", "takes it")``
    reads ``"you take it"``; any other subject keeps the phrase as it is.

    >>> you_form("you", "passes three cards"), you_form("you", "has won"), you_form("seat 1", "folds")
    ('you pass three cards', 'you have won', 'seat 1 folds')
    >>> you_form("you", "fouls: both hands lose")
    'you foul: both hands lose'
    """
    if who != "you":
        return f"{who} {rest}"
    verb, _, tail = rest.partition(" ")
    mark = verb[len(verb.rstrip(",:;.")):]
    return f"you {agreeing(who, verb[:len(verb) - len(mark)])}{mark} {tail}".rstrip()


def agreeing(who: str, verb: str) -> str:
    """A verb in the third person (``"shows"``) as it agrees with ``who``: as it is, or for "you"
    the plain form, where a subject stands apart from its verb ("you (low) show ...").

    >>> agreeing("you", "shows"), agreeing("you", "passes"), agreeing("you", "has"), agreeing("Ann", "shows")
    ('show', 'pass', 'have', 'shows')
    >>> agreeing("you", "does"), agreeing("you", "goes")
    ('do', 'go')
    """
    if who != "you":
        return verb
    irregular = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}
    if verb in irregular:
        return irregular[verb]
    if re.search(r"(ss|sh|ch|x)es$", verb):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def seats_as_you(text: str, viewer: int | None) -> str:
    """Engine reasons name seats ("seat 0 wins 7 ..."); the viewer's own seat reads as "you"."""
    if viewer is None:
        return text
    # the reader as the subject of a clause ("low half: seat 0 wins 7") takes "you" and its verb
    text = re.sub(rf"(^|[:;,] +)seat {viewer} (\S+)", lambda m: m[1] + you_form("you", m[2]), text)
    text = re.sub(rf"\(seat {viewer}\)", "(yours)", text)
    text = re.sub(rf"\bseat {viewer}'s\b", "your", text)
    return re.sub(rf"\bseat {viewer}\b", "you", text)
