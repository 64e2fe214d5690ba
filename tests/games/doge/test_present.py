"""Doge's presentation: the text board (snapshots), the labels carry what decides a move, the board
is drawn from the seat's view alone, and a whole game through `meeple play` never shows another
seat's hidden markers, secret card or the face-down voting-order cards.

Regenerate the snapshots with MEEPLE_UPDATE_SNAPSHOTS=1 (and read the diff before committing)."""

from __future__ import annotations

import io
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from meeple.engine import State
from meeple.games.doge import GAME, DogeState
from meeple.games.doge.data import AREA_NAMES
from meeple.games.doge.present import PRESENTER
from meeple.table.presenter import presenter_for
from tests.cli.secrets import play_and_check

from .helpers import CASTELLO, SAN_MARCO, election, position

SNAPSHOTS = Path(__file__).parent / "snapshots"
presenter = PRESENTER(GAME)
NEUTRAL = [-1, -1]


def render(*renderables: Any) -> str:
    console = Console(width=110, record=True, file=io.StringIO())
    for r in renderables:
        console.print(r)
    return console.export_text()


def board_text(state: State, seat: int | None) -> str:
    view = state.view(seat)
    return render(presenter.board(view, seat, state.options))


def labels(state: State, seat: int) -> dict[str, str]:
    """Each legal action's label, keyed by the action's own text."""
    view = state.view(seat)
    return {
        state.action_text(c.action): c.label
        for c in presenter.choices(state, seat, view, state.legal_actions(seat))
    }


