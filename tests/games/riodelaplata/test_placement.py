"""A | Worker placement: the city map, the Major building grids and the other areas."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.riodelaplata import GAME, placement
from meeple.games.riodelaplata.board import (
    CHURCH,
    HOUSE,
    HUT,
    MARKET,
    PALACE,
    STONECUTTER,
    track_costs,
)

from .helpers import BLACK, GREEN, RED, cell, players, position

START = cell(2, 4)  # a space of the Starting Zone (district 1, Socorro)


def enter(s, p, action) -> None:
    """Choose the zone an action belongs to (the city map or the building grids) when it is legal."""
    zone = {"city": 0, "use": 2, "major": 1}.get(action[0])
    if s.phase == "place" and not s.pick and zone is not None and ("zone", zone) in s.legal_actions(p):
        s.apply(p, ("zone", zone))


def go(s, p, action) -> None:
    enter(s, p, action)
    s.apply(p, action)


def refused(s, p, action, words: str) -> None:
    enter(s, p, action)
    before = s.to_json()
    with pytest.raises(IllegalAction) as e:
        s.apply(p, action)
    assert words in str(e.value)
    assert s.to_json() == before, "an illegal action leaves the state unchanged"


def test_setup_kit_order_and_last_player_bonus() -> None:
    """Game preparation: 9 working workers, 2 stone, 2 wood, 2 silver; the last player gets 1 wood + 1 stone."""
    for seed in range(5):
        s = GAME.new_state(4, seed)
        last = s.order[-1]
        for p in range(4):
            bonus = 1 if p == last else 0
            assert (s.free[p], s.silver[p], s.wood[p], s.stone[p]) == (9, 2, 2 + bonus, 2 + bonus)
        assert s.num_turns == 20 and s.turn == 0
    assert GAME.new_state(3, 0, {"short": True}).num_turns == 15
    assert sorted({tuple(GAME.new_state(3, seed).order) for seed in range(30)}) != [(0, 1, 2)]


def test_green_workers_replaced_by_four_black() -> None:
    """Rulebook: 2 green workers on a space; black places 4: the 2 green and one black are removed,
    3 black workers remain."""
    s = position(5, order=[BLACK, RED, GREEN, 3, 2], workers=[[START, GREEN, 2]])
    assert s.free[GREEN] == 7
    refused(s, BLACK, ("city", START, 2), "exactly 4")
    go(s, BLACK, ("city", START, 4))
    assert (s.wowner[START], s.wcount[START]) == (BLACK, 3)
    assert s.free[GREEN] == 9, "removed workers go back to their owner"
    assert s.free[BLACK] == 6 and s.placed[BLACK] == 4, "the sacrificed worker returns, the 4 count as placed"
    s.check_invariants()


def test_at_most_three_workers_and_five_per_turn() -> None:
    s = position(2, workers=[[START, RED, 2]])
    refused(s, RED, ("city", START, 2), "at most 3 workers")
    go(s, RED, ("city", START, 1))
    s.apply(RED, ("work", 0))
    s.apply(RED, ("field", 4))
    assert s.placed[RED] == 5
    assert not [a for a in s.legal_actions(RED) if a[0] in ("zone", "mine", "work")]
    refused(s, RED, ("work", 1), "at most 5 workers per turn")
    refused(s, RED, ("field", 1), "come after ('work'")


def test_workers_need_adjacency_or_starting_zone() -> None:
    s = position(2, buildings=[[cell(0, 0), HUT, RED]])
    refused(s, RED, ("city", cell(5, 1), 1), "next to one of your huts")
    go(s, RED, ("city", cell(1, 1), 1))  # diagonal to the hut counts
    assert s.wcount[cell(1, 1)] == 1
    refused(s, GREEN, ("city", cell(4, 7), 1), "")  # Plaza Mayor: not GREEN's turn, nor a space


def test_designed_city_has_inner_districts_and_a_starting_zone_apart_from_the_plaza_ring() -> None:
    """Rulebook: the Defender scores "each peripheral district closed by walls", so some of the 8
    districts are not peripheral; the Palace and Cathedral go "in one of the spaces surrounding the
    Plaza Mayor; if the spaces are fully occupied by other buildings" one is removed, so the ring is
    not where every player starts. Designed: four inner districts round the Plaza, four peripheral
    ones; the ring lies in the four inner districts (the completer's choice of district); no space of
    the Starting Zone is in the ring or next to it."""
    from meeple.games.riodelaplata.board import ADJ8, AROUND_PLAZA, DISTRICT, PERIMETER, STARTING_ZONE

    peripheral = {DISTRICT[x] for x in PERIMETER}
    assert peripheral == {0, 3, 4, 7}
    assert {DISTRICT[x] for x in AROUND_PLAZA} == {1, 2, 5, 6}
    assert len(STARTING_ZONE) == 12 and not STARTING_ZONE & {y for x in AROUND_PLAZA for y in (x, *ADJ8[x])}
    assert {DISTRICT[x] for x in STARTING_ZONE} == {1, 2, 5, 6}
    s = position(2)
    go(s, RED, ("city", cell(2, 3), 2))
    refused(s, RED, ("city", cell(3, 6), 1), "Starting Zone")


def test_no_workers_on_the_plaza_mayor() -> None:
    s = position(2)
    refused(s, RED, ("city", cell(4, 7), 1), "Plaza Mayor")


def test_hut_this_turn_house_next_turn() -> None:
    """Only one building per space per turn: a Hut first, the House in a following turn."""
    s = position(2, phase="effect", workers=[[START, RED, 3]], players=players(2))
    s.apply(RED, ("build", START, HUT))
    assert s.bkind[START] == HUT and s.wcount[START] == 1
    assert ("build", START, HOUSE) not in s.legal_actions(RED)
    refused(s, RED, ("build", START, HOUSE), "one building per space per turn")


def test_building_without_prerequisite_is_refused() -> None:
    s = position(2, phase="effect", workers=[[START, RED, 2]], players=players(2, p0={"precious": 2}))
    refused(s, RED, ("build", START, HOUSE), "only be built on a Hut")
    refused(s, RED, ("build", START, 6), "only be built on a Market")
    refused(s, RED, ("build", START, 8), "only be built on a Square")


def test_second_church_in_a_district_is_refused() -> None:
    a, b = cell(3, 5), cell(2, 5)  # both in district 1
    s = position(2, phase="effect", buildings=[[cell(4, 4), CHURCH, GREEN], [cell(3, 6), HUT, RED]],
                 workers=[[a, RED, 2], [b, RED, 2]], players=players(2, p0={"precious": 2, "stone": 5}))
    refused(s, RED, ("build", a, CHURCH), "only one Church in each district")


def test_square_needs_five_buildings_or_walls() -> None:
    x = cell(1, 1)
    around = [cell(0, 0), cell(0, 1), cell(0, 2), cell(1, 0), cell(1, 2), cell(2, 0)]
    base = dict(phase="effect", workers=[[x, RED, 1]], players=players(2, p0={"precious": 1}))
    s = position(2, buildings=[[y, HUT, RED] for y in around[:4]], **base)
    refused(s, RED, ("build", x, 7), "5 minor buildings")
    s = position(2, buildings=[[y, HUT, RED] for y in around[:5]], **base)
    s.apply(RED, ("build", x, 7))
    assert s.vp[RED] == 6 and s.silver[RED] == 1 and s.precious[RED] == 0
    # a walled outer edge counts like a building
    edge = cell(0, 5)
    s = position(2, buildings=[[y, HUT, RED] for y in (cell(0, 4), cell(0, 6), cell(1, 4), cell(1, 5))],
                 walls=[5], phase="effect", workers=[[edge, RED, 1]], players=players(2, p0={"precious": 1}))
    s.apply(RED, ("build", edge, 7))
    assert s.bkind[edge] == 7


def test_minor_building_costs_and_vps() -> None:
    cases = [(STONECUTTER, 1, {"stone": 2}, 0), (MARKET, 2, {"wood": 2, "stone": 2}, 0),
             (10, 2, {"stone": 3, "wood": 2, "precious": 1}, 6), (CHURCH, 2, {"wood": 1, "stone": 2, "precious": 1}, 3)]
    for kind, workers, cost, vp in cases:
        kit = {"wood": 5, "stone": 5, "precious": 5, "silver": 5}
        s = position(2, phase="effect", workers=[[START, RED, workers]], players=players(2, p0=kit))
        s.apply(RED, ("build", START, kind))
        for res, k in cost.items():
            assert getattr(s, res)[RED] == 5 - k, (kind, res)
        assert s.vp[RED] == vp and s.wcount[START] == 0 and s.free[RED] == 9


def test_activation_needs_adjacent_house_and_limits() -> None:
    sc = cell(3, 5)
    s = position(2, buildings=[[sc, STONECUTTER, RED], [cell(2, 5), HUT, RED]])
    refused(s, RED, ("use", sc), "Houses adjacent")
    s = position(2, buildings=[[sc, STONECUTTER, RED], [cell(2, 5), HOUSE, RED], [cell(2, 4), HOUSE, GREEN]])
    go(s, RED, ("use", sc))
    refused(s, RED, ("use", sc), "1 time(s) per turn")  # once per turn in a district without road
    assert ("zone", 2) not in s.legal_actions(RED)
    s.apply(RED, ("done",))
    refused(s, GREEN, ("use", sc), "1 time(s) per turn")


def test_any_player_with_an_adjacent_house_may_activate_a_building() -> None:
    """Rulebook, Minor building effects: "In order to activate a building there must be a House adjacent
    to the building" - the building's colour is not a condition (the facts file: production buildings
    serve everyone who has a house around them). Colours mix on a space only when "used to activate a
    minor building connected by roads": Red's builders waiting on his Market keep Green out without a road."""
    sc, mk = cell(3, 5), cell(1, 5)
    s = position(2, cur=1, buildings=[[sc, STONECUTTER, RED], [mk, MARKET, RED], [cell(2, 5), HOUSE, GREEN]],
                 workers=[[mk, RED, 1]])
    assert ("use", sc) in placement.use_actions(s, GREEN)
    refused(s, GREEN, ("use", mk), "different colours")
    go(s, GREEN, ("use", sc))
    assert s.act == [(sc, GREEN)]


