"""Settling up at the end of a night: who pays whom, in the fewest transfers.

Everyone's net (what they leave with, less what they brought) sums to zero. A group of ``k``
people whose nets sum to zero can always square up in ``k - 1`` transfers, and never in fewer when
no smaller part of it sums to zero; so the fewest transfers for the table come from splitting the
people into as many zero-sum groups as possible. That split is found exactly for up to
:data:`EXACT_UP_TO` people with a non-zero net (dynamic programming over orderings: the most
zero-sum prefixes any ordering has), which covers every table of up to eight seats; for more it
falls back to pairing the largest debtor with the largest creditor, which is never more than one
transfer per person.

>>> settle_up({"ann": 30, "bob": -10, "cy": -20})
[Transfer(payer='cy', payee='ann', chips=20), Transfer(payer='bob', payee='ann', chips=10)]
>>> len(settle_up({"a": 5, "b": -5, "c": 7, "d": -7}))  # two pairs: two transfers, not three
2
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from homegame.errors import RoomError

__all__ = ["EXACT_UP_TO", "Transfer", "settle_up"]

EXACT_UP_TO: Final = 14


@dataclass(frozen=True, slots=True)
class Transfer:
    """``payer`` gives ``payee`` this many chips."""

    payer: str
    payee: str
    chips: int

    def to_json(self) -> dict[str, Any]:
        return {"payer": self.payer, "payee": self.payee, "chips": self.chips}


def settle_up(nets: Mapping[str, int]) -> list[Transfer]:
    """The fewest transfers that bring everyone's net to zero (largest first within a group)."""
    if sum(nets.values()):
        raise RoomError(f"the nets must sum to zero to settle up, not to {sum(nets.values())}")
    owing = {name: net for name, net in sorted(nets.items()) if net}
    groups = _zero_sum_groups(owing) if len(owing) <= EXACT_UP_TO else [owing]
    return [transfer for group in groups for transfer in _square_up(group)]


def _zero_sum_groups(nets: dict[str, int]) -> list[dict[str, int]]:
    """``nets`` split into as many groups summing to zero as possible."""
    names = list(nets)
    count = len(names)
    full = (1 << count) - 1
    sums = [0] * (1 << count)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + nets[names[low.bit_length() - 1]]
    best = [0] * (1 << count)  # most zero-sum groups the people of ``mask`` can be split into
    last = [0] * (1 << count)  # who comes last in an ordering that reaches it
    for mask in range(1, full + 1):
        for index in range(count):
            if mask >> index & 1 and best[mask ^ (1 << index)] >= best[mask]:
                best[mask], last[mask] = best[mask ^ (1 << index)], index
        best[mask] += sums[mask] == 0
    return _groups_along(full, names, nets, sums, last)


def _groups_along(mask: int, names: list[str], nets: dict[str, int], sums: list[int],
                  last: list[int]) -> list[dict[str, int]]:
    groups: list[dict[str, int]] = []
    current: dict[str, int] = {}
    while mask:
        if sums[mask] == 0 and current:
            groups.append(current)
            current = {}
        index = last[mask]
        current[names[index]] = nets[names[index]]
        mask ^= 1 << index
    if current:
        groups.append(current)
    return groups


def _square_up(group: dict[str, int]) -> list[Transfer]:
    """Transfers that square a zero-sum group: the largest debt meets the largest credit."""
    left = dict(group)
    transfers = []
    while any(left.values()):
        payer = min(left, key=lambda name: (left[name], name))
        payee = max(left, key=lambda name: (left[name], name))
        chips = min(-left[payer], left[payee])
        transfers.append(Transfer(payer, payee, chips))
        left[payer] += chips
        left[payee] -= chips
    return transfers
