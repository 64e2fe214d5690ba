"""Two arena journals (`meeple arena ... --results FILE`) of the same game, paired game by game.

    python scripts/arena_pair.py NEW.jsonl OLD.jsonl [ENTRY]

For the bot spec at ENTRY (default 0, the first of `--bots`) in each journal, over the games both have
played (the same game seed and seats: the same deal and dice, each bot in the same seat; with the same
`--seed`, the same index; `--seed N` plays game seeds N + g // players, so two seeds a few apart share
most of their deals, with other bot seeds): its wins (ties split) and mean margin (its score
minus the best other's) in each, and the mean difference of the margins with its standard error. Two
runs of one setting differ game by game too (a time budget depends on the machine's speed), so the
error is the thing to read.
"""

from __future__ import annotations

import json
import sys

from meeple.arena.stats import mean_and_error


def games(path: str, entry: int) -> dict[tuple[int, tuple[int, ...]], tuple[float, float]]:
    """(Game seed, seats) -> (win share, margin) of the bot spec at `entry`."""
    out = {}
    with open(path) as lines:
        for line in lines:
            row = json.loads(line)
            if "index" not in row or row.get("error"):
                continue
            seat = row["seats"].index(entry)
            top = [q for q, r in enumerate(row["ranks"]) if r == 1]
            others = [v for q, v in enumerate(row["scores"]) if q != seat]
            out[row["seed"], tuple(row["seats"])] = (1.0 / len(top) if seat in top else 0.0, row["scores"][seat] - max(others))
    return out


def main(new: str, old: str, entry: int) -> None:
    a, b = games(new, entry), games(old, entry)
    common = sorted(set(a) & set(b))
    n = len(common)
    if not n:
        sys.exit("no game (game seed and seats) is in both journals")
    mean, se = mean_and_error([a[i][1] - b[i][1] for i in common])
    for name, g in ((new, a), (old, b)):
        print(f"{name}: {sum(g[i][0] for i in common):g} wins of {n}, mean margin {sum(g[i][1] for i in common) / n:+.2f}")
    print(f"margin difference {mean:+.2f} +- {se:.2f} over {n} common games")


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) == 4 else 0)
