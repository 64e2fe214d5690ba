"""Rulebook "Quarantia" election table: each case as an exact position."""

from __future__ import annotations

import pytest

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
    election,
    houses,
    refused,
)

A, B, C, D = 0, 1, 2, 3


def test_single_winner_takes_2_runner_up_the_third() -> None:
    s = election(QUARANTIA, ballots={A: [3, 2], B: [2], C: [1]})
    assert s.votes == [5, 2, 1]
    acts = s.legal_actions(A)
    stands = {x for v, a, x in (t for t in acts if t[0] == "stand")}
    assert stands == {0, 1, 2, 3, 4, 5}  # the Quarantia's advisors stand in districts only
    assert {a for v, a, *_ in acts} == {Q1, Q2, Q3}
    refused(s, A, ("stand", Q1, QUARANTIA), "may not stand in its home area")
    s.apply(A, ("stand", Q2, SAN_MARCO))
    assert s.to_move() == [A] and {a for _, a, *_ in s.legal_actions(A)} == {Q1, Q3}
    s.apply(A, ("stand", Q1, CASTELLO))
    assert s.to_move() == [B] and {a for _, a, *_ in s.legal_actions(B)} == {Q3}
    s.apply(B, ("stand", Q3, DORSODURO))
    assert [s.adv_owner[a] for a in (Q1, Q2, Q3)] == [A, A, B]
    assert [s.adv_area[a] for a in (Q1, Q2, Q3)] == [CASTELLO, SAN_MARCO, DORSODURO]
    assert houses(s, C) == [0] * 6  # all others get nothing


def test_winner_abstains_from_one_and_moves_a_house_anywhere() -> None:
    s = election(QUARANTIA, ballots={A: [3], B: [2]}, houses=[{"San Polo": 1}, {}, {}])
    s.apply(A, ("stand", Q1, SAN_MARCO))
    s.apply(A, ("abstain", Q2))
    assert s.adv_owner[Q2] == -1
    assert ("move", SAN_POLO, CANNAREGIO) in s.legal_actions(A)  # from any district to any other
    s.apply(A, ("move", SAN_POLO, CANNAREGIO))
    assert houses(s, A)[CANNAREGIO] == 1 and houses(s, A)[SAN_POLO] == 0
    s.apply(B, ("stand", Q3, SAN_POLO))
    assert [s.adv_owner[a] for a in (Q1, Q2, Q3)] == [A, -1, B]


def test_winner_abstains_from_both_moves_2_houses() -> None:
    s = election(QUARANTIA, ballots={A: [3]}, houses=[{"San Polo": 2}, {}, {}])
    s.apply(A, ("abstain", Q1))
    s.apply(A, ("move", SAN_POLO, CASTELLO))
    s.apply(A, ("abstain", Q3))
    s.apply(A, ("move", SAN_POLO, CASTELLO))
    assert houses(s, A)[CASTELLO] == 2
    # no runner-up: the third advisor is untouched (neutral here) and the election is over
    assert s.election != QUARANTIA and s.adv_owner[Q2] == -1


def test_runner_up_abstains_and_moves_a_house() -> None:
    advisors = [[-1, -1] for _ in range(9)]
    advisors[Q3] = [C, SAN_POLO]
    s = election(QUARANTIA, ballots={A: [3], B: [2]}, houses=[{}, {"Dorsoduro": 1}, {}], advisors=advisors)
    s.apply(A, ("stand", Q1, SAN_MARCO))
    s.apply(A, ("stand", Q2, SAN_MARCO))
    s.apply(B, ("abstain", Q3))
    assert s.adv_owner[Q3] == -1  # C's ring comes back, the advisor is neutral
    s.apply(B, ("move", DORSODURO, SAN_POLO))
    assert houses(s, B)[SAN_POLO] == 1


def test_winner_may_take_the_advisors_another_player_controls() -> None:
    advisors = [[-1, -1] for _ in range(9)]
    advisors[Q1] = [B, CASTELLO]
    advisors[Q2] = [C, CASTELLO]
    s = election(QUARANTIA, ballots={A: [3]}, advisors=advisors)
    assert s.votes == [3, 0, 0]
    s.apply(A, ("stand", Q1, CASTELLO))
    s.apply(A, ("stand", Q2, DORSODURO))
    assert [s.adv_owner[a] for a in (Q1, Q2, Q3)] == [A, A, -1]
    assert s.rings_used(B) == 0 and s.rings_used(C) == 0


