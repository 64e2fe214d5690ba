"""Río de la Plata's war, measured (the figures in docs/bots.md, "Río de la Plata: the war").

    python scripts/rio_war_study.py sources SPEC SEED         # one game, SPEC in seat 1 against greedy
    python scripts/rio_war_study.py term NAME GAMES [FIRST]   # a greedy seat with an evaluation term
                                                              # against three greedy seats without it
                                                              # (games FIRST .. FIRST+GAMES-1)

`sources` counts each seat's VP by where they came from: a war as the attacker, a war as a defender,
play outside wars, and the end-of-game scoring. `term` switches the evaluation term NAME (NEAR,
DEFENDER_TOKEN and ATTACKER_TOKEN together as TOKENS, or TRADE: a pending offer valued by its answer)
off for all seats but the first of the rotation, for the duration of each seat's own decisions.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from typing import Any

import meeple.games.riodelaplata.evaluation as ev
from meeple.bots import make_bot
from meeple.engine import Action, State, load, play_match

GAME = load("riodelaplata")
TERMS = {"NEAR": ("NEAR",), "TOKENS": ("ATTACKER_TOKEN", "DEFENDER_TOKEN"), "TRADE": ("add_pending_trade",)}
OFF: dict[str, Any] = {"add_pending_trade": lambda s, out: None}  # a term switched off (default: 0.0)


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


def term(name: str, games: int, first: int = 0) -> None:
    names = TERMS[name]
    values = {n: getattr(ev, n) for n in names}
    wins = margin = 0.0
    for k in range(first, first + games):
        me = k % 4
        seats = [Seat(make_bot("greedy", seed=100 * k + q, game=GAME), names, values, q == me) for q in range(4)]
        result = play_match(GAME, seats, seed=k).state.result()
        if result.ranks[me] == 1:
            wins += 1 / result.ranks.count(1)
        margin += result.scores[me] - max(v for q, v in enumerate(result.scores) if q != me)
    print(f"greedy with {name} against three without: {wins:g} of {games} games, mean margin {margin / games:+.1f}")


if __name__ == "__main__":
    verb, a, b = sys.argv[1:4]
    sources(a, int(b)) if verb == "sources" else term(a, int(b), int(sys.argv[4]) if len(sys.argv) > 4 else 0)
