# cython: annotation_typing=False
"""Río de la Plata's observation vector written straight from the state's fields, without building the
view: exactly the vector `observation.layout` encodes from `state.view(player)` (tests/rl/test_direct.py
checks it on every decision of random games), for the learning environments' speed. Nothing is hidden
in Río de la Plata but the dice to come (the state's generator, never read here), so every field
read is one the view shows.

The encoder is a class whose fields are the vector's offsets: the compiled build declares them C
integers and the vector a typed memoryview (observation_direct.pxd), so the loops below run as C; the
source runs the same code as Python (hence `annotation_typing=False`: the .pxd's types are the ones
that count)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine.direct_writes import OnesCache, put_counts, put_numbers, put_one_hots
from meeple.engine.observation import DirectEncode, Layout

from .board import CELLS, ENEMY_MAX, POSITIONS
from .game import PHASES
from .observation import KINDS, PLAYER_SCALES, TILE_KINDS
from .state import PLAYER_FIELDS

PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
TILE_INDEX = {kind: i for i, kind in enumerate(TILE_KINDS)}
FIRST_KIND = KINDS[0]


def encoder(layout: Layout, num_players: int, options: Mapping[str, Any]) -> DirectEncode:
    return RioEncoder(layout, num_players)


class RioEncoder:
    """Writes `player`'s vector of a RioState into `out` (zeros): `encoder(state, player, out)`."""

    __slots__ = (
        "n", "cells", "kinds", "turn", "num_turns", "phase", "cur", "order", "players", "buildings", "workers",
        "activations", "built_now", "completed", "walls", "roads", "enemies", "trade", "roll", "to_move", "grids",
        "grid_width", "mine", "track_width", "offices", "office_owner", "office_turn", "office_bid", "ship",
        "cargo", "away", "depart", "shipments", "tile", "tile_kind", "tile_player", "tile_left", "pick",
        "pick_verb", "pick_arg", "verb_index", "war", "stage_index", "token_index", "w_enemy", "w_attacker",
        "w_defenders", "w_stage", "w_groups", "w_offlimits", "w_gunner", "w_moved", "w_bonus", "w_merged",
        "w_fought", "w_refused", "w_consent", "war_numbers", "scales", "player_width", "building_width",
        "worker_width", "city", "walls_and_roads",
    )

    def __init__(self, layout: Layout, num_players: int) -> None:
        n = self.n = num_players
        self.cells, self.kinds = CELLS, len(KINDS)
        at = layout.start
        self.turn, self.num_turns, self.phase, self.cur = at("turn"), at("num_turns"), at("phase"), at("cur")
        self.order, self.players, self.buildings, self.workers = at("order"), at("players"), at("buildings"), at("workers")
        self.activations, self.built_now, self.completed = at("activations"), at("built_now"), at("completed")
        self.walls, self.roads, self.enemies, self.trade = at("walls"), at("roads"), at("enemies"), at("trade")
        self.roll, self.to_move = at("roll"), at("to_move")
        grids_part: Any = layout.part("grids")
        self.grids, self.grid_width = grids_part.start, grids_part.width
        mine_part: Any = layout.part("mine")
        self.mine, self.track_width = mine_part.start, mine_part.width
        offices_part: Any = layout.part("offices")
        self.offices = offices_part.start
        self.office_owner, self.office_turn, self.office_bid = (self.offices + p.start for p in offices_part.parts)
        ship_part: Any = layout.part("ship")
        self.ship = ship_part.start
        self.cargo, self.away, self.depart, self.shipments = (self.ship + p.start for p in ship_part.parts)
        tile_part: Any = layout.part("tile")
        self.tile = tile_part.start
        self.tile_kind, self.tile_player, self.tile_left = (self.tile + p.start for p in tile_part.parts)
        pick_part: Any = layout.part("pick")
        self.pick = pick_part.start
        self.pick_verb, self.pick_arg = (self.pick + p.start for p in pick_part.parts)
        self.verb_index = pick_part.parts[0].index
        war_part: Any = layout.part("war")
        self.war = war_part.start
        war_parts = {p.name: p for p in war_part.parts}
        sub = {name: self.war + p.start for name, p in war_parts.items()}
        self.stage_index = war_parts["stage"].index
        self.token_index = war_parts["groups"].parts[0].index  # an attacker (ATT), then each player's
        self.w_enemy, self.w_attacker, self.w_defenders = sub["enemy"], sub["attacker"], sub["defenders"]
        self.w_stage, self.w_groups, self.w_offlimits = sub["stage"], sub["groups"], sub["offlimits"]
        self.w_gunner, self.w_moved, self.w_bonus, self.w_merged = sub["gunner"], sub["moved"], sub["bonus"], sub["merged"]
        self.w_fought, self.w_refused, self.w_consent = sub["fought"], sub["refused"], sub["consent"]
        # the war's numbers: (its field, the part's place, the scale)
        self.war_numbers = [
            ("pool", sub["pool"], 20.0), ("gunner_char", sub["gunner_char"], 1.0), ("kills", sub["kills"], 10.0),
            ("rec", sub["rec"], float(n)), ("rec_free", sub["rec_free"], 5.0), ("rec_paid", sub["rec_paid"], 5.0),
            ("wturn", sub["wturn"], 10.0), ("quiet", sub["quiet"], 5.0), ("fought_now", sub["fought_now"], 1.0),
            ("mover", sub["mover"], float(n + 1)), ("keep", sub["keep"], float(n)), ("battles", sub["battles"], 10.0),
        ]
        self.scales = [(field, PLAYER_SCALES.get(field, 10.0)) for field in PLAYER_FIELDS]
        self.player_width = 1 + len(PLAYER_FIELDS)
        self.building_width = len(KINDS) + n + 1  # the kind (1..13), the owner (-1 first)
        self.worker_width = n + 1  # the owner, the count
        self.city = OnesCache(self.city_places)
        self.walls_and_roads = OnesCache(self.wall_and_road_places)

    def city_places(self, bkind: tuple, bowner: tuple) -> list[int]:
        """Each building's kind and owner (the tuples are replaced when a building goes up)."""
        places = []
        for x in range(self.cells):
            if bkind[x]:
                base = self.buildings + x * self.building_width
                places.append(base + bkind[x] - FIRST_KIND)
                places.append(base + self.kinds + 1 + bowner[x])
        return places

    def wall_and_road_places(self, built_walls: tuple, built_roads: tuple) -> list[int]:
        places = [self.walls + g for g in range(len(built_walls)) if built_walls[g]]
        places.extend(self.roads + i for i in range(len(built_roads)) if built_roads[i])
        return places

    def __call__(self, s: Any, player: int, out: Any) -> None:
        self.encode(s, player, out)

    def encode(self, s: Any, player: int, out: Any) -> None:
        n = self.n
        out[player] = 1.0
        if s.turn:
            out[self.turn] = s.turn / 20
        if s.num_turns:
            out[self.num_turns] = s.num_turns / 20
        i = PHASE_INDEX[s.phase]
        out[self.phase + i] = 1.0
        if s.cur:
            out[self.cur] = s.cur / n
        put_one_hots(out, self.order, s.order, n)
        b = self.players + 1
        for field, scale in self.scales:
            values = getattr(s, field)
            for p in range(n):
                if values[p]:
                    out[b + p * self.player_width] = values[p] / scale
            b += 1
        for p in range(n):
            out[self.players + p * self.player_width] = 1.0
        self.city.write(out, s.bkind, s.bowner)
        self.walls_and_roads.write(out, s.walls, s.roads)
        wowner, wcount = s.wowner, s.wcount
        for x in range(len(wcount)):
            count = wcount[x]
            if count:
                b = self.workers + x * self.worker_width
                p = wowner[x]
                out[b + p] = 1.0
                out[b + n] = count / 3
        for x, p in s.act:
            out[self.activations + x * n + p] = 1.0
        put_counts(out, self.built_now, s.built_now)
        self.put_grids(s.grid, s.mine, out)
        put_numbers(out, self.completed, s.completed, 5.0)
        out[self.offices] = 1.0
        put_one_hots(out, self.office_owner, s.office_owner, n + 1, -1)
        put_numbers(out, self.office_turn, s.office_turn, 20.0)
        put_numbers(out, self.office_bid, s.office_bid, 10.0)
        out[self.ship] = 1.0
        put_numbers(out, self.cargo, s.cargo[: 3 * n], 4.0)
        if s.ship_away:
            out[self.away] = float(s.ship_away)
        if s.ship_depart:
            out[self.depart] = float(s.ship_depart)
        if s.shipments:
            out[self.shipments] = s.shipments / 5
        put_numbers(out, self.enemies, s.enemies, ENEMY_MAX)
        t = s.tile
        if t:
            out[self.tile] = 1.0
            i = TILE_INDEX[t[0]]
            out[self.tile_kind + i] = 1.0
            if len(t) > 1:
                i = t[1]
                out[self.tile_player + i] = 1.0
            if len(t) > 2 and t[2]:
                out[self.tile_left] = t[2] / 10
        put_numbers(out, self.trade, s.trade, 10.0)
        k = s.pick
        if k:
            out[self.pick] = 1.0
            i = self.verb_index[k[0]]
            out[self.pick_verb + i] = 1.0
            if len(k) > 1 and k[1]:
                out[self.pick_arg] = k[1] / CELLS
        if s.roll:
            out[self.roll] = s.roll / 12
        if s.war is not None:
            self.put_war(s.war, out)
        put_counts(out, self.to_move, s.to_move())

    def put_grids(self, grid: Any, mine: Any, out: Any) -> None:
        """The placement grids and the mine tracks: a 1 for each there, then its owners."""
        self.put_owned_rows(grid, self.grids, self.grid_width, out)
        self.put_owned_rows(mine, self.mine, self.track_width, out)

    def put_owned_rows(self, rows: Any, at: int, width: int, out: Any) -> None:
        """Rows of owners (a grid's spaces, a track's): for each row holding any, a 1 at its block's
        start, then its owners one-hot (-1: none)."""
        owners = self.n + 1
        for r in range(len(rows)):
            row = rows[r]
            if row:
                b = at + r * width
                out[b] = 1.0
                put_one_hots(out, b + 1, row, owners, -1)

    def put_war(self, w: Any, out: Any) -> None:
        """The war under way, from its own fields (what its view holds)."""
        n = self.n
        out[self.war] = 1.0
        i = w.enemy
        out[self.w_enemy + i] = 1.0
        i = w.attacker
        out[self.w_attacker + i] = 1.0
        put_counts(out, self.w_defenders, w.defenders)
        i = self.stage_index[w.stage]
        out[self.w_stage + i] = 1.0
        for field, place, scale in self.war_numbers:
            value = getattr(w, field)
            if value:
                out[place] = float(value) / scale
        token_index = self.token_index
        for pos, tokens in w.occ.items():
            b = self.w_groups + pos * (n + 1)
            for token in tokens:
                i = token_index[token]
                out[b + i] += 1.0
        put_counts(out, self.w_offlimits, w.offlimits)
        i = w.gunner
        out[self.w_gunner + 1 + i] = 1.0
        put_counts(out, self.w_moved, w.moved)
        put_counts(out, self.w_bonus, w.bonus)
        put_counts(out, self.w_merged, w.merged)
        for pos, t in w.fought.items():
            if t:
                out[self.w_fought + pos] = t / 10
        put_counts(out, self.w_refused, w.refused)
        if w.consent:
            put_numbers(out, self.w_consent, w.consent, POSITIONS)
