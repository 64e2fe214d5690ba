"""End of the game: money, characters, houses by district, and the tie-breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import (
    ARCHITECT,
    BARRACKS,
    BISHOP,
    CATHEDRAL,
    CHURCH,
    DEFENDER,
    DISTRICT,
    DISTRICT_CELLS,
    GARDEN,
    GOVERNOR,
    HOUSE,
    M_FORT,
    M_HARBOUR,
    MONUMENT,
    NOBLE,
    NUM_DISTRICTS,
    OFFICE,
    PALACE,
    PRODUCTION,
    ROADMAKER,
    SEG_DISTRICT,
    SEGMENTS,
)

if TYPE_CHECKING:
    from .state import RioState

PLUS_ONE = (GARDEN, MONUMENT, CHURCH, BARRACKS)
# what one building of each kind adds to its district's houses: +1 for the four above, +2 a Cathedral,
# +3 the Palace; and whether it is a production building (each one past the first costs 1)
_KINDS = range(max(PALACE, CATHEDRAL) + 1)
HOUSE_BONUS = tuple(1 if k in PLUS_ONE else 2 if k == CATHEDRAL else 3 if k == PALACE else 0 for k in _KINDS)
IS_PRODUCTION = tuple(1 if k in PRODUCTION else 0 for k in _KINDS)


def district_modifier(s: RioState, d: int) -> int:
    """The bonus or penalty of each house in district d (a house never scores below 2 + 0)."""
    return max(0, district_modifier_base(s.bkind, d) + (1 if s.conn[d] else 0))


def district_modifier_base(bkind: tuple[int, ...], d: int) -> int:
    """District d's modifier from its buildings alone: the bonuses, less 1 for each production
    building past the first (the road bonus and the floor at 0 come on top)."""
    mod = 0
    prod = 0
    for x in DISTRICT_CELLS[d]:
        k = bkind[x]
        if k:
            mod += HOUSE_BONUS[k]
            prod += IS_PRODUCTION[k]
    if prod > 1:
        mod -= prod - 1
    return mod


# each district's outer edges (none for the inner districts)
DISTRICT_SEGS = tuple(tuple(g for g in range(SEGMENTS) if SEG_DISTRICT[g] == d) for d in range(NUM_DISTRICTS))


def closed_districts(s: RioState) -> int:
    """Peripheral districts whose every outer edge is walled."""
    walls = s.walls
    return sum(1 for segs in DISTRICT_SEGS if segs and all(walls[g] for g in segs))


def office_score(s: RioState, k: int) -> int:
    fixed = OFFICE[k]["end"]
    if k == ROADMAKER:
        return 2 * sum(s.conn)
    if k == DEFENDER:
        return 3 * closed_districts(s)
    if k == BISHOP:
        return 4 * (s.bkind.count(CHURCH) + s.bkind.count(CATHEDRAL))
    if k == ARCHITECT:
        majors = s.bkind.count(PALACE) + s.bkind.count(CATHEDRAL)
        majors += (1 if s.completed[M_FORT] else 0) + (1 if s.completed[M_HARBOUR] else 0)
        return 7 * majors
    if k == GOVERNOR:
        full = 0
        for d in range(NUM_DISTRICTS):
            kinds = {s.bkind[x] for x in DISTRICT_CELLS[d]}
            if sum(1 for k2 in NOBLE if k2 in kinds) >= 4:
                full += 1
        return fixed + 6 * full
    return fixed


# Every office's end score for the last board seen (`office_scores`): `office_score` reads only the
# buildings, the walls, the road connections and the completed Major buildings, four objects replaced
# (never edited) when they change and shared by clones, so the positions an evaluation meets in a row
# (a greedy bot's look-ahead, the deals a trade offer weighs) mostly share them. Kept by identity, the
# four held so that none is freed and its id reused. A third of an evaluation's time went into
# office_score (perf, session 42), called some 17 times an evaluation.
_last_scores: list = [None, None, None, None, ()]


def office_scores(s: RioState) -> tuple[int, ...]:
    """`office_score` of each of the 12 offices, as the board stands."""
    m = _last_scores
    if m[0] is s.bkind and m[1] is s.walls and m[2] is s.conn and m[3] is s.completed:
        return m[4]
    scores = tuple([office_score(s, k) for k in range(12)])
    m[:] = [s.bkind, s.walls, s.conn, s.completed, scores]
    return scores


def final_scores(s: RioState) -> tuple[list[int], list[dict[str, float]], list[dict[str, float]]]:
    n = s.num_players
    mods = [district_modifier(s, d) for d in range(NUM_DISTRICTS)]
    scores, breakdown, ties = [], [], []
    for p in range(n):
        money = s.silver[p] // 3
        chars = sum(office_score(s, k) for k in range(12) if s.office_owner[k] == p)
        houses = sum(2 + mods[DISTRICT[x]] for x in range(len(s.bkind)) if s.bkind[x] == HOUSE and s.bowner[x] == p)
        total = s.vp[p] + money + chars + houses
        scores.append(total)
        breakdown.append({"during_game": s.vp[p], "money": money, "characters": chars, "city": houses})
        ties.append({"coins_left": s.silver[p] % 3, "precious": s.precious[p], "wood_stone": s.wood[p] + s.stone[p]})
    return scores, breakdown, ties
