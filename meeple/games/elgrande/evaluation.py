"""A score estimate for bots: points so far plus what a general scoring now would add, weighted by how
many general scorings are left, plus a little for Caballeros ready in court."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import NEW, SCORING_ROUNDS, SPAIN

SPAIN_AND_NEW = SPAIN + NEW

if TYPE_CHECKING:
    from .state import ElGrandeState


def evaluate(s: ElGrandeState) -> list[float]:
    from .scoring import area_points

    n = s.num_players
    if s.phase == 9:
        return [float(x) for x in s.scores]
    now = s.rounds[min(s.round_i, len(s.rounds) - 1)]
    left = sum(1 for r in SCORING_ROUNDS if r >= now)
    # each player's points over the areas (ints: the same sums as floats, which were exact)
    est = [sum(col) for col in zip(*[area_points(s, a) for a in (SPAIN_AND_NEW if s.colonies else SPAIN)])]
    return [s.scores[p] + 0.8 * left * est[p] + 0.3 * s.court[p] for p in range(n)]
