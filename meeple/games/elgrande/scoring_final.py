"""End of the game (§7.3): the most points wins. The rulebook gives no tie-break; we rank tied players
by Caballeros on the board (regions and Castillo), then they share the place."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine import Result

if TYPE_CHECKING:
    from .state import ElGrandeState


def final_result(s: ElGrandeState) -> Result:
    n = s.num_players
    breakdown = [
        {"general scorings": s.parts[p][0], "special scorings": s.parts[p][1], "gold and wares": s.parts[p][2]}
        for p in range(n)
    ]
    tiebreaks = [{"caballeros on the board": sum(s.cab[p])} for p in range(n)]
    return Result.from_scores(s.scores, breakdown, tiebreaks)
