"""The war in progress: a small slotted record kept apart from the peacetime state."""

from __future__ import annotations

from typing import Any

# Stages of a war, in the rulebook's order.
DEPLOY, BET, KILL, RECRUIT, MOVE, CONSENT, KEEP = "deploy", "bet", "kill", "recruit", "move", "consent", "keep"
STAGES = (DEPLOY, BET, KILL, RECRUIT, MOVE, CONSENT, KEEP)
ATT = -1  # owner code of an attacker token (a purple marker)


class War:
    """Groups live in `occ`: position -> tuple of owners from the bottom of the stack to the top
    (attackers are ATT). Positions 0..159 are city spaces, 160 + c is outside the city next to the
    perimeter space c. A position holds at most one group."""

    __slots__ = (
        "enemy", "attacker", "defenders", "stage", "pool", "occ", "offlimits", "gunner", "gunner_char",
        "kills", "rec", "rec_free", "rec_paid", "wturn", "quiet", "fought_now", "mover", "moved",
        "bonus", "merged", "fought", "refused", "consent", "keep", "battles",
    )

    enemy: int
    attacker: int
    defenders: list[int]  # defending players in player order
    stage: str
    pool: int  # attackers still to deploy
    occ: dict[int, tuple[int, ...]]
    offlimits: frozenset[int]  # the spaces the attacking player's workers occupy: out of play
    gunner: int
    gunner_char: bool  # the gunner holds the Gunner office (+1 to the roll, 2 VP a kill)
    kills: int  # attackers the cannons still remove
    rec: int  # index in defenders of the player recruiting now
    rec_free: int
    rec_paid: int
    wturn: int  # war turn, from 1
    quiet: int  # consecutive war turns without a battle
    fought_now: bool
    mover: int  # index in [attacker] + defenders of the player moving now
    moved: set[int]  # positions of groups that have finished their move this war turn
    bonus: set[int]  # positions of groups given their bonus movement this war turn
    merged: set[int]  # positions of groups formed by a merge this war turn: they move only by a bonus
    fought: dict[int, int]  # position -> war turn of the group's last battle
    refused: set[int]  # groups whose merge was refused this war turn
    consent: tuple[int, int, int] | None  # (from, to, commander flag) waiting for the other colour
    keep: int  # index in defenders deciding which groups stay on the map
    battles: int

    def clone(self) -> War:
        w = War.__new__(War)
        w.enemy, w.attacker, w.stage, w.pool, w.offlimits = self.enemy, self.attacker, self.stage, self.pool, self.offlimits
        w.gunner, w.gunner_char, w.kills = self.gunner, self.gunner_char, self.kills
        w.rec, w.rec_free, w.rec_paid = self.rec, self.rec_free, self.rec_paid
        w.wturn, w.quiet, w.fought_now, w.mover = self.wturn, self.quiet, self.fought_now, self.mover
        w.consent, w.keep, w.battles = self.consent, self.keep, self.battles
        w.defenders = self.defenders[:]
        w.occ = dict(self.occ)
        w.moved = set(self.moved)
        w.bonus = set(self.bonus)
        w.merged = set(self.merged)
        w.fought = dict(self.fought)
        w.refused = set(self.refused)
        return w

    def movers(self) -> list[int]:
        return [self.attacker, *self.defenders]

    def to_json(self) -> dict[str, Any]:
        return {
            "enemy": self.enemy,
            "attacker": self.attacker,
            "defenders": list(self.defenders),
            "stage": self.stage,
            "pool": self.pool,
            "groups": [[pos, list(g)] for pos, g in sorted(self.occ.items())],
            "offlimits": sorted(self.offlimits),
            "gunner": self.gunner,
            "gunner_char": self.gunner_char,
            "kills": self.kills,
            "rec": self.rec,
            "rec_free": self.rec_free,
            "rec_paid": self.rec_paid,
            "wturn": self.wturn,
            "quiet": self.quiet,
            "fought_now": self.fought_now,
            "mover": self.mover,
            "moved": sorted(self.moved),
            "bonus": sorted(self.bonus),
            "merged": sorted(self.merged),
            "fought": [[pos, t] for pos, t in sorted(self.fought.items())],
            "refused": sorted(self.refused),
            "consent": list(self.consent) if self.consent else None,
            "keep": self.keep,
            "battles": self.battles,
        }


def new_war(enemy: int, attacker: int, defenders: list[int]) -> War:
    w = War.__new__(War)
    w.enemy, w.attacker, w.defenders = enemy, attacker, defenders
    w.stage, w.pool, w.occ, w.offlimits = DEPLOY, 0, {}, frozenset()
    w.gunner, w.gunner_char, w.kills = -1, False, 0
    w.rec, w.rec_free, w.rec_paid = 0, 0, 0
    w.wturn, w.quiet, w.fought_now, w.mover = 1, 0, False, 0
    w.moved, w.bonus, w.fought, w.refused = set(), set(), {}, set()
    w.merged = set()
    w.consent, w.keep, w.battles = None, 0, 0
    return w


