"""OpenSpiel's ISMCTS against our `mcts` at equal iterations: an independent search as a yardstick.

    python benchmarks/rl/ismcts_vs_mcts.py GAME PLAYERS ITERATIONS GAMES [--evaluation] [KEY=VALUE ...]

Two seats or more: seat 0 and every even seat is OpenSpiel's ISMCTS (random rollouts to the end, UCT
c=2, `open_spiel.python.algorithms.ismcts`), the others our `mcts:iterations=N` with the game's
`bot_defaults`; the seats swap every other game, so each side sits in each seat as often. Prints one
JSON line: wins (ties split) and mean score of each side, and seconds per decision of each.

With --evaluation, neither side rolls out: each leaf of either search is judged by the game's
evaluation turned into margin rewards (`bots.common.outcome`): ISMCTS with `LeafEvaluation` as its
evaluator, ours as `mcts:iterations=N,depth=0` without the game's `bot_defaults` (a plain tree search,
Río de la Plata's tuned shape left out): the same judge of a leaf, two searches. For the games where a
random rollout to the end costs ISMCTS seconds (Doge, Río de la Plata).
"""

from __future__ import annotations

import json
import sys
import time

from meeple import load
from meeple.bots import make_bot
from meeple.engine.match import play_match
from meeple.rl.openspiel import IsmctsAgent


def main() -> None:
    game_id, players, iterations, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    by_evaluation = "--evaluation" in sys.argv[5:]
    options = dict(arg.split("=", 1) for arg in sys.argv[5:] if arg != "--evaluation")
    game = load(game_id)
    options = game.parse_options(options)
    wins = {"ismcts": 0.0, "mcts": 0.0}
    score = {"ismcts": 0.0, "mcts": 0.0}
    seconds = {"ismcts": 0.0, "mcts": 0.0}
    decisions = {"ismcts": 0, "mcts": 0}
    start = time.time()
    for g in range(games):
        sides = ["ismcts" if (p + g) % 2 == 0 else "mcts" for p in range(players)]
        agents = [
            IsmctsAgent(iterations, seed=1000 * g + p, judge="evaluation" if by_evaluation else "random")
            if side == "ismcts"
            else make_bot(f"mcts:iterations={iterations},depth=0", 1000 * g + p)
            if by_evaluation
            else make_bot(f"mcts:iterations={iterations}", 1000 * g + p, game)
            for p, side in enumerate(sides)
        ]
        match = play_match(game, agents, seed=g, options=options)
        result = match.state.result()
        for p, side in enumerate(sides):
            if p in result.winners:
                wins[side] += 1.0 / len(result.winners)
            score[side] += result.scores[p] / sides.count(side)
            seconds[side] += match.seconds[p]
            decisions[side] += match.decisions[p]
        print(f"game {g + 1}/{games}: {sides} scores {result.scores}", file=sys.stderr, flush=True)
    print(json.dumps({
        "game": game_id, "players": players, "options": options, "iterations": iterations, "games": games,
        "leaves": "evaluation" if by_evaluation else "random rollouts (ISMCTS), bot_defaults (mcts)",
        "wins": wins, "mean_score": {k: round(v / games, 2) for k, v in score.items()},
        "seconds_per_decision": {k: round(seconds[k] / max(decisions[k], 1), 4) for k in seconds},
        "wall_seconds": round(time.time() - start, 1),
    }))


if __name__ == "__main__":
    main()
