"""The speed work must not change behaviour: a clone shares the lists the rules only replace (state.SHARED),
so playing on (or redrawing the hidden information of) a clone must leave the original untouched; and
the fast legality test and "is there any legal move" shortcut must agree with the full lists."""

from __future__ import annotations

import pytest

import meeple
from meeple.engine import Rng
from meeple.games.elgrande import effects
from meeple.games.elgrande.phases import EFFECT
from meeple.games.elgrande.state import SHARED

GAME = meeple.load("elgrande")


@pytest.mark.parametrize(("n", "options"), [(3, {}), (4, {"colonies": True}), (5, {"colonies": True})])
def test_playing_on_a_clone_leaves_the_original_unchanged(n: int, options: dict) -> None:
    for seed in range(3):
        s = GAME.new_state(n, seed, options)
        s.log = False
        rng = Rng(seed + 5)
        while not s.is_terminal():
            if rng.below(3) == 0:
                before = s.to_json()
                c = s.clone()
                c.resample_hidden(c.to_move()[0], rng.copy())
                for _ in range(12):  # a short random continuation on the clone
                    if c.is_terminal():
                        break
                    q = c.to_move()[0]
                    c.apply(q, rng.choice(c.legal_actions(q)), check=False)
                assert s.to_json() == before
            p = s.to_move()[0]
            s.apply(p, rng.choice(s.legal_actions(p)), check=False)


def test_fast_checks_agree_with_the_full_lists() -> None:
    for n, options in ((4, {}), (4, {"colonies": True})):
        for seed in range(4):
            s = GAME.new_state(n, seed, options)
            s.log = False
            rng = Rng(seed)
            while not s.is_terminal():
                movers = s.to_move()
                for q in range(-1, n + 1):
                    assert s.is_mover(q) == (q in movers)
                if s.phase == EFFECT:
                    assert effects.has_legal(s, movers[0]) == bool(effects.legal(s, movers[0]))
                p = movers[0]
                s.apply(p, rng.choice(s.legal_actions(p)), check=False)


def test_shared_fields_are_real_fields() -> None:
    s = GAME.new_state(3, 1, {})
    c = s.clone()
    for name in SHARED:
        assert getattr(c, name) == getattr(s, name)
