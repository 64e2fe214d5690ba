"""Playing many games between bots with rotated seats, in parallel, and summing up the results.

Seats rotate cyclically: with n bot entries, game g puts entry ``(s - g) mod n`` in seat s, so over
every block of n consecutive games each entry sits in each seat exactly once. The n games of a block
share one game seed (the same deal, shuffle and dice with the seats rotated: a "duplicate" format
that removes much of the luck from the comparison). With K not a multiple of n the last block is
partial and seats are balanced to within one game (`ArenaReport.balanced` says which).

Workers are started with the `spawn` method (safe on every platform and with threads); every task
is a plain tuple and `play_one` a top-level function, so nothing unpicklable crosses processes.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from meeple.bots import make_bot, split_bot_list
from meeple.engine import Action, MeepleError, Rng, State, load, play_match

from .backends import run_tasks
from .stats import wilson

__all__ = [
    "ArenaError",
    "ArenaReport",
    "BotStats",
    "GameOutcome",
    "arena_tasks",
    "play_one",
    "run_arena",
    "seat_plan",
    "split_bot_list",
]


class ArenaError(MeepleError):
    """Bad arena input: a number of games or jobs that is not allowed."""


@dataclass
class GameOutcome:
    index: int
    seed: int
    seats: list[int]  # entry index sitting in each seat
    scores: list[float] = field(default_factory=list)  # per seat
    ranks: list[int] = field(default_factory=list)  # per seat
    seconds: list[float] = field(default_factory=list)  # per seat, all decisions
    decisions: list[int] = field(default_factory=list)  # per seat
    max_seconds: list[float] = field(default_factory=list)  # per seat, the longest decision
    error: str | None = None


@dataclass
class BotStats:
    name: str
    games: int = 0
    wins: float = 0.0
    win_rate: float = 0.0
    ci95: tuple[float, float] = (0.0, 1.0)
    mean_score: float = 0.0
    mean_margin: float = 0.0
    seconds_per_decision: float = 0.0
    max_seconds_per_decision: float = 0.0
    decisions: int = 0
    seats: list[int] = field(default_factory=list)  # games played in each seat

    def to_json(self) -> dict[str, Any]:
        doc = asdict(self)
        doc["ci95"] = [round(self.ci95[0], 4), round(self.ci95[1], 4)]
        for k in ("wins", "win_rate", "mean_score", "mean_margin"):
            doc[k] = round(doc[k], 4)
        doc["seconds_per_decision"] = round(self.seconds_per_decision, 6)
        doc["max_seconds_per_decision"] = round(self.max_seconds_per_decision, 6)
        return doc


@dataclass
class ArenaReport:
    game: str
    num_players: int
    games: int
    seed: int
    jobs: int
    options: dict[str, Any]
    bots: list[BotStats]
    errors: int
    error_messages: list[str]
    balanced: bool
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "num_players": self.num_players,
            "options": self.options,
            "seed": self.seed,
            "games": self.games,
            "errors": self.errors,
            "seats_balanced": self.balanced,
            "seconds": round(self.seconds, 3),
            "bots": [b.to_json() for b in self.bots],
        }


def seat_plan(num_entries: int, games: int) -> list[list[int]]:
    """For each game, the entry index sitting in each seat (cyclic rotation)."""
    n = num_entries
    return [[(s - g) % n for s in range(n)] for g in range(games)]


def bot_seed(seed: int, game: int, seat: int) -> int:
    """The seed of the bot in `seat` of game `game` of a run seeded `seed` (arena, ladder, report)."""
    return Rng((seed * 0x100000001B3) ^ (game * 0x9E3779B1 + seat * 7919 + 1)).next64() & ((1 << 62) - 1)


class _Timed:
    """Wraps an agent to record its longest decision."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.name = agent.name
        self.longest = 0.0

    def act(self, state: State, player: int) -> Action:
        t0 = time.perf_counter()
        action = self.agent.act(state, player)
        self.longest = max(self.longest, time.perf_counter() - t0)
        return action


Task = tuple[str, tuple[str, ...], dict[str, Any], int, int, tuple[int, ...], tuple[int, ...]]


