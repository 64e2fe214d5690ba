"""War: attacker assignment, number of attackers, cannons, defenders; the rulebook's examples."""

from __future__ import annotations

from meeple.games.riodelaplata import war
from meeple.games.riodelaplata.board import (
    BARRACKS,
    CHURCH,
    GENERAL,
    GUNNER,
    HOUSE,
    HUT,
    MARKET,
    NATIVES,
    PIRATES,
    STONECUTTER,
)

from .helpers import (
    BLACK,
    BLUE,
    GREEN,
    OUT,
    RED,
    SILVER,
    WOOD,
    YELLOW,
    A,
    cell,
    offer,
    position,
    war_position,
)

ROLL_2, ROLL_5, ROLL_8 = 38, 7, 1
RESERVE = cell(0, 15)  # an attacker far away, so that the war goes on  # rng seeds whose first two dice sum to 2, 5 and 8


def end_of_effects(n: int, rng: int, enemies: list[int], **fields):
    """The last player of the effect phase is about to finish: the war check comes next."""
    s = position(n, rng=rng, phase="effect", cur=n - 1, enemies=enemies, **fields)
    s.apply(s.order[-1], ("done",))
    return s


def test_three_workers_four_defenders_eleven_attackers() -> None:
    """Rulebook: 3 workers and 4 defenders on the board: 3 + (4 x 2) = 11 attackers (the Pirates'
    +1 bonus drops to 0 with 5 players)."""
    workers = [[cell(3, 6), RED, 2], [cell(3, 7), GREEN, 1]]
    s = end_of_effects(5, ROLL_2, [7, 3], workers=workers)
    assert s.roll == 2
    w = s.war
    assert w.enemy == PIRATES, "at or below both markers: war with the Pirates only"
    assert w.attacker == BLACK, "the highest square of the order track that has not attacked"
    assert w.pool == 11
    assert s.enemies == [7, 0], "the Pirates marker goes back 4 spaces (to the start of the track)"
    assert w.occ == {cell(3, 6): (RED, RED), cell(3, 7): (GREEN,)}, "workers on the map fight where they stand"


def test_idle_activating_workers_are_on_the_board_in_the_war() -> None:
    """Rulebook B: an idle worker is not removed from the board; War 2 and 4: "The number of attackers is
    equal to the number of player tokens on the board", "Workers already on the board begin the war in
    their current positions"; War 1: the attacker's worker makes its space off limits. RED's idle worker
    on his Market and 2 builders: 3 + 4 x 2 = 11 attackers; BLACK's idle worker guards his Church."""
    market, church = cell(2, 2), cell(2, 5)
    s = end_of_effects(5, ROLL_2, [7, 3], buildings=[[market, MARKET, RED], [church, CHURCH, BLACK]],
                       workers=[[cell(3, 6), RED, 2]], activations=[[market, RED], [church, BLACK]])
    w = s.war
    assert (w.attacker, w.pool) == (BLACK, 11)
    assert w.occ == {cell(3, 6): (RED, RED), market: (RED,)} and w.offlimits == {church}
    assert s.act == [(church, BLACK)]
    s.check_invariants()


def test_enemy_bonus_natives_three_pirates_one_adjusted_for_players() -> None:
    """Rulebook: Natives +3, Pirates +1; with 5 players Natives +1 and Pirates 0 (never negative)."""
    for n, natives, pirates in ((3, 3, 1), (4, 2, 0), (5, 1, 0)):
        s = position(n, enemies=[7, 3])
        assert war.bonus_attackers(s, NATIVES) == natives
        assert war.bonus_attackers(s, PIRATES) == pirates
    s = end_of_effects(5, ROLL_5, [7, 3])
    assert s.war.enemy == NATIVES and s.war.pool == 0 + 4 * 2 + 1
    assert s.enemies == [3, 3]


def test_no_war_when_the_dice_are_higher() -> None:
    s = end_of_effects(3, ROLL_8, [7, 3])
    assert s.war is None and s.phase == "place" and s.turn == 1


def test_attacker_marked_then_next_highest() -> None:
    s = end_of_effects(3, ROLL_2, [7, 3], players=[{"attacked": 0}, {"attacked": 0}, {"attacked": 1}])
    assert s.war.attacker == GREEN and s.attacked == [0, 1, 1]


def test_attacker_count_limited_by_purple_markers() -> None:
    workers = [[cell(r, c), RED if c < 9 else GREEN, 3] for r, c in ((3, 6), (3, 7), (3, 8), (3, 9), (6, 9))]
    s = position(5, enemies=[9, 9], workers=workers,
                 players=[{"attacked": 1}, {"attacked": 1}, {"attacked": 1}, {"attacked": 0}, {"attacked": 0}])
    total = war.count_attackers(s, PIRATES, BLACK)
    assert total == min(15 + 8 + 2, 17 - 3)


