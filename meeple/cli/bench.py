"""`meeple bench`: random playouts, the numbers the speed work is judged by.

Two passes of half the time each: a plain loop (to_move, legal_actions, a random pick, apply) gives
games and decisions per second without any timer overhead, then an instrumented loop times
legal_actions, apply and clone one call at a time (with the garbage collector paused: see _timed).
"""

from __future__ import annotations

import gc
import time
from typing import Any

from meeple.compiled import build
from meeple.engine import Game, Rng

CLONE_EVERY = 7  # time a clone on every 7th decision: mid-game states of every phase


def _plain(
    game: Game, n: int, seconds: float, rng: Rng, options: dict[str, Any] | None
) -> tuple[int, int, float]:
    clock = time.perf_counter
    games = decisions = 0
    start = clock()
    deadline = start + seconds
    while True:
        state = game.new_state(n, rng.next64() & 0xFFFFFFFF, options)
        state.log = False
        while not state.is_terminal():
            player = state.to_move()[0]
            legal = state.legal_actions(player)
            state.apply(player, legal[rng.below(len(legal))], check=False)
            decisions += 1
        games += 1
        if clock() >= deadline:
            return games, decisions, clock() - start


def _timed(
    game: Game, n: int, seconds: float, rng: Rng, options: dict[str, Any] | None
) -> tuple[float, float, float]:
    """µs per legal_actions, apply and clone, with the cyclic garbage collector paused: its pauses
    (tens of ms each, a few a second) land on whichever call allocates when one is due and made the
    clone figure swing 5-12 µs from run to run; the plain loop's decisions per second include them."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _timed_calls(game, n, seconds, rng, options)
    finally:
        if was_enabled:
            gc.enable()


def _timed_calls(
    game: Game, n: int, seconds: float, rng: Rng, options: dict[str, Any] | None
) -> tuple[float, float, float]:
    clock = time.perf_counter
    t_legal = t_apply = t_clone = 0.0
    decisions = clones = 0
    deadline = clock() + seconds
    while clock() < deadline:
        state = game.new_state(n, rng.next64() & 0xFFFFFFFF, options)
        state.log = False
        while not state.is_terminal():
            player = state.to_move()[0]
            t0 = clock()
            legal = state.legal_actions(player)
            t1 = clock()
            action = legal[rng.below(len(legal))]
            t2 = clock()
            state.apply(player, action, check=False)
            t3 = clock()
            t_legal += t1 - t0
            t_apply += t3 - t2
            decisions += 1
            if decisions % CLONE_EVERY == 0:
                t4 = clock()
                state.clone()
                t_clone += clock() - t4
                clones += 1
    return (
        1e6 * t_legal / max(decisions, 1),
        1e6 * t_apply / max(decisions, 1),
        1e6 * t_clone / max(clones, 1),
    )


MCTS_POSITIONS = 8  # positions searched by the MCTS measure
MCTS_SPACING = 11  # decisions between two of them in a random game


def mcts_positions(game: Game, n: int, rng: Rng, options: dict[str, Any] | None) -> list[tuple[Any, int]]:
    """Positions with a real choice, every MCTS_SPACING-th decision of seeded random games, up to
    MCTS_POSITIONS: early, middle and late states alike."""
    found: list[tuple[Any, int]] = []
    while len(found) < MCTS_POSITIONS:
        state = game.new_state(n, rng.next64() & 0xFFFFFFFF, options)
        state.log = False
        k = 0
        while not state.is_terminal() and len(found) < MCTS_POSITIONS:
            player = state.to_move()[0]
            legal = state.legal_actions(player)
            k += 1
            if k % MCTS_SPACING == 0 and len(legal) > 1:
                found.append((state.clone(), player))
            state.apply(player, legal[rng.below(len(legal))], check=False)
    return found


# What a game's bot may add on top of the search kernel: a costlier iteration (Río de la Plata's greedy
# playouts to the end of the game turn, 50-75 a second) that is a choice of play, not the kernel's
# speed; the measure leaves them out so that it compares the kernel across games and commits.
PLAYOUT_POLICY = ("rollout", "horizon", "tree", "pick", "prune", "crn", "memo", "fast")


def mcts_defaults(game: Game) -> dict[str, Any]:
    """The parameters the game sets for its `mcts` bot (`bot_defaults`) but its playout policy; the rest
    are the bot's own."""
    return {k: v for k, v in game.bot_defaults.get("mcts", {}).items() if k not in PLAYOUT_POLICY}


def mcts_rate(
    game: Game, n: int, seconds: float, seed: int = 0, options: dict[str, Any] | None = None
) -> float:
    """ISMCTS iterations per second of the search kernel as a player of this game gets it (the bot's
    defaults with the game's own `bot_defaults`, e.g. its rollout cut-off, but uniformly random
    rollouts: see PLAYOUT_POLICY), over `seconds` shared by MCTS_POSITIONS positions; the whole budget
    is spent."""
    from meeple.bots.mcts import MctsBot

    positions = mcts_positions(game, n, Rng(seed), options)
    iterations = 0
    spent = 0.0
    tuned = mcts_defaults(game)
    for i, (state, player) in enumerate(positions):
        bot = MctsBot(seed=seed + i, seconds=seconds / len(positions), **tuned)
        t0 = time.perf_counter()
        bot.search(state, player)
        spent += time.perf_counter() - t0
        iterations += bot.last_iterations
    return iterations / spent


