"""War: 1) attacker assignment, 2) number and placement of the enemies, 3) cannons,
4) defender placement and recruitment, and the end of the war (tokens removed or kept)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .board import (
    BARRACKS,
    CELL_SEGS,
    CELLS,
    ENEMY_BONUS,
    GENERAL,
    GUNNER,
    HOUSE,
    HUT,
    MARKET,
    MINOR,
    NONE,
    OUTSIDE,
    PERIMETER,
    PLAZA,
    PURPLE,
    SQUARE,
    TRACKS,
    place_name,
    with_item,
)
from .city import set_workers
from .war_state import ATT, BET, KEEP, KILL, MOVE, RECRUIT, new_war

if TYPE_CHECKING:
    from .state import RioState


def choose_attacker(s: RioState) -> int:
    """The player on the highest-numbered square of the order track who has not attacked yet."""
    if all(s.attacked):
        s.attacked = [0] * s.num_players  # decision: once everyone has attacked, the round starts again
    return next_attacker(s)


def next_attacker(s: RioState) -> int:
    """Who `choose_attacker` would name now, without starting a new round of attackers (a round
    begun anew starts with the last in the order)."""
    for p in reversed(s.order):
        if not s.attacked[p]:
            return p
    return s.order[-1]


def bonus_attackers(s: RioState, enemy: int) -> int:
    reduction = TRACKS["bonus_reduction"][str(s.num_players)]
    return max(0, ENEMY_BONUS[s.enemies[enemy]] - reduction)


def offlimits_spaces(s: RioState, attacker: int) -> frozenset[int]:
    """Rulebook War 1: "Any spaces or buildings that they [the attacker's workers] occupy are considered
    to be temporarily off limits": only where his workers stand (builders or idle activating workers);
    his other buildings are part of the City like everyone's."""
    return frozenset(
        [x for x in range(CELLS) if s.wcount[x] and s.wowner[x] == attacker]
        + [x for x, q in s.act if q == attacker]
    )


def defenders_on_map(s: RioState, attacker: int, offlimits: frozenset[int]) -> dict[int, tuple[int, ...]]:
    """The defenders' workers on the city map, by space: builders, then idle activating workers (a
    road-connected building may hold two colours: they begin as one mixed group, the top commands).
    Workers on an off-limits space stay out of the war with it."""
    out: dict[int, tuple[int, ...]] = {}
    for x in range(CELLS):
        if s.wcount[x] and s.wowner[x] != attacker and x not in offlimits:
            out[x] = (s.wowner[x],) * s.wcount[x]
    for x, q in s.act:
        if q != attacker and x not in offlimits:
            out[x] = out.get(x, ()) + (q,)
    return out


def count_attackers(s: RioState, enemy: int, attacker: int) -> int:
    """Workers on the city map + 2 per defending player + the enemies track's bonus, within the purple
    markers left after marking the attackers."""
    workers = sum(len(g) for g in defenders_on_map(s, attacker, offlimits_spaces(s, attacker)).values())
    total = workers + 2 * (s.num_players - 1) + bonus_attackers(s, enemy)
    return min(total, PURPLE - sum(s.attacked))


def start_war(s: RioState, enemy: int) -> bool:
    """Set the war up; False when no enemy can enter the city (every edge walled): no war then."""
    attacker = choose_attacker(s)
    s.attacked = with_item(s.attacked, attacker, 1)  # a purple marker goes under the attacker's order marker
    total = count_attackers(s, enemy, attacker)
    w = new_war(enemy, attacker, [p for p in s.order if p != attacker])
    w.offlimits = offlimits_spaces(s, attacker)
    s.war = w
    if not entry_points(s):
        s.war = None
        s.attacked = with_item(s.attacked, attacker, 0)
        if s.log:
            s.emit("walled", "The walls close every way in: the enemies cannot attack")
        return False
    s.tally_add("war")
    for x, g in defenders_on_map(s, attacker, w.offlimits).items():  # they fight where they stand
        w.occ[x] = g
        if s.wcount[x]:
            set_workers(s, x, -1, 0)
    s.act = [e for e in s.act if e[0] in w.offlimits]
    w.pool = total
    if s.log:
        s.emit("attackers", f"{s.player_name(attacker)} leads {total} attackers", player=attacker, count=total)
    return True


