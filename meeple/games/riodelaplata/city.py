"""The city map: adjacency, districts, roads and walls, and the minor buildings' conditions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import (
    ACTIVATABLE,
    ADJ8,
    AROUND_PLAZA,
    BARRACKS,
    CARPENTER,
    CATHEDRAL,
    CELL_SEGS,
    CHURCH,
    CORPORATION,
    DISTRICT,
    DISTRICT_CELLS,
    DISTRICT_CENTRES,
    GARDEN,
    HOUSE,
    HUT,
    KIND,
    MARKET,
    MINOR,
    MONUMENT,
    NONE,
    NUM_DISTRICTS,
    ONE_PER_DISTRICT,
    PALACE,
    PIECES,
    PLAZA,
    PLAZA_VERTICES,
    ROAD_ENDS,
    ROADS,
    SEGMENTS,
    SQUARE,
    SQUARE_FAMILY,
    STARTING_ZONE,
    STONECUTTER,
    TILES,
    VERTEX_ROADS,
)

if TYPE_CHECKING:
    from .state import RioState


# ----- writing the map (buildings, walls and roads are tuples shared between clones) -----

def set_building(s: RioState, x: int, kind: int, owner: int) -> None:
    s.bkind = s.bkind[:x] + (kind,) + s.bkind[x + 1:]
    s.bowner = s.bowner[:x] + (owner,) + s.bowner[x + 1:]


def set_workers(s: RioState, x: int, owner: int, count: int) -> None:
    """The builders waiting on space x. `wowner` and `wcount` are shared with clones until the first
    change after a clone (copy on write): every change goes through here."""
    if s.wshared:
        s.wowner, s.wcount, s.wshared = s.wowner[:], s.wcount[:], False
    s.wowner[x], s.wcount[x] = owner, count


def add_wall(s: RioState, g: int) -> None:
    s.walls = s.walls[:g] + (1,) + s.walls[g + 1:]
    s.pieces += 1


def add_road(s: RioState, i: int) -> None:
    s.roads = s.roads[:i] + (1,) + s.roads[i + 1:]
    s.pieces += 1
    update_connections(s)


# ----- adjacency and workers -----

def own_home(s: RioState, p: int, x: int) -> bool:
    return s.bowner[x] == p and s.bkind[x] in (HUT, HOUSE)


def reachable(s: RioState, p: int) -> frozenset[int]:
    """Spaces where p may place workers: the Starting Zone and the spaces adjacent (diagonals too)
    to p's huts and houses, plus p's own huts (to build the house on them)."""
    return board_facts(s).reach(p)[0]


def reachable_sorted(s: RioState, p: int) -> tuple[int, ...]:
    return board_facts(s).reach(p)[1]


class BoardFacts:
    """What the rules read again and again from the buildings on the map (whose homes are where, which
    spaces p may reach, which buildings can be activated), worked out once per version of the `bkind` and
    `bowner` tuples. Those tuples are replaced, never edited, so a memo made for them stays true: it is
    shared by clones and recomputed when `set_building` (or a loaded document) puts new tuples in place."""

    __slots__ = ("bkind", "bowner", "homes", "huts", "active", "_reach", "_near_house", "_usable", "_counts", "_district_kinds")

    def __init__(self, bkind: tuple[int, ...], bowner: tuple[int, ...]) -> None:
        self.bkind, self.bowner = bkind, bowner
        self.homes: dict[int, list[int]] = {}  # player -> spaces of his huts and houses
        self.huts: dict[int, list[int]] = {}
        for x, k in enumerate(bkind):
            if k in (HUT, HOUSE):
                self.homes.setdefault(bowner[x], []).append(x)
                if k == HUT:
                    self.huts.setdefault(bowner[x], []).append(x)
        self.active = tuple(x for x, k in enumerate(bkind) if k in ACTIVATABLE)
        self._reach: dict[int, tuple[frozenset[int], tuple[int, ...]]] = {}
        self._near_house: dict[int, frozenset[int]] = {}
        self._usable: dict[int, tuple[int, ...]] = {}
        self._counts: dict[int, int] | None = None
        self._district_kinds: tuple[frozenset[int], ...] | None = None

    def reach(self, p: int) -> tuple[frozenset[int], tuple[int, ...]]:
        r = self._reach.get(p)
        if r is None:
            out = set(STARTING_ZONE)
            for x in self.homes.get(p, ()):
                out.update(ADJ8[x])
            out.update(self.huts.get(p, ()))
            out -= PLAZA
            r = self._reach[p] = (frozenset(out), tuple(sorted(out)))
        return r

    def near_house(self, p: int) -> frozenset[int]:
        """Spaces adjacent (diagonals too) to one of p's Houses."""
        r = self._near_house.get(p)
        if r is None:
            bkind = self.bkind
            r = self._near_house[p] = frozenset(
                y for x in self.homes.get(p, ()) if bkind[x] == HOUSE for y in ADJ8[x])
        return r


    def count(self, kind: int) -> int:
        """Buildings of that kind on the map."""
        counts = self._counts
        if counts is None:  # a dict, not a Counter: a kind absent from the map was a call to __missing__
            counts = self._counts = {}
            for k in self.bkind:
                counts[k] = counts.get(k, 0) + 1
        return counts.get(kind, 0)

    def district_kinds(self, d: int) -> frozenset[int]:
        """The kinds of building in district d."""
        if self._district_kinds is None:
            bkind = self.bkind
            self._district_kinds = tuple(frozenset(bkind[y] for y in cells) for cells in DISTRICT_CELLS)
        return self._district_kinds[d]

    def usable(self, p: int) -> tuple[int, ...]:
        """The activatable buildings next to one of p's Houses, in space order: the only ones p may
        activate (`can_use` says whether the activations left and the colours allow it now)."""
        r = self._usable.get(p)
        if r is None:
            near = self.near_house(p)
            r = self._usable[p] = tuple(x for x in self.active if x in near)
        return r


