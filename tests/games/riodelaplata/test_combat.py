"""Combat rules: groups, movement, merging, bonus movement, battles, VPs and the end of the war."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.riodelaplata import combat
from meeple.games.riodelaplata.board import BARRACKS, CATHEDRAL, GENERAL, HOUSE, HUT, NATIVES, PIRATES

from .helpers import BLUE, GREEN, OUT, RED, A, cell, war_position

X = cell(5, 2)  # a space in district 4, away from everything
RESERVE = cell(0, 15)  # an attacker far away, so that the war goes on after the battle tested


def reach(s, pos: int) -> set[int]:
    return {a[2] for a in s.legal_actions(s.to_move()[0]) if a[0] == "move" and a[1] == pos}


def test_single_moves_three_pair_two_triplet_one_orthogonally() -> None:
    for size, steps in ((1, 3), (2, 2), (3, 1)):
        s = war_position(2, [[X, [A] * size]], attacker=GREEN)
        far = reach(s, X)
        r0, c0 = divmod(X, 16)
        assert far == {y for y in range(160) if 0 < abs(y // 16 - r0) + abs(y % 16 - c0) <= steps}
    s = war_position(2, [[X, [A]]], attacker=GREEN)
    assert cell(6, 3) in reach(s, X), "two orthogonal steps reach a diagonal neighbour"


def entries(s, pos: int, k: int) -> set[int]:
    return {a[3] for a in s.legal_actions(GREEN) if a[0] == "enter" and a[1:3] == (pos, k)}


def test_attackers_enter_from_outside() -> None:
    s = war_position(2, [[OUT + cell(0, 4), [A, A]]], attacker=GREEN)
    assert entries(s, OUT + cell(0, 4), 2) == {cell(0, 4), cell(0, 3), cell(0, 5), cell(1, 4)}
    assert entries(s, OUT + cell(0, 4), 3) == set()
    assert reach(s, OUT + cell(0, 4)) == set(), "a crowd outside is no group: its groups enter"


def test_a_crowd_outside_enters_as_singles_pairs_or_triplets() -> None:
    """Rulebook War 2: "During his first movement, he will decide how to place them inside the City as
    single attackers, pairs or triplets." Seven attackers wait outside E1: a single runs 3 spaces in,
    a pair follows 2, and a triplet takes the perimeter space, all in the first war turn."""
    crowd = OUT + cell(0, 4)
    s = war_position(2, [[crowd, [A] * 7]], attacker=GREEN)
    assert {a[2] for a in s.legal_actions(GREEN) if a[0] == "enter"} == {1, 2, 3}
    s.apply(GREEN, ("enter", crowd, 1, cell(2, 4)))
    s.apply(GREEN, ("enter", crowd, 2, cell(1, 4)))
    s.apply(GREEN, ("enter", crowd, 3, cell(0, 4)))
    assert s.war.occ == {cell(2, 4): (A,), cell(1, 4): (A, A), cell(0, 4): (A, A, A), crowd: (A,)}
    assert entries(s, crowd, 1) == set(), "the perimeter space is taken by a triplet that cannot merge"


def test_two_pairs_merge_into_a_triplet_and_a_single() -> None:
    """Rulebook: when two pairs meet, a token of the group that moved second goes on top of the other
    group (a triplet) and neither group moves again this war turn."""
    a, b = cell(5, 2), cell(5, 4)
    s = war_position(2, [[a, [RED, RED]], [b, [RED, RED]]], attacker=GREEN, war={"mover": 1})
    s.apply(RED, ("move", b, a))
    assert s.war.occ[a] == (RED, RED, RED) and s.war.occ[b] == (RED,)
    assert s.war.moved == {a, b}
    assert [x for x in s.legal_actions(RED) if x[0] == "move"] == []


def test_merging_other_colours_needs_consent_and_sets_command() -> None:
    a, b = cell(5, 2), cell(5, 3)
    s = war_position(3, [[a, [GREEN]], [b, [RED, RED]]], attacker=BLUE, war={"mover": 1})
    assert ("join", b, a, 0) in s.legal_actions(RED) and ("move", b, a) not in s.legal_actions(RED)
    s.apply(RED, ("join", b, a, 1))
    assert s.to_move() == [GREEN]
    s.apply(GREEN, ("accept",))
    assert s.war.occ[a] == (RED, RED, GREEN), "the commander's token goes on top"
    s = war_position(3, [[a, [GREEN]], [b, [RED, RED]]], attacker=BLUE, war={"mover": 1})
    s.apply(RED, ("join", b, a, 0))
    s.apply(GREEN, ("decline",))
    assert s.war.occ == {a: (GREEN,), b: (RED, RED)} and s.to_move() == [RED]
    assert not [x for x in s.legal_actions(RED) if x[0] == "join"], "no second request this war turn"


def test_groups_that_fought_cannot_stack() -> None:
    a, b = cell(5, 2), cell(5, 3)
    s = war_position(2, [[a, [RED]], [b, [RED]]], attacker=GREEN, war={"mover": 1, "wturn": 2, "fought": [[a, 1]]})
    assert ("move", b, a) not in s.legal_actions(RED)
    s = war_position(2, [[a, [RED]], [b, [RED]]], attacker=GREEN, war={"mover": 1, "wturn": 3, "fought": [[a, 1]]})
    s.apply(RED, ("move", b, a))
    assert s.war.occ[a] == (RED, RED)


def test_bonus_movement_by_discarding_a_group() -> None:
    a, b = cell(5, 2), cell(8, 8)
    s = war_position(2, [[a, [A, A, A]], [b, [A]]], attacker=RED)
    assert max(abs(y // 16 - 5) + abs(y % 16 - 2) for y in reach(s, a)) == 1
    s.apply(RED, ("bonus", a, b))
    assert b not in s.war.occ
    assert max(abs(y // 16 - 5) + abs(y % 16 - 2) for y in reach(s, a)) == 2
    assert not [x for x in s.legal_actions(RED) if x[0] == "bonus"]


def battle(att: int, dfn: list[int], enemy: int = NATIVES, buildings=None, **war):
    """The attacker (GREEN) moves a group of `att` onto RED's group standing next to it."""
    a, d = cell(5, 1), cell(5, 2)
    groups = [[a, [A] * att], [RESERVE, [A]]] + ([[d, dfn]] if dfn else [])
    s = war_position(3, groups, attacker=GREEN, enemy=enemy, buildings=buildings or [], war=war or None)
    s.apply(GREEN, ("move", a, d))
    return s, d