def test_road_connected_district_allows_two_activations_and_other_colours() -> None:
    from meeple.games.riodelaplata.board import ROAD_ENDS, vertex

    # district 1's centre (5,3) to the Plaza's corner (7,4): (5,3)-(6,3)-(7,3)-(7,4)
    path = [(vertex(5, 3), vertex(6, 3)), (vertex(6, 3), vertex(7, 3)), (vertex(7, 3), vertex(7, 4))]
    roads = [ROAD_ENDS.index(e) for e in path]
    sc = cell(3, 5)
    s = position(2, roads=roads, buildings=[[sc, STONECUTTER, RED], [cell(2, 5), HOUSE, RED],
                                            [cell(2, 4), HOUSE, GREEN]])
    assert s.conn[1] == 1 and sum(s.conn) == 1
    go(s, RED, ("use", sc))
    s.apply(RED, ("done",))
    go(s, GREEN, ("use", sc))
    refused(s, GREEN, ("use", sc), "only 2 time(s)")


def test_fort_costs_one_wood_one_stone_per_space() -> None:
    """Rulebook: 2 workers on the Fort grid cost 2 wood and 2 stone, paid when placing."""
    s = position(3, players=players(3, p0={"wood": 3, "stone": 3}))
    for _ in range(2):
        go(s, RED, ("major", 2))
        s.apply(RED, ("space", s.grid[2].index(-1), 0))
    assert (s.wood[RED], s.stone[RED]) == (1, 1) and s.grid[2][:2] == [RED, RED]


