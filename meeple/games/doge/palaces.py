"""Building palaces.

Checked only when a player places or moves a house into a district. The k-th palace of a district
(whoever built the earlier ones) costs k + 2 of the builder's houses there, which go back to the
supply; the palace goes on the lowest free space. Players who placed houses together (tied in an
election) build at the same time and all pay the cost of the first free space.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import AREA_NAMES, NUM_DISTRICTS, SPACE_COSTS, SPACES

if TYPE_CHECKING:
    from .state import DogeState


def palace_count(s: DogeState, d: int) -> int:
    return SPACES - s.spaces[d * SPACES : (d + 1) * SPACES].count(-1)


def next_cost(s: DogeState, d: int) -> int | None:
    """Houses the next palace in district d needs; None when its 5 spaces are full."""
    k = palace_count(s, d)
    return SPACE_COSTS[k] if k < SPACES else None


def can_build(s: DogeState, p: int, d: int, cost: int) -> bool:
    return s.houses[p * NUM_DISTRICTS + d] >= cost and s.palace_supply(p) > 0


def build_tasks(s: DogeState, d: int, players: list[int]) -> list[tuple]:
    """The palace check: a build decision for each of `players` who can afford the next palace in
    d, all at the cost of the first free space (ties build at the same time and pay the same)."""
    cost = next_cost(s, d)
    if cost is None:
        return []
    return [("build", p, d, cost) for p in s.seat_order(players) if can_build(s, p, d, cost)]


def build(s: DogeState, p: int, d: int, cost: int) -> None:
    i = d * SPACES + palace_count(s, d)
    s.spaces[i] = p
    s.houses[p * NUM_DISTRICTS + d] -= cost
    if s.log:
        s.emit(
            "palace",
            f"{s.player_name(p)} builds a palace in {AREA_NAMES[d]} on the {SPACE_COSTS[i % SPACES]} space"
            f" for {cost} houses",
            player=p,
            district=d,
            cost=cost,
        )
