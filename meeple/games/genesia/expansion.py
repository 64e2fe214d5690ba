"""Expansion phase: moves at 1 Coin per Clan per Region (per stack in Age III), crossing opponents'
Regions for a Right of Way paid to them, never stopping there; Homelands are shared and free of
Right of Way. A move is chosen as (from, to) then a number of Clans: to a Region where the Clans can stop,
it follows the cheapest path; to an adjacent opponent's Region, the Clans enter it in transit and the
mover then picks each next Region ("step") until they stop, so the route, and whom a Right of Way is
paid to, is the mover's choice."""

from __future__ import annotations

from operator import add, and_
from typing import TYPE_CHECKING

from meeple.engine import Action

from .bitsets import CACHE_MAX, board_table, members, next_to, reach, reach_levels, select
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
    occ = s.occ
    if occ is not None and occ[0] == p:  # the others' occupancy kept for p's turn (see occupancy)
        if not occ[1] >> r & 1:
            return True
    elif not s.others_in(p, r):
        return True
    return s.board.homeland[r] and (r == s.board.homelands[p] or s.occupies(p, r))


def crossing_costs(s: GenesiaState, p: int, others: list[int] | None = None) -> list[int]:
    """1 for each region whose crossing costs p a Right of Way this Age, else 0."""
    if s.rowfree[p]:
        return [0] * s.board.size
    if others is None:
        others = s.others_mask(p)
    # C-level maps: (occupied by another people) and (not a Homeland), as 0/1
    return list(map(and_, map(bool, others), _not_homeland(s.board)))


def occupancy(s: GenesiaState, p: int, keep: bool = False) -> tuple[int, int]:
    """(others, charged): bitsets of the Regions another people occupies (others_mask) and of those whose
    crossing costs p a Right of Way (crossing_costs). With `keep`, stored in s.occ for p's turn (see
    GenesiaState._apply); a stored pair for p is used."""
    occ = s.occ
    if occ is not None and occ[0] == p:
        return occ[1], occ[2]
    others = 0
    for q, bits in enumerate(s.presence):
        if q != p:
            others |= bits
    charged = 0 if s.rowfree[p] else others & ~s.board.homeland_bits
    if keep:
        s.occ = (p, others, charged)
    return others, charged


def stop_bits(s: GenesiaState, p: int, others: int) -> int:
    """The Regions where p may stop (can_stop) as a bitset, from the others' occupancy bitset."""
    b = s.board
    stop = ((1 << b.size) - 1) & ~others
    clans, towns = s.clans[p], s.towns[p]
    for h in b.homelands:
        if others >> h & 1 and (h == b.homelands[p] or clans[h] > 0 or towns >> h & 1):
            stop |= 1 << h
    return stop


_BIT_CHARS = bytes.maketrans(b"\x00\x01", b"01")
_BIT_FLAGS = bytes.maketrans(b"01", b"\x00\x01")


def _bits(flags: bytes) -> int:
    """A bytes of 0/1 flags as a bitset (bit r = flags[r]), in C: the flags as binary digits, reversed."""
    return int(flags.translate(_BIT_CHARS)[::-1], 2)


def _listed(bits: int, size: int) -> list[int]:
    """A bitset as a list of `size` 0/1 flags."""
    return list(bin(bits | 1 << size).encode().translate(_BIT_FLAGS)[:2:-1])


_NOT_HOMELAND: dict[int, tuple[int, ...]] = {}


def _not_homeland(b: Board) -> tuple[int, ...]:
    t = _NOT_HOMELAND.get(b.sides)
    if t is None:
        t = _NOT_HOMELAND[b.sides] = tuple(0 if h else 1 for h in b.homeland)
    return t


# Speed: cheapest paths depend only on the board, the Right-of-Way regions, the start (and the budget of
# a search cut at one), so they are shared by every state. Kept as tuples: the garbage collector stops
# tracking tuples of numbers, and a full collection walked these caches' lists (20 of its 27 ms).
# A search is (groups, reach): groups = (key, bitset of the Regions with that key) by ascending key, where
# key = (cost << 6) | steps of the cheapest path (`_key`); reach[c] = bitset of the Regions of cost <= c.
# Rights of Way crossed = cost - steps; the route is rebuilt on demand (`_prev`).
Search = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]
INF = 1 << 30
UNREACHED = INF << 6
_PATHS: dict[tuple, Search] = {}
_ROWS: dict[tuple, tuple[tuple[int, ...], ...]] = {}