def test_road_grid_filled_alone_gives_four_vp() -> None:
    """Rulebook: a player filling all the road grid's spaces by himself receives 4 VPs, then places 3 roads."""
    s = position(3)
    for i in range(4):
        go(s, RED, ("major", 5))
        s.apply(RED, ("space", i, 0))
    assert s.vp[RED] == 4 and s.free[RED] == 9 and s.completed[5] == 1
    assert s.to_move() == [RED] and s.tile[2] == 3
    for _ in range(3):
        s.apply(RED, s.legal_actions(RED)[0])
    assert sum(s.roads) == 3 and s.pieces == 3 and not s.tile and s.grid[5] == [-1] * 4


def test_road_grid_completed_again_in_the_same_turn() -> None:
    """Rulebook: "The road grid can be used several times"; the workers on a grid "are only removed when
    the building is completed", and a player may "place up to 5 workers" a turn. So a player completes
    the Roads grid with four workers, has them back and puts his fifth on the empty grid, and the next
    player may complete it again in the same turn (one player alone: once a turn at most). The state
    counts each player's spaces in the grids completed (`roads_held`, read by the bots' estimate)."""
    s = position(3, phase="place", order=[RED, GREEN, 2])
    for i in range(4):
        go(s, RED, ("major", 5))
        s.apply(RED, ("space", i, 0))
    while s.tile:
        s.apply(RED, s.legal_actions(RED)[0])
    go(s, RED, ("major", 5))
    s.apply(RED, ("space", 0, 0))
    assert s.placed[RED] == 5 and ("zone", 1) not in s.legal_actions(RED)
    s.apply(RED, ("done",))
    for i in (1, 2, 3):
        go(s, GREEN, ("major", 5))
        s.apply(GREEN, ("space", i, 0))
    assert s.completed[5] == 2 and (s.vp[RED], s.vp[GREEN]) == (5, 3) and s.grid[5] == [-1] * 4
    assert s.roads_held == [5, 3, 0]


