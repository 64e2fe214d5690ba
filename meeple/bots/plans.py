"""`plan:NAME`: reference opponents, a simple plan a knowledgeable player follows, the greedy bot's
choice wherever the plan has nothing to say.

A game's plans live in its own package, `plans.py`, as `PLANS = {name: (plan, help)}`: a plan is a
function `(view, player, legal) -> preferred`, where `view` is a determinization of the position for
`player` (so a plan cannot read hidden information), `legal` the player's legal actions, and
`preferred` the ones the plan wants (empty: no say). The bot plays the plan's move when it names one,
the greedy bot's best among the plan's when it names several, and the greedy bot's move otherwise, so
a plan only has to say what its player insists on. A game without `plans.py` has no plans.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from meeple.engine import Action, Rng, State

from .greedy import GreedyBot

Plan = Callable[[State, int, list[Action]], list[Action]]

_EPS = 1e-9


def game_plans(game: Any) -> dict[str, tuple[Plan, str]]:
    """The game's plans by name (its package's `plans.PLANS`; none when it has no such module)."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(package + ".plans")
    except ModuleNotFoundError as e:
        if e.name != package + ".plans":
            raise  # the module exists and an import inside it failed: not "no plans"
        return {}
    return dict(module.PLANS)


class PlanBot:
    def __init__(self, plan: Plan, seed: int = 0, name: str = "plan") -> None:
        self.plan = plan
        self.rng = Rng(seed)
        self.greedy = GreedyBot(seed=self.rng.next64())
        self.name = name

    def act(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        view = state.determinize(player, Rng(self.rng.next64()))
        allowed = set(legal)
        preferred = [a for a in self.plan(view, player, list(legal)) if a in allowed]
        if len(preferred) == 1:
            return preferred[0]
        if not preferred:
            return self.greedy.act(state, player)
        wanted = set(preferred)
        ranked = [(a, v) for a, v in self.greedy.rank_actions(state, player) if a in wanted]
        if not ranked:  # the plan wants moves the greedy bot does not weigh (State.bot_actions)
            return preferred[self.rng.below(len(preferred))]
        best = ranked[0][1]
        tied = [a for a, v in ranked if v >= best - _EPS]
        return tied[self.rng.below(len(tied))] if len(tied) > 1 else tied[0]