def board_facts(s: RioState) -> BoardFacts:
    f = s.facts
    if f is None or f.bkind is not s.bkind or f.bowner is not s.bowner:
        f = s.facts = BoardFacts(s.bkind, s.bowner)
    return f


def builder_room(s: RioState, p: int, x: int) -> list[int]:
    """How many builders p may put on space x now (empty list: none). Displacement of another
    colour's unbuilt workers needs exactly twice as many."""
    k = s.bkind[x]
    if x in PLAZA or not (k == NONE or (k == HUT and s.bowner[x] == p) or k in (MARKET, SQUARE)):
        return []
    o, c = s.wowner[x], s.wcount[x]
    if k == MARKET:
        if (c and o != p) or other_activator(s, p, x):
            return []  # colours mix only to activate a building connected by road
        return list(range(1, 4 - c - used_on(s, x)))  # activating workers count towards the 3 too
    if c == 0 or o == p:
        return list(range(1, 4 - c))
    if k == NONE:
        return [2 * c]
    return []


def other_activator(s: RioState, p: int, x: int) -> bool:
    """Another colour's activating worker stands on x, in a district not connected by road: p's
    builders may not join it (the rulebook's one exception to "no mixing" needs the road)."""
    return not s.conn[DISTRICT[x]] and any(q != p for c, q in s.act if c == x)


def has_adjacent_house(s: RioState, p: int, x: int) -> bool:
    return x in board_facts(s).near_house(p)


def activations(s: RioState, x: int) -> int:
    """Times per turn the building on x may be activated: twice in a road-connected district."""
    d = DISTRICT[x]
    return 2 if d >= 0 and s.conn[d] else 1


def used_on(s: RioState, x: int) -> int:
    return sum(1 for c, _ in s.act if c == x)


def can_use(s: RioState, p: int, x: int) -> str | None:
    """Why p may not put an activating worker on x (None: allowed)."""
    k = s.bkind[x]
    if k not in ACTIVATABLE:
        return "only a Stonecutter, Carpenter, Market, Corporation or Church can be activated"
    if not has_adjacent_house(s, p, x):
        return "a building can be activated only with one of your Houses adjacent to it"
    if used_on(s, x) >= activations(s, x):
        return f"this building can be activated only {activations(s, x)} time(s) per turn"
    if s.wcount[x] + used_on(s, x) >= 3:
        return "at most 3 workers may stand on a space (builders waiting there count too)"
    # Any player with an adjacent House may activate it, whoever built it; colours mix on the space
    # only when the building's district is connected by road (the rulebook's one exception).
    others = (s.wcount[x] and s.wowner[x] != p) or any(q != p for c, q in s.act if c == x)
    if others and not s.conn[DISTRICT[x]]:
        return ("workers of different colours may share a space only to activate a building connected by "
                "road to the Plaza Mayor")
    return None


# ----- building conditions -----

def tiles_left(s: RioState, p: int, kind: int) -> bool:
    facts = board_facts(s)
    count = facts.count
    if kind == HUT:
        return len(facts.homes.get(p, ())) < TILES["hut_house_per_colour"]
    if kind in (STONECUTTER, CARPENTER):
        return count(STONECUTTER) + count(CARPENTER) < TILES["stonecutter_carpenter"]
    if kind == MARKET:
        return count(MARKET) + count(CORPORATION) < TILES["market_corporation"]
    if kind in (CHURCH, BARRACKS):
        return count(CHURCH) + count(BARRACKS) < TILES["church_barracks"]
    if kind == SQUARE:
        return count(SQUARE) + count(MONUMENT) + count(GARDEN) < TILES["square_monument"] + TILES["square_garden"]
    if kind == MONUMENT:  # square tiles may be swapped, so only the faces left matter
        return count(MONUMENT) < TILES["square_monument"]
    if kind == GARDEN:
        return count(GARDEN) < TILES["square_garden"]
    return True


