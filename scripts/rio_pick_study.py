"""How good are the MCTS bot's picks in Río de la Plata, move by move? (docs/bots.md, "Picks against
the truth", session 15.)

    python scripts/rio_pick_study.py spend SEED
    python scripts/rio_pick_study.py war FIRST GAMES EVERY RUNS [WIDTH [OUT.jsonl]]
    python scripts/rio_pick_study.py war-report WIDTH OUT.jsonl [OUT.jsonl ...]
    python scripts/rio_pick_study.py placement FIRST GAMES EVERY RUNS "SPEC;SPEC;..." [WIDTH [OUT.jsonl]]

`spend` plays one game, the mcts bot with Río's defaults (`mcts:seconds=1`, seeded 1) in the first seat
against greedy seats (seeded 10-12), and prints, for its decisions with a choice, by kind (war or not,
more than 4 moves or not), how many there were, their mean seconds and iterations, and how many took
under half a second.

`war` and `placement` follow games of four greedy seats (seeds FIRST .. FIRST+GAMES-1, the seats' bots seeded 100 x game
+ seat) and stop at every EVERY-th decision of their kind, where the greedy ranking's best WIDTH moves
(default 8) are valued against a *truth*:

`war`, at war decisions with more than WIDTH moves: the truth of a move is the mover's mean lead
(`one_ply_value`: its estimate minus the best other's) at the end of the game turn over RUNS playouts
by greedy players as the arena's seats play (chain=1 at every decision, seeds 1000 r + seat). The
models the search could play its own playouts by are valued the same way, on other seeds: `fast`
(the greedy bot without follow-ups above 20 moves, as Río's `fast=20`; 1 and 3 runs) and `full`
(chain=1 everywhere; 1 and 2 runs). Printed: the truth of the greedy bot's first move, of the best of
the first 4 and of all WIDTH by each model, the best truth among the first 4 and among all (oracles,
biased upward by the truth's own noise), and the seconds a playout takes.

`placement`, at decisions outside wars with more than 4 moves in game turns 2-19: the truth of a move
is the mover's mean final lead (score minus the best other's, +0.5 when it wins) over RUNS playouts to
the end of the game by greedy players, the r-th run of every move with the same dice (common random
numbers), and its win rate. Each SPEC (an `mcts` bot with Río's defaults, e.g. `mcts:seconds=1`) then
picks a move in the same position; printed: the truth of each one's pick (positions where it picked
outside the WIDTH moves are valued too, after them), of the greedy bot's first move, and the oracles. With
OUT, each position is also appended to OUT as a JSON line (the greedy values, each move's truth and
runs, each search's pick and mean reward per move), so judges can be compared afterwards:

    python scripts/rio_pick_study.py judges OUT.jsonl [OUT.jsonl ...]

prints each search's picks against the greedy bot's first move (the mean difference of their truths
and its standard error), over all positions and by thirds of the game.
"""

from __future__ import annotations

import gzip
import json
import sys
import time
from collections.abc import Callable

from meeple.arena.stats import mean_and_error
from meeple.bots import make_bot
from meeple.bots.greedy import GreedyBot, one_ply_value
from meeple.engine import Action, Rng, State, load, play_match

GAME = load("riodelaplata")
FAST_ABOVE = 20  # Río's fast=20


def positions(first: int, games: int, every: int, wanted: Callable[[State, int, list[Action]], bool]):
    """(state, mover) at every `every`-th decision that `wanted` accepts, in greedy games."""
    for g in range(first, first + games):
        s = GAME.new_state(4, g)
        bots = [GreedyBot(seed=100 * g + i) for i in range(4)]
        k = 0
        while not s.is_terminal():
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            if wanted(s, p, legal):
                k += 1
                if k % every == 0:
                    yield g, k, s, p
            s.apply(p, legal[0] if len(legal) == 1 else bots[p].act(s, p), check=False)


def play_on(d: State, pick: Callable[[State, int, list[Action]], Action], end: int | None) -> State:
    """`d` played on by `pick` to the start of round `end` (None: to the end of the game)."""
    while not d.is_terminal() and (end is None or d.game_round() < end):
        p = d.to_move()[0]
        legal = d.legal_actions(p)
        d.apply(p, legal[0] if len(legal) == 1 else pick(d, p, legal), check=False)
    return d


def greedy_players(seed: int, fast: bool) -> Callable[[State, int, list[Action]], Action]:
    full = [GreedyBot(seed=seed + q) for q in range(4)]
    quick = [GreedyBot(seed=seed + 50 + q, chain=0) for q in range(4)]
    if fast:
        return lambda d, q, legal: quick[q].act(d, q) if len(legal) > FAST_ABOVE else full[q].act(d, q)
    return lambda d, q, legal: full[q].act(d, q)


