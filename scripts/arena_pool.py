"""Several arena journals (`meeple arena ... --results FILE`) of one setting, read as one sample of deals.

    python scripts/arena_pool.py JOURNAL [JOURNAL ...] [--entry ENTRY]

Arenas with nearby `--seed`s replay each other's deals (game g plays game seed `--seed` + g // players),
and the games of one deal are not independent, so this counts each deal once: for the bot spec at ENTRY
(default 0) it averages the win shares (ties split) and margins (its score minus the best other's) of
each deal's games, then the deals, with the standard error over the deals and a normal 95% interval.
Each journal's own figures come first. Every journal must be of the same game and bots.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict

from arena_pair import games

from meeple.arena.stats import mean_and_error


def header(path: str) -> tuple[str | None, list[str] | None]:
    """The game and bots an arena journal names on its first line (none for a journal without that
    line, e.g. `scripts/rio_war_greedy.py`'s)."""
    try:
        with open(path) as lines:
            head = json.loads(lines.readline())
    except (OSError, ValueError) as error:
        sys.exit(f"{path}: not a readable arena journal ({error})")
    return head.get("game"), head.get("bots")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("journals", nargs="+")
    parser.add_argument("--entry", type=int, default=0)
    args = parser.parse_args()
    setting = {path: header(path) for path in args.journals}
    if len(set(map(str, setting.values()))) > 1:
        sys.exit("the journals are not of one game and bots: " + "; ".join(f"{p}: {s}" for p, s in setting.items()))
    per_deal: dict[int, list[tuple[float, float]]] = defaultdict(list)
    games_played = 0
    for path in args.journals:
        played = games(path, args.entry)
        games_played += len(played)
        for (deal, _seats), outcome in played.items():
            per_deal[deal].append(outcome)
        if played:
            print(f"{path}: {sum(w for w, _ in played.values()):g} wins of {len(played)}, "
                  f"mean margin {sum(m for _, m in played.values()) / len(played):+.2f}")
    if len(per_deal) < 2:
        sys.exit("fewer than two deals played: no standard error")
    wins, wins_se = mean_and_error([sum(w for w, _ in v) / len(v) for v in per_deal.values()])
    margin, margin_se = mean_and_error([sum(m for _, m in v) / len(v) for v in per_deal.values()])
    print(f"{games_played} games, {len(per_deal)} deals, each deal once: win rate {wins:.1%} "
          f"(95% CI {wins - 1.96 * wins_se:.1%}-{wins + 1.96 * wins_se:.1%}), "
          f"mean margin {margin:+.2f} +- {margin_se:.2f}")


if __name__ == "__main__":
    main()
