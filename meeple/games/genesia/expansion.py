"""Expansion phase: moves at 1 Coin per Clan per Region (per stack in Age III), crossing opponents'
Regions for a Right of Way paid to them, never stopping there; Homelands are shared and free of
Right of Way. A move is chosen as (from, to) then a number of Clans: to a Region where the Clans can stop,
it follows the cheapest path; to an adjacent opponent's Region, the Clans enter it in transit and the
mover then picks each next Region ("step") until they stop, so the route, and whom a Right of Way is
paid to, is the mover's choice."""

from __future__ import annotations

import heapq
from bisect import bisect_right
from typing import TYPE_CHECKING

from meeple.engine import Action

from .data import changed

if TYPE_CHECKING:
    from .data import Board
    from .state import GenesiaState


def charges_row(s: GenesiaState, p: int, r: int) -> bool:
    """Crossing r costs a Right of Way: an opponent occupies it and it is not a Homeland."""
    return not s.board.homeland[r] and s.others_in(p, r)


def can_stop(s: GenesiaState, p: int, r: int) -> bool:
    """A move may end in a free Region or one you already occupy (Homelands: yours, or one where you
    already have Clans or a City from a card); never in a Region an opponent occupies."""
    if not s.others_in(p, r):
        return True
    return s.board.homeland[r] and (r == s.board.homelands[p] or s.occupies(p, r))


def crossing_costs(s: GenesiaState, p: int, others: list[bool] | None = None) -> list[int]:
    """1 for each region whose crossing costs p a Right of Way this Age, else 0."""
    if s.rowfree[p]:
        return [0] * s.board.size
    if others is None:
        others = s.others_mask(p)
    return [1 if o and not h else 0 for o, h in zip(others, s.board.homeland)]


def stop_mask(s: GenesiaState, p: int, others: list[bool] | None = None) -> list[bool]:
    """can_stop(s, p, r) for every region r, from one pass over the board."""
    if others is None:
        others = s.others_mask(p)
    b = s.board
    home = b.homelands[p]
    clans, cities, homeland = s.clans[p], s.cities, b.homeland
    return [
        not o or (homeland[r] and (r == home or clans[r] > 0 or cities[r] == p)) for r, o in enumerate(others)
    ]


# Speed: cheapest paths without a budget depend only on the board, the Right-of-Way regions and the
# start, so they are shared by every state (read-only lists); so are finish prices for the same inputs.
_PATHS: dict[tuple, tuple[list[int], list[int], list[int], list[int]]] = {}
_FINISH: dict[tuple, list[int]] = {}
_ROWS: dict[tuple, list[list[int]]] = {}
_BY_COST: dict[tuple, list] = {}
_CACHE_MAX = 20_000  # entries per cache (a few tens of MB at most), then it starts again


def paths(
    s: GenesiaState, p: int, src: int, extra: list[int] | None = None, budget: int | None = None
) -> tuple[list[int], list[int], list[int], list[int]]:
    """Cheapest paths from src: (coins per unit, steps, Right-of-Way regions crossed, previous region).
    Each step costs 1 per unit; each opponent Region crossed adds 1 per unit. Ties: fewer steps.
    With a `budget`, regions one unit could not reach for that many Coins are left out."""
    if extra is None:
        extra = crossing_costs(s, p)
    if budget is None:
        key = (s.board.sides, src, *extra)
        hit = _PATHS.get(key)
        if hit is None:
            if len(_PATHS) >= _CACHE_MAX:
                _PATHS.clear()
            hit = _PATHS[key] = _paths(s, p, src, extra, None)
        return hit
    return _paths(s, p, src, extra, budget)


