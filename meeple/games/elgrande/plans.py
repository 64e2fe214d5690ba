"""Reference plans for El Grande (`plan:NAME`, see meeple/bots/plans.py): what a knowledgeable player
insists on; the greedy bot decides the rest.

- ``castillo``: Castillo-heavy. Every Caballero it may place goes into the Castillo (the greedy bot
  never puts one there), and its secret disk names the region the greedy bot likes best.
- ``court``: a full court. It plays its highest power card left and brings as many Caballeros to court
  as the card allows, so it always has Caballeros to place.
"""

from __future__ import annotations

from typing import Any

from meeple.engine import Action

from .data import CASTILLO


def castillo(s: Any, p: int, legal: list[Action]) -> list[Action]:
    return [a for a in legal if a == ("place", CASTILLO)]


def court(s: Any, p: int, legal: list[Action]) -> list[Action]:
    powers = [a for a in legal if a[0] == "power"]
    if powers:
        return [max(powers, key=lambda a: a[1])]
    courts = [a for a in legal if a[0] == "court"]
    if courts:
        return [max(courts, key=lambda a: a[1])]
    return []


PLANS = {
    "castillo": (castillo, "Castillo-heavy: every Caballero it may place into the Castillo"),
    "court": (court, "a full court: the highest power card left, the most Caballeros to court"),
}
