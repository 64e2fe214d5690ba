"""Rulebook voting order, end of the year and game end (the Doge), with the tie-breaks."""

from __future__ import annotations

import pytest

from .helpers import CANNAREGIO, CASTELLO, DORSODURO, SAN_MARCO, SANTA_CROCE, position

A, B, C, D = 0, 1, 2, 3


# every palace space full, and nobody with 6 districts, 7 palaces in 5 or 8 in 4
FULL_WITHOUT_A_DOGE = {
    "Cannaregio": [A] * 5,
    "Castello": [A, A, A, B, B],
    "Dorsoduro": [B] * 5,
    "San Marco": [B, C, C, C, C],
    "San Polo": [C, C, C, C, D],
    "Santa Croce": [D] * 5,
}


def test_elections_follow_the_order_and_turn_up_the_other_row_one_by_one() -> None:
    s = position(
        3,
        phase="elections",
        order=[0, 1, 2, 3, 4, 5, 6],
        next_order=[6, 5, 4, 3, 2, 1, 0],
        ballots=[{"Dorsoduro": [3]}, {}, {}],
        used=[["Dorsoduro"], [], []],
    )
    assert s.pos == 2 and s.election == DORSODURO  # Cannaregio and Castello voted (nobody there)
    v = s.view(B)
    assert v["order"] == [2, 3, 4, 5, 6] and v["next_order_shown"] == [6, 5] and v["next_order_hidden"] == 5
    assert len(v["order"]) + len(v["next_order_shown"]) == 7  # always the next 7 elections in sight
    s.apply(A, ("stand", DORSODURO, SAN_MARCO))  # A's advisor now votes in San Marco
    s.apply(A, ("place", 0))
    assert s.election == SAN_MARCO and s.votes == [1, 0, 0]
    s.apply(A, ("stand", SAN_MARCO, DORSODURO))
    s.apply(A, ("place", 0))
    # the year ended: the turned-up row is the new order, the used cards lie shuffled face down
    assert s.phase == 0 and s.year == 2 and s.order == [6, 5, 4, 3, 2, 1, 0]
    assert sorted(s.next_order) == list(range(7)) and s.view(A)["next_order_hidden"] == 7
    assert s.view(A)["used"] == [[], [], []] and s.rnd == 0


def year_end(n: int, palaces: dict[str, list[int]], houses: list[dict[str, int]] | None = None):
    """A year whose elections have nothing left to decide: it ends as soon as it is loaded."""
    doc = {"phase": "elections", "palaces": palaces}
    if houses is not None:
        doc["houses"] = houses
    return position(n, **doc)


def test_six_districts_ends_the_game() -> None:
    s = year_end(
        3,
        {
            name: [A]
            for name in ["Cannaregio", "Castello", "Dorsoduro", "San Marco", "San Polo", "Santa Croce"]
        },
    )
    assert s.is_terminal()
    r = s.result()
    assert r.winners == [A] and r.breakdown[A]["six_districts"] == 1 and r.breakdown[A]["seven_in_five"] == 0


def test_seven_in_five_ends_the_game() -> None:
    s = year_end(
        3, {"Cannaregio": [B, B], "Castello": [B, B], "Dorsoduro": [B], "San Marco": [B], "San Polo": [B]}
    )
    r = s.result()
    assert s.is_terminal() and r.winners == [B] and r.breakdown[B]["seven_in_five"] == 1
    assert r.breakdown[B]["six_districts"] == 0 and r.breakdown[B]["eight_in_four"] == 0


def test_eight_in_four_ends_the_game() -> None:
    s = year_end(4, {"Cannaregio": [D, D], "Castello": [D, D], "Dorsoduro": [D, D], "San Marco": [D, D]})
    r = s.result()
    assert s.is_terminal() and r.winners == [D]
    assert r.breakdown[D]["eight_in_four"] == 1 and r.breakdown[D]["seven_in_five"] == 0


@pytest.mark.parametrize(
    "palaces",
    [
        {"Cannaregio": [A], "Castello": [A], "Dorsoduro": [A], "San Marco": [A], "San Polo": [A]},  # 5 in 5
        {"Cannaregio": [A, A, A], "Castello": [A, A], "Dorsoduro": [A], "San Marco": [A]},  # 7 in 4
        {"Cannaregio": [A, A, A, A], "Castello": [A, A, A], "Dorsoduro": [A]},  # 8 in 3
    ],
)
def test_short_of_every_condition_the_game_goes_on(palaces: dict[str, list[int]]) -> None:
    s = year_end(3, palaces)
    assert not s.is_terminal() and s.phase == 0 and s.year == 2


