"""Reference plans for Genesia (`plan:NAME`, see meeple/bots/plans.py): what a knowledgeable player
insists on; the greedy bot decides the rest.

- ``turtle``: it builds and never fights. It votes for Peace and never attacks where it has anything
  else to do; it expands and plays its cards as the greedy bot does. (A first version that also never
  moved Clans out of its Homelands won 0 of 20 games against three greedy seats, margin -105: no
  player stays home.)
- ``rush``: it expands and fights. It votes for War, attacks whenever it can, and moves Clans out
  whenever it can.
"""

from __future__ import annotations

from typing import Any

from meeple.engine import Action

_AGGRESSIVE = ("war", "assault", "move", "step")
_FIGHTS = ("war", "assault")


def turtle(s: Any, p: int, legal: list[Action]) -> list[Action]:
    if ("peace",) in legal:
        return [("peace",)]
    calm = [a for a in legal if a[0] not in _FIGHTS]
    return calm if len(calm) < len(legal) else []


def rush(s: Any, p: int, legal: list[Action]) -> list[Action]:
    for verb in _AGGRESSIVE:
        found = [a for a in legal if a[0] == verb]
        if found:
            return found
    return []


PLANS = {
    "turtle": (turtle, "builds and never fights: Peace, no attacks"),
    "rush": (rush, "expands and fights: War, every attack and move out it can make"),
}
