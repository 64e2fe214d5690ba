"""The speed work's shortcuts give the same answers as the plain rules they stand for."""

from __future__ import annotations

from meeple.engine import Rng
from meeple.games.doge import GAME, ballots, elections

from .helpers import SAN_MARCO, position


def test_marker_choices_are_a_fresh_list_each_time() -> None:
    s = GAME.new_state(3, 4)
    s.apply(0, ("card", SAN_MARCO))
    first = s.legal_actions(0)
    # every selection of 1 to 4 of 3,3,2,2,1,1,0: the x^1..x^4 terms of (1 + x)(1 + x + x^2)^3
    assert len(first) == 4 + 9 + 13 + 13
    first.clear()  # a caller may change the list it got: the cached choices must not change
    assert len(s.legal_actions(0)) == 39


def test_waiting_players_and_move_check_match_a_recount_through_random_games() -> None:
    for n, seed in ((3, 11), (4, 12)):
        s = GAME.new_state(n, seed)
        s.log = False
        rng = Rng(seed)
        while not s.is_terminal():
            if s.phase == 0:
                assert s.waiting == ballots.still_to_choose(s)
                assert s.clone().waiting == s.waiting
            elif s.tasks and s.tasks[0][0] == "move":
                _, p, area, _ = s.tasks[0]
                assert elections.can_move(s, p) == bool(elections.move_choices(s, p, area))
            p = s.to_move()[0]
            acts = s.legal_actions(p)
            s.apply(p, acts[rng.below(len(acts))], check=False)


def test_a_document_sets_who_is_still_to_choose() -> None:
    s = position(3, pending=[None, {"card": SAN_MARCO, "markers": [3]}, None])
    assert s.waiting == [0, 2] and s.to_move() == [0, 2]
    s.to_move().clear()  # to_move hands out a copy
    assert s.waiting == [0, 2]


def test_standings_shortcuts() -> None:
    assert elections.standings([0, 0, 0]) == ([], [])
    assert elections.standings([3, 3, 1]) == ([0, 1], [])
    assert elections.standings([1, 4, 1, 2]) == ([1], [3])
    assert elections.standings([2, 4, 2, 0]) == ([1], [0, 2])
    assert elections.standings([0, 4, 0]) == ([1], [])
