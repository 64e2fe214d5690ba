"""How much of the MCTS seat's edge in Río de la Plata comes from its war moves? (docs/bots.md, session 17.)

    python scripts/rio_war_greedy.py GAMES OUT.jsonl [SPEC]

Plays the first GAMES games of `meeple arena riodelaplata --bots SPEC,greedy,greedy,greedy --seed 0`
(default SPEC `mcts:seconds=1`, with Río's `bot_defaults`): the same game seeds, seat rotation and bot
seeds, on two processes. The first entry's seat plays SPEC's move outside wars and the greedy bot's
move (seeded alike) during a war. Each game is appended to OUT as an arena journal's game line, so
`python scripts/arena_pair.py OUT benchmarks/arena/riodelaplata-mcts-seed0.jsonl` pairs it with the
100-game run of the search alone. Games already in OUT are not played again.
"""

from __future__ import annotations

import json
import multiprocessing
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict
from pathlib import Path
from typing import Any

from meeple.arena.runner import arena_tasks, play_one
from meeple.bots import make_bot
from meeple.engine import load

GREEDY = "greedy"


class WarGreedy:
    """An agent that leaves the moves of a war to the greedy bot."""

    def __init__(self, agent: Any, war: Any) -> None:
        self.agent, self.war, self.name = agent, war, agent.name

    def act(self, state: Any, player: int) -> Any:
        return (self.war if state.phase == "war" else self.agent).act(state, player)


def agent_for(spec: str, seed: int, game: Any) -> Any:
    """The arena's agents (`play_one`), but SPEC's seat with the greedy bot's war moves."""
    greedy = make_bot(GREEDY, seed=seed, game=game)
    return greedy if spec == GREEDY else WarGreedy(make_bot(spec, seed=seed, game=game), greedy)


def main(games: int, out: Path, spec: str) -> None:
    done = {json.loads(line)["index"] for line in out.read_text().splitlines()} if out.exists() else set()
    game = load("riodelaplata")
    tasks = [t for t in arena_tasks(game, (spec, GREEDY, GREEDY, GREEDY), games, 0, game.parse_options(None))
             if t[3] not in done]
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool, out.open("a") as lines:
        for future in as_completed([pool.submit(play_one, t, agent_for) for t in tasks]):
            lines.write(json.dumps(asdict(future.result())) + "\n")
            lines.flush()


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    main(int(sys.argv[1]), Path(sys.argv[2]), sys.argv[3] if len(sys.argv) == 4 else "mcts:seconds=1")
