"""Independent rules review of Doge: one scenario per rulebook rule, exact outcomes.

"Seed" = the Rio Grande Games rulebook fragment (shared/seeds/002_2a031fe90370b271.txt); "facts" =
shared/rules/doge.md (the rest of the rulebook, paraphrased); "decision N" = RULES.md's decisions.
"""

from __future__ import annotations

from typing import Any

from meeple.games.doge import DogeState

from .helpers import (
    CANNAREGIO,
    CASTELLO,
    DORSODURO,
    Q1,
    Q2,
    Q3,
    QUARANTIA,
    SAN_MARCO,
    SAN_POLO,
    SANTA_CROCE,
    election,
    houses,
    palaces,
    position,
    refused,
)

A, B, C, D = 0, 1, 2, 3
DISTRICT_NAMES = ["Cannaregio", "Castello", "Dorsoduro", "San Marco", "San Polo", "Santa Croce"]


def neutral_advisors(**owned: tuple[int, int]) -> list[list[int]]:
    """All 9 advisors neutral except those given as index -> (owner, area)."""
    rows = [[-1, -1] for _ in range(9)]
    for key, (owner, area) in owned.items():
        rows[int(key.lstrip("a"))] = [owner, area]
    return rows


def kinds(s: DogeState) -> list[str]:
    return [t[0] for t in s.tasks]


# ----- district elections ------------------------------------------------------------------------


def test_rulebook_example_anna_and_bernd_tie_in_san_marco() -> None:
    """Seed, example: "There are 2 palaces In San Marco. Thus, the next palace will 'cost' 5 houses.
    Anna has 4 houses in San Marco and Bernd has 3 ... Both tie for first ... Each places 2 houses
    ... Both now build a palace for 5 houses each, placing them on the 5 and 6 numbered palace
    spaces. This leaves Anna with 1 house in San Marco." Also "Neither player may move a house"."""
    s = election(
        SAN_MARCO,
        ballots={A: [2, 1], B: [3], C: [1]},
        houses=[{"San Marco": 4}, {"San Marco": 3}, {"San Marco": 2}],
        palaces={"San Marco": [C, C]},
        advisors=neutral_advisors(a3=(C, CASTELLO)),
    )
    assert s.votes == [3, 3, 1]
    # tie for first: nobody gets the advisor (C's ring comes back), no house moves, no runner-up
    assert s.adv_owner[SAN_MARCO] == -1 and s.adv_area[SAN_MARCO] == -1 and s.rings_used(C) == 0
    assert s.to_move() == [A]
    assert s.legal_actions(A) == [("place", 2), ("place", 1), ("place", 0)]
    s.apply(A, ("place", 2))
    assert s.to_move() == [B] and s.legal_actions(B) == [("place", 2), ("place", 1), ("place", 0)]
    s.apply(B, ("place", 2))
    assert s.tasks[:2] == [("build", A, SAN_MARCO, 5), ("build", B, SAN_MARCO, 5)]
    s.apply(A, ("build",))
    assert s.tasks[0] == ("build", B, SAN_MARCO, 5)  # Bernd still pays 5 for the 6 space
    s.apply(B, ("build",))
    assert palaces(s, SAN_MARCO) == [C, C, A, B]
    assert houses(s, A)[SAN_MARCO] == 1 and houses(s, B)[SAN_MARCO] == 0
    assert houses(s, C)[SAN_MARCO] == 2  # the third player (1 vote) gets nothing
    assert s.election != SAN_MARCO


def test_single_winner_tie_for_second_winner_builds_first_tied_pay_the_next_cost_together() -> None:
    """Seed: "If there is a single winner, but two or more players tie for runner-up, each tied
    player may place 1 house" and "If several players tie for first or runner-up and they can build
    palaces, they build at the same time and each 'pays' the same number of houses ... the number
    shown on the first available building space" (the winner, not tied, builds before them)."""
    s = election(
        SAN_POLO,
        ballots={A: [3], B: [1], C: [1]},
        houses=[{"San Polo": 1}, {"San Polo": 3}, {"San Polo": 3}],
    )
    assert s.votes == [3, 1, 1]
    s.apply(A, ("stand", SAN_POLO, QUARANTIA))
    s.apply(A, ("place", 1))
    s.apply(A, ("place", 1))
    assert s.tasks[0] == ("build", A, SAN_POLO, 3)
    s.apply(A, ("build",))
    assert houses(s, A)[SAN_POLO] == 0
    assert s.to_move() == [B] and s.legal_actions(B) == [("place", 1), ("place", 0)]
    s.apply(B, ("place", 1))
    assert s.to_move() == [C]  # C places before anybody builds
    s.apply(C, ("place", 1))
    assert s.tasks[:2] == [("build", B, SAN_POLO, 4), ("build", C, SAN_POLO, 4)]
    s.apply(B, ("build",))
    s.apply(C, ("build",))
    assert palaces(s, SAN_POLO) == [A, B, C]
    assert houses(s, B)[SAN_POLO] == 0 and houses(s, C)[SAN_POLO] == 0
    assert s.adv_owner[SAN_POLO] == A and s.adv_area[SAN_POLO] == QUARANTIA


