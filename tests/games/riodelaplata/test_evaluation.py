"""The bots' estimate values every part of the game (issue 50): the Roads grid, offices (their end
scores and powers), silver saved for an office, the steps of a grid or office placement, the Palace."""

from __future__ import annotations

import pytest

from meeple.games.riodelaplata.board import (
    GUNNER,
    HOUSE,
    M_ARTISAN,
    M_ROADS,
    M_STONECUTTER,
    OFFICE,
    PALACE,
    STONECUTTER,
)
from meeple.games.riodelaplata.evaluation import (
    BUILD_SHARE,
    FIELD_SILVER,
    GRID_BASE,
    POWER,
    RACE_SLACK,
    ROADS_LEAD_SHARE,
    SAVE_SHARE,
    SAVE_UNIT,
    USE_WORTH,
    add_roads_lead,
    office_savings,
    office_worth,
    purchase_wait,
)

from .helpers import players, position


def empty_grids(n: int = 4) -> list[list[int]]:
    return [list(g) for g in position(n).grid]


def test_a_roads_space_is_nearly_its_vp_in_hand() -> None:
    """The Roads grid is free and its player may fill it himself ("if a player fills all the spaces of
    the road grid by himself, he will receive 4 VPs"): a worker on an empty grid counts GRID_BASE of its
    1 VP plus its share of the grid filled, three workers three times 1 x (base + 3/4 of the rest)."""
    grids = empty_grids()
    before = position(4, grids=grids).evaluate()[0]
    grids[M_ROADS] = [0, -1, -1, -1]
    one = position(4, grids=grids).evaluate()[0]
    base = GRID_BASE[M_ROADS]
    assert one - before == pytest.approx(base + (1 - base) / 4) and one - before > 0.9
    grids[M_ROADS] = [0, 0, 0, -1]
    assert position(4, grids=grids).evaluate()[0] - before == pytest.approx(3 * (base + (1 - base) * 3 / 4))


