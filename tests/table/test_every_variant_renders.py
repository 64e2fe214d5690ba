"""Every variant a player can set up (each game, player count and option value the conformance suites run)
is shown by both front ends: along a seeded random game, the text board, hand and scores and the drawn
board render for the seat to move without an error, and so do the final scores. (A game without
Genesia's objectives once stopped `meeple play` with a traceback at its first screen.)"""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console

from meeple.engine import Game
from meeple.table import presenter_for

from ..conformance.variants import variant_id, variants

EVERY = 9  # decisions between two looks: a random game passes through each phase many times
LOOKS = 40


@pytest.mark.parametrize("variant", variants(), ids=variant_id)
def test_each_front_end_renders_every_variant(variant: tuple[Game, int, dict[str, Any]]) -> None:
    game, n, opts = variant
    parsed = game.parse_options(opts)
    presenter = presenter_for(game)
    console = Console(file=io.StringIO(), width=110)
    state = game.new_state(n, 1, parsed)
    rng = random.Random(1)
    looks = decisions = 0
    while not state.is_terminal() and looks < LOOKS:
        seat = state.to_move()[0]
        if decisions % EVERY == 0:
            view = state.view(seat)
            for part in (presenter.board, presenter.hand, presenter.scores):
                console.print(part(view, seat, parsed))
            presenter.svg(view, seat, parsed)
            presenter.choices(state, seat, view, state.legal_actions(seat))
            looks += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        decisions += 1
    assert looks > 1
    console.print(presenter.scores(state.view(0), 0, parsed))
    assert console.file.getvalue()
