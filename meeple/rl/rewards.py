"""Rewards at the end of a game, from its result: what a learning agent is paid."""

from __future__ import annotations

from meeple.engine import Result

REWARDS = ("win", "margin")


def final_rewards(result: Result, kind: str) -> list[float]:
    """Per player: "win", the share of the win (1 alone on top, 1/k each for k tied first, else 0);
    "margin", the final score minus the best other player's (the score itself when playing alone)."""
    n = len(result.ranks)
    if kind == "win":
        winners = result.winners
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
    scores = [float(s) for s in result.scores]
    if n == 1:
        return scores
    return [scores[p] - max(scores[q] for q in range(n) if q != p) for p in range(n)]