def entry_points(s: RioState) -> list[int]:
    """Perimeter spaces with an edge not closed by a wall (and not off limits): attackers wait outside
    them "in groups of any number"."""
    w = s.war
    return [x for x in open_perimeter(s.walls) if x not in w.offlimits]


@lru_cache(maxsize=256)
def open_perimeter(walls: tuple[int, ...]) -> tuple[int, ...]:
    """Perimeter spaces with an edge not closed by a wall (the walls tuple is replaced on every new wall,
    so the answer is kept per walls tuple)."""
    return tuple(x for x in PERIMETER if any(not walls[g] for g in CELL_SEGS[x]))


def deploy_sizes(pool: int) -> list[int]:
    """1, 2 or 3 attackers, or all those left: deploying again outside the same space adds to the crowd
    there, so every split of the attackers is reachable while the lists stay short."""
    return sorted({k for k in (1, 2, 3) if k <= pool} | {pool})


def deploy_actions(s: RioState) -> list[tuple]:
    sizes = deploy_sizes(s.war.pool)
    return [("deploy", x, k) for x in entry_points(s) for k in sizes]


def deploy(s: RioState, x: int, k: int) -> None:
    """Attackers wait outside perimeter space x, any number of them (they form groups of 1 to 3 as
    they enter, `combat.enter_actions`)."""
    w = s.war
    w.occ[OUTSIDE + x] = w.occ.get(OUTSIDE + x, ()) + (ATT,) * k
    w.pool -= k
    if w.pool == 0:
        after_deploy(s)


def after_deploy(s: RioState) -> None:
    w = s.war
    if s.completed[2] and attackers_left(s):
        gunner = s.office_owner[GUNNER]
        if gunner >= 0 and gunner != w.attacker and s.office_turn[GUNNER] < s.turn:
            w.gunner, w.gunner_char = gunner, True
        else:  # the defender with the fewest VP fires, without VPs for the kills
            w.gunner = min(w.defenders, key=lambda p: (s.vp[p], w.defenders.index(p)))
            w.gunner_char = False
        w.stage = BET
        return
    start_recruit(s)


def attackers_left(s: RioState) -> int:
    return sum(len(g) for g in s.war.occ.values() if g[0] == ATT)


def bet_actions(s: RioState) -> list[tuple]:
    w = s.war
    top = min(attackers_left(s), 6 + (1 if w.gunner_char else 0))
    return [("bet", k) for k in range(top + 1)]


def bet(s: RioState, k: int) -> None:
    """6 + the bet is the least roll (2 dice, +1 for the Gunner) that kills the bet's attackers."""
    w = s.war
    if k == 0:
        start_recruit(s)
        return
    roll = s.rng.die(6) + s.rng.die(6) + (1 if w.gunner_char else 0)
    ok = roll >= 6 + k
    if s.log:
        s.emit("cannons", f"{s.player_name(w.gunner)} bets {k} and rolls {roll}: "
               f"{'hit' if ok else 'miss'}", player=w.gunner, roll=roll)
    if not ok:
        start_recruit(s)
        return
    if w.gunner_char:
        s.gain(w.gunner, 2 * k, "war")
    w.kills = k
    w.stage = KILL


def kill_actions(s: RioState) -> list[tuple]:
    return [("kill", pos) for pos, g in sorted(s.war.occ.items()) if g[0] == ATT]


def kill(s: RioState, pos: int) -> None:
    w = s.war
    g = w.occ[pos]
    if len(g) > 1:
        w.occ[pos] = g[1:]
    else:
        del w.occ[pos]
    w.kills -= 1
    if w.kills <= 0 or not attackers_left(s):
        start_recruit(s)


