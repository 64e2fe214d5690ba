"""Doge's drawn board (drawing.py, the presenter's `svg`, `targets` and `marks`): the numbers drawn on
each board thing equal the seat's view, every kind of action names the board things a player clicks,
events mark what they touched, and a drawing holds only what its seat may see."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from meeple.engine import State
from meeple.games.doge import GAME
from meeple.games.doge.data import NUM_AREAS, NUM_DISTRICTS, SPACE_COSTS
from meeple.games.doge.drawing import doge
from meeple.games.doge.present import PRESENTER

from .helpers import CASTELLO, QUARANTIA, SAN_MARCO, SAN_POLO, election, position

presenter = PRESENTER(GAME)


def drawn(state: State, seat: int | None) -> dict[str, dict[str, str]]:
    """The seat's drawing as {thing: its data-* attributes}."""
    svg = presenter.svg(state.view(seat), seat, state.options)
    root = ET.fromstring(svg)
    return {
        g.get("data-thing"): {k[5:]: v for k, v in g.attrib.items() if k.startswith("data-") and k != "data-thing"}
        for g in root.iter()
        if g.get("data-thing")
    }


def pairs(counts: list[int]) -> dict[int, int]:
    return {p: k for p, k in enumerate(counts) if k}


def read_pairs(text: str) -> dict[int, int]:
    return {int(p): int(k) for p, k in (item.split(":") for item in text.split())}


def values(text: str) -> list[int]:
    return sorted((int(v) for v in text.split("+") if v), reverse=True)


def check_against_view(state: State, seat: int | None) -> None:
    view = state.view(seat)
    things = drawn(state, seat)
    n = state.num_players
    for area in range(NUM_AREAS):
        t = things[f"area:{area}"]
        assert read_pairs(t["ballots"]) == pairs([row[area] for row in view["ballot_counts"]])
        here = [sum(1 for o, x in view["advisors"] if o == p and x == area) for p in range(n)]
        assert read_pairs(t["advisors"]) == pairs(here)
        if area < NUM_DISTRICTS:
            assert read_pairs(t["houses"]) == pairs([row[area] for row in view["houses"]])
            assert [int(o) for o in t["palaces"].split()] == view["palaces"][area]
            for i in range(len(SPACE_COSTS)):
                owner = view["palaces"][area][i] if i < len(view["palaces"][area]) else -1
                assert int(things[f"palace:{area}:{i}"]["owner"]) == owner
        if view["phase"] == "elections" and view["election"] == area and view["votes"]:
            assert read_pairs(t["votes"]) == pairs(view["votes"])
        if seat is None:
            assert "mine" not in t
        else:
            assert values(t["mine"]) == sorted(view["my_ballots"][area], reverse=True)
    for a, (owner, where) in enumerate(view["advisors"]):
        assert (int(things[f"advisor:{a}"]["owner"]), int(things[f"advisor:{a}"]["area"])) == (owner, where)
        assert f"home:{a}" in things
    for p in range(n):
        t = things[f"player:{p}"]
        assert int(t["houses"]) == view["house_supply"][p]
        assert int(t["palaces"]) == view["palace_supply"][p]
        assert int(t["rings"]) == view["rings_free"][p]
        assert int(t["hand"]) == view["hand_counts"][p]
        assert values(t["revealed"]) == sorted(view["revealed"][p], reverse=True)
        assert [int(x) for x in t["used"].split()] == view["used"][p]
    cards = sorted(k for k in things if k.startswith("card:"))
    markers = sorted(int(things[k]["value"]) for k in things if k.startswith("marker:"))
    if seat is None:
        assert cards == [] and markers == []
    else:
        assert cards == [f"card:{a}" for a in range(NUM_AREAS)]
        for a in range(NUM_AREAS):
            assert int(things[f"card:{a}"]["used"]) == (a in view["used"][seat])
        assert markers == sorted(view["my_hand"])


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2)])
def test_the_numbers_drawn_equal_the_view_at_every_seat(players: int, seed: int) -> None:
    state = GAME.new_state(players, seed)
    rng = random.Random(seed)
    for step in range(400):
        if state.is_terminal():
            break
        if step % 7 == 0:
            for seat in [None, *range(players)]:
                check_against_view(state, seat)
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    check_against_view(state, 0)


