"""State documents: round trips, hand-written positions, and clear refusals of inconsistent ones."""

from __future__ import annotations

import json

import pytest

from meeple.engine import BadState, Rng
from meeple.games.doge import GAME

from .helpers import SAN_MARCO, position


def test_round_trip_through_a_game() -> None:
    s = GAME.new_state(4, seed=11)
    rng = Rng(3)
    for _ in range(400):
        if s.is_terminal():
            break
        p = s.to_move()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
        doc = json.loads(json.dumps(s.to_json()))
        again = GAME.state_from_json(doc)
        assert again == s and again.to_move() == s.to_move()


def test_used_cards_default_to_the_areas_holding_markers() -> None:
    s = position(3, ballots=[{"San Marco": [3], "Castello": [0]}, {}, {}], round=2)
    assert s.view(0)["used"] == [[1, SAN_MARCO], [], []]


def test_areas_by_name_or_index() -> None:
    a = position(3, houses=[{"San Marco": 2}, {}, {}], advisors=[[0, "Quarantia"]] + [[-1, None]] * 8)
    b = position(3, houses=[[0, 0, 0, 2, 0, 0], [0] * 6, [0] * 6], advisors=[[0, 6]] + [[-1, -1]] * 8)
    assert a == b and a.houses[SAN_MARCO] == 2


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"houses": [{"San Marco": 16}, {}, {}]}, "0..15"),
        ({"houses": [{"San Marco": 9, "Castello": 9}, {}, {}]}, "more than 15"),
        ({"houses": [{"Rialto": 1}, {}, {}]}, "unknown area 'Rialto'"),
        ({"palaces": {"San Marco": [0, 0, 0, 0, 0, 0]}}, "at most 5"),
        ({"advisors": [[0, "Cannaregio"]] + [[-1, -1]] * 8}, "home area"),
        (
            {"advisors": [[-1, -1]] * 6 + [[0, "Quarantia"]] + [[-1, -1]] * 2},
            "(home Quarantia) may not stand",
        ),
        (
            {"advisors": [[0, "Castello"]] + [[0, "Quarantia"]] * 5 + [[0, "Castello"]] + [[-1, -1]] * 2},
            "more than 6 advisors",
        ),
        ({"hand": [[3, 3], [], []]}, "3, 3, 2, 2, 1, 1, 0"),
        ({"ballots": [{"San Marco": [3]}, {}, {}], "used": [[], [], []]}, "has not used that card"),
        ({"order": [0, 1, 2, 3, 4, 5, 5]}, "each of the 7 areas once"),
        ({"phase": "lunch"}, "must be one of ballots, elections, over"),
        ({"round": 4}, "'round'"),
        ({"num_players": 5}, "3 to 4 players"),
    ],
)
def test_inconsistent_documents_are_refused_clearly(fields: dict, words: str) -> None:
    with pytest.raises(BadState) as info:
        position(3, **fields) if "num_players" not in fields else GAME.state_from_json(
            {"game": "doge", **fields}
        )
    assert words in str(info.value)


def test_naming_the_election_about_to_be_held_counts_it_on_load() -> None:
    """A hand-made document may name the election (with nothing decided yet): it is counted."""
    s = position(
        3,
        phase="elections",
        order=["Castello", 0, 2, 3, 4, 5, 6],
        election="Castello",
        ballots=[{"Castello": [3]}, {"Castello": [1]}, {}],
    )
    assert s.election == 1 and s.votes == [3, 1, 0] and s.to_move() == [0]
    assert s.tasks[0] == ("advisor", 0, 1, 0)


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        (
            {
                "phase": "elections",
                "order": ["Castello", 0, 2, 3, 4, 5, 6],
                "elections_done": 1,
                "ballots": [{"Castello": [3]}, {}, {}],
            },
            "whose election has already begun or ended",
        ),
        ({"phase": ["elections"]}, "state field 'phase' must be one of"),
        ({"phase": "elections", "tasks": 5}, "state field 'tasks' must be a list"),
        ({"phase": "elections", "revealed": [[3, 3, 3], [], []]}, "revealed markers must be among"),
        ({"revealed": [[3], [], []]}, "no marker is revealed during the ballot phase"),
        (
            {
                "ballots": [{"San Marco": [3, 3, 2, 2], "Cannaregio": [1, 1, 0]}, {}, {}],
                "round": 2,
                "pending": [{"card": "Castello"}, None, None],
            },
            "no ballot marker in hand and so sits the round out",
        ),
        (
            {"ballots": [{"San Marco": [3, 3, 2, 2, 1]}, {}, {}], "round": 1},
            "player 0 has 5 ballot markers on San Marco: they come from one card, which takes 1 to 4",
        ),
        (
            {"pending": [{"card": "Castello", "markers": [3, 3, 2, 2, 1]}, None, None]},
            "player 0's pending choice must put 1 to 4 markers on the card",
        ),
    ],
)
def test_more_inconsistent_documents_are_refused_clearly(fields: dict, words: str) -> None:
    with pytest.raises(BadState) as info:
        position(3, **fields)
    assert words in str(info.value)


def test_players_by_seat_name_and_per_player_objects() -> None:
    a = position(
        3,
        houses={"Red": {"San Marco": 4}, "Green": {"Castello": 1}},
        palaces={"San Marco": ["Blue", "red"]},
        advisors=[["Green", "Castello"]] + [[-1, None]] * 8,
        ballots={"Blue": {"Quarantia": [3]}},
    )
    b = position(
        3,
        houses=[[0, 0, 0, 4, 0, 0], [0] * 6, [0, 1, 0, 0, 0, 0]],
        palaces=[[], [], [], [1, 0], [], []],
        advisors=[[2, 1]] + [[-1, -1]] * 8,
        ballots=[{}, {"Quarantia": [3]}, {}],
    )
    assert a == b and a.view(1)["my_ballots"][6] == [3]
    with pytest.raises(BadState) as info:
        position(3, houses={"Yellow": {"San Marco": 1}})
    assert "one of Red, Blue, Green" in str(info.value)


def test_a_place_task_is_tied_when_a_later_check_names_the_player() -> None:
    """Schema: a player named in a later "check" of the district is tied (places k at once, checked
    with the others); without one he places alone, one house at a time, each checked at once."""
    common = {
        "phase": "elections",
        "order": ["Castello", 0, 2, 3, 4, 5, 6],
        "election": "Castello",
        "votes": [3, 3, 0],
        "houses": [{"Castello": 2}, {}, {}],
    }
    alone = position(
        3, tasks=[{"kind": "place", "player": "Red", "district": "Castello", "count": 2}], **common
    )
    assert alone.legal_actions(0) == [("place", 1), ("place", 0)]
    alone.apply(0, ("place", 1))
    assert alone.tasks[:2] == [("build", 0, 1, 3), ("place", 0, 1, 1)]
    tied = position(
        3,
        tasks=[
            {"kind": "place", "player": "Red", "district": "Castello", "count": 2},
            {"kind": "place", "player": "Blue", "district": "Castello", "count": 2},
            {"kind": "check", "district": "Castello", "players": ["Red", "Blue"]},
        ],
        **common,
    )
    assert tied.legal_actions(0) == [("place", 2), ("place", 1), ("place", 0)]
    tied.apply(0, ("place", 2))
    assert tied.to_move() == [1] and tied.houses[1] == 4
