"""Observation vectors (`Game.observation`): a fixed size per game, player count and options, every
value the views take in random games encoded, a layout that documents itself and is in docs/rl.md."""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import pytest

from meeple import load
from meeple.engine import Game
from meeple.engine.observation import Counts, Layout, NoObservation, Number, OneHot, Rows
from meeple.engine.registry import games
from meeple.rl.layouts import layout_markdown

from .configs import every_setup

DOC = Path(__file__).parents[2] / "docs" / "rl.md"
STEPS = 250  # decisions of each random game: the player to move's observation encoded at each
EVERYONE = 4  # and every player's at every 4th


@pytest.mark.parametrize(("game_id", "n", "opts"), every_setup())
def test_every_players_observation_has_the_layouts_size_through_a_random_game(
    game_id: str, n: int, opts: dict[str, Any]
) -> None:
    game = load(game_id)
    size = game.observation_size(n, opts)
    state = game.new_state(n, 11, opts)
    state.log = False
    rng = random.Random(11)
    for step in range(STEPS):
        if state.is_terminal():
            break
        for p in range(n) if step % EVERYONE == 0 else state.to_move()[:1]:
            obs = game.observation(state, p)
            assert len(obs) == size
            assert all(math.isfinite(x) for x in obs)
            assert obs[p] == 1.0 and sum(obs[:n]) == 1.0  # the seat part leads every layout
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)), check=False)


@pytest.mark.parametrize("game", games(), ids=lambda g: g.id)
def test_the_layout_tiles_the_vector_and_each_part_is_in_docs(game: Game) -> None:
    n = max(game.player_counts(game.parse_options({})))
    layout = game.observation_layout(n)
    rows = layout.describe()
    assert rows[0][0] == 0 and rows[-1][1] == layout.size
    assert all(a[1] == b[0] for a, b in zip(rows, rows[1:])), "parts follow each other without gaps"
    assert layout_markdown(game) in DOC.read_text(encoding="utf-8"), (
        f"docs/rl.md is not up to date with {game.id}'s layout: paste `python -m meeple.rl.layouts`"
    )


def test_a_game_without_an_encoding_is_refused_clearly() -> None:
    class Bare(Game):  # its package (this test module's) has no observation.py
        id = "bare"
        title = "Bare"
        min_players = max_players = 2

        def _new_state(self, num_players, seed, options):  # type: ignore[no-untyped-def]
            raise AssertionError("not reached")

        def _state_from_json(self, num_players, options, rng, doc):  # type: ignore[no-untyped-def]
            raise AssertionError("not reached")

        def action_grammar(self, num_players, options):  # type: ignore[no-untyped-def]
            return [("pass",)]

    with pytest.raises(NoObservation, match="Bare has no observation encoding"):
        Bare().observation_size(2)


def test_parts_refuse_values_they_do_not_declare() -> None:
    layout = Layout([OneHot("phase", ("a", "b"), "phase"), Counts("hand", range(3), "hand")])
    assert layout.encode({"phase": "b", "hand": [2, 2]}, 0) == [0.0, 1.0, 0.0, 0.0, 2.0]
    with pytest.raises(ValueError, match="unexpected value 'c'"):
        layout.encode({"phase": "c", "hand": []}, 0)
    with pytest.raises(ValueError, match="unexpected item 3"):
        layout.encode({"phase": "a", "hand": [3]}, 0)


def test_a_bool_is_not_the_integer_it_equals() -> None:
    part = OneHot("x", (False, True, 0, 1), "x")
    layout = Layout([part])
    assert layout.encode({"x": True}, 0) == [0.0, 1.0, 0.0, 0.0]
    assert layout.encode({"x": 1}, 0) == [0.0, 0.0, 0.0, 1.0]


def test_rows_keep_the_head_or_the_tail_or_refuse() -> None:
    def rows(keep: str) -> Layout:
        return Layout([Rows("q", [Number(None, 10, "v", name="v")], "queue", rows=2, keep=keep)])

    q = {"q": [1, 2, 3]}
    assert rows("first").encode(q, 0) == [1.0, 0.1, 1.0, 0.2]
    assert rows("last").encode(q, 0) == [1.0, 0.2, 1.0, 0.3]
    with pytest.raises(ValueError, match="3 rows, room for 2"):
        rows("all").encode(q, 0)
