"""Bad moves are refused with the rule they break, and the state is left unchanged."""

from __future__ import annotations

from .helpers import CASTELLO, DORSODURO, Q1, Q2, QUARANTIA, SAN_MARCO, election, position, refused

A, B, C = 0, 1, 2


def test_not_your_decision() -> None:
    s = election(CASTELLO, ballots={A: [3], B: [2]})
    refused(s, B, ("place", 1), "not Blue's turn", "waiting for Red")


def test_more_houses_than_the_result_gives() -> None:
    s = election(CASTELLO, ballots={A: [3], B: [2], C: [2]})  # B and C tie for second
    s.apply(A, ("stand", CASTELLO, SAN_MARCO))
    refused(s, A, ("place", 2), "one at a time", "place 1 (2 left to place) or place 0")
    s.apply(A, ("place", 1))
    s.apply(A, ("place", 1))
    refused(s, B, ("place", 2), "at most 1 house")


def test_an_advisor_already_handed_out_or_of_another_area() -> None:
    s = election(QUARANTIA, ballots={A: [3]})
    s.apply(A, ("stand", Q1, SAN_MARCO))
    refused(s, A, ("stand", Q1, DORSODURO), "not the advisor this election gives you")
    refused(s, A, ("stand", CASTELLO, DORSODURO), "not the advisor this election gives you")
    refused(s, A, ("abstain", CASTELLO), "only abstain from an advisor this election gives you")
    s.apply(A, ("stand", Q2, DORSODURO))


def test_houses_never_go_to_the_quarantia() -> None:
    s = election(QUARANTIA, ballots={A: [3]}, houses=[{"Castello": 1}, {}, {}])
    s.apply(A, ("abstain", Q1))
    refused(s, A, ("move", CASTELLO, QUARANTIA), "only between the 6 districts")
    refused(s, A, ("move", CASTELLO, CASTELLO), "different district")


def test_markers_before_a_card_and_a_card_out_of_range() -> None:
    s = position(3)
    refused(s, A, ("markers", 0, 0, 0, 1), "choose an area card first")
    refused(s, A, ("card", 7), "there is no area 7")
    refused(s, A, ("stand", 0, 1), "during the ballot phase")


def test_the_game_over_refuses_everything() -> None:
    s = position(3, phase="elections", palaces={n: [C] for n in range(6)})
    assert s.is_terminal()
    refused(s, C, ("pass",), "the game is over")


def test_prompts_say_what_is_decided_and_who_is_awaited() -> None:
    s = election(CASTELLO, ballots={A: [3], B: [2]})
    assert s.prompt(A).startswith("Take the Castello advisor and stand it in another area")
    assert s.prompt(B) == "Waiting for Red to decide on an advisor (Castello election)"
    assert (
        s.action_text(("stand", CASTELLO, SAN_MARCO)) == "take the Castello advisor and stand it in San Marco"
    )
    s.apply(A, ("stand", CASTELLO, SAN_MARCO))
    assert s.prompt(A) == (
        "Place a house from your supply in Castello (2 left to place; a palace is checked after each),"
        " or place no more"
    )
    assert s.action_text(("place", 1)) == "place 1 house"
    assert s.action_text(("place", 0)) == "place no more houses"
    q = position(3)
    assert "secretly choose one of your unused area cards" in q.prompt(A)
    q.apply(A, ("card", QUARANTIA))
    q.apply(A, ("markers", 1, 0, 0, 1))
    assert q.prompt(A) == "You have made this round's secret choice; waiting for the others"
    assert q.action_text(("markers", 1, 0, 0, 1)) == "put 2 markers (3+0)"
