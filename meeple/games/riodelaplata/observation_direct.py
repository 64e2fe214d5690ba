"""Río de la Plata's observation vector written straight from the state's fields, without building the
view: exactly the vector `observation.layout` encodes from `state.view(player)` (tests/rl/test_direct.py
checks it on every decision of random games), for the learning environments' speed. Nothing is hidden
in Río de la Plata but the dice to come (the state's generator, never read here), so every field
read is one the view shows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine.observation import DirectEncode, Layout, OnesCache, put_counts, put_numbers, put_one_hots

from .board import CELLS, ENEMY_MAX, POSITIONS
from .game import PHASES
from .observation import KINDS, PLAYER_SCALES, TILE_KINDS
from .state import PLAYER_FIELDS, RioState

PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
TILE_INDEX = {kind: i for i, kind in enumerate(TILE_KINDS)}
FIRST_KIND = KINDS[0]


def encoder(layout: Layout, num_players: int, options: Mapping[str, Any]) -> DirectEncode:
    n = num_players
    at = layout.start
    turn, num_turns, phase, cur, order = at("turn"), at("num_turns"), at("phase"), at("cur"), at("order")
    players, buildings, workers, activations = at("players"), at("buildings"), at("workers"), at("activations")
    built_now, completed, walls, roads = at("built_now"), at("completed"), at("walls"), at("roads")
    enemies, trade, roll, to_move = at("enemies"), at("trade"), at("roll"), at("to_move")
    grids_part: Any = layout.part("grids")
    grids, grid_width = grids_part.start, grids_part.width
    mine_part: Any = layout.part("mine")
    mine, track_width = mine_part.start, mine_part.width
    offices_part: Any = layout.part("offices")
    offices = offices_part.start
    office_owner, office_turn, office_bid = (offices + p.start for p in offices_part.parts)
    ship_part: Any = layout.part("ship")
    ship = ship_part.start
    cargo, away, depart, shipments = (ship + p.start for p in ship_part.parts)
    tile_part: Any = layout.part("tile")
    tile = tile_part.start
    tile_kind, tile_player, tile_left = (tile + p.start for p in tile_part.parts)
    pick_part: Any = layout.part("pick")
    pick = pick_part.start
    pick_verb, pick_arg = (pick + p.start for p in pick_part.parts)
    verb_index = pick_part.parts[0].index
    war_part: Any = layout.part("war")
    war = war_part.start
    war_parts = {p.name: p for p in war_part.parts}
    sub = {name: war + p.start for name, p in war_parts.items()}
    stage_index = war_parts["stage"].index
    token_index = war_parts["groups"].parts[0].index  # an attacker (ATT), then each player's
    w_enemy, w_attacker, w_defenders, w_stage, w_groups = (
        sub["enemy"], sub["attacker"], sub["defenders"], sub["stage"], sub["groups"])
    w_offlimits, w_gunner, w_moved, w_bonus, w_merged = (
        sub["offlimits"], sub["gunner"], sub["moved"], sub["bonus"], sub["merged"])
    w_fought, w_refused, w_consent = sub["fought"], sub["refused"], sub["consent"]
    # the war's numbers: (its field, the part's name, the scale)
    war_numbers = [
        ("pool", sub["pool"], 20.0), ("gunner_char", sub["gunner_char"], 1.0), ("kills", sub["kills"], 10.0),
        ("rec", sub["rec"], float(n)), ("rec_free", sub["rec_free"], 5.0), ("rec_paid", sub["rec_paid"], 5.0),
        ("wturn", sub["wturn"], 10.0), ("quiet", sub["quiet"], 5.0), ("fought_now", sub["fought_now"], 1.0),
        ("mover", sub["mover"], float(n + 1)), ("keep", sub["keep"], float(n)), ("battles", sub["battles"], 10.0),
    ]
    scales = [PLAYER_SCALES.get(f, 10.0) for f in PLAYER_FIELDS]
    player_width = 1 + len(PLAYER_FIELDS)
    building_width = len(KINDS) + n + 1  # the kind (1..13), the owner (-1 first)
    worker_width = n + 1  # the owner, the count

    def city_places(bkind: tuple, bowner: tuple) -> list[int]:
        """Each building's kind and owner (the tuples are replaced when a building goes up)."""
        places = []
        for x in range(CELLS):
            if bkind[x]:
                base = buildings + x * building_width
                places.append(base + bkind[x] - FIRST_KIND)
                places.append(base + len(KINDS) + 1 + bowner[x])
        return places

    def wall_and_road_places(built_walls: tuple, built_roads: tuple) -> list[int]:
        places = [walls + g for g in range(len(built_walls)) if built_walls[g]]
        places.extend(roads + i for i in range(len(built_roads)) if built_roads[i])
        return places

    city = OnesCache(city_places)
    walls_and_roads = OnesCache(wall_and_road_places)

    def encode(s: RioState, player: int, out: Any) -> None:
        out[player] = 1.0
        if s.turn:
            out[turn] = s.turn / 20
        if s.num_turns:
            out[num_turns] = s.num_turns / 20
        out[phase + PHASE_INDEX[s.phase]] = 1.0
        if s.cur:
            out[cur] = s.cur / n
        put_one_hots(out, order, s.order, n)
        for f, (field, scale) in enumerate(zip(PLAYER_FIELDS, scales)):
            values = getattr(s, field)
            base = players + 1 + f
            for p in range(n):
                if values[p]:
                    out[base + p * player_width] = values[p] / scale
        for p in range(n):
            out[players + p * player_width] = 1.0
        city.write(out, s.bkind, s.bowner)
        walls_and_roads.write(out, s.walls, s.roads)
        wowner = s.wowner
        for x, count in enumerate(s.wcount):
            if count:
                base = workers + x * worker_width
                out[base + wowner[x]] = 1.0
                out[base + n] = count / 3
        for x, p in s.act:
            out[activations + x * n + p] = 1.0
        put_counts(out, built_now, s.built_now)
        for r, g in enumerate(s.grid):
            if g:
                out[grids + r * grid_width] = 1.0
                put_one_hots(out, grids + r * grid_width + 1, g, n + 1, -1)
        put_numbers(out, completed, s.completed, 5.0)
        for r, t in enumerate(s.mine):
            if t:
                out[mine + r * track_width] = 1.0
                put_one_hots(out, mine + r * track_width + 1, t, n + 1, -1)
        out[offices] = 1.0
        put_one_hots(out, office_owner, s.office_owner, n + 1, -1)
        put_numbers(out, office_turn, s.office_turn, 20.0)
        put_numbers(out, office_bid, s.office_bid, 10.0)
        out[ship] = 1.0
        put_numbers(out, cargo, s.cargo[: 3 * n], 4.0)
        if s.ship_away:
            out[away] = float(s.ship_away)
        if s.ship_depart:
            out[depart] = float(s.ship_depart)
        if s.shipments:
            out[shipments] = s.shipments / 5
        put_numbers(out, enemies, s.enemies, ENEMY_MAX)
        t = s.tile
        if t:
            out[tile] = 1.0
            out[tile_kind + TILE_INDEX[t[0]]] = 1.0
            if len(t) > 1:
                out[tile_player + t[1]] = 1.0
            if len(t) > 2 and t[2]:
                out[tile_left] = t[2] / 10
        put_numbers(out, trade, s.trade, 10.0)
        k = s.pick
        if k:
            out[pick] = 1.0
            out[pick_verb + verb_index[k[0]]] = 1.0
            if len(k) > 1 and k[1]:
                out[pick_arg] = k[1] / CELLS
        if s.roll:
            out[roll] = s.roll / 12
        w = s.war
        if w is not None:
            out[war] = 1.0
            out[w_enemy + w.enemy] = 1.0
            out[w_attacker + w.attacker] = 1.0
            put_counts(out, w_defenders, w.defenders)
            out[w_stage + stage_index[w.stage]] = 1.0
            for field, place, scale in war_numbers:
                value = getattr(w, field)
                if value:
                    out[place] = float(value) / scale
            for pos, tokens in w.occ.items():
                base = w_groups + pos * (n + 1)
                for token in tokens:
                    out[base + token_index[token]] += 1.0
            put_counts(out, w_offlimits, w.offlimits)
            out[w_gunner + 1 + w.gunner] = 1.0
            put_counts(out, w_moved, w.moved)
            put_counts(out, w_bonus, w.bonus)
            put_counts(out, w_merged, w.merged)
            for pos, t in w.fought.items():
                if t:
                    out[w_fought + pos] = t / 10
            put_counts(out, w_refused, w.refused)
            if w.consent:
                put_numbers(out, w_consent, w.consent, POSITIONS)
        put_counts(out, to_move, s.to_move())

    return encode
