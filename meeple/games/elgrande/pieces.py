"""Moving Caballeros: placement, repositioning, returns; the France spaces, the Captain, the Viceroy
and the Gold/Wares discs a Caballero may carry (the seed's "special rules for a Caballero with a disc").

A disc is a tuple (kind, area, carrier): kind GOLD or WARES, the area where it lies, and the player
whose Caballero carries it there (-1 = unclaimed, lying in America or the Mediterranean).
Caballeros are counted per player and area (`cab[p][a]`); carriers, the Captain and the Viceroy are
among those counts, the discs and role fields only say which of them are special.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from .data import (
    AMERICA,
    AT,
    CASTILLO,
    COURT,
    DISC_HOME,
    DISC_NAMES,
    DISC_VALUE,
    FRANCE,
    FRANCE_CAP,
    GOLD,
    MED,
    SHIP,
    SPAIN,
    THE,
)
from .phases import FREE

if TYPE_CHECKING:
    from .state import ElGrandeState

T = TypeVar("T")
PROVINCES = 15  # pseudo-area: a player's provinces
# The carry code of `pick owner area carry` that names the Captain (on the Ship) / the Viceroy (in
# America) itself: with carry 0 ("a Caballero without a disc") the owner's other Caballeros go first, so
# without this code nobody could choose the role holder while its owner had another one there (seed:
# "the Captain may leave the ship using the same rules as for Caballeros").
ROLE = 3


def replaced(items: list[T], i: int, value: T) -> list[T]:
    """A copy of `items` with item i set to `value`: lists that clones share are never changed in place."""
    out = items[:]
    out[i] = value
    return out


def area_name(a: int) -> str:
    if a == COURT:
        return "court"
    if a == PROVINCES:
        return "provinces"
    return THE[a]


def carriers(s: ElGrandeState, p: int, a: int, kind: int = 0) -> int:
    """How many of p's Caballeros in area a carry a disc (of `kind`, or of any kind when 0)."""
    n = 0
    for k, area, c in s.discs:
        if c == p and area == a and (kind == 0 or k == kind):
            n += 1
    return n


def plain(s: ElGrandeState, p: int, a: int) -> int:
    """p's Caballeros in a that carry nothing (the Captain and Viceroy included)."""
    if not s.discs:
        return s.cab[p][a]
    return s.cab[p][a] - carriers(s, p, a)


def loads(s: ElGrandeState, p: int, a: int) -> list[int]:
    """p's Caballeros in area a by what they carry: [nothing, Gold, Wares] (one pass over the discs)."""
    out = [s.cab[p][a], 0, 0]
    for k, area, c in s.discs:
        if c == p and area == a:
            out[k] += 1
            out[0] -= 1
    return out


def holds_role(s: ElGrandeState, p: int, a: int) -> bool:
    """p's Caballero in area a is the Captain (a = Ship) or the Viceroy (a = America)."""
    return (a == SHIP and s.captain == p) or (a == AMERICA and s.viceroy == p)


# where an area's arrivals at the free moves of the Ship are counted in `fresh` (3 slots: by carry)
FIDX = {SHIP: 0, AMERICA: 1, MED: 2}
ROLE_SLOT = {SHIP: 0, AMERICA: 1}  # index in `fresh_roles`: the Captain, the Viceroy


def others(s: ElGrandeState, p: int, a: int) -> int:
    """p's Caballeros without a disc in a, the Captain/Viceroy aside, that may move now: at the free
    moves of the Ship (phase free, p on turn) only those that were there at the beginning of the turn
    (seed, Ship), i.e. not counted in `fresh`."""
    n = plain(s, p, a) - holds_role(s, p, a)
    if s.phase == FREE and p == s.cur and a in FIDX:
        n -= s.fresh[FIDX[a] * 3] - role_fresh(s, a)  # the arrivals, a newly made Captain/Viceroy aside
    return n


