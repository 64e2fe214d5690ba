"""The games behind a report: each one played with the log on, and what a report needs of it kept.

Game g is played on seed `seed + g` (every game its own deal, so the seats' results are independent
samples). One bot spec sits in every seat, or one spec per seat with the seats rotated from game to
game (game g puts spec `(s - g) mod n` in seat s), so that a seat's results are not one bot's.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from meeple.arena.backends import run_tasks
from meeple.arena.runner import bot_seed
from meeple.bots import make_bot
from meeple.engine import load, play_match
from meeple.engine.record import make_record, write_record

# game id, specs (one per seat), options, index, game seed, spec index per seat, bot seed per seat, records folder
Task = tuple[str, tuple[str, ...], dict[str, Any], int, int, tuple[int, ...], tuple[int, ...], str | None]


@dataclass
class GameRow:
    """One game as a report counts it; every list is per seat."""

    index: int
    seed: int
    bots: list[str] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)
    breakdown: list[dict[str, float]] = field(default_factory=list)
    uses: list[dict[str, int]] = field(default_factory=list)  # State.player_tallies()
    decisions: int = 0
    rounds: int | None = None  # State.game_round() at the end, where the game counts rounds
    error: str | None = None

    @property
    def wins(self) -> list[float]:
        """Each seat's share of the win: 1 for a sole winner, 1/k for each of k tied winners."""
        top = [s for s, r in enumerate(self.ranks) if r == 1]
        return [1 / len(top) if s in top else 0.0 for s in range(len(self.ranks))]


@dataclass
class Run:
    game: str
    title: str
    players: int
    seat_names: list[str]
    bots: list[str]
    options: dict[str, Any]
    seed: int
    rows: list[GameRow]  # the games without an error, by index
    errors: list[str]
    seconds: float

    label: str  # the options that differ from the game's defaults, or "default options"

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if k != "rows"}


def options_label(defaults: Mapping[str, Any], options: Mapping[str, Any]) -> str:
    changed = [f"{k}={v}" for k, v in options.items() if defaults.get(k) != v]
    return ", ".join(changed) or "default options"


def report_tasks(
    game_id: str, specs: Sequence[str], games: int, seed: int, options: Mapping[str, Any], records: str | None
) -> list[Task]:
    n = len(specs)
    rotate = len(set(specs)) > 1
    return [
        (
            game_id, tuple(specs), dict(options), g, seed + g,
            tuple((s - g) % n if rotate else s for s in range(n)),
            tuple(bot_seed(seed, g, s) for s in range(n)),
            records,
        )
        for g in range(games)
    ]


def play_for_report(task: Task) -> GameRow:
    """Play one game of a report (top-level, so it runs in any worker); an error is kept, not raised."""
    game_id, specs, options, index, game_seed, seats, bot_seeds, records = task
    row = GameRow(index, game_seed, [specs[e] for e in seats])
    try:
        game = load(game_id)
        agents = [make_bot(specs[e], seed=bot_seeds[s], game=game) for s, e in enumerate(seats)]
        match = play_match(game, agents, seed=game_seed, options=options, log=True)
        state = match.state
        res = state.result()
        row.scores = [float(x) for x in res.scores]
        row.ranks = list(res.ranks)
        row.breakdown = [{k: float(v) for k, v in b.items()} for b in res.breakdown]
        row.uses = state.player_tallies()
        row.decisions = len(match.history)
        row.rounds = state.game_round()
        if records:
            write_record(Path(records) / f"{game_id}-{index}.json", make_record(state, row.bots, game_seed, match.history))
    except Exception as e:  # a rules bug: counted and shown with the seed that reproduces it
        row.error = f"game {index} (seed {game_seed}): {type(e).__name__}: {e}"
    return row


def run(
    game_id: str,
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    backend: str = "process",
    address: str | None = None,
    records: Path | None = None,
    progress: Callable[[], None] | None = None,
) -> Run:
    """Play the games of one report run (`specs`: one per seat, already checked)."""
    game = load(game_id)
    opts = game.parse_options(options)
    state = game.new_state(len(specs), seed, opts)
    tasks = report_tasks(game.id, specs, games, seed, opts, str(records) if records else None)
    t0 = time.perf_counter()
    rows: list[GameRow] = []
    for _, row in run_tasks(play_for_report, tasks, jobs, backend, address):
        rows.append(row)
        if progress:
            progress()
    rows.sort(key=lambda r: r.index)
    return Run(
        game=game.id,
        title=game.title,
        players=len(specs),
        seat_names=[state.player_name(p) for p in range(len(specs))],
        bots=list(specs),
        options=dict(opts),
        seed=seed,
        rows=[r for r in rows if not r.error],
        errors=[r.error for r in rows if r.error],
        seconds=time.perf_counter() - t0,
        label=options_label(game.parse_options({}), opts),
    )
