"""Scoring an area (rules reference §7): places by Caballero count with the tie rule "all tied players
drop one place", the King's and the Grande's +2 for a sole majority, and the Colonies extras
(Ambassador +2 / Envoy +1 in France, the Captain on the Ship, the Viceroy +5 in America)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import (
    AMERICA,
    CAPTAIN_POINTS,
    CASTILLO,
    FRANCE,
    FRANCE_SPACES,
    GRANDE_BONUS,
    KING_BONUS,
    MOBILE,
    SHIP,
    THE,
    VALUES,
    VICEROY_POINTS,
)

if TYPE_CHECKING:
    from .state import ElGrandeState


def place_points(counts: list[int], values: tuple[int, ...] | list[int]) -> list[int]:
    """Points per player for 1st/2nd/3rd place. Only players with a Caballero rank. A single player
    takes the current place; a tied group all drop one place (each takes the next place's value) and
    the player after them takes the place after that (the rulebook's two tie examples)."""
    pts = [0] * len(counts)
    r = 0
    for level in sorted(set(counts), reverse=True):
        if level <= 0:
            break  # players without a Caballero do not rank
        if counts.count(level) == 1:
            if r < 3:
                pts[counts.index(level)] = values[r]
            r += 1
        else:
            if r + 1 < 3:
                for p, c in enumerate(counts):
                    if c == level:
                        pts[p] = values[r + 1]
            r += 2
        if r >= 3:
            break
    return pts


def area_values(s: ElGrandeState, a: int) -> tuple[int, ...]:
    mobile = s.mobile
    return MOBILE[mobile.index(a)] if a in mobile else VALUES[a]


def majority_counts(s: ElGrandeState, a: int) -> list[int]:
    counts = [row[a] for row in s.cab]  # one row per player
    if a == AMERICA and s.viceroy >= 0:
        counts[s.viceroy] -= 1  # the Viceroy does not count for the majority
    return counts


def sole_first(counts: list[int]) -> int:
    top = max(counts)
    if top <= 0 or counts.count(top) > 1:
        return -1
    return counts.index(top)


def area_points(s: ElGrandeState, a: int, first_only: bool = False) -> list[int]:
    """What scoring area a now gives each player (nothing is changed)."""
    n = s.num_players
    if a == SHIP:
        pts = [0] * n
        if s.captain >= 0 and not first_only:
            board = area_values(s, a)
            pts[s.captain] = board[0] if s.mobile.count(SHIP) else CAPTAIN_POINTS
        return pts
    counts = majority_counts(s, a)
    values = area_values(s, a)
    first = sole_first(counts)
    if first_only:
        pts = [0] * n
        if first >= 0:
            pts[first] = values[0]
    else:
        pts = place_points(counts, values)
    if a == CASTILLO:
        return pts
    if first >= 0:
        if a == s.king:
            pts[first] += KING_BONUS
        if s.grande[first] == a:
            pts[first] += GRANDE_BONUS
    if not first_only:
        if a == FRANCE:
            for i, owner in enumerate(s.france):
                if owner >= 0:
                    pts[owner] += FRANCE_SPACES[i][1]
        elif a == AMERICA and s.viceroy >= 0:
            pts[s.viceroy] += VICEROY_POINTS
    return pts


def score_area(s: ElGrandeState, a: int, category: int, first_only: bool = False) -> list[int]:
    """Score area a now; category 0 = general scoring, 1 = special scoring (for the breakdown)."""
    pts = area_points(s, a, first_only)
    for p, x in enumerate(pts):
        if x:
            s.scores[p] += x
            s.parts[p][category] += x
    if s.log:
        got = ", ".join(f"{s.player_name(p)} +{x}" for p, x in enumerate(pts) if x) or "nobody scores"
        s.emit("score", f"{THE[a][0].upper() + THE[a][1:]} is scored: {got}", area=a, points=pts, category=category)
    return pts
