"""Statistics for arena reports."""

from __future__ import annotations

import math


def wilson(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default). Ties counted as half a win are
    allowed: `successes` may be fractional. (0, 1) when there are no trials."""
    if n <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, successes / n))
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    lo, hi = max(0.0, centre - half), min(1.0, centre + half)
    # rounding: at p = 0 or 1 the interval ends exactly there
    if p == 0.0:
        lo = 0.0
    if p == 1.0:
        hi = 1.0
    return (lo, hi)


def mean_and_error(values: list[float]) -> tuple[float, float]:
    """The mean of `values` and its standard error (the sample SD over sqrt(n); nan below 2 values),
    e.g. of paired differences between two bots or two picks."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    return mean, math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1) / n)
