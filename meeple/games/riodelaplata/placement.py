"""A | Worker placement: the city map, the Major-building grids, the other areas, Public Offices."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from . import city, trades
from .board import (
    CATHEDRAL,
    CELLS,
    M_CATHEDRAL,
    M_FORT,
    M_HARBOUR,
    M_PALACE,
    M_ROADS,
    M_WALLS,
    MAJOR_NAMES,
    MAJORS,
    OFFICE,
    PALACE,
    PIECES,
    PIECES_PER_COMPLETION,
    place_name,
    with_item,
)

if TYPE_CHECKING:
    from .state import RioState

MAX_PER_TURN = 5
AREAS = ("field", "artisan", "dock", "order")


def room(s: RioState, p: int) -> int:
    """Workers p may still place this turn."""
    n, free = MAX_PER_TURN - s.placed[p], s.free[p]
    return n if n < free else free


MAJOR_COST: tuple[str, ...] = tuple(m["cost"] for m in MAJORS["majors"])  # read once from the data file
MAJOR_REPEAT: tuple[bool, ...] = tuple(m["repeat"] for m in MAJORS["majors"])


def major_cost(b: int) -> str:
    return MAJOR_COST[b]


def major_open(s: RioState, b: int) -> bool:
    """Major building b takes workers: it is not built yet, or it is the Walls or the Roads, whose grids
    repeat while their pieces can be placed (RULES.md: the 60 wall/road pieces are the limit)."""
    if not MAJOR_REPEAT[b]:
        return not s.completed[b]
    if b == M_WALLS:
        return city.wall_fits(s)
    # 60 pieces cannot fill the 282 road segments: while a piece is left, one fits beside the network
    return city.pieces_left(s) > 0


def place_actions(s: RioState, p: int) -> list[tuple]:
    """What kind of placement comes next: builders on the city map, a Major building grid, activating
    a building, the mine or the forest, one of the work areas (field, artisan, dock, order track), the
    money menu (buying, a Public Office, a trade offer), or done. Each kind is one choice, the space or
    the number of workers comes next (see RULES.md: "how turns are split"). A zone is offered when it
    has one action: the generators stop at the first, the full list is built only once it is chosen."""
    acts: list[tuple] = []
    if room(s, p) > 0:
        if next(_builder_moves(s, p), None):
            acts.append(("zone", 0))
        if any(_grid_open(s, p, b) for b in range(6)):
            acts.append(("zone", 1))
        if next(_use_moves(s, p), None):
            acts.append(("zone", 2))
        acts.extend(area_actions(s, p))
    if trades.has_money_actions(s, p) or can_bid(s, p):
        acts.append(("money",))
    acts.append(("done",))
    return acts


def can_bid(s: RioState, p: int) -> bool:
    """p may still put a worker on a Public Office this turn (offered in the money menu: the office
    is bought with money in the effect phase)."""
    return s.phase == "place" and s.bid[p] < 0 and room(s, p) > 0 and office_free(s)


def city_actions(s: RioState, p: int) -> list[tuple]:
    """Builders on a space of the city map, or a worker activating a building."""
    return builder_actions(s, p) + use_actions(s, p)


def builder_actions(s: RioState, p: int) -> list[tuple]:
    """Builders on a space of the city map (the first zone)."""
    return list(_builder_moves(s, p))


def _builder_moves(s: RioState, p: int) -> Iterator[tuple]:
    n = room(s, p)
    if n <= 0:
        return
    for x in city.reachable_sorted(s, p):
        for k in city.builder_room(s, p, x):
            if k > n:  # the counts rise: the rest need more workers too
                break
            yield ("city", x, k)


def use_actions(s: RioState, p: int) -> list[tuple]:
    """A worker activating a minor building of the city map. Offered as its own first step
    (`("zone", 2)`): inside the list of city spaces it would be one choice among a hundred."""
    return list(_use_moves(s, p))


def _use_moves(s: RioState, p: int) -> Iterator[tuple]:
    if room(s, p) <= 0:
        return
    for x in city.board_facts(s).usable(p):  # the activatable buildings next to p's Houses
        if city.can_use(s, p, x) is None:
            yield ("use", x)


def closed_grid_problem(s: RioState, b: int) -> str:
    if not MAJOR_REPEAT[b]:
        return f"the {MAJOR_NAMES[b]} is already built"
    if city.pieces_left(s) <= 0:
        return (f"the {MAJOR_NAMES[b]} grid takes no more workers: all {PIECES} wall/road pieces are on the "
                "board, so it cannot be completed again")
    return "the Walls grid takes no more workers: every edge of the City's perimeter has its wall"


def grid_actions(s: RioState, p: int) -> list[tuple]:
    if room(s, p) <= 0:
        return []
    return [("major", b) for b in range(6) if _grid_open(s, p, b)]


def _grid_open(s: RioState, p: int, b: int) -> bool:
    """p has a space of Major building b to take (what `space_actions` lists is not empty)."""
    return -1 in s.grid[b] and bool(_payments(s, p, b))


def area_actions(s: RioState, p: int) -> list[tuple]:
    """The other areas: the mine and the forest, then field work, artisan work, the dock and the order
    track (`("work", i)`, the number of workers is chosen next). Each area is one choice: listing every
    worker count here would give the order track five shares and the mine one."""
    acts: list[tuple] = []
    n = room(s, p)
    if n <= 0:
        return acts
    for t in (0, 1):
        i = next_track_space(s, t)
        if i >= 0 and s.track_costs[t][i] <= n:
            acts.append(("mine", t))
    acts.extend(("work", i) for i, area in enumerate(AREAS) if area_open(s, area))
    return acts


def area_open(s: RioState, area: str) -> bool:
    return area != "dock" or (bool(s.completed[M_HARBOUR]) and not s.ship_away)


def count_actions(s: RioState, p: int, i: int) -> list[tuple]:
    """How many workers go to the area AREAS[i]."""
    if not area_open(s, AREAS[i]):
        return []
    return [(AREAS[i], k) for k in range(1, room(s, p) + 1)]


TRACK_NAMES = ("mine", "forest")


def space_actions(s: RioState, p: int, b: int) -> list[tuple]:
    """The grid spaces of Major building b that p may take, with the payment (walls: 0 wood, 1 stone)."""
    pays = _payments(s, p, b)
    return [("space", i, pay) for i, o in enumerate(s.grid[b]) if o < 0 for pay in pays]


def _payments(s: RioState, p: int, b: int) -> list[int] | tuple[int, ...]:
    """How p may pay for a space of Major building b (empty: b is built or p cannot pay)."""
    if not major_open(s, b):
        return ()
    cost = major_cost(b)
    if cost == "both":
        return [0] if s.wood[p] and s.stone[p] else []
    if cost == "free":
        return [0]
    return [r for r, have in ((0, s.wood[p]), (1, s.stone[p])) if have]


def office_free(s: RioState) -> bool:
    """A Public Office is neither owned nor bid for (what `office_actions` lists is not empty)."""
    return any(o < 0 and b < 0 for o, b in zip(s.office_owner, s.office_bid))


def office_actions(s: RioState) -> list[tuple]:
    return [("office", k) for k in range(12) if s.office_owner[k] < 0 and s.office_bid[k] < 0]


def pick_actions(s: RioState, p: int) -> list[tuple]:
    """The second step of a chosen action: the grid space, the office, the resource to buy, or the money
    menu's choice (a trade's bundle is built in the state's `trade`, see trades.py).

    There is no way back from a first step: a first step is offered only when its second step has a
    choice, and a "back" would let a player cycle through menus for ever, so a game might never end."""
    return _pick_actions(s, p)


def _pick_actions(s: RioState, p: int) -> list[tuple]:
    head = s.pick[0]
    if head == "zone":
        return (builder_actions, grid_actions, use_actions)[s.pick[1]](s, p)
    if head == "work":
        return count_actions(s, p, s.pick[1])
    if head == "money":
        return trades.money_actions(s, p)
    if head == "major":
        return space_actions(s, p, s.pick[1])
    if head == "bid":
        return office_actions(s)
    return [("resource", 0), ("resource", 1)]  # head "buy"


def apply_pick(s: RioState, p: int, a: tuple) -> None:
    head = s.pick
    text = s.action_text(a) if s.log else ""  # read while the first step is still known
    s.pick = []
    if head[0] in ("zone", "work"):
        apply_place(s, p, a)
        return
    if head[0] == "money":
        trades.apply_money(s, p, a)
        return
    if head[0] == "major":
        place_major(s, p, head[1], a[1], a[2])
    elif head[0] == "buy":
        trades.buy(s, p, a[1])
        return
    else:  # "bid"
        s.bid[p] = a[1]
        s.office_bid[a[1]] = p
        _spend(s, p, 1)
    if s.log:
        s.emit("place", f"{s.player_name(p)} places a worker: {text}", player=p)


def next_track_space(s: RioState, t: int) -> int:
    """The first free space of the mine (0) or forest (1) track, -1 when full (free spaces hold -1)."""
    track = s.mine[t]
    return track.index(-1) if -1 in track else -1


def place_problem(s: RioState, p: int, a: tuple) -> str | None:
    """The rule an illegal placement breaks."""
    verb = a[0]
    n = room(s, p)
    if verb in ("city", "use", "zone", "major", "space", "mine", "work", "bid", "office", *AREAS) and n <= 0:
        return "a player places at most 5 workers per turn, and only workers he has left"
    if verb == "city" and len(a) == 3 and isinstance(a[1], int) and 0 <= a[1] < CELLS:
        x, k = a[1], a[2]
        if s.bkind[x] == 0 and x in city.PLAZA:
            return "nothing may be built in the Plaza Mayor: no workers there"
        if x not in city.reachable(s, p):
            return "workers go next to one of your huts or houses (diagonals count) or in the Starting Zone"
        if s.wcount[x] and s.wowner[x] != p:
            if s.bkind[x]:
                return "workers of different colours may not share a space"
            return (
                f"the space holds {s.wcount[x]} workers of another colour: you must replace them with "
                f"exactly {2 * s.wcount[x]} of yours"
            )
        if s.bkind[x] and city.other_activator(s, p, x):
            return ("workers of different colours may share a space only to activate a building connected by "
                    "road to the Plaza Mayor")
        if s.wcount[x] + city.used_on(s, x) + k > 3:
            return "at most 3 workers may stand on a space (activating workers count too)"
        if not city.builder_room(s, p, x):
            return "nothing more can be built on that space"
        if k > n:
            return f"you may place only {n} more worker(s) this turn"
    if verb == "use" and len(a) == 2 and isinstance(a[1], int) and 0 <= a[1] < CELLS:
        return city.can_use(s, p, a[1])
    if verb == "space" and len(a) == 3 and s.pick and s.pick[0] == "major":
        a = ("major", s.pick[1], a[1], a[2])
        verb = "major"
    if verb == "major" and len(a) == 4:
        b = a[1]
        if not 0 <= b < 6:
            return "there are six Major building grids (0..5)"
        if not major_open(s, b):
            return closed_grid_problem(s, b)
        if not 0 <= a[2] < len(s.grid[b]) or s.grid[b][a[2]] >= 0:
            return "that grid space is taken or not used with this number of players"
        cost = major_cost(b)
        if cost == "both" and not (s.wood[p] and s.stone[p]):
            return f"each {MAJOR_NAMES[b]} space costs 1 wood and 1 stone, paid when placing"
        if cost == "either":
            return "each Walls space costs 1 wood (pay 0) or 1 stone (pay 1), paid when placing"
    if verb == "mine" and len(a) == 2:
        if next_track_space(s, a[1]) < 0:
            return "that track is full this turn"
        return "the next space of that track needs more workers than you may still place"
    if verb in ("office", "bid") and s.bid[p] >= 0:
        return "a player may buy at most one Public Office per turn"
    if verb == "office" and len(a) == 2 and isinstance(a[1], int) and 0 <= a[1] < 12:
        k = a[1]
        if s.office_owner[k] >= 0:
            return f"the {OFFICE[k]['name']} is already owned: the characters are unique"
        if s.office_bid[k] >= 0:
            return "another worker already stands on that Public Office"
        if s.bid[p] >= 0:
            return "a player may buy at most one Public Office per turn"
    if verb == "work" and (len(a) != 2 or a[1] not in range(len(AREAS))):
        return "('work', i) names an area: 0 field work, 1 artisan work, 2 the dock, 3 the order track"
    if verb == "dock" or (verb == "work" and a[1] == AREAS.index("dock")):
        if not s.completed[M_HARBOUR]:
            return "the Ship can be used only once the Harbour is completed"
        if s.ship_away:
            return "the Ship is travelling: no loading until it is back"
    return None


def apply_place(s: RioState, p: int, a: tuple) -> None:
    verb = a[0]
    # the text is read before the placement: the mine's and forest's cost is the next free space's
    text = s.action_text(a) if s.log else ""
    if verb == "city":
        place_city(s, p, a[1], a[2])
    elif verb == "use":
        s.act.append((a[1], p))
        _spend(s, p, 1)
    elif verb in ("major", "bid", "zone", "work"):
        s.pick = list(a)  # the grid space, the office or the area is chosen next
        return
    elif verb == "mine":
        t = a[1]
        i = next_track_space(s, t)
        s.mine[t] = with_item(s.mine[t], i, p)  # rows are shared with clones: replaced, not edited
        _spend(s, p, s.track_costs[t][i])
    elif verb in AREAS:
        getattr(s, "order_add" if verb == "order" else verb)[p] += a[1]
        _spend(s, p, a[1])
    if s.log:
        s.emit("place", f"{s.player_name(p)} places: {text}", player=p)


def _spend(s: RioState, p: int, k: int) -> None:
    s.placed[p] += k
    s.free[p] -= k


def place_city(s: RioState, p: int, x: int, k: int) -> None:
    """Place k builders; replacing another colour's unbuilt workers costs one sacrificed worker."""
    if s.wcount[x] and s.wowner[x] != p:
        q = s.wowner[x]
        s.free[q] += s.wcount[x]
        if s.log:
            s.emit(
                "displace",
                f"{s.player_name(p)} replaces {s.wcount[x]} {s.player_name(q)} workers on "
                f"{place_name(x)} with {k}; one is sacrificed",
                player=p,
            )
        city.set_workers(s, x, p, k - 1)
        s.placed[p] += k
        s.free[p] -= k - 1  # the sacrificed worker goes straight back to its owner
        return
    city.set_workers(s, x, p, s.wcount[x] + k)
    _spend(s, p, k)


