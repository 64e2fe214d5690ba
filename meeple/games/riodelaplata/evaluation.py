"""A quick score estimate for bots: VPs so far plus what the position is likely to be worth."""

from __future__ import annotations

import json
from functools import lru_cache
from itertools import compress
from pathlib import Path
from typing import TYPE_CHECKING

from .board import (
    CARPENTER,
    CATHEDRAL,
    CELLS,
    CHURCH,
    CORPORATION,
    DISTRICT,
    ENEMY_MAX,
    ENEMY_VALUES,
    GUNNER,
    HOUSE,
    HUT,
    KIND,
    M_FORT,
    M_HARBOUR,
    M_ROADS,
    MAJORS,
    MARKET,
    OFFICE,
    PIECES,
    PIECES_PER_COMPLETION,
    POSITIONS,
    SALE,
    SHIPOWNER,
    STONECUTTER,
    TIME_TRACK,
    H,
    W,
    cell,
)
from .city import BUILD_ON, board_facts, build_problem
from .effects import CATHEDRAL_CHURCH_VP, CHURCH_VP, CORPORATION_BONUS, CRAFT_GAIN, SALE_SILVER
from .endturn import SETBACK, next_order
from .placement import major_open, pick_actions
from .scoring import HOUSE_BONUS, district_modifier_base, office_scores
from .trades import (
    ASK,
    ASKED,
    BUILDING,
    FROM,
    GIVE,
    STAGE,
    TO,
    TRADE_LEN,
    buy_cost,
    holding,
    move_bundle,
    move_goods,
    offer_targets,
)
from .war_state import ATT, KEEP

if TYPE_CHECKING:
    from .state import RioState


HUT_POTENTIAL = 0.8
# a builder waiting on the city map: less than half a Hut, which takes two of them, so that building
# the Hut is a gain (at 0.4 the Hut was worth exactly its two builders, and a search preferred keeping
# them standing); a House (2 VP + modifier) still beats its Hut, builder, wood and stone (1.7)
CITY_WORKER = 0.3
# a load on the Ship: a third of the silver it sells for in Spain, and its VP
CARGO_WORTH = tuple(SALE[r][0] / 3 + SALE[r][1] for r in range(3))
# share of a grid space's VP counted when it is the grid's only filled space, per grid (Palace,
# Cathedral, Fort, Walls, Harbour, Roads), the rest growing with the spaces filled. The Roads grid is
# free and its spaces are paid in full when it is filled, which its player can do himself with four of
# his five workers a turn ("if a player fills all the spaces of the road grid by himself, he will
# receive 4 VPs"): a space is nearly a VP in hand (at 0 the first worker looked worth 0.25 VP, and greedy
# seats never took the grid; one seat taking it every turn won 20 of 20 games against them). The
# others cost goods and need several players: at 0 for all (session 31) no greedy seat started one.
GRID_BASE = (0.4, 0.4, 0.4, 0.5, 0.4, 0.9)
# A token still fighting in a war: about what one brought in greedy games (an attacker token 0.47 VP to
# the attacking player, a defender's token 0.65 VP: 2 VP when it falls, 2 VP an attacker it kills).
# Without them the evaluation saw a war only when a battle scored, though wars gave some 60% of the VP
# scored during those games: recruiting, keeping groups together and sparing attackers all looked equal.
ATTACKER_TOKEN = 1.0
DEFENDER_TOKEN = 1.3
# ...and a little more the nearer it is to what it fights for (a defender to the nearest attackers, an
# attacker to the nearest building): NEAR per token and per step closer than REACH steps. Without it
# every approach move looked alike, and a searching defender, choosing among equal values, mostly
# stood still ("done") and scored 6 VP in a war where greedy defenders, moving at random, scored 18-44.
NEAR = 0.1
REACH = 4
_FITTED = json.loads((Path(__file__).parent / "data" / "evaluation.json").read_text(encoding="utf-8"))
# a player's place in the next turn's order and whether it has attacked yet (data/evaluation.json)
ORDER_WEIGHTS: dict[str, list[float]] = _FITTED["order"]
# how many VP of lead make e times the odds of winning, for the move hint's win rates (the same file)
WIN_TEMPERATURE: float = float(_FITTED["win_temperature"])
# ...and per game turn, at its start (the hint's win rates)
WIN_TEMPERATURES: tuple[float, ...] = tuple(map(float, _FITTED["win_temperatures"]))


def win_temperature(s: RioState) -> float:
    """The win temperature for the game turn the position is in (the last turn's for any later)."""
    return WIN_TEMPERATURES[min(s.turn, len(WIN_TEMPERATURES) - 1)]


def evaluate(s: RioState, viewer: int = -1) -> list[float]:
    """The estimate of each player's final score (as `viewer` weighs it, `add_roads_lead`); a placement
    chosen but not yet made (a grid, an office's worker) is worth its best completion."""
    if s.pick and s.pick[0] in LOOK_THROUGH and not s.trade and not s.tile:
        return pick_prospect(s, viewer)
    return estimate(s, viewer=viewer)


# The first steps of a choice whose worth shows only two or three decisions later: the building grids
# (zone 1, then the grid, then the space), an office (money, bid, the office) and a purchase (money,
# buy, the resource). Valued as the mover's best completion, or a one-ply bot (which looks one own
# decision ahead) never saw a grid space's or an office's worth, and never took one; and it opened the
# money menu as if it cost nothing, to find only a purchase there (no step leads back): greedy seats
# bought a resource at 1-2 silver some 4 times a game turn, and ended every game at 0 silver. A trade
# offer in the money menu is valued by the negotiation's own term (`add_pending_trade`).
LOOK_THROUGH = frozenset(("zone", "major", "bid", "money", "buy"))


def pick_prospect(s: RioState, viewer: int = -1) -> list[float]:
    """The estimates after the mover's best completion of the pending pick (by its own estimate)."""
    p = s.to_move()[0]
    if s.pick[0] == "zone" and s.pick[1] != 1:
        return estimate(s, viewer=viewer)
    best: list[float] | None = None
    acts = pick_actions(s, p)
    if s.pick[0] == "money":
        acts = [a for a in acts if a[0] != "offer"]
    elif s.pick[0] == "bid":  # the offices p cannot pay for all lead to the same fine: one of them
        can = [a for a in acts if s.silver[p] >= OFFICE[a[1]]["cost"] and s.vp[p] >= OFFICE[a[1]]["min_vp"]]
        acts = can + [a for a in acts if a not in can][:1]
    if s.pick[0] == "major":  # the grid's spaces of one VP value are alike: one of each, with each payment
        vps = s.space_vp[s.pick[1]]
        acts = list({(vps[a[1]], a[2]): a for a in reversed(acts)}.values())
    for a in acts:
        d = s.clone()
        d.log = False
        d.apply(p, a, check=False)
        v = evaluate(d, viewer)
        if best is None or v[p] > best[p]:
            best = v
    return best if best is not None else estimate(s, viewer=viewer)


