"""Rules review 2 (session 8): scenario tests of what the first review did not cover: minor buildings'
costs, prerequisites and activation, the Major grids, the mine and forest, the order track, the Public
Offices, purchases, recruitment, cannons, mixed groups and the end-of-game city scoring.

Each test quotes the passage of `shared/seeds/000_65b20489eadec801.txt` it checks."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.riodelaplata import endturn
from meeple.games.riodelaplata.board import (
    AROUND_PLAZA,
    BARRACKS,
    CATHEDRAL,
    CHURCH,
    CORPORATION,
    GARDEN,
    HOUSE,
    HUT,
    MARKET,
    MONUMENT,
    PALACE,
    ROAD_ENDS,
    SQUARE,
    STONECUTTER,
    vertex,
)
from meeple.games.riodelaplata.scoring import district_modifier
from meeple.games.riodelaplata.state import RioState

from .helpers import BLUE, GREEN, RED, SILVER, YELLOW, A, cell, offer, players, position, war_position

ROLL_5, ROLL_8 = 7, 1  # rng seeds whose first two dice sum to 5 and 8
RESERVE = cell(0, 15)  # an attacker far away, so that the war goes on after the battle tested
# district 1's centre (5,3) joined to the Plaza's corner (7,4): (5,3)-(6,3)-(7,3)-(7,4)
D1_ROAD = [ROAD_ENDS.index(e) for e in ((vertex(5, 3), vertex(6, 3)), (vertex(6, 3), vertex(7, 3)),
                                         (vertex(7, 3), vertex(7, 4)))]
NO_OFFICES = {"owner": [-1] * 12, "turn": [-1] * 12, "bid": [-1] * 12}


def offices(owner: int, k: int, turn: int) -> dict[str, list[int]]:
    return {"owner": [owner if i == k else -1 for i in range(12)],
            "turn": [turn if i == k else -1 for i in range(12)], "bid": [-1] * 12}


def zone(s: RioState, p: int, z: int) -> list[tuple]:
    """Choose a placement zone (0 city, 1 grids, 2 activation) and return its second-step actions."""
    s.apply(p, ("zone", z))
    return s.legal_actions(p)


def finish_placement(s: RioState) -> None:
    """Every player still placing is done: the effect phase starts."""
    while s.phase == "place":
        s.apply(s.to_move()[0], ("done",))


# ----- minor buildings: costs, prerequisites, VPs -----

def test_corporation_only_on_a_market_and_costs_a_precious() -> None:
    """Rulebook, Minor Buildings table: "Corporation - Market - 2 workers, 2 wood, 2 stone, 1 precious";
    "the Corporation requires a Market"."""
    mk, bare = cell(3, 6), cell(3, 9)
    kit = players(2, p0={"wood": 4, "stone": 4, "precious": 0})
    s = position(2, phase="effect", players=kit, buildings=[[mk, MARKET, RED]],
                 workers=[[mk, RED, 2], [bare, RED, 2]])
    acts = s.legal_actions(RED)
    assert ("build", mk, CORPORATION) not in acts, "no precious"
    assert ("build", bare, CORPORATION) not in acts and ("build", bare, MARKET) in acts
    kit[0]["precious"] = 1
    s = position(2, phase="effect", players=kit, buildings=[[mk, MARKET, RED]], workers=[[mk, RED, 2]])
    s.apply(RED, ("build", mk, CORPORATION))
    assert (s.bkind[mk], s.bowner[mk], s.vp[RED]) == (CORPORATION, RED, 0)
    assert (s.wood[RED], s.stone[RED], s.precious[RED], s.free[RED]) == (2, 2, 0, 9)


def test_barracks_and_church_refused_one_resource_short() -> None:
    """Rulebook, Minor Buildings table: "Barracks 6 - 2 workers, 3 stone, 2 wood, 1 precious";
    "Church 3 - 2 workers, 1 wood, 2 stone, 1 precious"."""
    x = cell(3, 6)
    s = position(2, phase="effect", workers=[[x, RED, 2]],
                 players=players(2, p0={"wood": 2, "stone": 2, "precious": 1}))
    acts = s.legal_actions(RED)
    assert ("build", x, BARRACKS) not in acts, "only 2 of the 3 stone"
    assert ("build", x, CHURCH) in acts
    with pytest.raises(IllegalAction, match="Barracks costs 2 worker"):
        s.apply(RED, ("build", x, BARRACKS))
    s.apply(RED, ("build", x, CHURCH))
    assert (s.vp[RED], s.wood[RED], s.stone[RED], s.precious[RED]) == (3, 1, 0, 0)
    s = position(2, phase="effect", workers=[[x, RED, 2]],
                 players=players(2, p0={"wood": 2, "stone": 3, "precious": 1}))
    s.apply(RED, ("build", x, BARRACKS))
    assert (s.vp[RED], s.wood[RED], s.stone[RED], s.precious[RED], s.bkind[x]) == (6, 0, 0, 0, BARRACKS)


def test_monument_on_a_square_built_this_turn_waits_for_the_next_turn() -> None:
    """Rulebook A.1: "It is only possible to create 1 building per turn in a given space"; "the
    Monument and the Garden both require a Square"; Monument: 3 VP, 2 workers, 1 wood, 1 precious."""
    corner = cell(0, 0)
    around = [[cell(1, 1), HUT, RED], [cell(0, 1), STONECUTTER, GREEN], [cell(1, 0), STONECUTTER, GREEN]]
    kit = players(2, p0={"silver": 1, "precious": 2, "wood": 1})
    s = position(2, phase="effect", players=kit, workers=[[corner, RED, 3]], walls=[0, 32], buildings=around)
    s.apply(RED, ("build", corner, SQUARE))
    assert (s.bkind[corner], s.vp[RED], s.wcount[corner]) == (SQUARE, 6, 2), "two builders wait on the Square"
    assert ("build", corner, MONUMENT) not in s.legal_actions(RED)
    with pytest.raises(IllegalAction, match="one building per space per turn"):
        s.apply(RED, ("build", corner, MONUMENT))
    s = position(2, phase="effect", players=kit, workers=[[corner, RED, 2]], walls=[0, 32],
                 buildings=[*around, [corner, SQUARE, RED]])
    s.apply(RED, ("build", corner, MONUMENT))
    assert (s.bkind[corner], s.vp[RED], s.wood[RED], s.precious[RED], s.free[RED]) == (MONUMENT, 3, 0, 1, 9)


