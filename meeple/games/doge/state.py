"""The Doge state: flat lists of ints so that clone is a handful of slices.

Index conventions (see RULES.md for the JSON form):
- areas 0..6 (districts 0..5, Quarantia 6); advisors 0..8 (advisor a is homed in ADVISOR_HOME[a]);
- houses[p*6 + d]: player p's houses in district d;
- spaces[d*5 + i]: owner of palace space i (cost 3+i) of district d, -1 when empty (filled lowest first);
- adv_owner[a] (-1 neutral), adv_area[a] (-1 when neutral, on its symbol);
- hand[p*4 + v]: ballot markers of value v player p holds;
- shown[p*4 + v]: of those, markers turned up in an election this year (everyone saw them);
- placed[(p*7 + x)*4 + v]: face-down markers of value v player p has on area x;
- used[p*7 + x]: 1 when p played area card x this year;
- pend_card[p]: this round's secret card (-1 none yet), pend_marks[p*4 + v];
- waiting: the players still to choose this ballot round, kept up to date instead of recounted;
- tasks: queue of (kind, player, area, n) decisions and automatic steps of the election in progress.
"""

from __future__ import annotations

from typing import Any

from meeple.engine import Action, Result, Rng
from meeple.engine.game import State  # the module state.pxd cimports it from (the compiled build)

from . import ballots, elections, evaluation, scoring, tallies, texts
from .data import (
    ADVISOR_HOME,
    AREA_NAMES,
    HOUSES,
    MARKER_COUNTS,
    MAX_CARD_MARKERS,
    NUM_ADVISORS,
    NUM_AREAS,
    NUM_DISTRICTS,
    PALACES,
    QUARANTIA,
    RINGS,
    SPACES,
)

BALLOTS, ELECTIONS, OVER = 0, 1, 2
PHASE_NAMES = ("ballots", "elections", "over")

Task = tuple  # (kind: str, player: int, area: int, n: int)


