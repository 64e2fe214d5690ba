"""Board and card data, loaded once from data/*.json and shared (read-only) by every state."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_DIR = Path(__file__).parent / "data"


def _load(name: str) -> Any:
    with open(_DIR / name, encoding="utf-8") as f:
        return json.load(f)


BOARD = _load("board.json")
COLONY = _load("colonies.json")
_CARDS = _load("cards.json")

AREAS: list[dict[str, Any]] = BOARD["areas"]
NAMES: tuple[str, ...] = tuple(a["name"] for a in AREAS)
# an area inside a sentence: "the Castillo", "the Ship", "the Mediterranean" (texts and labels)
THE: tuple[str, ...] = tuple(f"the {n}" if a.get("article") else n for n, a in zip(NAMES, AREAS))
# where a Caballero stands: "in Aragon", "in the Castillo", "on the Ship"
AT: tuple[str, ...] = tuple(f"{a.get('prep', 'in')} {n}" for n, a in zip(THE, AREAS))
INDEX = {n: i for i, n in enumerate(NAMES)}

# area indices
SPAIN = tuple(range(9))
CASTILLO = 9
FRANCE, SHIP, AMERICA, MED = 10, 11, 12, 13
NEW = (FRANCE, SHIP, AMERICA, MED)
NUM_AREAS = 14
COURT = 14  # pseudo-area: a player's court (for "return to provinces" choices)

VALUES: tuple[tuple[int, int, int], ...] = tuple(tuple(a["values"]) for a in AREAS)  # type: ignore[misc]
COASTAL = frozenset(i for i, a in enumerate(AREAS) if a["coastal"])
COASTAL_SPAIN = tuple(i for i in SPAIN if i in COASTAL)
FRANCE_CAP = AREAS[FRANCE]["capacity"]
FRANCE_SPACES: tuple[tuple[str, int], ...] = tuple((s[0], s[1]) for s in AREAS[FRANCE]["spaces"])
CAPTAIN_POINTS = AREAS[SHIP]["captain"]
VICEROY_POINTS = AREAS[AMERICA]["viceroy"]


def plural(n: int, word: str) -> str:
    """"1 Caballero", "3 Caballeros" (texts say how many without "(s)")."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _adjacency(colonies: bool) -> tuple[tuple[int, ...], ...]:
    adj: list[set[int]] = [set() for _ in range(NUM_AREAS)]
    for i, a in enumerate(AREAS):
        if a.get("colony") and not colonies:
            continue
        for name in a["adjacent"]:
            j = INDEX[name]
            adj[i].add(j)
            adj[j].add(i)
    return tuple(tuple(sorted(s)) for s in adj)


ADJ_BASE = _adjacency(False)
ADJ_COLONIES = _adjacency(True)

POWER_TO_COURT: tuple[int, ...] = tuple(BOARD["power_to_court"])
MOBILE: tuple[tuple[int, int, int], ...] = tuple(tuple(m) for m in BOARD["mobile_scoreboards"])  # type: ignore[misc]
CABALLEROS = BOARD["caballeros_per_player"]
SCORING_ROUNDS = tuple(BOARD["scoring_rounds"])
SHORT_ROUNDS = tuple(BOARD["short_rounds"])
KING_BONUS = BOARD["king_bonus"]
GRANDE_BONUS = BOARD["grande_bonus"]
GOLD, WARES = 1, 2
DISC_NAMES = {GOLD: "Gold", WARES: "Wares"}
DISC_VALUE = {GOLD: COLONY["gold_value"], WARES: COLONY["wares_value"]}
DISC_HOME = {GOLD: AMERICA, WARES: MED}

_SETS = {
    "spain": SPAIN,
    "castillo": (CASTILLO,),
    "new": NEW,
    "regions": SPAIN + NEW,
    "france": (FRANCE,),
    "ship": (SHIP,),
    "america": (AMERICA,),
    "med": (MED,),
}


def area_set(tags: list[str], colonies: bool) -> frozenset[int]:
    out: set[int] = set()
    for t in tags:
        out.update(_SETS[t])
    if not colonies:
        out.difference_update(NEW)
    return frozenset(out)


def _expand() -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = []
    for c in _CARDS["cards"]:
        for _ in range(c["copies"]):
            card = {k: v for k, v in c.items() if k != "copies"}
            card["id"] = len(cards)
            cards.append(card)
    return cards


CARDS: list[dict[str, Any]] = _expand()
NUM_CARDS = len(CARDS)
CARD_CABALLEROS: tuple[int, ...] = tuple(c["caballeros"] for c in CARDS)  # Caballeros the card lets you place
CARD_TYPE: tuple[str, ...] = tuple(c["effect"]["type"] for c in CARDS)  # its special action's kind
CARD_STACK: tuple[int, ...] = tuple(c["stack"] for c in CARDS)
KING_CARD = next(c["id"] for c in CARDS if c["stack"] == 5)
VETO_CARDS = tuple(c["id"] for c in CARDS if c.get("veto"))
STACKS = (1, 2, 3, 4, 7)  # stacks with a deck (5 is the King's card, always face up)


def deck_cards(stack: int, veto: bool) -> list[int]:
    return [c["id"] for c in CARDS if c["stack"] == stack and (veto or not c.get("veto"))]