def test_entry_on_the_perimeter_except_through_walls() -> None:
    s = war_position(2, [], attacker=GREEN, stage="deploy", war={"pool": 5})
    entries = {a[1] for a in s.legal_actions(GREEN) if a[0] == "deploy"}
    assert cell(9, 7) not in entries, "the printed walls close the bottom edge below the Plaza"
    assert cell(0, 0) in entries and cell(9, 0) in entries and cell(4, 0) not in entries
    assert {a[2] for a in s.legal_actions(GREEN) if a[0] == "deploy"} == {1, 2, 3, 5}, "1, 2, 3 or all the rest"
    s.apply(GREEN, ("deploy", cell(0, 3), 3))
    s.apply(GREEN, ("deploy", cell(0, 4), 1))
    assert ("deploy", cell(0, 3), 1) in s.legal_actions(GREEN), "a space already used takes more"
    s.apply(GREEN, ("deploy", cell(0, 3), 1))
    assert s.war.occ == {OUT + cell(0, 3): (A, A, A, A), OUT + cell(0, 4): (A,)}
    assert s.war.stage == "recruit", "no Fort: no cannons"


def test_attackers_come_in_groups_of_any_number_through_one_open_space() -> None:
    """Rulebook War 2: "The attacker places his tokens wherever he wants on the City perimeter, taking
    into account that he cannot place them where there are walls. They can be placed in groups of any
    number." A city walled all round but for the top edge of F1: 8 workers + 4 x 2 defenders + 0 bonus
    = 16 attackers (the 17 purple markers less the attacker's mark), and all 16 wait outside F1."""
    workers = [[cell(3, 6), RED, 3], [cell(3, 7), RED, 3], [cell(3, 8), GREEN, 2]]
    walls = [g for g in range(52) if g != 5]
    s = end_of_effects(5, ROLL_2, [7, 3], workers=workers, walls=walls)
    w = s.war
    assert (w.enemy, w.attacker, w.pool) == (PIRATES, BLACK, 16)
    assert s.legal_actions(BLACK) == [("deploy", cell(0, 5), k) for k in (1, 2, 3, 16)] + [("money",)]
    s.apply(BLACK, ("deploy", cell(0, 5), 16))
    assert w.occ[OUT + cell(0, 5)] == (A,) * 16 and w.pool == 0 and w.stage == "recruit"


def gunner_war(char: bool, rng: int, vp: list[int] | None = None):
    groups = [[OUT + cell(0, 1), [A, A, A]], [OUT + cell(0, 5), [A, A]]]
    return war_position(3, groups, attacker=BLUE, stage="bet", rng=rng, completed=[0, 0, 1, 0, 0, 0],
                        war={"gunner": RED, "gunner_char": char})


def test_gunner_bets_three_rolls_eight_plus_one() -> None:
    """Rulebook: bet 3 + 6 = 9 needed; the dice show 8, +1 for the Gunner = 9: 3 attackers killed,
    6 VP, the Gunner chooses which."""
    s = gunner_war(True, ROLL_8)
    assert ("bet", 7) not in s.legal_actions(RED) and ("bet", 5) in s.legal_actions(RED)
    s.apply(RED, ("bet", 3))
    assert s.vp[RED] == 6 and s.war.stage == "kill" and s.war.kills == 3
    s.apply(RED, ("kill", OUT + cell(0, 5)))
    s.apply(RED, ("kill", OUT + cell(0, 5)))
    s.apply(RED, ("kill", OUT + cell(0, 1)))
    assert s.war.occ == {OUT + cell(0, 1): (A, A)} and s.war.stage == "recruit"


def test_cannons_without_the_gunner_character() -> None:
    """Without the Gunner tile: no +1 (8 < 9 misses), and no VPs for kills."""
    s = gunner_war(False, ROLL_8)
    s.apply(RED, ("bet", 3))
    assert s.vp[RED] == 0 and s.war.stage == "recruit" and war.attackers_left(s) == 5
    s = gunner_war(False, ROLL_8)
    s.apply(RED, ("bet", 2))
    assert s.vp[RED] == 0 and s.war.kills == 2