def _paths(
    s: GenesiaState, p: int, src: int, extra: list[int], budget: int | None
) -> tuple[list[int], list[int], list[int], list[int]]:
    n = s.board.size
    adj = s.board.adj
    # nc - credit > limit, with the free Moves added once: nc > cap
    cap = (1 << 30 if budget is None else budget) + s.credit[p]
    inf = 1 << 30
    # a Right of Way is owed for crossing a Region (not for the start nor the end of the move)
    owed = list(extra)
    owed[src] = 0
    cost, steps, rows, prev = [inf] * n, [inf] * n, [0] * n, [-1] * n
    cost[src], steps[src] = 0, 0
    # heap of ints (cost, steps, region) packed in one key: ordered by cost, then steps, then region
    heap = [src]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        key = pop(heap)
        u = key & 127
        st = (key >> 7) & 63
        c = key >> 13
        if c != cost[u] or st != steps[u]:
            continue
        x = owed[u]
        nc, ns = c + 1 + x, st + 1
        # no path through here is affordable (its price is at least its cost less the free Moves); the
        # pruning never changes a path that stays affordable, so listing and moving agree
        if nc > cap:
            continue
        ru = rows[u] + x
        packed = ((nc << 6) | ns) << 7  # the heap key without the region
        for v in adj[u]:
            cv = cost[v]
            if nc < cv or (nc == cv and ns < steps[v]):
                cost[v], steps[v], prev[v], rows[v] = nc, ns, u, ru
                push(heap, packed | v)
    return cost, steps, rows, prev


def move_price(s: GenesiaState, p: int, steps: int, rows: int, n: int) -> int:
    """Coins paid in all (to the reserve and in Rights of Way) to move n Clans: per Clan in Ages I-II,
    per stack in Age III; free Moves from cards pay for steps first."""
    unit = n if s.age < 3 else 1
    moves = steps * unit
    return moves - min(s.credit[p], moves) + rows * unit


def max_affordable(s: GenesiaState, p: int, src: int, dst: int) -> int:
    _, steps, rows, _ = paths(s, p, src)
    best = 0
    for n in range(1, s.clans[p][src] + 1):
        if move_price(s, p, steps[dst], rows[dst], n) <= s.coins[p]:
            best = n
        else:
            break
    return best


def move_actions(s: GenesiaState, p: int) -> list[Action]:
    """("move", src, dst) for each Region dst where one Clan from src can stop, at an affordable price.
    The cheapest paths without a budget (shared, see paths) give the same answer as with the budget: a
    Region one Clan can afford keeps its exact cheapest path either way, the others stay too dear."""
    out: list[Action] = []
    row = s.clans[p]
    coins = s.coins[p]
    credit = s.credit[p]
    others = s.others_mask(p)
    extra = crossing_costs(s, p, others)
    stop = stop_mask(s, p, others)
    by_cost = _BY_COST.get((s.board.sides, *extra))
    if by_cost is None:
        if len(_BY_COST) >= _CACHE_MAX:
            _BY_COST.clear()
        by_cost = _BY_COST[(s.board.sides, *extra)] = [None] * s.board.size
    for src, here in enumerate(row):
        if not here:
            continue
        near = by_cost[src]
        if near is None:
            near = by_cost[src] = _by_cost(s, p, src, extra)
        costs, steps, dsts = near
        # the price is at least the cost less the free Moves: only the first k can be affordable
        k = bisect_right(costs, coins + credit)
        if not credit:
            found = [dst for dst in dsts[:k] if stop[dst]]
        else:
            # move_price for one Clan (per Clan or per stack alike): the steps not covered by free
            # Moves plus the Rights of Way (cost - steps); with steps >= free Moves it is cost - credit
            found = [
                dst
                for c, st, dst in zip(costs[:k], steps, dsts)
                if stop[dst] and (st >= credit or c - st <= coins)
            ]
        found.sort()
        out += [("move", src, dst) for dst in found]
    return out + transit_entries(s, p, others, extra, stop)


def _by_cost(s: GenesiaState, p: int, src: int, extra: list[int]) -> tuple[list[int], list[int], list[int]]:
    """Costs, steps and regions of every other Region reachable from src, cheapest first (shared)."""
    cost, steps, _, _ = paths(s, p, src, extra)
    inf = 1 << 30
    near = sorted((c, steps[v], v) for v, c in enumerate(cost) if v != src and c < inf)
    return [x[0] for x in near], [x[1] for x in near], [x[2] for x in near]


