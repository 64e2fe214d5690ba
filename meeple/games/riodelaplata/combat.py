"""Combat rules: groups, movement, merging (with consent across colours), bonus movement, battles,
the attacker's duty to fight every 3 war turns and the end of the war."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import (
    ADJ4,
    BARRACKS,
    CELLS,
    DISTRICT,
    DISTRICT_CELLS,
    NONE,
    OUTSIDE,
    PERIMETER,
    PIRATES,
    place_name,
    war_value,
)
from .city import set_building
from .war import attackers_left, end_war, general_active
from .war_state import ATT, CONSENT, MOVE

if TYPE_CHECKING:
    from .state import RioState

RANGE = {1: 3, 2: 2, 3: 1}  # a single moves 3 spaces, a pair 2, a triplet 1
BONUS_STEPS = 1  # a bonus movement takes a group one space further, once per war turn (`apply_bonus`)
QUIET_TURNS = 3


def commands(g: tuple[int, ...], m: int) -> bool:
    """The token on top of the stack commands the group."""
    return bool(g) and g[-1] == m


def pos_name(pos: int) -> str:
    return place_name(pos) if pos < CELLS else f"outside {place_name(pos - OUTSIDE)}"


def can_stack(s: RioState, pos: int) -> bool:
    """Groups that fight or fought in the previous war turn cannot be stacked."""
    w = s.war
    return w.fought.get(pos, -99) < w.wturn - 1


def merge_fits(a: int, b: int) -> bool:
    return a + b <= 3 or (a == 2 and b == 2)


def destinations(s: RioState, pos: int, size: int = 0) -> dict[int, str]:
    """Where the group at pos (or `size` attackers entering from the crowd outside pos) may go now:
    'move', 'battle', 'merge' or 'join' (another colour's consent). A breadth-first search over empty
    spaces, one ring per step of the group's range; what stops the group (a group, a building for the
    attacker) is a destination but is not passed through."""
    w = s.war
    occ, offlimits, bkind = w.occ, w.offlimits, s.bkind
    g = occ[pos][:size] if size else occ[pos]
    att = g[0] == ATT
    bonus = BONUS_STEPS if pos in w.bonus else 0
    reach = bonus if pos in w.merged else RANGE[len(g)] + bonus  # a merged group moves by its bonus only
    out: dict[int, str] = {}
    frontier = [pos - OUTSIDE] if pos >= OUTSIDE else list(ADJ4[pos])
    seen = {pos}
    for _ in range(reach):
        nxt: list[int] = []
        for y in frontier:
            if y in seen:
                continue
            seen.add(y)
            if y in occ or y in offlimits or (att and bkind[y] != NONE):
                kind = arrival(s, pos, g, att, y)  # a group, a building or the attacker's space
            else:
                kind = "move"  # what arrival() says of an open empty space, without the call
            if kind:
                out[y] = kind
                if kind == "move":
                    nxt.extend(ADJ4[y])
        frontier = nxt
    return out


def ball(x: int, steps: int) -> list[int]:
    """The city spaces at most `steps` steps from space x over ADJ4 (x included), in order."""
    seen = {x}
    for _ in range(steps):
        seen |= {y for z in seen for y in ADJ4[z]}
    return sorted(seen)


# What the war's actions can ever be, whatever the position: the joint domains of the action grammar
# (game.py), which number only these instead of every pair of positions (docs/rl.md, "Speed").


def move_pairs() -> list[tuple[int, int]]:
    """Every (from, to) of a move or a join. `move_actions` moves only groups in the city, and
    `destinations` searches ADJ4 one ring per step of the group's reach, at most RANGE's largest +
    BONUS_STEPS (a merged group's is BONUS_STEPS alone), never back to the group's own space."""
    reach = max(RANGE.values()) + BONUS_STEPS
    return [(x, y) for x in range(CELLS) for y in ball(x, reach) if y != x]


def enter_triples() -> list[tuple[int, int, int]]:
    """Every (crowd, k, to) of `enter_actions`. Attackers wait only outside perimeter spaces (deployed at
    `war.entry_points`; a split merge sends one back where it came from; a state document may place them
    nowhere else), k is 1 to 3, and the search's first ring is the perimeter space itself, so k attackers
    reach at most RANGE[k] + BONUS_STEPS - 1 steps beyond it."""
    return [(OUTSIDE + c, k, y) for c in PERIMETER for k in sorted(RANGE) for y in ball(c, RANGE[k] + BONUS_STEPS - 1)]


def bonus_pairs() -> list[tuple[int, int]]:
    """Every (group, discarded group) of a bonus movement: two different groups in the city (a crowd
    outside is not a group: `move_actions` offers the groups the player commands or is in on city spaces)."""
    return [(x, y) for x in range(CELLS) for y in range(CELLS) if x != y]


def arrival(s: RioState, pos: int, g: tuple[int, ...], att: bool, y: int) -> str | None:
    """What the group g from pos does on reaching space y: 'move' (and it may go on), 'battle', 'merge',
    'join', or None (it may not enter)."""
    w = s.war
    if y in w.offlimits:
        return None
    other = w.occ.get(y)
    if other:
        if (other[0] == ATT) != att:
            return "battle"
        if merge_fits(len(g), len(other)) and can_stack(s, pos) and can_stack(s, y):
            return "merge" if att or other[-1] == g[-1] else "join"
        return None
    if att and s.bkind[y] != NONE:
        return "battle"  # the attacker may not enter a building without fighting
    return "move"


def has_groups(s: RioState, m: int) -> bool:
    return any(commands(g, m) for g in s.war.occ.values())


def move_actions(s: RioState, m: int) -> list[tuple]:
    w = s.war
    acts: list[tuple] = []
    occ = w.occ
    order = sorted(occ)  # positions are unique: sorting the keys orders the groups
    mine = [pos for pos in order if occ[pos][-1] == m and pos < OUTSIDE]  # the groups m commands (top token)
    if m == ATT:
        acts.extend(enter_actions(s))
    for pos in mine:
        if pos in w.moved and pos not in w.merged:
            continue
        if pos in w.merged and pos not in w.bonus:  # it moves again only by a bonus movement
            acts.extend(("bonus", pos, other) for other in mine if other != pos)
            continue
        for to, kind in sorted(destinations(s, pos).items()):
            if kind == "join":
                if pos not in w.refused:
                    acts.extend((("join", pos, to, 0), ("join", pos, to, 1)))
            else:
                acts.append(("move", pos, to))
        if pos not in w.bonus:
            acts.extend(("bonus", pos, other) for other in mine if other != pos)
    if m != ATT:  # defenders in a mixed group may sacrifice their own groups to help it
        for pos in order:
            g = occ[pos]
            if m in g and not commands(g, m) and (pos not in w.moved or pos in w.merged) and pos not in w.bonus:
                acts.extend(("bonus", pos, other) for other in mine)
    acts.append(("done",))
    return acts


def enter_actions(s: RioState) -> list[tuple]:
    """Rulebook War 2: attackers wait outside "in groups of any number"; "during his first movement, he
    will decide how to place them inside the City as single attackers, pairs or triplets". A group of
    1 to 3 leaves the crowd and moves as such (its first step is the perimeter space); the crowd may
    send in more groups in the same war turn. A crowd is not yet a group: no bonus movement from or
    for it (decision)."""
    occ = s.war.occ
    acts: list[tuple] = []
    for pos in sorted(p for p in occ if p >= OUTSIDE):
        for k in range(1, min(3, len(occ[pos])) + 1):
            acts.extend(("enter", pos, k, to) for to in sorted(destinations(s, pos, k)))
    return acts


def apply_enter(s: RioState, p: int, pos: int, k: int, to: int) -> None:
    """k attackers leave the crowd outside pos for `to` (a legal destination: enter_actions)."""
    w = s.war
    crowd = w.occ[pos]
    g = crowd[:k]
    if len(crowd) > k:
        w.occ[pos] = crowd[k:]
    else:
        del w.occ[pos]
    kind = arrival(s, pos, g, True, to)
    if kind == "move":
        w.occ[to] = g
        w.moved.add(to)
    elif kind == "battle":
        battle(s, to, g, True)
    else:
        merge(s, pos, to, g, mover_on_top=True)
    if s.log and kind != "battle":
        s.emit("move", f"{s.player_name(p)} brings a group of {k} from {pos_name(pos)} to {pos_name(to)}",
               player=p)


def mover_code(s: RioState, p: int) -> int:
    """Attacker tokens are purple: the attacker commands the ATT groups."""
    return ATT if p == s.war.attacker else p


def apply_move(s: RioState, p: int, frm: int, to: int) -> None:
    w = s.war
    g = w.occ[frm]
    kind = arrival(s, frm, g, g[0] == ATT, to)  # `to` is among destinations(s, frm): legal moves only
    del w.occ[frm]
    f = w.fought.pop(frm, None)
    w.bonus.discard(frm)
    w.merged.discard(frm)
    if kind == "move":
        w.occ[to] = g
        if f is not None:
            w.fought[to] = f
        w.moved.add(to)
    elif kind == "battle":
        battle(s, to, g, g[0] == ATT)
    else:
        merge(s, frm, to, g, mover_on_top=True)
    if s.log and kind != "battle":
        s.emit("move", f"{s.player_name(p)} moves a group of {len(g)} from {pos_name(frm)} to {pos_name(to)}",
               player=p)


def merge(s: RioState, frm: int, to: int, g: tuple[int, ...], mover_on_top: bool) -> None:
    """Stack g onto the group at `to`; two pairs make a triplet and a single (the token comes from the
    group that moved second). Neither group moves again this war turn."""
    w = s.war
    tgt = w.occ[to]
    w.bonus.discard(to)  # the target group's remaining movement is lost too
    w.merged.discard(to)
    if len(g) + len(tgt) <= 3:
        w.occ[to] = tgt + g if mover_on_top else g + tgt
        w.merged.add(to)  # "cannot move until the next battle turn unless it uses bonus movement"
    else:  # 2 + 2 -> 3 + 1: "Neither group may move until the next battle turn"
        w.occ[to] = tgt + g[-1:] if mover_on_top else g[-1:] + tgt
        if frm >= OUTSIDE:  # the single goes back to the crowd waiting outside
            w.occ[frm] = w.occ.get(frm, ()) + g[:-1]
        else:
            w.occ[frm] = g[:-1]
            w.moved.add(frm)
    w.moved.add(to)


def ask_join(s: RioState, frm: int, to: int, cmd: int) -> None:
    w = s.war
    w.consent = (frm, to, cmd)
    w.stage = CONSENT


def consent_player(s: RioState) -> int:
    w = s.war
    return w.occ[w.consent[1]][-1]


def answer_join(s: RioState, accept: bool) -> None:
    w = s.war
    frm, to, cmd = w.consent
    w.consent = None
    w.stage = MOVE
    if not accept:
        w.refused.add(frm)
        return
    g = w.occ.pop(frm)
    w.fought.pop(frm, None)
    w.bonus.discard(frm)
    w.merged.discard(frm)
    merge(s, frm, to, g, mover_on_top=cmd == 0)


def apply_bonus(s: RioState, pos: int, discard: int) -> None:
    """Discard one group to move another one space further (once per group and war turn)."""
    w = s.war
    g = w.occ.pop(discard)
    w.fought.pop(discard, None)
    w.merged.discard(discard)
    for o in g:
        if o != ATT:
            s.free[o] += 1
    w.bonus.add(pos)
    check_end(s)


def battle(s: RioState, pos: int, mg: tuple[int, ...], att_moving: bool) -> None:
    """Bigger group beats smaller; equal: both go, unless one side has dominance (Pirates; defenders in
    a district with a Barracks), which keeps one token. Surviving attackers then take a building:
    one attacker and the building are removed."""
    w = s.war
    other = w.occ.pop(pos, ())
    w.fought.pop(pos, None)
    w.merged.discard(pos)
    defenders, a = (other, len(mg)) if att_moving else (mg, len(other))
    d = len(defenders)
    dom_a = w.enemy == PIRATES
    dom_d = pos < CELLS and DISTRICT[pos] >= 0 and any(
        s.bkind[y] == BARRACKS for y in DISTRICT_CELLS[DISTRICT[pos]]
    )  # any Barracks, the attacker's too: only the spaces his workers occupy are off limits
    killed_a = killed_d = 0
    if d:
        if a > d:
            killed_d = d
        elif d > a:
            killed_a = a
        elif dom_a and not dom_d:
            killed_a, killed_d = a - 1, d
        elif dom_d and not dom_a:
            killed_a, killed_d = a, d - 1
        else:
            killed_a, killed_d = a, d
        score_defenders(s, defenders, killed_a, killed_d)
    survivors = defenders[: d - killed_d]
    a -= killed_a
    building = s.bkind[pos] if pos < CELLS else NONE
    if a and building:
        a -= 1
        value = war_value(building)
        s.gain(w.attacker, value, "war")
        owner = s.bowner[pos]
        if owner >= 0 and owner != w.attacker:
            s.gain(owner, 2, "war")  # decision: the building's owner is credited with the attacker it destroys
        if s.log:
            s.emit("destroy", f"The attackers destroy the {s.kind_name(building)} on {place_name(pos)}: "
                   f"+{value} VP for {s.player_name(w.attacker)}", player=w.attacker)
        set_building(s, pos, NONE, -1)
        s.tally_add("destroyed")
    if a:
        w.occ[pos] = (ATT,) * a
        w.fought[pos] = w.wturn
    elif survivors:
        w.occ[pos] = survivors
        w.fought[pos] = w.wturn
    w.moved.add(pos)
    w.fought_now = True
    w.battles += 1
    s.tally_add("battle")
    if s.log:
        s.emit("battle", f"Battle on {pos_name(pos)}: {killed_a} attacker(s) and {killed_d} defender(s) fall")
    check_end(s)


def score_defenders(s: RioState, group: tuple[int, ...], killed_a: int, killed_d: int) -> None:
    """2 VP per attacker destroyed, shared in proportion to the tokens in a mixed group (rounded), and
    2 VP per own token killed; the General adds 1 VP per enemy destroyed."""
    d = len(group)
    for q in sorted(set(group)):
        share = group.count(q) / d
        s.gain(q, round_half(2 * killed_a * share), "war")
        if general_active(s, q):
            s.gain(q, round_half(killed_a * share), "war")
    for q in group[d - killed_d:]:
        s.gain(q, 2, "war")
        s.free[q] += 1  # a killed token goes back to its owner


def round_half(x: float) -> int:
    return int(x + 0.5)


def check_end(s: RioState) -> None:
    if s.war is not None and s.war.stage in (MOVE, CONSENT) and not attackers_left(s):
        end_war(s)


def mover_done(s: RioState) -> None:
    w = s.war
    movers = w.movers()
    w.mover += 1
    while w.mover < len(movers) and not has_groups(s, mover_code(s, movers[w.mover])):
        w.mover += 1
    if w.mover < len(movers):
        return
    w.quiet = 0 if w.fought_now else w.quiet + 1
    if w.quiet >= QUIET_TURNS:  # the attacker must fight at least once every 3 war turns
        end_war(s)
        return
    w.wturn += 1
    w.fought_now = False
    w.moved.clear()
    w.bonus.clear()
    w.merged.clear()
    w.refused.clear()
    w.mover = 0
