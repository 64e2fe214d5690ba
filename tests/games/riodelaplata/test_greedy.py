"""The greedy bot weighs a placement of three steps (zone, grid, space) as it weighs one of a single
step: a step of a choice already begun does not spend its look-ahead (`State.choice_under_way`)."""

from __future__ import annotations

from meeple.bots import GreedyBot
from meeple.bots.greedy import one_ply_value
from meeple.games.riodelaplata.board import GUNNER, M_FORT, M_ROADS
from meeple.games.riodelaplata.state import RioState

from .helpers import players, position

ROADS_PLACEMENT = [("zone", 1), ("major", M_ROADS), ("space", 0, 0)]


def without_goods() -> RioState:
    """The first decision of a game turn for a player with no wood or stone: no Stonecutter or Carpenter
    to build, the free Roads grid open."""
    return position(4, players=players(4, p0={"wood": 0, "stone": 0}))


def roads_three_filled() -> RioState:
    """The first decision of a game turn for a player with three workers on the Roads grid's four
    spaces: a fourth completes it (4 VP, the workers back, 3 road pieces to place)."""
    grids = [[-1] * 7, [-1] * 7, [-1] * 5, [-1] * 4, [-1] * 5, [0, 0, 0, -1]]
    return position(4, players=players(4), grids=grids)


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


def test_the_completions_road_pieces_are_a_choice_under_way() -> None:
    s = roads_three_filled()
    for action in [("zone", 1), ("major", M_ROADS), ("space", 3, 0)]:
        s.apply(0, action)
    assert s.tile and s.to_move() == [0] and s.choice_under_way(0)  # the completer places the pieces


def test_greedy_completes_the_roads_grid_judged_with_the_placement_after_it() -> None:
    """The three road pieces of a completion spent the look-ahead, so the worker completing the Roads
    grid was judged alone, and a Fort space judged with the placement after it (the completion) won:
    the Roads grid ranked last of the grids, and the zone below the city map's. Now the pieces are steps
    of the completion, and the completion is judged with the placement after it too."""
    s = roads_three_filled()
    ranked = dict(GreedyBot(seed=1).rank_actions(s, 0))
    assert max(ranked, key=lambda a: ranked[a]) == ("zone", 1)
    s.apply(0, ("zone", 1))
    grids = dict(GreedyBot(seed=1).rank_actions(s, 0))
    assert grids[("major", M_ROADS)] > grids[("major", M_FORT)]


def field_or_a_roads_space_beside_the_grids_leader() -> RioState:
    """The first decision of the third game turn for a player with 10 VP (the 5-silver offices' minimum
    reached), 2 silver and no wood or stone; 24 of the 60 pieces used, Green (14 VP) filled 15 of the
    32 Roads spaces of the grids completed and holds three of the four now, the other seats 5 each."""
    vps = players(4, p0={"wood": 0, "stone": 0, "vp": 10}, p1={"vp": 14}, p2={"vp": 5}, p3={"vp": 5})
    grids = [[-1] * 7, [-1] * 7, [-1] * 5, [-1] * 4, [-1] * 5, [1, 1, 1, -1]]
    return position(4, turn=2, players=vps, grids=grids, roads=list(range(24)), roads_held=[5, 15, 5, 5],
                    completed=[0] * 5 + [8])


def test_a_roads_space_is_taken_from_the_seat_far_ahead_in_the_grid() -> None:
    """Four workers on Field work (2 silver towards an office) were weighed against the Roads space
    as if the space's VP came from no one: the field won, and Green, far ahead in the grid, would take
    it. Now Green counts its share of the grid's VP still to come above ROADS_LEAD_SHARE
    (`evaluation.add_roads_lead`, whole from the third game turn): the space dilutes that share, and
    the Roads grid wins (docs/bots.md, Río sessions 47-48)."""
    s = field_or_a_roads_space_beside_the_grids_leader()
    assert GreedyBot(seed=1).act(s, 0) == ("zone", 1)
    s.apply(0, ("zone", 1))
    assert GreedyBot(seed=1).act(s, 0) == ("major", M_ROADS)


def test_no_purchase_with_the_price_of_the_office_bid_for() -> None:
    """Five workers placed, one on the Gunner, its 5 silver in hand: the money menu holds only a
    purchase (1 silver), which would leave 4 and bring the fine in the effects. It is not weighed, so
    the greedy bot is done (before, the menu and `done` looked alike and the tie was broken at random).
    With a silver more, the purchase leaves the price and is weighed."""
    offices = {"owner": [-1] * 12, "turn": [-1] * 12, "bid": [0] + [-1] * 11}
    placed = {"silver": 5, "vp": 7, "bid": GUNNER, "placed": 5}
    s = position(4, players=players(4, p0=placed), offices=offices)
    assert ("money",) in s.legal_actions(0)
    assert s.bot_actions(0) == [("done",)]
    assert all(GreedyBot(seed=seed).act(s, 0) == ("done",) for seed in range(4))
    richer = position(4, players=players(4, p0={**placed, "silver": 6}), offices=offices)
    assert ("money",) in richer.bot_actions(0)