def test_the_runner_up_needs_the_next_palaces_cost_after_the_winner_built() -> None:
    """Seed: "For the second palace in a district (regardless of who built the first), a player
    needs 4 houses". The single runner-up is not tied with the winner: after the winner's palace he
    needs 4, so 3 houses are not enough."""
    s = election(
        CASTELLO,
        ballots={A: [3], B: [2]},
        houses=[{"Castello": 1}, {"Castello": 2}, {}],
    )
    s.apply(A, ("stand", CASTELLO, SAN_MARCO))
    s.apply(A, ("place", 1))
    s.apply(A, ("place", 1))
    s.apply(A, ("build",))
    s.apply(B, ("place", 1))
    assert houses(s, B)[CASTELLO] == 3
    assert s.election != CASTELLO and palaces(s, CASTELLO) == [A]  # no build offered to B


def test_winner_declining_the_palace_leaves_the_first_cost_for_the_runner_up() -> None:
    """Seed: "A player who has the necessary houses to build a palace may abstain." The first free
    space is then still the 3: the runner-up builds there for 3."""
    s = election(
        CASTELLO,
        ballots={A: [3], B: [2]},
        houses=[{"Castello": 1}, {"Castello": 2}, {}],
    )
    s.apply(A, ("stand", CASTELLO, SAN_MARCO))
    s.apply(A, ("place", 1))
    s.apply(A, ("place", 1))
    assert s.legal_actions(A) == [("build",), ("pass",)]
    s.apply(A, ("pass",))
    s.apply(B, ("place", 1))
    assert s.tasks[0] == ("build", B, CASTELLO, 3)
    s.apply(B, ("build",))
    assert palaces(s, CASTELLO) == [B] and houses(s, A)[CASTELLO] == 3 and houses(s, B)[CASTELLO] == 0


def test_a_placement_is_cut_to_the_supply_and_lost_when_it_is_empty() -> None:
    """Seed: "When a player has the opportunity to place a house, but has no more houses in his
    supply, he must abstain from placing the house and, thus, loses the opportunity"."""
    s = election(
        CASTELLO,
        ballots={A: [3], B: [2]},
        houses=[{"Cannaregio": 14}, {"Dorsoduro": 15}, {}],
    )
    s.apply(A, ("stand", CASTELLO, CANNAREGIO))
    assert s.legal_actions(A) == [("place", 1), ("place", 0)]  # 1 house left of the 2
    s.apply(A, ("place", 1))
    assert houses(s, A)[CASTELLO] == 1 and s.house_supply(A) == 0
    # B (runner-up) has no house in supply: the placement is lost, the election is over
    assert s.election != CASTELLO and houses(s, B) == [0, 0, 15, 0, 0, 0]


def test_winner_abstains_moves_a_house_into_the_district_builds_then_places_two() -> None:
    """Seed: "If he abstains, he neutralizes the advisor and moves 1 house to or from this district.
    He then may place 2 houses" + "Whenever a player places or moves a house into a district, he
    immediately checks to see if he may build a palace there"."""
    s = election(
        DORSODURO,
        ballots={A: [3]},
        houses=[{"Dorsoduro": 2, "Castello": 1, "San Polo": 1}, {}, {}],
        advisors=neutral_advisors(a2=(B, SAN_MARCO)),
    )
    assert s.legal_actions(A)[-1] == ("abstain", DORSODURO)
    s.apply(A, ("abstain", DORSODURO))
    assert s.adv_owner[DORSODURO] == -1 and s.rings_used(B) == 0
    # to or from Dorsoduro only: out of it to any district, or in from Castello / San Polo
    moves = {a for a in s.legal_actions(A) if a[0] == "move"}
    assert moves == {("move", DORSODURO, t) for t in (0, 1, 3, 4, 5)} | {
        ("move", CASTELLO, DORSODURO),
        ("move", SAN_POLO, DORSODURO),
    }
    assert ("pass",) in s.legal_actions(A)
    s.apply(A, ("move", CASTELLO, DORSODURO))
    assert s.tasks[0] == ("build", A, DORSODURO, 3)  # checked at once, before the placement
    s.apply(A, ("build",))
    assert houses(s, A)[DORSODURO] == 0
    s.apply(A, ("place", 1))
    s.apply(A, ("place", 1))
    assert houses(s, A) == [0, 0, 2, 0, 1, 0] and palaces(s, DORSODURO) == [A]
    assert s.election != DORSODURO  # 2 < 4: no second palace


