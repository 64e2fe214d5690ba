"""End of the effect phase (the Ship) and C | End of turn checks: war check, player order, turn change."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import war
from .board import (
    ENEMY_MAX,
    ENEMY_NAMES,
    ENEMY_VALUES,
    FIRST_YEAR,
    NATIVES,
    PIRATES,
    SALE,
    SHIP_CAPACITY,
    SHIPOWNER,
    TIME_TRACK,
    TRACKS,
    with_item,
)

if TYPE_CHECKING:
    from .state import RioState

SETBACK: int = TRACKS["enemy_setback"]


def sail(s: RioState) -> None:
    """A returning Ship sells in Spain (and cannot leave again this turn); a Ship at the dock leaves
    when someone paid or when it is full, never empty."""
    if s.ship_away:
        for p in range(s.num_players):
            for r in range(3):
                k = s.cargo[3 * p + r]
                s.silver[p] += k * SALE[r][0]
                s.gain(p, k * SALE[r][1], "ship")
        s.cargo = [0] * len(s.cargo)
        s.ship_away = 0
        s.shipments += 1
        owner = s.office_owner[SHIPOWNER]
        if owner >= 0 and s.office_turn[SHIPOWNER] < s.turn:
            s.gain(owner, 3, "ship")
        if s.log:
            s.emit("ship_return", "The Ship is back from Spain: the cargo is sold")
    elif sum(s.cargo) and (s.ship_depart or sum(s.cargo) >= SHIP_CAPACITY):
        s.ship_away = 1
        s.tally_add("voyage")
        if s.log:
            s.emit("voyage", "The Ship sails to Spain")
    s.ship_depart = 0


def war_check(s: RioState) -> None:
    """Two dice against both enemy markers: at or below one, war with that enemy; at or below both,
    with the Pirates only. The marker then goes back 4 spaces."""
    roll = s.rng.die(6) + s.rng.die(6)
    s.roll = roll
    hit = [roll <= ENEMY_VALUES[s.enemies[e]] for e in (NATIVES, PIRATES)]
    if s.log:
        limits = ", ".join(f"{ENEMY_VALUES[s.enemies[e]]} or less with the {ENEMY_NAMES[e]}" for e in (NATIVES, PIRATES))
        s.emit("war_check", f"War check: the dice show {roll} (war at {limits})"
               + ("" if any(hit) else ": no war"), roll=roll)
    if not any(hit):
        after_war(s)
        return
    enemy = PIRATES if hit[PIRATES] else NATIVES
    if s.log:
        s.emit("war", f"War with the {ENEMY_NAMES[enemy]}!", enemy=enemy)
    started = war.start_war(s, enemy)  # the bonus attackers are read before the marker goes back
    s.enemies = with_item(s.enemies, enemy, max(0, s.enemies[enemy] - SETBACK))
    if not started:
        after_war(s)


def after_war(s: RioState) -> None:
    update_order(s)
    next_turn(s)


def next_order(s: RioState) -> list[int]:
    """The player order of the next turn: most workers added go first; ties among players who added go
    in the inverse of the current order; players who added nothing keep their current relative order."""
    pos = {p: i for i, p in enumerate(s.order)}
    return sorted(s.order, key=lambda p: (-s.order_add[p], -pos[p] if s.order_add[p] else pos[p]))


def update_order(s: RioState) -> None:
    n = s.num_players
    s.order = next_order(s)
    for p in range(n):
        s.free[p] += s.order_add[p]
        s.order_add[p] = 0


def next_turn(s: RioState) -> None:
    s.turn += 1
    if s.turn >= s.num_turns:
        s.phase = "over"
        if s.log:
            s.emit("end", "The game is over")
        return
    marks = TIME_TRACK[s.turn]
    if "F" in marks:
        s.enemies = with_item(s.enemies, NATIVES, min(ENEMY_MAX, s.enemies[NATIVES] + 1))
    if "S" in marks:
        s.enemies = with_item(s.enemies, PIRATES, min(ENEMY_MAX, s.enemies[PIRATES] + 1))
    start_turn(s)


def start_turn(s: RioState) -> None:
    n = s.num_players
    s.phase = "place"
    s.cur = 0
    s.placed = [0] * n
    s.bought = [0] * n
    s.offered = [0] * n
    s.perks = [0] * n
    s.built_now = []
    if s.log:
        s.emit("turn", f"Year {FIRST_YEAR + s.turn} begins")