def place_major(s: RioState, p: int, b: int, i: int, pay: int) -> None:
    cost = major_cost(b)
    if cost == "both":
        s.wood[p] -= 1
        s.stone[p] -= 1
    elif cost == "either":
        if pay == 0:
            s.wood[p] -= 1
        else:
            s.stone[p] -= 1
    s.grid[b] = with_item(s.grid[b], i, p)  # rows are shared with clones: replaced, not edited
    _spend(s, p, 1)
    if all(o >= 0 for o in s.grid[b]):
        complete_major(s, p, b)


def complete_major(s: RioState, p: int, b: int) -> None:
    """Every space filled: each worker scores its space's VP and goes home; the completer places the tile."""
    spaces = s.space_vp[b]
    name = MAJOR_NAMES[b].lower()
    for o in sorted(set(s.grid[b])):  # the players who had a worker in it, once each
        s.tally_add("grid_" + name, 1, o)
    for i, o in enumerate(s.grid[b]):
        s.gain(o, spaces[i], "major")
        s.free[o] += 1
    if b == M_ROADS:
        s.roads_held = [h + s.grid[b].count(o) for o, h in enumerate(s.roads_held)]
    bonus = MAJORS["majors"][b]["bonus"]
    s.gain(p, bonus, "major")
    s.grid[b] = [-1] * len(spaces)
    s.completed = with_item(s.completed, b, s.completed[b] + 1)
    s.tally_add("major_" + name, 1, p)
    if s.log:
        extra = f" and +{bonus} VP for placing it" if bonus else ""
        s.emit("major", f"{s.player_name(p)} completes the {MAJOR_NAMES[b]}{extra}", player=p)
    if b in (M_PALACE, M_CATHEDRAL):
        s.tile = [PALACE if b == M_PALACE else CATHEDRAL, p, 1]
    elif b == M_WALLS:
        k = min(PIECES_PER_COMPLETION, len(city.legal_walls(s)))
        if k:
            s.tile = [-M_WALLS, p, k]
    elif b == M_ROADS:
        k = min(PIECES_PER_COMPLETION, city.pieces_left(s))
        if k and city.legal_roads(s):
            s.tile = [-M_ROADS, p, k]
    elif b == M_FORT and s.log:
        s.emit("fort", "The Fort stands below the Plaza Mayor: its cannons will fire in wars")


def tile_actions(s: RioState) -> list[tuple]:
    kind = s.tile[0]
    if kind in (PALACE, CATHEDRAL):
        return [("tile", x) for x in city.palace_spaces(s)]
    if kind == -M_WALLS:
        return [("wall", g) for g in city.legal_walls(s)]
    return [("road", i) for i in city.legal_roads(s)]


def apply_tile(s: RioState, p: int, a: tuple) -> None:
    if a[0] == "tile":
        x = a[1]
        if s.bkind[x] and s.log:
            s.emit("remove", f"The {city.KIND[s.bkind[x]]['name']} on {place_name(x)} is removed", player=p)
        if s.wcount[x]:
            s.free[s.wowner[x]] += s.wcount[x]
            city.set_workers(s, x, -1, 0)
        for c, q in [e for e in s.act if e[0] == x]:
            s.free[q] += 1
            s.act.remove((c, q))
        city.set_building(s, x, s.tile[0], -1)
        s.tile[2] = 0
    elif a[0] == "wall":
        city.add_wall(s, a[1])
        s.tile[2] -= 1
    else:
        city.add_road(s, a[1])
        s.tile[2] -= 1
    if s.tile[2] <= 0 or not tile_actions(s):
        s.tile = []