def test_who_fires_the_cannons() -> None:
    offices = {"owner": [GREEN] + [-1] * 11, "turn": [0] + [-1] * 11, "bid": [-1] * 12}
    kw = dict(attacker=BLUE, stage="deploy", war={"pool": 1}, completed=[0, 0, 1, 0, 0, 0], turn=1)
    s = war_position(3, [], offices=offices, **kw)
    s.apply(BLUE, ("deploy", cell(0, 0), 1))
    assert (s.war.gunner, s.war.gunner_char) == (GREEN, True)
    s = war_position(3, [], players=[{"vp": 5}, {"vp": 3}, {"vp": 0, "attacked": 1}], **kw)
    s.apply(BLUE, ("deploy", cell(0, 0), 1))
    assert (s.war.gunner, s.war.gunner_char) == (GREEN, False), "the defender with the fewest VPs"
    offices["owner"][0] = BLUE  # the Gunner is the attacker: the lowest defender fires instead
    s = war_position(3, [], offices=offices, players=[{"vp": 1}, {"vp": 3}, {"attacked": 1}], **kw)
    s.apply(BLUE, ("deploy", cell(0, 0), 1))
    assert (s.war.gunner, s.war.gunner_char) == (RED, False)


def test_defender_placement_and_paid_recruitment() -> None:
    """2 tokens in own huts/houses or a Barracks; then 1, 2, 3... silver each."""
    home, barracks, other = cell(2, 2), cell(5, 5), cell(7, 7)
    s = war_position(3, [], attacker=BLUE, stage="recruit", buildings=[
        [home, HUT, RED], [barracks, BARRACKS, GREEN], [other, STONECUTTER, GREEN]],
        war={"rec": 0, "rec_free": 2}, players=[{"silver": 3}, {}, {"attacked": 1}])
    assert {a[1] for a in s.legal_actions(RED) if a[0] == "recruit"} == {home, barracks}
    s.apply(RED, ("recruit", home))
    s.apply(RED, ("recruit", home))
    assert s.silver[RED] == 3
    s.apply(RED, ("recruit", home))
    assert s.silver[RED] == 2 and s.war.occ[home] == (RED, RED, RED)
    s.apply(RED, ("recruit", barracks))
    assert s.silver[RED] == 0 and s.free[RED] == 5
    assert [a for a in s.legal_actions(RED) if a[0] == "recruit"] == [], "no money, no worker: no more tokens"


def test_no_home_no_tokens_and_the_general() -> None:
    other = cell(7, 7)
    s = war_position(3, [], attacker=BLUE, stage="recruit", buildings=[[other, STONECUTTER, GREEN]],
                     war={"rec": 0, "rec_free": 2})
    assert [a for a in s.legal_actions(RED) if a[0] == "recruit"] == [], "no hut, house or Barracks"
    offices = {"owner": [-1, RED] + [-1] * 10, "turn": [-1, 0] + [-1] * 10, "bid": [-1] * 12}
    s = war_position(3, [], attacker=BLUE, stage="deploy", buildings=[[other, STONECUTTER, GREEN]],
                     war={"pool": 1}, offices=offices, turn=2)
    s.apply(BLUE, ("deploy", cell(0, 0), 1))
    assert s.war.stage == "recruit" and s.war.rec_free == 3, "the General's extra free token"
    assert ("recruit", other) in s.legal_actions(RED), "the General places in any minor building"


def test_only_the_spaces_the_attackers_workers_occupy_are_off_limits() -> None:
    """Rulebook War 1: "if the attacker has some workers on the board, they will be inactive during the
    battle ... Any spaces or buildings that they occupy are considered to be temporarily 'off limits'":
    his workers' space is out of play, his House elsewhere is not."""
    s = position(3, rng=ROLL_2, phase="effect", cur=2, enemies=[7, 3],
                 buildings=[[cell(2, 2), HOUSE, BLUE], [cell(2, 3), HOUSE, RED]],
                 workers=[[cell(3, 6), BLUE, 2]])
    s.apply(BLUE, ("done",))
    w = s.war
    assert w.attacker == BLUE
    assert w.offlimits == {cell(3, 6)} and cell(3, 6) not in w.occ
    assert s.wcount[cell(3, 6)] == 2, "the attacker's workers stay, inactive"


def test_the_attackers_own_barracks_and_hut_stay_in_play() -> None:
    """Rulebook War 1: only the spaces and buildings "that they occupy" (the attacker's workers) are off
    limits; Combat: a Barracks "provides dominance to all the defenders in its district". BLUE leads
    the Natives: his Barracks still keeps one of RED's tokens in an even battle, and his Hut falls to
    the attackers like any other (2 VP to the attacker)."""
    barracks, hut = cell(7, 1), cell(5, 3)
    s = end_of_effects(3, ROLL_5, [7, 3], buildings=[[barracks, BARRACKS, BLUE], [hut, HUT, BLUE]])
    w = s.war
    assert (w.enemy, w.attacker, w.offlimits) == (NATIVES, BLUE, frozenset())
    w.occ = {cell(5, 1): (A, A), cell(5, 2): (RED, RED), cell(4, 3): (A,), cell(0, 15): (A,)}
    w.stage, w.pool = "move", 0
    s.apply(BLUE, ("move", cell(5, 1), cell(5, 2)))
    assert w.occ[cell(5, 2)] == (RED,), "dominance from the attacker's own Barracks"
    s.apply(BLUE, ("move", cell(4, 3), hut))
    assert s.bkind[hut] == 0 and hut not in w.occ and s.vp[BLUE] == 2