def test_one_monument_and_one_barracks_per_district() -> None:
    """Rulebook: "There can be only 1 Church, Garden, Monument and Barracks building in each district of
    the City." (0,0), (2,2), (3,1) and (4,2) are in district 0 (Retiro); (3,4) and (4,5) in district 1."""
    kit = players(2, p0={"wood": 9, "stone": 9, "precious": 9})
    sq, sq_other = cell(4, 2), cell(4, 5)
    s = position(2, phase="effect", players=kit, buildings=[[cell(0, 0), MONUMENT, GREEN], [sq, SQUARE, GREEN],
                                                            [sq_other, SQUARE, GREEN], [cell(2, 2), BARRACKS, GREEN]],
                 workers=[[sq, RED, 2], [sq_other, RED, 2], [cell(3, 1), RED, 2], [cell(3, 4), RED, 2]])
    acts = s.legal_actions(RED)
    assert ("build", sq, MONUMENT) not in acts and ("build", sq, GARDEN) in acts
    assert ("build", sq_other, MONUMENT) in acts
    assert ("build", cell(3, 1), BARRACKS) not in acts and ("build", cell(3, 4), BARRACKS) in acts


# ----- minor buildings: activation -----

def test_a_diagonal_house_activates_another_colours_church() -> None:
    """Rulebook: "In order to activate a building there must be a House adjacent to the building";
    Church: "by placing a worker on the church and paying 1 silver coin, the player gains 2 VPs"
    (adjacency counts diagonals). The VPs go to the player whose worker activates it."""
    ch, house = cell(3, 6), cell(2, 5)
    s = position(2, order=[RED, GREEN], buildings=[[ch, CHURCH, GREEN], [house, HOUSE, RED]])
    assert zone(s, RED, 2) == [("use", ch)]
    s.apply(RED, ("use", ch))
    finish_placement(s)
    assert s.legal_actions(RED)[0] == ("activate", ch, 0)
    s.apply(RED, ("activate", ch, 0))
    assert (s.silver[RED], s.vp[RED], s.silver[GREEN], s.vp[GREEN], s.free[RED]) == (1, 2, 2, 0, 9)


def test_church_without_a_coin_cannot_be_activated_and_the_worker_stays() -> None:
    """Rulebook: the Church's effect is "1 worker + 1 silver = 1 VP" (2 VPs in the effect text): without
    the silver coin there is no effect; "if a worker produces, it is removed from the board": an idle
    one stays on the Church."""
    ch, house = cell(3, 6), cell(2, 6)
    s = position(2, phase="effect", buildings=[[ch, CHURCH, RED], [house, HOUSE, RED]], activations=[[ch, RED]],
                 players=players(2, p0={"silver": 0}))
    assert not [a for a in s.legal_actions(RED) if a[0] == "activate"]
    s.apply(RED, ("done",))
    assert s.vp[RED] == 0 and s.free[RED] == 8 and s.act == [(ch, RED)]