def spend(seed: int) -> None:
    bot = make_bot("mcts:seconds=1", 1, GAME)
    rows: dict[tuple[str, str], list[float]] = {}
    act = bot.act

    def timed(state: State, player: int) -> Action:
        n = len(state.legal_actions(player))
        t0 = time.perf_counter()
        a = act(state, player)
        if n > 1:
            row = rows.setdefault(("war" if state.war is not None else "play", "n > 4" if n > 4 else "n <= 4"),
                                  [0, 0.0, 0, 0])
            dt = time.perf_counter() - t0
            row[0] += 1
            row[1] += dt
            row[2] += bot.last_iterations
            row[3] += dt < 0.5
        return a

    bot.act = timed
    agents = [bot] + [make_bot("greedy", 10 + i, GAME) for i in range(3)]
    match = play_match(GAME, agents, seed=seed)
    print("scores", match.state.result().scores)
    for (kind, width), (count, seconds, iterations, quick) in sorted(rows.items()):
        print(f"{kind} {width}: {count} decisions, {seconds / count:.3f} s and {iterations / count:.0f} "
              f"iterations each, {quick} under 0.5 s")


def war(first: int, games: int, every: int, runs: int, width: int, out: str | None = None) -> None:
    def lead_after(s: State, p: int, a: Action, seed: int, fast: bool) -> float:
        d = s.clone()
        d.apply(p, a)
        return one_ply_value(play_on(d, greedy_players(seed, fast), s.game_round() + 1), p)

    rows = []
    spent = {"fast": 0.0, "full": 0.0}
    for g, k, s, p in positions(first, games, every, lambda s, p, legal: s.war is not None and len(legal) > width):
        moves = [a for a, _ in GreedyBot(seed=k).rank_actions(s, p)[:width]]
        row: dict[str, list] = {"truth": [], "fast": [], "full": []}
        for a in moves:
            row["truth"].append(sum(lead_after(s, p, a, 1000 * r, False) for r in range(runs)) / runs)
            t0 = time.perf_counter()
            row["fast"].append([lead_after(s, p, a, 7000 + 10 * r, True) for r in range(3)])
            t1 = time.perf_counter()
            row["full"].append([lead_after(s, p, a, 9000 + 10 * r, False) for r in range(2)])
            spent["fast"] += (t1 - t0) / 3
            spent["full"] += (time.perf_counter() - t1) / 2
        rows.append(row)
        if out:
            with open(out, "a") as sink:
                sink.write(json.dumps({"game": g, "k": k, "turn": s.turn, "moves": len(s.legal_actions(p)), **row}) + "\n")
        print(g, k, len(s.legal_actions(p)), flush=True)
    war_report(rows, width, spent)


def war_report(rows: list[dict], width: int, spent: dict[str, float] | None = None) -> None:
    n = len(rows)

    def best_by(row: dict, model: str, k: int, w: int) -> float:
        vals = [sum(v[:k]) / k for v in row[model][:w]]
        return row["truth"][max(range(w), key=vals.__getitem__)]

    if spent:
        print(f"positions {n}; seconds a playout: fast {spent['fast'] / (n * width):.3f}, "
              f"full {spent['full'] / (n * width):.3f}")
    print(f"greedy's first {sum(r['truth'][0] for r in rows) / n:.2f}; oracle of 4 "
          f"{sum(max(r['truth'][:4]) for r in rows) / n:.2f}, of {width} {sum(max(r['truth']) for r in rows) / n:.2f}")
    for model, k in (("fast", 1), ("fast", 3), ("full", 1), ("full", 2)):
        for w in sorted({4, 8, width} & set(range(4, width + 1))):
            print(f"{model} x{k}, best of {w}: {sum(best_by(r, model, k, w) for r in rows) / n:.2f}")
    # paired with what the search plays (best of 4 by one fast playout): the mean gain and its error
    for model, k, w in (("fast", 1, 8), ("fast", 1, width), ("fast", 3, 4), ("fast", 3, width)):
        mean, se = mean_and_error([best_by(r, model, k, w) - best_by(r, "fast", 1, 4) for r in rows])
        print(f"{model} x{k}, best of {w}, against the search's best of 4: {mean:+.2f} +- {se:.2f}")


