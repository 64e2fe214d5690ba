"""Rulebook "Elections in the districts": each case of the table as an exact position."""

from __future__ import annotations

from .helpers import (
    CANNAREGIO,
    CASTELLO,
    DORSODURO,
    QUARANTIA,
    SAN_MARCO,
    SAN_POLO,
    SANTA_CROCE,
    election,
    houses,
    refused,
)

A, B, C, D = 0, 1, 2, 3


def test_votes_are_markers_plus_one_per_controlled_advisor_there() -> None:
    advisors = [[-1, -1]] * 9
    advisors = [list(x) for x in advisors]
    advisors[SAN_POLO] = [B, CASTELLO]  # B's San Polo advisor stands in Castello
    advisors[6] = [B, CASTELLO]
    advisors[DORSODURO] = [C, SAN_MARCO]  # elsewhere: no vote in Castello
    s = election(CASTELLO, ballots={A: [3], B: [1], C: [0]}, advisors=advisors)
    assert s.votes == [3, 3, 0]


def test_single_winner_takes_the_advisor_and_places_2_runner_up_places_1() -> None:
    s = election(CASTELLO, n=4, ballots={A: [3, 2], B: [2, 1], C: [1], D: [0]})
    assert s.votes == [5, 3, 1, 0]
    assert s.to_move() == [A]
    stands = [a for a in s.legal_actions(A) if a[0] == "stand"]
    # any area but its home district, the Quarantia included
    assert sorted(x for _, _, x in stands) == [
        CANNAREGIO,
        DORSODURO,
        SAN_MARCO,
        SAN_POLO,
        SANTA_CROCE,
        QUARANTIA,
    ]
    s.apply(A, ("stand", CASTELLO, SAN_MARCO))
    assert s.adv_owner[CASTELLO] == A and s.adv_area[CASTELLO] == SAN_MARCO
    assert s.legal_actions(A) == [("place", 1), ("place", 0)]  # one house at a time
    s.apply(A, ("place", 1))
    s.apply(A, ("place", 1))
    assert s.to_move() == [B] and s.legal_actions(B) == [("place", 1), ("place", 0)]
    s.apply(B, ("place", 1))
    assert houses(s, A)[CASTELLO] == 2 and houses(s, B)[CASTELLO] == 1
    assert houses(s, C) == [0] * 6 and houses(s, D) == [0] * 6  # all other players get nothing


def test_taking_an_advisor_from_another_player_returns_their_ring() -> None:
    advisors = [[-1, -1] for _ in range(9)]
    advisors[CASTELLO] = [B, SAN_POLO]
    s = election(CASTELLO, ballots={A: [3]}, advisors=advisors)
    assert s.votes == [3, 0, 0]
    s.apply(A, ("stand", CASTELLO, SAN_POLO))  # leaving it where it stands counts as standing it
    assert s.adv_owner[CASTELLO] == A and s.rings_used(B) == 0


def test_the_home_district_is_refused() -> None:
    s = election(CASTELLO, ballots={A: [3]})
    refused(s, A, ("stand", CASTELLO, CASTELLO), "may not stand in its home area")


def test_winner_abstains_neutralises_moves_a_house_then_places_2() -> None:
    advisors = [[-1, -1] for _ in range(9)]
    advisors[CASTELLO] = [B, SAN_POLO]
    s = election(
        CASTELLO,
        ballots={A: [3], B: [1]},
        advisors=advisors,
        houses=[{"San Marco": 1, "Castello": 1}, {}, {}],
    )
    s.apply(A, ("abstain", CASTELLO))
    assert s.adv_owner[CASTELLO] == -1 and s.adv_area[CASTELLO] == -1  # neutral, back on its symbol
    moves = s.legal_actions(A)
    # to or from this district only
    assert ("move", SAN_MARCO, CASTELLO) in moves and ("move", CASTELLO, DORSODURO) in moves
    assert ("move", SAN_MARCO, DORSODURO) not in moves and ("pass",) in moves
    refused(s, A, ("move", SAN_MARCO, DORSODURO), "into or out of Castello")
    s.apply(A, ("move", SAN_MARCO, CASTELLO))
    s.apply(A, ("place", 1))
    assert houses(s, A)[CASTELLO] == 3 and houses(s, A)[SAN_MARCO] == 0
    s.apply(A, ("build",))  # 3 houses for the first palace, checked as the house is placed
    s.apply(A, ("place", 1))
    assert houses(s, A)[CASTELLO] == 1
    s.apply(B, ("place", 1))
    assert houses(s, B)[CASTELLO] == 1


def test_a_house_the_player_does_not_have_there_is_refused() -> None:
    s = election(CASTELLO, ballots={A: [3]}, houses=[{"Castello": 1}, {}, {}])
    s.apply(A, ("abstain", CASTELLO))
    refused(s, A, ("move", SAN_MARCO, CASTELLO), "you have no house in San Marco to move")


