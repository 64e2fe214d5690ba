"""Rulebook "Building palaces" (seed fragment), each sentence as an exact position."""

from __future__ import annotations

from .helpers import CASTELLO, DORSODURO, SAN_MARCO, election, houses, palaces, refused

ANNA, BERND, CARL = 0, 1, 2


def test_anna_and_bernd_build_together_in_san_marco() -> None:
    """The rulebook's example: 2 palaces in San Marco, so the next costs 5. Anna has 4 houses there,
    Bernd 3; both tie for first, each places 2 (Anna 6, Bernd 5) and both build for 5 houses,
    on the 5 and 6 spaces. Anna keeps 1 house."""
    s = election(
        SAN_MARCO,
        ballots={ANNA: [3], BERND: [2, 1]},
        houses=[{"San Marco": 4}, {"San Marco": 3}, {}],
        palaces={"San Marco": [CARL, CARL]},
    )
    assert s.votes == [3, 3, 0]
    assert s.to_move() == [ANNA] and s.legal_actions(ANNA) == [("place", 2), ("place", 1), ("place", 0)]
    s.apply(ANNA, ("place", 2))
    assert s.to_move() == [BERND]  # tied players place first, then build at the same time
    s.apply(BERND, ("place", 2))
    assert houses(s, ANNA)[SAN_MARCO] == 6 and houses(s, BERND)[SAN_MARCO] == 5
    assert s.tasks[0] == ("build", ANNA, SAN_MARCO, 5) and s.tasks[1] == ("build", BERND, SAN_MARCO, 5)
    s.apply(ANNA, ("build",))
    s.apply(BERND, ("build",))  # pays 5 too, though the palace goes on the 6 space
    assert palaces(s, SAN_MARCO) == [CARL, CARL, ANNA, BERND]
    assert houses(s, ANNA)[SAN_MARCO] == 1 and houses(s, BERND)[SAN_MARCO] == 0
    assert s.house_supply(ANNA) == 14 and s.house_supply(BERND) == 15
    assert s.palace_supply(ANNA) == 7 and s.palace_supply(BERND) == 7
    assert s.adv_owner[SAN_MARCO] == -1  # a tie for first neutralises the advisor


def test_kth_palace_costs_k_plus_2_whoever_built_the_earlier_ones() -> None:
    for built, cost in [(0, 3), (1, 4), (2, 5), (3, 6), (4, 7)]:
        s = election(
            CASTELLO,
            ballots={ANNA: [3]},
            houses=[{"Castello": cost - 2}, {}, {}],
            palaces={"Castello": [BERND] * built},
            advisors=[[-1, -1]] * 9,
        )
        s.apply(ANNA, ("abstain", CASTELLO))
        s.apply(ANNA, ("pass",))
        s.apply(ANNA, ("place", 1))
        s.apply(ANNA, ("place", 1))
        assert s.tasks[0] == ("build", ANNA, CASTELLO, cost)
        s.apply(ANNA, ("build",))
        assert palaces(s, CASTELLO) == [BERND] * built + [ANNA]
        assert houses(s, ANNA)[CASTELLO] == 0


def test_no_sixth_palace_in_a_district() -> None:
    s = election(
        CASTELLO,
        ballots={ANNA: [3]},
        houses=[{"Castello": 13}, {}, {}],
        palaces={"Castello": [BERND, BERND, CARL, CARL, BERND]},
    )
    s.apply(ANNA, ("abstain", CASTELLO))
    s.apply(ANNA, ("pass",))
    s.apply(ANNA, ("place", 1))
    assert s.tasks[0] == ("place", ANNA, CASTELLO, 1)  # no build offered: the 5 spaces are full
    s.apply(ANNA, ("place", 1))
    assert not s.tasks or s.tasks[0][0] != "build"
    assert houses(s, ANNA)[CASTELLO] == 15