def random_game(players: int, seed: int, moves: int) -> State:
    state = GAME.new_state(players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def check_snapshot(name: str, text: str) -> None:
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("MEEPLE_UPDATE_SNAPSHOTS"):
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no snapshot {path.name}: run with MEEPLE_UPDATE_SNAPSHOTS=1"
    assert text == path.read_text(encoding="utf-8"), f"the board differs from {path.name}"


def ballot_position(**fields: Any) -> DogeState:
    """Round 2 of year 1: Red has 3+2 on Santa Croce, Blue 3+3 and Green 1 on Castello; Blue has
    chosen this round (Cannaregio, 2+0), Red and Green not yet; a palace and three advisors out."""
    doc: dict[str, Any] = {
        "round": 1,
        "ballots": {"Red": {"Santa Croce": [3, 2]}, "Blue": {"Castello": [3, 3]}, "Green": {"Castello": [1]}},
        "pending": {"Blue": {"card": "Cannaregio", "markers": [2, 0]}},
        "houses": {"Red": {"San Polo": 2, "Castello": 1}, "Blue": {"Castello": 3}},
        "palaces": {"Castello": ["Blue"]},
        # the San Polo advisor is Red's (in Castello), the Cannaregio one Green's, Quarantia 1 Blue's
        "advisors": [["Green", "San Polo"], NEUTRAL, NEUTRAL, NEUTRAL, ["Red", "Castello"], NEUTRAL]
        + [["Blue", "Castello"], NEUTRAL, NEUTRAL],
    }
    doc.update(fields)
    return position(3, **doc)


def castello_election() -> DogeState:
    """Castello votes first: Red 3+2 beats Blue 2; the Castello advisor is Blue's, in San Polo."""
    return election(
        CASTELLO,
        ballots={0: [3, 2], 1: [2]},
        houses={"Red": {"Castello": 3, "San Marco": 2}},
        advisors=[NEUTRAL, ["Blue", "San Polo"]] + [NEUTRAL] * 7,
        palaces={"Castello": ["Green"]},
    )


# ----- the board ---------------------------------------------------------------------------------


def test_board_in_the_ballot_phase_snapshot() -> None:
    state = ballot_position()
    check_snapshot("ballots_red", board_text(state, 0))


def test_board_during_a_tied_election_snapshot() -> None:
    # San Marco: Red 3, Blue 2+1 tie for first; Green is third with 1
    state = election(SAN_MARCO, ballots={0: [3], 1: [2, 1], 2: [1]}, houses={"Red": {"San Marco": 2}})
    check_snapshot("san_marco_tie_red", board_text(state, 0))


def test_board_of_a_random_four_player_game_and_the_race_snapshot() -> None:
    state = random_game(4, 3, 300)
    view = state.view(1)
    text = render(presenter.board(view, 1, state.options), presenter.scores(view, 1, state.options))
    check_snapshot("random_4p_blue", text)


def test_the_spectators_board_snapshot() -> None:
    state = random_game(3, 5, 152)
    text = board_text(state, None)
    assert "(you)" not in text and "You (" not in text
    check_snapshot("random_3p_spectator", text)


def test_the_board_names_everything_and_cuts_nothing() -> None:
    text = board_text(ballot_position(), 0)
    for area in AREA_NAMES:
        assert area in text
    assert "…" not in text and not re.search(r"\+\d+ more|\.\.\. \+\d", text)
    assert "Red 3+2" in text and "Blue ??, Green ?" in text  # own values, others' counts
    assert "Red (you)" in text and "has chosen" in text


def test_hand_shows_the_seats_markers_and_unplayed_cards() -> None:
    state = ballot_position(pending={"Red": {"card": "San Polo", "markers": None}})
    text = render(presenter.hand(state.view(0), 0, state.options))
    assert "markers in hand 5 (3+2+1+1+0); face down: Santa Croce 3+2" in text
    assert (
        "Area cards still to play this year: Cannaregio, Castello, Dorsoduro, San Marco, San Polo, Quarantia"
        in text
    )
    assert "This round: the San Polo card, markers not chosen yet" in text


def test_the_table_finds_the_doge_presenter() -> None:
    assert isinstance(presenter_for(GAME), PRESENTER)


# ----- from the view alone -----------------------------------------------------------------------


def test_the_board_depends_only_on_what_the_seat_may_see() -> None:
    """Blue's face-down values, Blue's secret choice and next year's face-down cards differ; Red's
    board is the same, Blue's own is not."""
    one = ballot_position(next_order=[0, 1, 2, 3, 4, 5, 6])
    other = ballot_position(
        ballots={"Red": {"Santa Croce": [3, 2]}, "Blue": {"Castello": [1, 0]}, "Green": {"Castello": [1]}},
        pending={"Blue": {"card": "Quarantia", "markers": [3]}},
        next_order=[6, 5, 4, 3, 2, 1, 0],
    )
    assert one.view(1) != other.view(1)
    assert board_text(one, 0) == board_text(other, 0)
    assert board_text(one, 2) == board_text(other, 2)
    assert board_text(one, None) == board_text(other, None)
    assert board_text(one, 1) != board_text(other, 1)
    assert "Blue 3+3" in board_text(one, 1) and "Blue 1+0" in board_text(other, 1)


# ----- labels and groups -------------------------------------------------------------------------


def test_card_labels_say_when_the_area_votes_and_what_lies_there() -> None:
    got = labels(ballot_position(), 0)
    assert got["play the Castello card"] == (
        "play the Castello card (votes 2nd; markers: Blue ??, Green ?; advisors: you +1, Blue +1;"
        " your houses: 1 of 4 for a palace)"
    )
    assert got["play the Quarantia card"] == (
        "play the Quarantia card (votes 7th; the winner takes 2 of its 3 advisors)"
    )
    assert "play the Santa Croce card" not in got  # used this year


def test_marker_labels_add_up_the_votes_and_say_what_is_kept() -> None:
    state = ballot_position(pending={"Red": {"card": "Castello", "markers": None}})
    got = labels(state, 0)
    assert (
        got["put 2 markers (3+2)"] == "put 3+2 on Castello: 5 votes, 6 with your advisors there; keep 1+1+0"
    )
    assert (
        got["put 4 markers (3+1+1+0)"]
        == "put 3+1+1+0 on Castello: 5 votes, 6 with your advisors there; keep 2"
    )
    last = position(3, round=3, ballots={"Red": {"Santa Croce": [3, 2], "Castello": [1], "San Polo": [2]}})
    last.apply(0, ("card", 0))
    assert labels(last, 0)["put 1 marker (3)"] == "put 3 on Cannaregio: 3 votes; left unused this year: 1+0"


def test_markers_are_grouped_by_count_the_most_votes_first() -> None:
    state = ballot_position(pending={"Red": {"card": "Castello", "markers": None}})
    view = state.view(0)
    choices = presenter.choices(state, 0, view, state.legal_actions(0))
    groups = list(dict.fromkeys(c.group for c in choices))
    assert groups == ["put 1 marker", "put 2 markers", "put 3 markers", "put 4 markers"]
    assert [c.label.split(":")[0] for c in choices[:4]] == [f"put {v} on Castello" for v in (3, 2, 1, 0)]


def test_advisor_labels_name_the_holder_and_when_the_area_votes() -> None:
    got = labels(castello_election(), 0)
    assert got["take the Castello advisor and stand it in San Polo"] == (
        "take the Castello advisor from Blue and stand it in San Polo (votes 5th; advisors: Blue +1)"
    )
    assert got["take the Castello advisor and stand it in Cannaregio"].endswith("in Cannaregio (votes next)")
    assert got["abstain from the Castello advisor"] == (
        "abstain: the Castello advisor becomes neutral (Blue's ring goes back); then move a house into or out of Castello"
    )


def test_move_place_and_build_labels_count_the_houses_and_the_palace_cost() -> None:
    state = castello_election()
    state.apply(0, ("abstain", CASTELLO))
    got = labels(state, 0)
    assert got["move a house from San Marco to Castello"] == (
        "move a house from San Marco (2→1) to Castello (3→4, enough for a palace (costs 4))"
    )
    assert got["move a house from Castello to Dorsoduro"] == (
        "move a house from Castello (3→2) to Dorsoduro (0→1, next palace costs 3)"
    )
    assert got["move no house"] == "move no house"
    state.apply(0, ("pass",))
    assert labels(state, 0) == {
        "place 1 house": "place a house in Castello (yours there 3→4, supply 10→9; enough for a palace (costs 4))",
        "place no more houses": "place no more houses in Castello (2 left to place)",
    }
    state.apply(0, ("place", 1))
    assert labels(state, 0) == {
        "build a palace": (
            "build a palace in Castello on the 4 space for 4 houses"
            " (no house stays there; your palaces: 0 in 0 districts → 1 in 1)"
        ),
        "build no palace": "build no palace (keep your 4 houses in Castello)",
    }


def test_tied_placements_say_the_palace_waits_for_the_tie() -> None:
    state = election(SAN_MARCO, ballots={0: [3], 1: [2, 1], 2: [1]}, houses={"Red": {"San Marco": 2}})
    assert labels(state, 0) == {
        "place 2 houses": (
            "place 2 houses in San Marco (yours there 2→4, supply 13→11; enough for a palace (costs 3), checked"
            " after the tie)"
        ),
        "place 1 house": (
            "place 1 house in San Marco (yours there 2→3, supply 13→12; enough for a palace (costs 3), checked"
            " after the tie)"
        ),
        "place 0 houses": "place no house in San Marco",
    }


# ----- secrecy through `meeple play` -------------------------------------------------------------


def values(stack: list[int]) -> str:
    return re.escape("+".join(str(v) for v in sorted(stack, reverse=True)))


def stack_facts(name: str, area: str, stack: list[int], mine: list[int]) -> list[str]:
    """How another seat's face-down stack would be spelt: the board's "Blue 3+2" (only with 2 or more
    markers: "Blue 3" is also how houses are counted), a label or action text naming its values, and
    the owner's own "Your markers on ..." event (unless the person's own stack there reads the same)."""
    v = values(stack)
    out = [rf"\b{name}\b[^\n]*\b(markers? \(|put ){v}(?![\d+])"]
    if len(stack) > 1:
        out.append(rf"\b{name} {v}(?![\d+])")
    if sorted(stack) != sorted(mine):
        out.append(rf"Your markers on {area}: {v}(?![\d+])")
    return out


def hidden_facts(state: State, person: int) -> list[str]:
    doc = state.to_json()
    out = []
    for q in range(state.num_players):
        if q == person:
            continue
        name = state.player_name(q)
        for x, stack in enumerate(doc["ballots"][q]):
            if stack:
                out += stack_facts(name, AREA_NAMES[x], stack, doc["ballots"][person][x])
        pending = doc["pending"][q]
        if pending:
            out.append(rf"\b{name}\b[^\n]*\b{AREA_NAMES[pending['card']]} card")
            if pending["markers"]:
                out += stack_facts(name, AREA_NAMES[pending["card"]], pending["markers"], [-1])
    done = doc["elections_done"]
    if done < len(AREA_NAMES) and doc["phase"] != "over":
        shown = [AREA_NAMES[x] for x in doc["next_order"][: done + 1]]
        out.append(rf"Next year's order: {re.escape(', '.join(shown))}")
        out.append(rf"card is turned up: {shown[-1]}")
    return out


def test_other_seats_markers_cards_and_the_face_down_order_stay_secret(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text, checked = play_and_check(monkeypatch, "doge", 3, hidden_facts, seed=3)
    assert checked > 1000
    assert "Ballots face down" in text and re.search(r"becomes Doge|share the win|without a Doge", text)


def test_the_facts_match_what_they_guard_against() -> None:
    """The secrecy test's patterns find a leak where one would be printed (so they can fail)."""
    facts = stack_facts("Blue", "Castello", [3, 2], [])
    assert re.search(facts[0], "Blue (greedy): put 2 markers (3+2)")
    assert re.search(facts[0], "   a  Blue: put 3+2 on Castello: 5 votes")
    assert re.search(facts[1], "Castello   next 3   Red 1   Blue 3+2, Green ?")
    assert not re.search(facts[1], "Castello   next 3   Red 1   Blue 3+2+1, Green ?")
    assert re.search(facts[2], "Your markers on Castello: 3+2")
    assert not any(re.search(f, "Election in Castello: Red 5, Blue 3, Green 0") for f in facts)


def test_the_race_counts_the_palaces_still_needed_and_what_is_out_of_reach() -> None:
    # Red has built all 8 palaces in 3 districts: no end condition can be met any more
    state = position(
        3,
        palaces={
            "Cannaregio": ["Red", "Red", "Red"],
            "Castello": ["Red", "Red", "Red"],
            "Dorsoduro": ["Red", "Red"],
            "San Marco": ["Blue", "Green"],
        },
    )
    view = state.view(1)
    race = render(presenter.scores(view, 1, state.options))
    assert re.search(r"Red +8 in 3 districts +out of reach +out of reach +out of reach +0", race)
    assert re.search(r"Blue +1 in 1 district +5 +6 +7 +0", race)
    board = board_text(state, 1)
    assert re.search(r"Doge needs +out of reach +5 more \(6 in 6\) +5 more \(6 in 6\)", board)