def arena_tasks(game: Any, specs: Sequence[str], games: int, seed: int, options: Mapping[str, Any]) -> list[Task]:
    """The arena's games: each one's index, seed, seats (rotated) and bot seeds, which depend only on
    the index, so a study script can play the same games with agents of its own (`play_one`)."""
    n = len(specs)
    return [
        (game.id, tuple(specs), dict(options), g, seed + g // n, tuple(seats), tuple(bot_seed(seed, g, s) for s in range(n)))
        for g, seats in enumerate(seat_plan(n, games))
    ]


def play_one(task: Task, agent_for: Callable[..., Any] = make_bot) -> GameOutcome:
    """Play one arena game (a top-level function, so it can run in a spawned worker); each seat's
    agent is `agent_for(spec, seed=..., game=...)`, the bot of its spec unless a script says otherwise."""
    game_id, specs, options, index, game_seed, seats, bot_seeds = task
    out = GameOutcome(index, game_seed, list(seats))
    try:
        game = load(game_id)
        agents = [_Timed(agent_for(specs[e], seed=bot_seeds[s], game=game)) for s, e in enumerate(seats)]
        match = play_match(game, agents, seed=game_seed, options=options)
        res = match.state.result()
        out.scores = [float(x) for x in res.scores]
        out.ranks = list(res.ranks)
        out.seconds = list(match.seconds)
        out.decisions = list(match.decisions)
        out.max_seconds = [a.longest for a in agents]
    except Exception as e:  # a game that breaks is counted and reported, not fatal for the arena
        out.error = f"game {index} (seed {game_seed}): {type(e).__name__}: {e}"
    return out


def run_arena(
    game_id: str,
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
    results: str | Path | None = None,
    backend: str = "process",
    address: str | None = None,
) -> ArenaReport:
    """Play `games` games of `game_id` between the bot `specs` (one per seat) and report per entry.

    `results`: a journal file (JSON lines) to which every finished game is appended at once; when
    it already holds games of the same arena (game, bots, seed, options) they are not played again,
    so a long run that was stopped goes on where it stopped, and a finished run can be extended to
    more games. Raises MeepleError subclasses (UnknownGame, BadOption, BadBotSpec, ArenaError) for
    bad input, a journal of another arena or a damaged journal, before any game starts.
    `backend`, `address`: where the games are played (`backends.run_tasks`); the results are the same."""
    game = load(game_id)
    specs = [s.strip() for s in specs]
    if len(specs) < 1:
        raise ArenaError("give at least one bot, e.g. --bots greedy,random")
    for s in specs:
        make_bot(s, 0, game)  # the spec, and its parameters together with the game's defaults
    if games < 1:
        raise ArenaError(f"the number of games must be at least 1, got {games}")
    if jobs < 1:
        raise ArenaError(f"the number of jobs must be at least 1, got {jobs}")
    opts = game.parse_options(options)
    game.new_state(len(specs), seed, opts)  # checks the player count and the options (BadOption)
    tasks = arena_tasks(game, specs, games, seed, opts)
    t0 = time.perf_counter()
    journal = None
    if results is not None:
        journal = Journal(Path(results), game.id, specs, seed, dict(opts), code_fingerprint(game))
    outcomes: list[GameOutcome] = journal.load(games) if journal else []
    known = {o.index for o in outcomes}
    tasks = [t for t in tasks if t[3] not in known]

    def finished(o: GameOutcome) -> None:
        outcomes.append(o)
        if journal:
            journal.append(o)
        if progress:
            progress(len(outcomes), games)

    for _, o in run_tasks(play_one, tasks, jobs, backend, address):
        finished(o)
    outcomes.sort(key=lambda o: o.index)
    return summarize(game.id, specs, outcomes, seed, jobs, opts, time.perf_counter() - t0)


class Journal:
    """The results file of an arena: a first line naming the arena, then one finished game a line.

    Each line is written and flushed whole, so a run killed at any moment loses at most the games
    being played; the game plan depends only on the game index, so finished games are never
    played twice and the report of a resumed run is the report of an uninterrupted one (up to the
    times, and to the moves of time-budgeted bots, which depend on the machine's speed)."""

    def __init__(
        self,
        path: Path,
        game_id: str,
        specs: Sequence[str],
        seed: int,
        options: dict[str, Any],
        code: str,
        kind: str = "arena",
        **plan: Any,
    ) -> None:
        # kind: "arena", or "ladder" (whose journal also names the players per game in `plan`)
        self.path = path
        self.kind = kind
        header = {kind: 1, "game": game_id, "bots": list(specs), "seed": seed, "options": options, **plan}
        self.header = json.loads(json.dumps(header))  # as it reads back from the file
        self.code = code

    def load(self, games: int) -> list[GameOutcome]:
        """The journal's games with an index below `games`; a new journal is started if none exists."""
        if not self.path.exists():
            try:
                with self.path.open("w", encoding="utf-8") as f:
                    f.write(json.dumps({**self.header, "code": self.code}) + "\n")
            except OSError as e:
                raise ArenaError(f"cannot write the results file {self.path}: {e.strerror}") from None
            return []
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as e:
            raise ArenaError(f"cannot read the results file {self.path}: {e}") from None
        head = self._parse(lines[0], 1) if lines else None
        code = head.pop("code", None) if isinstance(head, dict) else None
        if head != self.header:
            raise ArenaError(
                f"{self.path} holds the results of another {self.kind} ({self._describe(head)}), not of this one"
                f" ({self._describe(self.header)}); give another --results file or the same {self.kind}"
            )
        if code != self.code:
            raise ArenaError(
                f"{self.path} was started with other code of the engine, the bots or {self.header['game']}"
                f" (fingerprint {code}, now {self.code}): its games and new ones would mix two versions;"
                " give another --results file"
            )
        out: dict[int, GameOutcome] = {}
        names = set(GameOutcome.__dataclass_fields__)
        for i, line in enumerate(lines[1:], start=2):
            doc = self._parse(line, i)
            if not isinstance(doc, dict) or set(doc) != names:
                raise ArenaError(f"{self.path}, line {i}: not a game result (its fields must be {sorted(names)})")
            o = GameOutcome(**doc)
            if o.index < games:
                out[o.index] = o
        return list(out.values())

    def append(self, o: GameOutcome) -> None:
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(asdict(o)) + "\n")
            f.flush()

    def _parse(self, line: str, number: int) -> Any:
        try:
            return json.loads(line)
        except json.JSONDecodeError as e:
            raise ArenaError(
                f"{self.path}, line {number}: damaged ({e.msg}); remove that line to go on from the games before it"
            ) from None

    def _describe(self, h: Any) -> str:
        if not isinstance(h, dict) or h.get(self.kind) != 1:
            return f"not an {self.kind} results file" if self.kind == "arena" else f"not a {self.kind} results file"
        players = f", {h['players']} players" if "players" in h else ""
        return f"{h.get('game')} with bots {','.join(map(str, h.get('bots', [])))}{players}, seed {h.get('seed')}, options {h.get('options')}"


