"""Final results and the events log."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Event:
    """One line of the game's log. `to` is None for a public event, else the players who may see it."""

    kind: str
    text: str
    player: int | None = None
    to: tuple[int, ...] | None = None
    data: dict[str, Any] | None = None

    def visible_to(self, player: int | None) -> bool:
        return self.to is None or (player is not None and player in self.to)

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.player is not None:
            doc["player"] = self.player
        if self.to is not None:
            doc["to"] = list(self.to)
        if self.data:
            doc["data"] = self.data
        return doc


def ranks_from_keys(keys: Sequence[Sequence[float]]) -> list[int]:
    """Competition ranks (1 = first; equal keys share a rank, the next rank is skipped).

    Each player's key is compared lexicographically, higher is better: put the score first and
    the rulebook's tie-breaks after it.
    """
    order = sorted(range(len(keys)), key=lambda p: tuple(keys[p]), reverse=True)
    ranks = [0] * len(keys)
    for pos, p in enumerate(order):
        if pos and tuple(keys[p]) == tuple(keys[order[pos - 1]]):
            ranks[p] = ranks[order[pos - 1]]
        else:
            ranks[p] = pos + 1
    return ranks


@dataclass
class Result:
    """Final scores, the scoring breakdown as the rulebook counts it, and the ranking.

    `ranks[p]` is player p's place (1 = first; tied players share a place after the rulebook's
    tie-breaks, which `tiebreaks` records by name for each player)."""

    scores: list[float]
    ranks: list[int]
    breakdown: list[dict[str, float]] = field(default_factory=list)
    tiebreaks: list[dict[str, float]] = field(default_factory=list)

    @property
    def winners(self) -> list[int]:
        return [p for p, r in enumerate(self.ranks) if r == 1]

    @classmethod
    def from_scores(
        cls,
        scores: Sequence[float],
        breakdown: Sequence[dict[str, float]] | None = None,
        tiebreaks: Sequence[dict[str, float]] | None = None,
    ) -> Result:
        """Rank by score, then by each tie-break in the order the dicts list them."""
        tb = [dict(t) for t in tiebreaks] if tiebreaks else [{} for _ in scores]
        keys = [(scores[p], *tb[p].values()) for p in range(len(scores))]
        return cls(
            scores=list(scores),
            ranks=ranks_from_keys(keys),
            breakdown=[dict(b) for b in breakdown] if breakdown else [{} for _ in scores],
            tiebreaks=tb,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": self.scores,
            "ranks": self.ranks,
            "winners": self.winners,
            "breakdown": self.breakdown,
            "tiebreaks": self.tiebreaks,
        }
