"""A score estimate per player for bots: palaces (and how widely spread), houses, advisors."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import END_CONDITIONS, NUM_DISTRICTS
from .scoring import conditions_met, palaces_by_district

if TYPE_CHECKING:
    from .state import DogeState


def evaluate(s: DogeState) -> list[float]:
    n = s.num_players
    out = []
    for p in range(n):
        per = palaces_by_district(s, p)
        total, spread = sum(per), sum(1 for c in per if c)
        # Distance to the nearest end condition, in palaces still to build.
        missing = min(max(need - total, districts - spread) for _, need, districts in END_CONDITIONS)
        houses = sum(s.houses[p * NUM_DISTRICTS : (p + 1) * NUM_DISTRICTS])
        value = 10.0 - 1.5 * missing + 0.5 * total + 0.15 * houses + 0.3 * s.rings_used(p)
        if s.phase == 2:
            value += 20.0 if conditions_met(s, p) else 0.0
        out.append(value)
    if s.phase == 2:
        ranks = s.result().ranks
        out = [v + (10.0 if r == 1 else 0.0) for v, r in zip(out, ranks)]
    return out
