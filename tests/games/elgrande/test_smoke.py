"""Seeded random games play to the end under every option, with the invariants checked each step."""

from __future__ import annotations

import pytest

import meeple
from meeple.engine import Rng

GAME = meeple.load("elgrande")


@pytest.mark.parametrize(
    ("n", "options"),
    [(2, {}), (3, {"short": True}), (4, {"veto": False}), (5, {}), (2, {"colonies": True}),
     (4, {"colonies": True}), (5, {"colonies": True, "short": True})],
)
def test_random_games_end_with_a_winner(n: int, options: dict) -> None:
    for seed in range(2):
        s = GAME.new_state(n, seed, options)
        rng = Rng(seed + 11)
        steps = 0
        while not s.is_terminal():
            s.check_invariants()
            p = s.to_move()[0]
            s.apply(p, rng.choice(s.legal_actions(p)))
            steps += 1
            assert steps < 5000
        r = s.result()
        assert r.winners and len(r.scores) == n
        assert sum(r.scores) > 0
        assert s.round_i == len(s.rounds)


def test_every_action_card_is_taken_and_carried_out_in_random_games() -> None:
    """The issue's check: every one of the 56 action cards (45 + the 7th stack) gets played."""
    from meeple.games.elgrande.data import CARDS, NUM_CARDS

    seen: set[int] = set()
    for seed in range(40):
        s = GAME.new_state(5, seed, {"colonies": True})
        s.log = False
        rng = Rng(seed)
        while not s.is_terminal():
            p = s.to_move()[0]
            a = rng.choice(s.legal_actions(p))
            if a[0] == "special":
                seen.add(s.card)
            elif a[0] == "use" or (a[0] == "card" and CARDS[a[1]]["effect"]["type"] == "veto"):
                seen.add(a[1])  # a kept 7th-stack card; a Veto! is kept when taken
            s.apply(p, a, check=False)
        if len(seen) == NUM_CARDS:
            break
    assert seen == set(range(NUM_CARDS))