def test_a_house_moved_out_is_checked_in_its_destination_only() -> None:
    """Seed: a palace check happens only where a house is placed or moved *into*: moving one out
    of the election's district builds in the destination; the houses left behind are not checked."""
    s = election(
        DORSODURO,
        ballots={A: [3]},
        houses=[{"Dorsoduro": 4, "Santa Croce": 2}, {}, {}],
    )
    s.apply(A, ("abstain", DORSODURO))
    s.apply(A, ("move", DORSODURO, SANTA_CROCE))
    assert s.tasks[0] == ("build", A, SANTA_CROCE, 3)  # nothing offered for the 3 left in Dorsoduro
    s.apply(A, ("build",))
    assert houses(s, A)[SANTA_CROCE] == 0 and palaces(s, SANTA_CROCE) == [A]
    s.apply(A, ("place", 0))  # places nothing: no check in Dorsoduro either
    assert s.election != DORSODURO and palaces(s, DORSODURO) == [] and houses(s, A)[DORSODURO] == 3


def test_no_check_in_a_district_where_nothing_was_placed_or_moved_in() -> None:
    """Seed: "Players may not build palaces in a district at any other time." A has 3 houses in
    Castello; winning San Polo and placing there offers no palace in Castello."""
    s = election(SAN_POLO, ballots={A: [3]}, houses=[{"Castello": 3}, {}, {}])
    s.apply(A, ("stand", SAN_POLO, CASTELLO))
    s.apply(A, ("place", 1))
    s.apply(A, ("place", 1))
    assert s.election != SAN_POLO and palaces(s, CASTELLO) == [] and houses(s, A) == [0, 3, 0, 0, 2, 0]


def test_a_declined_palace_can_be_built_later_when_a_house_moves_in() -> None:
    """Seed: "A player who has the necessary houses to build a palace may abstain. He may, for
    example, plan to move them later to another district." A declines in Castello, then wins the
    Quarantia later that year, abstains from an advisor and moves a house into Castello: checked."""
    s = position(
        3,
        phase="elections",
        order=[CASTELLO, QUARANTIA, 0, 2, 3, 4, 5],
        ballots=[{"Castello": [3], "Quarantia": [2]}, {}, {}],
        used=[["Castello", "Quarantia"], [], []],
        houses=[{"Castello": 1, "San Polo": 1}, {}, {}],
    )
    s.apply(A, ("stand", CASTELLO, QUARANTIA))
    s.apply(A, ("place", 1))
    s.apply(A, ("place", 1))
    s.apply(A, ("pass",))  # keeps 3 houses in Castello
    assert s.election == QUARANTIA and s.votes == [3, 0, 0]  # 2 markers + the Castello advisor
    s.apply(A, ("abstain", Q1))
    s.apply(A, ("move", SAN_POLO, CASTELLO))
    assert s.tasks[0] == ("build", A, CASTELLO, 3)
    s.apply(A, ("build",))
    assert houses(s, A)[CASTELLO] == 1 and palaces(s, CASTELLO) == [A]


def test_a_lone_zero_marker_is_no_vote_but_an_advisor_there_makes_a_runner_up() -> None:
    """Facts 4.2 / rulebook p.5: "A player with no ballot marker or just a 0 value ballot marker in
    an area can still win or be runner-up if he has one or more advisors in the area" (decision 4:
    without one, a 0 is no vote)."""
    s = election(
        CASTELLO,
        ballots={A: [3], B: [0]},
        advisors=neutral_advisors(a0=(C, CASTELLO), a6=(B, SAN_MARCO)),
    )
    assert s.votes == [3, 0, 1]
    s.apply(A, ("stand", CASTELLO, SAN_MARCO))
    s.apply(A, ("place", 1))
    s.apply(A, ("place", 1))
    assert s.to_move() == [C] and s.legal_actions(C) == [("place", 1), ("place", 0)]
    s.apply(C, ("place", 1))
    assert houses(s, B) == [0] * 6 and houses(s, C)[CASTELLO] == 1