def start_move(s: GenesiaState, p: int, src: int, dst: int) -> None:
    s.pend.append(["count", p, src, dst])


def path_regions(prev: list[int], src: int, dst: int) -> list[int]:
    out = []
    r = prev[dst]
    while r != src and r >= 0:
        out.append(r)
        r = prev[r]
    return out[::-1]


def do_move(s: GenesiaState, p: int, src: int, dst: int, n: int) -> None:
    """Move n Clans from src to dst along the cheapest path, paying the reserve and each opponent crossed."""
    _, steps, rows, prev = paths(s, p, src)
    unit = n if s.age < 3 else 1
    moves = steps[dst] * unit
    free = min(s.credit[p], moves)
    s.credit = changed(s.credit, p, s.credit[p] - free)
    s.coins[p] -= moves - free
    paid = []
    if not s.rowfree[p]:
        for r in path_regions(prev, src, dst):
            if charges_row(s, p, r):
                o = s.occupant(r)
                s.coins[p] -= unit
                s.coins[o] += unit
                paid.append((o, r))
    s.clans[p][src] -= n
    s.clans[p][dst] += n
    if s.log:
        names = s.board.names
        text = f"{s.people_name(p)} moves {n} Clan{'s' if n > 1 else ''} from {names[src]} to {names[dst]}"
        text += f" ({moves - free} Coins"
        if free:
            text += f", {free} free Moves"
        for o, r in paid:
            text += f", Right of Way {unit} to {s.people_name(o)} in {names[r]}"
        s.emit("move", text + ")", player=p)


def unit_of(s: GenesiaState, n: int) -> int:
    """Moves are paid per Clan in Ages I-II, per stack in Age III."""
    return n if s.age < 3 else 1


def finish_price(
    s: GenesiaState, p: int, n: int, x: list[int] | None = None, stop: list[bool] | None = None
) -> list[int]:
    """For each region v: the least Coins to carry n Clans into v (a step, plus v's Right of Way) and on
    to a Region where they may stop, with this Age's free Moves. Exact: for every number of steps t it
    keeps the fewest Rights of Way (price = steps not covered by free Moves + Rights of Way), so a transit
    that was affordable always keeps an affordable next step (no dead end)."""
    size = s.board.size
    unit, credit, coins = unit_of(s, n), s.credit[p], s.coins[p]
    if x is None or stop is None:
        others = s.others_mask(p)
        x = crossing_costs(s, p, others)
        stop = stop_mask(s, p, others)
    key = (s.board.sides, unit, credit, coins, *x, *stop)
    hit = _FINISH.get(key)
    if hit is not None:
        return hit
    if len(_FINISH) >= _CACHE_MAX:
        _FINISH.clear()
    inf = 1 << 30
    best = [inf] * size
    for t, rows in enumerate(_rows_by_steps(s.board, x, stop), 1):
        base = max(0, (t + 1) * unit - credit)
        if base > coins:
            break
        for v in range(size):
            if rows[v] < inf:
                price = base + (rows[v] + x[v]) * unit
                if price < best[v]:
                    best[v] = price
    _FINISH[key] = best
    return best


def _rows_by_steps(board: Board, x: list[int], stop: list[bool]) -> list[list[int]]:
    """For t = 1, 2, ...: rows[v], the fewest Rights of Way crossed after v on a path of exactly t
    further steps ending at a stop, until a fixed point (longer paths cross no fewer Regions and cost
    more steps) or t = size. Depends only on the board, x and stop, so it is shared (read-only)."""
    key = (board.sides, *x, *stop)
    seq = _ROWS.get(key)
    if seq is not None:
        return seq
    if len(_ROWS) >= _CACHE_MAX:
        _ROWS.clear()
    size, adj = board.size, board.adj
    inf = 1 << 30
    rows = [0 if any(stop[w] for w in adj[v]) else inf for v in range(size)]
    seq = _ROWS[key] = [rows]
    for _ in range(1, size):
        nxt = [min((x[w] + rows[w] for w in adj[v]), default=inf) for v in range(size)]
        if nxt == rows:
            break
        rows = nxt
        seq.append(rows)
    return seq


