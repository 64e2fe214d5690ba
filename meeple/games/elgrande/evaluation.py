"""A score estimate for bots: the points so far plus what each part of the board is worth by the rules,
term by term (`features`), weighted by `WEIGHTS` (read from the rules; tools/elgrande_fit.py refits
them from greedy self-play, and docs/bots.md says why its fit was not taken).

- the regions: what a general scoring now would give, once per general scoring left;
- the Castillo: its 5/3/1 now, scored once at the next general scoring (it is emptied then);
- the secret disk: the Castillo's Caballeros go out at that scoring, all into one region of Spain of
  their owner's choice (the disk): what they add there, once per general scoring left (the disk's
  region once it is set, the best region while it is open; the King's region sends them to court);
- majorities reachable next turn: the most the player's court could add in one region next to the
  King (where the King's moves let Caballeros go) or in the Castillo (open to every placement,
  wherever the King stands), for the next general scoring;
- the court and the provinces: the Caballeros ready to place (those the power card played this round
  will bring included), up to the five a turn places at most; those beyond, and those in the
  provinces, one power card away;
- the Colonies: the Gold and Wares a Caballero carries (worth 6 and 4 on reaching Spain); France,
  the Ship's Captain and America's Viceroy are scored as regions, as the rules score them;
- the pick of the action cards: until a player takes their card this round, the Caballeros they can
  place from the best card left at their turn (turns go from the highest power card down, the cards
  place 1 to 5, and each player ahead takes the best), so a high power card is worth its first choice.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .data import (
    ADJ_BASE,
    ADJ_COLONIES,
    CASTILLO,
    DISC_VALUE,
    GRANDE_BONUS,
    KING_BONUS,
    NEW,
    POWER_TO_COURT,
    SCORING_ROUNDS,
    SPAIN,
)
from .phases import COURT_STEP, DISK, DISK_GENERAL, FREE, OVER, POWER
from .scoring import area_points, area_values, place_points, sole_first

if TYPE_CHECKING:
    from .state import ElGrandeState

SPAIN_AND_NEW = SPAIN + NEW
REACH = 2  # Caballeros a player typically places into one region in a turn (a card's 1-5, split)
TURN_MOST = 5  # the most Caballeros a turn places (the King's card)

# one weight per term of `features`, in its order
TERMS = ("regions", "castillo", "disk", "reach", "court", "provinces", "discs", "pick")
WEIGHTS = (0.8, 1.0, 0.8, 0.5, 0.4, 0.1, 0.8, 0.4)


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
    castillo = area_points(s, CASTILLO)
    in_castillo = (tuple([row[CASTILLO] for row in s.cab]), area_values(s, CASTILLO))
    adjacent = (ADJ_COLONIES if s.colonies else ADJ_BASE)[s.king]
    carried = [0] * n
    for kind, _, carrier in s.discs:
        if carrier >= 0:
            carried[carrier] += DISC_VALUE[kind]
    # each region of Spain as the gains below read it: the counts by colour and the values it scores
    spain = [(tuple([row[a] for row in s.cab]), area_values(s, a)) for a in SPAIN]
    now = [_region_points(*spain[a], a == s.king, tuple([g == a for g in s.grande])) for a in SPAIN]
    now += [area_points(s, a) for a in areas[len(SPAIN):]]  # the Colonies' regions, with their extras
    board = [sum(col) for col in zip(*now)]
    open_regions = [a for a in SPAIN if a != s.king]
    next_to_king = [a for a in adjacent if a in SPAIN]
    out = []
    for p in range(n):
        disk = _castillo_out(s, p, spain, open_regions) if left else 0
        k = min(s.court[p], REACH)
        # a lead in the Castillo is not safe from a rival's court (nor a rival's from this player's):
        # it is open to every placement, so it is reachable next turn as the regions next to the King are
        reach = 0
        if left and k:
            reach = max(_best_gain(s, p, spain, next_to_king, k), _gain(*in_castillo, p, k, 0))
        ready = s.court[p] + _coming(s, p)
        court = min(ready, TURN_MOST)
        out.append((left * board[p], castillo[p] if left else 0, left * disk, reach, court,
                    s.court[p] + s.prov[p] - court, carried[p], _pick(s, p, ready)))
    return out


def _coming(s: ElGrandeState, p: int) -> int:
    """The Caballeros p's power card of this round brings from the provinces to court when p's turn
    comes (§4.1), if it has not come yet."""
    v = s.played[p]
    if not v:
        return 0
    ph = s.phase
    if ph == COURT_STEP and p == s.cur:
        k = s.left
    elif ph == POWER or ph == FREE and p == s.cur or p in s.turns[s.turn_i + 1:] and ph not in (DISK, OVER):
        k = POWER_TO_COURT[v - 1]
    else:
        return 0
    return min(k, s.prov[p])


def _pick(s: ElGrandeState, p: int, ready: int) -> int:
    """The Caballeros p can place this round from the action card left at its turn, if p has not taken
    its card yet: turns go from the highest power card down, each player takes one face-up card, one of
    each stack, and a card places as many as its stack's number (§4, §6), so the k-th to choose has the
    card of 5 - k at best (each player ahead taking the best). In the bidding, a player who has not bid
    yet counts as acting after those who have. A high power card is worth its first choice of the cards;
    which card a player takes does not change the others' pick (a card left is not priced here)."""
    if not s.faceup:
        return 0
    if s.phase == POWER:
        mine = s.played[p]
        ahead = sum(1 for v in s.played if v > mine)
    else:
        if s.cur < 0 or p not in s.turns:
            return 0
        j = s.turns.index(p) - s.turn_i
        taken = 1 if s.card >= 0 else 0  # the current player has taken its card
        if j < taken:
            return 0
        ahead = j - taken
    return max(0, min(ready, TURN_MOST - ahead))