def test_roads_and_walls_grids_close_when_the_pieces_run_out() -> None:
    """Decision (RULES.md): the 60 wall/road pieces are the limit ("60 wall/road pieces" in the
    components; only resources are "without limit"). With all 60 on the board the Roads and Walls grids
    take no worker, since neither can be completed again; the other grids stay open."""
    from meeple.games.riodelaplata.board import PRINTED_WALLS, SEGMENTS

    open_edges = [g for g in range(SEGMENTS) if g not in PRINTED_WALLS]
    s = position(3, walls=open_edges[:40], roads=list(range(20)))
    assert s.pieces == 60
    s.apply(RED, ("zone", 1))
    grids = [a[1] for a in s.legal_actions(RED)]
    assert 5 not in grids and 3 not in grids and 2 in grids
    s = position(3, walls=open_edges[:40], roads=list(range(20)))
    refused(s, RED, ("major", 5, 0, 0), "all 60 wall/road pieces are on the board")


def test_walls_grid_closes_when_the_perimeter_is_walled() -> None:
    from meeple.games.riodelaplata.board import PRINTED_WALLS, SEGMENTS

    s = position(3, walls=[g for g in range(SEGMENTS) if g not in PRINTED_WALLS])
    assert s.pieces < 60
    refused(s, RED, ("major", 3, 0, 0), "every edge of the City's perimeter has its wall")
    go(s, RED, ("major", 5))
    assert s.legal_actions(RED)[0][0] == "space", "the Roads grid is still open"


def test_last_piece_completes_the_roads_grid_once_more() -> None:
    """One piece left: the completion pays the grid's 4 VP and places the one piece; then the grid closes."""
    from meeple.games.riodelaplata.board import PRINTED_WALLS, SEGMENTS

    open_edges = [g for g in range(SEGMENTS) if g not in PRINTED_WALLS]
    s = position(3, walls=open_edges[:40], roads=list(range(19)))
    for i in range(4):
        go(s, RED, ("major", 5))
        s.apply(RED, ("space", i, 0))
    assert s.vp[RED] == 4 and s.completed[5] == 1 and s.tile == [-5, RED, 1]
    s.apply(RED, s.legal_actions(RED)[0])
    assert s.pieces == 60 and not s.tile
    assert ("major", 5) not in placement.grid_actions(s, RED)


def test_grid_spaces_by_player_count() -> None:
    assert [len(position(n).grid[0]) for n in (2, 3, 4, 5)] == [6, 6, 7, 8]


