"""Doge: the game's metadata, set-up, action grammar and state documents."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine import Game, Rng
from meeple.engine.schema import require

from . import ballots, elections
from .data import (
    HOUSES,
    MARKER_COUNTS,
    NUM_ADVISORS,
    NUM_AREAS,
    NUM_DISTRICTS,
    SEAT_NAMES,
    SPACES,
)
from .documents import read_state
from .state import BALLOTS, ELECTIONS, DogeState


class Doge(Game):
    id = "doge"
    title = "Doge"
    min_players = 3
    max_players = 4
    seat_names = SEAT_NAMES
    hidden_information = True
    simultaneous = True
    choices_in_steps = True  # a ballot is a card, then the markers for it
    description = (
        "Leo Colovini's Venice election game: secret ballots for the 6 districts and the Quarantia win"
        " advisors and houses; houses become palaces; palaces in all 6 districts (or 7 in 5, or 8 in 4)"
        " make the Doge."
    )

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> DogeState:
        s = DogeState(self, num_players, options, Rng(seed))
        n = num_players
        s.year, s.phase, s.rnd, s.pos, s.election = 1, BALLOTS, 0, 0, -1
        s.houses = [0] * (n * NUM_DISTRICTS)  # no houses start on the board
        s.spaces = [-1] * (NUM_DISTRICTS * SPACES)
        s.adv_owner = [-1] * NUM_ADVISORS  # all 9 advisors neutral on their symbols
        s.adv_area = [-1] * NUM_ADVISORS
        s.hand = list(MARKER_COUNTS) * n
        s.shown = [0] * (4 * n)
        s.placed = [0] * (n * NUM_AREAS * 4)
        s.used = [0] * (n * NUM_AREAS)
        ballots.clear_choices(s)
        # The brown set face up (this year's order), the grey set face down (next year's).
        s.order = list(range(NUM_AREAS))
        s.rng.shuffle(s.order)
        s.next_order = list(range(NUM_AREAS))
        s.rng.shuffle(s.next_order)
        s.votes, s.q_left, s.tasks = [], [], []
        if s.log:
            from .data import AREA_NAMES

            order = ", ".join(AREA_NAMES[x] for x in s.order)
            s.emit("year", f"Year 1 begins; voting order: {order}; each player has {HOUSES} houses", year=1)
        return s

    def _state_from_json(
        self, num_players: int, options: dict[str, Any], rng: Rng, doc: Mapping[str, Any]
    ) -> DogeState:
        s = DogeState(self, num_players, options, rng)
        read_state(s, doc)
        # A document a person wrote may stop before a decision point: run the automatic steps.
        if s.phase == BALLOTS and not ballots.movers(s):
            if any(s.ready):
                ballots.reveal(s)
            else:
                elections.begin_elections(s)
        elif s.phase == ELECTIONS:
            elections.advance(s)
        require(s.phase != ELECTIONS or bool(s.tasks), "inconsistent state: elections without a decision")
        return s

    def action_grammar(self, num_players: int, options: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        return [
            ("card", range(NUM_AREAS)),
            ("pass",),
            ("markers", *(range(c + 1) for c in MARKER_COUNTS)),
            ("stand", range(NUM_ADVISORS), range(NUM_AREAS)),
            ("abstain", range(NUM_ADVISORS)),
            ("move", range(NUM_DISTRICTS), range(NUM_DISTRICTS)),
            ("place", range(3)),
            ("build",),
        ]


GAME = Doge()
