"""Golden playthroughs: a seeded random game written down so that any change of behaviour shows as a diff.

A transcript keeps the first decisions in full (actions, events, every player's view at a few
points) and, for the rest of the game, only the result and the final hash, so that a file stays a
few KB even for a long game while still catching any change anywhere in the game.
"""

from __future__ import annotations

from typing import Any

from .actions import action_to_json
from .game import Game
from .rng import Rng

FULL_STEPS = 20
VIEW_AT = (0, 20)


def transcript(
    game: Game, num_players: int, seed: int, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    state = game.new_state(num_players, seed, options)
    chooser = Rng(seed ^ 0x5EED)
    steps: list[dict[str, Any]] = []
    views: dict[str, Any] = {}
    seen = 0
    step = 0
    while not state.is_terminal():
        if step in VIEW_AT:
            views[str(step)] = {str(p): state.view(p) for p in range(num_players)}
        player = state.to_move()[0]
        action = chooser.choice(state.legal_actions(player))
        state.apply(player, action)
        if step < FULL_STEPS:
            steps.append(
                {
                    "player": player,
                    "action": action_to_json(action),
                    "text": state.action_text(action),
                    "events": [e.text for e in state.events[seen:]],
                }
            )
        seen = len(state.events)
        if step >= FULL_STEPS:
            state.log = False
        step += 1
    return {
        "game": game.id,
        "version": game.version,
        "num_players": num_players,
        "seed": seed,
        "options": dict(state.options),
        "decisions": step,
        "steps": steps,
        "views": views,
        "result": state.result().to_json(),
        "final_hash": state.state_hash(),
    }
