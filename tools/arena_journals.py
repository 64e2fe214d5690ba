"""Arena journals (`meeple arena ... --results FILE`) read together: two paired game by game, or several
of one setting pooled by deal (a tool, not a test; docs/bots.md reads its arenas this way).

    python tools/arena_journals.py pair NEW.jsonl OLD.jsonl [--entry ENTRY]
    python tools/arena_journals.py pool JOURNAL [JOURNAL ...] [--entry ENTRY]
    python tools/arena_journals.py seats JOURNAL [JOURNAL ...] [--entry ENTRY]

ENTRY is the bot spec's place in `--bots` (default 0, the first). A journal's game g plays game seed
`--seed` + g // players with the seats rotated, so arenas with nearby `--seed`s replay each other's
deals (with other bot seeds), and the games of one deal are not independent.

`pair`: over the games both journals played (the same game seed and seats: the same deal and dice,
each bot in the same seat), the entry's wins (ties split) and mean margin (its score minus the best
other's) in each, and the mean difference of the margins with its standard error. Two runs of one
setting differ game by game too (a time budget depends on the machine's speed), so the error is the
thing to read.

`pool`: each journal's own figures, then all read as one sample of deals: each deal's games averaged,
then the deals, with the standard error over the deals and a normal 95% interval. Every journal must
be of the same game and bots.

`seats`: the entry's wins (95% Wilson interval) and mean margin by the seat it sat in (the player index:
who moves first, who is asked first at a simultaneous choice), over the journals' games together (each
game once). The arena rotates the seats, so each seat holds a quarter of a four-player arena's games.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict

from meeple.arena.stats import mean_and_error, wilson

Games = dict[tuple[int, tuple[int, ...]], tuple[float, float]]


def games(path: str, entry: int) -> Games:
    """(Game seed, seats) -> (win share, margin) of the bot spec at `entry`, for every finished game."""
    out: Games = {}
    try:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                row = json.loads(line)
                if "index" not in row or row.get("error"):
                    continue  # the journal's first line, or a game that raised
                if entry not in row["seats"]:
                    sys.exit(f"Error: {path}: no entry {entry} in its games' seats {row['seats']}")
                seat = row["seats"].index(entry)
                top = [q for q, r in enumerate(row["ranks"]) if r == 1]
                others = [v for q, v in enumerate(row["scores"]) if q != seat]
                out[row["seed"], tuple(row["seats"])] = (
                    1.0 / len(top) if seat in top else 0.0,
                    row["scores"][seat] - max(others),
                )
    except (OSError, ValueError, KeyError) as error:
        sys.exit(f"Error: {path}: not a readable arena journal ({error})")
    return out


def header(path: str) -> tuple[str | None, list[str] | None]:
    """The game and bots an arena journal names on its first line."""
    try:
        with open(path, encoding="utf-8") as lines:
            head = json.loads(lines.readline())
    except (OSError, ValueError) as error:
        sys.exit(f"Error: {path}: not a readable arena journal ({error})")
    return head.get("game"), head.get("bots")


def summary(played: Games, keys: list) -> str:
    n = len(keys)
    return f"{sum(played[k][0] for k in keys):g} wins of {n}, mean margin {sum(played[k][1] for k in keys) / n:+.2f}"


def pair(new: str, old: str, entry: int) -> None:
    a, b = games(new, entry), games(old, entry)
    common = sorted(set(a) & set(b))
    if not common:
        sys.exit("Error: no game (game seed and seats) is in both journals")
    mean, se = mean_and_error([a[k][1] - b[k][1] for k in common])
    print(f"{new}: {summary(a, common)}")
    print(f"{old}: {summary(b, common)}")
    print(f"margin difference {mean:+.2f} +- {se:.2f} over {len(common)} common games")


def pool(journals: list[str], entry: int) -> None:
    setting = {path: header(path) for path in journals}
    if len(set(map(str, setting.values()))) > 1:
        sys.exit("Error: the journals are not of one game and bots: " + "; ".join(f"{p}: {s}" for p, s in setting.items()))
    per_deal: dict[int, list[tuple[float, float]]] = defaultdict(list)
    played_in_all = 0
    for path in journals:
        played = games(path, entry)
        played_in_all += len(played)
        for (deal, _seats), result in played.items():
            per_deal[deal].append(result)
        if played:
            print(f"{path}: {summary(played, list(played))}")
    if len(per_deal) < 2:
        sys.exit("Error: fewer than two deals played: no standard error")
    wins, wins_se = mean_and_error([sum(w for w, _ in v) / len(v) for v in per_deal.values()])
    margin, margin_se = mean_and_error([sum(m for _, m in v) / len(v) for v in per_deal.values()])
    print(
        f"{played_in_all} games, {len(per_deal)} deals, each deal once: win rate {wins:.1%} "
        f"(95% CI {wins - 1.96 * wins_se:.1%}-{wins + 1.96 * wins_se:.1%}), mean margin {margin:+.2f} +- {margin_se:.2f}"
    )


def seats(journals: list[str], entry: int) -> None:
    by_seat: dict[int, list[tuple[float, float]]] = defaultdict(list)
    seen: set[tuple[int, tuple[int, ...]]] = set()
    for path in journals:
        for key, result in games(path, entry).items():
            if key not in seen:  # a game two journals both hold counts once
                seen.add(key)
                by_seat[key[1].index(entry)].append(result)
    if not by_seat:
        sys.exit("Error: no finished game in the journals")
    for seat in sorted(by_seat):
        played = by_seat[seat]
        won = sum(w for w, _ in played)
        low, high = wilson(won, len(played))
        print(f"seat {seat}: {won:g} wins of {len(played)} ({won / len(played):.1%}, 95% Wilson "
              f"{low:.1%}-{high:.1%}), mean margin {sum(m for _, m in played) / len(played):+.2f}")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="tools/arena_journals.py", description=__doc__.split("\n")[0])
    verbs = parser.add_subparsers(dest="verb", required=True)
    p = verbs.add_parser("pair", help="two journals, game by game")
    p.add_argument("new")
    p.add_argument("old")
    p.add_argument("--entry", type=int, default=0)
    q = verbs.add_parser("pool", help="journals of one setting, by deal")
    q.add_argument("journals", nargs="+")
    q.add_argument("--entry", type=int, default=0)
    r = verbs.add_parser("seats", help="journals' games by the seat the entry sat in")
    r.add_argument("journals", nargs="+")
    r.add_argument("--entry", type=int, default=0)
    args = parser.parse_args(argv)
    if args.verb == "pair":
        pair(args.new, args.old, args.entry)
    elif args.verb == "pool":
        pool(args.journals, args.entry)
    else:
        seats(args.journals, args.entry)


if __name__ == "__main__":
    main(sys.argv[1:])
