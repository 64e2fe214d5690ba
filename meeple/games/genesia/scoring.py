"""End of the game: Progress + Radiance + Conquest + Objective; ties by Objective, then Progress.
Teams score their lowest member's total; the solo game scores the lower of its two peoples."""

from __future__ import annotations

from functools import cache
from itertools import compress
from typing import TYPE_CHECKING

from meeple.engine import Result

from .bitsets import members, select
from .data import CARDS_BY_NO, objective_by_id

if TYPE_CHECKING:
    from .state import GenesiaState

RADIANCE = 2


def occupied(s: GenesiaState, p: int) -> list[int]:
    """Per Region: does people `p` occupy it (a Clan or its City there)? Non-zero when it does. Worked
    out once and shared by the scorings below, which the bots' estimate runs for every people at
    every position it judges: its Clan counts, copied in C, and a 1 where it has a City (a few)."""
    occ = s.clans[p][:]
    for r in members(s.towns[p]):
        occ[r] = 1
    return occ


def radiance(s: GenesiaState, p: int) -> int:
    """2 per Region of another Continent you occupy (opposing Homelands count, Genesia does not)."""
    return RADIANCE * (s.presence[p] & s.board.foreign_bits[p]).bit_count()


def conquest(s: GenesiaState, p: int, occ: list[int] | None = None) -> int:
    """The printed value of every Region you occupy, everywhere (`occ` as `occupied` gives it; without it,
    the Regions of the bitset p occupies, `presence`: the estimate asks at every position it judges)."""
    if occ is None:
        return sum(select(s.board.values, s.presence[p]))
    return sum(compress(s.board.values, occ))


def objective_points(s: GenesiaState, p: int, oid: int) -> int:
    if not oid:
        return 0
    o = objective_by_id(oid)
    b = s.board
    mine = s.clans[p]
    held = s.presence[p]  # the Regions p occupies, as a bitset (Clans or its City)
    k = o.kind
    if k == "city_one_clan":
        n = sum(mine[r] == 1 for r in members(s.towns[p]))
    elif k == "city_pairs":
        n = len(city_pairs(s, p))
    elif k == "genesia":
        n = (held & b.genesia_bits).bit_count()
    elif k == "foreign":
        n = (held & b.foreign_bits[p]).bit_count()
    elif k == "big_stacks":
        n = len([x for x in mine if x >= 3])
    elif k == "own_continent":
        n = (held & b.own_bits[p]).bit_count()
    elif k == "coins":
        n = s.coins[p] // 2
    elif k == "inventions":
        n = len(s.inventions(p))
    elif k == "centre":
        n = held >> b.centre & 1
    elif k == "no_assault":
        n = 1 if s.assaults[p] == 0 else 0
    elif k == "assaults":
        n = min(5, s.assaults[p])
    else:  # homelands
        n = sum([held >> b.homelands[q] & 1 for q in range(s.peoples) if q != p])
    return o.points * n


def city_pairs(s: GenesiaState, p: int) -> list[tuple[int, int]]:
    """The most pairs of your Cities in adjacent Regions, each City in one pair only ("1 City can only
    be counted once"). Pairing in Region order finds them unless it leaves two Cities apart that
    another pairing would join; then every pairing is tried (a few Cities: fast)."""
    b = s.board
    towns = s.towns[p]
    mine = members(towns)
    used: set[int] = set()
    out = []
    for r in mine:
        if r in used:
            continue
        for q in b.adj[r]:
            if q > r and towns >> q & 1 and q not in used:
                used.update((r, q))
                out.append((r, q))
                break
    if len(out) == len(mine) // 2:
        return out  # no pairing has more
    return _most_pairs(mine, b.adj)


def _most_pairs(mine: list[int], adj: tuple[tuple[int, ...], ...]) -> list[tuple[int, int]]:
    """A largest set of disjoint adjacent pairs among the Regions `mine` (the lowest Region left is
    either paired with a neighbour left or left alone; memoised on what is left)."""
    at = {r: i for i, r in enumerate(mine)}
    later = [[at[q] for q in adj[r] if q in at and at[q] > i] for i, r in enumerate(mine)]

    @cache
    def best(left: int) -> tuple[tuple[int, int], ...]:
        if left & (left - 1) == 0:  # one City or none: no pair
            return ()
        i = (left & -left).bit_length() - 1
        rest = left & ~(1 << i)
        top = best(rest)
        for j in later[i]:
            if rest >> j & 1 and len(top) < bin(left).count("1") // 2:
                found = ((mine[i], mine[j]), *best(rest & ~(1 << j)))
                if len(found) > len(top):
                    top = found
        return top

    return list(best((1 << len(mine)) - 1))


def breakdown(s: GenesiaState, p: int) -> dict[str, int]:
    d = {
        "progress": sum(s.pp[p]),
        "radiance": radiance(s, p),
        "conquest": conquest(s, p),
        "objective": 0 if s.solo else objective_points(s, p, s.objective[p] if s.objective else 0),
    }
    d["total"] = sum(d.values())
    return d


def teams(s: GenesiaState) -> list[list[int]]:
    text = s.options.get("teams") or ""
    if not text:
        return [[p] for p in range(s.num_players)]
    return [[int(x) for x in grp.split("+")] for grp in text.split(",")]


def result(s: GenesiaState) -> Result:
    bds = [breakdown(s, p) for p in range(s.peoples)]
    if s.solo:
        low = min(range(2), key=lambda p: (bds[p]["total"], p))
        b = {k: float(v) for k, v in bds[low].items() if k != "total"}
        b["people_1_total"], b["people_2_total"] = float(bds[0]["total"]), float(bds[1]["total"])
        return Result.from_scores([float(bds[low]["total"])], [b])
    scores = [0.0] * s.num_players
    tbs: list[dict[str, float]] = [{} for _ in range(s.num_players)]
    for team in teams(s):
        low = min(team, key=lambda p: (bds[p]["total"], p))
        for p in team:
            scores[p] = float(bds[low]["total"])
            tbs[p] = {"objective": float(bds[low]["objective"]), "progress": float(bds[low]["progress"])}
    out = [{k: float(v) for k, v in bd.items() if k != "total"} for bd in bds]
    return Result.from_scores(scores, out, tbs)


def invention_pp(s: GenesiaState, p: int) -> int:
    """The Progress Points of p's Inventions (`inventions`: the Invention cards p played and those it
    copied), summed without building their list: the estimate asks at every position it judges."""
    n = 0
    for c in s.played[p]:
        card = CARDS_BY_NO[c]
        if card.invention:
            n += card.pp
    for c in s.copies[p]:
        n += CARDS_BY_NO[c].pp
    return n