def test_bigger_group_wins_without_losses() -> None:
    s, d = battle(2, [RED])
    assert s.war.occ[d] == (A, A) and s.vp[RED] == 2, "a pair beats a single; 2 VP for RED's token killed"
    s, d = battle(2, [RED, RED, RED])
    assert s.war.occ[d] == (RED, RED, RED) and s.vp[RED] == 4, "a triplet beats a pair: 2 VP per attacker"
    assert s.war.fought[d] == 1


def test_equal_groups_both_removed() -> None:
    s, d = battle(2, [RED, RED])
    assert d not in s.war.occ and s.vp[RED] == 4 + 4


def test_pirates_dominance_and_barracks_dominance() -> None:
    s, d = battle(2, [RED, RED], enemy=PIRATES)
    assert s.war.occ[d] == (A,), "the Pirates keep one token in an even battle"
    barracks = [[cell(7, 1), BARRACKS, BLUE]]
    s, d = battle(2, [RED, RED], buildings=barracks)
    assert s.war.occ[d] == (RED,), "defenders in a district with a Barracks keep one token"
    s, d = battle(2, [RED, RED], enemy=PIRATES, buildings=barracks)
    assert d not in s.war.occ, "both sides with dominance: nullified"


def test_building_costs_one_token_and_falls() -> None:
    s, d = battle(2, [], buildings=[[cell(5, 2), HUT, RED]])
    assert s.war.occ[d] == (A,) and s.bkind[d] == 0
    assert s.vp[GREEN] == 2 and s.vp[RED] == 2
    s, d = battle(1, [], buildings=[[cell(5, 2), CATHEDRAL, -1]])
    assert d not in s.war.occ and s.bkind[d] == 0 and s.vp[GREEN] == 12


def test_defended_building_tokens_first_then_the_building() -> None:
    s, d = battle(3, [RED], buildings=[[cell(5, 2), HOUSE, RED]])
    assert s.war.occ[d] == (A, A) and s.bkind[d] == 0
    assert s.vp[GREEN] == 4 and s.vp[RED] == 2 + 2
    s, d = battle(1, [RED], buildings=[[cell(5, 2), HOUSE, RED]])
    assert s.bkind[d] == HOUSE and d not in s.war.occ, "equal: both gone, the building stands"


