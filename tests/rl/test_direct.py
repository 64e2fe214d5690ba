"""The direct encoders (`meeple/games/<id>/observation_direct.py`, used by the learning environments)
write exactly the view's vector: on every decision of seeded random games, for every player, of every
variant the conformance battery runs (each game, player count and option value), the direct encoding
equals the encoding of `state.view(player)` element for element. Each game's leak test runs on the
direct path too (tests/rl/test_leaks.py)."""

from __future__ import annotations

import importlib
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from meeple.engine import Game, games
from meeple.engine.game import _freeze
from meeple.engine.observation import direct_for, layout_for

from ..conformance.variants import variant_id, variants
from .configs import every_setup

SEEDS = (0,)  # whole games each (every decision, every player: a Río de la Plata game is 500-1,800)
DIRECT_GAMES = ("doge", "elgrande", "genesia", "riodelaplata")


def setups() -> list[tuple[Game, int, dict[str, Any]]]:
    """The conformance variants and the RL tests' option sets (El Grande's Colonies at every count...) of
    the games with a direct encoder (Goofspiel's tiny view is encoded as it is)."""
    out = variants()
    seen = {variant_id(v) for v in out}
    by_id = {g.id: g for g in games()}
    for game_id, n, opts in every_setup():
        v = (by_id[game_id], n, opts)
        if variant_id(v) not in seen:
            seen.add(variant_id(v))
            out.append(v)
    return [v for v in out if v[0].id in DIRECT_GAMES]


def test_the_four_board_games_have_a_direct_encoder() -> None:
    for game in games():
        has = direct_for(game, min(game.player_counts(game.parse_options({}))), ()) is not None
        assert has == (game.id in DIRECT_GAMES), game.id


@pytest.mark.parametrize("variant", setups(), ids=variant_id)
def test_the_direct_encoding_is_the_views_encoding_on_every_decision(variant: tuple[Game, int, dict[str, Any]]) -> None:
    game, n, opts = variant
    parsed = game.parse_options(opts)
    frozen = _freeze(parsed)
    direct = direct_for(game, n, frozen)
    assert direct is not None
    layout = layout_for(game, n, frozen)
    compared = 0
    for seed in SEEDS:
        state = game.new_state(n, seed, parsed)
        state.log = False
        rng = random.Random(seed)
        while not state.is_terminal():
            for p in range(n):
                by_view = np.zeros(layout.size, dtype=np.float32)
                layout.encode_into(state.view(p), p, by_view)
                by_state = np.zeros(layout.size, dtype=np.float32)
                direct(state, p, memoryview(by_state))  # as the environments call it
                if not np.array_equal(by_view, by_state):
                    wrong = [name for start, stop, name, _ in layout.describe() if (by_view[start:stop] != by_state[start:stop]).any()]
                    pytest.fail(f"{game.id} {n}p {opts} seed {seed}, decision {compared}: player {p}'s parts {wrong} differ")
            compared += 1
            player = state.to_move()[0]
            state.apply(player, rng.choice(state.legal_actions(player)), check=False)
    assert compared > 50  # whole games: many decisions, the ends of games among them


ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize(
    ("declarations", "cls"),
    [
        ("meeple/engine/direct_writes.pxd", "meeple.engine.direct_writes:OnesCache"),
        ("meeple/games/doge/observation_direct.pxd", "meeple.games.doge.observation_direct:DogeEncoder"),
        ("meeple/games/elgrande/observation_direct.pxd", "meeple.games.elgrande.observation_direct:ElGrandeEncoder"),
        ("meeple/games/genesia/observation_direct.pxd", "meeple.games.genesia.observation_direct:GenesiaEncoder"),
        (
            "meeple/games/riodelaplata/observation_direct.pxd",
            "meeple.games.riodelaplata.observation_direct:RioEncoder",
        ),
    ],
)
def test_an_encoders_declared_fields_are_its_slots(declarations: str, cls: str) -> None:
    """An encoder compiled as a `cdef class` lists its fields twice: in its __slots__ and, typed, in its
    .pxd (`cdef Py_ssize_t a, b`). A field missing from the .pxd would be an AttributeError in the
    compiled build only; one missing from __slots__, in the source only."""
    module, name = cls.split(":")
    slots = importlib.import_module(module).__dict__[name].__slots__
    declared: list[str] = []
    inside = False
    for line in (ROOT / declarations).read_text(encoding="utf-8").splitlines():
        if line.startswith("cdef class "):
            inside = line == f"cdef class {name}:"
        elif inside and line.startswith("    cdef "):
            _, names = line.strip().removeprefix("cdef ").split(None, 1)
            declared.extend(n.strip() for n in names.split(","))
    assert sorted(declared) == sorted(slots)
