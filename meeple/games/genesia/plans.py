"""Reference plans for Genesia (`plan:NAME`, see meeple/bots/plans.py): what a knowledgeable player
insists on; the greedy bot decides the rest.

- ``turtle``: it stays home and builds. It votes for Peace, and never attacks or moves Clans out
  where it has anything else to do.
- ``rush``: it expands and fights. It votes for War, attacks whenever it can, and moves Clans out
  whenever it can.
"""

from __future__ import annotations

from typing import Any

from meeple.engine import Action

_AGGRESSIVE = ("war", "assault", "move", "step")


def turtle(s: Any, p: int, legal: list[Action]) -> list[Action]:
    if ("peace",) in legal:
        return [("peace",)]
    calm = [a for a in legal if a[0] not in _AGGRESSIVE]
    return calm if len(calm) < len(legal) else []


def rush(s: Any, p: int, legal: list[Action]) -> list[Action]:
    for verb in _AGGRESSIVE:
        found = [a for a in legal if a[0] == verb]
        if found:
            return found
    return []


PLANS = {
    "turtle": (turtle, "stays home: Peace, no attacks or moves out"),
    "rush": (rush, "expands and fights: War, every attack and move out it can make"),
}
