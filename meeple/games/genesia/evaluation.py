"""A cheap score estimate for bots: points already secured on the board and in Progress, plus the
value of Coins, Clans in reserve-to-deploy and cards still in hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .scoring import conquest, invention_pp, objective_points, radiance

if TYPE_CHECKING:
    from .state import GenesiaState


def people_value(s: GenesiaState, p: int) -> float:
    ages_left = 3 - len(s.pp[p])
    v = float(sum(s.pp[p]) + radiance(s, p) + conquest(s, p))
    v += invention_pp(s, p) * ages_left + s.end_pp[p]
    if not s.solo and s.objective and s.objective[p]:
        v += objective_points(s, p, s.objective[p])
    v += 0.3 * s.coins[p] + 0.5 * sum(s.clans[p]) / 3 + 1.5 * len(s.hands[p])
    return v


def evaluate(s: GenesiaState) -> list[float]:
    vals = [people_value(s, p) for p in range(s.peoples)]
    if s.solo:
        return [min(vals)]
    return vals
