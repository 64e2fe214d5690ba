"""Rules review (session 8): scenario tests of the rulebook's awkward rules, edge cases and examples.

Each test quotes the passage of `shared/seeds/000_65b20489eadec801.txt` it checks."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.riodelaplata import war
from meeple.games.riodelaplata.board import (
    BARRACKS,
    CARPENTER,
    GARDEN,
    HOUSE,
    HUT,
    MONUMENT,
    NATIVES,
    PALACE,
    PIRATES,
    SQUARE,
    STONECUTTER,
)
from meeple.games.riodelaplata.state import RioState

from .helpers import BLACK, BLUE, GREEN, RED, YELLOW, A, cell, players, position, war_position

ROLL_2, ROLL_5, ROLL_8 = 38, 7, 1  # rng seeds whose first two dice sum to 2, 5 and 8
RESERVE = cell(0, 15)  # an attacker far away, so that the war goes on after the battle tested
SZ = cell(2, 4)  # a Starting Zone space, district 1 (Socorro)


def end_of_effects(n: int, rng: int, enemies: list[int], **fields) -> RioState:
    """The last player of the effect phase finishes: the Ship, then the war check, come next."""
    s = position(n, rng=rng, phase="effect", cur=n - 1, enemies=enemies, **fields)
    s.apply(s.order[-1], ("done",))
    return s


def city_moves(s: RioState, p: int) -> list[tuple]:
    s.apply(p, ("zone", 0))
    acts = s.legal_actions(p)
    return acts


# ----- C | war check -----

def test_war_when_the_dice_equal_a_marker_and_marker_back_four() -> None:
    """Rulebook C.A: "if the result is equal to or less than the value of one or both of the enemy
    markers, a War takes place ... the corresponding marker on the enemies track is moved 4 positions
    backwards"."""
    s = end_of_effects(3, ROLL_5, [5, 0])
    assert s.roll == 5 and s.war is not None and s.war.enemy == NATIVES
    assert s.enemies == [1, 0]
    s = end_of_effects(3, ROLL_5, [4, 0])
    assert s.roll == 5 and s.war is None and s.phase == "place" and s.turn == 1
    assert s.enemies == [5, 0], "no war: the Natives only advance by the 1581 feather"


def test_both_markers_hit_means_pirates_only_and_short_track_goes_to_the_left() -> None:
    """Rulebook C.A: "If the result is equal to or lower than both the markers, the war will take place
    with the Pirates only ... if there are fewer than 4 spaces available, place the marker on the symbol
    at the left of the track"."""
    s = end_of_effects(3, ROLL_5, [9, 6])
    assert s.war.enemy == PIRATES
    assert s.enemies == [9, 2], "only the Pirates marker goes back"
    s = end_of_effects(3, ROLL_2, [9, 2])
    assert s.war.enemy == PIRATES and s.enemies == [9, 0], "2 - 4 < 0: the symbol at the left"


def test_attackers_count_defenders_workers_and_two_per_defender() -> None:
    """Rulebook War 2: "Number of attackers = Workers + (Defenders x2) + Bonus" with -2 at 5 players;
    the attacker's own workers "will be inactive during the battle"."""
    workers = [[cell(3, 6), RED, 2], [cell(3, 9), GREEN, 1], [cell(6, 6), BLACK, 3]]
    s = end_of_effects(5, ROLL_2, [2, 9], workers=workers)
    w = s.war
    assert (w.enemy, w.attacker) == (PIRATES, BLACK)
    assert w.pool == 3 + 4 * 2 + (4 - 2), "Pirates at 9: bonus 4, less 2 with five players"
    assert cell(6, 6) in w.offlimits and s.wcount[cell(6, 6)] == 3


# ----- A | placement on the city map -----

def test_displacing_one_worker_takes_exactly_two() -> None:
    """Rulebook A.1: "Workers placed in a space in the city without building can be removed by another
    player during his turn on the condition that they are replaced by twice as many of his own workers.
    ... one of the replacement workers is sacrificed"."""
    s = position(2, phase="place", cur=1, workers=[[SZ, RED, 1]])
    on_space = sorted(a for a in city_moves(s, GREEN) if a[1] == SZ)
    assert on_space == [("city", SZ, 2)]
    s.apply(GREEN, ("city", SZ, 2))
    assert (s.wowner[SZ], s.wcount[SZ]) == (GREEN, 1)
    assert s.free == [9, 8] and s.placed[GREEN] == 2, "Red's worker and the sacrificed one go home"


