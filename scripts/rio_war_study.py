"""Río de la Plata's war, measured (the figures in docs/bots.md, "Río de la Plata: the war").

    python scripts/rio_war_study.py sources SPEC SEED         # one game, SPEC in seat 1 against greedy
    python scripts/rio_war_study.py term NAME GAMES [FIRST]   # a greedy seat with an evaluation term
                                                              # against three greedy seats without it
                                                              # (games FIRST .. FIRST+GAMES-1)
    python scripts/rio_war_study.py term NAME GAMES FIRST reverse   # one without against three with
    python scripts/rio_war_study.py collect FIRST GAMES OUT   # greedy games, positions for `fit`
    python scripts/rio_war_study.py fit FILE...               # the order weights, from those positions
    python scripts/rio_war_study.py temp FILE...              # the hint's win temperature, from them too
    python scripts/rio_war_study.py roots SEED COUNT          # the search's root beside greedy's ranking
    python scripts/rio_war_study.py follow SPEC SEED          # one game, SPEC in seat 1: its moves beside
                                                              # greedy's ranking, by phase

`sources` counts each seat's VP by where they came from: a war as the attacker, a war as a defender,
play outside wars, and the end-of-game scoring. `term` switches the evaluation term NAME (NEAR,
DEFENDER_TOKEN and ATTACKER_TOKEN together as TOKENS, TRADE: a pending offer valued by its answer, or
ORDER: the place in the next order and having attacked) off for all seats but the first of the
rotation, for the duration of each seat's own decisions.

`collect` plays four greedy seats (bots seeded 10 x game + seat, as Genesia's fit) without the ORDER
term and writes, every 7th decision, each player's estimate, place in the next order and whether it
has attacked, with the final scores, one game a line. `fit` regresses the final score minus the
estimate (relative to the table's mean, outside wars) on those two, each also times the share of
turns to come, on three games of four, and prints the weights for data/evaluation.json and how often
the highest estimate named the winner in the held-out fourth, without and with the term.

`roots` follows a game of four greedy seats from turn 3 (turn index 2) and, at its first COUNT
placement decisions with more than five moves, prints the greedy ranking's best four beside the
most visited root actions of a one-second search (Río's defaults and `own=1`): visits, value, and
the greedy value of the same action.

`follow` plays the game of `sources` and, at each of SPEC's decisions with a choice, ranks the moves
by the greedy bot's evaluation too: how often SPEC played a move greedy ranks best, how much greedy
value it gave up on average, which placements it chose, and the VP by source at the end.
"""

from __future__ import annotations

import json
import math
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import meeple.games.riodelaplata.evaluation as ev
from meeple.bots import make_bot
from meeple.engine import Action, State, load, play_match
from meeple.games.riodelaplata.endturn import next_order

GAME = load("riodelaplata")
TERMS = {
    "NEAR": ("NEAR",),
    "TOKENS": ("ATTACKER_TOKEN", "DEFENDER_TOKEN"),
    "TRADE": ("add_pending_trade",),
    "ORDER": ("add_order_prospects",),
}
# a term switched off (default: 0.0)
OFF: dict[str, Any] = {"add_pending_trade": lambda s, out: None, "add_order_prospects": lambda s, out: None}


def sources(spec: str, seed: int) -> None:
    s: Any = GAME.new_state(4, seed)
    bots = [make_bot(spec if q == 0 else "greedy", seed=10 * seed + q, game=GAME) for q in range(4)]
    points: list[dict[str, float]] = [defaultdict(float) for _ in range(4)]
    while not s.is_terminal():
        p = s.to_move()[0]
        attacker = s.war.attacker if s.war is not None else None
        before = list(s.vp)
        s.apply(p, bots[p].act(s, p))
        for q in range(4):
            if s.vp[q] != before[q]:
                where = s.phase if attacker is None else "war, attacking" if q == attacker else "war, defending"
                points[q][where] += s.vp[q] - before[q]
    result = s.result()
    for q in range(4):
        points[q]["end of game"] = result.scores[q] - s.vp[q]
        print(f"seat {q + 1} ({bots[q].name}): {result.scores[q]} VP", dict(points[q]))