def test_mixed_group_shares_vps_proportionally() -> None:
    """Rulebook: Red with two tokens and Green with one share the VPs two-thirds / one-third, rounded."""
    a, d = cell(5, 1), cell(5, 2)
    s = war_position(3, [[a, [A, A]], [d, [GREEN, RED, RED]], [RESERVE, [A]]], attacker=BLUE)
    s.apply(BLUE, ("move", a, d))
    assert s.war.occ[d] == (GREEN, RED, RED)
    assert (s.vp[RED], s.vp[GREEN]) == (3, 1), "4 VP: 8/3 -> 3 and 4/3 -> 1"


def test_top_of_the_stack_dies_first() -> None:
    """A Barracks' dominance keeps one defender: the bottom one, since the top token is destroyed first."""
    a, d = cell(5, 1), cell(5, 2)
    s = war_position(3, [[a, [A, A]], [d, [GREEN, RED]], [RESERVE, [A]]], attacker=BLUE,
                     buildings=[[cell(7, 1), BARRACKS, BLUE]])
    s.apply(BLUE, ("move", a, d))
    assert s.war.occ[d] == (GREEN,)
    assert (s.vp[RED], s.vp[GREEN]) == (2 + 2, 2), "4 VP shared half and half, +2 for RED's token killed"


def test_general_gains_one_vp_per_enemy() -> None:
    offices = {"owner": [-1, RED] + [-1] * 10, "turn": [-1, 0] + [-1] * 10, "bid": [-1] * 12}
    a, d = cell(5, 1), cell(5, 2)
    s = war_position(3, [[a, [A]], [d, [RED, RED]]], attacker=GREEN, offices=offices, turn=1)
    s.apply(GREEN, ("move", a, d))
    assert s.vp[RED] == 2 + 1 and GENERAL == 1


def test_attacker_may_not_pass_buildings_defenders_may() -> None:
    a, h = cell(5, 1), cell(5, 2)
    s = war_position(2, [[a, [A]]], attacker=GREEN, buildings=[[h, HUT, RED]])
    assert cell(5, 3) not in reach(s, a), "the way through the hut is closed, around it is too long"
    assert h in reach(s, a)
    s = war_position(2, [[a, [RED]], [cell(9, 9), [A]]], attacker=GREEN, buildings=[[h, HUT, RED]],
                     war={"mover": 1})
    assert cell(5, 4) in reach(s, a)


def test_war_ends_after_three_turns_without_battle() -> None:
    s = war_position(2, [[cell(9, 14), [A]], [cell(0, 0), [RED]]], attacker=GREEN)
    for _ in range(3):
        assert s.war is not None and s.war.stage == "move"
        s.apply(GREEN, ("done",))
        s.apply(RED, ("done",))
    assert s.war is None or s.war.stage == "keep"


def test_war_ends_when_attackers_are_destroyed_and_groups_may_stay() -> None:
    a, d = cell(5, 1), cell(5, 2)
    s = war_position(3, [[a, [A]], [d, [RED, RED]], [cell(7, 7), [RED, BLUE]]], attacker=GREEN)
    s.apply(GREEN, ("move", a, d))
    assert s.war.stage == "keep" and s.to_move() == [RED]
    assert s.legal_actions(RED) == [("keep", d), ("money",), ("done",)], "mixed groups must always be removed"
    s.apply(RED, ("keep", d))
    s.apply(RED, ("done",))
    assert s.war is None and (s.wowner[d], s.wcount[d]) == (RED, 2)
    assert s.free[RED] == 7 and s.free[BLUE] == 9
    s.check_invariants()


def test_illegal_war_move_is_refused() -> None:
    s = war_position(2, [[X, [A, A, A]]], attacker=GREEN)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="a triplet 1"):
        s.apply(GREEN, ("move", X, cell(5, 5)))
    assert s.to_json() == before
    assert combat.RANGE == {1: 3, 2: 2, 3: 1}


def test_a_partner_sacrifices_a_group_to_help_a_mixed_group() -> None:
    mixed, own = cell(5, 2), cell(8, 8)
    s = war_position(3, [[mixed, [GREEN, RED]], [own, [GREEN]], [RESERVE, [A]]], attacker=BLUE,
                     war={"mover": 1})
    assert s.to_move() == [RED]
    s.apply(RED, ("done",))
    assert s.to_move() == [GREEN]
    s.apply(GREEN, ("bonus", mixed, own))
    assert mixed in s.war.bonus and own not in s.war.occ and s.free[GREEN] == 8
