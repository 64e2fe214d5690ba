"""Seeded random games run to the end under every player count and option."""

from __future__ import annotations

import pytest

from meeple.bots import make_bot
from meeple.engine import play_match
from meeple.games.genesia import GAME

CASES = [(n, {}) for n in range(1, 6)] + [
    (1, {"difficulty": "heroic"}),
    (3, {"deck": "belligerent", "attack_recruit": True}),
    (4, {"deck": "management", "teams": "0+2,1+3"}),
    (2, {"objectives": False}),
]


@pytest.mark.parametrize("n,options", CASES)
def test_random_games_end(n: int, options: dict) -> None:
    for seed in range(2):
        m = play_match(
            GAME, [make_bot("random", seed * 10 + i) for i in range(n)], seed=seed, options=options
        )
        s = m.state
        s.check_invariants()
        assert s.is_terminal() and all(len(x) == 3 for x in s.pp)
        r = s.result()
        assert len(r.scores) == n and r.winners