def test_abstaining_from_a_palace_keeps_the_houses() -> None:
    s = election(CASTELLO, ballots={ANNA: [3]}, houses=[{"Castello": 1}, {}, {}])
    s.apply(ANNA, ("stand", CASTELLO, DORSODURO))
    s.apply(ANNA, ("place", 1))
    s.apply(ANNA, ("place", 1))
    assert s.legal_actions(ANNA) == [("build",), ("pass",)]
    s.apply(ANNA, ("pass",))
    assert houses(s, ANNA)[CASTELLO] == 3 and palaces(s, CASTELLO) == []


def test_extra_houses_remain() -> None:
    s = election(CASTELLO, ballots={ANNA: [3]}, houses=[{"Castello": 3}, {}, {}])
    s.apply(ANNA, ("stand", CASTELLO, DORSODURO))
    s.apply(ANNA, ("place", 1))
    s.apply(ANNA, ("build",))
    assert houses(s, ANNA)[CASTELLO] == 1 and palaces(s, CASTELLO) == [ANNA]


def test_palaces_only_when_a_house_is_placed_or_moved_in() -> None:
    """Enough houses but no house placed there: no palace check."""
    s = election(CASTELLO, ballots={ANNA: [3]}, houses=[{"Castello": 5}, {}, {}])
    s.apply(ANNA, ("stand", CASTELLO, DORSODURO))
    s.apply(ANNA, ("place", 0))  # no more houses: both placements declined
    # the advisor's vote makes Anna win Dorsoduro next; no build decision came for Castello
    assert s.election == DORSODURO and s.tasks[0][0] == "advisor"
    assert palaces(s, CASTELLO) == [] and houses(s, ANNA)[CASTELLO] == 5


def test_moving_a_house_in_triggers_the_check() -> None:
    s = election(CASTELLO, ballots={ANNA: [3]}, houses=[{"Castello": 2, "Dorsoduro": 1}, {}, {}])
    s.apply(ANNA, ("abstain", CASTELLO))
    s.apply(ANNA, ("move", DORSODURO, CASTELLO))
    assert s.tasks[0] == ("build", ANNA, CASTELLO, 3)
    s.apply(ANNA, ("build",))
    assert palaces(s, CASTELLO) == [ANNA] and houses(s, ANNA) == [0, 0, 0, 0, 0, 0]


def test_moving_a_house_out_builds_in_the_destination() -> None:
    s = election(CASTELLO, ballots={ANNA: [3]}, houses=[{"Castello": 1, "Dorsoduro": 2}, {}, {}])
    s.apply(ANNA, ("abstain", CASTELLO))
    s.apply(ANNA, ("move", CASTELLO, DORSODURO))
    assert s.tasks[0] == ("build", ANNA, DORSODURO, 3)


def test_no_palace_left_in_supply() -> None:
    full = {
        "Cannaregio": [ANNA, ANNA],
        "Dorsoduro": [ANNA, ANNA],
        "San Marco": [ANNA, ANNA],
        "San Polo": [ANNA, ANNA],
    }
    s = election(CASTELLO, ballots={ANNA: [3]}, houses=[{"Castello": 3}, {}, {}], palaces=full)
    s.apply(ANNA, ("stand", CASTELLO, DORSODURO))
    s.apply(ANNA, ("place", 1))
    s.apply(ANNA, ("place", 1))
    assert not s.tasks or s.tasks[0][0] != "build"


def test_ties_for_second_build_at_the_same_time() -> None:
    """Two tied runners-up each place 1 and both pay the cost of the first free space."""
    s = election(
        CASTELLO,
        ballots={ANNA: [3, 3], BERND: [2], CARL: [1, 1]},
        houses=[{}, {"Castello": 2}, {"Castello": 3}],
    )
    s.apply(ANNA, ("stand", CASTELLO, SAN_MARCO))
    s.apply(ANNA, ("place", 1))
    s.apply(ANNA, ("place", 1))
    s.apply(BERND, ("place", 1))
    s.apply(CARL, ("place", 1))
    assert s.tasks[:2] == [("build", BERND, CASTELLO, 3), ("build", CARL, CASTELLO, 3)]
    s.apply(BERND, ("build",))
    s.apply(CARL, ("build",))
    assert palaces(s, CASTELLO) == [BERND, CARL]
    assert houses(s, BERND)[CASTELLO] == 0 and houses(s, CARL)[CASTELLO] == 1