def test_general_office_not_used_by_the_attacker() -> None:
    offices = {"owner": [-1, BLUE] + [-1] * 10, "turn": [-1, 0] + [-1] * 10, "bid": [-1] * 12}
    s = war_position(3, [], attacker=BLUE, offices=offices, turn=3)
    assert not war.general_active(s, BLUE)
    assert GENERAL == 1 and GUNNER == 0 and YELLOW == 3


def test_a_city_walled_all_round_cannot_be_attacked() -> None:
    s = end_of_effects(3, ROLL_2, [7, 3], walls=list(range(52)))
    assert s.war is None and s.phase == "place" and s.attacked == [0, 0, 0]
    assert s.enemies == [7 + 1, 0], "the marker still goes back (and the Natives advance in 1581)"


def test_a_defender_may_trade_for_money_before_recruiting() -> None:
    home = cell(2, 2)
    s = war_position(3, [], attacker=BLUE, stage="recruit", buildings=[[home, HUT, RED]],
                     war={"rec": 0, "rec_free": 0}, players=[{"silver": 0, "wood": 2}, {"silver": 3}, {"attacked": 1}])
    assert ("recruit", home) not in s.legal_actions(RED)
    offer(s, RED, GREEN, give={WOOD: 2}, ask={SILVER: 1})
    s.apply(GREEN, ("accept",))
    assert s.to_move() == [RED] and s.war.stage == "recruit"
    s.apply(RED, ("recruit", home))
    assert s.silver[RED] == 0 and s.war.occ[home] == (RED,)


def test_trades_are_open_at_every_war_decision() -> None:
    """Rulebook, Trades and Money Use: "The players can trade and exchange money, resources and Public
    Offices as they wish at any point in the game": RED, moving his defenders, offers GREEN (the
    attacker) 2 wood for 1 silver; after the answer RED's move is still his to make. Only an answer
    (to a merge or an offer) has no money menu."""
    d = cell(5, 2)
    s = war_position(3, [[d, [RED]], [RESERVE, [A]]], attacker=GREEN, war={"mover": 1})
    assert s.to_move() == [RED] and s.legal_actions(RED)[-2:] == [("money",), ("done",)]
    offer(s, RED, GREEN, give={WOOD: 2}, ask={SILVER: 1})
    s.apply(GREEN, ("accept",))
    assert (s.wood[RED], s.silver[RED], s.wood[GREEN], s.silver[GREEN]) == (0, 3, 4, 1)
    assert s.to_move() == [RED] and s.war.stage == "move" and ("move", d, cell(5, 3)) in s.legal_actions(RED)
    s = war_position(3, [], attacker=GREEN, stage="deploy", war={"pool": 2})
    assert ("money",) in s.legal_actions(GREEN), "the attacker too, while deploying"


def test_a_whole_war_from_the_check_to_the_next_turn() -> None:
    """Natives at 7 (+3), 2 players: 0 workers + 2 x 1 + 3 = 5 attackers. Red defends his hut with 2
    tokens; the triplet beats them (Red +4 VP for his tokens), loses one token to the hut (Green +2,
    Red +2) and the war ends after 3 quiet war turns."""
    hut = cell(0, 2)
    s = end_of_effects(2, ROLL_5, [7, 3], order=[RED, GREEN], buildings=[[hut, HUT, RED]])
    w = s.war
    assert (w.enemy, w.attacker, w.pool) == (NATIVES, GREEN, 5)
    s.apply(GREEN, ("deploy", hut, 3))
    s.apply(GREEN, ("deploy", cell(0, 10), 2))
    assert s.war.stage == "recruit" and s.to_move() == [RED]
    s.apply(RED, ("recruit", hut))
    s.apply(RED, ("recruit", hut))
    s.apply(RED, ("done",))
    assert s.war.stage == "move" and s.to_move() == [GREEN] and s.free[RED] == 7
    s.apply(GREEN, ("enter", OUT + hut, 3, hut))
    assert s.war.occ[hut] == (A, A) and s.bkind[hut] == 0
    assert s.vp == [4 + 2, 2] and s.free[RED] == 9
    for _ in range(4):
        s.apply(GREEN, ("done",))  # Red has no group left: he is skipped
    assert s.war is None and s.phase == "place" and s.turn == 1
    assert s.attacked == [0, 1] and s.enemies[NATIVES] == 7 - 4 + 1, "back 4, then the 1581 feather"
    s.check_invariants()