def test_completer_places_palace_removing_a_building_when_full() -> None:
    from meeple.games.riodelaplata.board import AROUND_PLAZA

    s = position(2, buildings=[[x, HUT, GREEN] for x in AROUND_PLAZA],
                 grids=[[GREEN, GREEN, GREEN, GREEN, GREEN, -1], [-1] * 6, [-1] * 4, [-1] * 3, [-1] * 4, [-1] * 4],
                 players=players(2, p1={"free": 4}))
    go(s, RED, ("major", 0))
    s.apply(RED, ("space", 5, 0))
    assert s.vp == [3, 4 + 4 + 3 + 3 + 3] and s.to_move() == [RED]
    assert [a[1] for a in s.legal_actions(RED)] == list(AROUND_PLAZA)
    s.apply(RED, ("tile", AROUND_PLAZA[0]))
    assert s.bkind[AROUND_PLAZA[0]] == PALACE and s.bkind.count(HUT) == 11


def test_fort_and_harbour_bonus_on_completion() -> None:
    s = position(2, grids=[[-1] * 6, [-1] * 6, [GREEN, GREEN, GREEN, -1], [-1] * 3, [GREEN, GREEN, GREEN, -1],
                           [-1] * 4], players=players(2, p1={"free": 3}))
    go(s, RED, ("major", 2))
    s.apply(RED, ("space", 3, 0))
    assert s.vp[RED] == 2 + 4 and s.vp[GREEN] == 6
    go(s, RED, ("major", 4))
    s.apply(RED, ("space", 3, 0))
    assert s.vp[RED] == 6 + 2 + 2 and s.completed[2] == s.completed[4] == 1
    assert ("major", 2) not in placement.grid_actions(s, RED)


def test_mine_costs_five_players() -> None:
    """Rulebook: with 5 players the first 3 spaces need 1 worker per resource, the next two 2, the last 3."""
    assert track_costs(5, "mine") == (1, 1, 1, 2, 2, 3)
    assert track_costs(4, "mine") == (1, 1, 2, 2, 3)
    assert track_costs(3, "forest") == (1, 2, 2, 3)
    s = position(5)
    for _ in range(3):
        s.apply(RED, ("mine", 0))
    assert s.placed[RED] == 3
    s.apply(RED, ("mine", 0))
    assert s.placed[RED] == 5
    assert ("mine", 0) not in s.legal_actions(RED)


def test_office_one_per_turn_and_unique() -> None:
    s = position(2, offices={"owner": [GREEN] + [-1] * 11, "turn": [0] + [-1] * 11, "bid": [-1] * 12})
    s.apply(RED, ("money",))
    s.apply(RED, ("bid",))
    assert ("office", 0) not in s.legal_actions(RED)
    s.apply(RED, ("office", 1))
    s.apply(RED, ("money",))
    assert ("bid",) not in s.legal_actions(RED)
    refused(s, RED, ("bid",), "at most one Public Office per turn")
    s.apply(RED, ("buy",))
    s.apply(RED, ("resource", 0))
    s.apply(RED, ("work", 0))
    s.apply(RED, ("field", 1))
    s.apply(RED, ("done",))
    s.apply(GREEN, ("money",))
    s.apply(GREEN, ("bid",))
    assert ("office", 1) not in s.legal_actions(GREEN), "no worker where another player's worker stands"


def test_dock_needs_harbour_and_ship_at_home() -> None:
    s = position(2)
    assert ("work", 2) not in s.legal_actions(RED)
    refused(s, RED, ("work", 2), "Harbour")
    s = position(2, completed=[0, 0, 0, 0, 1, 0], ship={"cargo": [[1, 0, 0], [0, 0, 0]], "away": 1})
    refused(s, RED, ("work", 2), "travelling")
    s = position(2, completed=[0, 0, 0, 0, 1, 0])
    s.apply(RED, ("work", 2))
    assert s.legal_actions(RED) == [("dock", k) for k in range(1, 6)]
    s.apply(RED, ("dock", 2))
    assert s.dock[RED] == 2


def test_one_worker_replaced_by_two_leaves_one() -> None:
    s = position(2, workers=[[START, GREEN, 1]])
    go(s, RED, ("city", START, 2))
    assert (s.wowner[START], s.wcount[START]) == (RED, 1) and s.free == [8, 9]