def square_surrounded(s: RioState, x: int) -> int:
    """Minor buildings other than squares around x, plus walled outer edges of x."""
    n = sum(1 for y in ADJ8[x] if s.bkind[y] in MINOR and s.bkind[y] not in SQUARE_FAMILY)
    return n + sum(1 for g in CELL_SEGS[x] if s.walls[g])


def build_problem(s: RioState, p: int, x: int, kind: int) -> str | None:
    """Why p cannot build `kind` on x now with the workers there (None: allowed)."""
    info = KIND[kind]
    if s.wowner[x] != p or s.wcount[x] < info["workers"]:
        return f"a {info['name']} needs {info['workers']} of your workers on the space"
    if x in s.built_now:
        return "only one building per space per turn (a Hut this turn, the House next turn)"
    req = info["requires"]
    have = s.bkind[x]
    if req:
        if have != req:
            return f"a {info['name']} can only be built on a {KIND[req]['name']}"
        if kind == HOUSE and s.bowner[x] != p:
            return "a House can only be built on your own Hut"
    elif have != NONE:
        return "the space already holds a building"
    if kind in ONE_PER_DISTRICT and kind in board_facts(s).district_kinds(DISTRICT[x]):
        return f"there can be only one {info['name']} in each district"
    if kind == SQUARE and square_surrounded(s, x) < 5:
        return "a Square needs 5 minor buildings (not squares) or walls around it"
    if not tiles_left(s, p, kind):
        return f"no {info['name']} tile is left"
    if s.wood[p] < info["wood"] or s.stone[p] < info["stone"] or s.silver[p] < info["silver"] \
            or s.precious[p] < info["precious"]:
        return f"a {info['name']} costs {cost_text(kind)}"
    return None


def cost_text(kind: int) -> str:
    return COST_TEXT[kind]


def _cost_text(kind: int) -> str:
    info = KIND[kind]
    parts = [f"{info['workers']} worker(s)"]
    for r in ("wood", "stone", "silver", "precious"):
        if info[r]:
            parts.append(f"{info[r]} {r}")
    return ", ".join(parts)


COST_TEXT = {k: _cost_text(k) for k in KIND}  # the texts are made once
BUILD_ON = {NONE: (HUT, STONECUTTER, CARPENTER, MARKET, SQUARE, BARRACKS, CHURCH), HUT: (HOUSE,),
            MARKET: (CORPORATION,), SQUARE: (MONUMENT, GARDEN)}


# ----- roads and walls -----

def road_network(s: RioState) -> set[int]:
    """Vertices linked to the Plaza Mayor by roads."""
    seen = set(PLAZA_VERTICES)
    stack = list(PLAZA_VERTICES)
    while stack:
        v = stack.pop()
        for i in VERTEX_ROADS.get(v, ()):
            if s.roads[i]:
                a, b = ROAD_ENDS[i]
                w = b if a == v else a
                if w not in seen:
                    seen.add(w)
                    stack.append(w)
    return seen


def update_connections(s: RioState) -> None:
    net = road_network(s)
    s.conn = [1 if DISTRICT_CENTRES[d] in net else 0 for d in range(NUM_DISTRICTS)]


def legal_roads(s: RioState) -> list[int]:
    """Road pieces grow from the Plaza Mayor: a piece must touch the Plaza or the road network."""
    if pieces_left(s) <= 0:
        return []
    net = road_network(s)
    return [i for i in range(ROADS) if not s.roads[i] and (ROAD_ENDS[i][0] in net or ROAD_ENDS[i][1] in net)]


def legal_walls(s: RioState) -> list[int]:
    if pieces_left(s) <= 0:
        return []
    return [g for g in range(SEGMENTS) if not s.walls[g]]


def wall_fits(s: RioState) -> bool:
    """A wall piece is left and an edge of the perimeter is still open for it."""
    return pieces_left(s) > 0 and 0 in s.walls


def pieces_left(s: RioState) -> int:
    return PIECES - s.pieces


def palace_spaces(s: RioState) -> list[int]:
    """Where a Palace or Cathedral may go: a free space around the Plaza Mayor, or, when all are
    built on, any of them holding a minor building (which is removed)."""
    free = [x for x in AROUND_PLAZA if s.bkind[x] == NONE]
    if free:
        return free
    return [x for x in AROUND_PLAZA if s.bkind[x] not in (PALACE, CATHEDRAL)]


def district_has(s: RioState, d: int, kind: int) -> bool:
    return any(s.bkind[y] == kind for y in DISTRICT_CELLS[d])
