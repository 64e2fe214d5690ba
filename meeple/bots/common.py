"""Helpers the search bots share: turning score estimates into rewards, and simultaneous batches.

Everything here uses the engine contract only (`to_move`, `legal_actions`, `apply`, `evaluate`,
`result`), never one game's internals.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from meeple.engine import Rng, State

REWARDS = ("rank", "win", "share", "margin", "lead")


def win_shares(values: Sequence[float]) -> list[float]:
    """1 for the single best value, 1/k each for k tied at the top, 0 for the others."""
    top = max(values)
    k = sum(1 for v in values if v == top)
    return [1.0 / k if v == top else 0.0 for v in values]


def win_chances(values: Sequence[float], temp: float) -> list[float]:
    """Each player's chance to win from score estimates: a softmax of the estimates at temperature
    `temp` (in points), so a lead of `temp` points is worth e times the odds. Used where a search
    stops before the end and the 0/1 `win_shares` of the estimates would call every close position
    lost or won (a game fits its temperature to self-play: see its `bot_defaults`)."""
    top = max(values)
    weights = [math.exp((v - top) / temp) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def rank_shares(values: Sequence[float]) -> list[float]:
    """For each player, the share of opponents beaten (a tie counts half), in [0, 1]."""
    n = len(values)
    if n == 1:
        return [1.0]
    out = []
    for p, v in enumerate(values):
        beaten = 0.0
        for q, w in enumerate(values):
            if q != p:
                if v > w:
                    beaten += 1.0
                elif v == w:
                    beaten += 0.5
        out.append(beaten / (n - 1))
    return out


def score_shares(values: Sequence[float]) -> list[float]:
    """Each player's share of the total (values shifted to be non-negative), in [0, 1]."""
    low = min(values)
    shifted = [v - low if low < 0 else v for v in values]
    total = sum(shifted)
    if total <= 0:
        return [1.0 / len(values)] * len(values)
    return [v / total for v in shifted]


def margin_rewards(values: Sequence[float]) -> list[float]:
    """A smooth win estimate: the lead over the best opponent, squashed into [0, 1].

    The scale is the spread of the values themselves, so it works whatever a game's points are."""
    n = len(values)
    spread = (max(values) - min(values)) or 1.0
    scale = max(spread, 0.25 * (sum(map(abs, values)) / n) or 1.0)
    return _squashed_leads(values, scale)


def lead_rewards(values: Sequence[float]) -> list[float]:
    """The lead over the best opponent, squashed into [0, 1] by the largest value in magnitude.

    Unlike `margin`, whose scale is the spread of the values, the scale does not move with the last
    player's own value: under `margin` the last player's reward is exactly 0 whatever it does (its
    lead, minus the spread, over the spread), so a search for a player in last place saw no
    difference between its moves."""
    return _squashed_leads(values, max(map(abs, values)) or 1.0)


def _squashed_leads(values: Sequence[float], scale: float) -> list[float]:
    """Each player's lead over the best opponent over `scale`, clipped to [-1, 1] and mapped to [0, 1]."""
    # a search backs up a reward vector every iteration, so this is written for speed: the best
    # opponent of every player but the (first) top one is the top value, whose lead is <= 0 (only
    # the clip at -1 can apply); the top player's best opponent is the runner-up (only the clip at 1)
    best = max(values)
    top = values.index(best)
    out = [0.5 + 0.5 * max(-1.0, (v - best) / scale) for v in values]
    if len(values) > 1:
        runner_up = max(v for q, v in enumerate(values) if q != top)
        out[top] = 0.5 + 0.5 * min(1.0, (best - runner_up) / scale)
    return out


def rewards(values: Sequence[float], kind: str = "rank") -> list[float]:
    """Per-player rewards in [0, 1] from scores or score estimates.

    `rank` (the default) is the mean of the win share and the share of opponents beaten: it rewards
    winning first and every place gained after that, and is blind to a game's point scale."""
    if len(values) == 1:
        return [1.0]
    if kind == "win":
        return win_shares(values)
    if kind == "share":
        return score_shares(values)
    if kind == "margin":
        return margin_rewards(values)
    if kind == "lead":
        return lead_rewards(values)
    w = win_shares(values)
    r = rank_shares(values)
    return [0.5 * (a + b) for a, b in zip(w, r)]


def outcome(
    state: State, kind: str = "rank", temp: float = 0.0, judge: str = "evaluation", searcher: int | None = None
) -> tuple[list[float], list[float]]:
    """Per-player rewards in [0, 1] and win shares: from the result at the end (by its ranks, so the
    rulebook's tie-breaks count, or by its scores for `share`, `margin` and `lead`), else from evaluate()
    or, with judge="forecast", from forecast() (with judge="own", forecast(searcher): the searching
    player's own fit); the win shares then `win_chances` when `temp` is above 0, at the position's
    `State.win_temperature()`, or at `temp` where the game gives none."""
    if state.is_terminal():
        res = state.result()
        by_rank = [float(-r) for r in res.ranks]
        won = win_shares(by_rank)
        values = by_rank if kind in ("rank", "win") else [float(v) for v in res.scores]
        return rewards(values, kind), won
    if judge == "evaluation":
        values = [float(v) for v in state.evaluate()]
    else:
        values = [float(v) for v in state.forecast(searcher if judge == "own" else None)]
    if temp > 0.0:
        return rewards(values, kind), win_chances(values, state.win_temperature() or temp)
    return rewards(values, kind), win_shares(values)


def margin(values: Sequence[float], player: int) -> float:
    """The player's value minus the best opponent's (the value alone with one player)."""
    others = [v for q, v in enumerate(values) if q != player]
    return values[player] - max(others) if others else values[player]


def finish_batch(state: State, batch: set[int], rng: Rng, whole: bool = False) -> None:
    """Complete a simultaneous choice: the other players of `batch` who have not chosen yet pick a
    uniformly random legal action (in to_move order), until the batch resolves. With `whole` (a game
    whose choices take several actions, `Game.choices_in_steps`) each picks actions until its choice
    is made (it leaves the movers), skipping players outside the batch (the bot, its own choice to
    finish), and it stops when the movers grow (play has moved on)."""
    if whole:
        _finish_whole_choices(state, batch, rng)
        return
    while batch and not state.is_terminal():
        movers = state.to_move()
        if not movers or not set(movers) <= batch:
            return
        p = movers[0]
        legal = state.legal_actions(p)
        if not legal:
            return
        state.apply(p, legal[rng.below(len(legal))] if len(legal) > 1 else legal[0], check=False)
        batch.discard(p)


def _finish_whole_choices(state: State, batch: set[int], rng: Rng) -> None:
    movers = state.to_move()
    while batch and not state.is_terminal():
        p = next((q for q in movers if q in batch), -1)
        if p < 0:
            return
        legal = state.legal_actions(p)
        if not legal:
            return
        state.apply(p, legal[rng.below(len(legal))] if len(legal) > 1 else legal[0], check=False)
        after = state.to_move()
        if p not in after:
            batch.discard(p)
        if not set(after) <= set(movers):
            return
        movers = after
