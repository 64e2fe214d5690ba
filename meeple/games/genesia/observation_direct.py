"""Genesia's observation vector written straight from the state's fields, without building the view:
exactly the vector `observation.layout` encodes from `state.view(player)` (tests/rl/test_direct.py
checks it on every decision of random games), for the learning environments' speed. It reads only
what the view shows `player`: of another people's cards, objectives and War/Peace tile only how many
there are or whether one is chosen; the decks' sizes, never their order. In the solo game both
peoples are the player's, and every hand is shown, as in the view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine.observation import DirectEncode, Layout, put_counts, put_numbers, put_one_hots

from .data import board_for
from .observation import PENDING_SHOWN
from .state import GenesiaState
from .views import PENDING, PHASES

PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
PENDING_INDEX = {kind: i for i, kind in enumerate(PENDING)}
CARDS = 90  # card numbers 1..90
CHOICE_ZERO = 90  # the End-of-Age choice's place for "card 0": -90..-1 before it, 1..90 after
SHOWN_BOOL = 2  # the picked and objective parts: False, True, then the values
WAR_PEACE_SHOWN = {-1: 2, 0: 3, 1: 4}  # the observer's tile among (False, True, -1, 0, 1)


def put_cards(out: Any, at: int, cards: Any) -> None:
    """Cards counted by number (1..90) in a block of 90."""
    for c in cards:
        out[at + c - 1] += 1.0


def encoder(layout: Layout, num_players: int, options: Mapping[str, Any]) -> DirectEncode:
    P = max(2, num_players)
    board = board_for(P)
    R = board.size
    homelands = board.homelands
    solo = num_players == 1
    at = layout.start
    age, phase, order, turn, coins = at("age"), at("phase"), at("order"), at("turn"), at("coins")
    clans, cities, home_cities, played, copies = at("clans"), at("cities"), at("home_cities"), at("played"), at("copies")
    end_pp, pp, free_moves, recruit_cost = at("end_pp"), at("pp"), at("free_moves"), at("recruit_cost")
    row_free, war_bonus, war_guard, equal_attack = at("row_free"), at("war_bonus"), at("war_guard"), at("equal_attack")
    nobel, assaults, revealed, attackers = at("nobel"), at("assaults"), at("revealed"), at("attackers")
    attacker_index, calm, chosen, ready, assault = at("attacker_index"), at("calm"), at("chosen"), at("ready"), at("assault")
    pending_length, pending, choosers, new_order = at("pending_length"), at("pending"), at("choosers"), at("new_order")
    hands, packs, kept, picked, decks = at("hands"), at("packs"), at("kept"), at("picked"), at("decks")
    discards, objective_options, objective, war_peace = at("discards"), at("objective_options"), at("objective"), at("war_peace")
    objectives_part: Any = layout.part("objective_options")
    objectives_width = objectives_part.width  # the objectives, then the count
    pile_width = CARDS + 1  # a hidden pile's count in the last column
    chosen_width = 1 + 2 * CARDS
    assault_to, assault_defender = 1 + P + R, 1 + P + 2 * R  # (a 1, attacker, from, to, defender...)
    assault_stage = assault_defender + P + 1
    pending_width = 1 + len(PENDING) + P + 2

    def put_pile(out: Any, at: int, pile: Any, shown: bool) -> None:
        """A pile of cards: the cards and their count when shown, else only the count (over 10)."""
        if shown:
            put_cards(out, at, pile)
        if pile:
            out[at + CARDS] = len(pile) / 10

    def encode(s: GenesiaState, player: int, out: Any) -> None:
        out[player] = 1.0
        over = s.phase == "over"
        out[age + s.age - 1] = 1.0
        out[phase + PHASE_INDEX[s.phase]] = 1.0
        put_one_hots(out, order, s.order, P)
        if s.turn:
            out[turn] = s.turn / P
        put_numbers(out, coins, s.coins, 20.0)
        put_one_hots(out, cities, s.cities, P + 1, -1)
        for p in range(P):
            put_numbers(out, clans + p * R, s.clans[p], 10.0)
            bits = s.hcities[p]
            for h in homelands:
                if bits >> h & 1:
                    out[home_cities + p * R + h] += 1.0
            put_cards(out, played + p * CARDS, s.played[p])
            put_cards(out, copies + p * CARDS, s.copies[p])
            if s.pp[p]:
                out[pp + 4 * p] = 1.0
                put_numbers(out, pp + 4 * p + 1, s.pp[p], 20.0)
        put_numbers(out, end_pp, s.end_pp, 10.0)
        put_numbers(out, free_moves, s.credit, 5.0)
        put_numbers(out, recruit_cost, s.rcost, 5.0)
        put_numbers(out, row_free, s.rowfree, 1.0)
        put_numbers(out, war_bonus, s.bonus, 5.0)
        put_numbers(out, war_guard, s.guard, 5.0)
        put_numbers(out, equal_attack, s.equal, 1.0)
        put_numbers(out, nobel, s.nobel, 1.0)
        put_numbers(out, assaults, s.assaults, 10.0)
        put_numbers(out, revealed, s.revealed, 1.0)
        put_one_hots(out, attackers, s.attackers, P)
        if s.att_i:
            out[attacker_index] = s.att_i / P
        if s.calm:
            out[calm] = float(s.calm)
        put_numbers(out, ready, s.ready, 1.0)
        a = s.asl
        if a:
            out[assault] = 1.0
            out[assault + 1 + a[0]] = 1.0
            out[assault + 1 + P + a[1]] = 1.0
            out[assault + assault_to + a[2]] = 1.0
            out[assault + assault_defender + 1 + a[3]] = 1.0
            for i, scale in ((4, 5.0), (5, 1.0), (6, 1.0)):
                if i < len(a) and a[i]:
                    out[assault + assault_stage + i - 4] = float(a[i]) / scale
        if s.pend:
            out[pending_length] = len(s.pend) / 5
        base = pending
        for x in s.pend[-PENDING_SHOWN:]:
            out[base] = 1.0
            out[base + 1 + PENDING_INDEX[x[0]]] = 1.0
            out[base + 1 + len(PENDING) + x[1]] = 1.0
            for i in (2, 3):
                if i < len(x) and x[i]:
                    out[base + 1 + len(PENDING) + P + i - 2] = float(x[i]) / R
            base += pending_width
        put_counts(out, choosers, s.choosers)
        put_one_hots(out, new_order, s.new_order, P + 1, -1)
        # the secrets: the observer's own (both peoples' in the solo game), others' counts or flags
        for p, pile in enumerate(s.hands):
            put_pile(out, hands + p * pile_width, pile, solo or p == player)
        for p, pile in enumerate(s.discards):
            put_pile(out, discards + p * pile_width, pile, solo or p == player)
        for p, cards in enumerate(s.chosen):
            if cards and (solo or p == player):
                out[chosen + p * chosen_width] = 1.0
                for c in cards:
                    out[chosen + p * chosen_width + 1 + CHOICE_ZERO + c - (1 if c > 0 else 0)] += 1.0
        for p, dealt in enumerate(s.obj_opts):
            if solo or p == player:
                put_counts(out, objective_options + p * objectives_width, dealt)
            if dealt:
                out[objective_options + (p + 1) * objectives_width - 1] = len(dealt) / 2
        for p, o in enumerate(s.objective):  # revealed to all at the final count
            shown = solo or p == player or over
            out[objective + p * (SHOWN_BOOL + objectives_width - 1) + (SHOWN_BOOL + o if shown else (o != 0))] = 1.0
        for p, w in enumerate(s.wp):
            out[war_peace + 5 * p + (WAR_PEACE_SHOWN[w] if solo or p == player else (w != -1))] = 1.0
        for p in range(len(s.packs)):
            mine = solo or p == player
            put_pile(out, packs + p * pile_width, s.packs[p], mine)
            put_pile(out, kept + p * pile_width, s.kept[p], mine)
        for p in range(len(s.picks)):
            c = s.picks[p]
            out[picked + p * (SHOWN_BOOL + CARDS + 1) + (SHOWN_BOOL + c if solo or p == player else (c != 0))] = 1.0
        for i, deck in enumerate(s.decks):
            if deck:
                out[decks + i] = len(deck) / 30

    return encode
