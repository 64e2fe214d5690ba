"""A ladder: ratings of many bots from games among any number of them at a time.

The games come in blocks of `players` games: a block seats a group of `players` specs from the pool
and plays one deal (one game seed) with the seats rotated, as the arena does, so each of them plays
the deal from every seat. The groups go through every combination of the pool in an order shuffled
by the seed (when there are more than `MAX_GROUPS` combinations, each block draws its own group), so
every spec meets every other about equally often. A game's plan depends only on its index, which
makes the ladder resumable with the arena's journal.

Ratings are openskill's Plackett-Luce model, updated game after game in the order of the game index
(not of completion), so the ratings of a run do not depend on the backend or on how many workers
played it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from meeple.bots import make_bot
from meeple.engine import Rng, load

from .backends import run_tasks
from .runner import ArenaError, GameOutcome, Journal, Task, bot_seed, code_fingerprint, play_one

MAX_GROUPS = 1000


def ladder_groups(pool_size: int, players: int, blocks: int, seed: int) -> list[tuple[int, ...]]:
    """For each block, the pool entries that play it (in seat order for the block's first game)."""
    rng = Rng(seed * 0x9E3779B1 + 17)
    if math.comb(pool_size, players) <= MAX_GROUPS:
        order = list(combinations(range(pool_size), players))
        rng.shuffle(order)
        return [order[b % len(order)] for b in range(blocks)]
    return [tuple(sorted(rng.sample(range(pool_size), players))) for _ in range(blocks)]


def ladder_tasks(game_id: str, specs: Sequence[str], players: int, games: int, seed: int, options: Mapping[str, Any]) -> list[Task]:
    n = players
    groups = ladder_groups(len(specs), n, -(-games // n), seed)
    tasks = []
    for g in range(games):
        block, turn = divmod(g, n)
        group = groups[block]
        seats = tuple(group[(s - turn) % n] for s in range(n))
        tasks.append((game_id, tuple(specs), dict(options), g, seed + block, seats, tuple(bot_seed(seed, g, s) for s in range(n))))
    return tasks


@dataclass
class Rating:
    name: str
    mu: float
    sigma: float
    games: int = 0
    wins: float = 0.0

    @property
    def ordinal(self) -> float:
        """The conservative skill, mu - 3 sigma: what the bot is at least, with about 99.7% confidence."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "mu": round(self.mu, 4),
            "sigma": round(self.sigma, 4),
            "ordinal": round(self.ordinal, 4),
            "games": self.games,
            "wins": round(self.wins, 4),
        }


@dataclass
class LadderReport:
    game: str
    players: int
    games: int
    seed: int
    options: dict[str, Any]
    ratings: list[Rating]  # best first (by ordinal)
    errors: list[str]
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
            "errors": len(self.errors),
            "seconds": round(self.seconds, 3),
            "ratings": [r.to_json() for r in self.ratings],
        }


def rate(specs: Sequence[str], outcomes: Sequence[GameOutcome]) -> tuple[list[Rating], list[str]]:
    """Plackett-Luce ratings of the specs from the outcomes, taken in game-index order."""
    from openskill.models import PlackettLuce  # the lab extra: imported only when rating

    model = PlackettLuce()
    current = [model.rating(name=s) for s in specs]
    stats = [Rating(s, 0.0, 0.0) for s in specs]
    errors = []
    for o in sorted(outcomes, key=lambda o: o.index):
        if o.error:
            errors.append(o.error)
            continue
        teams = model.rate([[current[e]] for e in o.seats], ranks=list(o.ranks))
        top = [s for s, r in enumerate(o.ranks) if r == 1]
        for seat, e in enumerate(o.seats):
            current[e] = teams[seat][0]
            stats[e].games += 1
            if seat in top:
                stats[e].wins += 1 / len(top)
    for r, st in zip(current, stats):
        st.mu, st.sigma = r.mu, r.sigma
    return sorted(stats, key=lambda r: -r.ordinal), errors


def run_ladder(
    game_id: str,
    specs: Sequence[str],
    games: int,
    players: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
    results: str | Path | None = None,
    backend: str = "process",
    address: str | None = None,
) -> LadderReport:
    """Play `games` ladder games among the bot `specs` and rate them. `players`: seats per game (the
    game's smallest count that is at least 2 by default). Bad input raises MeepleError subclasses
    before any game starts; `results` is a journal as in `run_arena`."""
    game = load(game_id)
    specs = [s.strip() for s in specs]
    if len(specs) < 2:
        raise ArenaError("a ladder needs at least two bots, e.g. --bots random,greedy,mcts")
    if len(set(specs)) != len(specs):
        raise ArenaError("each bot spec may appear once in a ladder's pool (give the same bot another parameter to tell them apart)")
    for s in specs:
        make_bot(s, 0, game)
    opts = game.parse_options(options)
    if players is None:
        players = next((n for n in game.player_counts(opts) if n >= 2), min(game.player_counts(opts)))
    if players < 2 or players > len(specs):
        raise ArenaError(f"--players must be from 2 to the number of bots ({len(specs)}), got {players}")
    game.new_state(players, seed, opts)  # the player count and the options (BadOption)
    if games < 1:
        raise ArenaError(f"the number of games must be at least 1, got {games}")
    if jobs < 1:
        raise ArenaError(f"the number of jobs must be at least 1, got {jobs}")
    t0 = time.perf_counter()
    tasks = ladder_tasks(game.id, specs, players, games, seed, opts)
    journal = None
    if results is not None:
        journal = Journal(Path(results), game.id, specs, seed, dict(opts), code_fingerprint(game), kind="ladder", players=players)
    outcomes: list[GameOutcome] = journal.load(games) if journal else []
    known = {o.index for o in outcomes}
    tasks = [t for t in tasks if t[3] not in known]
    for _, o in run_tasks(play_one, tasks, jobs, backend, address):
        outcomes.append(o)
        if journal:
            journal.append(o)
        if progress:
            progress(len(outcomes), games)
    ratings, errors = rate(specs, outcomes)
    return LadderReport(game.id, players, len(outcomes), seed, dict(opts), ratings, errors, time.perf_counter() - t0)
