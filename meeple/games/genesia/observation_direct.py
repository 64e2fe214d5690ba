# cython: annotation_typing=False
"""Genesia's observation vector written straight from the state's fields, without building the view:
exactly the vector `observation.layout` encodes from `state.view(player)` (tests/rl/test_direct.py
checks it on every decision of random games), for the learning environments' speed. It reads only
what the view shows `player`: of another people's cards, objectives and War/Peace tile only how many
there are or whether one is chosen; the decks' sizes, never their order. In the solo game both
peoples are the player's, and every hand is shown, as in the view.

The encoder is a class whose fields are the vector's offsets and the board's sizes: the compiled build
declares them C integers and the vector a typed memoryview (observation_direct.pxd), so the loops
below run as C; the source runs the same code as Python (hence `annotation_typing=False`: the .pxd's
types are the ones that count)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine.direct_writes import put_counts, put_numbers, put_one_hots
from meeple.engine.observation import DirectEncode, Layout

from .data import board_for
from .draft import KEEP, passed_from
from .observation import PENDING_SHOWN
from .views import PENDING, PHASES

PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
PENDING_INDEX = {kind: i for i, kind in enumerate(PENDING)}
CARDS = 90  # card numbers 1..90
CHOICE_ZERO = 90  # the End-of-Age choice's place for "card 0": -90..-1 before it, 1..90 after
SHOWN_BOOL = 2  # the picked and objective parts: False, True, then the values
WAR_PEACE_SHOWN = {-1: 2, 0: 3, 1: 4}  # the observer's tile among (False, True, -1, 0, 1)


def encoder(layout: Layout, num_players: int, options: Mapping[str, Any]) -> DirectEncode:
    return GenesiaEncoder(layout, num_players)


class GenesiaEncoder:
    """Writes `player`'s vector of a GenesiaState into `out` (zeros): `encoder(state, player, out)`."""

    __slots__ = (
        "P", "R", "homelands", "solo", "age", "phase", "order", "turn", "coins", "clans", "cities", "home_cities",
        "played", "copies", "end_pp", "pp", "free_moves", "recruit_cost", "row_free", "war_bonus", "war_guard",
        "equal_attack", "nobel", "assaults", "revealed", "attackers", "attacker_index", "calm", "chosen", "ready",
        "assault", "pending_length", "pending", "choosers", "new_order", "hands", "packs", "kept", "passed", "picked", "decks",
        "discards", "objective_options", "objective", "war_peace", "objectives_width", "pile_width", "chosen_width",
        "assault_to", "assault_defender", "assault_stage", "pending_width", "pending_shown", "kinds", "passed_width",
    )

    def __init__(self, layout: Layout, num_players: int) -> None:
        P = self.P = max(2, num_players)
        board = board_for(P)
        R = self.R = board.size
        self.homelands = tuple(board.homelands)
        self.solo = num_players == 1
        at = layout.start
        self.age, self.phase, self.order, self.turn, self.coins = at("age"), at("phase"), at("order"), at("turn"), at("coins")
        self.clans, self.cities, self.home_cities = at("clans"), at("cities"), at("home_cities")
        self.played, self.copies, self.end_pp, self.pp = at("played"), at("copies"), at("end_pp"), at("pp")
        self.free_moves, self.recruit_cost, self.row_free = at("free_moves"), at("recruit_cost"), at("row_free")
        self.war_bonus, self.war_guard, self.equal_attack = at("war_bonus"), at("war_guard"), at("equal_attack")
        self.nobel, self.assaults, self.revealed, self.attackers = at("nobel"), at("assaults"), at("revealed"), at("attackers")
        self.attacker_index, self.calm, self.chosen, self.ready = at("attacker_index"), at("calm"), at("chosen"), at("ready")
        self.assault, self.pending_length, self.pending = at("assault"), at("pending_length"), at("pending")
        self.choosers, self.new_order, self.hands, self.packs = at("choosers"), at("new_order"), at("hands"), at("packs")
        self.kept, self.picked, self.decks, self.discards = at("kept"), at("picked"), at("decks"), at("discards")
        self.passed = at("passed")
        self.objective_options, self.objective, self.war_peace = at("objective_options"), at("objective"), at("war_peace")
        objectives_part: Any = layout.part("objective_options")
        self.objectives_width = objectives_part.width  # the objectives, then the count
        self.pile_width = CARDS + 1  # a hidden pile's count in the last column
        self.chosen_width = 1 + 2 * CARDS
        self.passed_width = 1 + (KEEP - 1) * self.pile_width  # a 1, then a pile a pack passed
        self.assault_to, self.assault_defender = 1 + P + R, 1 + P + 2 * R  # (a 1, attacker, from, to, defender...)
        self.assault_stage = self.assault_defender + P + 1
        self.kinds = len(PENDING)
        self.pending_width = 1 + self.kinds + P + 2
        self.pending_shown = PENDING_SHOWN

    def __call__(self, s: Any, player: int, out: Any) -> None:
        self.encode(s, player, out)

    def put_pile(self, out: Any, at: int, pile: Any, shown: bool) -> None:
        """A pile of cards: the cards and their count when shown, else only the count (over 10)."""
        if shown:
            put_counts(out, at - 1, pile)
        if pile:
            out[at + CARDS] = len(pile) / 10

    def encode(self, s: Any, player: int, out: Any) -> None:
        P, R, solo = self.P, self.R, self.solo
        out[player] = 1.0
        over = s.phase == "over"
        i = s.age
        out[self.age + i - 1] = 1.0
        i = PHASE_INDEX[s.phase]
        out[self.phase + i] = 1.0
        put_one_hots(out, self.order, s.order, P)
        if s.turn:
            out[self.turn] = s.turn / P
        put_numbers(out, self.coins, s.coins, 20.0)
        put_one_hots(out, self.cities, s.cities, P + 1, -1)
        for p in range(P):
            # a people's Clans are only where its presence bit is set: a loop over those bits (C in the
            # compiled build) instead of reading every Region's count, most of them 0
            row, bits, b = s.clans[p], s.presence[p], self.clans + p * R
            for r in range(R):
                if bits >> r & 1:
                    c = row[r]
                    if c:
                        out[b + r] = c / 10.0
            bits = s.hcities[p]
            for h in self.homelands:
                if bits >> h & 1:
                    out[self.home_cities + p * R + h] += 1.0
            put_counts(out, self.played + p * CARDS - 1, s.played[p])
            put_counts(out, self.copies + p * CARDS - 1, s.copies[p])
            if s.pp[p]:
                out[self.pp + 4 * p] = 1.0
                put_numbers(out, self.pp + 4 * p + 1, s.pp[p], 20.0)
        put_numbers(out, self.end_pp, s.end_pp, 10.0)
        put_numbers(out, self.free_moves, s.credit, 5.0)
        put_numbers(out, self.recruit_cost, s.rcost, 5.0)
        put_numbers(out, self.row_free, s.rowfree, 1.0)
        put_numbers(out, self.war_bonus, s.bonus, 5.0)
        put_numbers(out, self.war_guard, s.guard, 5.0)
        put_numbers(out, self.equal_attack, s.equal, 1.0)
        put_numbers(out, self.nobel, s.nobel, 1.0)
        put_numbers(out, self.assaults, s.assaults, 10.0)
        put_numbers(out, self.revealed, s.revealed, 1.0)
        put_one_hots(out, self.attackers, s.attackers, P)
        if s.att_i:
            out[self.attacker_index] = s.att_i / P
        if s.calm:
            out[self.calm] = float(s.calm)
        put_numbers(out, self.ready, s.ready, 1.0)
        self.put_assault(s.asl, out)
        self.put_pending(s.pend, out)
        put_counts(out, self.choosers, s.choosers)
        put_one_hots(out, self.new_order, s.new_order, P + 1, -1)
        # the secrets: the observer's own (both peoples' in the solo game), others' counts or flags
        hands, discards, chosen, obj_opts = s.hands, s.discards, s.chosen, s.obj_opts
        for p in range(len(hands)):
            self.put_pile(out, self.hands + p * self.pile_width, hands[p], solo or p == player)
        for p in range(len(discards)):
            self.put_pile(out, self.discards + p * self.pile_width, discards[p], solo or p == player)
        for p in range(len(chosen)):
            cards = chosen[p]
            if cards and (solo or p == player):
                b = self.chosen + p * self.chosen_width
                out[b] = 1.0
                for c in cards:
                    out[b + 1 + CHOICE_ZERO + c - (1 if c > 0 else 0)] += 1.0
        width = self.objectives_width
        for p in range(len(obj_opts)):
            dealt = obj_opts[p]
            if solo or p == player:
                put_counts(out, self.objective_options + p * width, dealt)
            if dealt:
                out[self.objective_options + (p + 1) * width - 1] = len(dealt) / 2
        objective = s.objective
        for p in range(len(objective)):  # revealed to all at the final count
            o = objective[p]
            b = self.objective + p * (SHOWN_BOOL + width - 1)
            if solo or p == player or over:
                out[b + SHOWN_BOOL + o] = 1.0
            else:
                out[b + (o != 0)] = 1.0
        wp = s.wp
        for p in range(len(wp)):
            w = wp[p]
            if solo or p == player:
                i = WAR_PEACE_SHOWN[w]
                out[self.war_peace + 5 * p + i] = 1.0
            else:
                out[self.war_peace + 5 * p + (w != -1)] = 1.0
        packs, kept, picks, decks = s.packs, s.kept, s.picks, s.decks
        for p in range(len(packs)):
            mine = solo or p == player
            self.put_pile(out, self.packs + p * self.pile_width, packs[p], mine)
            self.put_pile(out, self.kept + p * self.pile_width, kept[p], mine)
        if s.phase == "draft":  # no pack is passed outside the draft
            self.put_passed(s, player, out)
        for p in range(len(picks)):
            c = picks[p]
            b = self.picked + p * (SHOWN_BOOL + CARDS + 1)
            if solo or p == player:
                out[b + SHOWN_BOOL + c] = 1.0
            else:
                out[b + (c != 0)] = 1.0
        for i in range(len(decks)):
            if decks[i]:
                out[self.decks + i] = len(decks[i]) / 30

    def put_passed(self, s: Any, player: int, out: Any) -> None:
        """The packs each player passed this Age, as they were passed: the observer's cards, others' sizes."""
        width, pile = self.passed_width, self.pile_width
        for p in range(len(s.packs)):
            packs = passed_from(s, p)
            if packs:
                b = self.passed + p * width
                out[b] = 1.0
                for t in range(len(packs)):
                    self.put_pile(out, b + 1 + t * pile, packs[t], self.solo or p == player)

    def put_assault(self, a: Any, out: Any) -> None:
        """The Assault under way (a list: attacker, from, to, defender, then stage, free siege and
        cancelled when the list is that long), or nothing."""
        if not a:
            return
        b, P = self.assault, self.P
        out[b] = 1.0
        x = a[0]
        out[b + 1 + x] = 1.0
        x = a[1]
        out[b + 1 + P + x] = 1.0
        x = a[2]
        out[b + self.assault_to + x] = 1.0
        x = a[3]
        out[b + self.assault_defender + 1 + x] = 1.0
        for i in range(4, min(len(a), 7)):
            if a[i]:
                out[b + self.assault_stage + i - 4] = a[i] / (5.0 if i == 4 else 1.0)

    def put_pending(self, pend: Any, out: Any) -> None:
        """The stack of sub-decisions: its length and its top rows (latest last), each led by a 1."""
        if pend:
            out[self.pending_length] = len(pend) / 5
        b = self.pending
        after_kinds = 1 + self.kinds
        for r in range(max(0, len(pend) - self.pending_shown), len(pend)):
            x = pend[r]
            out[b] = 1.0
            k = PENDING_INDEX[x[0]]
            out[b + 1 + k] = 1.0
            k = x[1]
            out[b + after_kinds + k] = 1.0
            for i in (2, 3):
                if i < len(x) and x[i]:
                    out[b + after_kinds + self.P + i - 2] = x[i] / self.R
            b += self.pending_width
