"""The designed board as constants: city geometry, tracks, grids, buildings and offices.

Everything is loaded once from `data/*.json` and shared by all states (never mutated)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_DATA = Path(__file__).parent / "data"


def _load(name: str) -> Any:
    return json.loads((_DATA / name).read_text(encoding="utf-8"))


BOARD = _load("board.json")
BUILDINGS = _load("buildings.json")
MAJORS = _load("majors.json")
TRACKS = _load("tracks.json")
OFFICES = _load("offices.json")

W: int = BOARD["width"]
H: int = BOARD["height"]
CELLS = W * H
OUTSIDE = CELLS  # position CELLS + c: attackers waiting outside the wall next to perimeter cell c
POSITIONS = 2 * CELLS
VW = W + 1  # vertices per grid line


def cell(r: int, c: int) -> int:
    return r * W + c


def rc(x: int) -> tuple[int, int]:
    return divmod(x, W)


PLAZA = frozenset(cell(r, c) for r, c in BOARD["plaza"])
DISTRICT: tuple[int, ...] = tuple(
    -1 if ch == "P" else int(ch) for row in BOARD["district_map"] for ch in row
)  # the designed map: four peripheral districts round four inner ones (RULES.md, "Designed board")
NUM_DISTRICTS = 8
DISTRICT_NAMES: list[str] = BOARD["district_names"]
DISTRICT_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(x for x in range(CELLS) if DISTRICT[x] == d) for d in range(NUM_DISTRICTS)
)


def _neighbours(x: int, diagonal: bool) -> tuple[int, ...]:
    r, c = rc(x)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr, dc) == (0, 0) or (not diagonal and dr and dc):
                continue
            if 0 <= r + dr < H and 0 <= c + dc < W:
                out.append(cell(r + dr, c + dc))
    return tuple(out)


ADJ8 = tuple(_neighbours(x, True) for x in range(CELLS))  # adjacency for workers and buildings
ADJ4 = tuple(_neighbours(x, False) for x in range(CELLS))  # movement in combat (no diagonals)

# The 12 spaces around the Plaza Mayor: the places for the Palace and Cathedral.
AROUND_PLAZA = tuple(sorted({n for p in PLAZA for n in ADJ8[p]} - PLAZA))
# The Starting Zone: designed apart from them, so that a Palace or Cathedral rarely has to demolish.
STARTING_ZONE = frozenset(cell(r, c) for r, c in BOARD["starting_zone"])

# Perimeter wall segments: 0..15 top (col), 16..31 bottom (col), 32..41 left (row), 42..51 right (row).
SEGMENTS = 2 * W + 2 * H
SEG_CELL: tuple[int, ...] = tuple(
    [cell(0, c) for c in range(W)] + [cell(H - 1, c) for c in range(W)]
    + [cell(r, 0) for r in range(H)] + [cell(r, W - 1) for r in range(H)]
)
CELL_SEGS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(SEGMENTS) if SEG_CELL[s] == x) for x in range(CELLS)
)
PERIMETER = tuple(x for x in range(CELLS) if CELL_SEGS[x])
_pw = BOARD["printed_walls"]
PRINTED_WALLS = frozenset(
    list(_pw.get("top", []))
    + [W + c for c in _pw.get("bottom", [])]
    + [2 * W + r for r in _pw.get("left", [])]
    + [2 * W + H + r for r in _pw.get("right", [])]
)
SEG_DISTRICT = tuple(DISTRICT[SEG_CELL[s]] for s in range(SEGMENTS))


def seg_name(s: int) -> str:
    side = ("top", "bottom", "left", "right")[0 if s < W else 1 if s < 2 * W else 2 if s < 2 * W + H else 3]
    return f"wall on the {side} edge of {cell_name(SEG_CELL[s])}"


def cell_name(x: int) -> str:
    r, c = rc(x)
    return f"{chr(ord('A') + c)}{r + 1}"


def place_name(x: int) -> str:
    """A city space with its district, as players say it: "D3 (Socorro)"."""
    d = DISTRICT[x]
    return f"{cell_name(x)} ({DISTRICT_NAMES[d] if d >= 0 else 'Plaza Mayor'})"


# Roads run along the borders between spaces: edges between grid vertices, inside the city, not
# along the outer perimeter (that is where walls go) and not across the Plaza Mayor.
def vertex(x: int, y: int) -> int:
    return y * VW + x


PLAZA_VERTICES = frozenset(
    vertex(c + dx, r + dy) for r, c in BOARD["plaza"] for dx in (0, 1) for dy in (0, 1)
)
_roads: list[tuple[int, int]] = []
for _y in range(1, H):
    for _x in range(W):
        _roads.append((vertex(_x, _y), vertex(_x + 1, _y)))
for _x in range(1, W):
    for _y in range(H):
        _roads.append((vertex(_x, _y), vertex(_x, _y + 1)))
ROAD_ENDS: tuple[tuple[int, int], ...] = tuple(
    e for e in _roads if not (e[0] in PLAZA_VERTICES and e[1] in PLAZA_VERTICES)
)
ROADS = len(ROAD_ENDS)
VERTEX_ROADS: dict[int, tuple[int, ...]] = {}
for _i, (_a, _b) in enumerate(ROAD_ENDS):
    VERTEX_ROADS.setdefault(_a, ())
    VERTEX_ROADS.setdefault(_b, ())
    VERTEX_ROADS[_a] += (_i,)
    VERTEX_ROADS[_b] += (_i,)
DISTRICT_CENTRES = tuple(vertex(x, y) for x, y in BOARD["district_centres"])


def road_name(i: int) -> str:
    (a, b) = ROAD_ENDS[i]
    ya, xa = divmod(a, VW)
    yb, xb = divmod(b, VW)
    return f"road ({xa},{ya})-({xb},{yb})"


PIECES: int = BOARD["wall_road_pieces"]

# ----- buildings -----
NONE, HUT, HOUSE, STONECUTTER, CARPENTER, MARKET, CORPORATION = 0, 1, 2, 3, 4, 5, 6
SQUARE, MONUMENT, GARDEN, BARRACKS, CHURCH, PALACE, CATHEDRAL = 7, 8, 9, 10, 11, 12, 13
KIND: dict[int, dict[str, Any]] = {k["id"]: k for k in BUILDINGS["kinds"]}
KIND_NAME = {0: "nothing", **{k: v["name"] for k, v in KIND.items()}, PALACE: "Palace", CATHEDRAL: "Cathedral"}
MINOR = frozenset(range(1, 12))
PRODUCTION = frozenset((STONECUTTER, CARPENTER, MARKET, CORPORATION))
ACTIVATABLE = frozenset((STONECUTTER, CARPENTER, MARKET, CORPORATION, CHURCH))
ONE_PER_DISTRICT = frozenset((CHURCH, GARDEN, MONUMENT, BARRACKS))
SQUARE_FAMILY = frozenset((SQUARE, MONUMENT, GARDEN))
NOBLE = (SQUARE, MONUMENT, GARDEN, BARRACKS, CHURCH)
TILES = BUILDINGS["tiles"]
WAR_VALUE = {HUT: 2, HOUSE: 4, PALACE: 12, CATHEDRAL: 12}


def war_value(kind: int) -> int:
    return WAR_VALUE.get(kind, 6)


# ----- majors -----
MAJOR_NAMES = [m["name"] for m in MAJORS["majors"]]
M_PALACE, M_CATHEDRAL, M_FORT, M_WALLS, M_HARBOUR, M_ROADS = range(6)
PIECES_PER_COMPLETION: int = MAJORS["pieces_per_completion"]


def pieces_left_in(view: dict[str, Any]) -> int:
    """The wall/road pieces not yet on the board, read from a view's walls and roads (the printed walls
    are not pieces)."""
    return PIECES - len(view["roads"]) - sum(1 for g in view["walls"] if g not in PRINTED_WALLS)


def grid_closed_in(view: dict[str, Any], b: int) -> bool:
    """The Walls or Roads grid takes no more workers: no piece is left, or (the Walls) the whole
    perimeter is walled (RULES.md); the view's side of `placement.major_open`."""
    return pieces_left_in(view) == 0 or (b == M_WALLS and len(view["walls"]) >= SEGMENTS)


