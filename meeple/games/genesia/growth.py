"""Growth phase (and the recruiting shared with Expansion): 2 Coins a Clan, placed on your Homeland or,
from Age II, in one of your Cities; 30 Clans at most."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine import Action

from .bitsets import members

if TYPE_CHECKING:
    from .state import GenesiaState

RECRUIT_COST = 2


def recruit_locations(s: GenesiaState, p: int) -> list[int]:
    home = s.board.homelands[p]
    if s.age < 2:
        return [home]
    # the Cities of p in region order, from the bitset of its Cities (few on a large board)
    return [home, *members(s.towns[p] & ~(1 << home))]


def can_recruit(s: GenesiaState, p: int) -> bool:
    return s.coins[p] >= s.rcost[p] and s.reserve_clans(p) > 0  # the cheap test first


_RECRUIT: tuple[Action, ...] = tuple(("recruit", r) for r in range(128))  # built once (immutable)


def recruit_actions(s: GenesiaState, p: int) -> list[Action]:
    if not can_recruit(s, p):
        return []
    return list(map(_RECRUIT.__getitem__, recruit_locations(s, p)))


def recruit(s: GenesiaState, p: int, r: int) -> None:
    s.coins[p] -= s.rcost[p]
    s.add_clans(p, r, 1)
    if s.log:
        s.emit(
            "recruit",
            f"{s.people_name(p)} recruits a Clan in {s.board.names[r]} ({s.rcost[p]} Coins)",
            player=p,
            regions=[r],
        )


def end_turn(s: GenesiaState) -> None:
    """The people in turn has finished this phase; the next one plays, or the next phase starts."""
    from .attack import start_attack

    s.turn += 1
    if s.turn < len(s.order):
        return
    s.turn = 0
    if s.phase == "growth":
        s.phase = "expansion"
        if s.log:
            s.emit("phase", f"Age {s.age}: Expansion")
    else:
        start_attack(s)