def code_fingerprint(game: Any) -> str:
    """A hash of the source and data that decide an arena's games: the engine, the bots and the
    game's own package, so a journal is never continued by other code."""
    import meeple.bots
    import meeple.engine

    package = importlib.import_module(type(game).__module__.rpartition(".")[0])
    h = hashlib.sha256()
    for mod in (meeple.engine, meeple.bots, package):
        root = Path(next(iter(mod.__path__)))
        for f in sorted(root.rglob("*")):
            if f.suffix in (".py", ".json") and "__pycache__" not in f.parts:
                h.update(f.relative_to(root).as_posix().encode())
                h.update(f.read_bytes())
    return h.hexdigest()[:16]


def summarize(
    game_id: str,
    specs: Sequence[str],
    outcomes: Sequence[GameOutcome],
    seed: int,
    jobs: int,
    options: dict[str, Any],
    seconds: float,
) -> ArenaReport:
    n = len(specs)
    stats = [BotStats(name=s, seats=[0] * n) for s in specs]
    score_sum = [0.0] * n
    margin_sum = [0.0] * n
    secs = [0.0] * n
    errors = [o.error for o in outcomes if o.error]
    for o in outcomes:
        if o.error:
            continue
        top = [s for s in range(n) if o.ranks[s] == 1]
        for seat, e in enumerate(o.seats):
            b = stats[e]
            b.games += 1
            b.seats[seat] += 1
            if seat in top:
                b.wins += 1.0 / len(top)
            score_sum[e] += o.scores[seat]
            others = [o.scores[q] for q in range(n) if q != seat]
            margin_sum[e] += o.scores[seat] - max(others) if others else 0.0
            secs[e] += o.seconds[seat]
            b.decisions += o.decisions[seat]
            b.max_seconds_per_decision = max(b.max_seconds_per_decision, o.max_seconds[seat])
    for e, b in enumerate(stats):
        if b.games:
            b.win_rate = b.wins / b.games
            b.mean_score = score_sum[e] / b.games
            b.mean_margin = margin_sum[e] / b.games
        b.ci95 = wilson(b.wins, b.games)
        b.seconds_per_decision = secs[e] / b.decisions if b.decisions else 0.0
    return ArenaReport(
        game=game_id,
        num_players=n,
        games=len(outcomes),
        seed=seed,
        jobs=jobs,
        options=options,
        bots=stats,
        errors=len(errors),
        error_messages=errors,
        balanced=len(outcomes) % n == 0,
        seconds=seconds,
    )
