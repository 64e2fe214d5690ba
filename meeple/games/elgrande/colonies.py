"""The Colonies' free actions (seed, "Ship" and "Gold and Wares"): at the start of a turn a player's
Caballeros that were on the Ship may sail to America, France, the Mediterranean or a coastal region
of Spain (not the King's region), and those that were in America or the Mediterranean may board the
Ship; unclaimed Gold and Wares may be claimed (a free action, also later in the turn).

`fresh` counts, per area (Ship, America, Mediterranean) and per carry (none, Gold, Wares), the
Caballeros that arrived there during these free moves: they were not there at the beginning of the
turn, so they may not move on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import pieces
from .data import ADJ_COLONIES, AMERICA, COASTAL_SPAIN, DISC_NAMES, FRANCE, GOLD, MED, NAMES, SHIP, WARES
from .pieces import replaced

CLAIM = {GOLD: ("claim", GOLD), WARES: ("claim", WARES)}

if TYPE_CHECKING:
    from .state import ElGrandeState

FIDX = {SHIP: 0, AMERICA: 1, MED: 2}


def movable(s: ElGrandeState, p: int, a: int, carry: int) -> int:
    return pieces.count(s, p, a, carry) - s.fresh[FIDX[a] * 3 + carry]


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
    out = []
    for a in (SHIP, AMERICA, MED):
        if s.cab[p][a]:
            fresh = FIDX[a] * 3
            for carry, k in enumerate(pieces.loads(s, p, a)):  # carry: 0 nothing, GOLD, WARES
                if k - s.fresh[fresh + carry] > 0:
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
        s.held = action[1:]
    elif verb == "drop":
        _, src, carry = s.held
        s.held = ()
        dst = action[1]
        before = len(s.discs)
        pieces.move(s, p, src, dst, carry)
        if dst in FIDX:
            i = FIDX[dst] * 3 + (carry if len(s.discs) == before else 0)
            s.fresh = replaced(s.fresh, i, s.fresh[i] + 1)
        if s.log:
            what = f" with {DISC_NAMES[carry]}" if carry else ""
            s.emit("sail", f"{s.player_name(p)} moves a Caballero{what} from {NAMES[src]} to {NAMES[dst]}",
                   player=p)
    elif verb == "claim":
        kind = action[1]
        a = AMERICA if kind == GOLD else MED
        # the claim is made by a Caballero that was there at the start of the turn when possible,
        # so that it may still sail on; otherwise a newly arrived one holds the disc
        i = FIDX[a] * 3
        original_plain = pieces.plain(s, p, a) - s.fresh[i]
        pieces.claim(s, p, kind)
        if original_plain <= 0:
            fresh = s.fresh[:]
            fresh[i] -= 1
            fresh[i + kind] += 1
            s.fresh = fresh
    elif verb == "done":
        from .flow import enter_court  # here, not at the top: flow imports this module

        enter_court(s)