class DogeState(State):
    __slots__ = (
        "year",
        "phase",
        "rnd",
        "houses",
        "spaces",
        "adv_owner",
        "adv_area",
        "hand",
        "shown",
        "placed",
        "used",
        "pend_card",
        "pend_marks",
        "ready",
        "waiting",
        "order",
        "next_order",
        "pos",
        "election",
        "votes",
        "q_left",
        "tasks",
    )

    year: int
    phase: int
    rnd: int
    houses: list[int]
    spaces: list[int]
    adv_owner: list[int]
    adv_area: list[int]
    hand: list[int]
    shown: list[int]
    placed: list[int]
    used: list[int]
    pend_card: list[int]
    pend_marks: list[int]
    ready: list[bool]
    waiting: list[int]  # players still to choose this ballot round (derived from the above, not saved)
    order: list[int]  # this year's voting order (the face-up row)
    next_order: list[int]  # next year's order: the first `pos` cards are turned up, the rest face down
    pos: int  # elections finished this year
    election: int  # the area whose election is being resolved, -1 between elections
    votes: list[int]  # the revealed votes of that election
    q_left: list[int]  # Quarantia advisors not yet handed out in the Quarantia election in progress
    tasks: list[Task]

    # ----- small helpers used by the rule modules -----------------------------------------------

    def house_supply(self, p: int) -> int:
        b = p * NUM_DISTRICTS
        return HOUSES - sum(self.houses[b : b + NUM_DISTRICTS])

    def palaces_built(self, p: int) -> int:
        return self.spaces.count(p)

    def palace_supply(self, p: int) -> int:
        return PALACES - self.spaces.count(p)

    def rings_used(self, p: int) -> int:
        return self.adv_owner.count(p)

    def hand_size(self, p: int) -> int:
        b = p * 4
        return sum(self.hand[b : b + 4])

    def seat_order(self, players: list[int] | tuple[int, ...]) -> list[int]:
        """Tied players act in seat order starting from the year's start seat (it passes left
        each year) - a decision: the rulebook names no start player."""
        if len(players) < 2:
            return list(players)
        start = (self.year - 1) % self.num_players
        return sorted(players, key=lambda q: (q - start) % self.num_players)

    # ----- turn structure -------------------------------------------------------------------------

    def to_move(self) -> list[int]:
        if self.phase == BALLOTS:
            return ballots.movers(self)
        if self.phase == ELECTIONS and self.tasks:
            return [self.tasks[0][1]]
        return []

    def legal_actions(self, player: int) -> list[Action]:
        if self.phase == BALLOTS:
            return ballots.legal(self, player)
        if self.phase == ELECTIONS and self.tasks and self.tasks[0][1] == player:
            return elections.legal(self, player)
        return []

    def bot_actions(self, player: int) -> list[Action]:
        return evaluation.worth_weighing(self, player, self.legal_actions(player))

    def _apply(self, player: int, action: Action) -> None:
        if self.phase == BALLOTS:
            ballots.apply(self, player, action)
        else:
            elections.apply(self, player, action)

    def why_illegal(self, player: int, action: Action) -> str | None:
        return texts.why_illegal(self, player, action)

    def action_text(self, action: Action) -> str:
        return texts.action_text(self, action)

    def prompt(self, player: int) -> str:
        return texts.prompt(self, player)

    # ----- end ----------------------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        return scoring.result(self)

    def evaluate(self) -> list[float]:
        return evaluation.evaluate(self)

    def tallies(self) -> dict[str, int]:
        return tallies.tallies(self)

    def player_uses(self) -> list[dict[str, int]]:
        """The kinds of `tallies.py` per player (a Doge counted by both it and the events counts once)."""
        return [dict(mine) for mine in tallies.player_counts(self)]

    def game_round(self) -> int:
        return self.year  # a year: ballots, elections and the Doge's palaces

    # ----- information ------------------------------------------------------------------------------

    def view(self, player: int | None) -> dict[str, Any]:
        n = self.num_players
        doc: dict[str, Any] = {
            "year": self.year,
            "phase": PHASE_NAMES[self.phase],
            "round": self.rnd,
            "areas": list(AREA_NAMES),
            "houses": [self.houses[p * NUM_DISTRICTS : (p + 1) * NUM_DISTRICTS] for p in range(n)],
            "house_supply": [self.house_supply(p) for p in range(n)],
            "palace_supply": [self.palace_supply(p) for p in range(n)],
            "palaces": [
                [o for o in self.spaces[d * SPACES : (d + 1) * SPACES] if o >= 0]
                for d in range(NUM_DISTRICTS)
            ],
            "advisors": [[self.adv_owner[a], self.adv_area[a]] for a in range(NUM_ADVISORS)],
            "rings_free": [RINGS - self.rings_used(p) for p in range(n)],
            "order": self.order[self.pos :],
            "next_order_shown": self.next_order[: self.pos],
            "next_order_hidden": NUM_AREAS - self.pos,
            "used": [[x for x in range(NUM_AREAS) if self.used[p * NUM_AREAS + x]] for p in range(n)],
            # face-down markers: everyone sees how many lie on each area, only the owner their values
            "ballot_counts": [
                [
                    sum(self.placed[(p * NUM_AREAS + x) * 4 : (p * NUM_AREAS + x + 1) * 4])
                    for x in range(NUM_AREAS)
                ]
                for p in range(n)
            ],
            "hand_counts": [self.hand_size(p) for p in range(n)],
            # markers turned up in this year's elections and back in their owners' hands
            "revealed": [marker_values(self.shown, p * 4) for p in range(n)],
            "ready": list(self.ready) if self.phase == BALLOTS else [False] * n,
            "election": self.election,
            "votes": list(self.votes),
            "q_left": list(self.q_left),
            "tasks": [task_doc(t) for t in self.tasks],
        }
        if player is not None:
            doc["me"] = player
            doc["my_hand"] = marker_values(self.hand, player * 4)
            doc["my_ballots"] = [
                marker_values(self.placed, (player * NUM_AREAS + x) * 4) for x in range(NUM_AREAS)
            ]
            doc["my_pending"] = pending_doc(self, player) if self.phase == BALLOTS else None
        return doc

    def resample_hidden(self, player: int, rng: Rng) -> None:
        # Face-down voting-order cards of next year's row.
        hidden = sorted(self.next_order[self.pos :])  # sorted: the redraw must not depend on the real order
        rng.shuffle(hidden)
        self.next_order[self.pos :] = hidden
        # Other players' marker values (their counts per area are public) and secret choices.
        for q in range(self.num_players):
            if q != player:
                ballots.resample_player(self, q, rng)

    # ----- copies and documents -----------------------------------------------------------------------

    def clone(self) -> DogeState:
        s = DogeState.__new__(DogeState)
        s.game, s.num_players, s.options, s.rng = self.game, self.num_players, self.options, self.rng.copy()
        s.events, s.log = [], self.log
        s.year, s.phase, s.rnd, s.pos, s.election = self.year, self.phase, self.rnd, self.pos, self.election
        s.houses = self.houses[:]
        s.spaces = self.spaces[:]
        s.adv_owner = self.adv_owner[:]
        s.adv_area = self.adv_area[:]
        s.hand = self.hand[:]
        s.shown = self.shown[:]
        s.placed = self.placed[:]
        s.used = self.used[:]
        s.pend_card = self.pend_card[:]
        s.pend_marks = self.pend_marks[:]
        s.ready = self.ready[:]
        s.waiting = self.waiting[:]
        s.order = self.order[:]
        s.next_order = self.next_order[:]
        s.votes = self.votes[:]
        s.q_left = self.q_left[:]
        s.tasks = self.tasks[:]
        return s

    def _to_json(self) -> dict[str, Any]:
        n = self.num_players
        return {
            "year": self.year,
            "phase": PHASE_NAMES[self.phase],
            "round": self.rnd,
            "houses": [self.houses[p * NUM_DISTRICTS : (p + 1) * NUM_DISTRICTS] for p in range(n)],
            "palaces": [
                [o for o in self.spaces[d * SPACES : (d + 1) * SPACES] if o >= 0]
                for d in range(NUM_DISTRICTS)
            ],
            "advisors": [[self.adv_owner[a], self.adv_area[a]] for a in range(NUM_ADVISORS)],
            "hand": [marker_values(self.hand, p * 4) for p in range(n)],
            "revealed": [marker_values(self.shown, p * 4) for p in range(n)],
            "ballots": [
                [marker_values(self.placed, (p * NUM_AREAS + x) * 4) for x in range(NUM_AREAS)]
                for p in range(n)
            ],
            "used": [[x for x in range(NUM_AREAS) if self.used[p * NUM_AREAS + x]] for p in range(n)],
            "pending": [pending_doc(self, p) for p in range(n)],
            "order": list(self.order),
            "next_order": list(self.next_order),
            "elections_done": self.pos,
            "election": self.election,
            "votes": list(self.votes),
            "q_left": list(self.q_left),
            "tasks": [task_doc(t) for t in self.tasks],
        }

    def check_invariants(self) -> None:
        n = self.num_players
        for p in range(n):
            b = p * NUM_DISTRICTS
            assert all(h >= 0 for h in self.houses[b : b + NUM_DISTRICTS]), "house counts are never negative"
            assert 0 <= self.house_supply(p) <= HOUSES, f"{p} has more than {HOUSES} houses"
            assert 0 <= self.palace_supply(p) <= PALACES, f"{p} has more than {PALACES} palaces"
            assert self.rings_used(p) <= RINGS, f"{p} controls more than {RINGS} advisors"
            for v in range(4):
                total = self.hand[p * 4 + v] + sum(
                    self.placed[(p * NUM_AREAS + x) * 4 + v] for x in range(NUM_AREAS)
                )
                assert total == MARKER_COUNTS[v], f"{p}'s ballot markers of value {v} are not conserved"
                assert 0 <= self.shown[p * 4 + v] <= self.hand[p * 4 + v], "turned-up markers are in hand"
            assert self.phase != 0 or not any(self.shown[p * 4 : p * 4 + 4]), "markers turn up in elections"
            for x in range(NUM_AREAS):
                on_card = sum(self.placed[(p * NUM_AREAS + x) * 4 : (p * NUM_AREAS + x + 1) * 4])
                if on_card:
                    assert self.used[p * NUM_AREAS + x], "markers lie only on areas whose card was played"
                    assert on_card <= MAX_CARD_MARKERS, "a card takes at most 4 markers"
        for d in range(NUM_DISTRICTS):
            row = self.spaces[d * SPACES : (d + 1) * SPACES]
            k = SPACES - row.count(-1)
            assert all(o >= 0 for o in row[:k]) and all(o == -1 for o in row[k:]), (
                "palace spaces fill lowest first"
            )
            assert all(-1 <= o < n for o in row), "palace owners are players"
        for a in range(NUM_ADVISORS):
            o, x = self.adv_owner[a], self.adv_area[a]
            assert -1 <= o < n, "advisor owners are players or neutral"
            assert (o == -1) == (x == -1), "an advisor stands in an area exactly when it is controlled"
            assert x != ADVISOR_HOME[a], "a controlled advisor never stands in its home area"
            if ADVISOR_HOME[a] == QUARANTIA:
                assert x != QUARANTIA, "the Quarantia's advisors stand in districts"
        for p in range(n):
            card, ready = self.pend_card[p], self.ready[p]
            marks = self.pend_marks[p * 4 : p * 4 + 4]
            assert self.phase == 0 or (card == -1 and not ready), "secret choices only in the ballot phase"
            assert all(marks[v] <= self.hand[p * 4 + v] for v in range(4)), (
                "chosen markers come from the hand"
            )
            assert card < 0 or not self.used[p * NUM_AREAS + card], "a card is played once a year"
            assert ready == (card >= 0 and sum(marks) > 0), "ready means a whole choice"
            assert sum(marks) <= MAX_CARD_MARKERS, "a card takes at most 4 markers"
        assert sorted(self.order) == list(range(NUM_AREAS)), "this year's voting order holds each area once"
        assert sorted(self.next_order) == list(range(NUM_AREAS)), (
            "next year's voting order holds each area once"
        )
        assert 0 <= self.pos <= NUM_AREAS
        assert self.phase != 0 or self.waiting == ballots.still_to_choose(self), "waiting is up to date"


def marker_values(counts: list[int], base: int) -> list[int]:
    """Marker values (descending) from the 4 counts at counts[base:base+4]."""
    return [v for v in (3, 2, 1, 0) for _ in range(counts[base + v])]


def pending_doc(s: DogeState, p: int) -> dict[str, Any] | None:
    card = s.pend_card[p]
    if card == -1:
        return None
    return {"card": card, "markers": marker_values(s.pend_marks, p * 4) if s.ready[p] else None}


def task_doc(t: Task) -> dict[str, Any]:
    kind, p, area, k = t
    doc: dict[str, Any] = {"kind": kind}
    if p >= 0:
        doc["player"] = p
    if kind in ("advisor", "move"):
        doc["area"] = area
        if kind == "move" and k:
            doc["tied"] = True
    elif kind in ("place", "build"):
        doc["district"] = area
        doc["count" if kind == "place" else "cost"] = k
    elif kind == "check":
        doc["district"] = area
        doc["players"] = [q for q in range(k.bit_length()) if k >> q & 1]
    return doc
