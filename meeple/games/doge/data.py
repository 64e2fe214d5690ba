"""The board and the designed values, loaded once from data/ and shared by every state."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_DIR = Path(__file__).parent / "data"


def _load(name: str) -> dict[str, Any]:
    with open(_DIR / name, encoding="utf-8") as f:
        return json.load(f)


_AREAS = _load("areas.json")
_RULES = _load("rules.json")

AREA_NAMES: tuple[str, ...] = tuple(a["name"] for a in _AREAS["areas"])
NUM_AREAS = len(AREA_NAMES)  # 7
DISTRICTS: tuple[int, ...] = tuple(i for i, a in enumerate(_AREAS["areas"]) if a["kind"] == "district")
NUM_DISTRICTS = len(DISTRICTS)  # 6
QUARANTIA = next(i for i, a in enumerate(_AREAS["areas"]) if a["kind"] == "council")
ADVISOR_HOME: tuple[int, ...] = tuple(_AREAS["advisor_homes"])
NUM_ADVISORS = len(ADVISOR_HOME)  # 9
QUARANTIA_ADVISORS: tuple[int, ...] = tuple(a for a, h in enumerate(ADVISOR_HOME) if h == QUARANTIA)
# Where a controlled advisor may stand: any area but its home; the Quarantia's advisors only in districts.
ADVISOR_STANDS: tuple[tuple[int, ...], ...] = tuple(
    DISTRICTS if home == QUARANTIA else tuple(x for x in range(NUM_AREAS) if x != home)
    for home in ADVISOR_HOME
)

SEAT_NAMES: tuple[str, ...] = tuple(_RULES["seat_names"])
HOUSES = int(_RULES["houses_per_player"])
PALACES = int(_RULES["palaces_per_player"])
RINGS = int(_RULES["control_rings_per_player"])
MARKERS: tuple[int, ...] = tuple(sorted(_RULES["ballot_markers"]))
# Count of each marker value 0..3 a player owns: index = value.
MARKER_COUNTS: tuple[int, ...] = tuple(MARKERS.count(v) for v in range(4))
# A player card takes 1 to 4 ballot markers ("ein bis vier Stimmmarken"; see RULES.md).
MIN_CARD_MARKERS = int(_RULES["markers_per_card"][0])
MAX_CARD_MARKERS = int(_RULES["markers_per_card"][1])
BALLOT_ROUNDS: dict[int, int] = {int(k): int(v) for k, v in _RULES["ballot_rounds"].items()}
SPACE_COSTS: tuple[int, ...] = tuple(_RULES["palace_space_costs"])
SPACES = len(SPACE_COSTS)  # 5 palace spaces per district
WINNER_HOUSES = int(_RULES["winner_houses"])
RUNNER_UP_HOUSES = int(_RULES["runner_up_houses"])
TIED_FIRST_HOUSES = int(_RULES["tied_first_houses"])
TIED_SECOND_HOUSES = int(_RULES["tied_second_houses"])
Q_WINNER_ADVISORS = int(_RULES["quarantia_winner_advisors"])
Q_TIED_FIRST_MOVES = int(_RULES["quarantia_tied_first_moves"])
Q_TIED_SECOND_MOVES = int(_RULES["quarantia_tied_second_moves"])
END_CONDITIONS: tuple[tuple[str, int, int], ...] = tuple(
    (c["name"], int(c["palaces"]), int(c["districts"])) for c in _RULES["end_conditions"]
)
MIN_VOTES = int(_RULES["decision_min_votes_to_place"])

_BY_NAME = {n.lower(): i for i, n in enumerate(AREA_NAMES)}


def area_index(value: Any) -> int | None:
    """An area given as its index or its name (any case); None when it is neither."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 <= value < NUM_AREAS else None
    if isinstance(value, str):
        return _BY_NAME.get(value.strip().lower())
    return None


def advisor_name(a: int) -> str:
    home = ADVISOR_HOME[a]
    if home != QUARANTIA:
        return f"the {AREA_NAMES[home]} advisor"
    return f"Quarantia advisor {QUARANTIA_ADVISORS.index(a) + 1}"