def test_tie_for_first_all_three_neutral_each_tied_moves_2() -> None:
    advisors = [[-1, -1] for _ in range(9)]
    advisors[Q1] = [C, CASTELLO]
    s = election(
        QUARANTIA,
        n=4,
        ballots={A: [3], B: [2, 1], C: [1]},
        advisors=advisors,
        houses=[{"Castello": 2}, {"Dorsoduro": 2}, {"San Polo": 1}, {}],
    )
    assert s.votes == [3, 3, 1, 0]  # C's advisor stands in Castello: no vote in the Quarantia
    assert [s.adv_owner[a] for a in (Q1, Q2, Q3)] == [-1, -1, -1]
    assert s.to_move() == [A]
    s.apply(A, ("move", CASTELLO, SAN_MARCO))
    s.apply(A, ("move", CASTELLO, SAN_MARCO))
    s.apply(B, ("move", DORSODURO, SAN_MARCO))
    s.apply(B, ("pass",))  # each move may be declined
    assert houses(s, A)[SAN_MARCO] == 2 and houses(s, B)[SAN_MARCO] == 1 and houses(s, B)[DORSODURO] == 1
    assert houses(s, C)[SAN_POLO] == 1  # no runner-up after a tie for first
    assert s.election != QUARANTIA


def test_single_winner_tie_for_second_third_stays_neutral_each_tied_moves_1() -> None:
    advisors = [[-1, -1] for _ in range(9)]
    advisors[Q3] = [D, CASTELLO]
    s = election(
        QUARANTIA,
        n=4,
        ballots={A: [3, 3], B: [2], C: [1, 1]},
        advisors=advisors,
        houses=[{}, {"Dorsoduro": 1}, {"San Polo": 1}, {}],
    )
    assert s.votes == [6, 2, 2, 0]
    s.apply(A, ("stand", Q1, SAN_MARCO))
    s.apply(A, ("stand", Q2, SAN_MARCO))
    assert s.adv_owner[Q3] == -1  # the runner-up's advisor stays neutral
    assert s.to_move() == [B]
    s.apply(B, ("move", DORSODURO, CASTELLO))
    s.apply(C, ("move", SAN_POLO, CASTELLO))
    assert houses(s, B)[CASTELLO] == 1 and houses(s, C)[CASTELLO] == 1
    assert s.election != QUARANTIA


def test_a_tied_player_without_houses_loses_the_moves() -> None:
    s = election(QUARANTIA, ballots={A: [3], B: [3]}, houses=[{}, {"Dorsoduro": 1}, {}])
    assert s.to_move() == [B]  # A has no house on the board to move
    s.apply(B, ("move", DORSODURO, SAN_POLO))
    assert s.to_move() == [B]  # B's second move
    s.apply(B, ("move", SAN_POLO, DORSODURO))
    assert s.election != QUARANTIA and houses(s, B)[DORSODURO] == 1


def test_tied_players_moving_houses_build_at_the_same_time_for_the_same_cost() -> None:
    """Building palaces: "If several players tie for first or runner-up and they can build palaces,
    they build at the same time and each 'pays' the same number of houses ... the number shown on the
    first available building space." In the Quarantia the tied players move houses instead of placing
    them: the palace checks come when all of them have moved, as after a tie in a district."""
    s = election(
        QUARANTIA,
        ballots={A: [3], B: [2, 1]},
        houses=[{"San Marco": 2, "Castello": 2}, {"San Marco": 3, "Dorsoduro": 1}, {}],
        palaces={"San Marco": [C]},  # the next palace in San Marco costs 4
    )
    assert s.votes == [3, 3, 0]
    s.apply(A, ("move", CASTELLO, SAN_MARCO))
    s.apply(A, ("move", CASTELLO, SAN_MARCO))
    assert s.to_move() == [B]  # A has 4 there, but builds only with the other tied player
    s.apply(B, ("move", DORSODURO, SAN_MARCO))
    s.apply(B, ("pass",))
    assert s.tasks[:2] == [("build", A, SAN_MARCO, 4), ("build", B, SAN_MARCO, 4)]
    s.apply(A, ("build",))
    s.apply(B, ("build",))  # on the 5 space, for 4 houses
    assert [o for o in s.spaces[SAN_MARCO * 5 : SAN_MARCO * 5 + 5] if o >= 0] == [C, A, B]
    assert houses(s, A)[SAN_MARCO] == 0 and houses(s, B)[SAN_MARCO] == 0
    assert s.election != QUARANTIA


