"""A quick score estimate for bots: VPs so far plus what the position is likely to be worth."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import DISTRICT, HOUSE, HUT, OFFICE
from .scoring import district_modifier

if TYPE_CHECKING:
    from .state import RioState


def evaluate(s: RioState) -> list[float]:
    mods = [district_modifier(s, d) for d in range(8)]
    out = []
    for p in range(s.num_players):
        v = float(s.vp[p]) + s.silver[p] / 3 + 0.3 * (s.wood[p] + s.stone[p]) + 0.6 * s.precious[p]
        for x in range(len(s.bkind)):
            if s.bowner[x] == p:
                if s.bkind[x] == HOUSE:
                    v += 2 + mods[DISTRICT[x]]
                elif s.bkind[x] == HUT:
                    v += 1
        v += sum(OFFICE[k]["end"] for k in range(12) if s.office_owner[k] == p)
        v += 0.5 * sum(1 for g in s.grid for o in g if o == p)
        out.append(v)
    return out