def test_build_is_refused_outside_a_palace_check() -> None:
    s = election(CASTELLO, ballots={ANNA: [3]}, houses=[{"Castello": 5}, {}, {}])
    refused(s, ANNA, ("build",), "take it and stand it")


def test_a_palace_built_with_the_first_house_frees_houses_for_the_second() -> None:
    """Seed: "Whenever a player places or moves a house into a district, he immediately checks to see
    if he may build a palace there" and "When a player has the opportunity to place a house, but has
    no more houses in his supply, he must abstain from placing the house". Anna wins Castello with 1
    house in supply: the first house makes her palace, its 3 houses go back, so the second is placed."""
    s = election(CASTELLO, ballots={ANNA: [3]}, houses=[{"Castello": 2, "San Marco": 12}, {}, {}])
    s.apply(ANNA, ("stand", CASTELLO, DORSODURO))
    assert s.house_supply(ANNA) == 1 and s.legal_actions(ANNA) == [("place", 1), ("place", 0)]
    s.apply(ANNA, ("place", 1))
    assert s.tasks[0] == ("build", ANNA, CASTELLO, 3)  # checked at once, before the second house
    s.apply(ANNA, ("build",))
    assert s.house_supply(ANNA) == 3 and s.to_move() == [ANNA]
    s.apply(ANNA, ("place", 1))
    assert houses(s, ANNA)[CASTELLO] == 1 and palaces(s, CASTELLO) == [ANNA] and s.house_supply(ANNA) == 2
    assert s.election != CASTELLO


def test_declining_that_palace_loses_the_second_house() -> None:
    """Seed: with no house left in supply "he must abstain from placing the house and, thus, loses
    the opportunity to place a house"."""
    s = election(CASTELLO, ballots={ANNA: [3]}, houses=[{"Castello": 2, "San Marco": 12}, {}, {}])
    s.apply(ANNA, ("stand", CASTELLO, DORSODURO))
    s.apply(ANNA, ("place", 1))
    start = len(s.events)
    s.apply(ANNA, ("pass",))
    assert houses(s, ANNA)[CASTELLO] == 3 and s.house_supply(ANNA) == 0 and s.election != CASTELLO
    assert "Red has no house left in supply and loses the placement" in [e.text for e in s.events[start:]]


def test_alone_each_house_is_checked_tied_players_build_after_all_have_placed() -> None:
    """Anna alone in Bernd's example position (2 palaces in San Marco, the next costs 5, she has 4):
    her first house makes 5 and she is asked at once ("whenever ... he immediately checks"). Tied,
    as in the rulebook's example, both place their 2 houses first and then "build at the same time"
    (test_anna_and_bernd_build_together_in_san_marco). She keeps 1 house either way."""
    s = election(
        SAN_MARCO,
        ballots={ANNA: [3], BERND: [2]},
        houses=[{"San Marco": 4}, {"San Marco": 3}, {}],
        palaces={"San Marco": [CARL, CARL]},
    )
    s.apply(ANNA, ("stand", SAN_MARCO, CASTELLO))
    s.apply(ANNA, ("place", 1))
    assert s.tasks[0] == ("build", ANNA, SAN_MARCO, 5)
    s.apply(ANNA, ("build",))
    s.apply(ANNA, ("place", 1))
    assert houses(s, ANNA)[SAN_MARCO] == 1 and palaces(s, SAN_MARCO) == [CARL, CARL, ANNA]
    s.apply(BERND, ("place", 1))  # Bernd, runner-up, now needs 6 for the next space: none offered
    assert houses(s, BERND)[SAN_MARCO] == 4 and s.election != SAN_MARCO