# ----- 4) defenders -----

def general_active(s: RioState, p: int) -> bool:
    return s.office_owner[GENERAL] == p and s.office_turn[GENERAL] < s.turn and p != s.war.attacker


def start_recruit(s: RioState) -> None:
    w = s.war
    w.stage = RECRUIT
    w.rec = -1
    next_recruiter(s)


def next_recruiter(s: RioState) -> None:
    w = s.war
    w.rec += 1
    if w.rec >= len(w.defenders):
        start_battle(s)
        return
    p = w.defenders[w.rec]
    w.rec_free = 2 + (1 if general_active(s, p) else 0)
    w.rec_paid = 0


def recruit_cost(s: RioState) -> int:
    w = s.war
    return 0 if w.rec_free > 0 else w.rec_paid + 1


def recruit_spaces(s: RioState, p: int) -> list[int]:
    """Own huts and houses or a Barracks; the General may use any minor building."""
    w = s.war
    gen = general_active(s, p)
    out = []
    for x in range(CELLS):
        k = s.bkind[x]
        if x in w.offlimits or not k:
            continue
        if (k in (HUT, HOUSE) and s.bowner[x] == p) or k == BARRACKS or (gen and k in MINOR):
            g = w.occ.get(x, ())
            if len(g) < 3 and all(o == p for o in g):
                out.append(x)
    return out


def recruit_actions(s: RioState, p: int) -> list[tuple]:
    acts: list[tuple] = []
    if s.free[p] > 0 and s.silver[p] >= recruit_cost(s):
        acts.extend(("recruit", x) for x in recruit_spaces(s, p))
    acts.append(("done",))
    return acts


def recruit(s: RioState, p: int, x: int) -> None:
    w = s.war
    cost = recruit_cost(s)
    s.silver[p] -= cost
    if w.rec_free > 0:
        w.rec_free -= 1
    else:
        w.rec_paid += 1
    s.free[p] -= 1
    w.occ[x] = w.occ.get(x, ()) + (p,)
    if s.log:
        s.emit("recruit", f"{s.player_name(p)} places a defender on {place_name(x)}"
               + (f" for {cost} silver" if cost else ""), player=p)


def start_battle(s: RioState) -> None:
    w = s.war
    w.stage = MOVE
    w.mover = 0
    w.wturn = 1
    if not attackers_left(s):
        end_war(s)


# ----- end of the war -----

def end_war(s: RioState) -> None:
    w = s.war
    for pos in [pos for pos, g in w.occ.items() if g[0] == ATT]:
        del w.occ[pos]
    w.stage = KEEP
    w.keep = -1
    next_keeper(s)


def keep_spaces(s: RioState, p: int) -> list[int]:
    """Groups of one colour on a space where workers may wait may stay on the map; mixed groups go."""
    out = []
    for pos, g in sorted(s.war.occ.items()):
        if pos < CELLS and pos not in PLAZA and all(o == p for o in g):
            k = s.bkind[pos]
            if k == NONE or (k == HUT and s.bowner[pos] == p) or k in (MARKET, SQUARE):
                out.append(pos)
    return out


def next_keeper(s: RioState) -> None:
    w = s.war
    while True:
        w.keep += 1
        if w.keep >= len(w.defenders):
            finish_war(s)
            return
        if keep_spaces(s, w.defenders[w.keep]):
            return


def keep(s: RioState, p: int, x: int) -> None:
    g = s.war.occ.pop(x)
    set_workers(s, x, p, len(g))


def finish_war(s: RioState) -> None:
    from .endturn import after_war

    w = s.war
    for g in w.occ.values():
        for o in g:
            if o != ATT:
                s.free[o] += 1
    s.war = None
    if s.log:
        s.emit("war_end", "The war is over")
    after_war(s)