def estimate(s: RioState, seats: tuple[int, ...] | None = None, fixed: dict | None = None,
             viewer: int = -1) -> list[float]:
    """VPs + money (1 VP per 3 silver) + resources + houses as they would score now + huts (a part of a
    house to come) + offices' end scores + a pending office bid (its value if affordable, else the
    fine) + what workers already placed will bring (cargo sold in Spain, field silver, mine resources,
    builders, grid spaces: their VP by how full the grid is) + for a seat far ahead in the Roads grid, its
    excess share of the grid's VP still to come + the tokens still fighting a war.
    `seats`: only these seats' estimates are whole, the same sums in the same order (the others' are
    left partial), for a deal's weighing (`best_deal`), which reads one seat's at a time; `fixed`: the
    terms that read neither the goods nor the offices' owners (`scan_terms`), kept across positions
    that differ only in those (the deals of a scan, each moved on one copy); `viewer`: the seat weighing
    the position, whose own Roads lead is left out (`add_roads_lead`), -1 for none."""
    n = s.num_players
    mine = range(n) if seats is None else seats
    out = [float(s.vp[p]) + s.silver[p] / 3 + 0.3 * (s.wood[p] + s.stone[p]) + 0.6 * s.precious[p]
           for p in range(n)]
    # a Hut scores nothing at the end: it is worth a part of the House it may become (2 VP + the
    # district's modifier, for a wood, a stone and a worker), and nothing in the last turn, when it
    # can no longer be built up (one building per space per turn). Valued at 1.5, above what the
    # upgrade adds, it made greedy players build Huts and never Houses.
    hut_value = HUT_POTENTIAL if s.turn < s.num_turns - 1 else 0.0
    houses, huts, base = buildings(s)
    for p in mine:
        for _ in range(huts[p]):
            out[p] += hut_value
    left = s.num_turns - 1 - s.turn  # game turns after this one
    for x in compress(range(CELLS), s.wcount):  # the spaces with builders
        o = s.wowner[x]
        if seats is None or o in seats:
            out[o] += builders_worth(s, x, houses, base, left)
    for p in mine:
        out[p] += house_score(s, houses[p], base)
    if left > 0:
        for o, use in building_uses(s):
            out[o] += use * left
    if s.act:
        add_pending_activations(s, out)
    worths = office_worths(s, left) if fixed is None else fixed["office_worths"]
    for k in range(12):
        o = s.office_owner[k]
        if o >= 0:
            out[o] += worths[k]
    if fixed is None:
        add_grid_prospects(s, out)
    else:
        for o, v in fixed["grid"]:
            out[o] += v
    add_roads_lead(s, out, viewer)
    waits = purchase_waits(s, left) if left > 0 else None
    first = first_waits(waits) if waits is not None else None
    on_tracks = track_workers(s) if fixed is None else fixed["tracks"]
    for p in mine:
        out[p] += office_money(s, p, left, worths, waits, first, fixed)
        out[p] += cargo_worth(s, p)
        out[p] += (s.field[p] // 2) / 3 + 0.3 * on_tracks[p]
        out[p] += dock_worth(s, p)
    if s.war is not None:
        if s.war.stage != KEEP:  # once the war is over its tokens fight no more
            if fixed is None:
                add_war_prospects(s, out)
            else:
                for o, v in fixed["war"]:
                    out[o] += v
    elif s.phase != "over":
        add_order_prospects(s, out)
    if s.trade:
        add_pending_trade(s, out)
    return out


# What an office's power brings a turn, in VP (its end score comes on top, `scoring.office_score`):
# a free stone or wood (0.3, as goods count), a precious (0.6), any resource (0.6), a free road or wall
# piece, the General's extra token and VP in wars; the Bishop's, Architect's and Governor's worth is
# their end score alone. The Gunner's cannons and the Shipowner's 3 VP a shipment need the Fort and the
# Harbour: `office_worth` counts them apart, by the building's likelihood (`major_likelihood`).
POWER = (0.0, 0.4, 0.3, 0.3, 0.3, 0.3, 0.6, 0.6, 0.0, 0.0, 0.0, 0.0)
# An office the player has the VP for (or nearly, SAVE_VP) and not yet the silver: each silver saved
# towards its price counts this share of the office's gain over its price (1 silver is 1/3 VP at the
# end), so that saving for an office pays before the purchase does (greedy seats, seeing silver at
# 1/3 VP, spent it on goods and ended every game at 0 silver: no office was bought). Below 1, so that
# buying the office, once the price is saved, is a gain too (at 1 the saved silver was worth the office).
# At 0.6 (session 32) a coin towards an office counted up to some 1.4 VP, a Field worker (half a coin)
# 0.7, nearly a Roads space: greedy seats put 50 workers a game on Field work, and a seat on the Roads
# grid every turn beat them by 49 VP a game; at 0.15 (session 33) by 8 (12 games each, docs/bots.md).
SAVE_SHARE = 0.15
SAVE_VP = 3
# ...per coin of the price of the cheapest offices (5 silver), so that a coin towards a dearer office
# counts as much of its gain as a coin towards a cheap one. Counted per share of the price instead, a
# coin towards the Master Merchant (15 silver) counted a third of a coin towards the Master Artisan: no
# seat ever saved past 5 silver, and the offices of 15-25 silver were bought in none of 100 games. Up to
# the Governor's 25 silver the share stays below 1 (SAVE_SHARE x 25 / 5), so buying is still a gain.
SAVE_UNIT = 5
# The silver a seat can raise a turn: Field work pays 1 silver for 2 workers, four of its five workers
FIELD_SILVER = 2
# each office's price and VP minimum (data/offices), read by the savings term for every seat and office
OFFICE_COST = tuple(int(o["cost"]) for o in OFFICE)
OFFICE_MIN_VP = tuple(int(o["min_vp"]) for o in OFFICE)


def office_worths(s: RioState, left: int) -> list[float]:
    """Each office's worth (`office_worth`) where an estimate reads it: for its owner, a bid, or the
    savings of a seat with (nearly) the VP for it; 0 elsewhere. It reads the board, the VP and which
    offices are owned or bid for, not who holds what (`scan_terms` keeps it for a scan's deals)."""
    worths = [0.0] * 12
    for k in range(12):
        if s.office_owner[k] >= 0 or s.office_bid[k] >= 0 or (left > 0 and max(s.vp) + SAVE_VP >= OFFICE[k]["min_vp"]):
            worths[k] = office_worth(s, k, left)
    return worths


def office_money(s: RioState, p: int, left: int, worths: list[float], waits: list[list[int]] | None = None,
                 first: list[int] | None = None, fixed: dict | None = None) -> float:
    """p's office bid (the office less its price, or the fine when p cannot pay) or else its savings towards
    an office (`office_savings`, with `estimate`'s `waits`, `first` and `fixed` when known); in the last
    game turn (`left` 0) nothing saves for a purchase to come."""
    k = s.bid[p]
    if k >= 0:
        info = OFFICE[k]
        if s.silver[p] >= info["cost"] and s.vp[p] >= info["min_vp"]:
            return worths[k] - info["cost"] / 3
        return -(5 + min(3, s.silver[p]) / 3)
    if left <= 0:
        return 0.0
    return office_savings(s, p, left, worths, waits, first, fixed)


def dock_worth(s: RioState, p: int) -> float:
    """p's workers at the dock: 0.8 a good p holds that they can still load on the Ship this effect phase
    (its loads left, or 3 a worker before the effects)."""
    return 0.8 * min(s.loads[p] or 3 * s.dock[p], s.wood[p] + s.stone[p] + s.precious[p])


def office_worth(s: RioState, k: int, left: int) -> float:
    """An office's end score as the City stands, and its power over the turns to come (from the next)."""
    worth = office_scores(s)[k] + POWER[k] * left
    if k == GUNNER:
        worth += cannons_worth(s)
    elif k == SHIPOWNER:
        worth += SHIPMENT_VP * major_likelihood(s, M_HARBOUR) * ((left + 1) // 2)
    return worth


# Two dice: the chance of each total
TWO_DICE = tuple(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == r) / 36 for r in range(13))
# The Gunner's VP a war with the Fort standing ("3) Cannons"): 2 VP an attacker killed, the bet's kills
# when two dice + 1 reach 6 + the bet; at the best bet (3: two dice of 8 or more, 15 in 36) 2.5 VP
CANNON_VP = max(2 * k * sum(TWO_DICE[r] for r in range(13) if r + 1 >= 6 + k) for k in range(1, 8))
# The Shipowner's 3 VP a completed shipment; a Ship that sails returns the next turn and cannot leave
# again that turn, so a shipment every two turns at most
SHIPMENT_VP = 3


def cannons_worth(s: RioState) -> float:
    """The Gunner's cannon VP in the wars to come, in those he does not lead as the attacker (one in
    the table's size), as likely as the Fort is to stand. Without it the Gunner looked worth its
    end score and a guess, the Fort's cannons nothing, and no greedy seat ever started the Fort."""
    n = s.num_players
    return CANNON_VP * wars_to_come(s) * (n - 1) / n * major_likelihood(s, M_FORT)


def major_likelihood(s: RioState, b: int) -> float:
    """How likely Major building b is to stand for what comes: 1 once built; on its grid, as the grid's
    spaces count their VP (`add_grid_prospects`), by how full it is; 0 while nobody has started it."""
    if s.completed[b]:
        return 1.0
    if placements_over(s):
        return 0.0
    return completion_likelihood(s.grid[b], GRID_BASE[b])


def placements_over(s: RioState) -> bool:
    """The last game turn's placements are made: a grid still open is never completed."""
    return s.turn >= s.num_turns - 1 and s.phase != "place"


def completion_likelihood(g: list[int], base: float) -> float:
    """How likely a Major grid is to be completed, by how full it is: 0 while nobody has started it."""
    filled = len(g) - g.count(-1)
    return base + (1 - base) * filled / len(g) if filled else 0.0


def wars_to_come(s: RioState) -> float:
    """The wars expected from this turn's war check (or, once it is past, the next turn's) to the end."""
    table = wars_table(s.num_turns)
    natives, pirates = s.enemies[0], s.enemies[1]
    if s.phase in ("place", "effect"):
        return table[s.turn][natives][pirates]
    t = s.turn + 1
    if t >= s.num_turns:
        return 0.0
    natives, pirates = advanced(t, natives, pirates)
    return table[t][natives][pirates]


def advanced(t: int, natives: int, pirates: int) -> tuple[int, int]:
    """The enemy markers as game turn t begins: each moves up a step at its symbol on the time track."""
    marks = TIME_TRACK[t]
    if "F" in marks:
        natives = min(ENEMY_MAX, natives + 1)
    if "S" in marks:
        pirates = min(ENEMY_MAX, pirates + 1)
    return natives, pirates


@lru_cache(maxsize=4)
def wars_table(num_turns: int) -> tuple[tuple[tuple[float, ...], ...], ...]:
    """table[t][natives][pirates]: the expected wars from game turn t's war check to the game's end,
    with the markers at those places ("C | End of Turn Checks"): two dice at or below a marker's value
    make a war (the Pirates' when both), that marker goes back 4 spaces, and both move up by the time
    track. Exact over the dice, computed once."""
    size = ENEMY_MAX + 1
    tables: list[tuple[tuple[float, ...], ...]] = [()] * (num_turns + 1)
    tables[num_turns] = tuple((0.0,) * size for _ in range(size))
    for t in reversed(range(num_turns)):
        rows = []
        for natives in range(size):
            row = []
            for pirates in range(size):
                expected = 0.0
                for roll in range(2, 13):
                    n2, p2, war = natives, pirates, 0
                    if roll <= ENEMY_VALUES[pirates]:
                        p2, war = max(0, pirates - SETBACK), 1
                    elif roll <= ENEMY_VALUES[natives]:
                        n2, war = max(0, natives - SETBACK), 1
                    if t + 1 < num_turns:
                        n2, p2 = advanced(t + 1, n2, p2)
                        war += tables[t + 1][n2][p2]
                    expected += TWO_DICE[roll] * war
                row.append(expected)
            rows.append(tuple(row))
        tables[t] = tuple(rows)
    return tuple(tables)


def office_savings(s: RioState, p: int, left: int, worths: list[float] | None = None,
                   waits: list[list[int]] | None = None, first: list[int] | None = None,
                   fixed: dict | None = None) -> float:
    """The best free office p can still buy before any other seat can, by its gain over its price when
    p can buy it, times SAVE_SHARE, per SAVE_UNIT of the price p holds in silver (`worths`: each office's
    `office_worth` now, `waits` and `first`: `purchase_waits` and `first_waits`, when known; `fixed`:
    `estimate`'s)."""
    best = 0.0
    silver = s.silver[p] + s.field[p] // 2  # with the Field work's coins to come
    if waits is None:
        waits = purchase_waits(s, left)
    if first is None:
        first = first_waits(waits)
    mine = waits[p]
    for k in range(12):
        if s.office_owner[k] < 0 and (s.office_bid[k] < 0 or s.office_bid[k] == p):
            wait = mine[k]
            if wait == NEVER or wait > first[k] + RACE_SLACK:
                continue
            cost = OFFICE_COST[k]
            if worths is not None and not wait:
                worth = worths[k]
            else:
                worth = office_worth(s, k, left - wait) if fixed is None else kept_worth(s, k, left - wait, fixed)
            gain = (worth - cost / 3) * min(silver, cost) / SAVE_UNIT
            if gain > best:
                best = gain
    return SAVE_SHARE * best


# "The characters are unique; different players cannot purchase the same character": a seat saves for
# an office only while no other seat can buy it more than RACE_SLACK game turns sooner (`first_waits`).
# Counted for every seat that could buy it some day (session 37), the dearer offices made all four
# greedy seats save at once, though one gets each office: Field work took their workers, and the City
# thinned (Huts 29 -> 15 a game). The slack is fitted on the 40 four-greedy games (docs/bots.md,
# session 38): at 0 only the leader saved and, buying a cheap office on the way, seldom reached the
# dearer ones (the Master Merchant in 3 games, no Bishop); at 2 a seat a turn or two behind still saves
# (the leader may spend first, or buy another office: one a turn), and the kinds never seen fell from
# 10 to 4 with the Huts at 19 a game.
NEVER = 1 << 30
RACE_SLACK = 2


# A seat's row of `purchase_waits` reads only its VP and silver (with the Field work's coins), the game
# turn, the turns left and which offices are free: rows kept by (free offices, VP, silver) for the last
# turn and turns left seen, the free offices worked out again only when the owners' list is another (it
# is replaced, never edited, and shared by copies; held so that its id is not reused: a deal's office
# changes hands and back, the free ones stay). The rows are read, never edited. A tenth of a search's
# time went into them (perf, session 43).
_last_waits: list = [None, -1, -1, 0, {}]


def purchase_waits(s: RioState, left: int) -> list[list[int]]:
    """Per seat, per office: `purchase_wait` with the seat's silver and Field work's coins to come, NEVER
    when not by the last turn or when the office is owned (computed once an estimate: `office_savings`
    reads every seat's row)."""
    m = _last_waits
    owners = s.office_owner
    if m[1] != s.turn or m[2] != left:
        m[:] = [owners, s.turn, left, free_offices(owners), {}]
    elif m[0] is not owners:
        m[0], m[3] = owners, free_offices(owners)
    free, rows = m[3], m[4]
    out = []
    for q in range(s.num_players):
        silver = s.silver[q] + s.field[q] // 2
        key = (free, s.vp[q], silver)
        row = rows.get(key)
        if row is None:
            row = [NEVER] * 12
            for k in range(12):
                if owners[k] < 0:
                    wait = purchase_wait(s, q, k, silver, left)
                    if wait is not None:
                        row[k] = wait
            rows[key] = row
        out.append(row)
    return out


def free_offices(owners: list[int]) -> int:
    """The offices nobody holds, as bits."""
    return sum([1 << k for k in range(12) if owners[k] < 0])


def first_waits(waits: list[list[int]]) -> list[int]:
    """Per office, the fewest game turns before any seat can buy it (NEVER if none can): a seat that
    must wait longer will most likely see it bought first."""
    first = list(waits[0])
    for row in waits[1:]:
        for k in range(12):
            if row[k] < first[k]:
                first[k] = row[k]
    return first


def purchase_wait(s: RioState, p: int, k: int, silver: int, left: int) -> int | None:
    """The game turns before p can buy office k (0: it has, or nearly, SAVE_VP, the VP for it now), by
    the VP p has scored a turn so far and the silver it holds and can raise by Field work; None when
    not by the last turn. Without the look ahead a seat saved only for an office it had the VP for,
    and the dearer offices' minimums (25-50 VP) came within reach too late to save their price."""
    short_vp = OFFICE_MIN_VP[k] - SAVE_VP - s.vp[p]
    if short_vp <= 0:
        wait = 0
    elif s.vp[p] <= 0 or s.turn == 0:
        return None
    else:
        wait = -(-short_vp * s.turn // s.vp[p])  # at the VP a turn scored so far, rounded up
    wait = max(wait, -(-(OFFICE_COST[k] - silver) // FIELD_SILVER))
    return wait if wait <= left else None


# What a building that is activated brings its owner a turn, by kind (any player with a House next to
# it may use it, so about half a use a turn): a Stonecutter or Carpenter 2 goods for 1 (0.6 VP a use), a
# Market 1 silver for a good, a Corporation 2, a Church 2-3 VP for 1 silver. A Stonecutter's or Carpenter's
# use is 2 goods (0.6 VP) for a worker, who would bring about as much on the Roads grid (a VP): counted
# at 0.1 a turn, less the worker (at 0.3, a Stonecutter raised at the start looked worth 4 VP, and
# greedy seats built them before anything else, session 33). Without it a production
# building was worth only its -1 to the district (the evaluation never counted the uses to come), and
# greedy seats built none but by chance (20 Carpenters and 22 Stonecutters in 41 games, no Market).
USE_WORTH = tuple({STONECUTTER: 0.1, CARPENTER: 0.1, MARKET: 0.1, CORPORATION: 0.3, CHURCH: 0.4}.get(k, 0.0)
                  for k in range(max(KIND) + 3))
# A noble building's worth beyond its printed VP: +1 to each of its district's houses at the end (counted
# once it stands, by `house_score`; here for the builders' prospect, per House of the builder there).
BUILD_GOODS = ("wood", "stone", "silver", "precious")
GOODS_WORTH_BY_NAME = (0.3, 0.3, 1 / 3, 0.6)  # as `GOODS_WORTH` counts them
# ...of which builders count this share before they build: building must be a gain, or a bot keeps
# its builders standing (see CITY_WORKER)
BUILD_SHARE = 0.8
# a building's builders and goods (wood, stone, silver, precious), and the goods' worth
NEEDS = {k: (v["workers"], v["wood"], v["stone"], v["silver"], v["precious"]) for k, v in KIND.items()}
COST_WORTH = {k: sum(v[g] * w for g, w in zip(BUILD_GOODS, GOODS_WORTH_BY_NAME)) for k, v in KIND.items()}
NOBLE_BONUS = tuple(HOUSE_BONUS[k] if k < len(HOUSE_BONUS) else 0 for k in range(max(KIND) + 3))


def builders_worth(s: RioState, x: int, houses: list[list[tuple[int, int]]], base: list[int], left: int) -> float:
    """Builders waiting on space x: CITY_WORKER each, or what the best building they can raise in the
    effects (with the goods their player holds now) adds, if more: its VP, its +1 to the builder's
    Houses in the district, its uses to come, less its goods; a House its 2 VP and the district's
    modifier less the Hut it replaces. The builders are placed a phase before they build: without
    this a Square's 6 VP or a Church looked like two idle workers, and no greedy seat built one."""
    c, p = s.wcount[x], s.wowner[x]
    best = CITY_WORKER * c
    if x in s.built_now:
        return best
    d = DISTRICT[x]
    mine = sum(h for dd, h in houses[p] if dd == d)
    held = (s.wood[p], s.stone[p], s.silver[p], s.precious[p])
    hut = HUT_POTENTIAL if left > 0 else 0.0
    for kind in BUILD_ON.get(s.bkind[x], ()):
        need = NEEDS[kind]  # the cheap conditions first: the builders and the goods
        if c < need[0] or held[0] < need[1] or held[1] < need[2] or held[2] < need[3] or held[3] < need[4]:
            continue
        if kind == HUT:
            worth = hut
        elif kind == HOUSE:
            worth = 2 + max(0, base[d] + (1 if s.conn[d] else 0)) - hut
        else:
            worth = KIND[kind]["vp"] + NOBLE_BONUS[kind] * mine + USE_WORTH[kind] * left
        gain = BUILD_SHARE * (worth - COST_WORTH[kind])
        if gain > best and buildable(s, p, x, kind):
            best = gain
    return best


# `build_problem` once `builders_worth` has checked the builders, the space's building this turn and the
# goods (the same figures) reads only the buildings and the walls (a district's kinds, a Square's
# surroundings, the tiles left): its answers kept for the last (kinds, owners, walls) seen, objects
# replaced, never edited, and shared by copies (held so that no id is reused). A tenth of a search's time
# went into it (perf, session 43).
_last_buildable: list = [None, None, None, {}]


def buildable(s: RioState, p: int, x: int, kind: int) -> bool:
    """`build_problem(s, p, x, kind) is None`, for `builders_worth` (see `_last_buildable`)."""
    m = _last_buildable
    if m[0] is not s.bkind or m[1] is not s.bowner or m[2] is not s.walls:
        m[:] = [s.bkind, s.bowner, s.walls, {}]
    key = (p * CELLS + x) * 64 + kind
    ok = m[3].get(key)
    if ok is None:
        ok = m[3][key] = build_problem(s, p, x, kind) is None
    return ok


def house_score(s: RioState, houses: list[tuple[int, int]], base: list[int]) -> int:
    """What a player's (district, houses) pairs score as they stand: 2 VP a House plus its district's
    modifier (with the road bonus, at least 0)."""
    conn = s.conn
    return sum(h * (2 + max(0, base[d] + (1 if conn[d] else 0))) for d, h in houses)


def track_workers(s: RioState) -> list[int]:
    """Each player's workers on the mine and forest tracks."""
    on = [0] * len(s.vp)
    for track in s.mine:
        for o in track:
            if o >= 0:
                on[o] += 1
    return on


def cargo_worth(s: RioState, p: int) -> float:
    """The player's loads on the Ship, by what they sell for."""
    return s.cargo[3 * p] * CARGO_WORTH[0] + s.cargo[3 * p + 1] * CARGO_WORTH[1] + s.cargo[3 * p + 2] * CARGO_WORTH[2]


# The VP the completer of a Major building gets on top (the Fort 4, the Harbour 2), per grid
COMPLETER_BONUS = tuple(float(m["bonus"]) for m in MAJORS["majors"])


def add_grid_prospects(s: RioState, out: list[float], base: tuple[float, ...] = GRID_BASE) -> None:
    """A space on a Major grid pays its printed VP when the grid is completed: the fuller the grid,
    the likelier (a flat 0.5 a space made greedy players leave the Palace and Cathedral alone), and a
    space's share of the completer's bonus, since any of its workers' owners may place the last one
    (without it the Fort's 2 VP a space for a wood and a stone looked worth half a free Roads space, and
    no greedy seat ever started the Fort or the Harbour). After the last game turn's placements a grid
    still open never pays, nor does a Walls or Roads grid closed for want of pieces."""
    for o, v in grid_addends(s, base):
        out[o] += v


def grid_addends(s: RioState, base: tuple[float, ...] = GRID_BASE) -> list[tuple[int, float]]:
    """`add_grid_prospects`'s additions in their order: (seat, VP)."""
    adds: list[tuple[int, float]] = []
    if placements_over(s):
        return adds
    for b, g in enumerate(s.grid):
        likely = completion_likelihood(g, base[b])
        if likely and major_open(s, b):
            share = COMPLETER_BONUS[b] / len(g)
            for i, o in enumerate(g):
                if o >= 0:
                    adds.append((o, likely * (s.space_vp[b][i] + share)))
    return adds


# The Roads grid is a pool: 4 VP a completion while the wall/road pieces last, for whoever puts the
# workers there. A seat on it every turn against three greedy seats took 36 of the 80 VP a game, because
# a Roads space counted as a VP gained from no one (docs/bots.md, Río sessions 44-48). Counting each
# seat's share of the VP still to come (session 45) answered it but moved four-greedy play everywhere,
# the seats sharing the grid about evenly. So only a seat far ahead counts its share above
# ROADS_LEAD_SHARE of the pool: a Roads space a rival takes then costs it its excess share of the space
# and dilutes the share. The term grows with the game turn, over the first ROADS_LEAD_TURNS (some three
# completions a turn), which no placement moves: grown with the spaces filled (session 47), a rival's
# space raised the leader's term while it grew. The shares are noisy over the first few completions (a
# seat with 3 of 5 spaces), so the term waits for ROADS_LEAD_FROM completions, which only a completion moves.
ROADS_LEAD_SHARE = 0.4
ROADS_LEAD_TURNS = 2
ROADS_LEAD_FROM = 4


def add_roads_lead(s: RioState, out: list[float], viewer: int = -1) -> None:
    """A seat that filled more than ROADS_LEAD_SHARE of the Roads grid's spaces so far (the grids
    completed and the one filling now) counts that excess share of the VP still to come
    (`roads_pool`): from the grid's ROADS_LEAD_FROM-th completion on, nothing in the first game turn,
    in full from game turn ROADS_LEAD_TURNS on. Not in its own view (`viewer`): the term is there to
    make its rivals answer the lead, and in the leader's own weighing its own next space raised its
    share, which pushed it further onto the grid."""
    ramp = min(s.turn / ROADS_LEAD_TURNS, 1.0)
    if ramp <= 0 or s.completed[M_ROADS] < ROADS_LEAD_FROM:
        return
    pool = roads_pool(s)
    if pool <= 0:
        return
    held = list(s.roads_held)
    for o in s.grid[M_ROADS]:
        if o >= 0:
            held[o] += 1
    filled = sum(held) or 1
    for p in range(s.num_players):
        excess = held[p] / filled - ROADS_LEAD_SHARE
        if excess > 0 and p != viewer:
            out[p] += ramp * excess * pool


def roads_pool(s: RioState) -> int:
    """The Roads grid's VP still to come beyond its spaces filled now: a completion's VP for each three
    pieces left (the last completion places what is left), none once the grid closes or the last
    turn's placements are made."""
    if placements_over(s) or not major_open(s, M_ROADS):
        return 0
    completions = -(-(PIECES - s.pieces) // PIECES_PER_COMPLETION)
    vps = s.space_vp[M_ROADS]
    return sum(vps) * completions - sum(v for v, o in zip(vps, s.grid[M_ROADS]) if o >= 0)


# The city's buildings as `evaluate` reads them, for the last (kinds, owners) pair seen: both are tuples
# replaced whenever a building changes, and shared by clones, so the leaves of a search and the
# positions a greedy bot compares mostly share them (a third of an evaluation went into the 160 spaces).
_last_city: list = [None, None, None]


def buildings(s: RioState) -> tuple[list[list[tuple[int, int]]], list[int], list[int]]:
    """Each player's (district, houses) pairs, each player's Huts, and each district's house modifier
    before its road bonus (`scoring.district_modifier` without the connection, not yet floored at 0)."""
    kinds, owners = s.bkind, s.bowner
    if _last_city[0] is kinds and _last_city[1] is owners:
        return _last_city[2]
    n = len(s.vp)
    count = [[0] * 8 for _ in range(n)]
    huts = [0] * n
    for o, k, d in zip(owners, kinds, DISTRICT):
        if o >= 0:
            if k == HOUSE:
                count[o][d] += 1
            elif k == HUT:
                huts[o] += 1
    houses = [[(d, h) for d, h in enumerate(row) if h] for row in count]
    base = [district_modifier_base(kinds, d) for d in range(8)]
    found = (houses, huts, base)
    _last_city[:] = [kinds, owners, found]
    return found


# The city's buildings with a use to come (`USE_WORTH`), for the last (kinds, owners) pair seen, as
# `buildings` keeps the houses: the estimate's loop over the 160 spaces became one over a few buildings.
_last_uses: list = [None, None, ()]


def building_uses(s: RioState) -> tuple[tuple[int, float], ...]:
    """(owner, `USE_WORTH`) of each building with a use to come, in the board's order."""
    kinds, owners = s.bkind, s.bowner
    if _last_uses[0] is kinds and _last_uses[1] is owners:
        return _last_uses[2]
    uses = tuple([(o, USE_WORTH[k]) for o, k in zip(owners, kinds) if o >= 0 and USE_WORTH[k]])
    _last_uses[:] = [kinds, owners, uses]
    return uses


# what a unit of silver, wood, stone and precious metal counts for in `evaluate`'s first line (a
# Public Office: its end score)
GOODS_WORTH = (1 / 3, 0.3, 0.3, 0.6)


def goods_worth(s: RioState, kind: int, n: int) -> float:
    return office_scores(s)[kind - 4] if kind >= 4 else n * GOODS_WORTH[kind]


# A trade offer is worth making only when the evaluation finds it good for BOTH sides by this margin
# (VP each): the asked player then has a reason to accept, and a person at the table is asked only
# about deals worth considering. Under the goods' flat worths a swap is a loss for one side, so the
# deals that pass are those that unlock something (an office's price, a load for the dock...).
OFFER_MARGIN = 0.25
# ...and an offer that is not such a deal costs its maker this much: without it a declined offer
# changed nothing, so the greedy bot, between equal values, made offers at random (58.5 offers and
# 77 counter-offers a four-player game of greedy seats, each one aimed at a person a prompt).
OFFER_NUISANCE = 0.5


def deal_gains(s: RioState, p: int, q: int, deal: list[int],
               before: list[float] | None = None) -> tuple[float, float]:
    """What p and q each gain by a deal (a `trade` list: p gives its GIVE side, q its ASK side), by
    `evaluate` (`before`: the evaluation without the negotiation, when the caller has it)."""
    d = _without_offer(s)
    return _bundle_gains(d, p, q, deal, evaluate(d) if before is None else before)


def _bundle_gains(d: RioState, p: int, q: int, deal: list[int], before: list[float]) -> tuple[float, float]:
    """Carry out the deal on d (a copy without the negotiation and pick, so `estimate` is `evaluate`)
    and weigh what p and q each gain against `before`."""
    move_bundle(d, p, q, deal)
    after = estimate(d, (p, q))
    return after[p] - before[p], after[q] - before[q]


def _without_offer(s: RioState) -> RioState:
    d = s.clone()
    d.log = False
    d.trade = []
    d.pick = []
    return d


def good_for_both(gains: tuple[float, float]) -> bool:
    return gains[0] >= OFFER_MARGIN and gains[1] >= OFFER_MARGIN


def simple_deals(s: RioState, p: int, q: int) -> list[list[int]]:
    """The deals a bot weighs, as `trade` lists from p to q (`deal_terms`)."""
    return [make_deal(p, q, *terms) for terms in deal_terms(s, p, q)]


def deal_terms(s: RioState, p: int, q: int) -> list[tuple[int, int, int, int]]:
    """The deals a bot weighs, as (kind given, how many, kind asked, how many; kind -1: nothing), p to q: up
    to 3 of one good (or an office) for up to 3 of another or for nothing. A person may build any bundle; a
    bot, weighing every deal it could propose, keeps to these (bundles of several goods would multiply the
    deals to weigh)."""
    def goods(owner: int) -> list[tuple[int, int]]:
        out = [(k, n) for k in range(4) for n in range(1, min(3, holding(s, owner, k)) + 1)]
        return out + [(4 + o, 1) for o in range(12) if s.office_owner[o] == owner]

    asked = [*goods(q), (-1, 0)]
    return [(gk, gn, wk, wn) for gk, gn in goods(p) for wk, wn in asked if wk != gk]


def make_deal(p: int, q: int, gk: int, gn: int, wk: int, wn: int) -> list[int]:
    """A `trade` list from p to q (asked) with gn of kind gk for wn of kind wk (wk -1: for nothing)."""
    t = [p, q, ASKED, 0] + [0] * (TRADE_LEN - 4)
    for side, k, n in ((GIVE, gk, gn), (ASK, wk, wn)):
        if k >= 4:
            t[side + 4] |= 1 << (k - 4)
        elif k >= 0:
            t[side + k] = n
    return t


def add_pending_trade(s: RioState, out: list[float]) -> None:
    """A negotiation in progress. An offer waiting for its answer: a deal good for both sides counts as
    accepted; any other offer costs its maker OFFER_NUISANCE (see there). An offer still being built
    is worth its maker the best deal good for both sides, or the nuisance of an offer nobody wants."""
    t = s.trade
    p, q = t[FROM], t[TO]
    if t[STAGE] == ASKED:
        gains = deal_gains(s, p, q, t)
        if good_for_both(gains):
            out[p] += gains[0]
            out[q] += gains[1]
        else:
            out[p] -= OFFER_NUISANCE
        return
    best = best_deal(s, p, q)
    out[p] += best[0] if best is not None else -OFFER_NUISANCE


# `goods_terms` adds the terms of an estimate that a deal changes in another order than `estimate` adds the
# whole: its gain is the estimate's within rounding (some 1e-12 at these sizes), so a deal it finds short of
# the margin by more than this is short of it by `estimate` too, and is not weighed
ROUNDING = 1e-9


def best_deal(s: RioState, p: int, q: int, before: list[float] | None = None) -> tuple[float, list[int]] | None:
    """p's gain by the best deal p may offer q that is good for both sides, and the deal; None when
    there is none."""
    best = None
    # one copy for all the deals (`deal_gains` makes one a deal): each deal is moved on it, weighed, and
    # the goods put back; a copy a deal took a tenth of a search's time, this scan two thirds of it
    d = _without_offer(s)
    if before is None:
        before = evaluate(d)
    fixed = scan_terms(d)
    owners = d.office_owner
    left = fixed["left"]
    # each side's `goods_terms` before the deals, and its office money, which moves only with the silver
    money = {x: office_money(d, x, left, fixed["office_worths"], None, None, fixed) for x in (p, q)}
    start = {x: goods_terms(d, x, fixed, money[x]) for x in (p, q)}
    for gk, gn, wk, wn in deal_terms(s, p, q):
        move_goods(d, p, q, gk, gn)
        if wk >= 0:
            move_goods(d, q, p, wk, wn)
        # a side at a time, the one whose goods' flat worth falls first: in nearly every deal one side gains
        # less than the margin (99% of them along greedy play, session 43); each by its `goods_terms` first,
        # and only a deal good for both by them is weighed by `estimate` (`seats`: the same sums as
        # `_bundle_gains`), which nearly every deal then needs no more (session 46)
        first, second = (p, q) if goods_worth(d, gk, gn) >= (goods_worth(d, wk, wn) if wk >= 0 else 0.0) else (q, p)
        silver = gk == SILVER or wk == SILVER
        if all(goods_terms(d, x, fixed, None if silver else money[x]) - start[x] >= OFFER_MARGIN - ROUNDING
               for x in (first, second)):
            gain = estimate(d, (first,), fixed)[first] - before[first]
            other = estimate(d, (second,), fixed)[second] - before[second] if gain >= OFFER_MARGIN else 0.0
            if gain >= OFFER_MARGIN and other >= OFFER_MARGIN:
                mine = gain if first == p else other
                if best is None or mine > best[0]:
                    best = (mine, make_deal(p, q, gk, gn, wk, wn))
        if gk < 4:  # the goods back; the offices' owners as they were
            move_goods(d, q, p, gk, gn)
        if 0 <= wk < 4:
            move_goods(d, p, q, wk, wn)
        d.office_owner = owners
    return best


def goods_terms(s: RioState, x: int, fixed: dict, money: float | None = None) -> float:
    """The terms of x's estimate that a deal changes (the goods held and the offices' owners; the others are
    `scan_terms`' or read neither): the goods' flat worths, x's builders, its workers waiting to activate,
    its offices, its office bid or savings (`money`, when known: the silver did not move), its Ship's dock."""
    left = fixed["left"]
    v = s.silver[x] / 3 + 0.3 * (s.wood[x] + s.stone[x]) + 0.6 * s.precious[x]
    houses, _, base = buildings(s)
    for y in fixed["builders"][x]:
        v += builders_worth(s, y, houses, base, left)
    if s.act:
        acts = [0.0] * s.num_players
        add_pending_activations(s, acts, x)
        v += acts[x]
    worths = fixed["office_worths"]
    for k in range(12):
        if s.office_owner[k] == x:
            v += worths[k]
    if money is None:
        money = office_money(s, x, left, worths, None, None, fixed)
    return v + money + dock_worth(s, x)


def scan_terms(s: RioState) -> dict:
    """`estimate`'s terms that read neither the goods nor the offices' owners, for positions that differ
    from s only in those (a scan's deals, `best_deal`): the offices' worths (`office_worths`, and
    `kept_worth`'s as they are asked for), the grid spaces' and the war tokens' additions in their order,
    the workers on the tracks; and for `goods_terms` the game turns left and each seat's builders' spaces."""
    fighting = s.war is not None and s.war.stage != KEEP
    left = s.num_turns - 1 - s.turn
    builders: list[list[int]] = [[] for _ in range(s.num_players)]
    for y in compress(range(CELLS), s.wcount):
        builders[s.wowner[y]].append(y)
    return {"worths": {}, "grid": grid_addends(s), "tracks": track_workers(s),
            "war": war_addends(s) if fighting else [], "left": left, "office_worths": office_worths(s, left),
            "builders": builders}


def kept_worth(s: RioState, k: int, left: int, fixed: dict) -> float:
    """`office_worth`, kept in `fixed` (`scan_terms`): it reads the board, not who holds what."""
    worths = fixed["worths"]
    key = k + 12 * left
    worth = worths.get(key)
    if worth is None:
        worth = worths[key] = office_worth(s, k, left)
    return worth


def worth_weighing(s: RioState, p: int, acts: list[tuple]) -> list[tuple]:
    """The actions a bot weighs (`State.bot_actions`): a trade offer, a counter-offer, or the money
    menu for an offer only when some deal in it is good for both sides; an offer is built step by step
    towards the best such deal. Each offer is a question to the player asked; a search valued a
    declined offer as nothing lost, and made them at random."""
    verbs = {a[0] for a in acts}
    if not verbs & {"money", "offer", "add", "give", "ask", "propose", "counter"}:
        return acts
    before = evaluate(_without_offer(s))
    t = s.trade
    if t and t[STAGE] != ASKED:  # building an offer: the next step towards the best deal, if any
        best = best_deal(s, p, t[TO], before)
        step = next_step(t, best[1]) if best is not None else ("withdraw",)
        if t[STAGE] == BUILDING and step[0] in ("give", "ask"):
            step = ("add", 0 if step[0] == "give" else 1)  # the kind first, the good next
        return [step] if step in acts else acts[:1]
    if "counter" in verbs:  # answering an offer: a counter-offer only when a deal good for both is left
        if best_deal(s, p, t[FROM], before) is None:
            return [a for a in acts if a[0] != "counter"]
        return acts
    kept = [a for a in acts if a[0] != "offer" or best_deal(s, p, a[1], before) is not None]
    if "money" in verbs and not _money_worth_opening(s, p, before):
        kept = [a for a in kept if a[0] != "money"]
    return kept or acts


def bid_price(s: RioState, p: int) -> int:
    """The silver p's worker on a Public Office will pay in the effects, if p holds it now (0 without
    a bid, or when the fine is due anyway)."""
    k = s.bid[p]
    if k < 0 or s.silver[p] < OFFICE[k]["cost"]:
        return 0
    return OFFICE[k]["cost"]


def next_step(t: list[int], deal: list[int]) -> tuple:
    """The step that brings the bundle being built (`t`) nearer to `deal`: what is missing on the GIVE
    side, then on the ASK side, then the proposal; a bundle that strays from it is withdrawn."""
    for side in (GIVE, ASK):
        if any(t[side + k] > deal[side + k] for k in range(4)) or t[side + 4] & ~deal[side + 4]:
            return ("withdraw",)
    for side, verb in ((GIVE, "give"), (ASK, "ask")):
        for k in range(4):
            if t[side + k] < deal[side + k]:
                return (verb, k, min(5, deal[side + k] - t[side + k]))
        missing = deal[side + 4] & ~t[side + 4]
        if missing:
            return (verb, 4 + (missing & -missing).bit_length() - 1, 1)
    return ("propose",)


def _money_worth_opening(s: RioState, p: int, before: list[float]) -> bool:
    """The money menu holds a purchase that leaves the price of the office p has bid for, an office,
    or an offer good for both sides. No step leads back out of the menu, so a player who opened it
    with only a purchase in it bought a resource: after its bid, with the price in hand and no worker
    left to place, the menu and `done` looked alike to the greedy bot (the look-ahead saw trade offers
    the menu then left out), and the purchase cost it the office and the fine ("if the player does not
    have ... the money ... he has to pay a fine of 3 silver coins and 5 VPs"): some 5 VP a seat a game."""
    from .placement import can_bid  # placement imports the trades module this one does

    if s.silver[p] - bid_price(s, p) >= buy_cost(s, p) or (s.phase == "place" and can_bid(s, p)):
        return True
    return any(best_deal(s, p, q, before) is not None for q in offer_targets(s, p))


# The share of the fitted place weight that one turn's place is worth. The weight was fitted in games
# where the starting order held all game (a place for every turn to come), but a worker on the order
# track buys the next turn's place only: at the full weight (first against last some 5.5 VP early on)
# every greedy seat put four of its five workers on the track each turn, outbidding the others for
# nothing, and left the free Roads grid, which pays a VP a worker, half unused.
ORDER_SHARE = 0.25


def add_order_prospects(s: RioState, out: list[float]) -> None:
    """Where each player stands in the next turn's order (0 first), and whether it has attacked since
    the last round of attackers began, by the fitted weights, relative to the table's mean. The first
    player places first, and the last one who has not attacked leads the next war's attackers: in
    greedy games, where nobody used the order track, the first player of the starting order won 50.5
    of 131 games, and a player who had attacked ended some 9 VP lower late in the game. Without the
    term the order track looked worthless (a worker spent for nothing) and no greedy seat used it;
    one greedy seat with it against three without won 34% of 160 games."""
    n = s.num_players
    left = (s.num_turns - s.turn) / s.num_turns
    a0, a1 = ORDER_WEIGHTS["attacked"]
    r0, r1 = ORDER_WEIGHTS["place"]
    attacked, per_place = a0 + a1 * left, ORDER_SHARE * (r0 + r1 * left)
    add = [0.0] * n
    for i, p in enumerate(next_order(s)):
        add[p] = per_place * i + (attacked if s.attacked[p] else 0.0)
    mean = sum(add) / n
    for p in range(n):
        out[p] += add[p] - mean


def add_war_prospects(s: RioState, out: list[float]) -> None:
    """The tokens still fighting, each worth a token's value and NEAR a step closer than REACH."""
    for o, v in war_addends(s):
        out[o] += v


def war_addends(s: RioState) -> list[tuple[int, float]]:
    """`add_war_prospects`'s additions in their order: (seat, VP)."""
    w = s.war
    adds = [(w.attacker, ATTACKER_TOKEN * w.pool)]
    attackers = [XY[pos] for pos, g in w.occ.items() if g[0] == ATT]
    bkind, offlimits = s.bkind, w.offlimits
    for pos, group in w.occ.items():
        if group[0] == ATT:
            adds.append((w.attacker, len(group) * (ATTACKER_TOKEN + NEAR * building_closeness(pos, bkind, offlimits))))
        else:
            per_token = DEFENDER_TOKEN + NEAR * closeness(XY[pos], attackers)
            for o in group:
                adds.append((o, per_token))
    return adds


def _xy(pos: int) -> tuple[int, int, int]:
    """Row, column and 1 for a group waiting outside the wall (one step beyond its perimeter cell)."""
    if pos >= CELLS:
        return (*divmod(pos - CELLS, W), 1)
    return (*divmod(pos, W), 0)


XY = tuple(_xy(pos) for pos in range(POSITIONS))


def _ring(r: int, c: int, d: int) -> tuple[int, ...]:
    """The cells exactly d orthogonal steps from row r, column c."""
    out = []
    for dr in range(-d, d + 1):
        for dc in {d - abs(dr), abs(dr) - d}:
            if 0 <= r + dr < H and 0 <= c + dc < W:
                out.append(cell(r + dr, c + dc))
    return tuple(sorted(out))


# the cells at each distance 0 .. REACH-1 from a cell (orthogonal steps): a building is looked for
# ring by ring around an attacker, not among all the city's cells (a war evaluation was twice as slow)
RINGS = tuple(tuple(_ring(r, c, d) for d in range(REACH)) for r, c, _ in XY[:CELLS])


def building_closeness(pos: int, bkind: tuple[int, ...], offlimits: frozenset[int]) -> int:
    """How many steps nearer than REACH the nearest building in play is to an attacker group at `pos`."""
    outside = 1 if pos >= CELLS else 0
    rings = RINGS[pos - CELLS if outside else pos]
    for d in range(REACH - outside):
        for y in rings[d]:
            if bkind[y] and y not in offlimits:
                return REACH - d - outside
    return 0


def closeness(at: tuple[int, int, int], others: list[tuple[int, int, int]]) -> int:
    """How many steps nearer than REACH the nearest of `others` is (orthogonal steps, as tokens move)."""
    r, c, out = at
    best = REACH
    for r2, c2, out2 in others:
        d = abs(r - r2) + abs(c - c2) + out + out2
        if d < best:
            best = d
    return REACH - best


# A worker placed to activate a building produces in the effects ("B | Effects of Workers"), paying the
# building's input: counted as the best use its player can pay for, at the estimate's prices, times
# ACT_SHARE. Without it the look-ahead, which ends before the effects, saw the worker as idle, and no
# greedy seat activated a building in 100 games (session 38). Below 1 so that activating in the effects
# is a gain over leaving the worker standing (an idle worker stays, and may activate in a later turn).
ACT_SHARE = 0.8
# the goods a player holds, in `GOODS_WORTH`'s order
SILVER, WOOD, STONE, PRECIOUS = range(4)


def add_pending_activations(s: RioState, out: list[float], seat: int = -1) -> None:
    """Each worker waiting to activate a building (only `seat`'s, when given): what its activation brings,
    if its player can pay (the goods of the mine and forest come in the effects first: "it is possible to
    produce wood and stone resources to be used immediately"), each worker drawing on what the earlier
    ones of its player left."""
    held: dict[int, list[int]] = {}
    facts = board_facts(s)
    for x, p in s.act:
        if (seat >= 0 and p != seat) or x not in facts.near_house(p):  # an idle worker whose House fell waits
            continue
        goods = held.get(p)
        if goods is None:
            goods = held[p] = [s.silver[p], s.wood[p] + s.mine[1].count(p), s.stone[p] + s.mine[0].count(p),
                               s.precious[p]]
        out[p] += ACT_SHARE * activation_gain(s.bkind[x], CATHEDRAL in s.bkind, goods)


def activation_gain(kind: int, cathedral: bool, goods: list[int]) -> float:
    """What one activation of a building of this kind brings, at the estimate's prices, by the use of it
    the goods held pay for (0 when none: the worker stays idle); the input is taken from `goods` and the
    output added to it, by what `effects.activate` yields (its constants)."""
    if kind in (STONECUTTER, CARPENTER):
        r = STONE if kind == STONECUTTER else WOOD
        if not goods[r]:
            return 0.0
        goods[r] += CRAFT_GAIN
        return CRAFT_GAIN * GOODS_WORTH[r]
    if kind == CHURCH:
        if not goods[SILVER]:
            return 0.0
        goods[SILVER] -= 1
        return (CATHEDRAL_CHURCH_VP if cathedral else CHURCH_VP) - GOODS_WORTH[SILVER]
    if kind not in (MARKET, CORPORATION):
        return 0.0
    extra = CORPORATION_BONUS if kind == CORPORATION else 0
    best, pay, paid = 0.0, -1, 0
    for r, coins in zip((WOOD, STONE, PRECIOUS), SALE_SILVER):  # the Market's modes, in `activate`'s order
        gain = (coins + extra) * GOODS_WORTH[SILVER] - GOODS_WORTH[r]
        if goods[r] and gain > best:
            best, pay, paid = gain, r, coins + extra
    if pay >= 0:
        goods[pay] -= 1
        goods[SILVER] += paid
    return best
