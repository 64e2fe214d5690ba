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
    """`count` non-terminal positions, each a uniformly chosen step of a seeded random game (within
    its first `max_steps` decisions)."""
    from meeple.engine import load

    g = load(game_id)
    rng = Rng(seed)
    out: list[State] = []
    while len(out) < count:
        s = g.new_state(players, rng.below(1 << 30))
        s.log = False
        seen = []
        while not s.is_terminal() and len(seen) < max_steps:
            seen.append(s.clone())
            p = s.to_move()[0]
            s.apply(p, rng.choice(s.legal_actions(p)), check=False)
        out.append(seen[rng.below(len(seen))])
    return out


def play_decisions(state: State, bots: list, count: int) -> list:
    """Up to `count` decisions of the bots (one per seat) from `state`, each checked by `apply` (an
    illegal action raises IllegalAction): the (player, action) pairs."""
    made = []
    while not state.is_terminal() and len(made) < count:
        p = state.to_move()[0]
        action = bots[p].act(state, p)
        state.apply(p, action)
        made.append((p, action))
    return made
