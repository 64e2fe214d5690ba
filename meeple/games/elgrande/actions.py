"""The actions legal_actions hands out most often, built once: the generators index these tables
instead of building a fresh tuple for every candidate (same values, so nothing else changes)."""

from __future__ import annotations

from .data import CABALLEROS, NUM_CARDS

_AREAS = range(16)  # the 14 areas, the court (14) and the provinces (15)

POWER_ACTIONS = tuple(("power", v) for v in range(14))  # index = card value (0 unused)
CARD_ACTIONS = tuple(("card", c) for c in range(NUM_CARDS))
COURT_ACTIONS = tuple(("court", k) for k in range(CABALLEROS + 1))
PLACE = tuple(("place", a) for a in _AREAS)
AREA = tuple(("area", a) for a in _AREAS)
DROP = tuple(("drop", a) for a in _AREAS)
DISK = tuple(("disk", a) for a in _AREAS)
RET = tuple(("ret", a) for a in _AREAS)
RECALL = tuple(("recall", a) for a in _AREAS)
DONE = ("done",)
SPECIAL = ("special",)
# an empty Captain's / Viceroy's space offered to the player who just moved a Caballero there: take it, or not
POST_ACTIONS = [("post", 1), ("post", 0)]