def role_fresh(s: ElGrandeState, a: int) -> int:
    """1 when the Captain (a = Ship) / Viceroy (a = America) of the player on turn arrived during
    this turn's free moves (it is then one of the arrivals without a disc counted in `fresh`)."""
    return s.fresh_roles[ROLE_SLOT[a]] if a in ROLE_SLOT else 0


def resolve(s: ElGrandeState, p: int, a: int, carry: int) -> int:
    """The Caballero a `pick` names: carry 0 is one without a disc that is not the Captain/Viceroy
    while p has such a one that may move, else the Captain/Viceroy (ROLE); the other codes name
    themselves."""
    if carry == 0 and holds_role(s, p, a) and others(s, p, a) <= 0:
        return ROLE
    return carry


def count(s: ElGrandeState, p: int, a: int, carry: int) -> int:
    """How many of p's Caballeros in a fit `carry`: 0 without a disc (the Captain/Viceroy included),
    GOLD / WARES carrying one, ROLE the Captain/Viceroy itself (0 or 1)."""
    if carry == ROLE:
        return int(holds_role(s, p, a))
    return plain(s, p, a) if carry == 0 else carriers(s, p, a, carry)


def france_free(s: ElGrandeState) -> int:
    return FRANCE_CAP - sum(1 for x in s.france if x >= 0)


def _enter(s: ElGrandeState, p: int, a: int, carry: int) -> None:
    s.cab[p][a] += 1
    if a == FRANCE:
        # the arriving Caballero takes the most valuable free space (Ambassador, Envoy, then the third)
        s.france = replaced(s.france, s.france.index(-1), p)
    elif carry:
        return  # a carrier can be neither Captain nor Viceroy
    elif (a == SHIP and s.captain < 0) or (a == AMERICA and s.viceroy < 0):
        # seed: "If the Captain's [Viceroy's] space is empty when a player moves Caballeros to the ship
        # [to America], the player may put one on the space": the mover is asked next (take_post)
        s.post = (a, p)


def _leave(s: ElGrandeState, p: int, a: int, carry: int) -> None:
    if a == FRANCE:
        # the leaving Caballero gives up p's least valuable space
        for i in range(len(s.france) - 1, -1, -1):
            if s.france[i] == p:
                s.france = replaced(s.france, i, -1)
                break
    elif carry == ROLE or (not carry and a in (SHIP, AMERICA) and plain(s, p, a) == 1):
        # the Captain / Viceroy leaves when named (ROLE), or as p's last Caballero there without a disc
        # (carry 0 takes another one while there is one); its space stays empty, nobody is promoted
        if a == SHIP and s.captain == p:
            s.captain = -1
        elif a == AMERICA and s.viceroy == p:
            s.viceroy = -1
    s.cab[p][a] -= 1


POST_NAMES = {SHIP: ("Captain", "the Ship", "on"), AMERICA: ("Viceroy", "America", "in")}  # role, area, "on/in"


def take_post(s: ElGrandeState, take: bool) -> None:
    """The answer to the offer of an empty Captain's / Viceroy's space (`s.post` = (area, owner of
    the Caballero that just arrived)): put that Caballero on the space, or leave the space empty."""
    a, o = s.post
    s.post = ()
    if take:
        if a == SHIP:
            s.captain = o
        else:
            s.viceroy = o
        if s.phase == FREE:
            # it arrived during the free moves of the Ship: as the Captain/Viceroy it may not move on
            s.fresh_roles = replaced(s.fresh_roles, ROLE_SLOT[a], 1)
    if s.log:
        role, where, _ = POST_NAMES[a]
        if take:
            s.emit("post", f"{s.player_name(o)}'s Caballero becomes the {role} of {where}", player=o, area=a)
        else:
            s.emit("post", f"{s.player_name(s.cur)} leaves the {role}'s space empty", player=s.cur)


def place(s: ElGrandeState, p: int, a: int) -> None:
    """One Caballero from p's court into area a."""
    s.court[p] -= 1
    _enter(s, p, a, 0)


