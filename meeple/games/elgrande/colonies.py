"""The Colonies' free actions (seed, "Ship" and "Gold and Wares"): at the start of a turn a player's
Caballeros that were on the Ship may sail to America, France, the Mediterranean or a coastal region
of Spain (not the King's region), and those that were in America or the Mediterranean may board the
Ship; unclaimed Gold and Wares may be claimed (a free action, also later in the turn).

`fresh` counts, per area (Ship, America, Mediterranean) and per carry (none, Gold, Wares), the
Caballeros that arrived there during these free moves: they were not there at the beginning of the
turn, so they may not move on. `fresh_roles` says whether the player's Captain / Viceroy is one of
those arrivals (it took the empty space on arriving): so it is known exactly which of the player's
Caballeros without a disc may move, the Captain/Viceroy or the others (a `pick` names one or the
other, pieces.ROLE)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import pieces
from .data import ADJ_COLONIES, AMERICA, COASTAL_SPAIN, DISC_NAMES, FRANCE, GOLD, MED, SHIP, THE, WARES
from .pieces import FIDX, ROLE, replaced

CLAIM = {GOLD: ("claim", GOLD), WARES: ("claim", WARES)}

if TYPE_CHECKING:
    from .state import ElGrandeState


def movable(s: ElGrandeState, p: int, a: int, carry: int) -> int:
    """How many Caballeros `pick p a carry` may name at the free moves (only those that were in area a
    at the beginning of the turn): for GOLD / WARES the carriers not counted in `fresh`; for carry 0
    the others (pieces.others), or when there are none the Captain/Viceroy; for ROLE the
    Captain/Viceroy, only while carry 0 names another one."""
    if carry in DISC_NAMES:
        return pieces.carriers(s, p, a, carry) - s.fresh[FIDX[a] * 3 + carry]
    role = int(pieces.holds_role(s, p, a) and not pieces.role_fresh(s, a))
    others = pieces.others(s, p, a)
    if carry == ROLE:
        return role if others > 0 else 0
    return others if others > 0 else role


def sail_targets(s: ElGrandeState, src: int) -> list[int]:
    """From America or the Mediterranean: the Ship. From the Ship: America, the Mediterranean, the
    coastal regions of Spain but the King's, and France when the King is in Aragon or Catalonia
    (seed: "Caballeros can be moved to France when the King is in Aragon or Catalonia, directly from
    a player's court or the ship") while it has a free space."""
    if src != SHIP:
        return [SHIP]
    out = [AMERICA, MED]
    if s.king in ADJ_COLONIES[FRANCE] and pieces.france_free(s) > 0:
        out.append(FRANCE)
    return out + [a for a in COASTAL_SPAIN if a != s.king]


def claim_actions(s: ElGrandeState, p: int) -> list[tuple]:
    if not s.discs or not (s.cab[p][AMERICA] or s.cab[p][MED] or s.viceroy == p):
        return []  # no disc on the board, or no Caballero of p in America or the Mediterranean to claim one
    return [CLAIM[k] for k in (GOLD, WARES) if pieces.claimable(s, p, k)]


def free_picks(s: ElGrandeState, p: int) -> list[tuple]:
    """p's Caballeros that may sail: those that were on the Ship / in America / in the Mediterranean
    at the beginning of the turn (seed, Ship), by what they carry (0, ROLE, GOLD, WARES as in
    effects._picks)."""
    out = []
    for a in (SHIP, AMERICA, MED):
        if s.cab[p][a]:
            if movable(s, p, a, 0) > 0:
                out.append(("pick", p, a, 0))
                if movable(s, p, a, ROLE) > 0:
                    out.append(("pick", p, a, ROLE))
            if s.discs:
                for carry in (GOLD, WARES):
                    if movable(s, p, a, carry) > 0:
                        out.append(("pick", p, a, carry))
    return out


def has_free(s: ElGrandeState, p: int) -> bool:
    return bool(s.cab[p][SHIP] or s.cab[p][AMERICA] or s.cab[p][MED] or claim_actions(s, p))


def free_actions(s: ElGrandeState, p: int) -> list[tuple]:
    if s.held:
        return [("drop", a) for a in sail_targets(s, s.held[1])]
    return free_picks(s, p) + claim_actions(s, p) + [("done",)]


def apply_free(s: ElGrandeState, p: int, action: tuple) -> None:
    verb = action[0]
    if verb == "pick":
        _, o, a, carry = action
        s.held = (o, a, pieces.resolve(s, o, a, carry))  # exactly which Caballero is in hand
    elif verb == "drop":
        _, src, carry = s.held
        s.held = ()
        dst = action[1]
        before = len(s.discs)
        pieces.move(s, p, src, dst, carry)
        if dst in FIDX:
            # it arrived this turn: it may not move on (counted by what it carries now)
            kept = carry in DISC_NAMES and len(s.discs) == before
            i = FIDX[dst] * 3 + (carry if kept else 0)
            s.fresh = replaced(s.fresh, i, s.fresh[i] + 1)
        if s.log:
            what = f" with {DISC_NAMES[carry]}" if carry in DISC_NAMES else ""
            who = f"the {pieces.POST_NAMES[src][0]}" if carry == ROLE else "a Caballero"
            s.emit("sail", f"{s.player_name(p)} moves {who}{what} from {THE[src]} to {THE[dst]}",
                   player=p, src=src, dst=dst)
    elif verb == "claim":
        kind = action[1]
        a = AMERICA if kind == GOLD else MED
        # pieces.claim takes a Caballero without a disc that is not the Viceroy, else the Viceroy
        # resigns; of the former, one that was there at the start of the turn when possible, so that
        # it may still sail on; otherwise the new carrier arrived this turn and stays
        i = FIDX[a] * 3
        resigns = pieces.plain(s, p, a) - pieces.holds_role(s, p, a) <= 0
        arrived = pieces.role_fresh(s, a) if resigns else pieces.others(s, p, a) <= 0
        pieces.claim(s, p, kind)
        if arrived:
            fresh = s.fresh[:]
            fresh[i] -= 1
            fresh[i + kind] += 1
            s.fresh = fresh
            if resigns:
                s.fresh_roles = replaced(s.fresh_roles, pieces.ROLE_SLOT[a], 0)
    elif verb == "done":
        from .flow import enter_court  # here, not at the top: flow imports this module

        enter_court(s)