def test_two_activations_by_one_player_when_road_connected_never_three() -> None:
    """Rulebook: "If the district where the building is located is connected by a road to the Plaza
    Mayor, the building can be activated twice per game turn. It is not possible to place more workers
    on a building than the building's maximum number of activations per turn." Stonecutter: 1 stone
    -> 3 stone, each time."""
    sc, house = cell(3, 5), cell(2, 5)
    s = position(2, order=[RED, GREEN], roads=D1_ROAD, buildings=[[sc, STONECUTTER, GREEN], [house, HOUSE, RED]],
                 players=players(2, p0={"stone": 1}))
    zone(s, RED, 2)
    s.apply(RED, ("use", sc))
    zone(s, RED, 2)
    s.apply(RED, ("use", sc))
    assert ("zone", 2) not in s.legal_actions(RED)
    with pytest.raises(IllegalAction, match="only 2 time"):
        s.apply(RED, ("use", sc))
    finish_placement(s)
    s.apply(RED, ("activate", sc, 0))
    s.apply(RED, ("activate", sc, 0))
    assert s.stone[RED] == 1 + 2 + 2 and s.free[RED] == 9


def test_two_colours_activate_a_market_only_in_a_road_connected_district() -> None:
    """Rulebook: "It is not possible to have workers of different colors in the same space except ...
    when they are used to activate a minor building connected by roads". Market: 1 wood or stone -> 1
    silver, 1 precious -> 2 silver."""
    mk = cell(3, 5)
    b = [[mk, MARKET, RED], [cell(2, 5), HOUSE, RED], [cell(2, 4), HOUSE, GREEN]]
    s = position(2, order=[RED, GREEN], buildings=b, activations=[[mk, RED]], players=players(2, p0={"placed": 1}))
    s.apply(RED, ("done",))
    assert ("zone", 2) not in s.legal_actions(GREEN)
    s = position(2, order=[RED, GREEN], buildings=b, roads=D1_ROAD, activations=[[mk, RED]],
                 players=players(2, p0={"placed": 1}, p1={"precious": 1}))
    s.apply(RED, ("done",))
    assert zone(s, GREEN, 2) == [("use", mk)]
    s.apply(GREEN, ("use", mk))
    s.apply(GREEN, ("done",))
    s.apply(RED, ("activate", mk, 1))
    s.apply(RED, ("done",))
    assert [a for a in s.legal_actions(GREEN) if a[0] == "activate"] == [("activate", mk, m) for m in (0, 1, 2)]
    s.apply(GREEN, ("activate", mk, 2))
    assert (s.silver[RED], s.stone[RED], s.silver[GREEN], s.precious[GREEN]) == (3, 1, 4, 0)


# ----- Major buildings -----

def test_palace_grid_costs_wood_and_stone_and_pays_each_space_on_completion() -> None:
    """Rulebook: "placing a worker in a space has a cost in resources: this cost has to be paid
    immediately"; Palace "(1 stone +1 wood/grid space)"; "The numbers in the spaces of the grids represent
    the VPs the player will receive when the building is completed"; "The player who places the last
    worker in the grid ... places the building tile"; the workers "are only removed when the building is
    completed"."""
    s = position(3, players=players(3, p0={"stone": 0}))
    assert ("major", 0) not in zone(s, RED, 1), "no stone: no Palace space"
    grid = [GREEN, GREEN, BLUE, BLUE, GREEN, -1]
    s = position(3, grids=[grid, [-1] * 6, [-1] * 4, [-1] * 3, [-1] * 4, [-1] * 4],
                 players=players(3, p1={"free": 6}, p2={"free": 7}))
    zone(s, RED, 1)
    s.apply(RED, ("major", 0))
    s.apply(RED, ("space", 5, 0))
    assert (s.wood[RED], s.stone[RED]) == (1, 1)
    assert s.vp == [3, 4 + 4 + 3, 3 + 3], "4, 4, 3, 3, 3, 3 VP on the six spaces of a 3-player game"
    assert s.free == [9, 9, 9] and s.grid[0] == [-1] * 6 and s.completed[0] == 1
    assert s.to_move() == [RED] and s.legal_actions(RED) == [("tile", x) for x in AROUND_PLAZA]
    s.apply(RED, ("tile", AROUND_PLAZA[3]))
    assert s.bkind[AROUND_PLAZA[3]] == PALACE and s.bowner[AROUND_PLAZA[3]] == -1
    assert ("major", 0) not in zone(s, RED, 1), "the Palace is built once"