def follow(spec: str, seed: int) -> None:
    from meeple.bots.greedy import GreedyBot

    s: Any = GAME.new_state(4, seed)
    bots = [make_bot(spec if q == 0 else "greedy", seed=10 * seed + q, game=GAME) for q in range(4)]
    judge = GreedyBot(seed=seed)
    seen: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0.0])  # decisions, greedy's best, value lost
    kinds: dict[str, int] = defaultdict(int)
    points: dict[str, float] = defaultdict(float)
    while not s.is_terminal():
        p = s.to_move()[0]
        attacker = s.war.attacker if s.war is not None else None
        before = s.vp[0]
        if p == 0 and len(s.legal_actions(p)) > 1:
            worth = dict(judge.rank_actions(s, p))
            a = bots[0].act(s, p)
            where = "war" if s.war is not None else s.phase
            row = seen[where]
            row[0] += 1
            row[1] += worth[a] >= max(worth.values()) - 1e-9
            row[2] += max(worth.values()) - worth[a]
            if where == "place":
                kinds[s.action_text(a).split(":")[0][:40]] += 1
        else:
            a = bots[p].act(s, p)
        s.apply(p, a)
        if s.vp[0] != before:
            points[s.phase if attacker is None else "war, attacking" if attacker == 0 else "war, defending"] += s.vp[0] - before
    result = s.result()
    points["end of game"] = result.scores[0] - s.vp[0]
    for where, (n, top, lost) in seen.items():
        print(f"{where}: {n:.0f} decisions, greedy's best {top:.0f}, mean greedy value given up {lost / n:.2f}")
    print("placements:", dict(sorted(kinds.items(), key=lambda kv: -kv[1])))
    print(f"scores {result.scores} (seat 1: {spec}); seat 1's VP by source {dict(points)}")


class Seat:
    """A bot whose evaluation has the term on (`on`) or off while it decides."""

    def __init__(self, bot: Any, names: tuple[str, ...], values: dict[str, Any], on: bool) -> None:
        self.bot, self.names, self.values, self.on, self.name = bot, names, values, on, bot.name

    def act(self, state: State, player: int) -> Action:
        for n in self.names:
            setattr(ev, n, self.values[n] if self.on else OFF.get(n, 0.0))
        try:
            return self.bot.act(state, player)
        finally:
            for n in self.names:
                setattr(ev, n, self.values[n])


def term(name: str, games: int, first: int = 0, reverse: bool = False) -> None:
    """One greedy seat with the term against three without it (`reverse`: one without against three with)."""
    names = TERMS[name]
    values = {n: getattr(ev, n) for n in names}
    wins = margin = 0.0
    for k in range(first, first + games):
        me = k % 4
        seats = [Seat(make_bot("greedy", seed=100 * k + q, game=GAME), names, values, (q == me) != reverse)
                 for q in range(4)]
        result = play_match(GAME, seats, seed=k).state.result()
        if result.ranks[me] == 1:
            wins += 1 / result.ranks.count(1)
        margin += result.scores[me] - max(v for q, v in enumerate(result.scores) if q != me)
    seat, others = ("without", "with") if reverse else ("with", "without")
    print(f"greedy {seat} {name} against three {others}: {wins:g} of {games} games, mean margin {margin / games:+.1f}")


def roots(seed: int, count: int) -> None:
    from meeple.bots.mcts import MctsBot, _value

    s: Any = GAME.new_state(4, seed)
    bots = [make_bot("greedy", seed=q, game=GAME) for q in range(4)]
    while not s.is_terminal() and count:
        p = s.to_move()[0]
        if s.phase == "place" and s.turn >= 2 and not s.trade and len(s.legal_actions(p)) > 5:
            count -= 1
            greedy = bots[p].rank_actions(s, p)
            search = MctsBot(seed=count, seconds=1.0, depth=0, norm=1, own=1)
            stats = search.search(s, p).stats[p]
            worth = dict(greedy)
            print(f"turn {s.turn + 1}, {s.player_name(p)}, {search.last_iterations} iterations")
            print("  greedy:", "; ".join(f"{s.action_text(a)} {v:+.2f}" for a, v in greedy[:4]))
            best = sorted(stats.items(), key=lambda kv: -kv[1][0])[:4]
            print("  search:", "; ".join(f"{s.action_text(a)} {e[0]} visits, {_value(e):.3f} (greedy {worth[a]:+.2f})"
                                       for a, e in best))
        s.apply(p, bots[p].act(s, p))


