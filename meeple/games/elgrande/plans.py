"""Reference plans for El Grande (`plan:NAME`, see meeple/bots/plans.py): what a knowledgeable player
insists on; the greedy bot decides the rest.

- ``castillo``: Castillo-heavy. Every Caballero it may place goes into the Castillo until it leads the
  Castillo by two (first place there, safe from one more opponent's Caballero); the greedy bot places
  the rest and sets the secret disk that sends them out.
- ``court``: a full court. While its court holds fewer than five Caballeros it plays the power card
  that brings the most to court (the higher of equals, to move earlier), else its highest card left, and
  brings as many Caballeros to court as the card allows, so it always has Caballeros to place.
"""

from __future__ import annotations

from typing import Any

from meeple.engine import Action

from .data import CASTILLO, POWER_TO_COURT

CASTILLO_LEAD = 2  # the Castillo's lead the plan keeps: one opponent's Caballero more does not take it
FULL_COURT = 5  # Caballeros in court the plan keeps ready: a card's placement (1-5) and more


def castillo(s: Any, p: int, legal: list[Action]) -> list[Action]:
    others = max(s.cab[q][CASTILLO] for q in range(s.num_players) if q != p)
    if s.cab[p][CASTILLO] - others >= CASTILLO_LEAD:
        return []
    return [a for a in legal if a == ("place", CASTILLO)]


def court(s: Any, p: int, legal: list[Action]) -> list[Action]:
    powers = [a for a in legal if a[0] == "power"]
    if powers:
        if s.court[p] < FULL_COURT:
            return [max(powers, key=lambda a: (POWER_TO_COURT[a[1] - 1], a[1]))]
        return [max(powers, key=lambda a: a[1])]
    courts = [a for a in legal if a[0] == "court"]
    if courts:
        return [max(courts, key=lambda a: a[1])]
    return []


PLANS = {
    "castillo": (castillo, "Castillo-heavy: its Caballeros into the Castillo until it leads there by two"),
    "court": (court, "a full court: the card that brings the most to court while it has fewer than five, "
                     "else its highest; the most Caballeros to court"),
}