def test_cathedral_on_a_full_ring_removes_the_chosen_building_never_the_palace() -> None:
    """Rulebook: the Cathedral "has to be placed in one of the spaces surrounding the Plaza Mayor; if the
    spaces are fully occupied by other buildings, the player placing the Cathedral removes one building
    of his choice which is then discarded." Green's builders waiting on the removed Hut go home."""
    ring = [[x, HUT, GREEN] for x in AROUND_PLAZA]
    ring[0] = [AROUND_PLAZA[0], PALACE, -1]
    target = AROUND_PLAZA[5]
    s = position(2, buildings=ring, workers=[[target, GREEN, 1]],
                 grids=[[-1] * 6, [GREEN] * 5 + [-1], [-1] * 4, [-1] * 3, [-1] * 4, [-1] * 4],
                 players=players(2, p1={"free": 3}))
    zone(s, RED, 1)
    s.apply(RED, ("major", 1))
    s.apply(RED, ("space", 5, 0))
    assert s.vp == [2, 3 + 3 + 3 + 3 + 2]
    assert s.legal_actions(RED) == [("tile", x) for x in AROUND_PLAZA[1:]]
    s.apply(RED, ("tile", target))
    assert s.bkind[target] == CATHEDRAL and s.bkind.count(HUT) == 10
    assert s.wcount[target] == 0 and s.free[GREEN] == 9


def test_grid_spaces_by_player_count() -> None:
    """Rulebook: "Some spaces of the grid are only used in games with 4 or 5 players (those spaces are
    marked in orange for games with 4 or 5 players and in green for games with 5 players)." Roads are
    always 4 spaces ("if a player fills all the spaces of the road grid by himself, he will receive 4
    VPs")."""
    sizes = {n: [len(g) for g in position(n).grid] for n in (2, 3, 4, 5)}
    assert sizes == {2: [6, 6, 4, 3, 4, 4], 3: [6, 6, 4, 3, 4, 4], 4: [7, 7, 5, 4, 5, 4], 5: [8, 8, 6, 5, 6, 4]}
    assert [sum(v) for v in position(5).space_vp] == [26, 20, 12, 5, 12, 4]


def test_walls_and_roads_can_be_completed_again() -> None:
    """Rulebook: "The wall grid can be completed several times for additional wall sections"; "The road
    grid can be used several times"; each completion places 3 pieces; Walls cost "1 stone or 1 wood"
    a space, roads nothing."""
    s = position(2, completed=[0, 0, 0, 1, 0, 1], walls=[0, 1, 2], roads=D1_ROAD,
                 grids=[[-1] * 6, [-1] * 6, [-1] * 4, [GREEN, GREEN, -1], [-1] * 4, [GREEN, GREEN, GREEN, -1]],
                 players=players(2, p0={"wood": 0, "stone": 1}, p1={"free": 4}))
    acts = zone(s, RED, 1)
    assert ("major", 3) in acts and ("major", 5) in acts
    s.apply(RED, ("major", 3))
    assert s.legal_actions(RED) == [("space", 2, 1)], "no wood: the stone pays"
    s.apply(RED, ("space", 2, 1))
    for g in (3, 4, 5):
        s.apply(RED, ("wall", g))
    assert s.completed[3] == 2 and s.walls[:6] == (1,) * 6 and s.stone[RED] == 0
    zone(s, RED, 1)
    s.apply(RED, ("major", 5))
    s.apply(RED, ("space", 3, 0))
    assert s.tile[:2] == [-5, RED] and s.tile[2] == 3
    for _ in range(3):
        s.apply(RED, s.legal_actions(RED)[0])
    assert s.completed[5] == 2 and sum(s.roads) == 6 and s.pieces == 12
    assert s.vp == [1 + 1, 2 + 3], "1 VP a wall or road space"


def test_harbour_completer_gets_two_vp_and_the_dock_opens() -> None:
    """Rulebook: "the player who completes the Harbour receives 2 additional VPs"; Harbour "(1 stone +1
    wood/grid space)"; the Ship "can be used" once "the Harbour has been completed"."""
    s = position(2, grids=[[-1] * 6, [-1] * 6, [-1] * 4, [-1] * 3, [GREEN, GREEN, GREEN, -1], [-1] * 4],
                 players=players(2, p1={"free": 6}))
    assert ("work", 2) not in s.legal_actions(RED)
    zone(s, RED, 1)
    s.apply(RED, ("major", 4))
    s.apply(RED, ("space", 3, 0))
    assert s.vp == [2 + 2, 6] and (s.wood[RED], s.stone[RED]) == (1, 1) and s.completed[4] == 1
    assert ("work", 2) in s.legal_actions(RED)


