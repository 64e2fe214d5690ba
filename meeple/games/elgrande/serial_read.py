"""Reading a state document (to_json output, or one a person edited to set up a position). Every
field is checked; an inconsistent document raises BadState with one clear sentence."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.engine import BadState
from meeple.engine.schema import field, int_in, int_list, require

from .data import CABALLEROS, CARDS, COLONY, FRANCE, GOLD, NUM_AREAS, NUM_CARDS, STACKS, WARES
from .phases import DISK_NAMES, OVER, PHASE_NAMES

if TYPE_CHECKING:
    from .state import ElGrandeState


def _name(doc: Mapping[str, Any], key: str, names: tuple[str, ...]) -> int:
    v = field(doc, key, str)
    if v not in names:
        raise BadState(f"state field {key!r} must be one of {', '.join(names)}, got {v!r}")
    return names.index(v)


def _per_player(doc: Mapping[str, Any], key: str, n: int, length: int, lo: int, hi: int) -> list[list[int]]:
    rows = field(doc, key, list)
    require(len(rows) == n, f"state field {key!r} must have one row per player ({n})")
    return [int_list({key: r}, key, length=length, lo=lo, hi=hi) for r in rows]


def _masks(doc: Mapping[str, Any], key: str, n: int) -> list[int]:
    """Per player a list of power-card values, read as bit masks (bit v-1 = card v)."""
    rows = field(doc, key, list)
    require(len(rows) == n, f"{key!r} must list power cards for each player ({n})")
    out = []
    for row in rows:
        m = 0
        for v in int_list({key: row}, key, lo=1, hi=13):
            m |= 1 << (v - 1)
        out.append(m)
    return out


def read(s: ElGrandeState, doc: Mapping[str, Any]) -> None:
    n = s.num_players
    rounds = int_list(doc, "rounds", lo=1, hi=9)
    require(tuple(rounds) == s.rounds, f"'rounds' must be {list(s.rounds)} with these options")
    s.round_i = int_in(doc, "round_i", 0, len(rounds))
    s.phase = _name(doc, "phase", PHASE_NAMES)
    s.scores = int_list(doc, "scores", length=n, lo=0)
    s.parts = _per_player(doc, "parts", n, 3, 0, 10**6)
    s.cab = _per_player(doc, "cab", n, NUM_AREAS, 0, CABALLEROS)
    s.court = int_list(doc, "court", length=n, lo=0, hi=CABALLEROS)
    s.prov = int_list(doc, "prov", length=n, lo=0, hi=CABALLEROS)
    for p in range(n):
        total = sum(s.cab[p]) + s.court[p] + s.prov[p]
        require(total == CABALLEROS, f"player {p} has {total} Caballeros in cab+court+prov; it must be {CABALLEROS}")
    s.grande = int_list(doc, "grande", length=n, lo=0, hi=NUM_AREAS - 1)
    require(9 not in s.grande, "a Grande never goes into the Castillo")
    require(s.colonies or max(s.grande) < 9, "without colonies=true the Grandes stand in the 9 regions of Spain")
    s.king = int_in(doc, "king", 0, FRANCE if s.colonies else 8)
    require(s.king != 9, "the King never stands in the Castillo")
    s.mobile = int_list(doc, "mobile", length=2, lo=-1, hi=NUM_AREAS - 1)
    require(9 not in s.mobile, "a mobile scoreboard never goes on the Castillo")
    s.france = int_list(doc, "france", length=3, lo=-1, hi=n - 1)
    s.captain = int_in(doc, "captain", -1, n - 1)
    s.viceroy = int_in(doc, "viceroy", -1, n - 1)
    discs = field(doc, "discs", list)
    s.discs = []
    for d in discs:
        require(isinstance(d, list) and len(d) == 3, f"a disc is [kind, area, carrier], got {d!r}")
        kind, area, carrier = d
        require(kind in (GOLD, WARES), f"disc kind must be 1 (Gold) or 2 (Wares), got {kind!r}")
        require(isinstance(area, int) and 10 <= area < NUM_AREAS, f"a disc lies in a new region, got {area!r}")
        require(isinstance(carrier, int) and -1 <= carrier < n, f"disc carrier must be -1..{n - 1}")
        s.discs.append((kind, area, carrier))
    # the supply beside the board is what is not in play (our supply sizes are a design decision, so
    # a hand-made position need not count them): the document's "supply" is not needed
    if "supply" in doc:
        field(doc, "supply", dict)
    in_play = [0, sum(1 for d in s.discs if d[0] == GOLD), sum(1 for d in s.discs if d[0] == WARES)]
    caps = [0, COLONY["gold_supply"], COLONY["wares_supply"]] if s.colonies else [0, 0, 0]
    require(in_play[GOLD] <= caps[GOLD] and in_play[WARES] <= caps[WARES],
            f"at most {caps[GOLD]} Gold and {caps[WARES]} Wares discs exist; the document has "
            f"{in_play[GOLD]} and {in_play[WARES]} in play")
    s.supply = [0, caps[GOLD] - in_play[GOLD], caps[WARES] - in_play[WARES]]
    used = field(doc, "used", list)
    require(len(used) == n, "'used' must list the spent power cards of each player")
    s.used = _masks(doc, "used", n)
    # optional (documents written before them have none): no power card taken back in secret
    s.back = _masks(doc, "back", n) if "back" in doc else [0] * n
    s.maybe = _masks(doc, "maybe", n) if "maybe" in doc else [0] * n
    s.played = int_list(doc, "played", length=n, lo=0, hi=13)
    s.order = int_list(doc, "order", length=n, lo=0, hi=n - 1)
    require(sorted(s.order) == list(range(n)), "'order' must list every player once")
    s.bid_i = int_in(doc, "bid_i", 0, n)
    s.turns = int_list(doc, "turns", lo=0, hi=n - 1)
    s.turn_i = int_in(doc, "turn_i", 0, n)
    decks = field(doc, "decks", dict)
    s.decks = [int_list(decks, str(st), lo=0, hi=NUM_CARDS - 1, where="decks") if str(st) in decks else []
               for st in STACKS]
    for st, d in zip(STACKS, s.decks):
        for c in d:
            require(CARDS[c]["stack"] == st, f"card {c} ({CARDS[c]['name']}) is not of stack {st}")
    s.faceup = int_list(doc, "faceup", lo=0, hi=NUM_CARDS - 1)
    s.vetoes = [tuple(int_list({"veto": v}, "veto", length=3)) for v in field(doc, "vetoes", list)]
    s.disk = int_list(doc, "disk", length=n, lo=-1, hi=8)
    s.disk_need = int_list(doc, "disk_need", length=n, lo=0, hi=1)
    s.disk_kind = _name(doc, "disk_kind", DISK_NAMES)
    s.cur = int_in(doc, "cur", -1, n - 1)
    s.card = int_in(doc, "card", -1, NUM_CARDS - 1)
    s.placed = int_in(doc, "placed", 0, 5)
    s.place_state = int_in(doc, "place_state", 0, 2)
    s.special_done = int_in(doc, "special_done", 0, 1)
    s.fresh = int_list(doc, "fresh", length=9, lo=0)
    # optional (documents written before it have none): nobody's Captain/Viceroy arrived this turn
    s.fresh_roles = int_list(doc, "fresh_roles", length=2, lo=0, hi=1) if "fresh_roles" in doc else [0, 0]
    s.eff = int_in(doc, "eff", -1, NUM_CARDS - 1)
    s.sub = int_in(doc, "sub", -1, 1)
    s.step = field(doc, "step", int)
    s.left = field(doc, "left", int)
    s.own_left = field(doc, "own_left", int)
    s.opp_left = field(doc, "opp_left", int)
    s.lock = int_in(doc, "lock", -1, NUM_AREAS - 1)
    held = field(doc, "held", list)
    require(len(held) in (0, 3), "'held' is [] or [owner, area, carry]")
    s.held = tuple(held)
    s.queue = int_list(doc, "queue", lo=0, hi=n - 1)
    s.arg = field(doc, "arg", int)
    s.last_start = int_in(doc, "last_start", 0, n - 1)
    s.kept = []
    for k in (field(doc, "kept", list) if "kept" in doc else []):
        require(isinstance(k, list) and len(k) == 2, f"a kept card is [card, holder], got {k!r}")
        c, h = int_list({"kept": k}, "kept", length=2, lo=0)
        require(c < NUM_CARDS and CARDS[c]["stack"] == 7 and s.colonies,
                f"only 7th-stack cards (colonies=true) are kept for a later special action, not card {c}")
        require(h < n, f"kept card {c}: holder {h} is not a player")
        s.kept.append((c, h))
    post = field(doc, "post", list) if "post" in doc else []
    require(len(post) in (0, 2), "'post' is [] or [area, owner]: the empty Captain's (area 11) or Viceroy's "
            "(area 12) space offered to the player on turn")
    s.post = tuple(int_list({"post": post}, "post", length=len(post), lo=0))
    # optional (documents written before it have none): no Veto! holder is being asked mid-action
    s.asking = int_list(doc, "asking", lo=0, hi=n - 1) if "asking" in doc else []
    # cross-field consistency
    for p in range(n):
        require(s.france.count(p) == s.cab[p][FRANCE],
                f"player {p} has {s.cab[p][FRANCE]} Caballeros in France but holds {s.france.count(p)} of its spaces")
    if s.captain >= 0:
        require(s.cab[s.captain][11] > 0, "the Captain's player has no Caballero on the Ship")
    if s.viceroy >= 0:
        require(s.cab[s.viceroy][12] > 0, "the Viceroy's player has no Caballero in America")
    if not s.colonies:
        require(all(sum(s.cab[p][10:]) == 0 for p in range(n)) and not s.discs,
                "without colonies=true no Caballero or disc may be in the new regions")
    require(s.phase == OVER or s.round_i < len(s.rounds), "'round_i' is past the last round but the game is not over")
    if s.phase in (2, 3, 4, 5, 6, 1) or (s.phase == 7):
        require(s.cur >= 0, "a turn is under way: 'cur' must name the player")
    if s.phase in (5, 6, 7):
        require(s.card >= 0, "an action card must have been taken ('card')")
    if s.phase in (6, 7):
        require(s.eff >= 0, "a special action is running: 'eff' must name its card")
    if s.phase == 7:
        require(bool(s.queue), "a Veto question needs 'queue' of players to ask")
    if s.phase == 8:
        require(any(s.disk_need[p] and s.disk[p] < 0 for p in range(n)), "no player has a secret disk to set")
    if s.phase == 0:
        require(s.bid_i < n, "'bid_i' must point to the player about to play a power card")
    from .consistency import check_document

    check_document(s)