def transit_entries(
    s: GenesiaState,
    p: int,
    others: list[bool] | None = None,
    x: list[int] | None = None,
    stop: list[bool] | None = None,
) -> list[Action]:
    """("move", src, v) into an adjacent Region where the Clans cannot stop, when crossing it is affordable."""
    if stop is None or x is None:
        others = s.others_mask(p)
        x = crossing_costs(s, p, others)
        stop = stop_mask(s, p, others)
    row = s.clans[p]
    adj = s.board.adj
    pairs = [(src, v) for src, here in enumerate(row) if here for v in adj[src] if not stop[v]]
    if not pairs:
        return []
    price = finish_price(s, p, 1, x, stop)
    coins = s.coins[p]
    return [("move", src, v) for src, v in pairs if price[v] <= coins]


def max_transit(s: GenesiaState, p: int, src: int, v: int) -> int:
    if s.age == 3:  # paid per stack: the price does not depend on the number of Clans
        return s.clans[p][src] if finish_price(s, p, 1)[v] <= s.coins[p] else 0
    best = 0
    for n in range(1, s.clans[p][src] + 1):
        if finish_price(s, p, n)[v] > s.coins[p]:
            break
        best = n
    return best


def pay_step(s: GenesiaState, p: int, r: int, n: int) -> tuple[int, int, int]:
    """Pay one step of n Clans into r (free Moves first) and, if r is crossed, its Right of Way to the
    occupant. Returns (coins paid to the reserve, Right of Way paid, to whom or -1)."""
    unit = unit_of(s, n)
    free = min(s.credit[p], unit)
    if free:
        s.credit = changed(s.credit, p, s.credit[p] - free)
    s.coins[p] -= unit - free
    if can_stop(s, p, r) or s.rowfree[p] or not charges_row(s, p, r):
        return unit - free, 0, -1
    o = s.occupant(r)
    s.coins[p] -= unit
    s.coins[o] += unit
    return unit - free, unit, o


def enter_transit(s: GenesiaState, p: int, src: int, v: int, n: int) -> None:
    """The Clans leave src and enter v, an opponent's Region they may only cross."""
    s.clans[p][src] -= n
    s.pend.append(["transit", p, v, n])
    _log_step(s, p, src, v, n, pay_step(s, p, v, n))


def step_actions(s: GenesiaState, p: int, v: int, n: int) -> list[Action]:
    """Next Regions for n Clans crossing v: one where they stop (one step affordable), or another Region
    to cross from which a stop stays affordable."""
    price = finish_price(s, p, n)
    step = max(0, unit_of(s, n) - s.credit[p])
    coins = s.coins[p]
    out: list[Action] = []
    for w in s.board.adj[v]:
        if (step <= coins) if can_stop(s, p, w) else (price[w] <= coins):
            out.append(("step", w))
    return out


def take_step(s: GenesiaState, p: int, w: int) -> None:
    top = s.pend[-1]
    v, n = int(top[2]), int(top[3])
    stops = can_stop(s, p, w)
    paid = pay_step(s, p, w, n)
    if stops:
        s.pend.pop()
        s.clans[p][w] += n
    else:
        top[2] = w
    _log_step(s, p, v, w, n, paid)


def _log_step(s: GenesiaState, p: int, a: int, b: int, n: int, paid: tuple[int, int, int]) -> None:
    if s.log:
        names = s.board.names
        text = f"{s.people_name(p)} moves {n} Clan{'s' if n > 1 else ''} from {names[a]} to {names[b]}"
        text += f" ({paid[0]} Coins"
        if paid[1]:
            text += f", Right of Way {paid[1]} to {s.people_name(paid[2])} in {names[b]}"
        s.emit("move", text + ")", player=p)