def test_the_advisor_may_stay_where_it_stands_never_at_home_and_changes_hands() -> None:
    """Rulebook p.5 (facts 4.3): "He may not choose the advisor's home area, but may choose any
    other area, including the area where the advisor is standing"; taking control removes the other
    player's ring."""
    s = election(CASTELLO, ballots={A: [3]}, advisors=neutral_advisors(a1=(B, SAN_MARCO)))
    stands = {a[2] for a in s.legal_actions(A) if a[0] == "stand"}
    assert stands == {CANNAREGIO, DORSODURO, SAN_MARCO, SAN_POLO, SANTA_CROCE, QUARANTIA}
    refused(s, A, ("stand", CASTELLO, CASTELLO), "home")
    s.apply(A, ("stand", CASTELLO, SAN_MARCO))
    assert s.adv_owner[CASTELLO] == A and s.adv_area[CASTELLO] == SAN_MARCO
    assert s.rings_used(B) == 0 and s.rings_used(A) == 1


def test_with_six_rings_the_district_winner_must_abstain() -> None:
    """Rulebook p.5 (facts 4.3): "If a player with control of 6 advisors, earns the right to control
    another, he must abstain." The abstention still gives the house move."""
    owned = {f"a{a}": (A, CASTELLO) for a in (0, 2, 3, 4, 5)}
    owned["a6"] = (A, SAN_MARCO)
    s = election(
        CASTELLO,
        ballots={A: [1]},
        houses=[{"San Marco": 1}, {}, {}],
        advisors=neutral_advisors(**owned),
    )
    assert s.votes == [6, 0, 0]
    assert s.legal_actions(A) == [("abstain", CASTELLO)]
    refused(s, A, ("stand", CASTELLO, SAN_MARCO))
    s.apply(A, ("abstain", CASTELLO))
    assert ("move", SAN_MARCO, CASTELLO) in s.legal_actions(A)


def test_a_district_advisor_standing_in_the_quarantia_votes_there() -> None:
    """Facts 4.2: votes = markers + 1 per controlled advisor standing in that area (the Quarantia
    too). B's 1 marker + the Castello advisor ties A's 2: a tie for first in the Quarantia."""
    s = election(
        QUARANTIA,
        ballots={A: [2], B: [1], C: [1]},
        houses=[{"San Polo": 1}, {"San Polo": 1}, {"San Polo": 1}],
        advisors=neutral_advisors(a1=(B, QUARANTIA), a4=(C, CASTELLO)),
    )
    assert s.votes == [2, 2, 1]
    assert kinds(s) == ["move", "move", "move", "move"]  # no advisor decision for anybody


# ----- the Quarantia -----------------------------------------------------------------------------


def test_quarantia_tie_for_first_all_neutral_each_moves_two_and_they_build_together() -> None:
    """Seed: "If two or more players tie for first in the voting, no player takes control of the
    Quarantia's advisors. All 3 become neutral ... The players tied for first may each move 2 of
    their houses ... from any district to any other district. In this case, there is no
    runner-up." + tied players "build at the same time and each 'pays' the same number"."""
    s = election(
        QUARANTIA,
        ballots={A: [3], B: [2, 1], C: [2]},
        houses=[{"San Marco": 1, "Castello": 2}, {"San Marco": 1, "San Polo": 2}, {"Cannaregio": 1}],
        advisors=neutral_advisors(a6=(C, CASTELLO), a7=(A, DORSODURO), a8=(B, SAN_POLO)),
    )
    assert s.votes == [3, 3, 2]
    assert [s.adv_owner[a] for a in (Q1, Q2, Q3)] == [-1, -1, -1]
    assert [s.rings_used(p) for p in (A, B, C)] == [0, 0, 0]
    assert s.to_move() == [A]
    moves = [a for a in s.legal_actions(A) if a[0] == "move"]
    assert {a[2] for a in moves} == {0, 1, 2, 3, 4, 5}  # never into the Quarantia
    assert {a[1] for a in moves} == {CASTELLO, SAN_MARCO}
    s.apply(A, ("move", CASTELLO, SAN_MARCO))
    s.apply(A, ("move", CASTELLO, SAN_MARCO))
    assert s.to_move() == [B]
    s.apply(B, ("move", SAN_POLO, SAN_MARCO))
    s.apply(B, ("move", SAN_POLO, SAN_MARCO))
    assert s.tasks[:2] == [("build", A, SAN_MARCO, 3), ("build", B, SAN_MARCO, 3)]
    s.apply(A, ("build",))
    s.apply(B, ("build",))
    assert palaces(s, SAN_MARCO) == [A, B]
    assert houses(s, A)[SAN_MARCO] == 0 and houses(s, B)[SAN_MARCO] == 0
    assert houses(s, C) == [1, 0, 0, 0, 0, 0] and s.election != QUARANTIA  # no runner-up


