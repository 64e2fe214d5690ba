"""B | Effects of workers, the Ship, Public Offices, money, and C | end of turn."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.riodelaplata import endturn
from meeple.games.riodelaplata.board import (
    CARPENTER,
    CATHEDRAL,
    CHURCH,
    CORPORATION,
    HOUSE,
    HUT,
    MARKET,
    STONECUTTER,
    TIME_TRACK,
)

from .helpers import (
    BLUE,
    GREEN,
    PRECIOUS,
    RED,
    SILVER,
    STONE,
    WOOD,
    YELLOW,
    add_goods,
    cell,
    deal,
    offer,
    players,
    position,
)

B = cell(3, 5)  # the building activated
H = cell(2, 5)  # its neighbouring House


def activation(kind: int, **kit: int):
    s = position(2, phase="effect", buildings=[[B, kind, RED], [H, HOUSE, RED]], activations=[[B, RED]],
                 players=players(2, p0={"silver": 2, "wood": 2, "stone": 2, "precious": 1, **kit}))
    assert s.free[RED] == 8
    return s


def test_stonecutter_and_carpenter_turn_one_into_three() -> None:
    s = activation(STONECUTTER)
    s.apply(RED, ("activate", B, 0))
    assert s.stone[RED] == 4 and s.free[RED] == 9 and not s.act
    s = activation(CARPENTER)
    s.apply(RED, ("activate", B, 0))
    assert s.wood[RED] == 4


def test_market_and_corporation_prices() -> None:
    for kind, mode, silver in ((MARKET, 0, 3), (MARKET, 2, 4), (CORPORATION, 1, 4), (CORPORATION, 2, 5)):
        s = activation(kind)
        s.apply(RED, ("activate", B, mode))
        assert s.silver[RED] == silver, (kind, mode)


def test_church_two_vp_three_with_cathedral() -> None:
    s = activation(CHURCH)
    s.apply(RED, ("activate", B, 0))
    assert (s.silver[RED], s.vp[RED]) == (1, 2)
    s = position(2, phase="effect", buildings=[[B, CHURCH, RED], [H, HOUSE, RED], [cell(4, 6), CATHEDRAL, -1]],
                 activations=[[B, RED]], completed=[0, 1, 0, 0, 0, 0])
    s.apply(RED, ("activate", B, 0))
    assert s.vp[RED] == 3


def test_church_three_vp_only_while_the_cathedral_stands_in_the_city() -> None:
    """Rulebook, Church: "If the Cathedral has already been built in the City, 3 VPs are gained instead":
    a Cathedral completed once but destroyed in a war is no longer in the City: 2 VP."""
    s = position(2, phase="effect", buildings=[[B, CHURCH, RED], [H, HOUSE, RED]],
                 activations=[[B, RED]], completed=[0, 1, 0, 0, 0, 0])
    s.apply(RED, ("activate", B, 0))
    assert (s.silver[RED], s.vp[RED]) == (1, 2)


def test_an_idle_worker_activates_later_only_next_to_a_house() -> None:
    """Rulebook: "In order to activate a building there must be a House adjacent to the building". A
    worker left idle on RED's Stonecutter (B) activates it in a later turn while RED's House (H) stands;
    once the House is gone (destroyed in a war) he cannot, and stays idle."""
    s = position(2, phase="effect", buildings=[[B, STONECUTTER, RED], [H, HOUSE, RED]], activations=[[B, RED]])
    assert ("activate", B, 0) in s.legal_actions(RED)
    s = position(2, phase="effect", buildings=[[B, STONECUTTER, RED]], activations=[[B, RED]])
    assert [a for a in s.legal_actions(RED) if a[0] == "activate"] == []
    s.apply(RED, ("done",))
    assert s.act == [(B, RED)]


def test_workers_that_produce_go_home_and_idle_ones_stay() -> None:
    """Rulebook B: players "carry out the production corresponding to the workers that they have on the
    board and that they want to or can remove: if a worker produces, it is removed from the board and
    returned to the player." RED activates his Stonecutter but not his Market, trades one of two
    Artisan workers, loads one resource with two dock workers and has 3 on Field work: the Stonecutter's
    worker, one artisan, one docker and the two field workers of the silver go home; the Market's
    worker, the other artisan, the other docker and the odd field worker stay on the board."""
    market = cell(3, 4)
    s = position(2, phase="place", cur=1, order=[RED, GREEN], completed=[0, 0, 0, 0, 1, 0],
                 buildings=[[B, STONECUTTER, RED], [market, MARKET, RED], [H, HOUSE, RED]],
                 activations=[[B, RED], [market, RED]],
                 players=players(2, p0={"artisan": 2, "dock": 2, "field": 3, "placed": 5}))
    assert s.free[RED] == 9 - 9
    s.apply(GREEN, ("done",))
    assert (s.silver[RED], s.field[RED], s.free[RED]) == (2 + 1, 1, 2), "one silver for two field workers"
    s.apply(RED, ("activate", B, 0))
    s.apply(RED, ("craft", 0))
    s.apply(RED, ("load", 0))
    s.apply(RED, ("done",))
    assert s.act == [(market, RED)]
    assert (s.artisan[RED], s.dock[RED], s.field[RED], s.free[RED]) == (1, 1, 1, 5)
    s.check_invariants()


def test_production_feeds_a_building_in_the_same_phase() -> None:
    """Rulebook: wood and stone produced can be used at once for a minor building."""
    s = position(2, phase="place", cur=1, order=[GREEN, RED], mine=[[-1, RED, RED, -1], [-1, -1, -1, -1]],
                 workers=[[cell(3, 6), RED, 2]], players=players(2, p0={"stone": 0, "wood": 0}))
    s.apply(RED, ("done",))  # RED is last to place; GREEN resolves first
    s.apply(GREEN, ("done",))
    assert s.stone[RED] == 2 and s.to_move() == [RED]
    assert ("build", cell(3, 6), STONECUTTER) in s.legal_actions(RED)


def test_field_work_artisan_and_mine() -> None:
    s = position(3, phase="place", cur=2, order=[GREEN, BLUE, RED],
                 players=[{"field": 5, "artisan": 1, "wood": 1, "stone": 0}, {}, {}],
                 mine=[[RED, -1, -1, -1], [RED, -1, -1, -1]])
    s.apply(RED, ("done",))
    s.apply(GREEN, ("done",))
    s.apply(BLUE, ("done",))
    assert s.silver[RED] == 2 + 2, "2 silver for 5 workers on Field work"
    assert (s.stone[RED], s.wood[RED]) == (1, 2)
    s.apply(RED, ("craft", 0))
    assert (s.wood[RED], s.precious[RED]) == (1, 1)
    assert not [a for a in s.legal_actions(RED) if a[0] == "craft"]


def office_turn(silver: int, vp: int, office: int = 0, n: int = 2):
    s = position(n, phase="place", cur=n - 1, turn=2, players=players(n, p1={"silver": silver, "vp": vp, "bid": office,
                                                                           "wood": 4}),
                 offices={"owner": [-1] * 12, "turn": [-1] * 12, "bid": [1 if k == office else -1 for k in range(12)]})
    s.apply(n - 1, ("done",))
    s.apply(0, ("done",))
    with pytest.raises(IllegalAction, match="first take your Public Office"):
        s.apply(1, ("done",))
    s.apply(1, ("claim",))
    return s


def test_office_bought_with_money_and_vp() -> None:
    s = office_turn(6, 7)
    assert s.office_owner[0] == GREEN and s.silver[GREEN] == 1 and s.vp[GREEN] == 7
    assert s.office_bid[0] == -1 and s.free[GREEN] == 9


def test_office_fine_three_silver_and_five_vp() -> None:
    s = office_turn(4, 6)
    assert s.office_owner[0] == -1 and (s.silver[GREEN], s.vp[GREEN]) == (1, 1)


def test_office_fine_all_money_and_resources() -> None:
    s = office_turn(2, 9, office=9)
    assert (s.silver[GREEN], s.wood[GREEN], s.stone[GREEN], s.vp[GREEN]) == (0, 0, 0, 4)


def test_office_powers_from_the_next_turn() -> None:
    offices = {"owner": [-1] * 4 + [RED] + [-1] * 7, "turn": [-1] * 4 + [3] + [-1] * 7, "bid": [-1] * 12}
    s = position(2, phase="place", turn=3, order=[RED, GREEN], offices=offices)
    s.apply(RED, ("done",))
    s.apply(GREEN, ("done",))
    assert s.stone[RED] == 2, "bought this turn: no power yet"
    s = position(2, phase="place", turn=4, order=[RED, GREEN], offices=offices)
    s.apply(RED, ("done",))
    s.apply(GREEN, ("done",))
    assert s.stone[RED] == 3, "the Master Stonecutter's free stone"


def ship(**kw):
    base = dict(phase="effect", completed=[0, 0, 0, 0, 1, 0], players=players(3, p0={"dock": 1, "loads": 3, "silver": 5}))
    base.update(kw)
    return position(3, **base)


def test_loading_three_per_worker_and_paid_departure_with_shipowner() -> None:
    offices = {"owner": [-1] * 8 + [GREEN] + [-1] * 3, "turn": [-1] * 8 + [0] + [-1] * 3, "bid": [-1] * 12}
    s = ship(offices=offices, turn=1, cur=0, order=[RED, GREEN, BLUE])
    for r in (0, 0, 1):
        s.apply(RED, ("load", r))
    assert s.cargo[:3] == [2, 1, 0] and not [a for a in s.legal_actions(RED) if a[0] == "load"]
    s.apply(RED, ("depart",))
    assert s.silver[RED] == 3 and s.silver[GREEN] == 3, "1 coin to the Shipowner, 1 to the bank"
    s.apply(RED, ("done",))
    s.apply(GREEN, ("done",))
    s.apply(BLUE, ("done",))
    assert s.ship_away == 1 and s.tally["voyage"] == 1


def test_ship_returns_sells_and_cannot_leave_the_same_turn() -> None:
    offices = {"owner": [-1] * 8 + [GREEN] + [-1] * 3, "turn": [-1] * 8 + [0] + [-1] * 3, "bid": [-1] * 12}
    s = ship(offices=offices, turn=2, ship={"cargo": [[2, 1, 1], [0, 0, 0], [0, 0, 0]], "away": 1},
             players=players(3), cur=2, rng=1)
    with pytest.raises(IllegalAction):
        s.apply(BLUE, ("depart",))
    s.apply(BLUE, ("done",))
    assert s.ship_away == 0 and sum(s.cargo) == 0 and s.shipments == 1
    assert s.silver[RED] == 2 + 2 + 1 + 2 and s.vp[RED] == 3 + 2
    assert s.vp[GREEN] == 3, "the Shipowner's 3 VP per completed shipment"


def test_full_ship_departs_free_and_empty_ship_cannot_depart() -> None:
    s = ship(ship={"cargo": [[4, 4, 4], [0, 0, 0], [0, 0, 0]], "away": 0}, players=players(3), cur=2, rng=1)
    s.apply(BLUE, ("done",))
    assert s.ship_away == 1
    s = ship(cur=0)
    assert ("depart",) not in s.legal_actions(RED)


def test_buying_resources_costs_one_two_three() -> None:
    s = position(2, players=players(2, p0={"silver": 6}))
    for r in (0, 1, 0):
        s.apply(RED, ("money",))
        s.apply(RED, ("buy",))
        s.apply(RED, ("resource", r))
    assert (s.silver[RED], s.wood[RED], s.stone[RED]) == (0, 4, 3)
    assert ("buy",) not in s.legal_actions(RED)


def test_trade_offer_accept_and_decline() -> None:
    s = position(3, players=players(3, p0={"precious": 1}))
    offer(s, RED, BLUE, give={PRECIOUS: 1}, ask={SILVER: 2})
    assert s.to_move() == [BLUE]
    s.apply(BLUE, ("accept",))
    assert (s.precious[RED], s.silver[RED], s.precious[BLUE], s.silver[BLUE]) == (0, 4, 1, 0)
    s.apply(RED, ("money",))
    assert s.to_move() == [RED] and ("offer", GREEN) not in s.legal_actions(RED), "one offer a decision"
    s = position(3, players=players(3))
    offer(s, RED, GREEN, give={WOOD: 2})  # a gift of 2 wood
    s.apply(GREEN, ("decline",))
    assert s.wood[RED] == 2 and s.wood[GREEN] == 2


def test_an_offer_may_be_countered_twice_then_answered() -> None:
    """Rulebook, Trades and Money Use: "The players can trade and exchange money, resources and Public
    Offices as they wish": a negotiation, not a take-it-or-leave-it offer. RED offers BLUE 1 precious
    for 2 silver; BLUE counters with 1 silver for it; RED counters: the precious for 1 stone; BLUE,
    with no counter-offer left (two per offer), accepts."""
    s = position(3, players=players(3, p0={"precious": 1}))
    offer(s, RED, BLUE, give={PRECIOUS: 1}, ask={SILVER: 2})
    assert ("counter",) in s.legal_actions(BLUE)
    s.apply(BLUE, ("counter",))
    assert s.to_move() == [BLUE] and s.trade == deal(BLUE, RED, stage=0, counters=1)
    add_goods(s, BLUE, {SILVER: 1}, {PRECIOUS: 1})
    s.apply(BLUE, ("propose",))
    assert s.to_move() == [RED] and s.trade == deal(BLUE, RED, {SILVER: 1}, {PRECIOUS: 1}, counters=1)
    s.apply(RED, ("counter",))
    add_goods(s, RED, {PRECIOUS: 1}, {STONE: 1})
    s.apply(RED, ("propose",))
    assert s.to_move() == [BLUE] and s.trade == deal(RED, BLUE, {PRECIOUS: 1}, {STONE: 1}, counters=2)
    assert s.legal_actions(BLUE) == [("accept",), ("decline",)], "no third counter-offer"
    s.apply(BLUE, ("accept",))
    assert (s.precious[RED], s.stone[RED], s.precious[BLUE], s.stone[BLUE]) == (0, 3, 1, 1)
    assert s.to_move() == [RED] and not s.trade


def test_public_office_can_be_traded() -> None:
    offices = {"owner": [RED] + [-1] * 11, "turn": [0] + [-1] * 11, "bid": [-1] * 12}
    s = position(2, offices=offices, turn=1)
    offer(s, RED, GREEN, give={4: 1}, ask={SILVER: 2})  # the Gunner for 2 silver
    s.apply(GREEN, ("accept",))
    assert s.office_owner[0] == GREEN and s.silver[RED] == 4


def test_a_bundle_of_money_resources_and_an_office_in_one_trade() -> None:
    """Rulebook, Trades and Money Use: "The players can trade and exchange money, resources and Public
    Offices as they wish": Red gives the Gunner, 2 wood and 1 stone for 7 silver and 1 precious, one
    trade. Each good goes one way only, and nobody gives more than he has."""
    offices = {"owner": [RED] + [-1] * 11, "turn": [0] + [-1] * 11, "bid": [-1] * 12}
    s = position(3, offices=offices, turn=1, players=players(3, p1={"silver": 9, "precious": 2}))
    s.apply(RED, ("money",))
    s.apply(RED, ("offer", GREEN))
    add_goods(s, RED, {4: 1, WOOD: 2})
    s.apply(RED, ("add", 0))
    assert ("give", WOOD, 1) not in s.legal_actions(RED), "Red has no third wood"
    s.apply(RED, ("give", STONE, 1))
    s.apply(RED, ("add", 1))
    assert not [a for a in s.legal_actions(RED) if a[1] in (WOOD, STONE)], "each good one way"
    s.apply(RED, ("ask", SILVER, 5))
    add_goods(s, RED, ask={SILVER: 2, PRECIOUS: 1})
    assert s.prompt(RED) == ("Your offer to Green so far: 2 wood, 1 stone, the Gunner office for 7 silver, "
                             "1 precious; add to it, propose it, or withdraw")
    s.apply(RED, ("propose",))
    assert s.events[-1].text == "Red offers Green: 2 wood, 1 stone, the Gunner office for 7 silver, 1 precious"
    s.apply(GREEN, ("accept",))
    assert (s.office_owner[0], s.silver[RED], s.wood[RED], s.stone[RED], s.precious[RED]) == (GREEN, 9, 0, 1, 1)
    assert (s.silver[GREEN], s.wood[GREEN], s.stone[GREEN], s.precious[GREEN]) == (2, 4, 3, 1)


def test_any_two_players_may_trade_while_a_third_decides() -> None:
    """Rulebook, Trades and Money Use: "The players can trade and exchange money, resources and Public
    Offices as they wish at any point in the game": while Red places his workers, Green (a bystander:
    the game does not wait for him) offers Blue 2 wood for 1 silver; Blue accepts, and Red's decision is
    still his, unchanged. Blue may then offer Red himself."""
    s = position(3)
    assert s.to_move() == [RED] and s.bystanders() == [GREEN, BLUE]
    assert s.legal_actions(GREEN) == [("offer", RED), ("offer", BLUE)]
    before = s.legal_actions(RED)
    offer(s, GREEN, BLUE, give={WOOD: 2}, ask={SILVER: 1}, via_money=False)
    assert s.to_move() == [BLUE] and s.bystanders() == []
    s.apply(BLUE, ("accept",))
    assert (s.wood[GREEN], s.silver[GREEN], s.wood[BLUE], s.silver[BLUE]) == (0, 3, 4, 1)
    assert s.to_move() == [RED] and s.legal_actions(RED) == before
    offer(s, BLUE, RED, give={WOOD: 1}, ask={STONE: 1}, via_money=False)
    assert s.to_move() == [RED] and s.legal_actions(RED) == [("accept",), ("decline",), ("counter",)]
    s.apply(RED, ("decline",))
    assert s.to_move() == [RED] and s.legal_actions(RED) == before


def test_one_trade_a_player_a_decision_keeps_the_negotiations_finite() -> None:
    """Decision (the rulebook puts no limit): each player opens at most one trade while the same player
    is to move (a decision: his placement turn, his effect turn, a war step of his), and again once
    another player is; no trade opens in the middle of a two-step choice (its second step may need the
    goods a trade would move)."""
    s = position(3)
    offer(s, GREEN, BLUE, give={WOOD: 1}, via_money=False)
    s.apply(BLUE, ("decline",))
    assert s.bystanders() == [BLUE], "Green has had his trade in this decision"
    with pytest.raises(IllegalAction, match="not Green.s turn; waiting for Red"):
        s.apply(GREEN, ("offer", BLUE))
    s.apply(RED, ("money",))
    assert s.bystanders() == [], "not while Red chooses in his money menu"
    s.apply(RED, ("buy",))
    s.apply(RED, ("resource", 0))
    assert s.bystanders() == [BLUE], "Red is still deciding"
    s.apply(RED, ("done",))
    assert s.to_move() == [GREEN] and s.bystanders() == [RED, BLUE], "Green decides now: a new decision"
    s.apply(RED, ("offer", GREEN))
    s.apply(RED, ("withdraw",))
    assert not s.trade and s.to_move() == [GREEN]


def test_player_order_most_added_first_ties_inverse() -> None:
    s = position(4, order=[0, 1, 2, 3], players=[{"order_add": 1}, {}, {"order_add": 1}, {"order_add": 2}])
    endturn.update_order(s)
    assert s.order == [YELLOW, BLUE, RED, GREEN]
    assert s.free == [9, 9, 9, 9], "the added workers come back at the end of the turn"
    s = position(3, order=[2, 0, 1])
    endturn.update_order(s)
    assert s.order == [2, 0, 1], "the order only changes by adding workers"


def expected_wars(turns: int) -> float:
    """The mean number of wars in a game from the dice and the tracks alone (exact: every roll of two
    dice, every position of the two markers), as `endturn.war_check` and `endturn.next_turn` play them."""
    from meeple.games.riodelaplata.board import ENEMY_MAX, ENEMY_VALUES, TRACKS

    dice = {k: (6 - abs(k - 7)) / 36 for k in range(2, 13)}
    back = TRACKS["enemy_setback"]
    start = TRACKS["enemy_start"]
    at: dict[tuple[int, int], float] = {(start["natives"], start["pirates"]): 1.0}
    wars = 0.0
    for turn in range(turns):
        nxt: dict[tuple[int, int], float] = {}
        for (n, pi), pr in at.items():
            for k, pk in dice.items():
                m = [n, pi]
                hit = [k <= ENEMY_VALUES[n], k <= ENEMY_VALUES[pi]]
                if any(hit):
                    wars += pr * pk
                    e = 1 if hit[1] else 0  # both: the Pirates only
                    m[e] = max(0, m[e] - back)
                if turn + 1 < turns:
                    sym = TIME_TRACK[turn + 1]
                    m = [min(ENEMY_MAX, m[0] + ("F" in sym)), min(ENEMY_MAX, m[1] + ("S" in sym))]
                nxt[(m[0], m[1])] = nxt.get((m[0], m[1]), 0.0) + pr * pk
        at = nxt
    return wars


def test_the_tracks_give_about_one_war_per_player_of_the_smallest_table() -> None:
    """Rulebook War 1: "The player on the highest numbered square on the player order grid who has not
    already been an attacker becomes the attacker for this war" - no rule says what happens once all
    have attacked, so a game rarely has more wars than players. Designed: 7 feathers and 6 skulls on the
    time track give 2.9 wars a game on average from the dice and tracks alone (at most 3, the fewest
    players on the box; 4.18 before); the short game of 15 years about 2."""
    assert expected_wars(20) == pytest.approx(2.93, abs=0.01)
    assert expected_wars(15) == pytest.approx(1.97, abs=0.01)
    assert (sum("F" in y for y in TIME_TRACK), sum("S" in y for y in TIME_TRACK)) == (7, 6)


def test_time_track_moves_the_enemy_markers() -> None:
    s = position(2, turn=9, enemies=[2, 1])
    endturn.next_turn(s)
    assert s.turn == 10 and TIME_TRACK[10] == "FS" and s.enemies == [3, 2]
    s = position(2, turn=19)
    endturn.next_turn(s)
    assert s.is_terminal()
    s = position(2, turn=14, num_turns=15)
    endturn.next_turn(s)
    assert s.is_terminal(), "the short game ends after 1594"
    assert HUT == 1


def test_loading_stops_at_capacity_and_a_full_ship_pays_nobody() -> None:
    offices = {"owner": [-1] * 8 + [GREEN] + [-1] * 3, "turn": [-1] * 8 + [0] + [-1] * 3, "bid": [-1] * 12}
    s = ship(offices=offices, turn=1, cur=2, ship={"cargo": [[0, 0, 0], [5, 5, 0], [0, 0, 0]], "away": 0},
             players=players(3, p2={"dock": 1, "loads": 3, "wood": 5}))
    s.apply(BLUE, ("load", 0))
    s.apply(BLUE, ("load", 0))
    assert sum(s.cargo) == 12 and not [a for a in s.legal_actions(BLUE) if a[0] == "load"]
    silver = s.silver[:]
    s.apply(BLUE, ("done",))
    assert s.ship_away == 1 and s.silver == silver, "a full Ship leaves without payment to anyone"


def test_purchase_prices_start_again_each_game_turn() -> None:
    s = position(2, rng=1, players=players(2, p0={"silver": 9}), order=[RED, GREEN])
    for _ in range(2):
        s.apply(RED, ("money",))
        s.apply(RED, ("buy",))
        s.apply(RED, ("resource", 1))
    assert s.silver[RED] == 6
    for p in (RED, GREEN, RED, GREEN):
        s.apply(p, ("done",))
    assert s.turn == 1 and s.bought == [0, 0] and s.to_move() == [RED], "no war (the dice show 8)"
    s.apply(RED, ("money",))
    s.apply(RED, ("buy",))
    s.apply(RED, ("resource", 1))
    assert s.silver[RED] == 5, "the first purchase of a new game turn costs 1 again"
