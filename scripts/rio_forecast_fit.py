"""Fits Río de la Plata's forecast of the final scores (meeple/games/riodelaplata/forecast.py).

    python scripts/rio_forecast_fit.py collect FIRST GAMES OUT [SPEC]   # games, one line each
    python scripts/rio_forecast_fit.py fit OUT.json FILE...      # weights per turns left, and a report
    python scripts/rio_forecast_fit.py own OUT.json FILE...      # the searcher's own weights (SPEC's games)

`collect` plays games FIRST .. FIRST+GAMES-1 between four greedy seats (bots seeded 10 x game + seat),
or with SPEC (e.g. `mcts:seconds=1`) the war bed's seat in seat (game seed) mod 4 (`rio_war_greedy.py`: the
greedy bot's placements, SPEC's war moves; its seat is the line's "searcher"), and writes, at the start of each game turn (`forecast.at_turn_start`), every player's FEATURES and
evaluation, with the final scores. `fit` (needs numpy: `pip install -e '.[fit]'`) fits, for each number
of game turns still to come, final score - the table's mean = weights x (features - the table's mean)
by ridge least squares on the first 70% of the games, reports on the other 30% the error and how often
the forecast's leader won (beside the evaluation's, fitted as one slope), then refits on all the games
and writes the weights. `own` takes games collected with SPEC and fits, on the searcher's rows, what
its final score makes of its holdings beyond the forecast's weights (data/forecast.json): a shift and
a change of each weight (smooth over the game as above), ridge toward none, chosen on the held-out
30%; it writes the searcher's weights (data/forecast_own.json, for `mcts:judge=own`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import rio_forecast_study  # the greedy games' loop (this folder)
import rio_war_greedy  # the war bed's seat

from meeple.bots.greedy import GreedyBot
from meeple.games.riodelaplata.evaluation import CITY_WORKER, GOODS_WORTH, HUT_POTENTIAL, ORDER_WEIGHTS
from meeple.games.riodelaplata.forecast import FEATURES, features


def collect(first: int, games: int, out: str, spec: str | None = None) -> None:
    # the first turn's start holds nothing to tell the players apart but the order
    def row(s: Any) -> dict:
        return {"left": s.num_turns - s.turn, "features": features(s), "evaluation": s.evaluate()}

    def bed(seed: int, game: Any) -> tuple[list[Any], dict]:
        seat = seed % 4
        bots = [GreedyBot(seed=seed * 10 + i) for i in range(4)]
        bots[seat] = rio_war_greedy.agent_for(spec, seed * 10 + seat, game, "peace")
        return bots, {"searcher": seat, "spec": spec}

    rio_forecast_study.collect(first, games, out, row, since=0, agents=bed if spec else None)


def _rows(games: list[dict]):  # noqa: ANN202 (numpy arrays)
    """Every player at every turn start: features, final score and evaluation, each minus the table's
    mean, and the turns left (four rows a table, in order)."""
    import numpy as np

    xs, ys, evals, lefts = [], [], [], []
    for g in games:
        y = np.array(g["final"], dtype=float)
        for r in g["rows"]:
            x = np.array(r["features"], dtype=float)
            e = np.array(r["evaluation"], dtype=float)
            xs.append(x - x.mean(axis=0))
            ys.append(y - y.mean())
            evals.append(e - e.mean())
            lefts += [r["left"]] * len(y)
    return np.vstack(xs), np.concatenate(ys), np.concatenate(evals), np.array(lefts)


def prior(left: int, num_turns: int = 20) -> list[float]:
    """The evaluation's own weights of FEATURES (what the fit is pulled toward where the games say little:
    greedy players never hold some of these at the start of a turn)."""
    u = left / num_turns
    a0, a1 = ORDER_WEIGHTS["attacked"]
    r0, r1 = ORDER_WEIGHTS["place"]
    silver, wood, _, precious = GOODS_WORTH
    own = {"vp": 1.0, "silver": silver, "wood_stone": wood, "precious": precious, "houses": 1.0, "huts": HUT_POTENTIAL,
           "builders": CITY_WORKER, "offices": 1.0, "grid": 1.0, "cargo": 1.0, "tracks": 0.3,
           "place": r0 + r1 * u, "attacked": a0 + a1 * u}
    return [own.get(f, 0.0) for f in FEATURES]


def _design(x, lefts):  # noqa: ANN001, ANN202
    """Each feature times 1, u and u^2 (u: the share of the 20 game turns still to come): weights that
    change smoothly over the game, fitted on all turns at once."""
    import numpy as np

    u = (np.asarray(lefts, dtype=float) / 20)[:, None]
    return np.hstack([x, x * u, x * u * u])


def _ridge(x, y, lefts, lam):  # noqa: ANN001, ANN202
    """Least squares pulled toward `prior` by lam (in units of each column's spread, per sample)."""
    import numpy as np

    p = np.array([prior(left) for left in lefts])
    # a feature that fewer than RARE of the rows hold keeps the evaluation's weight: production
    # buildings (1% of the rows) got 6 VP each early in the game from a few hundred cases, and a search
    # judged by that weight built Stonecutters and Carpenters and lost every one of its first 6 games
    held = np.mean(x != 0, axis=0) >= RARE
    rest = y - np.sum(x * p, axis=1)  # what the prior leaves to explain
    return _solve(_design(x * held, lefts), rest, lam)  # the design's weights on top of the prior


def _solve(z, target, lam, free=None):  # noqa: ANN001, ANN202
    """Ridge least squares of `target` on the columns of `z`, each pulled toward 0 by lam in units of its
    spread (per sample); the column `free` is not pulled, nor rescaled."""
    import numpy as np

    scale = z.std(axis=0)
    scale[scale == 0] = 1.0
    pull = lam * len(z) * np.eye(z.shape[1])
    if free is not None:
        scale[free] = 1.0
        pull[free, free] = 0.0
    zs = z / scale
    return np.linalg.solve(zs.T @ zs + pull, zs.T @ target) / scale


def _weights(d, left):  # noqa: ANN001, ANN202
    import numpy as np

    k = len(FEATURES)
    u = left / 20
    return np.array(prior(left)) + d[:k] + d[k:2 * k] * u + d[2 * k:] * u * u


RARE = 0.05
LAMBDAS = (0.01, 0.1, 1.0, 3.0, 10.0, 30.0, 100.0)


def fit(out: str, files: list[str]) -> None:
    import numpy as np

    games = [json.loads(line) for name in files for line in Path(name).read_text(encoding="utf-8").splitlines()]
    cut = int(len(games) * 0.7)
    x, y, e, lefts = _rows(games[:cut])
    tx, ty, te, tlefts = _rows(games[cut:])

    def predict(d, x, lefts):  # noqa: ANN001, ANN202
        return np.sum(x * np.array([_weights(d, left) for left in lefts]), axis=1)

    errors = {}
    for lam in LAMBDAS:
        d = _ridge(x, y, lefts, lam)
        errors[lam] = float(np.sqrt(np.mean((predict(d, tx, tlefts) - ty) ** 2)))
    lam = min(errors, key=errors.get)
    print(f"{len(games)} games; fitted on the first {cut}, tested on the rest; held-out RMSE by ridge: "
          + ", ".join(f"{k:g}: {v:.2f}" for k, v in errors.items()) + f" (chosen {lam:g})")
    d = _ridge(x, y, lefts, lam)
    pred = predict(d, tx, tlefts)
    print("turns left | final scores' SD | RMSE: evaluation x slope / forecast | leader wins: evaluation / forecast")
    for left in sorted(set(lefts.tolist()), reverse=True):
        m, tm = lefts == left, tlefts == left
        slope = float(e[m] @ y[m] / (e[m] @ e[m])) if e[m] @ e[m] else 0.0
        truth, ev, fo = ty[tm].reshape(-1, 4), te[tm].reshape(-1, 4), pred[tm].reshape(-1, 4)

        def named(v, truth=truth):  # noqa: ANN001, ANN202
            return 100 * float(np.mean(np.argmax(v, axis=1) == np.argmax(truth, axis=1)))

        print(f"{left:10d} | {truth.std():16.1f} | {np.sqrt(np.mean((slope * ev - truth) ** 2)):18.1f} / "
              f"{np.sqrt(np.mean((fo - truth) ** 2)):4.1f}   | {named(ev):9.0f}% / {named(fo):3.0f}%")
    ax, ay, _, alefts = _rows(games)
    d = _ridge(ax, ay, alefts, lam)
    means = {left: float(np.mean([g["final"] for g in games if any(r["left"] == left for r in g["rows"])]))
             for left in set(alefts.tolist())}
    weights = {str(left): {"mean": round(means[left], 2), "weights": [round(float(w), 4) for w in _weights(d, left)]}
               for left in sorted(means, reverse=True)}
    print("weights (turns left: " + ", ".join(FEATURES) + ")")
    for left, v in weights.items():
        print(f"{left:>3}: " + " ".join(f"{w:6.2f}" for w in v["weights"]))
    seeds = sorted(g["seed"] for g in games)
    runs = [[seeds[0], seeds[0]]]
    for x in seeds[1:]:
        if x == runs[-1][1] + 1:
            runs[-1][1] = x
        else:
            runs.append([x, x])
    collects = "; ".join(f"collect {a} {b - a + 1} F{i}.jsonl" for i, (a, b) in enumerate(runs))
    doc = {
        "note": ("Río de la Plata's forecast of the final scores at the start of a game turn (forecast.py): "
                 "per number of game turns still to come, the mean final score and the weights of the features "
                 "(relative to the table's mean): ridge least squares toward the evaluation's own weights, smooth "
                 f"over the game (1, u, u^2), on {len(games)} four-player greedy games, ridge {lam:g} chosen on "
                 f"held-out games; a feature fewer than {RARE:.0%} of the rows hold keeps the evaluation's weight "
                 "(decision: a search exploited production buildings' weight, fitted on 1% of the rows). "
                 f"Reproduce with python scripts/rio_forecast_fit.py: {collects}; fit {out} "
                 + " ".join(f"F{i}.jsonl" for i in range(len(runs))) + "."),
        "features": list(FEATURES),
        "ridge": lam,
        "turns_left": weights,
    }
    Path(out).write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")


def _own_rows(games: list[dict]):  # noqa: ANN202 (numpy arrays)
    """The searcher's rows: features minus the table's mean, what the final score beyond the table's mean
    has left over after the forecast's weights, and the turns left."""
    import numpy as np

    from meeple.games.riodelaplata.forecast import WEIGHTS

    xs, rest, lefts = [], [], []
    for g in games:
        y = np.array(g["final"], dtype=float)
        for r in g["rows"]:
            x = np.array(r["features"], dtype=float)
            mine = x[g["searcher"]] - x.mean(axis=0)
            xs.append(mine)
            rest.append(y[g["searcher"]] - y.mean() - float(mine @ np.array(WEIGHTS[r["left"]][1])))
            lefts.append(r["left"])
    return np.vstack(xs), np.array(rest), np.array(lefts)


def _own_design(x, lefts, held):  # noqa: ANN001, ANN202
    """`_design`'s columns for the features held, and a shift smooth over the game (1, u, u^2)."""
    import numpy as np

    u = (np.asarray(lefts, dtype=float) / 20)[:, None]
    return np.hstack([_design(x * held, lefts), np.ones_like(u), u, u * u])


def _own_ridge(z, rest, lam):  # noqa: ANN001, ANN202
    """Ridge toward no change; the shift's constant column (third from the end) is not pulled."""
    return _solve(z, rest, lam, free=-3)


def own(out: str, files: list[str]) -> None:
    import numpy as np

    from meeple.games.riodelaplata.forecast import WEIGHTS

    games = [json.loads(line) for name in files for line in Path(name).read_text(encoding="utf-8").splitlines()]
    specs = {g.get("spec") for g in games}
    if None in specs or len(specs) != 1:
        sys.exit(f"own needs games collected with one SPEC; these have {sorted(map(str, specs))}")
    cut = int(len(games) * 0.7)
    x, rest, lefts = _own_rows(games[:cut])
    tx, trest, tlefts = _own_rows(games[cut:])
    held = np.mean(x != 0, axis=0) >= RARE
    z, tz = _own_design(x, lefts, held), _own_design(tx, tlefts, held)
    shift = float(np.mean(rest))
    errors = {lam: float(np.sqrt(np.mean((tz @ _own_ridge(z, rest, lam) - trest) ** 2))) for lam in LAMBDAS}
    lam = min(errors, key=errors.get)
    print(f"{len(games)} games of {specs.pop()}; fitted on the first {cut}, tested on the rest. The searcher's "
          f"held-out RMSE: the forecast {np.sqrt(np.mean(trest ** 2)):.2f}, and shifted by the mean "
          f"{np.sqrt(np.mean((trest - shift) ** 2)):.2f}; with its own weights, by ridge: "
          + ", ".join(f"{k:g}: {v:.2f}" for k, v in errors.items()) + f" (chosen {lam:g})")
    ax, arest, alefts = _own_rows(games)
    held = np.mean(ax != 0, axis=0) >= RARE
    d = _own_ridge(_own_design(ax, alefts, held), arest, lam)
    k = 3 * len(FEATURES)
    weights = {}
    for left in sorted(set(alefts.tolist()), reverse=True):
        u = left / 20
        change = _weights(d[:k], left) - np.array(prior(left))  # _weights adds the prior; only the change here
        weights[str(left)] = {"shift": round(float(d[k] + d[k + 1] * u + d[k + 2] * u * u), 2),
                              "weights": [round(float(w), 4) for w in np.array(WEIGHTS[left][1]) + change]}
    print("turns left: shift | the searcher's weights minus the forecast's (" + ", ".join(FEATURES) + ")")
    for left, v in weights.items():
        print(f"{left:>3}: {v['shift']:6.2f} | " + " ".join(
            f"{w - f:6.2f}" for w, f in zip(v["weights"], WEIGHTS[int(left)][1])))
    doc = {
        "note": ("Río de la Plata's forecast for the searching player (forecast.py, mcts:judge=own): per number of "
                 "game turns still to come, a shift of its forecast final score and its weights of the features, "
                 "the forecast's (forecast.json) plus a change fitted to the searcher's rows of "
                 f"{len(games)} four-player games of the war bed ({json.dumps(games[0]['spec'])} at war moves, the "
                 "greedy bot's placements, three greedy seats): ridge toward no change, smooth over the game "
                 f"(1, u, u^2), ridge {lam:g} chosen on held-out games. Reproduce with "
                 "python scripts/rio_forecast_fit.py collect FIRST GAMES F.jsonl SPEC; own OUT F.jsonl..."),
        "features": list(FEATURES),
        "ridge": lam,
        "turns_left": weights,
    }
    Path(out).write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if len(sys.argv) in (5, 6) and sys.argv[1] == "collect":
        collect(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], *sys.argv[5:])
    elif len(sys.argv) >= 4 and sys.argv[1] == "fit":
        fit(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) >= 4 and sys.argv[1] == "own":
        own(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(__doc__)