def bench(
    game: Game,
    num_players: int,
    seconds: float,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    mcts: bool = False,
) -> dict[str, Any]:
    """Random playouts for about `seconds`; a decision = one legal_actions + one apply. With `mcts`,
    also ISMCTS iterations per second (another `seconds`)."""
    rng = Rng(seed)
    games, decisions, wall = _plain(game, num_players, seconds / 2, rng, options)
    us_legal, us_apply, us_clone = _timed(game, num_players, seconds / 2, rng, options)
    row = {
        "game": game.id,
        "players": num_players,
        "build": build(),
        "games": games,
        "decisions": decisions,
        "seconds": round(wall, 3),
        "games_per_second": round(games / wall, 3),
        "decisions_per_second": round(decisions / wall, 1),
        "us_legal_actions": round(us_legal, 2),
        "us_apply": round(us_apply, 2),
        "us_clone": round(us_clone, 2),
    }
    if mcts:
        from meeple.bots.mcts import DEFAULT_DEPTH

        row["mcts_iterations_per_second"] = round(mcts_rate(game, num_players, seconds, seed, options), 1)
        row["mcts_depth"] = mcts_defaults(game).get("depth", DEFAULT_DEPTH)
    return row


# A regression is a slowdown by more than `tolerance` times on any of these (higher or lower is better).
HIGHER_IS_BETTER = ("decisions_per_second", "games_per_second", "mcts_iterations_per_second")
LOWER_IS_BETTER = ("us_legal_actions", "us_apply", "us_clone")


def build_of(row: dict[str, Any]) -> str:
    return row.get("build", "pure")  # rows saved before the compiled build existed were measured on source


def regressions(rows: list[dict[str, Any]], baseline: list[dict[str, Any]], tolerance: float) -> list[str]:
    """Every measure of `rows` more than `tolerance` times worse than the same game, count and build
    in `baseline` (a compiled build is compared with compiled figures only, the source with source)."""
    base = {(b["game"], b["players"], build_of(b)): b for b in baseline}
    found = []
    for r in rows:
        b = base.get((r["game"], r["players"], build_of(r)))
        if b is None:
            continue
        for key in HIGHER_IS_BETTER:
            if key not in r or key not in b:  # measured in only one of the two runs
                continue
            if r[key] > 0 and b[key] / r[key] > tolerance:
                found.append(
                    f"{r['game']} {r['players']}p {key}: {r[key]} vs baseline {b[key]} ({b[key] / r[key]:.2f}x slower)"
                )
        for key in LOWER_IS_BETTER:
            if b[key] > 0 and r[key] / b[key] > tolerance:
                found.append(
                    f"{r['game']} {r['players']}p {key}: {r[key]} vs baseline {b[key]} ({r[key] / b[key]:.2f}x slower)"
                )
    return found


# ----- meeple bench --rl: the PettingZoo environments --------------------------------------------------

CLASSIC = "connect_four_v3"  # PettingZoo's own classic environment, measured beside ours
WARM_UP = 0.1  # of the time, run before measuring


def aec_rate(env: Any, seconds: float, seed: int = 0) -> tuple[int, float]:
    """Steps of an AEC environment in about `seconds` of its own time: each step is `last()` (the
    observation and the action mask of the agent to act) and `step(action)`, resets included; the
    random agent's pick from the mask is not timed (it is the agent's work, not the environment's).
    Time is this process's CPU time, so the figure is per core and holds on a machine shared with other
    work (wall-clock time there counts the others' turns too). Returns (steps, seconds spent in the
    environment)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    clock = time.process_time
    steps, spent, episode = 0, 0.0, 0
    while spent < seconds:
        t0 = clock()
        env.reset(seed=seed + episode)
        spent += clock() - t0
        episode += 1
        for _ in env.agent_iter():
            t0 = clock()
            obs, _, terminated, truncated, _ = env.last()
            t1 = clock()
            if terminated or truncated:
                action = None
            else:
                legal = np.flatnonzero(obs["action_mask"])
                action = int(legal[rng.integers(len(legal))])
            t2 = clock()
            env.step(action)
            spent += (t1 - t0) + (clock() - t2)
            if action is not None:
                steps += 1
            if spent >= seconds:
                break
    return steps, spent


def rl_bench(
    game: Game, num_players: int, seconds: float, seed: int = 0, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """PettingZoo steps per second of `meeple.rl.aec_env` with observation and mask."""
    from meeple.rl import MeepleAEC

    env = MeepleAEC(game, num_players, options)
    aec_rate(env, WARM_UP * seconds, seed)  # first calls: the action codes' cache, numpy's first use
    steps, spent = aec_rate(env, seconds, seed)
    return {
        "game": game.id,
        "players": num_players,
        "build": build(),
        "rl_steps": steps,
        "rl_seconds": round(spent, 3),
        "rl_steps_per_second": round(steps / spent, 1),
    }


def classic_rl_bench(seconds: float, seed: int = 0) -> dict[str, Any]:
    """The same measure of PettingZoo's own Connect Four, a yardstick for the figures of our games."""
    from pettingzoo.classic import connect_four_v3

    env = connect_four_v3.env()
    aec_rate(env, WARM_UP * seconds, seed)
    steps, spent = aec_rate(env, seconds, seed)
    return {
        "game": f"pettingzoo:{CLASSIC}",
        "players": 2,
        "rl_steps": steps,
        "rl_seconds": round(spent, 3),
        "rl_steps_per_second": round(steps / spent, 1),
    }
