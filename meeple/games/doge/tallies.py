"""What each player used in a game of Doge, one count per kind of element, for `meeple simulate
--stats` (summed over games) and `meeple report` (the win rate of the players who used each).

Read from the game's public events, so they need the log on, as the engine's per-player counts do (both
commands play with it on); the bots' searches never pay for them. The kinds:

- ``card AREA``: a ballot card played (the 6 districts and the Quarantia); ``markers K``: a card played
  with K markers (1 to 4); ``sat out``: a ballot round the player sat out, all 7 markers placed.
- ``first AREA`` (alone), ``tied first AREA``, ``second AREA`` (alone or tied): the elections' results.
- ``advisor NAME``: one of the 9 advisors taken (``advisor Cannaregio``, ``advisor Quarantia 1``).
- ``palace DISTRICT`` and ``palace space K``: a palace built in the district, on the space costing K.
- ``houses placed`` (one per house), ``house moves``, ``placements lost`` (no house left in supply).
- ``end CONDITION`` (``six_districts``, ``seven_in_five``, ``eight_in_four``): an end condition the
  player fulfils when the game ends; ``doge``: the player became Doge (alone or sharing it).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .ballots import rounds
from .data import ADVISOR_HOME, AREA_NAMES, QUARANTIA, QUARANTIA_ADVISORS
from .elections import standings
from .scoring import conditions_met, doges, result

if TYPE_CHECKING:
    from .state import DogeState


def advisor_kind(a: int) -> str:
    home = ADVISOR_HOME[a]
    if home == QUARANTIA:
        return f"advisor Quarantia {QUARANTIA_ADVISORS.index(a) + 1}"
    return f"advisor {AREA_NAMES[home]}"


def rounds_held(s: DogeState) -> int:
    """Ballot rounds so far: every year's, the year in progress only up to its present round (a year
    whose players all placed their 7 markers early skips its later rounds, which they all sat out)."""
    return rounds(s) * (s.year - 1) + (s.rnd if s.phase == 0 else rounds(s))  # 0: the ballot phase


def player_counts(s: DogeState) -> list[Counter[str]]:
    """Each player's count of every kind above (empty with the log off)."""
    n = s.num_players
    out: list[Counter[str]] = [Counter() for _ in range(n)]
    if not s.events:
        return out
    for e in s.events:
        if e.to is not None:
            continue  # a private copy (a player's own marker values): its public event counts
        data = e.data or {}
        p = e.player
        if e.kind == "ballot":
            out[p][f"card {AREA_NAMES[data['area']]}"] += 1
            out[p][f"markers {data['count']}"] += 1
        elif e.kind == "election":
            area = AREA_NAMES[data["area"]]
            firsts, seconds = standings(data["votes"])
            for q in firsts:
                out[q][f"{'first' if len(firsts) == 1 else 'tied first'} {area}"] += 1
            for q in seconds:
                out[q][f"second {area}"] += 1
        elif e.kind == "advisor":
            out[p][advisor_kind(data["advisor"])] += 1
        elif e.kind == "palace":
            out[p][f"palace {AREA_NAMES[data['district']]}"] += 1
            out[p][f"palace space {data['cost']}"] += 1
        elif e.kind == "place" and "district" in data:  # (a declined placement names none)
            out[p]["houses placed"] += data.get("count", 1)  # a player placing alone: one at a time
        elif e.kind == "move":
            out[p]["house moves"] += 1
        elif e.kind == "lost":
            out[p]["placements lost"] += 1
    for p in range(n):
        # every year has its ballot rounds; a round without a card of p's is one p sat out
        played = sum(v for k, v in out[p].items() if k.startswith("card "))
        sat_out = rounds_held(s) - played
        if sat_out:
            out[p]["sat out"] = sat_out
    if s.is_terminal():
        winners = doges(result(s))
        for p in range(n):
            for name in conditions_met(s, p):
                out[p][f"end {name}"] += 1
            if p in winners:
                out[p]["doge"] += 1
    return out


def tallies(s: DogeState) -> dict[str, int]:
    """The kinds above summed over the players (a tie for first counts once per tied player)."""
    total: Counter[str] = Counter()
    for counts in player_counts(s):
        total.update(counts)
    return dict(total)
