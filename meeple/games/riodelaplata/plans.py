"""Reference plans for Río de la Plata (`plan:NAME`, see meeple/bots/plans.py): what a knowledgeable
player insists on; the greedy bot decides the rest.

- ``roads``: the free Roads grid every turn. Whenever a space of the Roads grid is free it puts a
  worker there (the grid costs nothing and its roads open the city), the rest of the turn as the
  greedy bot plays it.
- ``offices``: offices early. Whenever it may put a worker on a Public Office it can pay for (its
  silver and VP), it does, and it takes the office first thing in the effects; while it has the VP
  for a free office but not the silver, or has bid, it saves: Field work, as many workers as it may,
  and no purchases (the greedy bot buys no office, does no Field work and ends at 0 silver).
"""

from __future__ import annotations

from typing import Any

from meeple.engine import Action

from .board import M_ROADS, OFFICE
from .placement import AREAS, can_bid, grid_actions, office_actions

ROADS_GRID: Action = ("major", M_ROADS)
FIELD_WORK: Action = ("work", AREAS.index("field"))


def roads(s: Any, p: int, legal: list[Action]) -> list[Action]:
    if ROADS_GRID in legal:
        return [ROADS_GRID]
    if ("zone", 1) in legal and ROADS_GRID in grid_actions(s, p):
        return [("zone", 1)]
    return []


def affordable(s: Any, p: int, offered: list[Action]) -> list[Action]:
    """The offices among `offered` that `p` could take now (a worker on one it cannot pay is fined)."""
    return [a for a in offered if s.silver[p] >= OFFICE[a[1]]["cost"] and s.vp[p] >= OFFICE[a[1]]["min_vp"]]


def offices(s: Any, p: int, legal: list[Action]) -> list[Action]:
    if ("claim",) in legal:
        return [("claim",)]
    if any(a[0] == "office" for a in legal):
        return affordable(s, p, legal)
    free = office_actions(s)
    can = can_bid(s, p) and bool(affordable(s, p, free))
    if ("bid",) in legal:
        return [("bid",)] if can else []
    if ("money",) in legal and can:
        return [("money",)]
    saving = not can and any(s.vp[p] >= OFFICE[a[1]]["min_vp"] for a in free)
    if saving and FIELD_WORK in legal:
        return [FIELD_WORK]
    fields = [a for a in legal if a[0] == "field"]
    if saving and fields:
        return [max(fields, key=lambda a: a[1])]
    if (saving or s.bid[p] >= 0) and ("money",) in legal:
        return [a for a in legal if a != ("money",)]  # no purchases: the silver is the office's
    return []


PLANS = {
    "roads": (roads, "the free Roads grid every turn, greedy for the rest"),
    "offices": (offices, "offices early: a worker on a Public Office whenever it may, the office taken"),
}