def paths(
    s: GenesiaState, p: int, src: int, extra: list[int] | None = None, budget: int | None = None
) -> tuple[list[int], list[int], list[int], list[int]]:
    """Cheapest paths from src: (coins per unit, steps, Right-of-Way regions crossed, previous region).
    Each step costs 1 per unit; each opponent Region crossed adds 1 per unit. Ties: fewer steps.
    With a `budget`, regions one unit could not reach for that many Coins are left out."""
    if extra is None:
        extra = crossing_costs(s, p)
    if budget is None:
        charged = _bits(bytes(extra))
        return _lists(s, src, charged, _full(s, p, src, charged))
    return _paths(s, p, src, extra, budget)


def _full(s: GenesiaState, p: int, src: int, charged: int) -> Search:
    key = (s.board.sides, src, charged)
    hit = _PATHS.get(key)
    if hit is None:
        if len(_PATHS) >= CACHE_MAX:
            _PATHS.clear()
        hit = _PATHS[key] = _search(s, p, src, charged, None)
    return hit


# Searches cut at a budget (Coins + free Moves, see _search): exact for every Region within it, so one
# done with a larger budget serves a smaller one; within a turn the mover's budget mostly shrinks
_CAPPED: dict[tuple, tuple[int, Search]] = {}


def affordable_paths(s: GenesiaState, p: int, src: int, charged: int | None = None) -> Search:
    """The search from src, exact (cost, steps, Rights of Way, route) for every Region one Clan can
    reach with p's Coins and free Moves, which is all the listing, the count and the move need: the
    search cut at that budget keeps the cheapest path of each such Region and its tie order (see
    `_search`); the other Regions may be missing (UNREACHED)."""
    charged, key, coins, cap, got = _search_key(s, p, src, charged)
    if got is not None:
        return got
    if len(_CAPPED) >= CACHE_MAX:
        _CAPPED.clear()
    found = _search(s, p, src, charged, coins)
    _CAPPED[key] = (cap, found)
    return found


def _paths(
    s: GenesiaState, p: int, src: int, extra: list[int], budget: int | None
) -> tuple[list[int], list[int], list[int], list[int]]:
    charged = _bits(bytes(extra))
    return _lists(s, src, charged, _search(s, p, src, charged, budget))


def _lists(
    s: GenesiaState, src: int, charged: int, found: Search
) -> tuple[list[int], list[int], list[int], list[int]]:
    """A search as four lists: cost, steps (INF when not reached), Rights of Way crossed, previous."""
    best = _best(found, s.board.size)
    cost = [b >> 6 for b in best]
    steps = [b & 63 if b < UNREACHED else INF for b in best]
    rows = [b - st if b < INF else 0 for b, st in zip(cost, steps)]
    adj = s.board.adj
    prev = [
        _prev(best, charged, src, adj, v) if v != src and b < UNREACHED else -1 for v, b in enumerate(best)
    ]
    return cost, steps, rows, prev


def _key(found: Search, v: int) -> int:
    """(cost << 6) | steps of v in a search, UNREACHED when it did not reach v."""
    for key, regions in found[0]:
        if regions >> v & 1:
            return key
    return UNREACHED


def _best(found: Search, size: int) -> list[int]:
    """_key of every region, as a list."""
    best = [UNREACHED] * size
    for key, regions in found[0]:
        for v in members(regions):
            best[v] = key
    return best


def _prev(best: list[int], charged: int, src: int, adj: tuple[tuple[int, ...], ...], v: int) -> int:
    """The Region before v on its cheapest path, as the search would have recorded it: the first one
    settled (smallest (cost, steps, region)) of the neighbours u from which v gets its best value (a
    step from u costs 1, plus u's Right of Way unless u is the start)."""
    target = best[v]
    pick = -1
    pick_key = UNREACHED << 7
    for u in adj[v]:
        bu = best[u]
        if bu >= UNREACHED:
            continue
        step = ((1 + (0 if u == src else charged >> u & 1)) << 6) + 1
        if bu + step == target:
            key = (bu << 7) | u
            if key < pick_key:
                pick, pick_key = u, key
    return pick