def test_quarantia_single_winner_takes_two_runner_up_the_one_left() -> None:
    """Facts 4.5 / seed: the winner takes control of 2 of the 3 Quarantia advisors, the runner-up
    the third (decision 7: the winner chooses which two)."""
    s = election(QUARANTIA, ballots={A: [3], B: [2], C: [1]})
    s.apply(A, ("stand", Q3, CASTELLO))
    s.apply(A, ("stand", Q1, SAN_POLO))
    assert s.to_move() == [B]
    assert {a[1] for a in s.legal_actions(B)} == {Q2}
    refused(s, B, ("stand", Q1, DORSODURO))
    s.apply(B, ("stand", Q2, DORSODURO))
    assert [(s.adv_owner[a], s.adv_area[a]) for a in (Q1, Q2, Q3)] == [
        (A, SAN_POLO),
        (B, DORSODURO),
        (A, CASTELLO),
    ]
    assert s.election != QUARANTIA and houses(s, C) == [0] * 6


def test_quarantia_single_winner_tie_for_second_third_advisor_neutral_each_tied_moves_one() -> None:
    """Seed: "If there is a single winner, but two or more players tie for runner-up, no player
    takes control of the runner-up's advisor. Instead, it remains neutral. Each of the tied players
    may move 1 of their houses ... from any district to any other district"."""
    s = election(
        QUARANTIA,
        ballots={A: [3], B: [1], C: [1]},
        houses=[{}, {"San Polo": 1}, {"Dorsoduro": 1}],
        advisors=neutral_advisors(a8=(C, SAN_MARCO)),
    )
    s.apply(A, ("stand", Q1, CASTELLO))
    s.apply(A, ("stand", Q2, CASTELLO))
    # the one left is neutral afterwards, even though C controlled it (RULES.md decision 7)
    assert (s.adv_owner[Q3], s.adv_area[Q3]) == (-1, -1)
    assert s.to_move() == [B]
    assert all(a[0] in ("move", "pass") for a in s.legal_actions(B))
    s.apply(B, ("move", SAN_POLO, CANNAREGIO))
    assert s.to_move() == [C]
    s.apply(C, ("move", DORSODURO, CANNAREGIO))
    assert houses(s, B)[CANNAREGIO] == 1 and houses(s, C)[CANNAREGIO] == 1
    assert s.election != QUARANTIA and s.rings_used(B) == 0 and s.rings_used(C) == 0


def test_quarantia_winner_abstaining_from_both_moves_two_then_runner_up_gets_the_third() -> None:
    """Rulebook p.5 (facts 4.3): "The winner may abstain from taking control of 1 or 2 advisors and
    move 1 or 2 houses, respectively"; the runner-up then still takes the one left."""
    s = election(
        QUARANTIA,
        ballots={A: [3], B: [2]},
        houses=[{"Castello": 2, "San Polo": 2}, {}, {}],
    )
    s.apply(A, ("abstain", Q1))
    s.apply(A, ("move", CASTELLO, SAN_POLO))
    assert s.tasks[0] == ("build", A, SAN_POLO, 3)  # a single player's move is checked at once
    s.apply(A, ("build",))
    s.apply(A, ("abstain", Q2))
    s.apply(A, ("move", CASTELLO, SAN_POLO))
    assert s.to_move() == [B] and {a[1] for a in s.legal_actions(B)} == {Q3}
    s.apply(B, ("stand", Q3, SAN_POLO))
    assert houses(s, A) == [0, 0, 0, 0, 1, 0] and palaces(s, SAN_POLO) == [A]
    assert [s.adv_owner[a] for a in (Q1, Q2, Q3)] == [-1, -1, B]