def placement(first: int, games: int, every: int, runs: int, specs: list[str], width: int, out: str | None) -> None:
    def final(s: State, p: int, a: Action, r: int) -> tuple[float, float]:
        d = s.clone()
        d.apply(p, a)
        d.rng = Rng(77 + 1000 * r)  # the r-th future, the same for every move
        res = play_on(d, greedy_players(5000 * r, False), None).result()
        won = res.ranks[p] == 1
        return res.scores[p] - max(v for q, v in enumerate(res.scores) if q != p) + (0.5 if won else 0.0), float(won)

    rows = []
    for g, k, s, p in positions(first, games, every,
                                lambda s, p, legal: s.war is None and len(legal) > 4 and 1 <= s.turn <= 18):
        ranked = GreedyBot(seed=k).rank_actions(s, p)[:width]
        moves = [a for a, _ in ranked]
        picks, stats = {}, {}
        for spec in specs:
            bot = make_bot(spec, 31 * k + g, GAME)
            # the root's statistics: the pick (Río's pick=value: the best mean) and each move's mean
            stats[spec] = {b: e[1] / e[0] for b, e in bot.search(s, p).stats.get(p, {}).items() if e[0]}
            a = max(stats[spec], key=stats[spec].__getitem__)
            if a not in moves:  # a tie-break of the search's own ranking: valued too, after the width
                moves.append(a)
            picks[spec] = moves.index(a)
        values = {spec: [st.get(b) for b in moves] for spec, st in stats.items()}
        truth = []
        for a in moves:
            outs = [final(s, p, a, r) for r in range(runs)]
            truth.append((sum(x for x, _ in outs) / runs, sum(w for _, w in outs) / runs, [x for x, _ in outs]))
        row = {"game": g, "k": k, "turn": s.turn, "moves": len(s.legal_actions(p)), "width": width,
               "greedy": [v for _, v in ranked], "truth": truth, "picks": picks, "values": values}
        rows.append(row)
        if out:
            with open(out, "a") as sink:
                sink.write(json.dumps(row) + "\n")
        print(g, s.turn, len(s.legal_actions(p)), [round(t[0], 1) for t in truth], picks, flush=True)
    n = len(rows)
    if not n:
        return
    print(f"positions {n}; greedy's first: lead {sum(r['truth'][0][0] for r in rows) / n:.2f}, "
          f"wins {sum(r['truth'][0][1] for r in rows) / n:.3f}; oracle of 4 "
          f"{sum(max(t[0] for t in r['truth'][:4]) for r in rows) / n:.2f}, of {width} "
          f"{sum(max(t[0] for t in r['truth'][:width]) for r in rows) / n:.2f}")
    for spec in specs:
        lead = sum(r["truth"][r["picks"][spec]][0] for r in rows) / n
        wins = sum(r["truth"][r["picks"][spec]][1] for r in rows) / n
        outside = sum(r["picks"][spec] >= width for r in rows)
        print(f"{spec}: lead {lead:.2f}, wins {wins:.3f}; picked outside the first {width}: {outside}")


def read_rows(files: list[str]) -> list[dict]:
    """The positions stored in JSON-lines files by `war` or `placement` with OUT (gzipped: `.gz`)."""
    rows = []
    for f in files:
        with gzip.open(f, "rt") if f.endswith(".gz") else open(f) as lines:
            rows += [json.loads(line) for line in lines if line.strip()]
    return rows


def judges(files: list[str]) -> None:
    """The picks stored by `placement ... OUT` against their truth, paired with the greedy bot's first
    move (mean difference and its standard error), over all positions and by thirds of the game."""
    rows = read_rows(files)
    specs = sorted({spec for r in rows for spec in r["picks"]})

    def report(label: str, rs: list[dict]) -> None:
        n = len(rs)
        if n < 2:
            return
        print(f"{label}: {n} positions; greedy's first {sum(r['truth'][0][0] for r in rs) / n:.2f}, "
              f"a move of the first 4 at random {sum(sum(t[0] for t in r['truth'][:4]) / 4 for r in rs) / n:.2f}, "
              f"the best of 4 by the truth {sum(max(t[0] for t in r['truth'][:4]) for r in rs) / n:.2f}")
        for spec in specs:
            mean, se = mean_and_error([r["truth"][r["picks"][spec]][0] - r["truth"][0][0] for r in rs])
            picked = sum(r["truth"][r["picks"][spec]][0] for r in rs) / n
            wins = sum(r["truth"][r["picks"][spec]][1] for r in rs) / n
            print(f"  {spec}: {picked:.2f} (wins {wins:.3f}), against greedy's first {mean:+.2f} +- {se:.2f}")

    report("all", rows)
    for lo, hi in ((1, 6), (7, 12), (13, 18)):
        report(f"turns {lo}-{hi}", [r for r in rows if lo <= r["turn"] <= hi])


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) == 2 and args[0] == "spend":
        spend(int(args[1]))
    elif len(args) in (5, 6, 7) and args[0] == "war":
        war(*map(int, args[1:5]), int(args[5]) if len(args) > 5 else 8, args[6] if len(args) > 6 else None)
    elif len(args) >= 3 and args[0] == "war-report":
        war_report(read_rows(args[2:]), int(args[1]))
    elif len(args) in (6, 7, 8) and args[0] == "placement":
        placement(*map(int, args[1:5]), args[5].split(";"), int(args[6]) if len(args) > 6 else 8,
                  args[7] if len(args) > 7 else None)
    elif len(args) >= 2 and args[0] == "judges":
        judges(args[1:])
    else:
        sys.exit(__doc__)
