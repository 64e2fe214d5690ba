"""Reference plans for Doge (`plan:NAME`, see meeple/bots/plans.py): what a knowledgeable player
insists on; the greedy bot decides the rest.

- ``district``: one district at a time. The player's district is where it has the most houses (ties:
  the lower district); each ballot round it plays that district's card while it has it, moves houses
  there when it moves any, and builds every palace it is offered.
- ``spread``: markers spread over the year. Each ballot round it puts as few markers on its card as
  still lets it use its whole hand by the year's last round (before session 32 the greedy bot staked
  all 7 on one card and sat the rest of the year out; a card now takes at most 4, and the greedy bot's
  evaluation counts the votes still in hand while rounds are left to place them).
"""

from __future__ import annotations

from typing import Any

from meeple.engine import Action

from .data import DISTRICTS, NUM_DISTRICTS
from .evaluation import even_share


def focus(s: Any, p: int) -> int:
    """The district where `p` has the most houses (the lower one on a tie)."""
    houses = s.houses[p * NUM_DISTRICTS : (p + 1) * NUM_DISTRICTS]
    return max(DISTRICTS, key=lambda d: (houses[d], -d))


def district(s: Any, p: int, legal: list[Action]) -> list[Action]:
    verb = legal[0][0]
    if verb == "card":
        return [a for a in legal if a[1] == focus(s, p)]
    if any(a[0] == "move" for a in legal):
        d = focus(s, p)
        return [a for a in legal if a[0] == "move" and a[2] == d and a[1] != d]
    return [a for a in legal if a[0] == "build"]


def spread(s: Any, p: int, legal: list[Action]) -> list[Action]:
    if legal[0][0] != "markers":
        return []
    size = even_share(s, p, sorted({sum(a[1:5]) for a in legal}))
    return [a for a in legal if sum(a[1:5]) == size]


PLANS = {
    "district": (district, "one district at a time: its card, houses moved there, every palace"),
    "spread": (spread, "ballot markers spread over the year's rounds"),
}