def test_quarantia_winner_with_six_rings_keeps_the_one_he_controls_and_abstains_from_another() -> None:
    """Rulebook p.5: with 6 advisors controlled the winner must abstain from a new one; an advisor he
    already controls needs no new ring (decision 5: he may stand it again)."""
    owned = {f"a{a}": (A, QUARANTIA) for a in (0, 1, 2, 3, 4)}
    owned["a7"] = (A, CASTELLO)
    s = election(QUARANTIA, ballots={A: [1], B: [2]}, advisors=neutral_advisors(**owned))
    assert s.votes == [6, 2, 0]
    acts = s.legal_actions(A)
    assert {a[1] for a in acts if a[0] == "stand"} == {Q2}
    assert [a for a in acts if a[0] == "abstain"] == [("abstain", Q1), ("abstain", Q2), ("abstain", Q3)]
    s.apply(A, ("stand", Q2, SAN_MARCO))
    assert s.legal_actions(A) == [("abstain", Q1), ("abstain", Q3)]


# ----- palaces: limits ---------------------------------------------------------------------------


def test_no_palace_without_a_palace_in_supply() -> None:
    """Rulebook "Notes for the game" (facts 4.6): "When a player has no more houses or palaces in his
    supply, he is out": a player whose 8 palaces are built cannot build a 9th."""
    s = election(
        SAN_POLO,
        ballots={A: [3]},
        houses=[{"San Polo": 5}, {}, {}],
        palaces={"Cannaregio": [A] * 5, "Castello": [A] * 3},
    )
    s.apply(A, ("stand", SAN_POLO, CASTELLO))
    s.apply(A, ("place", 1))
    s.apply(A, ("place", 1))
    assert s.election != SAN_POLO and palaces(s, SAN_POLO) == [] and houses(s, A)[SAN_POLO] == 7


def test_tied_builders_for_the_last_free_space_only_one_builds() -> None:
    """Seed: "In each district the players may only build 5 palaces on the 5 available spaces"
    (decision 9: tied builders beyond the free spaces lose their build, in seat order)."""
    s = election(
        SAN_MARCO,
        ballots={A: [3], B: [3]},
        houses=[{"San Marco": 5}, {"San Marco": 5}, {}],
        palaces={"San Marco": [C, C, C, C]},
    )
    s.apply(A, ("place", 2))
    s.apply(B, ("place", 2))
    assert s.tasks[:2] == [("build", A, SAN_MARCO, 7), ("build", B, SAN_MARCO, 7)]
    s.apply(A, ("build",))
    assert palaces(s, SAN_MARCO) == [C, C, C, C, A]
    assert s.election != SAN_MARCO and houses(s, A)[SAN_MARCO] == 0 and houses(s, B)[SAN_MARCO] == 7


def test_one_palace_per_check_and_a_check_per_house_placed() -> None:
    """Seed: "Whenever a player places or moves a house into a district, he immediately checks to see
    if he may build a palace there" (decision 9: one palace per check, even with houses for two). A
    winner placing his 2 houses alone is checked after each of them: two chances, one palace each."""
    s = election(CASTELLO, ballots={A: [3]}, houses=[{"Castello": 6}, {}, {}])
    s.apply(A, ("stand", CASTELLO, SAN_POLO))
    s.apply(A, ("place", 1))
    assert s.tasks[:2] == [("build", A, CASTELLO, 3), ("place", A, CASTELLO, 1)]
    s.apply(A, ("build",))
    assert houses(s, A)[CASTELLO] == 4 and s.legal_actions(A) == [("place", 1), ("place", 0)]
    s.apply(A, ("place", 1))
    assert s.tasks[0] == ("build", A, CASTELLO, 4)  # 5 houses: the second palace costs 4
    s.apply(A, ("build",))
    assert houses(s, A)[CASTELLO] == 1 and palaces(s, CASTELLO) == [A, A] and s.election != CASTELLO


# ----- phase 1 -----------------------------------------------------------------------------------


def play_round(s: DogeState, choices: dict[int, tuple[int, tuple[int, int, int, int]]]) -> None:
    for p, (card, marks) in choices.items():
        s.apply(p, ("card", card))
        s.apply(p, ("markers", *marks))