def test_a_seeded_position_draws_its_houses_palaces_advisors_and_votes() -> None:
    state = election(
        SAN_MARCO,
        ballots={0: [3, 2], 1: [1]},
        houses=[{"San Marco": 2, "Castello": 1}, {"San Marco": 4}, {}],
        palaces={"San Marco": ["Blue"], "Castello": ["Red", "Green"]},
        advisors=[[-1, -1], [2, SAN_MARCO], [-1, -1], [-1, -1], [-1, -1], [-1, -1], [0, CASTELLO],
                  [-1, -1], [-1, -1]],
    )
    things = drawn(state, 2)
    sm = things[f"area:{SAN_MARCO}"]
    assert read_pairs(sm["houses"]) == {0: 2, 1: 4}
    assert sm["palaces"] == "1"
    assert read_pairs(sm["advisors"]) == {2: 1}
    assert read_pairs(sm["votes"]) == {0: 5, 1: 1, 2: 1}  # markers 3+2, 1, and Green's advisor there
    assert sm["vote"] == "now"
    assert things[f"area:{CASTELLO}"]["palaces"] == "0 2"
    assert things[f"palace:{CASTELLO}:1"]["owner"] == "2" and things[f"palace:{CASTELLO}:2"]["owner"] == "-1"
    assert things["advisor:6"] == {"owner": "0", "area": str(CASTELLO)}


def choices(state: State, seat: int) -> dict[tuple[Any, ...], tuple[str, ...]]:
    view = state.view(seat)
    return {tuple(c.action): c.targets for c in presenter.choices(state, seat, view, state.legal_actions(seat))}


def assert_drawn(state: State, seat: int, targets: dict[tuple[Any, ...], tuple[str, ...]]) -> None:
    things = drawn(state, seat)
    for path in targets.values():
        assert set(path) <= set(things)


def test_an_area_card_is_clicked_then_the_markers_highest_first() -> None:
    state = position(3)
    cards = choices(state, 0)
    assert cards == {("card", a): (f"card:{a}",) for a in range(NUM_AREAS)}
    state.apply(0, ("card", SAN_POLO))
    markers = choices(state, 0)
    assert markers[("markers", 1, 0, 1, 1)] == ("marker:3:0", "marker:2:0", "marker:0:0")
    assert markers[("markers", 0, 2, 0, 2)] == ("marker:3:0", "marker:3:1", "marker:1:0", "marker:1:1")
    assert markers[("markers", 1, 0, 0, 0)] == ("marker:0:0",)
    assert len(set(markers.values())) == len(markers)  # each choice of markers its own path
    assert_drawn(state, 0, markers)
    assert drawn(state, 0)[f"card:{SAN_POLO}"]["chosen"] == "1"


def test_an_advisor_is_clicked_then_where_it_stands_or_its_home_to_abstain() -> None:
    state = election(SAN_MARCO, ballots={0: [3, 2], 1: [1]}, houses=[{"Castello": 2}, {}, {}])
    acts = choices(state, 0)
    assert acts[("stand", SAN_MARCO, CASTELLO)] == (f"advisor:{SAN_MARCO}", f"area:{CASTELLO}")
    assert acts[("stand", SAN_MARCO, QUARANTIA)] == (f"advisor:{SAN_MARCO}", f"area:{QUARANTIA}")
    assert acts[("abstain", SAN_MARCO)] == (f"advisor:{SAN_MARCO}", f"home:{SAN_MARCO}")
    assert_drawn(state, 0, acts)
    state.apply(0, ("abstain", SAN_MARCO))  # then a house moves into or out of San Marco
    moves = choices(state, 0)
    assert moves[("move", CASTELLO, SAN_MARCO)] == (f"area:{CASTELLO}", f"area:{SAN_MARCO}")
    assert moves[("pass",)] == ()
    assert_drawn(state, 0, moves)


def test_houses_are_placed_by_clicking_the_district_and_a_palace_on_its_space() -> None:
    state = election(SAN_MARCO, ballots={0: [3, 2], 1: [1]}, houses=[{"San Marco": 2}, {}, {}])
    state.apply(0, ("stand", SAN_MARCO, CASTELLO))
    place = choices(state, 0)  # the winner places alone, a house at a time
    assert place == {("place", 1): (f"area:{SAN_MARCO}",), ("place", 0): ()}
    state.apply(0, ("place", 1))  # 3 houses: a palace for 3
    build = choices(state, 0)
    assert build == {("build",): (f"palace:{SAN_MARCO}:0",), ("pass",): ()}
    assert_drawn(state, 0, build)
    state.events.clear()
    state.apply(0, ("build",))
    marks = {e.kind: presenter.marks(state.view(0), e) for e in state.events}
    assert marks["palace"] == (f"area:{SAN_MARCO}",)