@lru_cache(maxsize=1 << 14)
def _region_points(counts: tuple[int, ...], values: tuple[int, ...], king: bool, homes: tuple[bool, ...]
                   ) -> tuple[int, ...]:
    """A region of Spain's points per player (as `scoring.area_points`): the places, and the King's and
    the Grande's +2 for a sole first place (cached by the counts: the same regions recur in a search)."""
    pts = place_points(list(counts), values)
    first = sole_first(list(counts))
    if first >= 0:
        pts[first] += (KING_BONUS if king else 0) + (GRANDE_BONUS if homes[first] else 0)
    return tuple(pts)  # shared by every caller of the cache: not to be changed


Regions = list[tuple[tuple[int, ...], tuple[int, ...]]]


def _castillo_out(s: ElGrandeState, p: int, spain: Regions, open_regions: list[int]) -> int:
    """What p's Castillo Caballeros add to p's points where they go out at the next general scoring."""
    k = s.cab[p][CASTILLO]
    if not k:
        return 0
    if s.phase == DISK and s.disk_kind == DISK_GENERAL and s.disk[p] >= 0:
        a = s.disk[p]
        return 0 if a == s.king else _best_gain(s, p, spain, [a], k)
    return _best_gain(s, p, spain, open_regions, k)


def _best_gain(s: ElGrandeState, p: int, spain: Regions, where: list[int], k: int) -> int:
    """The most k more of p's Caballeros add to p's points in one region of `where` (of Spain, not the
    King's) at a scoring: its place there, and the Grande's +2 for a sole first place in p's home region."""
    if k <= 0:
        return 0
    home = s.grande[p]
    return max([_gain(*spain[a], p, k, GRANDE_BONUS if a == home else 0) for a in where], default=0)


@lru_cache(maxsize=1 << 16)
def _gain(counts: tuple[int, ...], values: tuple[int, ...], p: int, k: int, bonus: int) -> int:
    """(Cached: the same few regions recur through a search.)"""
    more = list(counts)
    more[p] += k
    return _points(more, values, p, bonus) - _points(list(counts), values, p, bonus)


def _points(counts: list[int], values: tuple[int, ...], p: int, bonus: int) -> int:
    pts = place_points(counts, values)[p]
    return pts + bonus if bonus and sole_first(counts) == p else pts