def test_no_displacement_on_a_building_and_no_house_on_another_colours_hut() -> None:
    s = position(2, buildings=[[START, HUT, GREEN]], workers=[[START, GREEN, 1]])
    refused(s, RED, ("city", START, 2), "different colours may not share")
    s = position(2, phase="effect", buildings=[[START, HUT, GREEN], [cell(3, 5), HUT, RED]],
                 workers=[[START, RED, 1]])
    refused(s, RED, ("build", START, HOUSE), "your own Hut")


def test_palace_goes_on_a_free_space_around_the_plaza_when_there_is_one() -> None:
    from meeple.games.riodelaplata.board import AROUND_PLAZA

    s = position(2, buildings=[[x, HUT, GREEN] for x in AROUND_PLAZA[1:]],
                 grids=[[GREEN] * 5 + [-1], [-1] * 6, [-1] * 4, [-1] * 3, [-1] * 4, [-1] * 4],
                 players=players(2, p1={"free": 4}))
    go(s, RED, ("major", 0))
    s.apply(RED, ("space", 5, 0))
    assert s.legal_actions(RED) == [("tile", AROUND_PLAZA[0])]


def test_walls_completion_places_three_walls() -> None:
    s = position(2, grids=[[-1] * 6, [-1] * 6, [-1] * 4, [GREEN, GREEN, -1], [-1] * 4, [-1] * 4],
                 players=players(2, p1={"free": 7}))
    go(s, RED, ("major", 3))
    assert ("space", 2, 0) in s.legal_actions(RED) and ("space", 2, 1) in s.legal_actions(RED)
    s.apply(RED, ("space", 2, 1))
    assert s.stone[RED] == 1 and s.wood[RED] == 2 and s.vp == [1, 2]
    for g in (0, 1, 2):
        s.apply(RED, ("wall", g))
    assert s.walls[:3] == (1, 1, 1) and s.pieces == 3 and not s.tile and s.grid[3] == [-1, -1, -1]


def test_tile_limits() -> None:
    b = [[cell(0, c), STONECUTTER, GREEN] for c in range(6)]
    s = position(2, phase="effect", buildings=b, workers=[[START, RED, 1]], players=players(2, p0={"stone": 5}))
    refused(s, RED, ("build", START, STONECUTTER), "no Stonecutter tile is left")


def test_free_road_wall_and_merchant_powers() -> None:
    offices = {"owner": [-1, -1, RED, RED, -1, -1, -1, RED] + [-1] * 4,
               "turn": [-1, -1, 0, 0, -1, -1, -1, 0] + [-1] * 4, "bid": [-1] * 12}
    s = position(2, phase="effect", turn=1, offices=offices)
    acts = s.legal_actions(RED)
    assert ("merchant", 2) in acts and any(a[0] == "free_road" for a in acts) and ("free_wall", 0) in acts
    s.apply(RED, ("merchant", 2))
    road = next(a for a in s.legal_actions(RED) if a[0] == "free_road")
    s.apply(RED, road)
    s.apply(RED, ("free_wall", 0))
    assert s.precious[RED] == 1 and sum(s.roads) == 1 and s.walls[0] == 1 and s.pieces == 2
    assert not [a for a in s.legal_actions(RED) if a[0] in ("merchant", "free_road", "free_wall")]


def test_placement_chain_offers_each_kind_once() -> None:
    """Rulebook A: workers go to the city map, the building grids or the other areas (mine and forest,
    field work, artisan work, the Ship's dock, the order track, the Public Offices). The decision list
    names each kind once; the space or the number of workers is the next step."""
    s = position(3)
    assert s.legal_actions(RED) == [("zone", 0), ("zone", 1), ("mine", 0), ("mine", 1), ("work", 0),
                                    ("work", 1), ("work", 3), ("money",), ("done",)]
    s.apply(RED, ("money",))
    assert s.legal_actions(RED) == [("buy",), ("bid",), ("offer", GREEN), ("offer", 2)]
    s.apply(RED, ("bid",))
    assert s.legal_actions(RED) == [("office", k) for k in range(12)]
    s.apply(RED, ("office", 0))
    assert s.bid[RED] == 0 and s.office_bid[0] == RED and s.placed[RED] == 1