def test_tie_for_first_neutral_advisor_no_moves_each_places_2_no_runner_up() -> None:
    advisors = [[-1, -1] for _ in range(9)]
    advisors[CASTELLO] = [C, SAN_POLO]
    s = election(CASTELLO, n=4, ballots={A: [3], B: [2, 1], C: [2]}, advisors=advisors)
    assert s.votes == [3, 3, 2, 0]
    assert s.adv_owner[CASTELLO] == -1
    assert s.to_move() == [A] and s.legal_actions(A) == [("place", 2), ("place", 1), ("place", 0)]
    s.apply(A, ("place", 2))
    s.apply(B, ("place", 2))
    assert houses(s, A)[CASTELLO] == 2 and houses(s, B)[CASTELLO] == 2
    assert houses(s, C)[CASTELLO] == 0  # no runner-up after a tie for first
    assert s.election != CASTELLO


def test_single_winner_tie_for_second_each_places_1() -> None:
    s = election(CASTELLO, n=4, ballots={A: [3, 1], B: [2], C: [1, 1], D: [1]})
    assert s.votes == [4, 2, 2, 1]
    s.apply(A, ("stand", CASTELLO, QUARANTIA))
    s.apply(A, ("place", 1))
    s.apply(A, ("place", 1))
    assert s.to_move() == [B]
    s.apply(B, ("place", 1))
    s.apply(C, ("place", 1))
    assert [houses(s, p)[CASTELLO] for p in range(4)] == [2, 1, 1, 0]


def test_a_placement_is_lost_when_the_supply_is_empty() -> None:
    s = election(
        CASTELLO,
        ballots={A: [3], B: [2]},
        houses=[{"San Marco": 2, "Dorsoduro": 2, "San Polo": 2, "Cannaregio": 2, "Santa Croce": 2}, {}, {}],
    )
    s.apply(A, ("stand", CASTELLO, SAN_MARCO))
    # 10 on the board: 5 in supply, both placed
    s.apply(A, ("place", 1))
    s.apply(A, ("place", 1))
    assert houses(s, A)[CASTELLO] == 2
    s2 = election(CASTELLO, ballots={A: [3], B: [2]}, houses=[{"San Marco": 15}, {"San Marco": 14}, {}])
    s2.apply(A, ("stand", CASTELLO, DORSODURO))
    # A's 2 houses are lost (supply empty); B may place only the 1 house left
    assert s2.to_move() == [B] and s2.legal_actions(B) == [("place", 1), ("place", 0)]
    s2.apply(B, ("place", 1))
    assert houses(s2, A)[CASTELLO] == 0 and houses(s2, B)[CASTELLO] == 1
    s3 = election(CASTELLO, ballots={A: [3], B: [2]}, houses=[{"San Marco": 14}, {}, {}])
    s3.apply(A, ("stand", CASTELLO, DORSODURO))
    s3.apply(A, ("place", 1))  # the only house left: the second placement is lost
    assert s3.to_move() == [B] and houses(s3, A)[CASTELLO] == 1


def test_nobody_with_votes_nothing_happens() -> None:
    advisors = [[-1, -1] for _ in range(9)]
    advisors[CASTELLO] = [B, SAN_POLO]
    s = election(CASTELLO, ballots={A: [0]}, advisors=advisors)
    # a 0 marker is no vote: nobody wins, the advisor stays with B, the election passes
    assert s.adv_owner[CASTELLO] == B and s.election != CASTELLO


def test_a_runner_up_needs_a_vote() -> None:
    s = election(CASTELLO, ballots={A: [3], B: [0], C: [0]})
    s.apply(A, ("stand", CASTELLO, SAN_MARCO))
    s.apply(A, ("place", 1))
    s.apply(A, ("place", 1))
    assert houses(s, B) == [0] * 6 and houses(s, C) == [0] * 6 and s.election != CASTELLO


def test_seventh_advisor_is_refused_the_winner_must_abstain() -> None:
    advisors = [
        [A, QUARANTIA],
        [-1, -1],
        [A, QUARANTIA],
        [A, QUARANTIA],
        [A, QUARANTIA],
        [A, QUARANTIA],
        [A, CANNAREGIO],
        [-1, -1],
        [-1, -1],
    ]
    s = election(CASTELLO, ballots={A: [3]}, advisors=advisors)
    assert s.rings_used(A) == 6
    assert s.legal_actions(A) == [("abstain", CASTELLO)]
    refused(s, A, ("stand", CASTELLO, SAN_MARCO), "already control 6 advisors", "must abstain")


def test_with_six_rings_the_winner_may_restand_his_own_advisor() -> None:
    advisors = [
        [A, QUARANTIA],
        [A, SAN_MARCO],
        [A, QUARANTIA],
        [A, QUARANTIA],
        [A, QUARANTIA],
        [A, QUARANTIA],
        [-1, -1],
        [-1, -1],
        [-1, -1],
    ]
    s = election(CASTELLO, ballots={A: [3]}, advisors=advisors)
    assert ("stand", CASTELLO, DORSODURO) in s.legal_actions(A)
    s.apply(A, ("stand", CASTELLO, DORSODURO))
    assert s.adv_area[CASTELLO] == DORSODURO and s.rings_used(A) == 6
