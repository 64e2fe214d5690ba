"""Refit the weights of `data/evaluation.json` from self-play:
``python -m meeple.games.genesia.fit_evaluation --games 200 [--players 4] [--bots greedy] [--write]``
(needs the ``fit`` extra: numpy and scipy).

Plays seeded games, records every third position, and for each Age fits how many final points a Coin
(with the 4 Coins each card held can be discarded for), a Clan on the board, a City and a point of the
cards' worth above their discard are worth (`evaluation.terms`), beyond the points already secured,
this Age's effects still to use and what the rulebook gives a City (`evaluation.secured`, `effects_value`,
`city_worth`): non-negative least squares on
each people's difference from the table's mean, so the fit is about who is ahead, which is what the
bots' comparisons use; every weight at least 0, the cards' share at most 0.9 (`UPPER`). Every fourth game is held out and the script prints how often the highest
estimate named the winner there, for the weights in the file and for the new ones.
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
from .growth import RECRUIT_COST

TERMS = ("coins", "clans", "cities", "hand")  # the order of evaluation.terms ("hand": the cards' share)
# The fit's bounds. No weight is negative. A Clan on the board is worth its recruiting price, 2 Coins, and
# at least CLAN_MARGIN points more: the fit is of a Coin's weight and of the Clan's weight above 2 Coins
# (otherwise nobody recruits, and no Clan is on the board at the start). The cards' share stays below 1:
# a card held is worth less than the same card played, so the bots play it.
CLAN_MARGIN = 0.5
LOWER = (0.0, CLAN_MARGIN, 0.0, 0.0)
# Ages I and II share their weights: a Coin of Age I carries over into Age II, so it is worth as much
# there at least, and a few hundred games do not tell the two apart. The Attack phase and the End of
# the Age are left out (their Coins are the next Age's: `evaluation.end_coin`).
AGE_GROUPS = ((1, 2), (3,))
UPPER = (float("inf"), float("inf"), float("inf"), 0.9)


def collect(games: int, bots: str, seed: int, players: int) -> list[dict[str, Any]]:
    game = load("genesia")
    out = []
    for i in range(seed, seed + games):
        agents = [make_bot(bots, seed=i * 10 + p, game=game) for p in range(players)]
        rows: list[dict[str, Any]] = []
        steps = [0]

        def record(s: Any, _p: int, _a: Any, rows: list[dict[str, Any]] = rows, steps: list[int] = steps) -> None:
            steps[0] += 1
            if not s.is_terminal() and steps[0] % 3 == 0:
                step = evaluation.phase_step(s)
                rows.append(
                    {
                        "age": s.age,
                        "end": evaluation.spent_next_age(s),
                        "secured": [known(s, q) for q in range(players)],
                        "x": [list(evaluation.terms(s, q, evaluation.weights(s), step)) for q in range(players)],
                        "estimate": s.evaluate(),
                    }
                )

        match = play_match(game, agents, seed=i, options=None, on_step=record)
        res = match.state.result()
        out.append({"seed": i, "scores": res.scores, "winner": res.ranks.index(1), "rows": rows})
    return out


def known(s: Any, p: int) -> float:
    """The part of the estimate the weights do not scale."""
    return evaluation.unscaled(s, p, evaluation.weights(s), evaluation.phase_step(s))


def fit(games: list[dict[str, Any]]) -> dict[int, list[float]]:
    import numpy as np
    from scipy.optimize import lsq_linear

    weights = {}
    for ages in AGE_GROUPS:
        xs, ys = [], []
        for g in games:
            for r in g["rows"]:
                if r["age"] not in ages or r.get("end"):
                    continue
                x = np.array(r["x"], float)
                x[:, 0] += RECRUIT_COST * x[:, 1]  # a Coin's weight applies to the Clans' price too
                y = np.array(g["scores"]) - np.array(r["secured"])
                xs.extend(x - x.mean(0))
                ys.extend(y - y.mean())
        w = lsq_linear(np.array(xs), np.array(ys), bounds=(LOWER, UPPER)).x
        w[1] += RECRUIT_COST * w[0]
        for age in ages:
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
            hit += max(range(len(est)), key=est.__getitem__) == g["winner"]
            total += 1
    return hit / max(total, 1)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m meeple.games.genesia.fit_evaluation", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="greedy", help="bot spec of every seat (default greedy)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--write", action="store_true", help="write the new weights to data/evaluation.json")
    args = ap.parse_args(argv)
    try:
        import numpy  # noqa: F401
        import scipy  # noqa: F401
    except ImportError:
        print("fit_evaluation needs numpy and scipy: pip install -e '.[fit]'", file=sys.stderr)
        return 2
    games = collect(args.games, args.bots, args.seed, args.players)
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
