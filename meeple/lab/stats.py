"""The numbers of a report, from a run's games, and the tests that compare two runs.

Win rates split ties (k tied winners get 1/k each) and carry 95% Wilson intervals. A difference
between two win rates (users of an element against the other players; one run against the other)
is tested with the two-proportion z-test (pooled variance, two-sided); a difference between two
means (scores, margins, game length, points of a category) with Welch's z-test (two-sided; the runs
have hundreds of games, where Student's t and the normal distribution agree). "Significant" is
p < 0.05 for one comparison: among 40 elements about two will be flagged by chance alone, which the
report says beside its tables.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from meeple.arena.stats import wilson

from .runs import Run

ALPHA = 0.05


def p_two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def proportion_test(k1: float, n1: int, k2: float, n2: int) -> float:
    """Two-sided p-value of the pooled two-proportion z-test (1.0 when either side is empty or the
    pooled rate is 0 or 1, where there is nothing to tell apart)."""
    if n1 == 0 or n2 == 0:
        return 1.0
    pooled = (k1 + k2) / (n1 + n2)
    var = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
    if var <= 0:
        return 1.0
    return p_two_sided((k1 / n1 - k2 / n2) / math.sqrt(var))


def mean_sd(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    m = sum(xs) / n
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0


def welch_test(a: Sequence[float], b: Sequence[float]) -> float:
    """Two-sided p-value of Welch's z-test for equal means (1.0 with fewer than 2 values a side or
    no spread at all)."""
    if len(a) < 2 or len(b) < 2:
        return 1.0
    (ma, sa), (mb, sb) = mean_sd(a), mean_sd(b)
    se = math.sqrt(sa * sa / len(a) + sb * sb / len(b))
    if se == 0:
        return 1.0 if ma == mb else 0.0
    return p_two_sided((ma - mb) / se)


def rate(wins: float, games: int) -> dict[str, Any]:
    lo, hi = wilson(wins, games)
    return {"games": games, "wins": wins, "win_rate": wins / games if games else 0.0, "ci95": [lo, hi]}


def seats(run: Run) -> list[dict[str, Any]]:
    out = []
    for s, name in enumerate(run.seat_names):
        scores = [r.scores[s] for r in run.rows]
        m, sd = mean_sd(scores)
        out.append({"seat": s + 1, "name": name, **rate(sum(r.wins[s] for r in run.rows), len(run.rows)),
                    "mean_score": m, "sd_score": sd})
    return out


def margins(run: Run) -> list[float]:
    """Each game's winning margin: the best score minus the second best (0 in a tie on points)."""
    out = []
    for r in run.rows:
        top = sorted(r.scores, reverse=True)
        out.append(top[0] - top[1] if len(top) > 1 else top[0])
    return out


def scores(run: Run) -> list[float]:
    return [x for r in run.rows for x in r.scores]


def lengths(run: Run) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"decisions": [float(r.decisions) for r in run.rows]}
    if run.rows and all(r.rounds is not None for r in run.rows):
        out["rounds"] = [float(r.rounds) for r in run.rows]  # type: ignore[arg-type]
    return out


def categories(run: Run) -> list[dict[str, Any]]:
    """Mean points of each scoring category: over all players, over the winners (each game's sole or
    tied winners) and over the others."""
    names: list[str] = []
    for r in run.rows:
        for b in r.breakdown:
            names.extend(k for k in b if k not in names)
    out = []
    for c in names:
        every, won, lost = [], [], []
        for r in run.rows:
            for s, b in enumerate(r.breakdown):
                v = b.get(c, 0.0)
                every.append(v)
                (won if r.ranks[s] == 1 else lost).append(v)
        out.append({"name": c, "mean": mean_sd(every)[0], "values": every, "mean_winners": mean_sd(won)[0],
                    "mean_others": mean_sd(lost)[0], "p_value": welch_test(won, lost)})
    return out


