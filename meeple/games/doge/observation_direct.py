"""Doge's observation vector written straight from the state's fields, without building the view:
exactly the vector `observation.layout` encodes from `state.view(player)` (tests/rl/test_direct.py
checks it on every decision of random games), for the learning environments' speed. It reads only
what the view shows `player`: public fields, and of the secret ones (hands, face-down markers, the
pending choice) `player`'s own; others' face-down markers are counted, never read by value."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine.observation import DirectEncode, Layout, put_counts, put_numbers

from .data import HOUSES, MAX_CARD_MARKERS, NUM_ADVISORS, NUM_AREAS, NUM_DISTRICTS, PALACES, RINGS, SPACES
from .observation import TASK_KINDS, TASKS_SHOWN
from .state import BALLOTS, DogeState

KIND_INDEX = {kind: i for i, kind in enumerate(TASK_KINDS)}


def encoder(layout: Layout, num_players: int, options: Mapping[str, Any]) -> DirectEncode:
    n = num_players
    at = layout.start
    year, phase, rnd, houses = at("year"), at("phase"), at("round"), at("houses")
    house_supply, palace_supply, palaces, advisors = at("house_supply"), at("palace_supply"), at("palaces"), at("advisors")
    rings_free, order, shown, hidden = at("rings_free"), at("order"), at("next_order_shown"), at("next_order_hidden")
    used, ballot_counts, hand_counts, revealed = at("used"), at("ballot_counts"), at("hand_counts"), at("revealed")
    ready, election, votes, q_left = at("ready"), at("election"), at("votes"), at("q_left")
    tasks_length, my_hand, my_ballots, my_pending = at("tasks_length"), at("my_hand"), at("my_ballots"), at("my_pending")
    adv_width = 1 + (n + 1) + (NUM_AREAS + 1)  # a 1, owner (-1 first), area (-1 first)
    adv_area = 1 + (n + 1) + 1  # the area one-hot's place for area 0
    tasks_part: Any = layout.part("tasks")
    tasks, task_width = tasks_part.start, tasks_part.width
    sub = {p.name: p.start for p in tasks_part.parts}
    t_kind, t_player, t_area, t_district = sub["kind"], sub["player"], sub["area"], sub["district"]
    t_count, t_cost, t_tied, t_players = sub["count"], sub["cost"], sub["tied"], sub["players"]
    pending_markers = 1 + NUM_AREAS  # after the row's 1 and the card's one-hot

    def encode(s: DogeState, player: int, out: Any) -> None:
        out[player] = 1.0
        if s.year:
            out[year] = s.year / 10
        out[phase + s.phase] = 1.0
        if s.rnd:
            out[rnd] = s.rnd / 4
        put_numbers(out, houses, s.houses, HOUSES)
        for p in range(n):
            out_of_supply = sum(s.houses[p * NUM_DISTRICTS : (p + 1) * NUM_DISTRICTS])
            if out_of_supply != HOUSES:
                out[house_supply + p] = (HOUSES - out_of_supply) / HOUSES
            if s.spaces.count(p) != PALACES:
                out[palace_supply + p] = (PALACES - s.spaces.count(p)) / PALACES
            if s.adv_owner.count(p) != RINGS:
                out[rings_free + p] = (RINGS - s.adv_owner.count(p)) / RINGS
            for x in range(NUM_AREAS):
                if s.used[p * NUM_AREAS + x]:
                    out[used + p * NUM_AREAS + x] = 1.0
                b = (p * NUM_AREAS + x) * 4
                face_down = s.placed[b] + s.placed[b + 1] + s.placed[b + 2] + s.placed[b + 3]
                if face_down:
                    out[ballot_counts + p * NUM_AREAS + x] = face_down / MAX_CARD_MARKERS
            b = p * 4
            in_hand = s.hand[b] + s.hand[b + 1] + s.hand[b + 2] + s.hand[b + 3]
            if in_hand:
                out[hand_counts + p] = in_hand / 7
            put_numbers(out, revealed + b, s.shown[b : b + 4], 1.0)  # markers turned up, by value
        for d in range(NUM_DISTRICTS):
            for o in s.spaces[d * SPACES : (d + 1) * SPACES]:
                if o >= 0:
                    out[palaces + d * n + o] += 1.0
        for a in range(NUM_ADVISORS):
            base = advisors + a * adv_width
            out[base] = 1.0
            out[base + 2 + s.adv_owner[a]] = 1.0
            out[base + adv_area + s.adv_area[a]] = 1.0
        for r, x in enumerate(s.order[s.pos :]):
            out[order + r * NUM_AREAS + x] = 1.0
        for r, x in enumerate(s.next_order[: s.pos]):
            out[shown + r * NUM_AREAS + x] = 1.0
        if s.pos != NUM_AREAS:
            out[hidden] = (NUM_AREAS - s.pos) / NUM_AREAS
        if s.phase == BALLOTS:
            put_numbers(out, ready, s.ready, 1.0)
        out[election + 1 + s.election] = 1.0
        put_numbers(out, votes, s.votes, 10.0)
        put_counts(out, q_left, s.q_left)
        if s.tasks:
            out[tasks_length] = len(s.tasks) / 10
        for r, (kind, p, area, k) in enumerate(s.tasks[:TASKS_SHOWN]):
            base = tasks + r * task_width
            out[base] = 1.0
            out[base + t_kind + KIND_INDEX[kind]] = 1.0
            if p >= 0:
                out[base + t_player + 1 + p] = 1.0
            if kind == "advisor" or kind == "move":
                out[base + t_area + 1 + area] = 1.0
                if kind == "move" and k:
                    out[base + t_tied] = 1.0
            elif kind == "place" or kind == "build" or kind == "check":
                out[base + t_district + 1 + area] = 1.0
                if kind == "check":
                    for q in range(k.bit_length()):
                        if k >> q & 1:
                            out[base + t_players + q] = 1.0
                elif k:
                    out[base + (t_count if kind == "place" else t_cost)] = k / (4 if kind == "place" else 7)
        # the observer's own secrets: its hand, its face-down markers' values, its choice this round
        put_numbers(out, my_hand, s.hand[player * 4 : player * 4 + 4], 1.0)
        put_numbers(out, my_ballots, s.placed[player * NUM_AREAS * 4 : (player + 1) * NUM_AREAS * 4], 1.0)
        card = s.pend_card[player]
        if s.phase == BALLOTS and card != -1:
            out[my_pending] = 1.0
            out[my_pending + 1 + card] = 1.0
            if s.ready[player]:
                put_numbers(out, my_pending + pending_markers, s.pend_marks[player * 4 : player * 4 + 4], 1.0)

    return encode
