"""A quick score estimate for bots: VPs so far plus what the position is likely to be worth."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import CELLS, DISTRICT, HOUSE, HUT, OFFICE, SALE
from .scoring import district_modifier, office_score

if TYPE_CHECKING:
    from .state import RioState


def evaluate(s: RioState) -> list[float]:
    """VPs + money (1 VP per 3 silver) + resources + houses as they would score now + huts (half a
    house) + offices' end scores + a pending office bid (its value if affordable, else the fine) +
    what workers already placed will bring (cargo sold in Spain, field silver, mine resources)."""
    mods = [district_modifier(s, d) for d in range(8)]
    n = s.num_players
    out = [float(s.vp[p]) + s.silver[p] / 3 + 0.3 * (s.wood[p] + s.stone[p]) + 0.6 * s.precious[p]
           for p in range(n)]
    for x in range(CELLS):
        o = s.bowner[x]
        if o >= 0:
            k = s.bkind[x]
            if k == HOUSE:
                out[o] += 2 + mods[DISTRICT[x]]
            elif k == HUT:
                out[o] += 1
    for k in range(12):
        o = s.office_owner[k]
        if o >= 0:
            out[o] += office_score(s, k)
    for p in range(n):
        k = s.bid[p]
        if k >= 0:
            info = OFFICE[k]
            if s.silver[p] >= info["cost"] and s.vp[p] >= info["min_vp"]:
                out[p] += info["end"] + 2 - info["cost"] / 3
            else:
                out[p] -= 5 + min(3, s.silver[p]) / 3
        out[p] += 0.5 * sum(1 for g in s.grid for o in g if o == p)
        out[p] += sum(s.cargo[3 * p + r] * (SALE[r][0] / 3 + SALE[r][1]) for r in range(3))
        out[p] += (s.field[p] // 2) / 3 + 0.3 * sum(1 for t in s.mine for o in t if o == p)
        out[p] += 0.8 * min(s.loads[p] or 3 * s.dock[p], s.wood[p] + s.stone[p] + s.precious[p])
        out[p] += 0.2 * sum(1 for x in range(CELLS) if s.wowner[x] == p)
    return out
