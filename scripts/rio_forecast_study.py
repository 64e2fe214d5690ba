"""How much Río de la Plata's evaluation says about the final scores (docs/bots.md, "Recalled playouts").

    python scripts/rio_forecast_study.py collect FIRST GAMES OUT   # greedy games, one line each
    python scripts/rio_forecast_study.py fit FILE...               # per game turn: slope, error, leader
    python scripts/rio_forecast_study.py temps FILE...             # per game turn: the win temperature

`collect` plays games FIRST .. FIRST+GAMES-1 between four greedy seats (bots seeded 10 x game + seat)
and appends, at the first decision of each game turn outside a war, every player's evaluation, with
the final scores. `fit` takes the first 70% of the games, fits final score = a x evaluation + b for
each game turn (least squares), and prints a, b, the root mean square error on the other 30% (beside
the final scores' standard deviation) and how often the highest evaluation there named the winner.
`temps` finds, for each game turn, the temperature at which a softmax of the evaluations there best
names the final winners (log-loss, a tie of final scores sharing the win; fitted on the first 70%,
its log-loss on the rest printed beside even chances' and the one temperature of data/evaluation.json).
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from meeple.bots.greedy import GreedyBot
from meeple.engine import load


def collect(first: int, games: int, out: str, row: Callable[[Any], dict] | None = None, since: int = -1,
            agents: Callable[[int, Any], tuple[list[Any], dict]] | None = None) -> None:
    """Appends to `out` one line per game: its seed, final scores and `row(state)` at the start of each
    game turn after `since` (by default the turn and every player's evaluation). The seats are greedy
    bots, or `agents(seed, game)`'s, whose dict is written into the game's line too."""
    from meeple.games.riodelaplata.forecast import at_turn_start

    game = load("riodelaplata")
    if row is None:
        def row(s: Any) -> dict:
            return {"turn": s.turn, "evaluation": list(s.evaluate())}

    with open(out, "a", encoding="utf-8") as f:
        for seed in range(first, first + games):
            s = game.new_state(4, seed)
            bots, extra = agents(seed, game) if agents else ([GreedyBot(seed=seed * 10 + i) for i in range(4)], {})
            rows = []
            seen = since
            while not s.is_terminal():
                if s.turn != seen and at_turn_start(s):
                    seen = s.turn
                    rows.append(row(s))
                p = s.to_move()[0]
                s.apply(p, bots[p].act(s, p))
            f.write(json.dumps({"seed": seed, **extra, "final": [float(x) for x in s.result().scores], "rows": rows})
                    + "\n")
            f.flush()


def _first_best(values: list[float]) -> int:
    return values.index(max(values))


def fit(files: list[str]) -> None:
    games = [json.loads(line) for name in files for line in Path(name).read_text(encoding="utf-8").splitlines()]
    cut = int(len(games) * 0.7)
    print(f"{len(games)} games, fitted on the first {cut}")
    for turn in range(max(r["turn"] for g in games for r in g["rows"]) + 1):
        def pairs(part: list[dict], turn: int = turn) -> list[tuple[list[float], list[float]]]:
            return [(r["evaluation"], g["final"]) for g in part for r in g["rows"] if r["turn"] == turn]

        train, test = pairs(games[:cut]), pairs(games[cut:])
        xs = [x for e, _ in train for x in e]
        ys = [y for _, f in train for y in f]
        if len(xs) < 3 or not test:
            continue
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        sxx = sum((x - mx) ** 2 for x in xs)
        a = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else 0.0
        b = my - a * mx
        errors = [(a * x + b - y) ** 2 for e, f in test for x, y in zip(e, f)]
        finals = [y for _, f in test for y in f]
        mean = sum(finals) / len(finals)
        sd = math.sqrt(sum((y - mean) ** 2 for y in finals) / len(finals))
        leader = sum(_first_best(e) == _first_best(f) for e, f in test) / len(test)
        print(f"turn {turn:2d}: a {a:5.2f}  b {b:5.1f}  RMSE {math.sqrt(sum(errors) / len(errors)):5.1f} "
              f"(final scores' SD {sd:4.1f})  the evaluation's leader wins {100 * leader:3.0f}%")


def win_log_loss(rows: list[tuple[list[float], list[float]]], temp: float) -> float:
    """The mean log-loss of a softmax of the estimates at `temp` against who won, over (estimates,
    win shares) pairs."""
    from meeple.bots.common import win_chances

    return -sum(w * math.log(max(c, 1e-12)) for v, won in rows for w, c in zip(won, win_chances(v, temp)) if w) / len(rows)


def temps(files: list[str]) -> None:
    from meeple.games.riodelaplata.evaluation import WIN_TEMPERATURE

    games = [json.loads(line) for name in files for line in Path(name).read_text(encoding="utf-8").splitlines()]
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


if __name__ == "__main__":
    if len(sys.argv) >= 5 and sys.argv[1] == "collect":
        collect(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    elif len(sys.argv) >= 3 and sys.argv[1] == "fit":
        fit(sys.argv[2:])
    elif len(sys.argv) >= 3 and sys.argv[1] == "temps":
        temps(sys.argv[2:])
    else:
        sys.exit(__doc__)
