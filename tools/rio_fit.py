"""Río de la Plata's fitted data, refitted from games: the order weights and win temperatures of
`data/evaluation.json` and the forecast of `data/forecast.json` and `data/forecast_own.json` (a tool,
not a test; the fits need numpy: `pip install -e '.[fit]'`). Rerun them when the rules or the
evaluation change; each data file's note says the commands that made it.

    python tools/rio_fit.py order-collect FIRST GAMES OUT   # greedy games: positions every 7th decision
    python tools/rio_fit.py order FILE...                   # evaluation.json's order weights
    python tools/rio_fit.py temperature FILE...             # its win_temperature (log-loss by temperature)
    python tools/rio_fit.py collect FIRST GAMES OUT [SPEC]  # greedy games: every game turn's start
    python tools/rio_fit.py temperatures FILE...            # evaluation.json's win_temperatures
    python tools/rio_fit.py forecast OUT FILE...            # forecast.json
    python tools/rio_fit.py own OUT FILE...                 # forecast_own.json (games collected with SPEC)

Both collections play games FIRST .. FIRST+GAMES-1 of four greedy seats (bots seeded 10 x game + seat)
and append one game a line to OUT. `order-collect` turns the evaluation's order term off and writes,
every 7th decision, each player's estimate, place in the next order and whether it has attacked, with
the final scores; `order` regresses the final score minus the estimate (relative to the table's mean,
outside wars) on those two, each also times the share of turns to come, on three games of four, and
prints the weights and how often the highest estimate named the winner in the held-out fourth, without
and with the term; `temperature` prints the log-loss of the estimates' softmax against the winners for
a few temperatures.

`collect` writes, at the start of each game turn, the turn, the turns left, every player's evaluation
and the forecast's FEATURES, with the final scores; with SPEC (e.g. `mcts:seconds=1`) the seat (game
seed) mod 4 is the war bed's (the greedy bot's placements and effects, SPEC's war moves; its seat is the
line's "searcher"). `temperatures` fits, per game turn, the softmax temperature of the evaluations that
best names the final winners, and one smooth over the game (the data file keeps the smooth one).
`forecast` fits, for each number of game turns still to come (the first turn's start left out: it holds
nothing but the order), final score - the table's mean = weights x (features - the table's mean) by
ridge least squares on the first 70% of the games, reports on the other 30% the error and how often the
forecast's leader won (beside the evaluation's), then refits on all the games and writes OUT. `own` takes
games collected with SPEC and fits, on the searcher's rows, what its final score makes of its holdings
beyond the forecast's weights, and writes OUT.

The studies that made these (docs/bots.md: "The order of play", "Rewards that count wins", "A judge
fitted to the final scores", "A judge fitted to the search's own games") used `scripts/rio_war_study.py`,
`scripts/rio_forecast_study.py` and `scripts/rio_forecast_fit.py`, last in commit 747dc20; the same
seeds give the same games here.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

import meeple.games.riodelaplata.evaluation as ev
from meeple.bots import make_bot
from meeple.bots.greedy import GreedyBot
from meeple.engine import Action, MeepleError, load, play_match
from meeple.games.riodelaplata.endturn import next_order
from meeple.games.riodelaplata.evaluation import CITY_WORKER, GOODS_WORTH, HUT_POTENTIAL, ORDER_WEIGHTS
from meeple.games.riodelaplata.forecast import FEATURES, at_turn_start, features

GAME = load("riodelaplata")


def _read(files: list[str], first_turn: bool = True) -> list[dict]:
    """The games of collected files, one a line; without the first game turn's start if not `first_turn`."""
    games = [json.loads(line) for name in files for line in Path(name).read_text(encoding="utf-8").splitlines()]
    if not first_turn:
        for g in games:
            g["rows"] = [r for r in g["rows"] if r.get("turn") != 0]
    return games


class PhaseSplit:
    """The war bed's seat: one agent's moves during a war, another's outside it."""

    def __init__(self, peace: Any, war: Any, name: str) -> None:
        self.peace, self.war, self.name = peace, war, name

    def act(self, state: Any, player: int) -> Action:
        return (self.war if state.phase == "war" else self.peace).act(state, player)