def route(s: GenesiaState, src: int, dst: int, charged: int, found: Search) -> list[int]:
    """The Regions crossed between src and dst on the cheapest path (in order): from dst back, each time
    the Region `_prev` picks, found with bitsets: a neighbour whose key is 2 steps' cost less (a Region
    with a Right of Way, settled first) or else 1 less (free, or the start), the lowest of them."""
    keyed = dict(found[0])
    adj = s.board.adj_bits
    charged &= ~(1 << src)
    out = []
    v, k = dst, _key(found, dst)
    while True:
        via = keyed.get(k - 129, 0) & adj[v] & charged  # (cost - 2, steps - 1)
        if via:
            k -= 129
        else:
            via = keyed.get(k - 65, 0) & adj[v] & ~charged  # (cost - 1, steps - 1)
            k -= 65
        v = (via & -via).bit_length() - 1
        if v == src or v < 0:
            return out[::-1]
        out.append(v)


_TO: dict[tuple, Search] = {}


def paths_to(s: GenesiaState, p: int, src: int, dst: int, charged: int | None = None) -> Search:
    """`affordable_paths`, exact for dst and its route only: unless a whole search is cached, the
    search stops once dst is settled (the Regions settled before it are final, the route runs through
    them), about half the work; shared by the count and the move that follows."""
    charged, key, coins, cap, got = _search_key(s, p, src, charged)
    if got is not None:
        return got
    tkey = (key, cap, dst)
    hit = _TO.get(tkey)
    if hit is None:
        if len(_TO) >= CACHE_MAX:
            _TO.clear()
        hit = _TO[tkey] = _search(s, p, src, charged, coins, dst)
    return hit


def _search(s: GenesiaState, p: int, src: int, charged: int, budget: int | None, target: int = -1) -> Search:
    """Cheapest paths from src by (cost, steps), level by level on bitsets of Regions: a step costs 1, or
    2 out of a Region with a Right of Way (not the start), so the Regions of cost c are the neighbours of
    the free Regions of cost c - 1 and of the charged ones of cost c - 2 not yet reached, taken by steps
    ascending: the same best values as a Dijkstra on (cost, steps). With a `budget`, no Region dearer
    than one Clan could pay with it plus the free Moves. With a `target`, it stops once the target is
    reached (the Regions before it are final)."""
    adj = s.board.adj_bits
    table = board_table(s.board)
    cap = (INF if budget is None else budget) + s.credit[p]
    charged &= ~(1 << src)  # a Right of Way is owed for crossing, not for the start
    seen = 1 << src
    unseen = ((1 << s.board.size) - 1) ^ seen
    groups = [(0, seen)]
    reach = [seen]
    # per cost level, per group: (steps, neighbours of its free Regions, neighbours of its charged ones)
    prev: list[tuple[int, int, int]] = [(0, adj[src], 0)]
    last: list[tuple[int, int, int]] = []  # the level before prev
    c = 0
    while c < cap and (prev or last):  # two empty levels: nothing further is reachable
        c += 1
        nxt: dict[int, int] = {}  # steps -> Regions next to a group of cost c - 1 or c - 2
        for t, free, _ in prev:
            if free:
                nxt[t] = free
        for t, _, paid in last:
            if paid:
                nxt[t] = nxt.get(t, 0) | paid
        level: list[tuple[int, int, int]] = []
        for t, new in sorted(nxt.items()) if len(nxt) > 1 else nxt.items():
            new &= unseen
            if not new:
                continue
            unseen ^= new
            seen |= new
            t += 1
            groups.append(((c << 6) | t, new))
            free, paid = next_to(table, new, charged)
            level.append((t, free, paid))
            if target >= 0 and new >> target & 1:
                reach.append(seen)
                return tuple(groups), tuple(reach)
        reach.append(seen)
        last, prev = prev, level
    return tuple(groups), tuple(reach)


def move_price(s: GenesiaState, p: int, steps: int, rows: int, n: int) -> int:
    """Coins paid in all (to the reserve and in Rights of Way) to move n Clans: per Clan in Ages I-II,
    per stack in Age III; free Moves from cards pay for steps first."""
    unit = n if s.age < 3 else 1
    moves = steps * unit
    return moves - min(s.credit[p], moves) + rows * unit