# ----- mine, forest, order track -----

def test_mine_costs_with_four_players_and_forest_with_three() -> None:
    """Rulebook: "The first resource spaces have a lower cost (green space is available only in a
    5-player game, orange only in a 4-5 player game)"; with 5 players 1, 1, 1, 2, 2, 3 workers a
    resource, so 4 players: 1, 1, 2, 2, 3 and 3 players: 1, 2, 2, 3. The resources come in the effect
    phase and the workers go home."""
    s = position(4, order=[RED, GREEN, BLUE, YELLOW])
    for placed in (1, 2, 4):
        s.apply(RED, ("mine", 0))
        assert s.placed[RED] == placed
    assert ("mine", 0) not in s.legal_actions(RED), "the next space needs 2, one worker is left"
    s.apply(RED, ("mine", 1))
    assert s.placed[RED] == 5 and s.mine[0] == [RED, RED, RED, -1, -1] and s.mine[1][0] == RED
    finish_placement(s)
    assert (s.stone[RED], s.wood[RED], s.free[RED]) == (2 + 3, 2 + 1, 9)
    s = position(3, order=[RED, GREEN, BLUE])
    s.apply(RED, ("mine", 1))
    s.apply(RED, ("mine", 1))
    assert s.placed[RED] == 3 and s.mine[1] == [RED, RED, -1, -1]
    assert ("mine", 1) in s.legal_actions(RED)
    s.apply(RED, ("mine", 1))
    assert s.placed[RED] == 5


def test_order_track_most_added_first_ties_inverse_others_after() -> None:
    """Rulebook, Player order: "The player with the most added tokens will move first, then the next
    lower number and so on. In the event of a tie, the inverse of the current player order ... The order
    can only be changed by adding workers. The added workers are returned to the players at the end of
    the turn." Order Yellow, Blue, Green, Red; Red and Green add 2, Yellow 1, Blue none."""
    s = position(4, order=[YELLOW, BLUE, GREEN, RED], players=[{"order_add": 2}, {"order_add": 2},
                                                               {}, {"order_add": 1}])
    assert endturn.next_order(s) == [RED, GREEN, YELLOW, BLUE]
    s = position(4, rng=ROLL_8, phase="effect", cur=3, order=[YELLOW, BLUE, GREEN, RED], enemies=[0, 0],
                 players=[{"order_add": 2, "free": 7}, {"order_add": 2, "free": 7}, {}, {"order_add": 1, "free": 8}])
    s.apply(RED, ("done",))
    assert s.phase == "place" and s.turn == 1 and s.order == [RED, GREEN, YELLOW, BLUE]
    assert s.free == [9, 9, 9, 9] and s.order_add == [0, 0, 0, 0]


# ----- Public Offices -----

# the Public Office Table: (price in silver, least VPs)
TABLE = [(5, 7), (5, 7), (5, 10), (5, 10), (5, 10), (5, 10), (5, 20), (15, 25), (8, 15), (15, 30), (20, 40), (25, 50)]


@pytest.mark.parametrize("k", range(12))
def test_each_office_price_and_least_vps(k: int) -> None:
    """Rulebook, Public Office Table: Gunner 5 silver / 7 VP, General 5/7, Roadmaker 5/10, Defender 5/10,
    Master Stonecutter 5/10, Master Carpenter 5/10, Master Artisan 5/20, Master Merchant 15/25,
    Shipowner 8/15, Bishop 15/30, Architect 20/40, Governor 25/50. Exactly enough buys it; one VP or one
    coin short is the fine of 3 silver and 5 VPs."""
    price, least = TABLE[k]
    bid = {"owner": [-1] * 12, "turn": [-1] * 12, "bid": [RED if i == k else -1 for i in range(12)]}
    for silver, vp, bought in ((price, least, True), (price, least - 1, False), (price - 1, least, False)):
        s = position(2, phase="effect", turn=4, offices=bid,
                     players=players(2, p0={"silver": silver, "vp": vp, "bid": k, "free": 8}))
        s.apply(RED, ("claim",))
        if bought:
            assert (s.office_owner[k], s.office_turn[k], s.silver[RED], s.vp[RED]) == (RED, 4, 0, least)
        else:
            assert (s.office_owner[k], s.silver[RED], s.vp[RED]) == (-1, silver - 3, max(0, vp - 5))
        assert s.free[RED] == 9 and s.office_bid[k] == -1