def roads_lead(held: list[int], grid: list[int], pieces: int, turn: int = 2) -> list[float]:
    """`add_roads_lead` alone on a position at game turn `turn` with `held` Roads spaces filled by each
    seat in the grids completed (a quarter of their sum completions), `grid` the Roads grid now and
    `pieces` of the 60 wall/road pieces used (as roads)."""
    grids = empty_grids()
    grids[M_ROADS] = grid
    completed = [0] * 5 + [sum(held) // 4]
    out = [0.0] * 4
    add_roads_lead(position(4, grids=grids, roads=list(range(pieces)), roads_held=held, completed=completed,
                            turn=turn), out)
    return out


def test_a_seat_far_ahead_in_the_roads_grid_counts_its_excess_share_of_the_pool() -> None:
    """24 pieces used: 12 completions to come, 48 VP, less the space Green holds now. Green filled 15
    of the 33 spaces so far: it counts its share above ROADS_LEAD_SHARE of the 47 VP still to come. A
    rival's Roads space is a VP fewer in the pool and a smaller share for Green (15 of 34): Green's
    count falls by two thirds of a VP, which the rival gains against the leader."""
    before = roads_lead([6, 14, 6, 6], [1, -1, -1, -1], 24)
    assert before == pytest.approx([0, (15 / 33 - ROADS_LEAD_SHARE) * 47, 0, 0])
    after = roads_lead([6, 14, 6, 6], [1, 0, -1, -1], 24)
    assert after == pytest.approx([0, (15 / 34 - ROADS_LEAD_SHARE) * 46, 0, 0])
    assert before[1] - after[1] > 0.65


def test_the_roads_lead_grows_with_the_game_turn_and_a_rivals_space_only_dilutes_it() -> None:
    """The term grows with the game turn (half in the second, whole from the third), which no placement
    moves: whatever the spaces filled, a rival's Roads space lowers the leader's count (session 47's
    term grew with the spaces filled, and a rival's space raised it while it grew)."""
    assert roads_lead([3, 8, 3, 2], [1, -1, -1, -1], 12, turn=1) == pytest.approx(
        [0, 0.5 * (9 / 17 - ROADS_LEAD_SHARE) * (4 * 16 - 1), 0, 0])
    for turn in (1, 2, 5):
        for held, pieces in (([3, 8, 3, 2], 12), ([4, 10, 4, 2], 15), ([6, 14, 6, 6], 24)):
            before = roads_lead(held, [1, -1, -1, -1], pieces, turn)
            after = roads_lead(held, [1, 0, -1, -1], pieces, turn)
            assert 0 < after[1] < before[1]


def test_the_roads_leader_does_not_count_its_lead_in_its_own_view() -> None:
    """The lead is there to make the rivals answer it: a rival's weighing (`evaluate_for`, the greedy
    bot's) counts it, the leader's own leaves it out, so that its own next space, which raises its share,
    does not push it further onto the grid."""
    grids = empty_grids()
    grids[M_ROADS] = [1, -1, -1, -1]
    s = position(4, grids=grids, roads=list(range(24)), roads_held=[6, 14, 6, 6], completed=[0] * 5 + [8],
                 turn=2)
    lead = (15 / 33 - ROADS_LEAD_SHARE) * 47
    full, rival, own = s.evaluate(), s.evaluate_for(0), s.evaluate_for(1)
    assert rival == pytest.approx(full)
    assert own == pytest.approx([full[0], full[1] - lead, full[2], full[3]])


def test_the_roads_lead_is_nothing_while_the_seats_share_the_grid_evenly() -> None:
    """The dead zone: no seat above ROADS_LEAD_SHARE of the spaces filled, the first game turn, fewer
    than ROADS_LEAD_FROM completions, the pieces used or the last placements made: nothing counts."""
    assert roads_lead([8, 8, 8, 8], [0, 1, 2, 3], 24) == [0.0] * 4
    assert roads_lead([9, 7, 8, 8], [0, 0, -1, -1], 24) == [0.0] * 4  # 11 of 34, below the share
    assert roads_lead([6, 14, 6, 6], [1, -1, -1, -1], 24, turn=0) == [0.0] * 4
    assert roads_lead([9, 1, 1, 1], [0, -1, -1, -1], 9) == [0.0] * 4  # three completions so far
    assert roads_lead([4, 12, 4, 4], [1, -1, -1, -1], 60) == [0.0] * 4
    grids = empty_grids()
    grids[M_ROADS] = [1, -1, -1, -1]
    out = [0.0] * 4
    add_roads_lead(position(4, grids=grids, roads=list(range(24)), roads_held=[4, 12, 4, 4],
                            completed=[0] * 5 + [6], turn=19, phase="effect"), out)
    assert out == [0.0] * 4


def test_a_fort_space_counts_its_share_of_the_completers_four_vp() -> None:
    """"The one who completes the Fort receives 4 additional VPs": any worker's owner may place the last
    one, so each of the 5 spaces (four players) counts a fifth of the bonus on top of its 2 VP."""
    from meeple.games.riodelaplata.board import M_FORT

    grids = empty_grids()
    before = position(4, grids=grids).evaluate()[0]
    grids[M_FORT] = [0, -1, -1, -1, -1]
    base = GRID_BASE[M_FORT]
    assert len(grids[M_FORT]) == 5
    one = position(4, grids=grids).evaluate()[0] - before
    assert one == pytest.approx((base + (1 - base) / 5) * (2 + 4 / 5))


def test_workers_on_a_roads_grid_closed_for_want_of_pieces_count_nothing() -> None:
    """With the 60 wall/road pieces on the board the Roads grid cannot be completed again (RULES.md), so
    the workers left on it will never score."""
    from meeple.games.riodelaplata.board import PRINTED_WALLS, SEGMENTS

    walls = [g for g in range(SEGMENTS) if g not in PRINTED_WALLS][:40]

    def workers_worth(roads: int) -> float:
        grids = empty_grids()
        before = position(4, grids=grids, walls=walls, roads=list(range(roads))).evaluate()[0]
        grids[M_ROADS] = [0, 0, 0, -1]
        return position(4, grids=grids, walls=walls, roads=list(range(roads))).evaluate()[0] - before

    assert workers_worth(20) == pytest.approx(0)
    assert workers_worth(19) > 2, "one piece left: the grid can still pay its 3 VP"


def test_an_office_owned_counts_its_end_score_and_its_power_over_the_turns_left() -> None:
    """The Master Stonecutter: 5 VP at the end and a free stone a turn (POWER: 0.3 VP) from the next
    turn on; at turn 4 of 20, fifteen turns of power are still to come."""
    offices = {"owner": [-1] * 12, "turn": [-1] * 12, "bid": [-1] * 12}
    calm = position(4, turn=4, offices=offices).evaluate()
    offices["owner"][M_STONECUTTER], offices["turn"][M_STONECUTTER] = 2, 4
    owned = position(4, turn=4, offices=offices).evaluate()
    assert owned[2] - calm[2] == pytest.approx(5 + 15 * POWER[M_STONECUTTER])
    assert owned[0] == calm[0]


def test_an_office_bid_counts_the_office_less_its_price_or_the_fine() -> None:
    """A worker on the Gunner: with its 5 silver and 7 VP at hand it is worth the office less 5/3 VP of
    silver; without the silver it is the fine (5 VP and 3 silver)."""
    offices = {"owner": [-1] * 12, "turn": [-1] * 12, "bid": [0] + [-1] * 11}
    kit = [{"silver": 5, "vp": 7, "bid": GUNNER}, {}, {}, {}]
    s = position(4, turn=4, phase="effect", players=kit, offices=offices)
    free = position(4, turn=4, phase="effect", players=[{"silver": 5, "vp": 7}, {}, {}, {}])
    left = 15
    gain = office_worth(s, GUNNER, left) - OFFICE[GUNNER]["cost"] / 3
    assert gain == pytest.approx(5 + 15 * POWER[GUNNER] - 5 / 3)
    assert s.evaluate()[0] - (free.evaluate()[0] - office_savings(free, 0, left)) == pytest.approx(gain)
    poor = position(4, turn=4, phase="effect", players=[{"silver": 4, "vp": 7, "bid": GUNNER}, {}, {}, {}],
                    offices=offices)
    assert poor.evaluate()[0] < s.evaluate()[0] - gain - 4 / 3  # the fine, not the office


def test_silver_saved_for_an_office_counts_its_share_of_the_office() -> None:
    """With the VP for the offices at 5 silver, each coin up to the price counts 1/3 VP plus SAVE_SHARE
    of a fifth of the best such office's gain over its price, the office as it will be worth once the
    Field work of the turns to come (FIELD_SILVER a turn) has raised the rest of the price (and Field
    work's coins to come count as held); buying the office, once the price is saved, still gains
    (SAVE_SHARE < 1)."""
    left = 15

    def est(silver: int, field: int = 0) -> float:
        return position(4, turn=4, players=[{"silver": silver, "vp": 10, "field": field}, {}, {}, {}]).evaluate()[0]

    s = position(4, turn=4, players=[{"silver": 0, "vp": 10}, {}, {}, {}])
    assert purchase_wait(s, 0, GUNNER, 1, left) == 2 == -(-(5 - 1) // FIELD_SILVER)
    assert purchase_wait(s, 0, M_ARTISAN, 1, left) == 3, "20 VP at the 10 VP of 4 turns a turn"
    best = max(office_worth(s, k, left - purchase_wait(s, 0, k, 1, left)) - 5 / 3 for k in range(7))
    assert est(1) - est(0) == pytest.approx(1 / 3 + SAVE_SHARE * best / 5) and SAVE_SHARE < 1
    assert est(6) - est(5) > 1 / 3, "past 5 silver a coin counts towards the Master Merchant (15)"
    assert est(16) - est(15) == pytest.approx(1 / 3), "past the price a coin is a coin"
    assert est(0, field=2) - est(0) == pytest.approx(1 / 3 + SAVE_SHARE * best / 5)


def test_silver_counts_towards_a_dearer_office_whose_vp_the_seat_will_reach() -> None:
    """The Master Merchant (15 silver, 25 VP): a seat at 16 VP after 8 turns (2 a turn) reaches its
    minimum in 3 turns, so each coin it holds counts towards it, as much of its gain as a coin counts
    of a cheap office's (SAVE_UNIT); the old estimate counted a coin at 1/3 VP until the seat was 3 VP
    short, and no seat ever saved the price. The Governor's 50 VP are out of its reach: nothing."""
    from meeple.games.riodelaplata.board import GOVERNOR, M_MERCHANT

    left = 20 - 1 - 8
    taken = {"owner": [1] * 7 + [-1] * 5, "turn": [1] * 7 + [-1] * 5, "bid": [-1] * 12}

    def est(silver: int, vp: int = 16, offices: dict = taken) -> float:
        kit = [{"silver": silver, "vp": vp}, {}, {}, {}]
        return position(4, turn=8, players=kit, offices=offices).evaluate()[0]

    s = position(4, turn=8, players=[{"silver": 10, "vp": 16}, {}, {}, {}], offices=taken)
    assert purchase_wait(s, 0, M_MERCHANT, 10, left) == 3 and purchase_wait(s, 0, GOVERNOR, 10, left) is None
    gain = office_worth(s, M_MERCHANT, left - 3) - 15 / 3
    assert gain > 0 and SAVE_SHARE * 15 / SAVE_UNIT < 1
    assert est(10) - est(9) == pytest.approx(1 / 3 + SAVE_SHARE * gain / SAVE_UNIT)
    assert est(16) - est(15) == pytest.approx(1 / 3), "past the price a coin is a coin"
    assert est(10, vp=4) - est(9, vp=4) == pytest.approx(1 / 3), "1 VP a turn: 25 VP only after the game"


def test_a_grid_or_office_step_is_worth_its_best_completion() -> None:
    """("zone", 1), then the grid, then the space: the first steps of a grid placement are valued as
    their best space (a one-ply bot sees no further), and the money menu opened for nothing but a
    purchase as the purchase it leads to."""
    calm = position(4, phase="place").evaluate()
    zone = position(4, phase="place", pick=["zone", 1]).evaluate()
    grids = [position(4, phase="place", pick=["major", b]).evaluate()[0] for b in range(6)]
    assert zone[0] == max(grids) and grids[M_ROADS] > calm[0] + 0.9
    buy = position(4, phase="place", pick=["money"], players=[{"silver": 2}, {}, {}, {}]).evaluate()
    assert buy[0] < position(4, phase="place", players=[{"silver": 2}, {}, {}, {}]).evaluate()[0]


def test_the_palace_raises_its_districts_houses_by_three() -> None:
    """"The Palace provides a bonus of +3 to the VP value of the district at the end of the game": two
    Houses beside it count 6 more."""
    from meeple.games.riodelaplata.board import AROUND_PLAZA, DISTRICT, DISTRICT_CELLS

    x = AROUND_PLAZA[0]
    homes = [y for y in DISTRICT_CELLS[DISTRICT[x]] if y != x][:2]
    houses = [[y, HOUSE, 1] for y in homes]
    without = position(4, buildings=houses).evaluate()[1]
    with_palace = position(4, buildings=[*houses, [x, PALACE, 0]]).evaluate()[1]
    assert with_palace - without == pytest.approx(6)


def test_a_stonecutters_uses_count_less_than_a_worker_on_the_roads_grid() -> None:
    """A worker on the Stonecutter turns 1 stone into 3 (0.6 VP) where a Roads space brings a VP: each
    turn of uses to come counts USE_WORTH 0.1, so one builder raising a Stonecutter at the first game turn
    (19 turns of uses, for its 2 stone) is worth less than a worker on the Roads grid and the next one."""
    s = position(4, players=players(4, p0={"wood": 0}))
    before = s.evaluate()[0]
    s.apply(0, ("zone", 0))
    stonecutter = next(a for a in s.legal_actions(0) if a[2] == 1)
    s.apply(0, stonecutter)
    left = s.num_turns - 1 - s.turn
    worth = s.evaluate()[0] - before
    assert USE_WORTH[STONECUTTER] == 0.1
    assert worth == pytest.approx(BUILD_SHARE * (USE_WORTH[STONECUTTER] * left - 2 * 0.3))
    assert worth < 2 * (GRID_BASE[M_ROADS] + (1 - GRID_BASE[M_ROADS]) / 4)


def test_the_wars_to_come_follow_the_dice_and_the_enemy_markers() -> None:
    """"If the result is equal to or less than the value of one or both of the enemy markers, a War
    takes place": at the last turn's check with both markers at 9, a war comes at 9 or less (30 in 36);
    with both at 0 there is none; and the wars of a whole game exceed those of its last half."""
    from meeple.games.riodelaplata.evaluation import wars_table

    table = wars_table(20)
    assert table[19][9][9] == pytest.approx(30 / 36)
    assert table[19][0][0] == 0
    assert table[0][2][1] > table[10][2][1] > 0


def test_the_gunners_cannons_count_in_the_wars_to_come_once_the_fort_stands() -> None:
    """"The number of attackers can be reduced ... thanks to the Fort's cannons, but only if the Fort has
    been built"; the Gunner gets "2 VPs for each attacker destroyed by the cannons" (at his best bet 2.5
    VP a war), in the wars he does not lead as the attacker. Without the Fort the Gunner is his 5 VP."""
    from meeple.games.riodelaplata.board import M_FORT
    from meeple.games.riodelaplata.evaluation import CANNON_VP, wars_to_come

    offices = {"owner": [-1] * 12, "turn": [-1] * 12, "bid": [-1] * 12}
    offices["owner"][GUNNER], offices["turn"][GUNNER] = 2, 3
    fort = [0] * 6
    fort[M_FORT] = 1
    calm = position(4, turn=4, completed=fort).evaluate()
    no_fort = position(4, turn=4, offices=offices)
    assert office_worth(no_fort, GUNNER, 15) == 5
    built = position(4, turn=4, offices=offices, completed=fort)
    assert pytest.approx(2.5) == CANNON_VP
    cannons = CANNON_VP * wars_to_come(built) * 3 / 4
    assert cannons > 2
    assert built.evaluate()[2] - calm[2] == pytest.approx(5 + cannons)


def test_a_fort_space_is_worth_more_to_the_gunner() -> None:
    """A worker on the Fort's grid brings the Fort, and with it the Gunner's cannons, nearer: worth
    more to the Gunner's owner than the same worker to another player."""
    from meeple.games.riodelaplata.board import M_FORT

    offices = {"owner": [-1] * 12, "turn": [-1] * 12, "bid": [-1] * 12}
    offices["owner"][GUNNER], offices["turn"][GUNNER] = 0, 3
    grids = empty_grids()
    before = position(4, turn=4, offices=offices, grids=grids).evaluate()
    gains = []
    for p in (0, 1):
        grids[M_FORT] = [p, -1, -1, -1, -1]
        gains.append(position(4, turn=4, offices=offices, grids=grids).evaluate()[p] - before[p])
    assert gains[0] > gains[1] + 1


def test_the_shipowner_counts_his_shipments_only_with_the_harbour() -> None:
    """The Shipowner's "3 VPs for every completed shipment" need the Ship, which sails once the Harbour
    is completed; a Ship back from Spain cannot leave again that turn, so a shipment every two turns at
    most: 3 VP for each two turns to come."""
    from meeple.games.riodelaplata.board import M_HARBOUR, SHIPOWNER

    offices = {"owner": [-1] * 12, "turn": [-1] * 12, "bid": [-1] * 12}
    harbour = [0] * 6
    harbour[M_HARBOUR] = 1
    assert office_worth(position(4, turn=4, offices=offices), SHIPOWNER, 15) == 0
    assert office_worth(position(4, turn=4, offices=offices, completed=harbour), SHIPOWNER, 15) == 3 * 8


def test_no_savings_for_an_office_another_seat_can_buy_sooner() -> None:
    """"The characters are unique": the Master Merchant goes to the first seat that can pay it. Seat 0
    (16 VP after 8 turns, 10 silver) needs 3 turns for it; with seat 1 able to buy it now (25 VP, 15
    silver: more than RACE_SLACK turns sooner), seat 0's coins count 1/3 VP each and nothing towards it
    (session 37's term counted them for every seat, and all four saved at once); with seat 1 as far from
    it as seat 0, they count again."""
    assert RACE_SLACK < 3, "seat 1 can buy it 3 turns sooner"
    taken = {"owner": [2] * 7 + [-1] * 5, "turn": [1] * 7 + [-1] * 5, "bid": [-1] * 12}

    def est(silver: int, rival: dict) -> float:
        kit = [{"silver": silver, "vp": 16}, rival, {}, {}]
        return position(4, turn=8, players=kit, offices=taken).evaluate()[0]

    ahead = {"silver": 15, "vp": 25}
    assert est(10, ahead) - est(9, ahead) == pytest.approx(1 / 3)
    level = {"silver": 10, "vp": 16}
    assert est(10, level) - est(9, level) > 1 / 3 + 0.1


def test_a_worker_placed_to_activate_counts_the_use_its_player_can_pay_for() -> None:
    """"B | Effects of Workers": a worker placed on a Church next to its player's House turns 1 silver
    into 2 VP in the effects, counted at ACT_SHARE before (so that activating is then a gain); without
    the silver he stays idle and counts nothing; on a Stonecutter a stone becomes three, and a stone
    from the mine, which comes in the effects first, pays for it too."""
    from meeple.games.riodelaplata.board import CHURCH
    from meeple.games.riodelaplata.evaluation import ACT_SHARE

    from .helpers import cell

    church, sc, home = cell(3, 5), cell(3, 4), cell(2, 5)
    city = [[church, CHURCH, 1], [sc, STONECUTTER, 1], [home, HOUSE, 0]]

    def gain(p0: dict[str, int], act: list[list[int]], **fields: object) -> float:
        kit = players(4, p0=p0)
        idle = position(4, players=kit, buildings=city, **fields).evaluate()[0]
        return position(4, players=kit, buildings=city, activations=act, **fields).evaluate()[0] - idle

    nothing = {"silver": 0, "wood": 0, "stone": 0}
    assert gain({**nothing, "silver": 1}, [[church, 0]]) == pytest.approx(ACT_SHARE * (2 - 1 / 3))
    assert gain(nothing, [[church, 0]]) == 0
    assert gain({**nothing, "stone": 1}, [[sc, 0]]) == pytest.approx(ACT_SHARE * 0.6)
    assert gain(nothing, [[sc, 0]]) == 0
    mine = [[0] + [-1] * 4, [-1] * 5]  # Red's worker on the mine's first space (four players)
    assert gain(nothing, [[sc, 0]], mine=mine) == pytest.approx(ACT_SHARE * 0.6)


@pytest.mark.parametrize("last_turn", [False, True])
def test_a_deals_goods_terms_gain_what_its_estimate_gains(last_turn: bool) -> None:
    """`best_deal` weighs a deal by `estimate` only where `goods_terms` (the terms a deal changes: the goods,
    builders, workers waiting to activate, an office bid or savings, the offices owned, a dock) find it good
    for both sides: for every deal between any two seats here (a bid short of its price, a seat's builders,
    activations, offices owned, loads at the dock) both gains agree with `deal_gains` within ROUNDING, and
    each scan's best deal is the one found by weighing every deal with `deal_gains`."""
    from meeple.games.riodelaplata.board import CHURCH, HUT, MARKET
    from meeple.games.riodelaplata.evaluation import (
        ROUNDING,
        _without_offer,
        best_deal,
        deal_gains,
        deal_terms,
        good_for_both,
        goods_terms,
        make_deal,
        scan_terms,
    )
    from meeple.games.riodelaplata.trades import move_goods

    from .helpers import cell

    church, sc, home, hut, market = cell(3, 5), cell(3, 4), cell(2, 5), cell(6, 6), cell(3, 6)
    city = [[church, CHURCH, 1], [sc, STONECUTTER, 1], [home, HOUSE, 0], [hut, HUT, 2], [cell(2, 6), HOUSE, 1],
            [market, MARKET, 3]]
    kit = players(4, p0={"silver": 4, "wood": 1, "stone": 0, "precious": 1, "vp": 12, "bid": 0},
                  p1={"silver": 3, "wood": 3, "stone": 1, "vp": 20, "dock": 1, "loads": 3},
                  p2={"silver": 6, "wood": 0, "stone": 2, "precious": 2, "vp": 18},
                  p3={"silver": 1, "wood": 2, "stone": 3, "vp": 9})
    offices = {"owner": [-1, -1, 3, -1, -1, 1] + [-1] * 6, "turn": [0] * 12, "bid": [0] + [-1] * 11}
    s = position(4, phase="effect", players=kit, buildings=city, offices=offices,
                 workers=[[hut, 2, 2], [cell(7, 7), 3, 1]], activations=[[church, 1], [sc, 0], [market, 3]])
    s.turn = s.num_turns - 1 if last_turn else 5
    fixed = scan_terms(_without_offer(s))
    found = 0
    for p in range(4):
        for q in set(range(4)) - {p}:
            start = [goods_terms(_without_offer(s), x, fixed) for x in (p, q)]
            best = None
            for gk, gn, wk, wn in deal_terms(s, p, q):
                deal = make_deal(p, q, gk, gn, wk, wn)
                gains = deal_gains(s, p, q, deal)
                d = _without_offer(s)
                move_goods(d, p, q, gk, gn)
                if wk >= 0:
                    move_goods(d, q, p, wk, wn)
                for x, gain, was in zip((p, q), gains, start):
                    assert goods_terms(d, x, fixed) - was == pytest.approx(gain, abs=ROUNDING)
                if good_for_both(gains) and (best is None or gains[0] > best[0]):
                    best = (gains[0], deal)
            assert best_deal(s, p, q) == best
            found += best is not None
    assert found >= 3, "some deals here are good for both sides"