def test_tied_players_click_the_district_once_per_house() -> None:
    state = election(SAN_MARCO, ballots={0: [3], 1: [2, 1]})
    acts = choices(state, 0)
    assert acts == {
        ("place", 2): (f"area:{SAN_MARCO}", f"area:{SAN_MARCO}"),
        ("place", 1): (f"area:{SAN_MARCO}",),
        ("place", 0): (),
    }


def test_events_mark_the_areas_advisors_and_houses_they_touched() -> None:
    state = election(SAN_MARCO, ballots={0: [3, 2], 1: [1]}, houses=[{"Castello": 2}, {}, {}])
    state.events.clear()
    state.apply(0, ("stand", SAN_MARCO, CASTELLO))
    view = state.view(0)
    assert [presenter.marks(view, e) for e in state.events if e.kind == "advisor"] == [
        (f"advisor:{SAN_MARCO}", f"area:{CASTELLO}")
    ]
    state.events.clear()
    state.apply(0, ("place", 1))
    assert {e.kind: presenter.marks(state.view(0), e) for e in state.events}["place"] == (f"area:{SAN_MARCO}",)
    other = election(SAN_MARCO, ballots={0: [3, 2], 1: [1]}, houses=[{"Castello": 2}, {}, {}])
    other.apply(0, ("abstain", SAN_MARCO))
    other.events.clear()
    other.apply(0, ("move", CASTELLO, SAN_MARCO))
    assert {e.kind: presenter.marks(other.view(0), e) for e in other.events}["move"] == (
        f"area:{CASTELLO}",
        f"area:{SAN_MARCO}",
    )
    # the election itself and its winner mark the area voting
    fresh = election(SAN_POLO, ballots={1: [2]})
    assert {e.kind: presenter.marks(fresh.view(None), e) for e in fresh.events} == {
        "election": (f"area:{SAN_POLO}",),
        "winner": (f"area:{SAN_POLO}",),
    }


def svgs(state: State) -> dict[int | None, str]:
    return {seat: presenter.svg(state.view(seat), seat, state.options) for seat in [None, 0, 1, 2]}


def test_a_drawing_holds_only_what_its_seat_may_see() -> None:
    """Two positions that differ only in Red's face-down marker values and secret choice, and in the
    face-down voting-order cards: every other seat and a spectator see the same drawing; Red sees its own."""
    base: dict[str, Any] = {"round": 1, "used": [[SAN_MARCO], [CASTELLO], []]}
    one = position(3, ballots=[{"San Marco": [3, 2]}, {"Castello": [1]}, {}],
                   pending=[{"card": SAN_POLO, "markers": [1]}, None, None],
                   next_order=[0, 1, 2, 3, 4, 5, 6], **base)
    two = position(3, ballots=[{"San Marco": [0, 1]}, {"Castello": [1]}, {}],
                   pending=[{"card": QUARANTIA, "markers": [2]}, None, None],
                   next_order=[6, 5, 4, 3, 2, 1, 0], **base)
    a, b = svgs(one), svgs(two)
    assert a[None] == b[None] and a[1] == b[1] and a[2] == b[2]
    assert a[0] != b[0]
    red = drawn(one, 0)
    assert red[f"area:{SAN_MARCO}"]["mine"] == "3+2" and red[f"card:{SAN_POLO}"]["chosen"] == "1"
    blue = drawn(one, 1)
    assert blue[f"area:{SAN_MARCO}"]["mine"] == "" and read_pairs(blue[f"area:{SAN_MARCO}"]["ballots"]) == {0: 2}
    assert not any(k.startswith("card:") or k.startswith("marker:") for k in drawn(one, None))


@pytest.mark.parametrize("seed", range(4))
def test_the_end_names_the_doge_on_the_board(seed: int) -> None:
    state = GAME.new_state(3, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    doges = [p for p, b in enumerate(state.result().breakdown) if b["doge"]]
    assert doge(state.view(None)) == doges
    svg = presenter.svg(state.view(None), None, state.options)
    names = " and ".join(GAME.seat_names[p] for p in doges)
    assert f"the game is over · {names} {'is Doge' if len(doges) == 1 else 'share the win'}" in svg