def _disc_index(s: ElGrandeState, p: int, a: int, kind: int) -> int:
    for i, (k, area, c) in enumerate(s.discs):
        if c == p and area == a and k == kind:
            return i
    raise AssertionError("no such carrier")


def move(s: ElGrandeState, p: int, src: int, dst: int, carry: int = 0) -> None:
    """One of p's Caballeros (carrying `carry`, 0 = nothing; ROLE = the Captain/Viceroy itself) from
    area src to dst (an area, COURT or PROVINCES). A disc reaching Spain is delivered and scores at
    once; a disc whose carrier goes into the Castillo, the court or the provinces is put back with the
    others beside the board."""
    i = _disc_index(s, p, src, carry) if carry in DISC_NAMES else -1
    if src == COURT:
        s.court[p] -= 1
    else:
        _leave(s, p, src, carry)
    if carry == ROLE:
        carry = 0  # the former Captain/Viceroy arrives as a Caballero without a disc
    if carry and (dst in SPAIN or dst in (CASTILLO, COURT, PROVINCES)):
        kind = s.discs[i][0]
        s.discs = s.discs[:i] + s.discs[i + 1:]
        if dst in SPAIN:
            s.supply = replaced(s.supply, kind, s.supply[kind] + 1)  # delivered discs join the others
            s.scores[p] += DISC_VALUE[kind]
            s.parts[p][2] += DISC_VALUE[kind]
            if s.log:
                s.emit("deliver", f"{s.player_name(p)} brings {DISC_NAMES[kind]} to {THE[dst]}: "
                       f"+{DISC_VALUE[kind]}", player=p, area=dst, disc=kind)
        else:
            s.supply = replaced(s.supply, kind, s.supply[kind] + 1)
            if s.log:
                s.emit("disc", f"{s.player_name(p)}'s {DISC_NAMES[kind]} goes back beside the board", player=p)
        carry = 0
    elif carry:
        s.discs = replaced(s.discs, i, (carry, dst, p))
    if dst == COURT:
        s.court[p] += 1
    elif dst == PROVINCES:
        s.prov[p] += 1
    else:
        _enter(s, p, dst, carry)


def return_one(s: ElGrandeState, p: int, a: int, own_choice: bool) -> None:
    """Send one of p's Caballeros from a (or the court) to the provinces; a plain one when there is
    one (another player may never send a carrier to the provinces)."""
    if a == COURT:
        s.court[p] -= 1
        s.prov[p] += 1
        return
    if plain(s, p, a):
        move(s, p, a, PROVINCES, 0)
    else:
        assert own_choice, "a carrier is sent to the provinces only by its owner"
        for k, area, c in s.discs:
            if c == p and area == a:
                move(s, p, a, PROVINCES, k)
                return


def claimable(s: ElGrandeState, p: int, kind: int) -> bool:
    """p may put a Caballero on an unclaimed disc of `kind` in its region (the Viceroy only by
    resigning, and only for Gold)."""
    a = DISC_HOME[kind]
    unclaimed = carried = 0  # one pass over the discs: is one of `kind` free there, and p's carriers
    for k, area, c in s.discs:
        if area == a:
            if c < 0:
                unclaimed += k == kind
            elif c == p:
                carried += 1
    if not unclaimed:
        return False
    free = s.cab[p][a] - carried - (1 if a == AMERICA and s.viceroy == p else 0)
    return free > 0 or (kind == GOLD and s.viceroy == p)


def claim(s: ElGrandeState, p: int, kind: int) -> None:
    a = DISC_HOME[kind]
    free = plain(s, p, a) - (1 if a == AMERICA and s.viceroy == p else 0)
    if free <= 0:
        s.viceroy = -1  # the Viceroy resigns to claim Gold
    for i, (k, area, c) in enumerate(s.discs):
        if k == kind and area == a and c < 0:
            s.discs = replaced(s.discs, i, (k, a, p))
            break
    if s.log:
        s.emit("claim", f"{s.player_name(p)} claims {DISC_NAMES[kind]} {AT[a]}", player=p, area=a, disc=kind)