def major_spaces(n: int) -> tuple[tuple[int, ...], ...]:
    """VP of each grid space used with n players, per major building."""
    return tuple(tuple(vp for vp, least in m["spaces"] if n >= least) for m in MAJORS["majors"])


# ----- tracks -----
def track_costs(n: int, name: str) -> tuple[int, ...]:
    return tuple(w for w, least in TRACKS[name] if n >= least)


ENEMY_VALUES: list[int] = TRACKS["enemy_values"]
ENEMY_BONUS: list[int] = TRACKS["enemy_bonus"]
ENEMY_MAX = len(ENEMY_VALUES) - 1
NATIVES, PIRATES = 0, 1
ENEMY_NAMES = ("Natives", "Pirates")
TIME_TRACK: list[str] = TRACKS["time_track"]
FIRST_YEAR: int = TRACKS["first_year"]
SHIP = TRACKS["ship"]
SHIP_CAPACITY: int = SHIP["capacity"]
SALE = [SHIP["sale"]["wood"], SHIP["sale"]["stone"], SHIP["sale"]["precious"]]
PURPLE: int = TRACKS["purple_markers"]
START = TRACKS["starting"]

# ----- offices -----
OFFICE = OFFICES["offices"]
OFFICE_NAMES = [o["name"] for o in OFFICE]
GUNNER, GENERAL, ROADMAKER, DEFENDER, M_STONECUTTER, M_CARPENTER = range(6)
M_ARTISAN, M_MERCHANT, SHIPOWNER, BISHOP, ARCHITECT, GOVERNOR = range(6, 12)

def indices(seq: list[int], v: int) -> list[int]:
    """Where v occurs in seq, in order (list.index scans in C: much faster than a loop over 160 spaces)."""
    out: list[int] = []
    i = -1
    try:
        while True:
            i = seq.index(v, i + 1)
            out.append(i)
    except ValueError:
        return out


def with_item(seq: list[int], i: int, v: int) -> list[int]:
    """A copy of seq with item i set to v: the lists that clones share (see RioState.clone) are
    replaced this way, never edited in place."""
    out = seq[:]
    out[i] = v
    return out


RES_NAMES = ("wood", "stone", "precious")
GOODS = ("silver", "wood", "stone", "precious")  # trade kinds 0..3; 4 + k is Public Office k