def elements(run: Run) -> list[dict[str, Any]]:
    """For everything the game counts per player (`State.player_tallies`): how many players used it
    (at least once in a game), how often a game it was used, and the win rate of the players who used
    it against the win rate of those who did not, with the test of the difference."""
    names = sorted({k for r in run.rows for u in r.uses for k in u})
    slots = len(run.rows) * run.players
    out = []
    for k in names:
        uw = un = ow = on = 0.0
        used_games = 0
        count = 0
        for r in run.rows:
            wins = r.wins
            anyone = False
            for s, u in enumerate(r.uses):
                c = u.get(k, 0)
                count += c
                if c > 0:
                    uw, un, anyone = uw + wins[s], un + 1, True
                else:
                    ow, on = ow + wins[s], on + 1
            used_games += anyone
        users, others = rate(uw, int(un)), rate(ow, int(on))
        out.append({
            "name": k,
            "use_rate": un / slots if slots else 0.0,  # of all player-games
            "game_rate": used_games / len(run.rows) if run.rows else 0.0,  # games where someone used it
            "per_game": count / len(run.rows) if run.rows else 0.0,
            "users": users,
            "others": others,
            # None when everyone (or no one) used it: there is no one to compare with
            "difference": users["win_rate"] - others["win_rate"] if un and on else None,
            "p_value": proportion_test(uw, int(un), ow, int(on)),
        })
    return out


def summary(run: Run) -> dict[str, Any]:
    """All the numbers of one run, JSON-ready."""
    m, sd = mean_sd(margins(run))
    return {
        **run.to_json(),
        "games": len(run.rows),
        "seats": seats(run),
        "scores": dict(zip(("mean", "sd"), mean_sd(scores(run)))),
        "margin": {"mean": m, "sd": sd},
        "length": {k: dict(zip(("mean", "sd"), mean_sd(v))) for k, v in lengths(run).items()},
        "categories": [{k: v for k, v in c.items() if k != "values"} for c in categories(run)],
        "elements": elements(run),
    }


def compare(a: Run, b: Run) -> dict[str, Any]:
    """The differences of run b from run a, each with its p-value and whether it is significant."""

    def diff(x: float, y: float, p: float) -> dict[str, Any]:
        return {"a": x, "b": y, "difference": y - x, "p_value": p, "significant": p < ALPHA}

    sa, sb = seats(a), seats(b)
    out: dict[str, Any] = {
        "seats": [
            {"seat": x["seat"], "win_rate": diff(x["win_rate"], y["win_rate"],
                                                 proportion_test(x["wins"], x["games"], y["wins"], y["games"])),
             "mean_score": diff(x["mean_score"], y["mean_score"],
                                welch_test([r.scores[i] for r in a.rows], [r.scores[i] for r in b.rows]))}
            for i, (x, y) in enumerate(zip(sa, sb))
        ],
        "margin": diff(mean_sd(margins(a))[0], mean_sd(margins(b))[0], welch_test(margins(a), margins(b))),
        "length": {},
        "categories": [],
        "elements": [],
    }
    la, lb = lengths(a), lengths(b)
    for k in la.keys() & lb.keys():
        out["length"][k] = diff(mean_sd(la[k])[0], mean_sd(lb[k])[0], welch_test(la[k], lb[k]))
    cb = {c["name"]: c for c in categories(b)}
    for c in categories(a):
        if c["name"] in cb:
            d = diff(c["mean"], cb[c["name"]]["mean"], welch_test(c["values"], cb[c["name"]]["values"]))
            out["categories"].append({"name": c["name"], **d})
    ea, eb = {e["name"]: e for e in elements(a)}, {e["name"]: e for e in elements(b)}
    unused = {"use_rate": 0.0, "users": rate(0, 0)}  # an element only the other option set has
    for name in sorted(ea.keys() | eb.keys()):
        e, f = ea.get(name, unused), eb.get(name, unused)
        n_a, n_b = len(a.rows) * a.players, len(b.rows) * b.players
        ua, ub = e["users"], f["users"]
        out["elements"].append({
            "name": name,
            "use_rate": diff(e["use_rate"], f["use_rate"],
                             proportion_test(e["use_rate"] * n_a, n_a, f["use_rate"] * n_b, n_b)),
            "users_win_rate": diff(ua["win_rate"], ub["win_rate"],
                                   proportion_test(ua["wins"], ua["games"], ub["wins"], ub["games"])),
        })
    return out
