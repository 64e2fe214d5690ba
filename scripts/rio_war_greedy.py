"""How much of the MCTS seat's edge in Río de la Plata comes from its war moves? (docs/bots.md, session 17.)

    python scripts/rio_war_greedy.py GAMES OUT.jsonl [SPEC [GREEDY_IN | peace=PEACE_SPEC]] [seed=N]

Plays the first GAMES games of `meeple arena riodelaplata --bots SPEC,greedy,greedy,greedy --seed N`
(default N 0, SPEC `mcts:seconds=1`, with Río's `bot_defaults`): the same game seeds, seat rotation and bot
seeds, on two processes. The first entry's seat plays SPEC's move outside wars and the greedy bot's
move (seeded alike) during a war (GREEDY_IN `war`, the default), or the other way round (GREEDY_IN
`peace`: the greedy bot's placements and effects, SPEC's war moves; session 20). Each game is
appended to OUT as an arena journal's game line, so `python scripts/arena_pair.py OUT benchmarks/arena/riodelaplata-mcts-seed0.jsonl` pairs it with the
100-game run of the search alone (`...-seed1.jsonl` for seed=1). Games already in OUT are not played again.
"""

from __future__ import annotations

import json
import multiprocessing
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict
from functools import partial
from pathlib import Path
from typing import Any

from meeple.arena.runner import arena_tasks, play_one
from meeple.bots import make_bot
from meeple.engine import MeepleError, load

GREEDY = "greedy"


class PhaseSplit:
    """An agent that plays one agent's moves during a war and another's outside it."""

    def __init__(self, peace: Any, war: Any, name: str) -> None:
        self.peace, self.war, self.name = peace, war, name

    def act(self, state: Any, player: int) -> Any:
        return (self.war if state.phase == "war" else self.peace).act(state, player)


def agent_for(spec: str, seed: int, game: Any, greedy_in: str = "war") -> Any:
    """The arena's agents (`play_one`), but SPEC's seat with the greedy bot's moves where GREEDY_IN says
    (`war` or `peace`), or with PEACE_SPEC's moves outside wars (GREEDY_IN `peace=PEACE_SPEC`)."""
    greedy = make_bot(GREEDY, seed=seed, game=game)
    if spec == GREEDY:
        return greedy
    searcher = make_bot(spec, seed=seed, game=game)
    if greedy_in.startswith("peace="):
        peace, war = make_bot(greedy_in.removeprefix("peace="), seed=seed, game=game), searcher
    else:
        peace, war = (searcher, greedy) if greedy_in == "war" else (greedy, searcher)
    return PhaseSplit(peace, war, searcher.name)


def main(games: int, out: Path, spec: str, greedy_in: str, seed: int = 0) -> None:
    done = {json.loads(line)["index"] for line in out.read_text().splitlines()} if out.exists() else set()
    game = load("riodelaplata")
    tasks = [t for t in arena_tasks(game, (spec, GREEDY, GREEDY, GREEDY), games, seed, game.parse_options(None))
             if t[3] not in done]
    agents = partial(agent_for, greedy_in=greedy_in)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool, out.open("a") as lines:
        for future in as_completed([pool.submit(play_one, t, agents) for t in tasks]):
            lines.write(json.dumps(asdict(future.result())) + "\n")
            lines.flush()


if __name__ == "__main__":
    seeds = [a.removeprefix("seed=") for a in sys.argv[3:] if a.startswith("seed=")]
    sys.argv = [a for a in sys.argv if not a.startswith("seed=")]
    if len(seeds) > 1 or not all(s.isdigit() for s in seeds):
        sys.exit(__doc__)
    if len(sys.argv) not in (3, 4, 5) or not (
        sys.argv[4:] in ([], ["war"], ["peace"]) or sys.argv[4].startswith("peace=")
    ):
        sys.exit(__doc__)
    if sys.argv[4:] and sys.argv[4].startswith("peace="):
        try:
            make_bot(sys.argv[4].removeprefix("peace="), game=load("riodelaplata"))
        except MeepleError as e:  # a bad PEACE_SPEC: its message, before any game is played
            sys.exit(f"Error: {e}")
    main(int(sys.argv[1]), Path(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "mcts:seconds=1",
         sys.argv[4] if len(sys.argv) > 4 else "war", int(seeds[0]) if seeds else 0)