def collect(first: int, games: int, out: str, spec: str | None = None) -> None:
    with open(out, "a", encoding="utf-8") as f:
        for seed in range(first, first + games):
            s: Any = GAME.new_state(4, seed)
            bots: list[Any] = [GreedyBot(seed=seed * 10 + i) for i in range(4)]
            extra: dict[str, Any] = {}
            if spec:
                seat = seed % 4
                bots[seat] = PhaseSplit(make_bot("greedy", seed=seed * 10 + seat, game=GAME),
                                        make_bot(spec, seed=seed * 10 + seat, game=GAME), spec)
                extra = {"searcher": seat, "spec": spec}
            rows = []
            seen = -1
            while not s.is_terminal():
                if s.turn != seen and at_turn_start(s):
                    seen = s.turn
                    rows.append({"turn": s.turn, "left": s.num_turns - s.turn, "features": features(s),
                                 "evaluation": list(s.evaluate())})
                p = s.to_move()[0]
                s.apply(p, bots[p].act(s, p))
            f.write(json.dumps({"seed": seed, **extra, "final": [float(x) for x in s.result().scores], "rows": rows})
                    + "\n")
            f.flush()


# the order term switched off while the order games are collected
OFF = {"add_order_prospects": lambda s, out: None}


def order_collect(first: int, games: int, out: str) -> None:
    ev.add_order_prospects = OFF["add_order_prospects"]
    with open(out, "a", encoding="utf-8") as f:
        for i in range(first, first + games):
            rows: list[dict[str, Any]] = []
            steps = [0]

            def record(s: Any, _p: int, _a: Action, rows: list[dict[str, Any]] = rows, steps: list[int] = steps) -> None:
                steps[0] += 1
                if s.is_terminal() or steps[0] % 7:
                    return
                place = {p: k for k, p in enumerate(next_order(s))}
                rows.append({"left": (s.num_turns - s.turn) / s.num_turns, "war": s.war is not None,
                             "estimate": s.evaluate(), "attacked": list(s.attacked), "place": [place[p] for p in range(4)]})

            bots = [make_bot("greedy", seed=i * 10 + p, game=GAME) for p in range(4)]
            result = play_match(GAME, bots, seed=i, on_step=record).state.result()
            f.write(json.dumps({"seed": i, "scores": result.scores, "ranks": result.ranks, "rows": rows}) + "\n")


def _order_features(row: dict[str, Any], p: int) -> list[float]:
    """Having attacked and the place in the next order, each alone and times the share of turns to come."""
    a, k, left = row["attacked"][p], row["place"][p], row["left"]
    return [a, a * left, k, k * left]


def order(files: list[str]) -> None:
    import numpy as np

    games = _read(files)

    def peacetime(part: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any], Any]]:
        """Each game's positions outside wars, with the features relative to the table's mean."""
        out = []
        for g in part:
            for row in g["rows"]:
                if not row["war"]:
                    x = np.array([_order_features(row, p) for p in range(4)])
                    out.append((g, row, x - x.mean(0)))
        return out

    fitted = peacetime([g for i, g in enumerate(games) if i % 4])
    x = np.vstack([c for _, _, c in fitted])
    ys = [np.array(g["scores"], float) - np.array(row["estimate"]) for g, row, _ in fitted]
    y = np.concatenate([v - v.mean() for v in ys])
    w = np.linalg.lstsq(x, y, rcond=None)[0]
    named = [0, 0]
    held_out = peacetime(games[::4])
    for g, row, c in held_out:
        winner = g["ranks"].index(1)
        est = np.array(row["estimate"])
        named[0] += int(np.argmax(est) == winner)
        named[1] += int(np.argmax(est + c @ w) == winner)
    rows = len(held_out)
    print(json.dumps({"attacked": [round(w[0], 3), round(w[1], 3)], "place": [round(w[2], 3), round(w[3], 3)]}))
    print(f"{len(games)} games, {len(fitted)} positions fitted; the highest estimate named the winner in "
          f"{named[0] / rows:.1%} of {rows} held-out positions without the term, {named[1] / rows:.1%} with it")


def temperature(files: list[str]) -> None:
    """The win temperature of data/evaluation.json: the softmax of the estimates (outside wars) that
    best names the final winners (log-loss; a tie shares the win), over a grid of temperatures, for
    all positions and for the first and last thirds of the game apart."""
    games = _read(files)
    rows = []
    for g in games:
        top = [1.0 if r == 1 else 0.0 for r in g["ranks"]]
        won = [w / sum(top) for w in top]
        rows += [(row["estimate"], won, row["left"]) for row in g["rows"] if not row["war"]]

    def loss(temp: float, part: list[tuple[list[float], list[float], float]]) -> float:
        return win_log_loss([(v, won) for v, won, _ in part], temp)

    early = [r for r in rows if r[2] > 0.6]
    late = [r for r in rows if r[2] < 0.3]
    print(f"{len(rows)} positions; even chances: {math.log(4):.3f}")
    for temp in (4, 6, 8, 10, 15, 20, 30):
        print(f"temperature {temp:>2}: log-loss {loss(temp, rows):.3f} (early {loss(temp, early):.3f}, "
              f"late {loss(temp, late):.3f})")


