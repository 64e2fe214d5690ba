"""A score estimate per player for bots: palaces (and how widely spread), houses as progress towards
the next palace of their district, advisors, and the prizes of the elections still to come this year
as the votes stand now."""

from __future__ import annotations

from operator import getitem
from typing import TYPE_CHECKING

from .data import (
    DISTRICTS,
    END_CONDITIONS,
    HOUSES,
    NUM_DISTRICTS,
    QUARANTIA,
    RUNNER_UP_HOUSES,
    SPACE_COSTS,
    WINNER_HOUSES,
)
from .elections import standings, votes_in
from .palaces import next_cost
from .scoring import conditions_met, palaces_by_district

if TYPE_CHECKING:
    from .state import DogeState

PALACE_WORTH = 2.0  # what the houses of a palace still to build are worth when all are placed
# A built palace is worth more than the houses it took (they go back to the supply and can be placed
# again). At 0.5 a palace in a district where the player already had one was worth less than its
# houses: a greedy player turned down a third of the palaces it was offered, ran out of houses with all
# 15 on the board, and won 76 of 100 four-player games against random players (99 of 100 at 2.5,
# seeds 0 and 1000).
PALACE_COUNT = 2.5
FULL_DISTRICT_HOUSE = 0.15  # a house where no palace can be built any more: only a tie-break
ADVISOR_WORTH = 0.3  # a controlled advisor: a vote in the area where it stands, every year
# how much of an election's prize the current leader counts: with 0.6 a greedy player won 27 of 40
# four-player games against random players, with 1.0 33 of the same 40
LEAD_SHARE = 1.0


def _worth(h: int, cost: int | None) -> float:
    """What `h` houses in a district are worth: their share of the next palace there, which needs `cost`
    of them (None: no palace left). Before, every house was worth a flat 0.15 and a greedy player saw
    almost nothing in winning an election: it won 17 of 40 four-player games against random players
    (36 of 100)."""
    if cost is None:
        return FULL_DISTRICT_HOUSE * h
    return PALACE_WORTH * min(h, cost) / cost + FULL_DISTRICT_HOUSE * max(0, h - cost)


# _worth(h, cost) looked up: every cost a palace can have (or None), h up to all of a player's houses
# in one district plus an election's prize (documents are checked against HOUSES)
_MOST = HOUSES + max(WINNER_HOUSES, RUNNER_UP_HOUSES) + 1
_WORTH = {c: tuple(_worth(h, c) for h in range(_MOST)) for c in (*SPACE_COSTS, None)}


def evaluate(s: DogeState) -> list[float]:
    n = s.num_players
    out = []
    # the next palace's cost per district, shared by every player's houses (evaluate is a search's
    # hot path: a quarter of a Doge MCTS iteration)
    costs = [next_cost(s, d) for d in range(NUM_DISTRICTS)]
    rows = [_WORTH[c] for c in costs]
    houses = s.houses
    for p in range(n):
        per = palaces_by_district(s, p)
        total, spread = sum(per), NUM_DISTRICTS - per.count(0)
        # Distance to the nearest end condition, in palaces still to build (1.5 each).
        missing = min([max(need - total, districts - spread) for _, need, districts in END_CONDITIONS])
        value = 10.0 - 1.5 * missing + PALACE_COUNT * total + ADVISOR_WORTH * s.rings_used(p)
        base = p * NUM_DISTRICTS
        value += sum(map(getitem, rows, houses[base : base + NUM_DISTRICTS]))  # each district's houses' worth
        if s.phase == 2:
            value += 20.0 if conditions_met(s, p) else 0.0
        out.append(value)
    if s.phase == 2:
        ranks = s.result().ranks
        return [v + (10.0 if r == 1 else 0.0) for v, r in zip(out, ranks)]
    for area in s.order[s.pos :]:
        if area != s.election:  # the election in progress hands out its prizes through its tasks
            _count_lead(s, area, out, rows)
    return out


def _count_lead(s: DogeState, area: int, out: list[float], rows: list[tuple[float, ...]]) -> None:
    """Add the prizes of the election of `area`, as the votes stand now, at LEAD_SHARE."""
    votes = votes_in(s, area)
    if not any(votes):
        return
    first, second = standings(votes)
    if area == QUARANTIA:
        for p in first:
            out[p] += LEAD_SHARE * ADVISOR_WORTH * (2 if len(first) == 1 else 0)
        for p in second:
            out[p] += LEAD_SHARE * ADVISOR_WORTH
        return
    d = DISTRICTS.index(area)
    worth = rows[d]
    houses = s.houses
    for p in first:
        h = houses[p * NUM_DISTRICTS + d]
        gain = worth[h + WINNER_HOUSES] - worth[h]
        out[p] += LEAD_SHARE * (gain + (ADVISOR_WORTH if len(first) == 1 else 0.0))
    for p in second:
        h = houses[p * NUM_DISTRICTS + d]
        out[p] += LEAD_SHARE * (worth[h + RUNNER_UP_HOUSES] - worth[h])