def test_four_players_three_rounds_cards_once_a_year_unplaced_markers_wait() -> None:
    """Rulebook p.4 (facts 4.1): "3 times in a 4 player game"; "The used player cards remain face up
    ... Thus, a player may not place more ballot markers in areas he has already 'used' this game
    year"; "If a player has ballot markers left in his supply at the beginning of phase two, he may
    not use them in the remainder of this game year"."""
    s = position(4)
    assert s.to_move() == [A, B, C, D]
    one = (0, 1, 0, 0)
    play_round(s, {p: (p, one) for p in range(4)})
    assert s.phase == 0 and s.rnd == 1
    assert ("card", A) not in s.legal_actions(A) and len(s.legal_actions(A)) == 6
    play_round(s, {p: (p + 1, one) for p in range(4)})
    play_round(s, {p: (QUARANTIA, (0, 0, 0, 1)) for p in range(4)})
    assert s.phase == 1  # after 3 rounds the elections begin, 4 markers each still unplaced
    assert [sum(s.used[p * 7 : p * 7 + 7]) for p in range(4)] == [3, 3, 3, 3]
    assert all(s.legal_actions(p) == [] or s.legal_actions(p)[0][0] != "card" for p in range(4))


def test_three_players_four_rounds() -> None:
    """Rulebook p.4: "Each player places ballot markers: 4 times in a 3 player game"."""
    s = position(3)
    for r in range(3):
        play_round(s, {p: (r, (1, 0, 0, 0) if r == 0 else (0, 1, 0, 0)) for p in range(3)})
        assert s.phase == 0 and s.rnd == r + 1
    play_round(s, {p: (CASTELLO + 2, (0, 0, 0, 1)) for p in range(3)})
    assert s.phase == 1


# ----- end of the game ---------------------------------------------------------------------------


def last_election_completes_six_districts() -> DogeState:
    palaces_doc = {n: [A] for n in DISTRICT_NAMES[:5]}
    return position(
        3,
        phase="elections",
        order=[0, 1, 2, 3, 4, 6, SANTA_CROCE],
        ballots=[{"Santa Croce": [3]}, {"Santa Croce": [1]}, {}],
        used=[["Santa Croce"], ["Santa Croce"], []],
        houses=[{"Santa Croce": 1}, {"Santa Croce": 3}, {}],
        palaces=palaces_doc,
    )


def test_palace_in_the_years_last_election_ends_the_game_at_once() -> None:
    """Rulebook p.7: "The game ends when at least one player has: at least 1 palace in each district
    ... The current game year is finished." The 6th district in the year's last election: the year
    is over, so the game is."""
    s = last_election_completes_six_districts()
    assert s.election == SANTA_CROCE and s.pos == 6
    s.apply(A, ("stand", SANTA_CROCE, SAN_MARCO))
    s.apply(A, ("place", 1))
    s.apply(A, ("place", 1))
    assert not s.is_terminal()
    s.apply(A, ("build",))
    assert not s.is_terminal() and s.to_move() == [B]  # the runner-up still places: the year runs on
    s.apply(B, ("place", 1))
    assert houses(s, B)[SANTA_CROCE] == 4
    assert s.tasks[0] == ("build", B, SANTA_CROCE, 4)
    s.apply(B, ("pass",))
    assert s.is_terminal() and s.year == 1
    r = s.result()
    assert r.winners == [A] and r.breakdown[A]["six_districts"] == 1 and r.breakdown[A]["palaces"] == 6


def test_declining_the_sixth_district_palace_does_not_end_the_game() -> None:
    """Rulebook p.7: the end needs a palace in each district; declining the build keeps the game going
    into year 2."""
    s = last_election_completes_six_districts()
    s.apply(A, ("stand", SANTA_CROCE, SAN_MARCO))
    s.apply(A, ("place", 1))
    s.apply(A, ("place", 1))
    s.apply(A, ("pass",))
    s.apply(B, ("place", 1))
    assert s.tasks[0] == ("build", B, SANTA_CROCE, 3)
    s.apply(B, ("build",))
    assert palaces(s, SANTA_CROCE) == [B] and houses(s, B)[SANTA_CROCE] == 1
    assert not s.is_terminal() and s.year == 2 and s.phase == 0


def year_end(n: int, palaces_doc: dict[str, list[int]], houses_doc: Any = None) -> DogeState:
    doc: dict[str, Any] = {"phase": "elections", "palaces": palaces_doc}
    if houses_doc is not None:
        doc["houses"] = houses_doc
    return position(n, **doc)