def test_three_workers_cannot_be_displaced_and_displacing_counts_towards_five() -> None:
    """Rulebook A: "During each turn it is possible to place up to 5 workers on the board"; three
    workers would need six replacements. Two already placed leave room for 3: not the 4 needed."""
    other = cell(2, 11)  # another Starting Zone space
    s = position(2, phase="place", cur=1, workers=[[SZ, RED, 3], [other, RED, 2]])
    acts = city_moves(s, GREEN)
    assert not [a for a in acts if a[1] in (SZ,)]
    assert ("city", other, 4) in acts
    s = position(2, phase="place", cur=1, workers=[[other, RED, 2]], players=[{}, {"placed": 2}])
    assert not [a for a in city_moves(s, GREEN) if a[1] == other]
    with pytest.raises(IllegalAction):
        s.apply(GREEN, ("city", other, 4))


def test_house_only_on_own_hut() -> None:
    """Rulebook A.1: "the House can be created in a space only if on that space there is a Hut" (the
    Hut is the player's: workers of different colours may not share a space)."""
    hut = cell(3, 6)
    s = position(2, phase="place", cur=1, buildings=[[hut, HUT, RED]])
    assert not [a for a in city_moves(s, GREEN) if a[1] == hut]
    s = position(2, phase="place", cur=0, buildings=[[hut, HUT, RED]])
    assert ("city", hut, 1) in city_moves(s, RED)


def test_square_counts_walls_and_buildings_but_not_squares() -> None:
    """Rulebook A.1: "The Square can be built only in a space surrounded by 5 minor buildings (except
    other squares) or walls." A corner space: 3 neighbours and 2 outer edges. Square: 1 worker,
    1 silver, 1 precious, 6 VP."""
    corner = cell(0, 0)
    kit = players(2, p0={"silver": 1, "precious": 1})
    around = [[cell(1, 1), HUT, RED], [cell(0, 1), STONECUTTER, GREEN], [cell(1, 0), CARPENTER, GREEN]]
    s = position(2, phase="effect", players=kit, workers=[[corner, RED, 1]], walls=[0, 32], buildings=around)
    assert ("build", corner, SQUARE) in s.legal_actions(RED)
    s.apply(RED, ("build", corner, SQUARE))
    assert (s.bkind[corner], s.vp[RED], s.silver[RED], s.precious[RED]) == (SQUARE, 6, 0, 0)
    s = position(2, phase="effect", players=kit, workers=[[corner, RED, 1]], walls=[0], buildings=around)
    assert ("build", corner, SQUARE) not in s.legal_actions(RED), "4 only: one edge unwalled"
    around[2] = [cell(1, 0), MONUMENT, GREEN]
    s = position(2, phase="effect", players=kit, workers=[[corner, RED, 1]], walls=[0, 32], buildings=around)
    assert ("build", corner, SQUARE) not in s.legal_actions(RED), "a Monument is a Square: it does not count"


def test_one_garden_per_district() -> None:
    """Rulebook: "There can be only 1 Church, Garden, Monument and Barracks building in each district"
    and the Garden requires a Square (2 workers, 1 wood, 1 precious, 3 VP)."""
    sq1, sq2 = cell(0, 0), cell(0, 2)
    kit = players(2, p0={"precious": 2})
    s = position(2, phase="effect", players=kit, buildings=[[sq1, SQUARE, GREEN], [sq2, SQUARE, GREEN]],
                 workers=[[sq1, RED, 2], [sq2, RED, 2]])
    s.apply(RED, ("build", sq1, GARDEN))
    assert (s.bkind[sq1], s.bowner[sq1], s.vp[RED], s.wood[RED], s.precious[RED]) == (GARDEN, RED, 3, 1, 1)
    assert ("build", sq2, GARDEN) not in s.legal_actions(RED)
    assert ("build", sq2, MONUMENT) in s.legal_actions(RED)


# ----- other areas -----

def test_field_work_two_workers_a_coin_and_artisan_one_precious_per_worker() -> None:
    """Rulebook: "For every 2 workers placed in this area, the player receives 1 silver coin" and
    "For every worker placed in this area, a resource can be traded for a precious resource"."""
    s = position(2, phase="place", cur=1, order=[RED, GREEN],
                 players=players(2, p0={"field": 3, "artisan": 2, "placed": 5}))
    s.apply(GREEN, ("done",))
    assert s.phase == "effect" and s.to_move() == [RED]
    assert s.silver[RED] == 2 + 1 and s.field[RED] == 1
    assert s.free[RED] == 9 - 3, "the pair of field workers goes home; the odd one and the artisans wait"
    s.apply(RED, ("craft", 0))
    s.apply(RED, ("craft", 1))
    assert (s.wood[RED], s.stone[RED], s.precious[RED]) == (1, 1, 2)
    assert not [a for a in s.legal_actions(RED) if a[0] == "craft"], "one trade per worker"
    assert s.free[RED] == 9 - 1, "the odd field worker still waits"