def collect(first: int, games: int, out: str) -> None:
    ev.add_order_prospects = OFF["add_order_prospects"]
    with open(out, "a", encoding="utf-8") as f:
        for i in range(first, first + games):
            rows: list[dict[str, Any]] = []
            steps = [0]

            def record(s: Any, _p: int, _a: Action, rows: list[dict[str, Any]] = rows, steps: list[int] = steps) -> None:
                steps[0] += 1
                if s.is_terminal() or steps[0] % 7:
                    return
                place = {p: k for k, p in enumerate(next_order(s))}
                rows.append({"left": (s.num_turns - s.turn) / s.num_turns, "war": s.war is not None,
                             "estimate": s.evaluate(), "attacked": list(s.attacked), "place": [place[p] for p in range(4)]})

            bots = [make_bot("greedy", seed=i * 10 + p, game=GAME) for p in range(4)]
            result = play_match(GAME, bots, seed=i, on_step=record).state.result()
            f.write(json.dumps({"seed": i, "scores": result.scores, "ranks": result.ranks, "rows": rows}) + "\n")


def features(row: dict[str, Any], p: int) -> list[float]:
    """Having attacked and the place in the next order, each alone and times the share of turns to come."""
    a, k, left = row["attacked"][p], row["place"][p], row["left"]
    return [a, a * left, k, k * left]


def fit(files: list[str]) -> None:
    import numpy as np

    games = [json.loads(line) for name in files for line in Path(name).read_text(encoding="utf-8").splitlines()]

    def peacetime(part: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any], Any]]:
        """Each game's positions outside wars, with the features relative to the table's mean."""
        out = []
        for g in part:
            for row in g["rows"]:
                if not row["war"]:
                    x = np.array([features(row, p) for p in range(4)])
                    out.append((g, row, x - x.mean(0)))
        return out

    fitted = peacetime([g for i, g in enumerate(games) if i % 4])
    x = np.vstack([c for _, _, c in fitted])
    ys = [np.array(g["scores"], float) - np.array(row["estimate"]) for g, row, _ in fitted]
    y = np.concatenate([v - v.mean() for v in ys])
    w = np.linalg.lstsq(x, y, rcond=None)[0]
    named = [0, 0]
    held_out = peacetime(games[::4])
    for g, row, c in held_out:
        winner = g["ranks"].index(1)
        est = np.array(row["estimate"])
        named[0] += int(np.argmax(est) == winner)
        named[1] += int(np.argmax(est + c @ w) == winner)
    rows = len(held_out)
    print(json.dumps({"attacked": [round(w[0], 3), round(w[1], 3)], "place": [round(w[2], 3), round(w[3], 3)]}))
    print(f"{len(games)} games, {len(fitted)} positions fitted; the highest estimate named the winner in "
          f"{named[0] / rows:.1%} of {rows} held-out positions without the term, {named[1] / rows:.1%} with it")


def temperature(files: list[str]) -> None:
    """The win temperature of data/evaluation.json: the softmax of the estimates (outside wars) that
    best names the final winners (log-loss; a tie shares the win), over a grid of temperatures, for
    all positions and for the first and last thirds of the game apart."""
    from rio_forecast_study import win_log_loss

    games = [json.loads(line) for name in files for line in Path(name).read_text(encoding="utf-8").splitlines()]
    rows = []
    for g in games:
        top = [1.0 if r == 1 else 0.0 for r in g["ranks"]]
        won = [w / sum(top) for w in top]
        rows += [(row["estimate"], won, row["left"]) for row in g["rows"] if not row["war"]]

    def loss(temp: float, part: list[tuple[list[float], list[float], float]]) -> float:
        return win_log_loss([(v, won) for v, won, _ in part], temp)

    early = [r for r in rows if r[2] > 0.6]
    late = [r for r in rows if r[2] < 0.3]
    print(f"{len(rows)} positions; even chances: {math.log(4):.3f}")
    for temp in (4, 6, 8, 10, 15, 20, 30):
        print(f"temperature {temp:>2}: log-loss {loss(temp, rows):.3f} (early {loss(temp, early):.3f}, "
              f"late {loss(temp, late):.3f})")


if __name__ == "__main__":
    verb = sys.argv[1]
    if verb == "sources":
        sources(sys.argv[2], int(sys.argv[3]))
    elif verb == "term":
        term(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 0, "reverse" in sys.argv[5:])
    elif verb == "follow":
        follow(sys.argv[2], int(sys.argv[3]))
    elif verb == "roots":
        roots(int(sys.argv[2]), int(sys.argv[3]))
    elif verb == "collect":
        collect(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    elif verb == "temp":
        temperature(sys.argv[2:])
    else:
        fit(sys.argv[2:])
