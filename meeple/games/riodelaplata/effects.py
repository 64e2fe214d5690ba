"""B | Effects of workers: each player in turn resolves his workers in the order he chooses."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import city, trades
from .board import (
    CARPENTER,
    CATHEDRAL,
    CELLS,
    CHURCH,
    CORPORATION,
    DEFENDER,
    KIND,
    M_ARTISAN,
    M_CARPENTER,
    M_MERCHANT,
    M_STONECUTTER,
    MARKET,
    OFFICE,
    ROADMAKER,
    SHIP_CAPACITY,
    SHIPOWNER,
    STONECUTTER,
    indices,
    place_name,
    with_item,
)

if TYPE_CHECKING:
    from .state import RioState

PERK_ROAD, PERK_WALL, PERK_MERCHANT = 1, 2, 4
FINE_SILVER, FINE_VP = 3, 5
# What an activation yields (rulebook B, the buildings), read by `activate` and by the bots' estimate of a
# worker waiting to activate: a Stonecutter or Carpenter turns 1 good into 3; a Church 1 silver into 2 VP,
# 3 while the Cathedral stands; a Market sells a wood or a stone for 1 silver or a precious good for 2 (by
# mode: wood, stone, precious), a Corporation for 1 silver more.
CRAFT_GAIN = 2
CHURCH_VP, CATHEDRAL_CHURCH_VP = 2, 3
SALE_SILVER = (1, 1, 2)
CORPORATION_BONUS = 1


def office_active(s: RioState, k: int, p: int) -> bool:
    """Powers work from the turn after the purchase on."""
    return s.office_owner[k] == p and s.office_turn[k] < s.turn


def begin_effects(s: RioState, p: int) -> None:
    """What needs no decision: mine and forest, field work, the masters' free resources, the loads.
    The Public Office is taken (`claim`) when the player chooses during his effect turn, so he may
    first raise the money."""
    costs = s.track_costs
    for t, res in ((0, s.stone), (1, s.wood)):
        got = sum(1 for o in s.mine[t] if o == p)
        if got:
            res[p] += got
            back = sum(costs[t][i] for i, o in enumerate(s.mine[t]) if o == p)
            s.free[p] += back
            s.mine[t] = [-1 if o == p else o for o in s.mine[t]]
    if s.field[p] >= 2:  # each pair of workers produces 1 silver and goes home; an odd one waits
        s.silver[p] += s.field[p] // 2
        s.tally_add("field_silver", s.field[p] // 2, p)
        s.free[p] += s.field[p] - s.field[p] % 2
        s.field[p] %= 2
    s.loads[p] = 3 * s.dock[p]
    if office_active(s, M_STONECUTTER, p):
        s.stone[p] += 1
    if office_active(s, M_CARPENTER, p):
        s.wood[p] += 1
    if office_active(s, M_ARTISAN, p):
        s.precious[p] += 1


def resolve_office(s: RioState, p: int, k: int) -> None:
    info = OFFICE[k]
    s.office_bid[k] = -1
    s.bid[p] = -1
    s.free[p] += 1
    if s.silver[p] >= info["cost"] and s.vp[p] >= info["min_vp"]:
        s.silver[p] -= info["cost"]
        s.office_owner = with_item(s.office_owner, k, p)
        s.office_turn = with_item(s.office_turn, k, s.turn)
        s.tally_add("office")
        s.tally_add("office_" + info["name"].lower().replace(" ", "_"), 1, p)
        if s.log:
            s.emit("office", f"{s.player_name(p)} becomes {info['name']} for {info['cost']} silver", player=p)
        return
    s.tally_add("fine")
    if s.silver[p] >= FINE_SILVER:
        s.silver[p] -= FINE_SILVER
        what = "3 silver"
    else:
        what = "all money and resources"
        s.silver[p] = s.wood[p] = s.stone[p] = s.precious[p] = 0
    s.tally_add("vp_fine", -min(FINE_VP, s.vp[p]), p)  # what it takes (never below 0 VP)
    s.vp[p] = max(0, s.vp[p] - FINE_VP)
    if s.log:
        s.emit("fine", f"{s.player_name(p)} cannot take the {info['name']} (needs {info['cost']} silver and "
               f"{info['min_vp']} VP): fined {what} and 5 VP", player=p)


def effect_actions(s: RioState, p: int) -> list[tuple]:
    acts: list[tuple] = [("claim",)] if s.bid[p] >= 0 else []
    wcount, built_now = s.wcount, s.built_now
    for x in indices(s.wowner, p):  # the spaces with p's workers
        if wcount[x] and x not in built_now:
            for kind in city.BUILD_ON.get(s.bkind[x], ()):
                if city.build_problem(s, p, x, kind) is None:
                    acts.append(("build", x, kind))
    seen = set()
    for x, q in s.act:
        if q == p and x not in seen:
            seen.add(x)
            acts.extend(("activate", x, m) for m in activation_modes(s, p, x))
    if s.artisan[p]:
        acts.extend(("craft", r) for r in (0, 1) if (s.wood, s.stone)[r][p])
    if s.loads[p] and not s.ship_away and sum(s.cargo) < SHIP_CAPACITY:
        acts.extend(("load", r) for r in (0, 1, 2) if (s.wood, s.stone, s.precious)[r][p])
    if 0 < sum(s.cargo) < SHIP_CAPACITY and not s.ship_away and not s.ship_depart and s.silver[p] >= 2:
        acts.append(("depart",))  # a full Ship leaves by itself, paying nobody
    if office_active(s, ROADMAKER, p) and not s.perks[p] & PERK_ROAD:
        acts.extend(("free_road", i) for i in city.legal_roads(s))
    if office_active(s, DEFENDER, p) and not s.perks[p] & PERK_WALL:
        acts.extend(("free_wall", g) for g in city.legal_walls(s))
    if office_active(s, M_MERCHANT, p) and not s.perks[p] & PERK_MERCHANT:
        acts.extend(("merchant", r) for r in (0, 1, 2))
    if trades.has_money_actions(s, p):
        acts.append(("money",))
    if s.bid[p] < 0:  # the Public Office is paid for (or fined) before the player is done
        acts.append(("done",))
    return acts


def activation_modes(s: RioState, p: int, x: int) -> list[int]:
    if not city.has_adjacent_house(s, p, x):  # a worker idle since an earlier turn may have lost it in a war
        return []
    k = s.bkind[x]
    if k == STONECUTTER:
        return [0] if s.stone[p] else []
    if k == CARPENTER:
        return [0] if s.wood[p] else []
    if k == CHURCH:
        return [0] if s.silver[p] else []
    if k in (MARKET, CORPORATION):
        return [m for m, have in enumerate((s.wood[p], s.stone[p], s.precious[p])) if have]
    return []


def effect_problem(s: RioState, p: int, a: tuple) -> str | None:
    verb = a[0]
    if verb == "build" and len(a) == 3:
        x, kind = a[1], a[2]
        if not (isinstance(x, int) and 0 <= x < CELLS) or kind not in KIND:
            return "build names a space 0..159 and a minor building kind 1..11"
        return city.build_problem(s, p, x, kind)
    if verb == "activate":
        return "you need one of your workers on that building and the resource or silver it consumes"
    if verb == "craft":
        return "Artisan work needs a worker there this turn and a wood or stone to trade"
    if verb == "load":
        if s.ship_away:
            return "while the Ship is travelling no resources can be loaded"
        return "each worker on the dock loads up to 3 of your resources, within the Ship's capacity"
    if verb == "depart":
        if not sum(s.cargo):
            return "an empty Ship cannot depart"
        if sum(s.cargo) >= SHIP_CAPACITY:
            return "a full Ship departs by itself, without any payment to the bank or the Shipowner"
        return "an early departure costs 2 silver, once, while the Ship is at the dock"
    if verb == "done" and s.bid[p] >= 0:
        return "first take your Public Office (claim): pay for it, or pay the fine"
    if verb == "claim":
        return "you have no worker on a Public Office"
    if verb in ("free_road", "free_wall", "merchant"):
        return "that free action needs the right Public Office, bought in an earlier turn, once per turn"
    return None


def apply_effect(s: RioState, p: int, a: tuple) -> None:
    verb = a[0]
    if verb == "claim":
        resolve_office(s, p, s.bid[p])
    elif verb == "build":
        build(s, p, a[1], a[2])
    elif verb == "activate":
        activate(s, p, a[1], a[2])
    elif verb == "craft":
        (s.wood, s.stone)[a[1]][p] -= 1
        s.precious[p] += 1
        s.artisan[p] -= 1
        s.free[p] += 1
    elif verb == "load":
        (s.wood, s.stone, s.precious)[a[1]][p] -= 1
        s.cargo[3 * p + a[1]] += 1
        s.loads[p] -= 1
        if s.loads[p] % 3 == 2:  # a dock worker's first load: he has produced and goes home
            s.dock[p] -= 1
            s.free[p] += 1
    elif verb == "depart":
        s.silver[p] -= 2
        owner = s.office_owner[SHIPOWNER]
        if owner >= 0 and office_active(s, SHIPOWNER, owner):
            s.silver[owner] += 1  # the Shipowner's share; the other coin goes to the bank
        s.ship_depart = 1
        if s.log:
            s.emit("depart", f"{s.player_name(p)} pays for the Ship to sail to Spain", player=p)
    elif verb == "free_road":
        city.add_road(s, a[1])
        s.perks[p] |= PERK_ROAD
    elif verb == "free_wall":
        city.add_wall(s, a[1])
        s.perks[p] |= PERK_WALL
    elif verb == "merchant":
        (s.wood, s.stone, s.precious)[a[1]][p] += 1
        s.perks[p] |= PERK_MERCHANT


def build(s: RioState, p: int, x: int, kind: int) -> None:
    info = KIND[kind]
    s.wood[p] -= info["wood"]
    s.stone[p] -= info["stone"]
    s.silver[p] -= info["silver"]
    s.precious[p] -= info["precious"]
    left = s.wcount[x] - info["workers"]
    s.free[p] += info["workers"]
    if kind not in city.BUILD_ON:  # decision: builders left on a finished building have nothing to do
        s.free[p] += left
        left = 0
    city.set_workers(s, x, s.wowner[x] if left else -1, left)
    city.set_building(s, x, kind, p)
    s.built_now = [*s.built_now, x]  # shared with clones: replaced, not edited
    s.gain(p, info["vp"], "building")
    s.tally_add("build_" + info["name"].lower())  # per player: the event
    if s.log:
        vp = f": +{info['vp']} VP" if info["vp"] else ""
        s.emit("build_" + info["name"].lower(), f"{s.player_name(p)} builds a {info['name']} on {place_name(x)}{vp}",
               player=p, building=kind)


def activate(s: RioState, p: int, x: int, mode: int) -> None:
    k = s.bkind[x]
    if k == STONECUTTER:
        s.stone[p] += CRAFT_GAIN  # pay 1, get 3
    elif k == CARPENTER:
        s.wood[p] += CRAFT_GAIN
    elif k == CHURCH:
        s.silver[p] -= 1
        s.gain(p, CATHEDRAL_CHURCH_VP if CATHEDRAL in s.bkind else CHURCH_VP, "church")
    else:
        (s.wood, s.stone, s.precious)[mode][p] -= 1
        s.silver[p] += SALE_SILVER[mode] + (CORPORATION_BONUS if k == CORPORATION else 0)
    s.act.remove((x, p))
    s.free[p] += 1
    s.tally_add("activate")
    if s.log:
        s.emit("activate", f"{s.player_name(p)} activates the {KIND[k]['name']} on {place_name(x)}", player=p)


def end_effects(s: RioState, p: int) -> None:
    """The player is done. Rulebook B: "if a worker produces, it is removed from the board and returned
    to the player": those that produced went home as they did (`activate`, `craft`, `load`, field work,
    mine and forest); the idle ones stay where they are, on buildings, Artisan work, Field work and
    the dock, and may produce in a later turn."""
    s.loads[p] = 0

