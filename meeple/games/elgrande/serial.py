"""The state's JSON document (schema in RULES.md), the players' views and the invariants."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .data import CABALLEROS, CARDS, CASTILLO, COLONY, FRANCE, GOLD, NAMES, NUM_AREAS, SHIP, STACKS, WARES
from .phases import DISK_NAMES, PHASE_NAMES

if TYPE_CHECKING:
    from .state import ElGrandeState


def values(mask: int) -> list[int]:
    """The power-card values whose bit (v-1) is set in mask."""
    return [v for v in range(1, 14) if (mask >> (v - 1)) & 1]


def to_doc(s: ElGrandeState) -> dict[str, Any]:
    return {
        "rounds": list(s.rounds),
        "round_i": s.round_i,
        "phase": PHASE_NAMES[s.phase],
        "scores": s.scores[:],
        "parts": [x[:] for x in s.parts],
        "cab": [x[:] for x in s.cab],
        "court": s.court[:],
        "prov": s.prov[:],
        "grande": s.grande[:],
        "king": s.king,
        "mobile": s.mobile[:],
        "france": s.france[:],
        "captain": s.captain,
        "viceroy": s.viceroy,
        "discs": [list(d) for d in s.discs],
        "supply": {"gold": s.supply[GOLD], "wares": s.supply[WARES]},
        "used": [values(m) for m in s.used],
        "back": [values(m) for m in s.back],
        "maybe": [values(m) for m in s.maybe],
        "played": s.played[:],
        "order": s.order[:],
        "bid_i": s.bid_i,
        "turns": s.turns[:],
        "turn_i": s.turn_i,
        "decks": {str(st): d[:] for st, d in zip(STACKS, s.decks)},
        "faceup": s.faceup[:],
        "vetoes": [list(v) for v in s.vetoes],
        "disk": s.disk[:],
        "disk_need": s.disk_need[:],
        "disk_kind": DISK_NAMES[s.disk_kind],
        "cur": s.cur,
        "card": s.card,
        "placed": s.placed,
        "place_state": s.place_state,
        "special_done": s.special_done,
        "fresh": s.fresh[:],
        "fresh_roles": s.fresh_roles[:],
        "eff": s.eff,
        "sub": s.sub,
        "step": s.step,
        "left": s.left,
        "own_left": s.own_left,
        "opp_left": s.opp_left,
        "lock": s.lock,
        "held": list(s.held),
        "queue": s.queue[:],
        "arg": s.arg,
        "last_start": s.last_start,
        "kept": [list(k) for k in s.kept],
        "post": list(s.post),
        "asking": s.asking[:],
    }


def view(s: ElGrandeState, player: int | None) -> dict[str, Any]:
    """Everything public. The Castillo's Caballeros are shown by colour: nobody may look into the
    tower, but every Caballero goes in announced (rules reference §5: "You must announce how many
    you drop in"; a card's move names its colour) and comes out only when it is opened at the table,
    so its contents are what the log told everyone. Hidden: pending secret disks (shown to their
    owner only), the order of the stacks, which power card came back in secret."""
    doc = to_doc(s)
    n = s.num_players
    doc["disk"] = [s.disk[q] if q == player else (-1 if s.disk[q] < 0 else "set") for q in range(n)]
    # Power of the Cards: another player's pile is every card the table saw played and not seen back
    # (their used cards and those taken back in secret); how many came back in secret is public
    doc["used"] = [values(s.used[q] if q == player else s.used[q] | s.back[q]) for q in range(n)]
    doc["back"] = [values(s.back[q]) if q == player else None for q in range(n)]
    doc["taken_back"] = [bin(m).count("1") for m in s.back]
    doc["decks"] = {str(st): len(d) for st, d in zip(STACKS, s.decks)}
    doc["faceup_names"] = [CARDS[c]["name"] for c in s.faceup]
    doc["areas"] = list(NAMES)
    doc["player"] = player
    doc["to_move"] = s.to_move()
    doc.pop("rng", None)
    return doc


def check(s: ElGrandeState) -> None:
    n = s.num_players
    for p in range(n):
        assert len(s.cab[p]) == NUM_AREAS
        assert min(s.cab[p]) >= 0 and s.court[p] >= 0 and s.prov[p] >= 0, f"negative count for player {p}"
        total = sum(s.cab[p]) + s.court[p] + s.prov[p]
        assert total == CABALLEROS, f"player {p} has {total} Caballeros, not {CABALLEROS}"
        assert s.cab[p][s.king] >= 0
        assert s.france.count(p) == s.cab[p][FRANCE], "every Caballero in France holds one of its spaces"
    assert sum(1 for x in s.france if x >= 0) <= 3
    assert 0 <= s.king < 9 or (s.colonies and s.king == FRANCE), "the King stands in Spain or France"
    for q in s.grande:
        assert 0 <= q < 9 or (s.colonies and q in (FRANCE, SHIP, 12, 13)), "Grandes stand in regions"
    for k, a, c in s.discs:
        assert k in (GOLD, WARES)
        if c < 0:
            assert a == (12 if k == GOLD else 13), "an unclaimed disc lies in its home region"
    for p in range(n):
        for a in range(NUM_AREAS):
            carried = sum(1 for _, ar, c in s.discs if c == p and ar == a)
            roles = (1 if a == SHIP and s.captain == p else 0) + (1 if a == 12 and s.viceroy == p else 0)
            assert carried + roles <= s.cab[p][a], "a carrier is never the Captain or the Viceroy"
            assert not (carried and a == CASTILLO), "no disc goes into the Castillo"
    if s.colonies:
        gold = sum(1 for d in s.discs if d[0] == GOLD) + s.supply[GOLD]
        wares = sum(1 for d in s.discs if d[0] == WARES) + s.supply[WARES]
        assert gold == COLONY["gold_supply"] and wares == COLONY["wares_supply"], "discs are conserved"
    else:
        assert not s.discs
    assert len(set(s.mobile) - {-1}) == sum(1 for m in s.mobile if m >= 0), "two scoreboards never share a region"
    for a in s.mobile:
        assert a != CASTILLO
    assert s.phase == 9 or len(s.vetoes) <= 2
    for c, h in s.kept:
        assert CARDS[c]["stack"] == 7 and 0 <= h < n, "only 7th-stack cards are kept, by a player"
    for holder, slot, arrivals in ((s.captain, 0, 0), (s.viceroy, 1, 3)):  # Ship, America
        if s.fresh_roles[slot]:
            assert s.phase == 1 and holder == s.cur, \
                "only the free moves mark the on-turn player's Captain/Viceroy as arrived this turn"
            assert s.fresh[arrivals] >= 1, "an arrived Captain/Viceroy is one of the arrivals in 'fresh'"
    if s.post:
        a, o = s.post
        assert (a == SHIP and s.captain < 0) or (a == 12 and s.viceroy < 0), "only an empty space is offered"
        assert 0 <= o < n and s.cab[o][a] > sum(1 for _, ar, c in s.discs if c == o and ar == a), \
            "the offered space goes to a Caballero without a disc"