def test_the_tied_players_checks_count_the_houses_after_all_their_moves() -> None:
    s = election(
        QUARANTIA,
        ballots={A: [3], B: [3]},
        houses=[{"Castello": 3, "San Polo": 1}, {}, {}],
    )
    s.apply(A, ("move", SAN_POLO, CASTELLO))  # 4 in Castello
    s.apply(A, ("move", CASTELLO, DORSODURO))  # 3 in Castello, 1 in Dorsoduro
    # the checks: Castello (3 houses, the first palace costs 3) and Dorsoduro (1: none)
    assert s.tasks[:1] == [("build", A, CASTELLO, 3)]


def test_the_winners_second_advisor_would_be_a_seventh_he_must_abstain() -> None:
    """Taking control: "a player may only control 6 advisors at a time. If a player with control of
    6 advisors earns the right to control another, he must abstain." """
    advisors = [[A, QUARANTIA] for _ in range(5)] + [[-1, -1] for _ in range(4)]
    s = election(QUARANTIA, ballots={A: [3], B: [2]}, advisors=advisors, houses=[{"Castello": 1}, {}, {}])
    assert s.votes == [8, 2, 0]  # 3 + the 5 advisors standing in the Quarantia
    s.apply(A, ("stand", Q1, CASTELLO))
    assert s.rings_used(A) == 6
    assert s.legal_actions(A) == [("abstain", Q2), ("abstain", Q3)]
    refused(s, A, ("stand", Q2, SAN_MARCO), "already control 6 advisors", "must abstain")
    s.apply(A, ("abstain", Q3))
    s.apply(A, ("move", CASTELLO, SAN_POLO))  # abstaining gives a house move
    s.apply(B, ("stand", Q2, DORSODURO))
    assert [s.adv_owner[a] for a in (Q1, Q2, Q3)] == [A, B, -1] and houses(s, A)[SAN_POLO] == 1


@pytest.mark.parametrize(
    ("ballots", "votes"),
    [({A: [3], B: [1], C: [1]}, [3, 1, 1, 0]), ({A: [2], B: [0]}, [2, 0, 0, 0])],
    ids=["tie for second", "no runner-up"],
)
def test_without_a_single_runner_up_the_third_advisor_is_neutral_whoever_held_it(
    ballots: dict[int, list[int]], votes: list[int]
) -> None:
    """Seed: "If there is a single winner, but two or more players tie for runner-up, no player
    takes control of the runner-up's advisor. Instead, it remains neutral." Nobody else having a
    vote is the same: there is no runner-up to take it. Either way D's ring comes back (decision 7)."""
    advisors = [[-1, -1] for _ in range(9)]
    advisors[Q3] = [D, SAN_POLO]
    s = election(QUARANTIA, n=4, ballots=ballots, advisors=advisors, houses=[{}, {}, {}, {}])
    assert s.votes == votes
    start = len(s.events)
    s.apply(A, ("stand", Q1, CASTELLO))
    s.apply(A, ("stand", Q2, CASTELLO))
    assert s.election != QUARANTIA  # the tied players (no houses on the board) have no move to make
    assert [s.adv_owner[a] for a in (Q1, Q2, Q3)] == [A, A, -1] and s.adv_area[Q3] == -1
    assert s.rings_used(D) == 0
    texts = [e.text for e in s.events_for(None, start)]
    assert "No single runner-up in the Quarantia: Quarantia advisor 3 is neutral; Yellow's ring goes back" in texts
