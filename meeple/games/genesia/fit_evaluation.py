"""Refit the weights of `data/evaluation.json` from self-play:
``python -m meeple.games.genesia.fit_evaluation --games 200 [--bots greedy] [--write]``
(needs the ``fit`` extra: numpy and scipy).

Plays seeded three-player games, records every third position, and for each Age fits how many
final points a Coin, a card in hand, a Clan on the board and a City are worth beyond the points
already secured (`evaluation.secured`): non-negative least squares on each people's difference from
the table's mean, so the fit is about who is ahead, which is what the bots' comparisons use. Every
fourth game is held out and the script prints how often the highest estimate named the winner
there, for the weights in the file and for the new ones.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from meeple.bots import make_bot
from meeple.engine.match import play_match
from meeple.engine.registry import load

from . import evaluation
from .data import DATA

TERMS = ("coins", "hand", "clans", "cities")  # the order of evaluation.counts
PLAYERS = 3


def collect(games: int, bots: str, seed: int) -> list[dict[str, Any]]:
    game = load("genesia")
    out = []
    for i in range(seed, seed + games):
        agents = [make_bot(bots, seed=i * 10 + p, game=game) for p in range(PLAYERS)]
        rows: list[dict[str, Any]] = []
        steps = [0]

        def record(s: Any, _p: int, _a: Any, rows: list[dict[str, Any]] = rows, steps: list[int] = steps) -> None:
            steps[0] += 1
            if not s.is_terminal() and steps[0] % 3 == 0:
                rows.append(
                    {
                        "age": s.age,
                        "secured": [evaluation.secured(s, q) for q in range(PLAYERS)],
                        "x": [list(evaluation.counts(s, q)) for q in range(PLAYERS)],
                        "estimate": s.evaluate(),
                    }
                )

        match = play_match(game, agents, seed=i, on_step=record)
        res = match.state.result()
        out.append({"seed": i, "scores": res.scores, "winner": res.ranks.index(1), "rows": rows})
    return out


def fit(games: list[dict[str, Any]]) -> dict[int, list[float]]:
    import numpy as np
    from scipy.optimize import nnls

    weights = {}
    for age in (1, 2, 3):
        xs, ys = [], []
        for g in games:
            for r in g["rows"]:
                if r["age"] != age:
                    continue
                x = np.array(r["x"], float)
                y = np.array(g["scores"]) - np.array(r["secured"])
                xs.extend(x - x.mean(0))
                ys.extend(y - y.mean())
        w, _ = nnls(np.array(xs), np.array(ys))
        weights[age] = [round(float(v), 2) for v in w]
    return weights


def winner_named(games: list[dict[str, Any]], weights: dict[int, list[float]] | None) -> float:
    hit = total = 0
    for g in games:
        for r in g["rows"]:
            if weights is None:
                est = r["estimate"]
            else:
                w = weights[r["age"]]
                est = [b + sum(a * v for a, v in zip(w, x)) for b, x in zip(r["secured"], r["x"])]
            hit += max(range(PLAYERS), key=est.__getitem__) == g["winner"]
            total += 1
    return hit / max(total, 1)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m meeple.games.genesia.fit_evaluation", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--bots", default="greedy", help="bot spec of all three seats (default greedy)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--write", action="store_true", help="write the new weights to data/evaluation.json")
    args = ap.parse_args(argv)
    try:
        import numpy  # noqa: F401
        import scipy  # noqa: F401
    except ImportError:
        print("fit_evaluation needs numpy and scipy: pip install -e '.[fit]'", file=sys.stderr)
        return 2
    games = collect(args.games, args.bots, args.seed)
    train = [g for g in games if g["seed"] % 4]
    held = [g for g in games if not g["seed"] % 4]
    weights = fit(train)
    print(json.dumps({str(a): dict(zip(TERMS, w)) for a, w in weights.items()}))
    print(f"winner named on held-out positions: file {winner_named(held, None):.3f}, new {winner_named(held, weights):.3f}")
    if args.write:
        path = DATA / "evaluation.json"
        doc = json.loads(path.read_text(encoding="utf-8"))
        doc["ages"] = {str(a): dict(zip(TERMS, w)) for a, w in weights.items()}
        path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
