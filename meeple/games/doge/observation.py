"""Doge's observation vector for learning agents (layout in docs/rl.md), from a player's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine.observation import Counts, Layout, Length, Number, Numbers, OneHot, Rows, Seat

from .data import HOUSES, MAX_CARD_MARKERS, NUM_ADVISORS, NUM_AREAS, NUM_DISTRICTS, PALACES, RINGS
from .state import PHASE_NAMES

TASK_KINDS = ("advisor", "move", "place", "build", "check", "neutral")
TASKS_SHOWN = 4  # the head of the election's queue: the decision now and the next ones


def layout(num_players: int, options: Mapping[str, Any]) -> Layout:
    n = num_players
    seats = range(n)
    areas = range(NUM_AREAS)
    values = range(4)  # ballot marker values 0..3
    return Layout(
        [
            Seat(n),
            Number("year", 10, "the year, over 10"),
            OneHot("phase", PHASE_NAMES, "the phase: ballots, elections, over"),
            Number("round", 4, "ballot rounds done this year, over 4"),
            Numbers("houses", n * NUM_DISTRICTS, HOUSES, "houses of each player (rows) in each district, over 15"),
            Numbers("house_supply", n, HOUSES, "houses each player has left in the supply, over 15"),
            Numbers("palace_supply", n, PALACES, "palaces each player has left, over 8"),
            Counts("palaces", seats, "per district, each player's palaces there", rows=NUM_DISTRICTS),
            Rows(
                "advisors",
                [
                    OneHot(0, range(-1, n), "owner (-1 neutral first)", name="owner"),
                    OneHot(1, range(-1, NUM_AREAS), "area it stands in (-1 on its symbol first)", name="area"),
                ],
                "each advisor: a 1, its owner (one-hot, neutral first), the area it stands in",
                rows=NUM_ADVISORS,
            ),
            Numbers("rings_free", n, RINGS, "control rings each player has left, over 6"),
            OneHot("order", areas, "this year's voting order still to come: one one-hot area per place", rows=NUM_AREAS),
            OneHot(
                "next_order_shown", areas, "next year's voting order turned up so far, one area per place", rows=NUM_AREAS
            ),
            Number("next_order_hidden", NUM_AREAS, "next year's order cards still face down, over 7"),
            Counts("used", areas, "the area cards each player has played this year", rows=n),
            Numbers("ballot_counts", n * NUM_AREAS, MAX_CARD_MARKERS, "face-down markers of each player on each area, over 4"),
            Numbers("hand_counts", n, 7, "markers in each player's hand, over 7"),
            Counts("revealed", values, "each player's markers turned up this year, counted by value", rows=n),
            Numbers("ready", n, 1, "1 for each player whose secret ballot choice is complete"),
            OneHot("election", range(-1, NUM_AREAS), "the area whose election is being resolved (-1 first: none)"),
            Numbers("votes", n, 10, "that election's votes per player, over 10"),
            Counts("q_left", range(NUM_ADVISORS), "Quarantia advisors still to hand out"),
            Length("tasks", 10, "decisions and steps queued in the election, over 10"),
            Rows(
                "tasks",
                [
                    OneHot("kind", TASK_KINDS, "kind", name="kind"),
                    OneHot("player", range(-1, n), "who decides (-1: an automatic step)", name="player"),
                    OneHot("area", range(-1, NUM_AREAS), "area (advisor, move; -1 any)", name="area"),
                    OneHot("district", range(-1, NUM_DISTRICTS), "district (place, build, check)", name="district"),
                    Number("count", 4, "houses to place", name="count"),
                    Number("cost", 7, "palace cost", name="cost"),
                    Number("tied", 1, "a tied player's move", name="tied"),
                    Counts("players", seats, "players of a palace check", name="players"),
                ],
                f"the first {TASKS_SHOWN} queued tasks: a 1, kind, player, area, district, count, cost, tied, players",
                rows=TASKS_SHOWN,
                keep="first",
            ),
            Counts("my_hand", values, "the observing player's hand, counted by marker value"),
            Counts("my_ballots", values, "the observing player's face-down markers on each area, by value", rows=NUM_AREAS),
            Rows(
                "my_pending",
                [
                    OneHot("card", areas, "the area card", name="card"),
                    Counts("markers", values, "the markers chosen, by value", name="markers"),
                ],
                "the observing player's secret choice this round: a 1, its area card, its markers by value",
            ),
        ],
        skipped={"areas": "the area names (constant)", "me": "the observing player (the seat part)"},
    )
