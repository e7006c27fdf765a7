"""95% confidence intervals for a mean, with Student's t where few values are in.

Every tool that gives a "95% interval" (tournaments, the Pai Gow and Chinese Poker measurements)
takes its width from here, so a handful of deals reads as the little it shows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["critical_95", "mean_and_margin", "standard_error"]

_Z_95 = 1.959964
_T_95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
         2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
         2.052, 2.048, 2.045, 2.042)
"""Student's t, two-sided 95%, for 1 to 30 degrees of freedom."""


def critical_95(count: int) -> float:
    """How many standard errors either side of the mean of ``count`` values a 95% interval
    spans: Student's t with ``count - 1`` degrees of freedom (beyond 30, the normal point with
    its first correction, within 0.003 of t); infinite for fewer than two values.

    >>> critical_95(2), critical_95(31), round(critical_95(1000), 3), critical_95(1)
    (12.706, 2.042, 1.962, inf)
    """
    freedom = count - 1
    if freedom < 1:
        return math.inf
    if freedom <= len(_T_95):
        return _T_95[freedom - 1]
    return _Z_95 + (_Z_95 ** 3 + _Z_95) / (4 * freedom)


def mean_and_margin(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% confidence interval.

    >>> mean_and_margin([1.0, 3.0])
    (2.0, 12.706)
    """
    error = standard_error(values)
    mean = sum(values) / len(values)
    return mean, math.inf if error is None else critical_95(len(values)) * error


def standard_error(values: Sequence[float]) -> float | None:
    """The standard error of the mean of ``values`` (``None`` for fewer than two: one value has
    no spread to measure).

    >>> standard_error([1.0, 3.0]), standard_error([5.0])
    (1.0, None)
    """
    count = len(values)
    if count < 2:
        return None
    mean = sum(values) / count
    return math.sqrt(sum((value - mean) ** 2 for value in values) / (count - 1) / count)
