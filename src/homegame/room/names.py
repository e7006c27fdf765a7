"""The names people sit under at a card-room table, and when two of them are one name.

A name is shown to everyone at the table and keys its line in the ledger, so two people must never
sit under names a reader cannot tell apart: not ``Cat`` beside ``cat``, and not a Latin ``cat``
beside one spelt with a Cyrillic ``\u0430``. :func:`name_keys` gives the forms a name is compared by
(after Unicode's compatibility normalisation, NFKC): its case-folded form, and its *skeleton*,
each character replaced by the one every look-alike of it stands for. The look-alikes are
Unicode's own list of confusable characters (``confusables.txt`` of UTS #39), as the
``confusable_homoglyphs`` package ships it; two names are one name when they share a key.

>>> display_name("  ann   lee ")
'ann lee'
>>> same_name("cat", "Cat"), same_name("cat", "c\\u0430t"), same_name("cat", "cot")
(True, True, False)
>>> same_name("Ian", "lan"), same_name("b0b", "Bob")  # a capital I looks like a small l, 0 like O
(True, True)
"""

from __future__ import annotations

import functools
import json
import unicodedata
from collections.abc import Iterable
from importlib import resources
from typing import Final

from homegame.errors import RoomError, shown

__all__ = ["LONGEST_NAME", "display_name", "name_keys", "same_name", "skeleton", "taken_alike"]

LONGEST_NAME: Final = 24


def display_name(name: object) -> str:
    """``name`` as the table shows it: 1 to :data:`LONGEST_NAME` printable characters, a run of
    spaces inside as one and none at either end; :class:`RoomError` for anything else."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > LONGEST_NAME \
            or not name.isprintable():
        raise RoomError(f"a name is 1 to {LONGEST_NAME} printable characters, not {shown(name)}",
                        field="name")
    return " ".join(name.split())


def name_keys(name: str) -> frozenset[str]:
    """The forms ``name`` is compared by: case-folded, its skeleton, and the skeleton taken before
    and after case-folding (so ``Ian`` meets ``lan`` and ``ian`` alike, and ``b0b`` meets ``bob``)."""
    normal = unicodedata.normalize("NFKC", " ".join(name.split()))
    folded = normal.casefold()
    return frozenset({folded, skeleton(normal), skeleton(folded), skeleton(normal).casefold()})


def same_name(one: str, other: str) -> bool:
    """Whether ``one`` and ``other`` would read as one name at a table."""
    return not name_keys(one).isdisjoint(name_keys(other))


def taken_alike(name: str, taken: Iterable[str]) -> str | None:
    """The name among ``taken`` that ``name`` would read as, as a refusal says it (with what it
    reads as when they differ by more than case); ``None`` when ``name`` is free.

    >>> taken_alike("ANN", ["bob", "ann"]), taken_alike("b0b", ["bob"]), taken_alike("cy", ["bob"])
    ('ann', 'bob (which reads as b0b)', None)
    """
    alike = next((other for other in taken if same_name(name, other)), None)
    if alike is not None and alike.casefold() != name.casefold():
        return f"{alike} (which reads as {name})"
    return alike


def skeleton(text: str) -> str:
    """``text`` with each character replaced by the representative of its look-alikes, in the
    manner of UTS #39's skeleton (decomposed before and after).

    >>> skeleton("p\\u0430y") == skeleton("pay")
    True
    """
    prototypes = _prototypes()
    mapped = "".join(prototypes.get(c, c) for c in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's representative: the classes of characters that look alike
    (each of Unicode's prototypes with every character listed as confusable with it), and for
    each class one member that stands for all of them, the same whichever member is asked for.

    The package lists, for each prototype, the characters that look like it, and for each of
    those the prototype; a prototype is told from its look-alikes by being a sequence of several
    characters (``rn`` for ``m``) or by having the most of them listed, and a pair that lists only
    each other is represented by the lower of its two code points."""
    listed = resources.files("confusable_homoglyphs").joinpath("confusables.json")
    data = json.loads(listed.read_text("utf-8"))
    parent: dict[str, str] = {}

    def root(item: str) -> str:
        while parent.setdefault(item, item) != item:
            parent[item] = parent[parent[item]]
            item = parent[item]
        return item

    for key, alikes in data.items():
        for alike in alikes:
            parent[root(_plain(alike["c"]))] = root(_plain(key))
    classes: dict[str, list[str]] = {}
    for item in list(parent):
        classes.setdefault(root(item), []).append(item)
    prototypes: dict[str, str] = {}
    for members in classes.values():
        chosen = min(members, key=lambda m: (-len(m), -len(data.get(m, ())), m))
        prototypes.update({m: chosen for m in members if len(m) == 1 and m != chosen})
    return prototypes


def _plain(text: str) -> str:
    """A listed character without the direction marks the package wraps right-to-left ones in."""
    return text.replace("\u200e", "").replace("\u200f", "") or text
