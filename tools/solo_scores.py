"""Score distribution of Genesia solo games (the lower people's score), by bot and difficulty: how our
designed values place the rulebook's levels (Expert from 100 points, Heroic from 130).

    python tools/solo_scores.py random beginner --games 200 [--jobs 2] [--seed 1000]
    python tools/solo_scores.py "mcts:iterations=1000" expert --games 8
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from meeple.bots import make_bot
from meeple.engine import load, play_match
from meeple.games.genesia.scoring import breakdown


def one(args: tuple[str, str, int]) -> tuple[float, list[dict[str, int]]]:
    bot, difficulty, seed = args
    game = load("genesia")
    match = play_match(game, [make_bot(bot, seed=seed, game=game)], seed=seed, options={"difficulty": difficulty})
    s = match.state
    return s.result().scores[0], [breakdown(s, p) for p in range(2)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("bot")
    ap.add_argument("difficulty", choices=("beginner", "expert", "heroic"))
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    t0 = time.perf_counter()
    work = [(args.bot, args.difficulty, args.seed + i) for i in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        out = list(pool.map(one, work))
    scores = sorted(x[0] for x in out)

    def at(f: float) -> float:
        return scores[min(len(scores) - 1, int(f * len(scores)))]

    print(
        f"{args.bot} {args.difficulty}: {len(scores)} games, mean {statistics.mean(scores):.1f}"
        f" (sd {statistics.pstdev(scores):.1f}), min {scores[0]:.0f}, median {at(0.5):.0f}, 90% {at(0.9):.0f},"
        f" max {scores[-1]:.0f}; >= 100: {sum(x >= 100 for x in scores)}, >= 130: {sum(x >= 130 for x in scores)}"
        f" ({time.perf_counter() - t0:.0f} s)"
    )
    parts = [p for x in out for p in x[1]]
    print("  mean per people:", {k: round(statistics.mean(p[k] for p in parts), 1) for k in parts[0]})


if __name__ == "__main__":
    main()