def test_masters_free_resources_every_turn_after_the_purchase() -> None:
    """Rulebook: Master Carpenter "1 free wood resource per turn", Master Artisan "1 free precious
    resource per turn"; powers work "only from the turn following the one in which they were purchased"
    and "during the Effect phase"."""
    both = {"owner": [-1] * 5 + [RED, RED] + [-1] * 5, "turn": [-1] * 5 + [2, 3] + [-1] * 5, "bid": [-1] * 12}
    s = position(2, phase="place", turn=3, order=[RED, GREEN], offices=both)
    assert (s.wood[RED], s.precious[RED]) == (2, 0), "nothing in the placement phase"
    finish_placement(s)
    assert (s.wood[RED], s.precious[RED], s.wood[GREEN]) == (3, 0, 2), "the Artisan was bought this turn"
    s = position(2, phase="place", turn=4, order=[GREEN, RED], offices=both)
    finish_placement(s)
    s.apply(GREEN, ("done",))
    assert (s.wood[RED], s.precious[RED]) == (3, 1)


def test_master_merchant_one_free_resource_of_any_kind_once_a_turn() -> None:
    """Rulebook: "Master Merchant. 1 free resource of any kind per turn." Not in the turn of purchase."""
    s = position(2, phase="effect", turn=5, offices=offices(RED, 7, 5))
    assert not [a for a in s.legal_actions(RED) if a[0] == "merchant"]
    s = position(2, phase="effect", turn=6, offices=offices(RED, 7, 5))
    assert [a for a in s.legal_actions(RED) if a[0] == "merchant"] == [("merchant", r) for r in (0, 1, 2)]
    s.apply(RED, ("merchant", 1))
    assert s.stone[RED] == 3 and not [a for a in s.legal_actions(RED) if a[0] == "merchant"]


def test_shipowner_three_vp_for_each_completed_shipment() -> None:
    """Rulebook: "Shipowner. The player receives 1 silver coin for each departing Ship. 3 VPs for every
    completed shipment." The Ship comes back and sells at the end of the next effect phase."""
    s = position(3, rng=ROLL_8, phase="effect", cur=2, turn=6, completed=[0, 0, 0, 0, 1, 0], offices=offices(BLUE, 8, 3),
                 ship={"cargo": [[2, 1, 1], [0, 0, 0], [0, 0, 0]], "away": 1})
    s.apply(BLUE, ("done",))
    assert s.ship_away == 0 and s.shipments == 1 and sum(s.cargo) == 0
    assert s.vp == [2 + 1 + 2, 0, 3] and s.silver == [2 + 2 + 1 + 2, 2, 2]


# ----- trades and money -----

def test_bank_prices_keep_rising_through_the_game_turn_into_the_war() -> None:
    """Rulebook: "The first resource purchased by the player during a game (not player) turn costs 1
    silver coin, the second resource costs 2 silver coins, the third resource costs 3 silver" - two bought
    earlier in the turn, the next one during the war's recruitment costs 3."""
    s = war_position(3, [], attacker=BLUE, stage="recruit", war={"rec": 0, "rec_free": 2},
                     players=[{"silver": 3, "bought": 2}, {}, {"attacked": 1}])
    s.apply(RED, ("money",))
    s.apply(RED, ("buy",))
    s.apply(RED, ("resource", 0))
    assert (s.silver[RED], s.wood[RED], s.bought[RED]) == (0, 3, 3)


def test_a_traded_office_works_for_its_new_owner_and_scores_for_him() -> None:
    """Rulebook: "The players can trade and exchange money, resources and Public Offices as they wish at
    any point in the game"; Master Stonecutter: "1 free stone resource per turn. 5 VPs at the end of the
    game". Bought by Red in 1582, given to Green for 2 silver in 1585: Green's free stone that turn."""
    s = position(2, turn=5, order=[RED, GREEN], offices=offices(RED, 4, 2), players=players(2, p1={"silver": 2}))
    offer(s, RED, GREEN, give={4 + 4: 1}, ask={SILVER: 2})
    s.apply(GREEN, ("accept",))
    assert (s.office_owner[4], s.office_turn[4], s.silver[RED], s.silver[GREEN]) == (GREEN, 2, 4, 0)
    finish_placement(s)
    assert s.stone[RED] == 2
    s.apply(RED, ("done",))
    assert s.stone[GREEN] == 3
    s = position(2, phase="over", turn=20, offices=offices(GREEN, 4, 2))
    assert s.result().breakdown[GREEN]["characters"] == 5 and s.result().breakdown[RED]["characters"] == 0


# ----- War: recruitment, the General, cannons, mixed groups -----