def test_the_end_is_checked_only_at_the_end_of_the_year() -> None:
    """A completes all 6 districts in the first election; the year still runs to its end."""
    palaces = {n: [A] for n in ["Cannaregio", "Castello", "Dorsoduro", "San Marco", "San Polo"]}
    s = position(
        3,
        phase="elections",
        order=[SANTA_CROCE, CASTELLO, 0, 2, 3, 4, 6],
        ballots=[{"Santa Croce": [3]}, {"Castello": [2]}, {}],
        used=[["Santa Croce"], ["Castello"], []],
        houses=[{"Santa Croce": 1}, {}, {}],
        palaces=palaces,
    )
    s.apply(A, ("abstain", SANTA_CROCE))
    s.apply(A, ("pass",))
    s.apply(A, ("place", 1))
    s.apply(A, ("place", 1))
    s.apply(A, ("build",))
    assert not s.is_terminal() and s.election == CASTELLO  # Castello still votes this year
    s.apply(B, ("abstain", CASTELLO))  # B has no house on the board: the move is skipped
    s.apply(B, ("place", 1))
    s.apply(B, ("place", 1))
    assert s.is_terminal() and s.result().winners == [A]


def test_several_qualify_most_palaces_then_most_houses() -> None:
    six = {n: [A, B] for n in ["Cannaregio", "Castello", "Dorsoduro", "San Marco", "San Polo", "Santa Croce"]}
    six["Cannaregio"].append(B)  # B: 7 palaces, A: 6
    s = year_end(3, six)
    r = s.result()
    assert r.winners == [B] and r.ranks == [2, 1, 3]
    tied = {
        n: [A, B] for n in ["Cannaregio", "Castello", "Dorsoduro", "San Marco", "San Polo", "Santa Croce"]
    }
    s = year_end(3, tied, houses=[{"Castello": 2}, {"Castello": 1, "San Polo": 2}, {"Castello": 9}])
    r = s.result()
    assert r.winners == [B] and r.ranks == [2, 1, 3]  # C has most houses but is no Doge
    assert r.tiebreaks[B] == {"palaces": 6, "houses_on_board": 3}


def test_when_nobody_can_qualify_any_more_the_game_ends_without_a_doge() -> None:
    """Not in the rulebook: every palace space is full and nobody fulfils a condition."""
    palaces = FULL_WITHOUT_A_DOGE
    s = year_end(4, palaces, houses=[{"Castello": 1}, {"Castello": 3}, {}, {}])
    assert s.is_terminal()
    r = s.result()
    assert r.scores == [0, 0, 0, 0] and r.ranks == [2, 1, 3, 4]


def test_no_end_while_someone_can_still_qualify() -> None:
    palaces = {"Cannaregio": [A] * 5, "Castello": [A, A, A], "Dorsoduro": [B] * 5}
    s = year_end(3, palaces)
    assert not s.is_terminal()  # B and C can still build everywhere else
    assert {CANNAREGIO, DORSODURO}.isdisjoint({x for x in range(6) if s.spaces[x * 5 + 4] == -1})


SIX = ["Cannaregio", "Castello", "Dorsoduro", "San Marco", "San Polo", "Santa Croce"]


def test_the_end_names_the_doge_for_everyone_and_in_the_result() -> None:
    """Rulebook p.3: "The player who accomplishes this is the new Doge and the winner of the game."
    The last event says who became Doge, seen by every player and a spectator; the final table's
    breakdown marks the Doge (first column)."""
    six: dict[str, list[int]] = {n: [A, B] for n in SIX}
    six["Cannaregio"].append(B)  # B: 7 palaces, A: 6; both qualify, B has more
    s = year_end(3, six, houses=[{"Castello": 2}, {"San Polo": 1}, {}])
    assert s.is_terminal()
    for viewer in (A, B, C, None):
        last = s.events_for(viewer)[-1]
        assert (last.kind, last.text, last.player) == (
            "doge",
            "Blue becomes Doge (7 palaces, 1 house on the board)",
            B,
        )
    r = s.result()
    assert [row["doge"] for row in r.breakdown] == [0, 1, 0]
    assert list(r.breakdown[B])[0] == "doge"


def test_players_level_after_every_tie_break_share_the_doge() -> None:
    """Rulebook p.7 ties: most palaces, then most houses on the board; level after both, they share
    the first place (RULES.md decision 13) and the event says so."""
    s = year_end(3, {n: [A, B] for n in SIX}, houses=[{"Castello": 2}, {"San Polo": 2}, {"Castello": 9}])
    r = s.result()
    assert r.winners == [A, B] and [row["doge"] for row in r.breakdown] == [1, 1, 0]
    assert (
        s.events[-1].text
        == "Red and Blue tie for Doge (6 palaces, 2 houses on the board each) and share the win"
    )


def test_no_doge_when_the_game_ends_without_one() -> None:
    palaces = FULL_WITHOUT_A_DOGE
    s = year_end(4, palaces)
    assert s.is_terminal() and [row["doge"] for row in s.result().breakdown] == [0, 0, 0, 0]
    assert "doge" not in [e.kind for e in s.events] and s.events[-1].kind == "end_no_doge"