def test_paid_departure_not_offered_for_a_full_ship() -> None:
    """Rulebook, Ship: "if a player wants to start the Ship journey to Spain before it is fully loaded he
    has to pay 2 Silver coins ... If the Ship reaches the maximum load it will start automatically
    without any payment to the Bank and/or the Shipowner"."""
    offices = {"owner": [-1] * 8 + [GREEN] + [-1] * 3, "turn": [-1] * 8 + [0] + [-1] * 3, "bid": [-1] * 12}
    s = position(3, phase="effect", turn=1, cur=0, completed=[0, 0, 0, 0, 1, 0], offices=offices,
                 ship={"cargo": [[4, 4, 4], [0, 0, 0], [0, 0, 0]], "away": 0},
                 players=players(3, p0={"silver": 5}))
    assert ("depart",) not in s.legal_actions(RED)
    with pytest.raises(IllegalAction):
        s.apply(RED, ("depart",))
    for p in (RED, GREEN, BLUE):
        s.apply(p, ("done",))
    assert s.ship_away == 1 and s.silver[RED] == 5 and s.silver[GREEN] == 2


# ----- Public Offices -----

def test_fine_with_money_but_too_few_vps() -> None:
    """Rulebook: "If the player does not have either the money or the required VPs, he has to pay a
    fine of 3 silver coins and 5 VPs." The Gunner costs 5 silver and needs 7 VPs."""
    offices = {"owner": [-1] * 12, "turn": [-1] * 12, "bid": [RED] + [-1] * 11}
    s = position(2, phase="effect", offices=offices, players=players(2, p0={"silver": 9, "vp": 6, "bid": 0}))
    assert ("done",) not in s.legal_actions(RED)
    s.apply(RED, ("claim",))
    assert (s.silver[RED], s.vp[RED], s.wood[RED], s.office_owner[0]) == (6, 1, 2, -1)
    s = position(2, phase="effect", offices=offices, players=players(2, p0={"silver": 5, "vp": 7, "bid": 0}))
    s.apply(RED, ("claim",))
    assert (s.silver[RED], s.vp[RED], s.office_owner[0], s.office_turn[0]) == (0, 7, RED, 0)


# ----- War: combat -----

def test_even_battle_barracks_keeps_the_bottom_token_of_a_mixed_triplet() -> None:
    """Rulebook, Battle: "When there is an even battle ... 1 token of the side with dominance always
    survives"; "the first to be destroyed is the one on the top of the pile"; "A Defender receives 2 VPs
    for each attacker destroyed and 2 VPs for each of his own tokens killed"; mixed groups share VPs
    "proportionally ... rounding"."""
    a, d = cell(5, 1), cell(5, 2)
    s = war_position(3, [[a, [A, A, A]], [d, [RED, RED, GREEN]], [RESERVE, [A]]], attacker=BLUE,
                     buildings=[[cell(7, 1), BARRACKS, BLUE]], enemy=NATIVES)
    s.apply(BLUE, ("move", a, d))
    assert s.war.occ[d] == (RED,)
    assert (s.vp[RED], s.vp[GREEN], s.vp[BLUE]) == (4 + 2, 2 + 2, 0), "6 VP: 4 and 2, +2 per own token lost"
    assert s.free[RED] == 9 - 1 and s.free[GREEN] == 9


def test_attacker_destroys_the_palace_for_twelve_vps() -> None:
    """Rulebook, War: "12 VPs for the Cathedral and the Palace"; "A battle between a building and tokens
    always results in the removal of ONE token and the building"."""
    pal, a = cell(3, 7), cell(2, 7)
    s = war_position(3, [[a, [A, A]], [RESERVE, [A]]], attacker=BLUE, buildings=[[pal, PALACE, -1]])
    s.apply(BLUE, ("move", a, pal))
    assert s.bkind[pal] == 0 and s.war.occ[pal] == (A,)
    assert s.vp == [0, 0, 12]