def test_general_three_free_tokens_in_any_minor_building_then_one_silver() -> None:
    """Rulebook, War 4: "If a defending player has the General character, he can place 1 token for free
    if he has one available. The player who has the General character can place his tokens in any minor
    building, even if he does not have any house or hut." A third free token, then "1 silver coin to
    place one additional token"."""
    sc, mk = cell(7, 7), cell(2, 2)
    s = war_position(3, [], attacker=BLUE, stage="deploy", turn=2, offices=offices(RED, 1, 1),
                     buildings=[[sc, STONECUTTER, GREEN], [mk, MARKET, BLUE]], war={"pool": 1, "offlimits": [mk]},
                     players=[{"silver": 1}, {}, {"attacked": 1}])
    s.apply(BLUE, ("deploy", cell(0, 0), 1))
    assert s.war.stage == "recruit" and s.to_move() == [RED]
    assert {a[1] for a in s.legal_actions(RED) if a[0] == "recruit"} == {sc}, "Blue's Market is off limits"
    for _ in range(3):
        s.apply(RED, ("recruit", sc))
    assert s.silver[RED] == 1 and s.war.occ[sc] == (RED, RED, RED)
    assert not [a for a in s.legal_actions(RED) if a[0] == "recruit"], "at most 3 tokens a space"
    s = war_position(3, [], attacker=BLUE, stage="recruit", turn=2, offices=offices(RED, 1, 1),
                     buildings=[[sc, STONECUTTER, GREEN], [cell(7, 9), HUT, GREEN]],
                     war={"rec": 0, "rec_free": 3}, players=[{"silver": 1}, {}, {"attacked": 1}])
    for x in (sc, sc, sc, cell(7, 9)):
        s.apply(RED, ("recruit", x))
    assert s.silver[RED] == 0 and s.free[RED] == 5


def test_gunner_bought_this_turn_does_not_fire_as_gunner() -> None:
    """Rulebook: office powers work "only from the turn following the one in which they were purchased";
    "If the Gunner character has not been purchased ... the defender with the lowest number of VPs will
    use the cannons". Red bought the Gunner this turn: Green (fewer VPs) fires."""
    kw = dict(attacker=BLUE, stage="deploy", war={"pool": 1}, completed=[0, 0, 1, 0, 0, 0], turn=4,
              players=[{"vp": 8}, {"vp": 3}, {"vp": 0, "attacked": 1}])
    s = war_position(3, [], offices=offices(RED, 0, 4), **kw)
    s.apply(BLUE, ("deploy", cell(0, 0), 1))
    assert (s.war.gunner, s.war.gunner_char) == (GREEN, False)
    s = war_position(3, [], offices=offices(RED, 0, 3), **kw)
    s.apply(BLUE, ("deploy", cell(0, 0), 1))
    assert (s.war.gunner, s.war.gunner_char) == (RED, True)


def test_cannons_need_the_fort() -> None:
    """Rulebook, War 3: "The number of attackers can be reduced before the start of the war thanks to the
    Fort's cannons, but only if the Fort has been built." """
    s = war_position(3, [], attacker=BLUE, stage="deploy", war={"pool": 1}, offices=offices(RED, 0, 0), turn=4)
    s.apply(BLUE, ("deploy", cell(0, 0), 1))
    assert s.war.stage == "recruit"


def test_mixed_triplet_beating_a_pair_shares_four_vps_three_and_one() -> None:
    """Rulebook: "A Defender receives 2 VPs for each attacker destroyed"; "If a mixed group earns some
    VPs, they are divided proportionally between the players, rounding the values to the nearest
    integer. ... Red will take two-thirds ... and Green ... one-third." A triplet beats a pair without
    losses: 4 VP, 8/3 -> 3 for Red and 4/3 -> 1 for Green."""
    a, d = cell(5, 1), cell(5, 2)
    s = war_position(3, [[a, [A, A]], [d, [RED, GREEN, RED]], [RESERVE, [A]]], attacker=BLUE)
    s.apply(BLUE, ("done",))
    s.apply(RED, ("move", d, a))
    assert s.war.occ[a] == (RED, GREEN, RED) and d not in s.war.occ
    assert (s.vp[RED], s.vp[GREEN], s.vp[BLUE]) == (3, 1, 0)


def test_defenders_score_their_own_killed_tokens_in_an_even_battle() -> None:
    """Rulebook: "If the two groups have the same number of tokens, both groups are removed"; a Defender
    receives "2 VPs for each attacker destroyed and 2 VPs for each of his own tokens killed". A mixed
    pair against two Natives: 4 VP shared 2 and 2, and 2 VP each for the token lost."""
    a, d = cell(5, 1), cell(5, 2)
    s = war_position(3, [[a, [A, A]], [d, [GREEN, RED]], [RESERVE, [A]]], attacker=BLUE)
    s.apply(BLUE, ("move", a, d))
    assert d not in s.war.occ and a not in s.war.occ
    assert (s.vp[RED], s.vp[GREEN], s.free[RED], s.free[GREEN]) == (4, 4, 9, 9)


