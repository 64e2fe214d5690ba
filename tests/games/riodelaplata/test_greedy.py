"""The greedy bot weighs a placement of three steps (zone, grid, space) as it weighs one of a single
step: a step of a choice already begun does not spend its look-ahead (`State.choice_under_way`)."""

from __future__ import annotations

from meeple.bots import GreedyBot
from meeple.bots.greedy import one_ply_value
from meeple.games.riodelaplata.board import M_ROADS
from meeple.games.riodelaplata.state import RioState

from .helpers import players, position

ROADS_PLACEMENT = [("zone", 1), ("major", M_ROADS), ("space", 0, 0)]


def without_goods() -> RioState:
    """The first decision of a game turn for a player with no wood or stone: no Stonecutter or Carpenter
    to build, the free Roads grid open."""
    return position(4, players=players(4, p0={"wood": 0, "stone": 0}))


def test_only_a_placements_later_steps_are_a_choice_under_way() -> None:
    s = without_goods()
    assert not s.choice_under_way(0)
    for action in ROADS_PLACEMENT[:2]:
        s.apply(0, action)
        assert s.choice_under_way(0)
    s.apply(0, ROADS_PLACEMENT[2])
    assert s.to_move() == [0] and not s.choice_under_way(0)


def test_greedy_takes_the_roads_space_it_skipped_before() -> None:
    """The worker on the mine was judged with the best placement after it, the Roads space alone
    (the look-ahead spent on the grid's steps), so the mine won; now the Roads placement is judged with
    the best placement after it too, and wins."""
    s = without_goods()
    ranked = dict(GreedyBot(seed=1).rank_actions(s, 0))
    roads_alone = s.clone()
    for action in ROADS_PLACEMENT:
        roads_alone.apply(0, action)
    assert roads_alone.to_move() == [0]  # the player places on
    assert ranked[("mine", 0)] > one_ply_value(roads_alone, 0)  # what the look-ahead compared before
    assert ranked[("zone", 1)] > ranked[("mine", 0)]
    assert ranked[("zone", 1)] > one_ply_value(roads_alone, 0)  # the next placement counts now
    assert GreedyBot(seed=1).act(s, 0) == ("zone", 1)
    s.apply(0, ("zone", 1))
    assert GreedyBot(seed=1).act(s, 0) == ("major", M_ROADS)


def test_a_step_under_way_is_not_a_decision_of_the_look_ahead() -> None:
    """Without a look-ahead (`chain=0`, the easy level) nothing changes: each step is judged on its own,
    the grid's by the evaluation's best completion."""
    s = without_goods()
    ranked = dict(GreedyBot(seed=1, chain=0).rank_actions(s, 0))
    after_zone = s.clone()
    after_zone.apply(0, ("zone", 1))
    assert ranked[("zone", 1)] == one_ply_value(after_zone, 0)
