"""How much of the MCTS seat's edge in Río de la Plata comes from its war moves? (docs/bots.md, session 17.)

    python scripts/rio_war_greedy.py GAMES OUT.jsonl [SPEC]

Plays the first GAMES games of `meeple arena riodelaplata --bots SPEC,greedy,greedy,greedy --seed 0`
(default SPEC `mcts:seconds=1`, with Río's `bot_defaults`): the same game seeds, seat rotation and bot
seeds, on two processes. The first entry's seat plays SPEC's move outside wars and the greedy bot's
move (seeded alike) during a war. Each game is appended to OUT as an arena journal's line, so
`python scripts/arena_pair.py OUT benchmarks/arena/riodelaplata-mcts-seed0.jsonl` pairs it with the
100-game run of the search alone. Games already in OUT are not played again.
"""

from __future__ import annotations

import json
import multiprocessing
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from meeple.arena.runner import bot_seed, seat_plan
from meeple.bots import make_bot
from meeple.engine import load, play_match

GREEDY = "greedy"


class Timed:
    """An agent and its longest decision; with `war`, another agent moves during wars."""

    def __init__(self, agent: Any, war: Any = None) -> None:
        self.agent, self.war, self.name, self.longest = agent, war, agent.name, 0.0

    def act(self, state: Any, player: int) -> Any:
        t0 = time.perf_counter()
        mover = self.war if self.war is not None and state.phase == "war" else self.agent
        action = mover.act(state, player)
        self.longest = max(self.longest, time.perf_counter() - t0)
        return action


def play(task: tuple[int, tuple[int, ...], int, tuple[int, ...], str]) -> dict[str, Any]:
    index, seats, game_seed, bot_seeds, spec = task
    game = load("riodelaplata")
    agents = []
    for seat, entry in enumerate(seats):
        greedy = make_bot(GREEDY, seed=bot_seeds[seat], game=game)
        agents.append(Timed(make_bot(spec, seed=bot_seeds[seat], game=game), greedy) if entry == 0 else Timed(greedy))
    result = play_match(game, agents, seed=game_seed).state.result()
    return {"index": index, "seed": game_seed, "seats": list(seats), "scores": [float(x) for x in result.scores],
            "ranks": list(result.ranks), "max_seconds": [a.longest for a in agents], "error": None}


def main(games: int, out: Path, spec: str) -> None:
    done = {json.loads(line)["index"] for line in out.read_text().splitlines()} if out.exists() else set()
    tasks = [(g, tuple(seats), g // 4, tuple(bot_seed(0, g, s) for s in range(4)), spec)
             for g, seats in enumerate(seat_plan(4, games)) if g not in done]
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool, out.open("a") as lines:
        for future in as_completed([pool.submit(play, t) for t in tasks]):
            lines.write(json.dumps(future.result()) + "\n")
            lines.flush()


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    main(int(sys.argv[1]), Path(sys.argv[2]), sys.argv[3] if len(sys.argv) == 4 else "mcts:seconds=1")
