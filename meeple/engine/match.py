"""Playing one game between agents (bots or people): the loop every front end shares."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .actions import Action
from .game import Game, State


class Agent(Protocol):
    """Anything that decides for a seat. It may read `state.view(player)`,
    `state.legal_actions(player)` and `state.determinize(player, rng)`, never hidden fields."""

    name: str

    def act(self, state: State, player: int) -> Action: ...


@dataclass
class Match:
    state: State
    seats: list[str]
    seed: int
    history: list[tuple[int, Action]] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)


class TooLong(RuntimeError):
    """A game that did not end within the decision limit (a rules bug: every game must end)."""


def play_match(
    game: Game,
    agents: Sequence[Agent],
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    log: bool = False,
    max_decisions: int = 1_000_000,
    on_step: Callable[[State, int, Action], None] | None = None,
) -> Match:
    """Play a whole game; `on_step(state, player, action)` is called after each action."""
    n = len(agents)
    state = game.new_state(n, seed, options)
    state.log = log
    match = Match(state, [a.name for a in agents], seed, seconds=[0.0] * n, decisions=[0] * n)
    while not state.is_terminal():
        if len(match.history) >= max_decisions:
            raise TooLong(f"{game.id}: no end after {max_decisions} decisions")
        player = state.to_move()[0]
        t0 = time.perf_counter()
        action = agents[player].act(state, player)
        match.seconds[player] += time.perf_counter() - t0
        match.decisions[player] += 1
        state.apply(player, action)
        match.history.append((player, action))
        if on_step is not None:
            on_step(state, player, action)
    return match
