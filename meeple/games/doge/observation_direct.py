# cython: annotation_typing=False
"""Doge's observation vector written straight from the state's fields, without building the view:
exactly the vector `observation.layout` encodes from `state.view(player)` (tests/rl/test_direct.py
checks it on every decision of random games), for the learning environments' speed. It reads only
what the view shows `player`: public fields, and of the secret ones (hands, face-down markers, the
pending choice) `player`'s own; others' face-down markers are counted, never read by value.

The encoder is a class whose fields are the vector's offsets and the board's sizes: the compiled build
declares them C integers and the vector a typed memoryview (observation_direct.pxd), so the loops
below run as C; the source runs the same code as Python (hence no annotations here: the .pxd's types
are the ones that count, `annotation_typing=False`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine.direct_writes import put_bits, put_counts, put_numbers
from meeple.engine.observation import DirectEncode, Layout

from .data import HOUSES, MAX_CARD_MARKERS, NUM_ADVISORS, NUM_AREAS, NUM_DISTRICTS, PALACES, RINGS, SPACES
from .observation import TASK_KINDS, TASKS_SHOWN
from .state import BALLOTS

KIND_INDEX = {kind: i for i, kind in enumerate(TASK_KINDS)}


def encoder(layout: Layout, num_players: int, options: Mapping[str, Any]) -> DirectEncode:
    return DogeEncoder(layout, num_players)


class DogeEncoder:
    """Writes `player`'s vector of a DogeState into `out` (zeros): `encoder(state, player, out)`."""

    __slots__ = (
        "n", "areas", "districts", "advisors_n", "spaces", "houses_each", "palaces_each", "rings_each", "max_markers",
        "tasks_shown", "year", "phase", "rnd", "houses", "house_supply", "palace_supply", "palaces", "advisors",
        "rings_free", "order", "shown", "hidden", "used", "ballot_counts", "hand_counts", "revealed", "ready",
        "election", "votes", "q_left", "tasks_length", "my_hand", "my_ballots", "my_pending", "adv_width",
        "adv_area", "tasks", "task_width", "t_kind", "t_player", "t_area", "t_district", "t_count", "t_cost",
        "t_tied", "t_players", "pending_markers",
    )

    def __init__(self, layout: Layout, num_players: int) -> None:
        n = self.n = num_players
        self.areas, self.districts, self.advisors_n, self.spaces = NUM_AREAS, NUM_DISTRICTS, NUM_ADVISORS, SPACES
        self.houses_each, self.palaces_each, self.rings_each = HOUSES, PALACES, RINGS
        self.max_markers, self.tasks_shown = MAX_CARD_MARKERS, TASKS_SHOWN
        at = layout.start
        self.year, self.phase, self.rnd, self.houses = at("year"), at("phase"), at("round"), at("houses")
        self.house_supply, self.palace_supply = at("house_supply"), at("palace_supply")
        self.palaces, self.advisors, self.rings_free = at("palaces"), at("advisors"), at("rings_free")
        self.order, self.shown, self.hidden = at("order"), at("next_order_shown"), at("next_order_hidden")
        self.used, self.ballot_counts, self.hand_counts = at("used"), at("ballot_counts"), at("hand_counts")
        self.revealed, self.ready, self.election, self.votes = at("revealed"), at("ready"), at("election"), at("votes")
        self.q_left, self.tasks_length, self.my_hand = at("q_left"), at("tasks_length"), at("my_hand")
        self.my_ballots, self.my_pending = at("my_ballots"), at("my_pending")
        self.adv_width = 1 + (n + 1) + (NUM_AREAS + 1)  # a 1, owner (-1 first), area (-1 first)
        self.adv_area = 1 + (n + 1) + 1  # the area one-hot's place for area 0
        tasks_part: Any = layout.part("tasks")
        self.tasks, self.task_width = tasks_part.start, tasks_part.width
        sub = {p.name: p.start for p in tasks_part.parts}
        self.t_kind, self.t_player, self.t_area, self.t_district = sub["kind"], sub["player"], sub["area"], sub["district"]
        self.t_count, self.t_cost, self.t_tied, self.t_players = sub["count"], sub["cost"], sub["tied"], sub["players"]
        self.pending_markers = 1 + NUM_AREAS  # after the row's 1 and the card's one-hot

    def __call__(self, s: Any, player: int, out: Any) -> None:
        self.encode(s, player, out)

    def encode(self, s: Any, player: int, out: Any) -> None:
        n, A, D = self.n, self.areas, self.districts
        out[player] = 1.0
        if s.year:
            out[self.year] = s.year / 10
        phase = s.phase
        out[self.phase + phase] = 1.0
        if s.rnd:
            out[self.rnd] = s.rnd / 4
        houses, spaces, adv_owner, placed, hand = s.houses, s.spaces, s.adv_owner, s.placed, s.hand
        put_numbers(out, self.houses, houses, self.houses_each)
        for p in range(n):
            on_board = 0
            for d in range(D):
                on_board += houses[p * D + d]
            if on_board != self.houses_each:
                out[self.house_supply + p] = (self.houses_each - on_board) / self.houses_each
            built = spaces.count(p)
            if built != self.palaces_each:
                out[self.palace_supply + p] = (self.palaces_each - built) / self.palaces_each
            rings = adv_owner.count(p)
            if rings != self.rings_each:
                out[self.rings_free + p] = (self.rings_each - rings) / self.rings_each
            for x in range(A):
                if s.used[p * A + x]:
                    out[self.used + p * A + x] = 1.0
                b = (p * A + x) * 4
                face_down = placed[b] + placed[b + 1] + placed[b + 2] + placed[b + 3]
                if face_down:
                    out[self.ballot_counts + p * A + x] = face_down / self.max_markers
            b = p * 4
            in_hand = hand[b] + hand[b + 1] + hand[b + 2] + hand[b + 3]
            if in_hand:
                out[self.hand_counts + p] = in_hand / 7
            for v in range(4):  # markers turned up, by value
                if s.shown[b + v]:
                    out[self.revealed + b + v] = s.shown[b + v]
        for i in range(D * self.spaces):
            o = spaces[i]
            if o >= 0:
                out[self.palaces + (i // self.spaces) * n + o] += 1.0
        for a in range(self.advisors_n):
            b = self.advisors + a * self.adv_width
            out[b] = 1.0
            o = adv_owner[a]
            out[b + 2 + o] = 1.0
            x = s.adv_area[a]
            out[b + self.adv_area + x] = 1.0
        pos = s.pos
        for r in range(A - pos):
            x = s.order[pos + r]
            out[self.order + r * A + x] = 1.0
        for r in range(pos):
            x = s.next_order[r]
            out[self.shown + r * A + x] = 1.0
        if pos != A:
            out[self.hidden] = (A - pos) / A
        ballots = phase == BALLOTS
        if ballots:
            put_numbers(out, self.ready, s.ready, 1.0)
        x = s.election
        out[self.election + 1 + x] = 1.0
        put_numbers(out, self.votes, s.votes, 10.0)
        put_counts(out, self.q_left, s.q_left)
        self.put_tasks(s.tasks, out)
        # the observer's own secrets: its hand, its face-down markers' values, its choice this round
        for v in range(4):
            if hand[player * 4 + v]:
                out[self.my_hand + v] = hand[player * 4 + v]
        b = player * A * 4
        for i in range(A * 4):
            if placed[b + i]:
                out[self.my_ballots + i] = placed[b + i]
        card = s.pend_card[player]
        if ballots and card != -1:
            b = self.my_pending
            out[b] = 1.0
            out[b + 1 + card] = 1.0
            if s.ready[player]:
                for v in range(4):
                    if s.pend_marks[player * 4 + v]:
                        out[b + self.pending_markers + v] = s.pend_marks[player * 4 + v]

    def put_tasks(self, tasks: Any, out: Any) -> None:
        """The election's queue: its length and its first rows, each led by a 1."""
        if tasks:
            out[self.tasks_length] = len(tasks) / 10
        for r in range(min(len(tasks), self.tasks_shown)):
            kind, p, area, k = tasks[r]
            b = self.tasks + r * self.task_width
            out[b] = 1.0
            i = KIND_INDEX[kind]
            out[b + self.t_kind + i] = 1.0
            if p >= 0:
                out[b + self.t_player + 1 + p] = 1.0
            if kind == "advisor" or kind == "move":
                out[b + self.t_area + 1 + area] = 1.0
                if kind == "move" and k:
                    out[b + self.t_tied] = 1.0
            elif kind == "place" or kind == "build" or kind == "check":
                out[b + self.t_district + 1 + area] = 1.0
                if kind == "check":
                    put_bits(out, b + self.t_players, k)
                elif k and kind == "place":
                    out[b + self.t_count] = k / 4
                elif k:
                    out[b + self.t_cost] = k / 7
