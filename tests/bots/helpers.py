"""Positions of every registered game for the bot tests: seeded random play to a random depth."""

from __future__ import annotations

from meeple.engine import Rng, State, games


def game_ids() -> list[str]:
    return [g.id for g in games()]


def player_counts(game_id: str) -> list[int]:
    from meeple.engine import load

    g = load(game_id)
    lo, hi = g.min_players, g.max_players
    return sorted({lo, min(hi, max(lo, 4)), hi})


def positions(game_id: str, players: int, count: int, seed: int = 0, max_steps: int = 400) -> list[State]:
    """`count` non-terminal positions reached by seeded random play."""
    from meeple.engine import load

    g = load(game_id)
    rng = Rng(seed)
    out: list[State] = []
    tries = 0
    while len(out) < count and tries < count * 5:
        tries += 1
        s = g.new_state(players, rng.below(1 << 30))
        s.log = False
        stop = rng.below(max_steps)
        steps = 0
        while not s.is_terminal() and steps < stop:
            p = s.to_move()[0]
            s.apply(p, rng.choice(s.legal_actions(p)), check=False)
            steps += 1
        if not s.is_terminal():
            out.append(s)
    return out
