"""A fingerprint of what the rules and the search do: each golden playthrough's final hash, draws of
the state's random generator, and the root statistics of a seeded MCTS search at a few positions of
every game. Two builds (compiled and source) that print the same fingerprint behave the same."""

from __future__ import annotations

import hashlib
import json

from meeple.bots.mcts import MctsBot
from meeple.cli.bench import mcts_positions
from meeple.engine import Rng, games
from tests.playthroughs.golden import case_id, cases, make


def search_fingerprint(positions: int = 3, iterations: int = 100) -> dict[str, str]:
    out = {}
    for game in games():
        n = game.player_counts(game.parse_options({}))[-1]
        digest = hashlib.sha256()
        for i, (state, player) in enumerate(mcts_positions(game, n, Rng(0), None)[:positions]):
            bot = MctsBot(seed=i, iterations=iterations, early=0, **game.bot_defaults.get("mcts", {}))
            root = bot.search(state, player)
            for q in sorted(root.stats):
                for action, stats in sorted(root.stats[q].items(), key=lambda item: repr(item[0])):
                    digest.update(repr((q, action, stats[0], round(stats[1], 9), stats[2])).encode())
        out[game.id] = digest.hexdigest()[:16]
    return out


BOUNDS = (1, 2, 3, 6, 100, 2**32 + 1, 2**63 + 1, 2**64 - 1, 2**64)  # near 2**64: the rejection branch


def rng_fingerprint() -> str:
    """Draws of `Rng.below` (C's 64-bit arithmetic in the compiled build) from seeds at both ends."""
    draws = []
    for seed in (0, 1, 2**63, 2**64 - 1):
        rng = Rng(seed)
        draws += [rng.below(n) for n in BOUNDS for _ in range(50)]
    return hashlib.sha256(repr(draws).encode()).hexdigest()[:16]


def fingerprint() -> dict[str, str]:
    finals = {case_id(*case): make(*case)["final_hash"] for case in cases()}
    return {**finals, **search_fingerprint(), "rng": rng_fingerprint()}


if __name__ == "__main__":
    print(json.dumps(fingerprint()))
