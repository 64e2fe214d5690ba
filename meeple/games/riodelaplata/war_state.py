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
        "bonus", "fought", "refused", "consent", "keep", "battles",
    )

    enemy: int
    attacker: int
    defenders: list[int]  # defending players in player order
    stage: str
    pool: int  # attackers still to deploy
    occ: dict[int, tuple[int, ...]]
    offlimits: frozenset[int]  # the attacker's own spaces: out of play
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
    w.consent, w.keep, w.battles = None, 0, 0
    return w


def war_from_json(doc: Any) -> War:
    from meeple.engine.schema import field, require

    w = new_war(field(doc, "enemy", int, "war"), field(doc, "attacker", int, "war"),
                list(field(doc, "defenders", list, "war")))
    w.stage = field(doc, "stage", str, "war")
    require(w.stage in STAGES, f"war field 'stage' must be one of {', '.join(STAGES)}")
    w.pool = doc.get("pool", 0)
    w.occ = {int(pos): tuple(int(o) for o in g) for pos, g in doc.get("groups", [])}
    for pos, g in w.occ.items():
        require(1 <= len(g) <= 3, f"war group at {pos} must hold 1 to 3 tokens, holds {len(g)}")
        require(all(o == ATT for o in g) or ATT not in g, f"war group at {pos} mixes attackers and defenders")
    w.offlimits = frozenset(int(x) for x in doc.get("offlimits", []))
    w.gunner = doc.get("gunner", -1)
    w.gunner_char = bool(doc.get("gunner_char", False))
    w.kills = doc.get("kills", 0)
    w.rec, w.rec_free, w.rec_paid = doc.get("rec", 0), doc.get("rec_free", 0), doc.get("rec_paid", 0)
    w.wturn, w.quiet = doc.get("wturn", 1), doc.get("quiet", 0)
    w.fought_now = bool(doc.get("fought_now", False))
    w.mover = doc.get("mover", 0)
    w.moved = {int(x) for x in doc.get("moved", [])}
    w.bonus = {int(x) for x in doc.get("bonus", [])}
    w.fought = {int(p): int(t) for p, t in doc.get("fought", [])}
    w.refused = {int(x) for x in doc.get("refused", [])}
    c = doc.get("consent")
    w.consent = tuple(int(x) for x in c) if c else None  # type: ignore[assignment]
    w.keep = doc.get("keep", 0)
    w.battles = doc.get("battles", 0)
    return w
