"""The end of the game and the Doge: palaces in all 6 districts, or 7 in 5, or 8 in 4.

Several players fulfilling a condition: most palaces, then most houses on the board. Players who
fulfil none rank below them by the same two counts (a decision: the rulebook only names the Doge).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine import Result

from .data import END_CONDITIONS, NUM_DISTRICTS, PALACES, SPACES

if TYPE_CHECKING:
    from .state import DogeState


def palaces_by_district(s: DogeState, p: int) -> list[int]:
    spaces = s.spaces
    return [spaces[i : i + SPACES].count(p) for i in range(0, NUM_DISTRICTS * SPACES, SPACES)]


# Fewer palaces than this meet no end condition (checked every year for every player, so cut short).
FEWEST_PALACES = min(max(need, districts) for _, need, districts in END_CONDITIONS)


def conditions_met(s: DogeState, p: int) -> list[str]:
    total = s.spaces.count(p)
    if total < FEWEST_PALACES:
        return []
    spread = NUM_DISTRICTS - palaces_by_district(s, p).count(0)
    return [name for name, need, districts in END_CONDITIONS if total >= need and spread >= districts]


def can_still_qualify(s: DogeState, p: int) -> bool:
    """Whether p could still fulfil a condition with the palaces left in supply and the free
    spaces (houses can always be moved, so they are not the limit)."""
    spaces = s.spaces
    total, free = spaces.count(p), spaces.count(-1)
    left = PALACES - total
    spread = new_districts = 0  # districts with a palace of p; districts without one but with a free space
    for i in range(0, NUM_DISTRICTS * SPACES, SPACES):
        row = spaces[i : i + SPACES]
        if p in row:
            spread += 1
        elif -1 in row:
            new_districts += 1
    for _, need, districts in END_CONDITIONS:
        k = max(0, districts - spread)  # new districts to open, one palace each
        if k > new_districts or k > left:
            continue
        extra = max(0, need - total - k)
        if extra <= left - k and extra <= free - k:
            return True
    return False


def result(s: DogeState) -> Result:
    n = s.num_players
    breakdown, tiebreaks, scores = [], [], []
    for p in range(n):
        per = palaces_by_district(s, p)
        met = conditions_met(s, p)
        row: dict[str, float] = {"palaces": sum(per), "districts_with_palaces": sum(1 for c in per if c)}
        for name, _, _ in END_CONDITIONS:
            row[name] = 1 if name in met else 0
        houses = sum(s.houses[p * NUM_DISTRICTS : (p + 1) * NUM_DISTRICTS])
        row["houses_on_board"] = houses
        breakdown.append(row)
        scores.append(1 if met else 0)
        tiebreaks.append({"palaces": sum(per), "houses_on_board": houses})
    ranked = Result.from_scores(scores, breakdown, tiebreaks)
    # The final table names the Doge first: the winner, who fulfilled an end condition.
    ranked.breakdown = [
        {"doge": 1 if p in doges(ranked) else 0, **row} for p, row in enumerate(ranked.breakdown)
    ]
    return ranked


def doges(r: Result) -> list[int]:
    """Who becomes Doge: the winners, when they fulfil an end condition (nobody when the game ended
    without one). Still tied after palaces and houses, they share the first place (RULES.md)."""
    return [p for p in r.winners if r.scores[p] > 0]