def test_a_battle_resets_the_attackers_three_quiet_turns() -> None:
    """Rulebook: "The attacker must be involved in a battle at least once every 3 turns of war. If he
    fails to do so, the war ends." Two quiet war turns, then a battle: the war goes on."""
    a, d = cell(5, 1), cell(5, 2)
    s = war_position(2, [[a, [A, A]], [d, [RED]], [RESERVE, [A]]], attacker=GREEN, war={"quiet": 2, "wturn": 3})
    s.apply(GREEN, ("move", a, d))
    s.apply(GREEN, ("done",))
    assert s.war is not None and s.war.quiet == 0 and s.war.wturn == 4
    s = war_position(2, [[a, [A, A]], [d, [RED]], [RESERVE, [A]]], attacker=GREEN, war={"quiet": 2, "wturn": 3})
    s.apply(GREEN, ("done",))
    s.apply(RED, ("done",))
    assert s.war.stage == "keep" and not war.attackers_left(s), "the war is over: Red may keep his worker"
    s.apply(RED, ("done",))
    assert s.war is None and s.phase == "place" and s.free[RED] == 9


def test_two_pairs_forming_three_and_one_get_no_bonus_movement() -> None:
    """Rulebook, Movement: "When two groups of 2 tokens move onto a space in order to form a triplet plus
    a single ... Neither group may move until the next battle turn."""
    a, b, c = cell(5, 2), cell(5, 4), cell(8, 8)
    s = war_position(2, [[a, [RED, RED]], [b, [RED, RED]], [c, [RED]]], attacker=GREEN, war={"mover": 1})
    s.apply(RED, ("move", b, a))
    acts = s.legal_actions(RED)
    assert not [x for x in acts if x[0] in ("move", "bonus") and x[1] in (a, b)]


def test_a_merged_group_may_still_use_bonus_movement() -> None:
    """Rulebook, Movement: "When tokens are merged, all remaining movement is lost for both groups and
    therefore the newly formed group cannot move until the next battle turn unless it uses bonus
    movement (see below)." A merged pair discards another group and moves one space."""
    a, b, c = cell(5, 2), cell(5, 3), cell(8, 8)
    s = war_position(2, [[a, [RED]], [b, [RED]], [c, [RED]], [RESERVE, [A]]], attacker=GREEN, war={"mover": 1})
    s.apply(RED, ("move", b, a))
    assert s.war.occ[a] == (RED, RED)
    assert not [x for x in s.legal_actions(RED) if x[0] == "move" and x[1] == a], "no movement left"
    assert ("bonus", a, c) in s.legal_actions(RED)
    s.apply(RED, ("bonus", a, c))
    dest = {x[2] for x in s.legal_actions(RED) if x[0] == "move" and x[1] == a}
    assert dest == {cell(4, 2), cell(6, 2), cell(5, 1), cell(5, 3)}, "one space, the bonus only"
    assert c not in s.war.occ and s.free[RED] == 9 - 2, "the discarded token goes home"
    s.apply(RED, ("move", a, cell(4, 2)))
    assert s.war.occ[cell(4, 2)] == (RED, RED)
    assert not [x for x in s.legal_actions(RED) if x[0] in ("move", "bonus")], "one bonus a turn"


# ----- End of the game -----

def test_game_ends_after_the_twentieth_turn_with_final_scoring_and_tiebreak() -> None:
    """Rulebook, End of the Game: "At the end of the 20th turn, the game ends"; money "for every 3 silver
    coins owned, the player receives 1 VP"; characters' VPs; "Each house earns the owner 2 VPs plus a
    bonus"; a tie goes to "the one with most coins left after the exchange made in point 1"."""
    offices = {"owner": [RED] + [-1] * 11, "turn": [3] + [-1] * 11, "bid": [-1] * 12}
    s = end_of_effects(2, ROLL_8, [7, 3], turn=19, offices=offices,
                       buildings=[[cell(0, 0), HOUSE, GREEN], [cell(0, 1), GARDEN, GREEN]],
                       players=players(2, p0={"silver": 7, "vp": 10}, p1={"silver": 17, "vp": 9}))
    assert s.is_terminal() and s.turn == 20
    r = s.result()
    assert r.breakdown[RED] == {"during_game": 10, "money": 2, "characters": 5, "city": 0}
    assert r.breakdown[GREEN] == {"during_game": 9, "money": 5, "characters": 0, "city": 3}
    assert r.scores == [17, 17]
    assert r.winners == [GREEN], "17 silver leaves 2 coins after the exchange, 7 silver leaves 1"
    assert YELLOW == 3 and war.PURPLE == 17
