"""A score estimate for bots: the points so far plus what each part of the board is worth by the rules,
term by term (`features`), weighted by `WEIGHTS` (fitted to greedy self-play: tools/elgrande_fit.py).

- the regions: what a general scoring now would give, once per general scoring left;
- the Castillo: its 5/3/1 now, scored once at the next general scoring (it is emptied then);
- the secret disk: the Castillo's Caballeros go out at that scoring, all into one region of Spain of
  their owner's choice (the disk): what they add there, once per general scoring left (the disk's
  region once it is set, the best region while it is open; the King's region sends them to court);
- majorities reachable next turn: the most the player's court could add in one region next to the
  King (where the King's moves let Caballeros go), for the next general scoring;
- the court and the provinces: the Caballeros ready to place, and those one power card away;
- the Colonies: the Gold and Wares a Caballero carries (worth 6 and 4 on reaching Spain); France,
  the Ship's Captain and America's Viceroy are scored as regions, as the rules score them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .data import ADJ_BASE, ADJ_COLONIES, CASTILLO, DISC_VALUE, GRANDE_BONUS, NEW, SCORING_ROUNDS, SPAIN
from .phases import DISK, DISK_GENERAL, OVER
from .scoring import area_points, area_values, place_points, sole_first

if TYPE_CHECKING:
    from .state import ElGrandeState

SPAIN_AND_NEW = SPAIN + NEW
REACH = 2  # Caballeros a player typically places into one region in a turn (a card's 1-5, split)

# one weight per term of `features`, in its order
TERMS = ("regions", "castillo", "disk", "reach", "court", "provinces", "discs")
WEIGHTS = (0.8, 1.0, 0.8, 0.5, 0.3, 0.1, 0.8)


def evaluate(s: ElGrandeState) -> list[float]:
    if s.phase == OVER:
        return [float(x) for x in s.scores]
    return [s.scores[p] + sum(w * x for w, x in zip(WEIGHTS, f)) for p, f in enumerate(features(s))]


def scorings_left(s: ElGrandeState) -> int:
    """General scorings still to come, the one at the end of this round included."""
    now = s.rounds[min(s.round_i, len(s.rounds) - 1)]
    return sum(1 for r in SCORING_ROUNDS if r >= now and r in s.rounds)


def features(s: ElGrandeState) -> list[tuple[float, ...]]:
    """Per player, the terms of the estimate in `TERMS`' order (the module's docstring)."""
    n = s.num_players
    left = scorings_left(s)
    areas = SPAIN_AND_NEW if s.colonies else SPAIN
    now = [area_points(s, a) for a in areas]
    board = [sum(col) for col in zip(*now)]
    castillo = area_points(s, CASTILLO)
    adjacent = (ADJ_COLONIES if s.colonies else ADJ_BASE)[s.king]
    carried = [0] * n
    for kind, _, carrier in s.discs:
        if carrier >= 0:
            carried[carrier] += DISC_VALUE[kind]
    out = []
    for p in range(n):
        disk = _castillo_out(s, p) if left else 0
        reach = _best_gain(s, p, adjacent, min(s.court[p], REACH)) if left else 0
        out.append((left * board[p], castillo[p] if left else 0, left * disk, reach, s.court[p], s.prov[p],
                    carried[p]))
    return out


def _castillo_out(s: ElGrandeState, p: int) -> int:
    """What p's Castillo Caballeros add to p's points where they go out at the next general scoring."""
    k = s.cab[p][CASTILLO]
    if not k:
        return 0
    if s.phase == DISK and s.disk_kind == DISK_GENERAL and s.disk[p] >= 0:
        a = s.disk[p]
        return 0 if a == s.king else _gain(s, p, a, k)
    return _best_gain(s, p, SPAIN, k)


def _best_gain(s: ElGrandeState, p: int, where: tuple[int, ...], k: int) -> int:
    if k <= 0:
        return 0
    return max([_gain(s, p, a, k) for a in where if a != s.king and a in SPAIN], default=0)


def _gain(s: ElGrandeState, p: int, a: int, k: int) -> int:
    """What k more of p's Caballeros in region a of Spain (not the King's) add to p's points there at a
    scoring: its place, and the Grande's +2 for a sole first place in p's home region."""
    counts = [row[a] for row in s.cab]
    values = area_values(s, a)
    bonus = GRANDE_BONUS if s.grande[p] == a else 0
    before = _points(tuple(counts), values, p, bonus)
    counts[p] += k
    return _points(tuple(counts), values, p, bonus) - before


@lru_cache(maxsize=1 << 16)
def _points(counts: tuple[int, ...], values: tuple[int, ...], p: int, bonus: int) -> int:
    """p's points in a region of Spain with these counts (cached: the same few positions recur in a search)."""
    pts = place_points(list(counts), values)[p]
    return pts + bonus if bonus and sole_first(list(counts)) == p else pts
