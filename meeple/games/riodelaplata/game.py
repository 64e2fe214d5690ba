"""Río de la Plata: options, set-up, the action grammar and rebuilding a state from JSON."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine import Game, Joint, Option, Rng
from meeple.engine.schema import field, int_in, int_list, require

from . import city, endturn
from .board import (
    ACTIVATABLE,
    CELLS,
    KIND_NAME,
    NATIVES,
    OUTSIDE,
    PERIMETER,
    PIRATES,
    PLAZA,
    PRINTED_WALLS,
    PURPLE,
    ROADS,
    SEGMENTS,
    SHIP_CAPACITY,
    START,
    TRACKS,
    major_spaces,
    track_costs,
)
from .combat import bonus_pairs, enter_triples, move_pairs
from .evaluation import WIN_TEMPERATURE
from .state import CELL_FIELDS, PLAYER_FIELDS, RioState
from .trades import ASK, GIVE, MAX_COUNTERS, MAX_STEP, TRADE_LEN, affordable, is_empty
from .war_state import war_from_json

FULL_GAME, SHORT_GAME = 20, 15
PHASES = ("place", "effect", "war", "over")


def blank_state(game: Game, n: int, options: dict[str, Any], rng: Rng) -> RioState:
    """The board before the first turn, every player with the starting kit."""
    s = RioState(game, n, options, rng)
    for f in PLAYER_FIELDS:
        setattr(s, f, [0] * n)
    s.silver = [START["silver"]] * n
    s.wood = [START["wood"]] * n
    s.stone = [START["stone"]] * n
    s.free = [START["workers"]] * n
    s.bid = [-1] * n
    for f in CELL_FIELDS:
        setattr(s, f, [0 if f in ("bkind", "wcount") else -1] * CELLS)
    s.bkind, s.bowner = tuple(s.bkind), tuple(s.bowner)
    s.walls = tuple(1 if g in PRINTED_WALLS else 0 for g in range(SEGMENTS))
    s.roads = (0,) * ROADS
    s.completed = [0] * 6
    s.roads_held = [0] * n
    s.office_owner, s.office_turn, s.office_bid = [-1] * 12, [-1] * 12, [-1] * 12
    s.cargo = [0] * (3 * n)
    s.enemies = [TRACKS["enemy_start"]["natives"], TRACKS["enemy_start"]["pirates"]]
    s.order = list(range(n))
    s.built_now, s.conn, s.tile, s.trade, s.pick = [], [0] * 8, [], [], []
    s.turn, s.cur, s.phase = 0, 0, "place"
    s.num_turns = SHORT_GAME if options.get("short") else FULL_GAME
    s.ship_away = s.ship_depart = s.shipments = s.pieces = s.roll = 0
    s.space_vp = major_spaces(n)
    s.track_costs = (track_costs(n, "mine"), track_costs(n, "forest"))
    s.grid = [[-1] * len(v) for v in s.space_vp]
    s.mine = [[-1] * len(c) for c in s.track_costs]
    s.act, s.war, s.tally, s.facts, s.wshared = [], None, {}, None, False
    return s


class RioDeLaPlata(Game):
    id = "riodelaplata"
    title = "Río de la Plata"
    version = "2"  # the 60 wall/road pieces limit the Walls and Roads grids (RULES.md, "Rules versions")
    min_players = 2
    max_players = 5
    seat_names = ("Red", "Green", "Blue", "Yellow", "Black")
    hidden_information = False
    report_only = ("roll", "tally")  # the last war check's dice, shown; statistics
    simultaneous = False
    optional_fields = ("roads_held",)  # documents written before session 48 (a kept game): no one's Roads spaces
    description = ("Found Buenos Aires 1580-1599: place workers to build the city, its Major buildings and "
                   "trade, buy Public Offices, and defend it against Natives and Pirates.")
    options = (Option("short", False, "the short game: 15 turns (1580-1594) instead of 20", kind=bool),)
    # MCTS (docs/bots.md, "Río de la Plata"): the greedy bot's four best moves, each played on by greedy
    # players to the end of the game turn and judged there by the evaluation (leaves judged at uneven
    # points lost to greedy seats: a search ahead of its opponents' replies looked better), the move of
    # the best value played; no random rollouts (acting costs resources, so random play made passing
    # look best). The hint's win rates: a softmax of the estimates (data/evaluation.json)
    bot_defaults = {"mcts": {"depth": 0, "norm": 1, "temp": WIN_TEMPERATURE, "reward": "lead", "rollout": "greedy",
                             "horizon": 1, "prune": 4, "tree": 1, "pick": "value", "memo": 1, "crn": 1, "fast": 20}}

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> RioState:
        s = blank_state(self, num_players, options, Rng(seed))
        s.rng.shuffle(s.order)  # random order; the last player gets 1 wood and 1 stone
        last = s.order[-1]
        s.wood[last] += START["last_player_bonus"]["wood"]
        s.stone[last] += START["last_player_bonus"]["stone"]
        endturn.start_turn(s)
        return s

    def _state_from_json(
        self, num_players: int, options: dict[str, Any], rng: Rng, doc: Mapping[str, Any]
    ) -> RioState:
        """Fields missing from the document keep their set-up values, so a person can write a short
        position; everything given is checked."""
        n = num_players
        s = blank_state(self, n, options, rng)
        if "turn" in doc:
            s.turn = int_in(doc, "turn", 0, FULL_GAME)
        if "num_turns" in doc:
            s.num_turns = int_in(doc, "num_turns", 1, FULL_GAME)
        if "phase" in doc:
            s.phase = field(doc, "phase", str)
            require(s.phase in PHASES, f"state field 'phase' must be one of {', '.join(PHASES)}")
        if "cur" in doc:
            s.cur = int_in(doc, "cur", 0, n - 1)
        if "order" in doc:
            s.order = int_list(doc, "order", length=n, lo=0, hi=n - 1)
            require(sorted(s.order) == list(range(n)), "'order' must list every player once")
        if "players" in doc:
            players = field(doc, "players", list)
            require(len(players) == n, f"'players' must have one entry per player ({n})")
            for p, pd in enumerate(players):
                require(isinstance(pd, Mapping), f"players[{p}] must be an object")
                unknown = sorted(set(pd) - set(PLAYER_FIELDS))
                require(not unknown, f"players[{p}] has unknown field(s) {unknown}; known: {', '.join(PLAYER_FIELDS)}")
                for f in PLAYER_FIELDS:
                    if f in pd:
                        getattr(s, f)[p] = field(pd, f, int, f"players[{p}]")
        for x, kind, owner in triples(doc, "buildings", "space, kind, owner"):
            require(isinstance(x, int) and 0 <= x < CELLS and x not in PLAZA,
                    f"building space {x!r} must be a city space 0..159 outside the Plaza Mayor")
            require(kind in KIND_NAME and kind != 0, f"building kind {kind!r} must be 1..13")
            require(-1 <= owner < n, f"building owner {owner!r} must be -1..{n - 1}")
            city.set_building(s, x, kind, owner)
        for x, owner, count in triples(doc, "workers", "space, owner, count"):
            require(isinstance(x, int) and 0 <= x < CELLS and x not in PLAZA, f"worker space {x!r} is not usable")
            require(0 <= owner < n and 1 <= count <= 3, f"workers on {x}: owner 0..{n - 1}, count 1..3")
            city.set_workers(s, x, owner, count)
        if "activations" in doc:
            acts = field(doc, "activations", list)
            require(all(isinstance(e, list) and len(e) == 2 and all(type(v) is int for v in e) for e in acts),
                    "'activations' holds [space, player] pairs")
            s.act = [(x, p) for x, p in acts]
            for x, p in s.act:
                require(0 <= x < CELLS and s.bkind[x] in ACTIVATABLE and 0 <= p < n,
                        f"activation [{x}, {p}]: a player's worker on a building that can be activated")
        if "built_now" in doc:
            s.built_now = int_list(doc, "built_now", lo=0, hi=CELLS - 1)
        if "grids" in doc:
            grids = field(doc, "grids", list)
            require(len(grids) == 6, "'grids' must hold the 6 Major building grids")
            for b, g in enumerate(grids):
                require(isinstance(g, list) and len(g) == len(s.grid[b]),
                        f"grid {b} must have {len(s.grid[b])} spaces with {n} players")
                s.grid[b] = int_list({"grid": g}, "grid", lo=-1, hi=n - 1)
        if "completed" in doc:
            s.completed = int_list(doc, "completed", length=6, lo=0)
        if "roads_held" in doc:
            s.roads_held = int_list(doc, "roads_held", length=n, lo=0)
        if "walls" in doc:
            walls = int_list(doc, "walls", lo=0, hi=SEGMENTS - 1)
            s.walls = tuple(1 if g in walls or g in PRINTED_WALLS else 0 for g in range(SEGMENTS))
        if "roads" in doc:
            roads = set(int_list(doc, "roads", lo=0, hi=ROADS - 1))
            s.roads = tuple(1 if i in roads else 0 for i in range(ROADS))
        s.pieces = sum(s.roads) + sum(1 for g in range(SEGMENTS) if s.walls[g] and g not in PRINTED_WALLS)
        city.update_connections(s)
        if "mine" in doc:
            mine = field(doc, "mine", list)
            require(len(mine) == 2, "'mine' holds the mine and forest tracks")
            for t in (0, 1):
                require(len(mine[t]) == len(s.mine[t]), f"track {t} has {len(s.mine[t])} spaces with {n} players")
                s.mine[t] = int_list({"track": mine[t]}, "track", lo=-1, hi=n - 1)
        if "offices" in doc:
            off = field(doc, "offices", dict)
            s.office_owner = int_list(off, "owner", length=12, lo=-1, hi=n - 1, where="offices")
            s.office_turn = int_list(off, "turn", length=12, lo=-1, where="offices")
            s.office_bid = int_list(off, "bid", length=12, lo=-1, hi=n - 1, where="offices")
        if "ship" in doc:
            ship = field(doc, "ship", dict)
            cargo = field(ship, "cargo", list, "ship")
            require(len(cargo) == n and all(isinstance(c, list) and len(c) == 3 for c in cargo),
                    "ship cargo is [wood, stone, precious] per player")
            s.cargo = [int(v) for c in cargo for v in c]
            s.ship_away = int_in(ship, "away", 0, 1, "ship")
            s.ship_depart = int_in(ship, "depart", 0, 1, "ship") if "depart" in ship else 0
            s.shipments = int_in(ship, "shipments", 0, 999, "ship") if "shipments" in ship else 0
            require(all(type(v) is int and v >= 0 for v in s.cargo) and sum(s.cargo) <= SHIP_CAPACITY,
                    f"ship cargo holds counts >= 0, at most {SHIP_CAPACITY} in all")
        if "enemies" in doc:
            s.enemies = int_list(doc, "enemies", length=2, lo=0, hi=len(TRACKS["enemy_values"]) - 1)
        if "tile" in doc:
            s.tile = int_list(doc, "tile")
            require(not s.tile or (len(s.tile) == 3 and s.tile[0] in (12, 13, -3, -5) and 0 <= s.tile[1] < n
                                   and 1 <= s.tile[2] <= 3),
                    "'tile' is [] or [kind 12 Palace | 13 Cathedral | -3 walls | -5 roads, player, pieces 1..3]")
        if "trade" in doc:
            s.trade = int_list(doc, "trade")
            t = s.trade
            require(not t or (len(t) == TRADE_LEN and 0 <= t[0] < n and 0 <= t[1] < n and t[0] != t[1]
                              and t[2] in (0, 1, 2, 3) and 0 <= t[3] <= MAX_COUNTERS
                              and all(v >= 0 for v in t[GIVE:]) and t[GIVE + 4] < 4096 and t[ASK + 4] < 4096
                              and not any(t[GIVE + k] and t[ASK + k] for k in range(4))
                              and (t[2] != 1 or not is_empty(t))),
                    "'trade' is [] or [from, to, stage 0 building | 1 asked | 2 adding to give | 3 adding to "
                    "ask, counters 0.."
                    f"{MAX_COUNTERS}, give silver, wood, stone, precious, offices (bits), ask the same 5]: "
                    "each good one way, something in an offer that is asked")
        if doc.get("war") is not None:
            s.war = war_from_json(doc["war"], n)
            require(s.phase == "war", "a war is in progress only in phase 'war'")
        players = doc.get("players") or [{}] * n
        for p in range(n):
            if "free" not in players[p]:  # a written position may leave the supply to be counted
                s.free[p] = 0
                s.free[p] = START["workers"] - workers_out(s, p)
        if "pick" in doc:
            s.pick = list(field(doc, "pick", list))
            arity = {"zone": 3, "work": 4, "money": 0, "major": 6, "bid": 0, "buy": 0}
            head = s.pick[0] if s.pick else None
            require(not s.pick or (head in arity and len(s.pick) == (2 if arity[head] else 1) and
                                   all(isinstance(v, int) and 0 <= v < arity[head] for v in s.pick[1:])),
                    "'pick' is [], [\"zone\", 0..2], [\"work\", 0..3], [\"money\"], "
                    "[\"major\", 0..5], [\"bid\"] or [\"buy\"]")
        s.roll = int_in(doc, "roll", 0, 12) if "roll" in doc else 0
        tally = field(doc, "tally", dict) if "tally" in doc else {}
        require(all(isinstance(k, str) and type(v) is int for k, v in tally.items()),
                "'tally' maps event names to counts")
        s.tally = dict(tally)
        require(s.phase != "war" or s.war is not None, "phase 'war' needs the 'war' object")
        require(not s.trade or affordable(s, s.trade), "'trade' moves only what each side holds")
        require(not (s.trade and s.pick), "a trade is not opened in the middle of a two-step choice ('pick')")
        _check(s)
        return s

    def action_grammar(self, num_players: int, options: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        cells = range(CELLS)
        return [
            ("done",), ("accept",), ("decline",), ("money",), ("zone", range(3)), ("back",), ("work", range(4)),
            ("city", cells, range(1, 5)), ("use", cells), ("major", range(6)), ("space", range(8), range(2)),
            ("mine", range(2)), ("field", range(1, 6)), ("artisan", range(1, 6)), ("dock", range(1, 6)),
            ("order", range(1, 6)), ("bid",), ("office", range(12)), ("buy",), ("resource", range(2)),
            ("offer", range(num_players)), ("give", range(16), range(1, MAX_STEP + 1)),
            ("ask", range(16), range(1, MAX_STEP + 1)), ("propose",), ("withdraw",), ("counter",), ("add", range(2)),
            ("tile", cells), ("wall", range(SEGMENTS)), ("road", range(ROADS)),
            ("build", cells, range(1, 12)), ("activate", cells, range(3)), ("craft", range(2)),
            ("load", range(3)), ("depart",), ("claim",), ("free_road", range(ROADS)), ("free_wall", range(SEGMENTS)),
            ("merchant", range(3)),
            # the war's: only the positions and pairs the rules can ever produce, not every pair of
            # positions (combat.py, "What the war's actions can ever be"; RULES.md, "Action codes")
            ("deploy", PERIMETER, range(1, PURPLE + 1)), ("bet", range(8)),
            ("kill", [*cells, *(OUTSIDE + c for c in PERIMETER)]), ("recruit", cells),
            ("move", Joint(move_pairs())), ("enter", Joint(enter_triples())), ("bonus", Joint(bonus_pairs())),
            ("join", Joint(move_pairs()), range(2)), ("keep", cells),
        ]


def triples(doc: Mapping[str, Any], key: str, what: str) -> list[list[int]]:
    rows = field(doc, key, list) if key in doc else []
    require(all(isinstance(r, list) and len(r) == 3 and all(type(v) is int for v in r) for r in rows),
            f"'{key}' holds [{what}] lists of 3 integers")
    return rows


def workers_out(s: RioState, p: int) -> int:
    """Workers of p anywhere on the board (city, buildings, grids, tracks, areas, war groups)."""
    out = sum(s.wcount[x] for x in range(CELLS) if s.wowner[x] == p)
    out += sum(1 for _, q in s.act if q == p) + sum(1 for g in s.grid for o in g if o == p)
    out += sum(s.track_costs[t][i] for t in (0, 1) for i, o in enumerate(s.mine[t]) if o == p)
    out += s.field[p] + s.artisan[p] + s.dock[p] + s.order_add[p] + (1 if s.bid[p] >= 0 else 0)
    if s.war is not None:
        out += sum(g.count(p) for g in s.war.occ.values())
    return out


PLAYER_RANGES = {"bid": (-1, 11), "attacked": (0, 1), "perks": (0, 7), "placed": (0, 5), "offered": (0, 1)}


def _check(s: RioState) -> None:
    """Cross-field consistency of a rebuilt state (clear messages instead of later crashes)."""
    for f in PLAYER_FIELDS:
        lo, hi = PLAYER_RANGES.get(f, (0, 10**6))
        for p, v in enumerate(getattr(s, f)):
            require(lo <= v <= hi, f"players[{p}].{f} must be in {lo}..{hi}, got {v}")
    for p in range(s.num_players):
        k = s.bid[p]
        require(k < 0 or s.office_bid[k] == p, f"players[{p}].bid = {k} needs offices.bid[{k}] = {p}")
    for k in range(12):
        q = s.office_bid[k]
        require(q < 0 or s.bid[q] == k, f"offices.bid[{k}] = {q} needs players[{q}].bid = {k}")
    try:
        s.check_invariants()
    except AssertionError as e:
        require(False, f"inconsistent position: {e}")
    for x in range(CELLS):
        if s.wcount[x] and s.bkind[x] not in (0, 1, 5, 7):
            require(False, f"builders may wait only on an empty space, a Hut, a Market or a Square ({x})")
    require(s.enemies[NATIVES] >= 0 and s.enemies[PIRATES] >= 0, "enemy markers are on the track")