def war_from_json(doc: Any, n: int) -> War:
    """The war record of a state document, every field checked (BadState, never a traceback)."""
    from collections.abc import Mapping

    from meeple.engine.schema import field, int_in, int_list, require

    from .board import CELLS, PERIMETER, POSITIONS, PURPLE

    require(isinstance(doc, Mapping), "'war' must be an object or null")
    enemy = int_in(doc, "enemy", 0, 1, "war")
    attacker = int_in(doc, "attacker", 0, n - 1, "war")
    defenders = int_list(doc, "defenders", lo=0, hi=n - 1, where="war")
    require(sorted(defenders + [attacker]) == list(range(n)),
            "war 'defenders' must list every player but the attacker once")
    w = new_war(enemy, attacker, defenders)
    w.stage = field(doc, "stage", str, "war")
    require(w.stage in STAGES, f"war field 'stage' must be one of {', '.join(STAGES)}")

    def opt_int(key: str, default: int, lo: int, hi: int) -> int:
        return int_in(doc, key, lo, hi, "war") if key in doc else default

    def positions(key: str) -> list[int]:
        return int_list(doc, key, lo=0, hi=POSITIONS - 1, where="war") if key in doc else []

    def pairs(key: str, what: str) -> list[list[Any]]:
        value = field(doc, key, list, "war") if key in doc else []
        for item in value:
            require(isinstance(item, list) and len(item) == 2, f"war '{key}' holds [{what}] pairs")
        return value

    w.pool = opt_int("pool", 0, 0, PURPLE)
    for pos, g in pairs("groups", "position, [owners]"):
        require(isinstance(pos, int) and not isinstance(pos, bool) and 0 <= pos < POSITIONS,
                f"war group position {pos!r} must be 0..{POSITIONS - 1}")
        require(pos not in w.occ, f"two war groups at position {pos}")
        most = 3 if pos < CELLS else PURPLE  # outside the wall attackers wait in any number
        require(isinstance(g, list) and 1 <= len(g) <= most, f"war group at {pos} must hold 1 to {most} tokens")
        owners = int_list({"g": g}, "g", lo=ATT, hi=n - 1, where=f"war group at {pos}")
        require(all(o == ATT for o in owners) or ATT not in owners, f"war group at {pos} mixes attackers and defenders")
        require(attacker not in owners, f"war group at {pos}: the attacking player's tokens are out of play")
        require(pos < CELLS or owners[0] == ATT, f"only attackers wait outside the city (position {pos})")
        require(pos < CELLS or pos - CELLS in PERIMETER,
                f"attackers wait outside a perimeter space only (position {pos} is CELLS + an inner space)")
        w.occ[pos] = tuple(owners)
    w.offlimits = frozenset(int_list(doc, "offlimits", lo=0, hi=CELLS - 1, where="war") if "offlimits" in doc else [])
    w.gunner = opt_int("gunner", -1, -1, n - 1)
    if "gunner_char" in doc:
        w.gunner_char = field(doc, "gunner_char", bool, "war")
    w.kills = opt_int("kills", 0, 0, 7)
    w.rec = opt_int("rec", 0, -1, len(defenders))
    w.rec_free = opt_int("rec_free", 0, 0, 3)
    w.rec_paid = opt_int("rec_paid", 0, 0, 99)
    w.wturn = opt_int("wturn", 1, 1, 999)
    w.quiet = opt_int("quiet", 0, 0, 3)
    if "fought_now" in doc:
        w.fought_now = field(doc, "fought_now", bool, "war")
    w.mover = opt_int("mover", 0, 0, n)
    w.moved = set(positions("moved"))
    w.bonus = set(positions("bonus"))
    w.merged = set(positions("merged"))
    for pos, t in pairs("fought", "position, war turn"):
        require(isinstance(pos, int) and isinstance(t, int) and 0 <= pos < POSITIONS, "war 'fought' holds [position, turn]")
        w.fought[pos] = t
    w.refused = set(positions("refused"))
    c = doc.get("consent")
    if c is not None:
        frm, to, cmd = int_list({"consent": c}, "consent", length=3, lo=0, hi=POSITIONS - 1, where="war")
        require(cmd in (0, 1), "war 'consent' is [from, to, 0 mover commands | 1 target commands]")
        require(frm in w.occ and to in w.occ and to < CELLS, "war 'consent' must join two groups on the map")
        w.consent = (frm, to, cmd)
    w.keep = opt_int("keep", 0, -1, len(defenders))
    w.battles = opt_int("battles", 0, 0, 10**6)
    st = w.stage
    require(st != CONSENT or w.consent is not None, "war stage 'consent' needs 'consent'")
    require(st not in (MOVE, CONSENT) or w.mover < n, f"war field 'mover' must be 0..{n - 1} while groups move")
    require(st not in (BET, KILL) or w.gunner in defenders, "war stages 'bet' and 'kill' need a defending 'gunner'")
    require(st != KILL or w.kills >= 1, "war stage 'kill' needs 'kills' left")
    require(st != RECRUIT or 0 <= w.rec < len(defenders), "war stage 'recruit' needs 'rec' 0..defenders-1")
    require(st != KEEP or 0 <= w.keep < len(defenders), "war stage 'keep' needs 'keep' 0..defenders-1")
    return w
