"""Uniform random play over the legal actions, from the bot's own seeded generator."""

from __future__ import annotations

from meeple.engine import Action, Rng, State


class RandomBot:
    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.rng = Rng(seed)
        self.name = name

    def act(self, state: State, player: int) -> Action:
        return self.rng.choice(state.legal_actions(player))