def win_log_loss(rows: list[tuple[list[float], list[float]]], temp: float) -> float:
    """The mean log-loss of a softmax of the estimates at `temp` against who won, over (estimates,
    win shares) pairs."""
    from meeple.bots.common import win_chances

    return -sum(w * math.log(max(c, 1e-12)) for v, won in rows for w, c in zip(won, win_chances(v, temp)) if w) / len(rows)


def temperatures(files: list[str]) -> None:
    from meeple.games.riodelaplata.evaluation import WIN_TEMPERATURE

    games = _read(files)
    cut = int(len(games) * 0.7)
    grid = [2.0 * 1.1 ** k for k in range(50)]  # 2 to 210 VP
    print(f"{len(games)} games, fitted on the first {cut}; even chances {math.log(4):.3f}")
    fitted: list[float] = []
    parts = []
    for turn in range(max(r["turn"] for g in games for r in g["rows"]) + 1):
        def rows(part: list[dict], turn: int = turn) -> list[tuple[list[float], list[float]]]:
            out = []
            for g in part:
                top = max(g["final"])
                won = [1.0 if x == top else 0.0 for x in g["final"]]
                out += [(r["evaluation"], [w / sum(won) for w in won]) for r in g["rows"] if r["turn"] == turn]
            return out

        train, test = rows(games[:cut]), rows(games[cut:])
        if not train or not test:
            continue
        parts.append((turn, train, test))
    turns = max(r["turn"] for g in games for r in g["rows"]) + 1

    def smooth(a: float, b: float, turn: int) -> float:
        return math.exp(a + b * (turns - turn) / turns)

    # the per-turn fits are noisy (one position a game); a temperature growing exponentially with the
    # share of the game to come, fitted on all turns at once, is what the data file keeps
    pairs = [(0.1 * i, 0.1 * j) for i in range(5, 45) for j in range(-10, 50)]
    a, b = min(pairs, key=lambda ab: sum(win_log_loss(tr, smooth(*ab, k)) for k, tr, _ in parts))
    print(f"smooth: temperature = exp({a:.1f} + {b:.1f} x the share of turns to come)")
    for turn, train, test in parts:
        best = min(grid, key=lambda t: win_log_loss(train, t))
        fitted.append(round(smooth(a, b, turn), 1))
        print(f"turn {turn:2d}: own fit {best:6.1f} (held-out log-loss {win_log_loss(test, best):.3f}), smooth "
              f"{fitted[-1]:5.1f} ({win_log_loss(test, fitted[-1]):.3f}), at {WIN_TEMPERATURE:g}: "
              f"{win_log_loss(test, WIN_TEMPERATURE):.3f}")
    print(json.dumps(fitted))



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


def forecast(out: str, files: list[str]) -> None:
    import numpy as np

    games = _read(files, first_turn=False)
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
                 f"Reproduce with python tools/rio_fit.py: {collects}; forecast {out} "
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

    games = _read(files, first_turn=False)
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
                 "python tools/rio_fit.py collect FIRST GAMES F.jsonl SPEC; own OUT F.jsonl..."),
        "features": list(FEATURES),
        "ridge": lam,
        "turns_left": weights,
    }
    Path(out).write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")

USAGE = __doc__.split("\n\n")[1]


def main(argv: list[str]) -> None:
    verb, args = (argv[0], argv[1:]) if argv else ("", [])
    try:
        if verb == "order-collect" and len(args) == 3:
            order_collect(int(args[0]), int(args[1]), args[2])
        elif verb == "collect" and len(args) in (3, 4):
            if len(args) == 4:
                make_bot(args[3], game=GAME)  # a bad SPEC: its message, before any game is played
            collect(int(args[0]), int(args[1]), args[2], *args[3:])
        elif verb in ("order", "temperature", "temperatures") and args:
            {"order": order, "temperature": temperature, "temperatures": temperatures}[verb](args)
        elif verb in ("forecast", "own") and len(args) >= 2:
            (forecast if verb == "forecast" else own)(args[0], args[1:])
        else:
            sys.exit("usage:\n" + USAGE)
    except ImportError as e:
        sys.exit(f"Error: {e.name} is missing; the fits need pip install -e '.[fit]'")
    except (ValueError, OSError, MeepleError) as e:
        sys.exit(f"Error: {e}")


if __name__ == "__main__":
    main(sys.argv[1:])