def max_affordable(s: GenesiaState, p: int, src: int, dst: int) -> int:
    b = dst_key(s, p, src, dst, occupancy(s, p)[1])[0]
    # the price of move_price written out; not reached (cost INF): too dear
    st, credit, coins = b & 63, s.credit[p], s.coins[p]
    rw = (b >> 6) - st
    here = s.clans[p][src]
    if s.age == 3:  # per stack: the same price for any number of Clans
        return here if st - min(credit, st) + rw <= coins else 0
    # the most n <= here with move_price(n) = max(st * n - credit, 0) + rw * n <= coins, which holds
    # when both rw * n <= coins and (st + rw) * n <= coins + credit (the price grows with n)
    if rw:
        here = min(here, coins // rw)
    return min(here, (coins + credit) // (st + rw)) if st + rw else here


def move_actions(s: GenesiaState, p: int) -> list[Action]:
    """("move", src, dst) for each Region dst where one Clan from src can stop, at an affordable price.
    A search cut at the mover's budget (shared, see affordable_paths) is exact for every Region one
    Clan can afford; the others stay too dear. Regions are bitsets: the stops & the ones within reach."""
    out: list[Action] = []
    coins = s.coins[p]
    credit = s.credit[p]
    if not coins and not credit:  # every step costs a Coin or a free Move: no move at all
        return out
    others, charged = occupancy(s, p, keep=True)
    stops = stop_bits(s, p, others)
    b = s.board
    ecc = _eccentricity(b)
    adj = b.adj_bits
    cap = coins + credit
    balls = _balls(b)[1]
    near = min(cap, b.size)
    entered = []  # (src, the Regions next to it where the Clans cannot stop)
    row = s.clans[p]
    for src in members(s.presence[p]):  # the Regions where p has Clans or its City
        if not row[src]:
            continue
        if coins >= ecc[src]:
            # every Region is within reach: the cheapest path to v costs at most 2 per step (1 for the
            # first), so at most 2 * dist(src, v) - 1 <= ecc[src] Coins, free Moves aside; no search
            found = stops
        elif not charged & ~(1 << src) & balls[src][near - 1]:
            # no Right of Way within near - 1 steps: a Region v within near steps costs dist(src, v)
            # (= its steps, so affordable whatever the free Moves), one further away more than cap
            found = stops & balls[src][near]
        else:
            if not credit:  # a Clan's price is the path's cost: the Regions within reach of the Coins
                found = stops & reach(b, src, charged, coins)
            else:
                got = _CAPPED.get((b.sides, src, charged))  # affordable_paths' cache hit, written out
                search = got[1] if got is not None and got[0] >= cap else affordable_paths(s, p, src, charged)
                # move_price for one Clan (per Clan or per stack alike): the steps not covered by free
                # Moves plus the Rights of Way (cost - steps); with steps >= free Moves it is cost - credit
                found = 0
                for key, regions in search[0]:
                    cost, st = key >> 6, key & 63
                    if cost <= cap and (st >= credit or cost - st <= coins):
                        found |= regions
                found &= stops
        out += _listing(b, src, found)
        into = adj[src] & ~stops
        if into:
            entered.append((src, into))
    if entered:
        out += transit_entries(s, p, charged, stops, entered)
    return out


_LISTINGS: dict[tuple[int, int, int], tuple[Action, ...]] = {}


def _listing(b: Board, src: int, found: int) -> tuple[Action, ...]:
    """("move", src, dst) for the Regions dst in the bitset `found` but src, in order; shared."""
    key = (b.sides, src, found)
    hit = _LISTINGS.get(key)
    if hit is None:
        if len(_LISTINGS) >= CACHE_MAX:
            _LISTINGS.clear()
        hit = _LISTINGS[key] = tuple(select(_move_tuples(b)[src], found & ~(1 << src)))
    return hit


_ECC: dict[int, list[int]] = {}


def _eccentricity(b: Board) -> list[int]:
    """For each region: 2 * (the most steps from it to any region) - 1, a bound on the cost of the
    cheapest path from it to any region (a step costs 1 or 2, the first one 1)."""
    e = _ECC.get(b.sides)
    if e is None:
        e = _ECC[b.sides] = [2 * max(dist) - 1 for dist in _balls(b)[0]]
    return e


_BALLS: dict[int, tuple[list[list[int]], list[list[int]]]] = {}


def _balls(b: Board) -> tuple[list[list[int]], list[list[int]]]:
    """(dist, balls): dist[src][v], the fewest steps from src to v; balls[src][r], the bitset of the
    regions within r steps of src, for r = 0 .. size."""
    got = _BALLS.get(b.sides)
    if got is None:
        dist, balls = [], []
        for src in range(b.size):
            d = [-1] * b.size
            d[src] = 0
            todo = [src]
            for u in todo:  # breadth first: todo grows while it is read
                for v in b.adj[u]:
                    if d[v] < 0:
                        d[v] = d[u] + 1
                        todo.append(v)
            dist.append(d)
            ball = [0] * (b.size + 1)
            for v in todo:  # by distance: each ball is the one before and the Regions at r steps
                ball[d[v]] |= 1 << v
            for r in range(1, b.size + 1):
                ball[r] |= ball[r - 1]
            balls.append(ball)
        got = _BALLS[b.sides] = (dist, balls)
    return got


def dst_key(s: GenesiaState, p: int, src: int, dst: int, charged: int) -> tuple[int, Search | None]:
    """(key of dst, the search giving it) as `paths_to`, without the search (None) when the cheapest
    path costs dist(src, dst), the fewest steps, each at 1 Coin, so it crosses no Right of Way: when no
    Region within dist(src, dst) - 1 steps of src charges p one, or (without free Moves) when the
    Coins' reach (shared with the move listing) finds dst at that cost."""
    dist, balls = _balls(s.board)
    d = dist[src][dst]
    if not charged & ~(1 << src) & balls[src][d - 1] and d <= s.coins[p] + s.credit[p]:
        return (d << 6) | d, None
    if not s.credit[p] and d <= s.coins[p]:
        levels = reach_levels(s.board, src, charged, s.coins[p])
        if levels[d if d < len(levels) else -1] >> dst & 1:
            return (d << 6) | d, None
    found = paths_to(s, p, src, dst, charged)
    return _key(found, dst), found


_MOVES: dict[int, list[tuple[Action, ...]]] = {}


def _move_tuples(b: Board) -> list[tuple[Action, ...]]:
    """("move", src, dst) for every pair of regions, built once per board (tuples are immutable)."""
    t = _MOVES.get(b.sides)
    if t is None:
        t = _MOVES[b.sides] = [tuple(("move", a, d) for d in range(b.size)) for a in range(b.size)]
    return t


def start_move(s: GenesiaState, p: int, src: int, dst: int) -> None:
    s.pend.append(["count", p, src, dst])


def do_move(s: GenesiaState, p: int, src: int, dst: int, n: int) -> None:
    """Move n Clans from src to dst along the cheapest path, paying the reserve and each opponent crossed."""
    charged = occupancy(s, p)[1]
    b, found = dst_key(s, p, src, dst, charged)
    unit = n if s.age < 3 else 1
    moves = (b & 63) * unit
    free = min(s.credit[p], moves)
    if free:
        s.credit = changed(s.credit, p, s.credit[p] - free)
    s.coins[p] -= moves - free
    paid = []
    # the route matters only when it crosses an opponent's Region (Rights of Way = cost - steps)
    if found is not None and not s.rowfree[p] and (b >> 6) > (b & 63):
        for r in route(s, src, dst, charged, found):
            if charged >> r & 1:  # charges_row(s, p, r): the crossing costs are this state's (see s.occ)
                o = s.occupant(r)
                s.coins[p] -= unit
                s.coins[o] += unit
                paid.append((o, r))
    s.add_clans(p, src, -n)
    s.add_clans(p, dst, n)
    if s.log:
        names = s.board.names
        text = f"{s.people_name(p)} moves {n} Clan{'s' if n > 1 else ''} from {names[src]} to {names[dst]}"
        text += f" ({_coins(moves - free)}"
        if free:
            text += f", {free} free Moves"
        for o, r in paid:
            text += f", Right of Way {unit} to {s.people_name(o)} in {names[r]}"
        s.emit("move", text + ")", player=p, regions=[src, dst])


def _coins(n: int) -> str:
    return f"{n} Coin{'s' if n != 1 else ''}"


def unit_of(s: GenesiaState, n: int) -> int:
    """Moves are paid per Clan in Ages I-II, per stack in Age III."""
    return n if s.age < 3 else 1


def finish_price(s: GenesiaState, p: int, n: int, regions: tuple[int, int] | None = None) -> list[int]:
    """For each region v: the least Coins to carry n Clans into v (a step, plus v's Right of Way) and on
    to a Region where they may stop, with this Age's free Moves. Exact: for every number of steps t it
    keeps the fewest Rights of Way (price = steps not covered by free Moves + Rights of Way), so a transit
    that was affordable always keeps an affordable next step (no dead end). `regions`: the bitsets of
    the Regions charging p a Right of Way and of those where p may stop (`_crossings_and_stops`)."""
    charged, stops = _crossings_and_stops(s, p) if regions is None else regions
    seq = _rows_by_steps(s.board, charged, stops)
    unit, credit, coins = unit_of(s, n), s.credit[p], s.coins[p]
    return [finish_price_at(seq, v, charged >> v & 1, unit, credit, coins) for v in range(s.board.size)]


def finish_price_at(seq: tuple[tuple[int, ...], ...], v: int, xv: int, unit: int, credit: int, coins: int) -> int:
    """finish_price for the one Region v (xv: 1 if crossing v costs a Right of Way), from its rows by
    steps (`_rows_by_steps`); 1 << 30 when no path of at most `coins` is found."""
    inf = best = 1 << 30
    for t, rows in enumerate(seq, 1):
        base = (t + 1) * unit - credit
        if base < 0:
            base = 0
        if base > coins:  # the price only grows with t from here
            break
        r = rows[v]
        if r < inf:
            price = base + (r + xv) * unit
            if price < best:
                best = price
    return best


def _crossings_and_stops(s: GenesiaState, p: int) -> tuple[int, int]:
    """The bitsets of the Regions charging p a Right of Way (crossing_costs) and of those where p may
    stop (can_stop), from the occupancy bitsets."""
    others, charged = occupancy(s, p)
    return charged, stop_bits(s, p, others)


def _rows_by_steps(board: Board, charged: int, stops: int) -> tuple[tuple[int, ...], ...]:
    """For t = 1, 2, ...: rows[v], the fewest Rights of Way crossed after v on a path of exactly t
    further steps ending at a stop, until a fixed point (longer paths cross no fewer Regions and cost
    more steps) or t = size. Depends only on the board, the Regions charging a Right of Way and the
    stops (bitsets), so it is shared (read-only)."""
    key = (board.sides, charged, stops)
    seq = _ROWS.get(key)
    if seq is not None:
        return seq
    if len(_ROWS) >= CACHE_MAX:
        _ROWS.clear()
    size, adj = board.size, board.adj
    x, stop = _listed(charged, size), _listed(stops, size)
    inf = 1 << 30
    rows = [0 if any(map(stop.__getitem__, a)) else inf for a in adj]
    out = [tuple(rows)]
    for _ in range(1, size):
        # min over the neighbours w of x[w] + rows[w], the sums made once (C-level maps)
        y = list(map(add, x, rows))
        nxt = [min(map(y.__getitem__, a)) for a in adj]
        if nxt == rows:
            break
        rows = nxt
        out.append(tuple(rows))
    seq = _ROWS[key] = tuple(out)
    return seq


def transit_entries(
    s: GenesiaState, p: int, charged: int, stop: int, entered: list[tuple[int, int]]
) -> list[Action]:
    """("move", src, v) into an adjacent Region where the Clans cannot stop, when crossing it is
    affordable; given the bitsets of the Regions with a Right of Way for p and where p may stop,
    and (src, the Regions next to src where p may not stop) for the Regions p holds."""
    b = s.board
    adj = b.adj_bits
    # finish_price(s, p, 1)[v] <= coins, for these few v only (finish_price_at)
    coins, credit = s.coins[p], s.credit[p]
    seq: tuple[tuple[int, ...], ...] | None = None
    ok = checked = 0  # bitsets: the Regions found affordable to enter, the Regions looked at
    first = 2 - credit if credit < 2 else 0  # the price of 2 steps (in, then out to a stop)
    moves = _move_tuples(b)
    out: list[Action] = []
    for src, into in entered:
        left = stops_after_leaving(s, p, src, 1, stop)
        if left != stop:  # leaving src takes a stop away: this src's entries are priced on their own
            out += _entries_from(s, p, src, into, charged, left)
            continue
        todo = into & ~checked
        checked |= todo
        for v in members(todo):
            low = 1 << v
            xv = charged >> v & 1
            if first + xv > coins:  # the price only grows with t (base and rows): never affordable
                continue
            # t = 1 (the first round of finish_price_at) without the table: a stop next to v
            if adj[v] & stop:
                ok |= low
                continue
            if seq is None:
                seq = _rows_by_steps(b, charged, stop)
            if finish_price_at(seq, v, xv, 1, credit, coins) <= coins:
                ok |= low
        out += select(moves[src], into & ok)
    return out


def _entries_from(s: GenesiaState, p: int, src: int, into: int, charged: int, stop: int) -> list[Action]:
    """transit_entries for one src, with the stops left once one Clan has left it."""
    seq = _rows_by_steps(s.board, charged, stop)
    coins, credit = s.coins[p], s.credit[p]
    ok = 0
    for v in members(into):
        if finish_price_at(seq, v, charged >> v & 1, 1, credit, coins) <= coins:
            ok |= 1 << v
    return select(_move_tuples(s.board)[src], ok)


def stops_after_leaving(s: GenesiaState, p: int, src: int, n: int, stops: int) -> int:
    """The Regions where n Clans leaving src may stop, from those where p may stop now (bitset). An
    opponent's Homeland is p's to stop in only while p has Clans or a City there (decision 4): when
    these Clans are the last ones and the opponent is there, it is closed behind them, so a crossing
    priced with a way back into it would leave them in transit with nowhere to go."""
    b = s.board
    if (
        b.homeland[src]
        and src != b.homelands[p]
        and s.clans[p][src] <= n
        and not s.towns[p] >> src & 1
        and s.others_in(p, src)
    ):
        return stops & ~(1 << src)
    return stops


def max_transit(s: GenesiaState, p: int, src: int, v: int) -> int:
    """The most Clans of src that can enter v in transit and still afford to stop (finish_price), with
    the stops left once they have left src."""
    charged, stops = _crossings_and_stops(s, p)
    xv, credit, coins, here = charged >> v & 1, s.credit[p], s.coins[p], s.clans[p][src]
    seq = _rows_by_steps(s.board, charged, stops)
    # only moving all of src's Clans can close a stop behind them
    last = _rows_by_steps(s.board, charged, stops_after_leaving(s, p, src, here, stops))
    if s.age == 3:  # paid per stack: the price does not depend on the number of Clans
        if finish_price_at(last, v, xv, 1, credit, coins) <= coins:
            return here
        return here - 1 if here > 1 and finish_price_at(seq, v, xv, 1, credit, coins) <= coins else 0
    best = 0
    for n in range(1, here + 1):
        if finish_price_at(last if n == here else seq, v, xv, n, credit, coins) > coins:
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
    s.add_clans(p, src, -n)
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
        s.add_clans(p, w, n)
    else:
        top[2] = w
    _log_step(s, p, v, w, n, paid)


def _log_step(s: GenesiaState, p: int, a: int, b: int, n: int, paid: tuple[int, int, int]) -> None:
    if s.log:
        names = s.board.names
        text = f"{s.people_name(p)} moves {n} Clan{'s' if n > 1 else ''} from {names[a]} to {names[b]}"
        text += f" ({_coins(paid[0])}"
        if paid[1]:
            text += f", Right of Way {paid[1]} to {s.people_name(paid[2])} in {names[b]}"
        s.emit("move", text + ")", player=p, regions=[a, b])


def _search_key(
    s: GenesiaState, p: int, src: int, charged: int | None
) -> tuple[int, tuple[int, int, int], int, int, Search | None]:
    """The Regions charging p a Right of Way (this turn's, when kept), the cache key of a search from
    src, p's Coins and budget, and a cached result already covering that budget (or None)."""
    if charged is None:
        charged = occupancy(s, p)[1]
    key = (s.board.sides, src, charged)
    coins = s.coins[p]
    cap = coins + s.credit[p]
    got = _CAPPED.get(key)
    return charged, key, coins, cap, (got[1] if got is not None and got[0] >= cap else None)


def moves_worth_weighing(s: GenesiaState, p: int, legal: list[Action]) -> list[Action]:
    """What a bot weighs at p's Expansion decision: every action but the moves into a Region p already
    occupies and the entries into an opponent's Region in transit. By the evaluation a move gains only
    where it takes a new Region (its Clans stay on the board, its Coins are spent), and a route picked
    Region by Region in transit reaches no Region that a move along the cheapest path does not reach for
    as little; in four-greedy games (seeds 700-703) the greedy bot played 4 such moves in 333
    Expansion decisions, and they are half the list in Age III (docs/bots.md, Genesia session 43). Reads
    the board only (public)."""
    row = s.clans[p]
    out = []
    for a in legal:
        if a[0] == "move":
            dst = a[2]
            if row[dst] or s.towns[p] >> dst & 1 or not can_stop(s, p, dst):
                continue
        out.append(a)
    return out
