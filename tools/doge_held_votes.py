"""What the votes a Doge player still holds after a ballot round win by the year's end, in games of
greedy seats: the fit of session 35's variant of the evaluation (a table of the votes in hand by the
rounds left, in place of the flat `VOTE_WORTH` a vote; measured and not kept: docs/bots.md, Doge,
session 35).

For each player and year it records the votes placed in each ballot round (one card a round, so one
election) and, when the ballot phase ends, each election's prize as the evaluation counts it (its lead
terms: the winner's and the runner-up's houses and advisors, as the votes stand); a stack's prize is
shared by its markers' part of the player's votes there (advisors vote too). Then, for the votes held
after round i, the mean prize that the later rounds' stacks won, by the votes held, made
non-decreasing (pooled adjacent violators; a row starts at 0 for no votes, and votes never held are
read off the line between their neighbours).

    python tools/doge_held_votes.py --games 40 --seed 900 [--out rows.json]
    python tools/doge_held_votes.py --read rows.json
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from typing import Any

from meeple.bots import make_bot
from meeple.engine import load, play_match
from meeple.games.doge import evaluation as ev
from meeple.games.doge.data import (
    BALLOT_ROUNDS,
    DISTRICTS,
    HOUSES,
    MARKERS,
    NUM_DISTRICTS,
    QUARANTIA,
    RUNNER_UP_HOUSES,
    WINNER_HOUSES,
)
from meeple.games.doge.elections import standings, votes_in
from meeple.games.doge.palaces import next_cost

PLAYERS = 4
HAND = sum(MARKERS)  # the votes of a full hand (3+3+2+2+1+1+0)


def prizes(s: Any, area: int, votes: list[int]) -> list[float]:
    """Each player's prize in the election of `area` at these votes, as `evaluation._count_lead` counts it."""
    out = [0.0] * s.num_players
    if not any(votes):
        return out
    first, second = standings(votes)
    if area == QUARANTIA:
        for p in first:
            out[p] += ev.ADVISOR_WORTH * (2 if len(first) == 1 else 0)
        for p in second:
            out[p] += ev.ADVISOR_WORTH
        return out
    d = DISTRICTS.index(area)
    worth = ev.worth_tables()[next_cost(s, d)]
    for group, k, advisor in ((first, WINNER_HOUSES, len(first) == 1), (second, RUNNER_UP_HOUSES, False)):
        for p in group:
            supply = HOUSES - sum(s.houses[p * NUM_DISTRICTS : (p + 1) * NUM_DISTRICTS])
            h = s.houses[p * NUM_DISTRICTS + d]
            out[p] += ev._houses_gain(h, min(k, supply), worth) + (ev.ADVISOR_WORTH if advisor else 0.0)
    return out


def one_game(seed: int, g: int) -> list[dict[str, list[float]]]:
    """Game g of a run seeded `seed` (game seed seed + g), four greedy seats: per player and year, the
    votes placed in each round and their stack's prize."""
    game = load("doge")
    rounds = BALLOT_ROUNDS[PLAYERS]
    placed: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(lambda: [(0, -1)] * rounds)
    rows: list[dict[str, list[float]]] = []

    class Recorder:
        def __init__(self, bot: Any) -> None:
            self.bot, self.name = bot, bot.name

        def act(self, s: Any, p: int) -> Any:
            a = self.bot.act(s, p)
            if a[0] == "markers":
                placed[(s.year, p)][s.rnd] = (a[2] + 2 * a[3] + 3 * a[4], s.pend_card[p])
            return a

    phase = [0]

    def on_step(s: Any, _p: int, _a: Any) -> None:
        if phase[0] == 0 and s.phase != 0 and not s.is_terminal():
            # the ballot phase has just ended and the first election is under way (its markers are back
            # in hand: its votes are the election's own)
            won = {}
            for area in s.order[s.pos :]:
                votes = list(s.votes) if area == s.election else votes_in(s, area)
                for q, prize in enumerate(prizes(s, area, votes)):
                    won[(q, area)] = (prize, votes[q])
            for q in range(s.num_players):
                stacks = placed[(s.year, q)]
                values = []
                for v, area in stacks:
                    prize, total = won.get((q, area), (0.0, 0))
                    values.append(prize * v / total if v and total else 0.0)
                rows.append({"votes": [float(v) for v, _ in stacks], "value": values})
        phase[0] = s.phase

    bots = [Recorder(make_bot("greedy", seed=seed * 10 + g * PLAYERS + p, game=game)) for p in range(PLAYERS)]
    play_match(game, bots, seed=seed + g, on_step=on_step)
    return rows


def fit(rows: list[dict[str, list[float]]]) -> dict[int, list[float]]:
    """For k = the rounds left after round i: the mean prize of the later rounds by the votes held."""
    rounds = BALLOT_ROUNDS[PLAYERS]
    table = {}
    for i in range(1, rounds):
        sums, counts = [0.0] * (HAND + 1), [0] * (HAND + 1)
        for r in rows:
            held = int(HAND - sum(r["votes"][:i]))
            sums[held] += sum(r["value"][i:])
            counts[held] += 1
        seen = [0] + [v for v in range(1, HAND + 1) if counts[v]]
        means = [0.0] + [sums[v] / counts[v] for v in seen[1:]]
        weights = [1e9] + [float(counts[v]) for v in seen[1:]]
        known = dict(zip(seen, non_decreasing(means, weights)))
        table[rounds - i] = [_between(known, v) for v in range(HAND + 1)]
    return table


def non_decreasing(xs: list[float], ws: list[float]) -> list[float]:
    """The weighted least-squares non-decreasing fit of xs (pooled adjacent violators)."""
    blocks: list[list[float]] = []
    for x, w in zip(xs, ws):
        blocks.append([x * w, w, 1])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] > blocks[-1][0] / blocks[-1][1]:
            total, weight, n = blocks.pop()
            blocks[-1][0] += total
            blocks[-1][1] += weight
            blocks[-1][2] += n
    return [t / w for t, w, n in blocks for _ in range(int(n))]


def _between(known: dict[int, float], v: int) -> float:
    if v in known:
        return known[v]
    lo = max(u for u in known if u < v)
    hi = min((u for u in known if u > v), default=None)
    return known[lo] if hi is None else known[lo] + (known[hi] - known[lo]) * (v - lo) / (hi - lo)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=900)
    ap.add_argument("--out", help="save the recorded rows (JSON)")
    ap.add_argument("--read", help="fit saved rows instead of playing")
    args = ap.parse_args()
    if args.read:
        with open(args.read) as f:
            rows = json.load(f)
    else:
        rows = [row for g in range(args.games) for row in one_game(args.seed, g)]
        if args.out:
            with open(args.out, "w") as f:
                json.dump(rows, f)
    print(f"{len(rows)} player-years")
    for k, row in sorted(fit(rows).items()):
        print(f"votes held with {k} round(s) left: " + ", ".join(f"{x:.2f}" for x in row))


if __name__ == "__main__":
    main()
