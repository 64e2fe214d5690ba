"""Where Río de la Plata's points come from, over greedy games (issue 47, "The designed city").

    python scripts/rio_city_study.py GAMES [PLAYERS] [JOBS]

Plays GAMES games of PLAYERS (default 4) greedy seats (game seed g, bots seeded 10 x g + seat) and
prints, per game on average: wars, the VP won in wars (by the attacker, by the defenders), the VP won
outside wars, the end-of-game scoring, and the share of all points that wars gave; also how many
peripheral districts the Defender office closed with walls and the completions of the Major buildings.
"""

from __future__ import annotations

import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from meeple.bots import make_bot
from meeple.engine import load

GAME = load("riodelaplata")


def one(args: tuple[int, int]) -> dict[str, float]:
    seed, n = args
    s: Any = GAME.new_state(n, seed)
    bots = [make_bot("greedy", seed=10 * seed + q, game=GAME) for q in range(n)]
    out: Counter[str] = Counter()
    while not s.is_terminal():
        p = s.to_move()[0]
        attacker = s.war.attacker if s.war is not None else None
        before = list(s.vp)
        s.apply(p, bots[p].act(s, p))
        for q in range(n):
            gain = s.vp[q] - before[q]
            if gain:
                out["war, attacking" if q == attacker else "war, defending" if attacker is not None else "play"] += gain
    result = s.result()
    out["end of game"] = sum(result.scores) - sum(s.vp)
    out["wars"] = s.tally.get("war", 0)
    for name in ("palace", "cathedral", "fort", "walls", "harbour", "roads"):
        out[name] = s.tally.get(f"major_{name}", 0)
    return dict(out)


def main(games: int, n: int, jobs: int) -> None:
    with ProcessPoolExecutor(jobs) as pool:
        rows = list(pool.map(one, [(g, n) for g in range(games)]))
    total: Counter[str] = Counter()
    for r in rows:
        total.update(r)
    mean = {k: v / games for k, v in total.items()}
    war = mean.get("war, attacking", 0) + mean.get("war, defending", 0)
    points = war + mean.get("play", 0) + mean.get("end of game", 0)
    print(f"{games} games of {n} greedy seats, per game:")
    for k in ("wars", "war, attacking", "war, defending", "play", "end of game",
              "palace", "cathedral", "fort", "walls", "harbour", "roads"):
        print(f"  {k:16} {mean.get(k, 0):7.2f}")
    print(f"  share of all points from wars: {war / points:.0%} ({war:.1f} of {points:.1f})")


if __name__ == "__main__":
    a = sys.argv[1:]
    main(int(a[0]), int(a[1]) if len(a) > 1 else 4, int(a[2]) if len(a) > 2 else 1)
