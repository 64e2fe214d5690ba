"""El Grande's evaluation weights (`meeple/games/elgrande/evaluation.py`, WEIGHTS), refitted from greedy
self-play (a tool, not a test; the fit needs numpy: `pip install -e '.[fit]'`).

    python tools/elgrande_fit.py collect FIRST GAMES OUT [--colonies]   # greedy games: positions
    python tools/elgrande_fit.py fit FILE...                            # the weights, and a check

`collect` plays games FIRST .. FIRST+GAMES-1 of four greedy seats (game seed = the game's number, bots
seeded 10 x game + seat) and appends one game a line to OUT: every 5th decision outside the secret
disks (where the real state holds the others' hidden disks), each player's points and
`evaluation.features`, and the final scores. `fit` regresses, relative to the table's mean (the greedy
bot plays for its lead), what each player still scores (final - now) on the features, by least squares
with the weights held at 0 or above, on the games but every 4th, and prints the weights, and on the
held-out games how often the highest estimate named the winner with the fitted and with the current
weights.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from meeple.bots import make_bot
from meeple.engine import Action, State, load, play_match
from meeple.games.elgrande.evaluation import TERMS, WEIGHTS, features
from meeple.games.elgrande.phases import DISK

GAME = load("elgrande")
EVERY = 5


class Recorder:
    """A greedy seat that writes down the position before every EVERY-th decision of the game."""

    def __init__(self, bot: Any, rows: list[dict[str, Any]], clock: list[int]) -> None:
        self.bot, self.rows, self.clock, self.name = bot, rows, clock, "greedy"

    def act(self, state: State, player: int) -> Action:
        self.clock[0] += 1
        if self.clock[0] % EVERY == 0 and state.phase != DISK:
            self.rows.append({"scores": list(state.scores), "features": features(state)})
        return self.bot.act(state, player)


def collect(first: int, games: int, out: str, colonies: bool) -> None:
    with open(out, "a", encoding="utf-8") as f:
        for g in range(first, first + games):
            rows: list[dict[str, Any]] = []
            clock = [0]
            seats = [Recorder(make_bot("greedy", seed=10 * g + s, game=GAME), rows, clock) for s in range(4)]
            final = play_match(GAME, seats, seed=g, options={"colonies": colonies}).state.result().scores
            f.write(json.dumps({"game": g, "colonies": colonies, "final": list(final), "rows": rows}) + "\n")
            f.flush()


def _relative(values: list[float]) -> list[float]:
    mean = sum(values) / len(values)
    return [v - mean for v in values]


def fit(files: list[str]) -> None:
    import numpy as np
    from scipy.optimize import nnls

    games = [json.loads(line) for name in files for line in Path(name).read_text().splitlines() if line]
    train = [g for i, g in enumerate(games) if i % 4 != 3]
    test = [g for i, g in enumerate(games) if i % 4 == 3] or train
    xs, ys = [], []
    for g in train:
        final = _relative(g["final"])
        for r in g["rows"]:
            now = _relative(r["scores"])
            cols = list(zip(*r["features"]))  # per term, the players' values
            rel = list(zip(*[_relative(list(c)) for c in cols]))
            for p in range(len(final)):
                xs.append(rel[p])
                ys.append(final[p] - now[p])
    weights, _ = nnls(np.array(xs, dtype=float), np.array(ys, dtype=float))
    print(f"{len(train)} games, {len(xs)} rows to fit; {len(test)} games held out")
    for t, w, old in zip(TERMS, weights, WEIGHTS):
        print(f"  {t:10s} {w:6.3f}   (now {old})")
    for label, ws in (("fitted", weights), ("current", WEIGHTS)):
        named = total = 0
        for g in test:
            winner = max(range(len(g["final"])), key=lambda p: g["final"][p])
            for r in g["rows"]:
                est = [r["scores"][p] + sum(w * x for w, x in zip(ws, f)) for p, f in enumerate(r["features"])]
                named += max(range(len(est)), key=lambda p: est[p]) == winner
                total += 1
        print(f"  {label}: the highest estimate names the winner at {named} of {total} held-out positions")


def main(argv: list[str]) -> None:
    if len(argv) >= 4 and argv[0] == "collect":
        collect(int(argv[1]), int(argv[2]), argv[3], "--colonies" in argv[4:])
    elif len(argv) >= 2 and argv[0] == "fit":
        fit(argv[1:])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv[1:])