# ----- end of the game: the city -----

def test_house_value_with_every_modifier() -> None:
    """Rulebook, Victory Points at the End of the Game: "Each house earns the owner 2 VPs plus a bonus or
    a penalty": Garden, Monument, Church, Barracks +1 each, Connected by Road +1, Cathedral +2, Palace +3,
    production -1 from the second ("A single building does not generate any penalty but 2 buildings are
    worth -1"). District 1 with all of them and two production buildings: 2 + 9 a house, for each
    player's houses; Huts score nothing."""
    b = [[cell(3, 6), PALACE, -1], [cell(3, 7), CATHEDRAL, -1], [cell(4, 3), GARDEN, GREEN],
         [cell(4, 4), MONUMENT, GREEN], [cell(4, 5), CHURCH, GREEN], [cell(4, 6), BARRACKS, GREEN],
         [cell(3, 4), STONECUTTER, GREEN], [cell(3, 5), MARKET, GREEN],
         [cell(2, 4), HOUSE, RED], [cell(2, 5), HOUSE, RED], [cell(2, 6), HOUSE, GREEN], [cell(2, 7), HUT, GREEN]]
    s = position(2, phase="over", turn=20, buildings=b, roads=D1_ROAD)
    assert district_modifier(s, 1) == 1 + 1 + 1 + 1 + 2 + 3 - 1 + 1
    r = s.result()
    assert (r.breakdown[RED]["city"], r.breakdown[GREEN]["city"]) == (22, 11)
    s = position(2, phase="over", turn=20, buildings=b)
    assert s.result().breakdown[RED]["city"] == 2 * 10, "no road to the Plaza: no +1"


def test_a_house_in_another_district_gets_nothing_of_these_buildings() -> None:
    """Rulebook: "The bonus/penalty depends on the buildings inside the district" - only the house's own
    district counts. (3,2) is district 0, next to district 1's Palace and Church across the border."""
    b = [[cell(3, 3), PALACE, -1], [cell(2, 3), CHURCH, GREEN], [cell(3, 2), HOUSE, RED]]
    s = position(2, phase="over", turn=20, buildings=b)
    assert s.result().breakdown[RED]["city"] == 2


# ----- defects found by this review -----

def test_builders_may_not_join_another_colours_activation_worker_without_a_road() -> None:
    """Rulebook A.1: "It is not possible to have workers of different colors in the same space except
    during combat ... or when they are used to activate a minor building connected by roads". Green's
    worker activates Red's Market (no road): Red, placing next, may not put builders beside it (the
    reverse order is already refused: `can_use`)."""
    mk = cell(3, 5)
    b = [[mk, MARKET, RED], [cell(2, 5), HOUSE, RED], [cell(2, 4), HOUSE, GREEN]]
    s = position(2, order=[GREEN, RED], buildings=b, activations=[[mk, GREEN]], players=players(2, p1={"placed": 1}))
    s.apply(GREEN, ("done",))
    assert not [a for a in zone(s, RED, 0) if a[1] == mk]
    with pytest.raises(IllegalAction, match="different colours"):
        s.apply(RED, ("city", mk, 1))
    s = position(2, order=[GREEN, RED], buildings=b, activations=[[mk, GREEN]], roads=D1_ROAD,
                 players=players(2, p1={"placed": 1}))
    s.apply(GREEN, ("done",))
    assert ("city", mk, 2) in zone(s, RED, 0), "connected by road: both colours may share the space"


def test_builders_and_activation_workers_together_at_most_three_on_a_space() -> None:
    """Rulebook A.1: "It is not possible to have more than 3 workers in a single space." Red's three
    builders waiting on his Market (for a Corporation) fill the space: no activating worker joins them;
    one activating worker leaves room for two builders."""
    mk = cell(3, 5)
    b = [[mk, MARKET, RED], [cell(2, 5), HOUSE, RED]]
    s = position(2, buildings=b, workers=[[mk, RED, 3]])
    assert ("zone", 2) not in s.legal_actions(RED)
    with pytest.raises(IllegalAction, match="at most 3 workers"):
        s.apply(RED, ("use", mk))
    s = position(2, buildings=b, activations=[[mk, RED]])
    assert [a for a in zone(s, RED, 0) if a[1] == mk] == [("city", mk, 1), ("city", mk, 2)]
    with pytest.raises(IllegalAction, match="at most 3 workers"):
        s.apply(RED, ("city", mk, 3))