def test_a_doge_beats_a_non_qualifier_with_more_palaces() -> None:
    """Rulebook p.7: "The winner is the player who has fulfilled one of the above three conditions."
    C's 8 palaces in 2 districts fulfil none: A (6 in 6) wins though C has more palaces."""
    doc = {n: [A] for n in DISTRICT_NAMES}
    doc["Cannaregio"] += [C] * 4
    doc["Castello"] += [C] * 4
    s = year_end(3, doc)
    assert s.is_terminal()
    r = s.result()
    assert r.winners == [A] and r.ranks[A] == 1 and r.scores == [1, 0, 0]


def test_two_qualify_the_most_palaces_wins_then_the_most_houses() -> None:
    """Rulebook p.7: "If ... two or more players have fulfilled one of the winning conditions, the
    player among them who has built the most palaces is the winner. If there is still a tie ... the
    most houses on the board." A: 7 in 5, B: 6 in 6 (B has more houses): A wins on palaces."""
    doc: dict[str, list[int]] = {n: [B] for n in DISTRICT_NAMES}
    for n in DISTRICT_NAMES[:5]:
        doc[n].append(A)
    doc["Cannaregio"] += [A, A]
    s = year_end(3, doc, [{"Castello": 1}, {"Castello": 5}, {}])
    r = s.result()
    assert r.scores == [1, 1, 0] and r.winners == [A]
    doc["Cannaregio"] = [B, A]
    doc["Santa Croce"] = [B, A]  # now 6 each: B's 5 houses beat A's 1
    s = year_end(3, doc, [{"Castello": 1}, {"Castello": 5}, {}])
    r = s.result()
    assert r.winners == [B] and r.ranks == [2, 1, 3]


# ----- the year --------------------------------------------------------------------------------------


def test_after_the_last_election_markers_and_cards_return_and_advisors_stay() -> None:
    """Rulebook p.4-7 (facts 4.1, 4.7): the used player cards stay face up "until the end of the
    phase"; the markers return to their owners; the year ends after the 7th election and the
    turned-up row gives the next order. Advisors keep standing where they are."""
    s = position(
        3,
        phase="elections",
        order=[0, 1, 2, 3, 4, 5, QUARANTIA],
        next_order=[6, 5, 4, 3, 2, 1, 0],
        ballots=[{"Quarantia": [3, 0]}, {}, {}],
        used=[["Quarantia", "Castello"], [], []],
    )
    assert s.election == QUARANTIA and s.hand_size(A) == 7  # the 3 and the 0 are turned up, back in hand
    s.apply(A, ("stand", Q1, CASTELLO))
    s.apply(A, ("stand", Q3, SAN_POLO))
    assert s.year == 2 and s.phase == 0 and s.order == [6, 5, 4, 3, 2, 1, 0]
    assert s.hand_size(A) == 7 and len(s.legal_actions(A)) == 7  # every card usable again
    assert [(s.adv_owner[a], s.adv_area[a]) for a in (Q1, Q2, Q3)] == [(A, CASTELLO), (-1, -1), (A, SAN_POLO)]


def test_nobody_with_a_vote_nothing_happens_and_the_advisor_stays() -> None:
    """Decision 4 (rulebook silent): only 0 markers, no advisor there: no winner, the district's
    advisor keeps its owner and place, nobody places a house."""
    s = position(
        3,
        phase="elections",
        order=[CASTELLO, 0, 2, 3, 4, 5, QUARANTIA],
        ballots=[{"Castello": [0]}, {"Castello": [0]}, {"San Marco": [3]}],
        used=[["Castello"], ["Castello"], ["San Marco"]],
        advisors=neutral_advisors(a1=(C, QUARANTIA)),
    )
    assert s.election == SAN_MARCO and s.pos == 3  # Castello, Cannaregio and Dorsoduro passed
    assert (s.adv_owner[CASTELLO], s.adv_area[CASTELLO]) == (C, QUARANTIA)
    assert houses(s, A) == [0] * 6 and houses(s, B) == [0] * 6


def test_a_ballot_needs_at_least_one_marker() -> None:
    """Rulebook p.4 (facts 4.1): a player chooses a card and puts one or more markers on it (at
    most 4: see test_ballots.test_a_card_takes_one_to_four_markers)."""
    s = position(3)
    s.apply(A, ("card", SAN_MARCO))
    assert ("markers", 0, 0, 0, 0) not in s.legal_actions(A)
    refused(s, A, ("markers", 0, 0, 0, 0))
    assert ("markers", 1, 0, 0, 0) in s.legal_actions(A)  # a lone 0 is a ballot
