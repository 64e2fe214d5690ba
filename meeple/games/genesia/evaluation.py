"""A score estimate for bots: the points already secured (Progress banked and this Age's, Inventions
for every Age still to score, Radiance, Conquest and the Objective as the board stands), plus what
Coins, cards in hand, Clans on the board and Cities are worth in points by the end of the game. Those
four weights depend on the Age and come from `data/evaluation.json`."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from .data import DATA
from .scoring import conquest, invention_pp, objective_points, radiance

if TYPE_CHECKING:
    from .state import GenesiaState


def _weights() -> dict[int, tuple[float, float, float, float]]:
    doc = json.loads((DATA / "evaluation.json").read_text(encoding="utf-8"))
    return {int(age): (w["coins"], w["hand"], w["clans"], w["cities"]) for age, w in doc["ages"].items()}


WEIGHTS = _weights()


def secured(s: GenesiaState, p: int) -> float:
    """Points that only an Assault (Clans lost) can still take away."""
    ages_left = 3 - len(s.pp[p])
    v = float(sum(s.pp[p]) + radiance(s, p) + conquest(s, p))
    v += invention_pp(s, p) * ages_left + s.end_pp[p]
    if not s.solo and s.objective and s.objective[p]:
        v += objective_points(s, p, s.objective[p])
    return v


def counts(s: GenesiaState, p: int) -> tuple[int, int, int, int]:
    """What the weights apply to: Coins, cards in hand, Clans on the board, Cities."""
    return s.coins[p], len(s.hands[p]), s.placed[p], s.towns[p].bit_count()


def people_value(s: GenesiaState, p: int) -> float:
    v = secured(s, p)
    for w, c in zip(WEIGHTS[s.age], counts(s, p)):  # added one by one, as the estimate always was
        v += w * c
    return v


def evaluate(s: GenesiaState) -> list[float]:
    if s.is_terminal():  # nothing is left to estimate
        return list(s.result().scores)
    vals = [people_value(s, p) for p in range(s.peoples)]
    if s.solo:
        return [min(vals)]
    return vals
