"""Many games between bots, in several processes: the numbers behind `meeple simulate`."""

from __future__ import annotations

import math
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeple.arena.backends import run_tasks
from meeple.bots import make_bot
from meeple.engine import load, play_match
from meeple.engine.record import make_record, write_record


@dataclass(frozen=True)
class Job:
    game: str
    bots: tuple[str, ...]
    seed: int
    options: tuple[tuple[str, Any], ...]
    records: str | None
    stats: bool


def run_one(job: Job) -> dict[str, Any]:
    """One game; errors are caught and reported, never raised, so one bad game doesn't stop a run."""
    game = load(job.game)
    agents = [make_bot(spec, seed=job.seed * 101 + i, game=game) for i, spec in enumerate(job.bots)]
    t0 = time.perf_counter()
    try:
        match = play_match(game, agents, seed=job.seed, options=dict(job.options), log=job.stats)
    except Exception as e:  # a rules bug: report it with the seed that reproduces it
        return {
            "seed": job.seed,
            "error": f"seed {job.seed}: {type(e).__name__}: {e}",
            "trace": traceback.format_exc(limit=4),
        }
    state = match.state
    result = state.result()
    if job.records:
        write_record(
            Path(job.records) / f"{job.game}-{job.seed}.json",
            make_record(state, match.seats, job.seed, match.history),
        )
    return {
        "seed": job.seed,
        "error": None,
        "scores": result.scores,
        "winners": result.winners,
        "decisions": len(match.history),
        "seconds": time.perf_counter() - t0,
        "stats": dict(Counter(e.kind for e in state.events)) if job.stats else {},
        "tallies": dict(state.tallies()) if job.stats else {},
    }


@dataclass
class Summary:
    game: str
    seats: list[str]
    games: int = 0
    errors: int = 0
    error_messages: list[str] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    scores: list[list[float]] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    stats: Counter[str] = field(default_factory=Counter)
    tallies: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0

    def add(self, r: dict[str, Any]) -> None:
        self.games += 1
        if r["error"]:
            self.errors += 1
            self.error_messages.append(r["error"])
            return
        for w in r["winners"]:
            self.wins[w] += 1 / len(r["winners"])
        for p, s in enumerate(r["scores"]):
            self.scores[p].append(s)
        self.decisions.append(r["decisions"])
        self.stats.update(r["stats"])
        self.tallies.update(r["tallies"])

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seats": self.seats,
            "games": self.games,
            "errors": self.errors,
            "error_messages": self.error_messages[:5],
            "wins": [round(w, 3) for w in self.wins],
            "mean_score": [round(_mean(s), 3) for s in self.scores],
            "sd_score": [round(_sd(s), 3) for s in self.scores],
            "mean_decisions": round(_mean(self.decisions), 1),
            "games_per_second": round(self.games / self.seconds, 3) if self.seconds else 0.0,
            "stats": dict(sorted(self.stats.items())),
            "tallies": dict(sorted(self.tallies.items())),
        }


def simulate(
    game_id: str,
    bots: Sequence[str],
    games: int,
    seed: int,
    options: dict[str, Any],
    jobs: int,
    records: Path | None,
    stats: bool,
    progress: Callable[[], None] | None = None,
    backend: str = "process",
    address: str | None = None,
) -> Summary:
    n = len(bots)
    summary = Summary(game_id, list(bots), wins=[0.0] * n, scores=[[] for _ in range(n)])
    work = [
        Job(
            game_id,
            tuple(bots),
            seed + i,
            tuple(sorted(options.items())),
            str(records) if records else None,
            stats,
        )
        for i in range(games)
    ]
    t0 = time.perf_counter()
    done: dict[int, dict[str, Any]] = {}
    for i, r in run_tasks(run_one, work, min(jobs, games), backend, address):
        done[i] = r
        if progress:
            progress()
    for i in range(len(work)):  # in seed order, whatever the order they finished in
        summary.add(done[i])
    summary.seconds = time.perf_counter() - t0
    return summary


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def _sd(xs: Sequence[float]) -> float:
    if len(xs) < 2:
        return 0.0
    m = _mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
