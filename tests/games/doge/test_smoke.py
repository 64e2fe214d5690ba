"""Seeded random games run to the end with the game's invariants holding after every step."""

from __future__ import annotations

import pytest

from meeple.engine import Rng
from meeple.games.doge import GAME


def play(n: int, seed: int, check_every: int = 1) -> tuple[object, int]:
    s = GAME.new_state(n, seed)
    rng = Rng(1000 + seed)
    steps = 0
    while not s.is_terminal():
        movers = s.to_move()
        assert movers, "a live state always has someone to move"
        # nobody is stuck: each player to move (all who hold markers, in phase 1) has a legal action
        assert all(s.legal_actions(q) for q in movers), "a player to move always has a legal action"
        p = movers[0]
        acts = s.legal_actions(p)
        s.apply(p, rng.choice(acts))
        steps += 1
        if steps % check_every == 0:
            s.check_invariants()
    return s, steps


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_games_end(n: int, seed: int) -> None:
    s, steps = play(n, seed)
    assert s.is_terminal() and steps > 0
    res = s.result()
    assert len(res.ranks) == n and 1 in res.ranks
    # the game ends only when someone fulfils an end condition (or nobody can any more)
    if max(res.scores) == 1:
        w = res.winners[0]
        assert any(res.breakdown[w][k] for k in ("six_districts", "seven_in_five", "eight_in_four"))


def test_replay_is_exact() -> None:
    a, _ = play(3, 5, check_every=50)
    b, _ = play(3, 5, check_every=50)
    assert a.state_hash() == b.state_hash()


def test_random_games_end_by_each_of_the_three_conditions() -> None:
    seen: set[str] = set()
    for seed in range(40):
        s, _ = play(3, 100 + seed, check_every=10**9)
        res = s.result()
        for w in res.winners:
            seen |= {k for k in ("six_districts", "seven_in_five", "eight_in_four") if res.breakdown[w][k]}
        if len(seen) == 3:
            break
    assert seen == {"six_districts", "seven_in_five", "eight_in_four"}
