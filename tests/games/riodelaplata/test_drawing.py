"""Río de la Plata drawn (no browser): at seeded positions the numbers on the drawn board's things (their
`data-*`) are the view's, every kind of action names the board things meant (a city space, a grid
space, a track, a wall, a war group and where it goes...), events mark what they touched, and each
seat's drawing holds only what its view holds."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from typing import Any

from meeple.games.riodelaplata import GAME, RioState
from meeple.games.riodelaplata.board import OUTSIDE, PERIMETER, ROAD_ENDS
from meeple.games.riodelaplata.present import PRESENTER, house_points
from meeple.table import HUMAN, Table

from .helpers import BLUE, GREEN, OUT, RED, A, cell, players, position, war_position

PRESENT = PRESENTER(GAME)
NS = "{http://www.w3.org/2000/svg}"


def things(state: RioState, seat: int | None) -> dict[str, dict[str, str]]:
    """The drawn board's things, by name: their data-* attributes (without the prefix)."""
    root = ET.fromstring(PRESENT.svg(state.view(seat), seat, state.options))
    out = {}
    for g in root.iter():
        name = g.get("data-thing")
        if name:
            assert name not in out, f"{name} drawn twice"
            out[name] = {k[5:]: v for k, v in g.attrib.items() if k.startswith("data-") and k != "data-thing"}
    return out


def targets(state: RioState, seat: int) -> dict[tuple, tuple[str, ...]]:
    view = state.view(seat)
    return {a: PRESENT.targets(view, a) for a in state.legal_actions(seat)}


def played(n: int, seed: int, steps: int) -> RioState:
    s = GAME.new_state(n, seed, {})
    rng = random.Random(seed)
    for _ in range(steps):
        p = s.to_move()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    assert isinstance(s, RioState)
    return s


# ----- what the board shows is the view ---------------------------------------------------------


def test_the_city_spaces_carry_the_views_buildings_workers_and_activations() -> None:
    s = played(4, 4, 700)  # a random game where Houses score (seed 3 had none once trades changed random play)
    view = s.view(1)
    drawn = things(s, 1)
    assert view["buildings"] and view["workers"] or view["activations"]
    for x, kind, owner in view["buildings"]:
        assert (drawn[f"cell:{x}"]["building"], drawn[f"cell:{x}"]["owner"]) == (str(kind), str(owner))
    for x, owner, n in view["workers"]:
        assert drawn[f"cell:{x}"]["workers"] == f"{owner}:{n}"
    for x, p in view["activations"]:
        assert str(p) in drawn[f"cell:{x}"]["active"].split()
    built = {x for x, _, _ in view["buildings"]}
    spaces = [t for t in drawn if t.startswith("cell:")]
    assert len(spaces) == 160
    assert sum(1 for t in spaces if drawn[t]["building"] != "0") == len(built)
    assert drawn["cell:0"]["district"] == "0" and drawn[f"cell:{cell(4, 7)}"]["district"] == "-1"  # the Plaza
    houses = house_points(view)
    assert [drawn[f"player:{p}"]["houses"] for p in range(4)] == [str(h) for h in houses] and any(houses)


def test_players_offices_grids_tracks_and_the_ship_carry_the_views_numbers() -> None:
    offices = {"owner": [-1] * 8 + [GREEN] + [-1] * 3, "turn": [-1] * 8 + [0] + [-1] * 3, "bid": [BLUE] + [-1] * 11}
    s = position(3, turn=5, players=players(3, p0={"silver": 7, "vp": 12, "precious": 2}, p2={"wood": 5, "bid": 0}),
                 offices=offices, grids=[[RED, -1, -1, -1, -1, -1], [-1] * 6, [GREEN, BLUE, -1, -1], [-1] * 3,
                                         [-1] * 4, [-1] * 4],
                 completed=[0, 0, 0, 2, 1, 0], mine=[[RED, GREEN, -1, -1], [-1] * 4], enemies=[5, 3],
                 ship={"cargo": [[2, 1, 0], [0, 0, 0], [0, 0, 3]], "away": 0, "depart": 0, "shipments": 1},
                 walls=[0, 1, 22, 23, 24, 25, 36, 37, 46, 47], roads=[0, 1])
    view = s.view(RED)
    drawn = things(s, RED)
    for p, me in enumerate(view["players"]):
        for key in ("vp", "silver", "wood", "stone", "precious", "free", "placed"):
            assert drawn[f"player:{p}"][key] == str(me[key]), (p, key)
        assert drawn[f"player:{p}"]["houses"] == str(house_points(view)[p])
    for k in range(12):
        assert drawn[f"office:{k}"]["owner"] == str(view["offices"]["owner"][k])
        assert drawn[f"office:{k}"]["bid"] == str(view["offices"]["bid"][k])
    for b, grid in enumerate(view["grids"]):
        assert drawn[f"major:{b}"]["grid"] == " ".join(map(str, grid))
        assert drawn[f"major:{b}"]["completed"] == str(view["completed"][b])
        assert [drawn[f"major:{b}:{i}"]["owner"] for i in range(len(grid))] == [str(o) for o in grid]
    assert drawn["mine:0"]["track"] == "0 1 -1 -1" and drawn["mine:1"]["track"] == "-1 -1 -1 -1"
    assert drawn["ship"] == {"cargo": "0:2/1/0 2:0/0/3", "load": "6", "away": "0", "harbour": "1", "shipments": "1"}
    assert drawn["enemies"] == {"natives": "5", "pirates": "3"} and drawn["time"]["turn"] == "5"
    walls = {int(t[5:]) for t, d in drawn.items() if t.startswith("wall:") and d["built"] == "1"}
    assert walls == set(view["walls"]) == {int(t[5:]) for t in drawn if t.startswith("wall:")}  # only the built
    assert {int(t[5:]) for t, d in drawn.items() if t.startswith("road:") and d["built"] == "1"} == {0, 1}


def test_a_war_draws_each_group_bottom_to_top_the_crowds_outside_and_the_off_limits_spaces() -> None:
    x, y = cell(2, 3), cell(3, 3)
    s = war_position(3, [[x, [GREEN, GREEN]], [y, [A, A, A]], [OUT + 5, [A] * 4]], attacker=RED,
                     war={"offlimits": [cell(7, 3)]})
    drawn = things(s, GREEN)
    assert drawn[f"cell:{x}"]["group"] == f"{GREEN} {GREEN}" and drawn[f"cell:{y}"]["group"] == "-1 -1 -1"
    assert drawn["outside:5"]["attackers"] == "4"
    assert {t for t in drawn if t.startswith("outside:")} == {f"outside:{c}" for c in PERIMETER}
    assert drawn[f"cell:{cell(7, 3)}"]["offlimits"] == "1" and "offlimits" not in drawn[f"cell:{x}"]
    calm = things(position(3), RED)
    assert not any(t.startswith("outside:") for t in calm)  # no war, nobody outside


# ----- what each action names on the board ------------------------------------------------------


def test_placement_names_the_zone_then_the_space_the_grid_then_its_space_and_the_areas() -> None:
    s = position(3, players=players(3, p0={"silver": 3}))
    t = targets(s, RED)
    assert t[("zone", 0)] == ("zone:0",) and t[("zone", 1)] == ("zone:1",)
    assert t[("mine", 0)] == ("mine:0",) and t[("mine", 1)] == ("mine:1",)
    assert t[("work", 0)] == ("area:field",) and t[("work", 1)] == ("area:artisan",)
    assert t[("work", 3)] == ("area:order",)
    assert t[("money",)] == () and t[("done",)] == ()
    city = position(3, pick=["zone", 0])
    tc = targets(city, RED)
    assert tc and all(tg == (f"cell:{a[1]}",) for a, tg in tc.items() if a[0] == "city")
    grid = position(3, pick=["major", 3], players=players(3, p0={"wood": 1, "stone": 1}))
    tg = targets(grid, RED)
    # the Walls grid: pay wood or stone, both on the same space (the list then asks which)
    assert tg[("space", 0, 0)] == tg[("space", 0, 1)] == ("major:3:0",)
    areas = position(3, pick=["work", 0])
    assert set(targets(areas, RED).values()) == {("area:field",)}


def test_offices_players_and_the_tile_are_named_on_the_board() -> None:
    bid = position(3, pick=["bid"])
    assert {a: tg for a, tg in targets(bid, RED).items()} == {("office", k): (f"office:{k}",) for k in range(12)}
    offer = position(3, pick=["money"])
    t = targets(offer, RED)
    assert t[("bid",)] == ("offices",) and t.get(("offer", 1)) == ("player:1",) and t[("buy",)] == ()
    tile = position(2, tile=[12, RED, 1])
    assert all(tg == (f"cell:{a[1]}",) for a, tg in targets(tile, RED).items())
    walls = position(3, tile=[-3, RED, 3])
    tw = targets(walls, RED)
    assert tw and all(tg == (f"wall:{a[1]}",) for a, tg in tw.items())
    assert len([t for t in things(walls, RED) if t.startswith("wall:")]) == 52  # the open edges too, to click
    roads = position(3, tile=[-5, RED, 3])
    tr = targets(roads, RED)
    assert tr and all(tg == (f"road:{a[1]}",) for a, tg in tr.items())
    drawn = things(roads, RED)  # every road that may be placed is there to click
    assert all(tg[0] in drawn for tg in tr.values()) and len([t for t in drawn if t.startswith("road:")]) == len(ROAD_ENDS)


def test_effects_name_the_space_built_on_or_activated_the_artisans_the_ship_and_the_office() -> None:
    x, y = cell(2, 3), cell(3, 3)
    build = position(3, phase="effect", buildings=[[x, 1, RED]], workers=[[x, RED, 1]])
    assert all(tg == (f"cell:{x}",) for a, tg in targets(build, RED).items() if a[0] == "build")
    act = position(3, phase="effect", buildings=[[x, 2, RED], [y, 4, GREEN]], activations=[[y, RED]])
    assert targets(act, RED)[("activate", y, 0)] == (f"cell:{y}",)
    craft = position(3, phase="effect", players=[{"artisan": 1, "wood": 1, "stone": 1}, {}, {}])
    assert targets(craft, RED)[("craft", 0)] == targets(craft, RED)[("craft", 1)] == ("area:artisan",)
    ship = position(3, phase="effect", completed=[0, 0, 0, 0, 1, 0], players=[{"dock": 1, "loads": 3, "wood": 1}, {}, {}])
    assert targets(ship, RED)[("load", 0)] == ("ship",)
    offices = {"owner": [-1] * 12, "turn": [-1] * 12, "bid": [-1] * 9 + [RED, -1, -1]}
    claim = position(3, phase="effect", offices=offices, players=[{"bid": 9}, {}, {}])
    assert targets(claim, RED)[("claim",)] == ("office:9",)


def test_war_moves_name_the_group_then_where_it_goes() -> None:
    x, y = cell(2, 3), cell(5, 3)
    s = war_position(3, [[x, [GREEN]], [y, [A, A]]], attacker=BLUE)
    mover = s.to_move()[0]
    moves = {a: tg for a, tg in targets(s, mover).items() if a[0] == "move"}
    assert moves and all(tg == (f"cell:{a[1]}", f"cell:{a[2]}") for a, tg in moves.items())
    crowd = war_position(3, [[OUT + 5, [A, A, A]]], attacker=RED)
    enters = {a: tg for a, tg in targets(crowd, RED).items() if a[0] == "enter"}
    assert enters and all(tg == (f"outside:{a[1] - OUTSIDE}", f"cell:{a[3]}") for a, tg in enters.items())
    assert targets(crowd, RED)[("enter", OUT + 5, 1, 5)] == ("outside:5", "cell:5")


def test_every_action_that_names_a_place_has_its_targets() -> None:
    """Random games: apart from menus and answers, every legal action names board things (that they
    are drawn, tests/table/test_drawings.py checks for every drawn game)."""
    menus = {"money", "done", "buy", "resource", "terms", "accept", "decline", "counter", "bet", "merchant"}
    known = menus | {"zone", "mine", "work", "field", "artisan", "dock", "order", "city", "use", "major", "space",
                     "bid", "office", "offer", "tile", "wall", "road", "free_wall", "free_road", "build", "claim",
                     "activate", "craft", "load", "depart", "deploy", "kill", "recruit", "move", "enter", "bonus",
                     "join", "keep"}
    seen: set[str] = set()
    for seed in (1, 2):
        table = Table(GAME, [HUMAN] * 3, seed)
        rng = random.Random(seed)
        for _ in range(500):
            if table.is_over():
                break
            seat = table.waiting_for()[0]
            update = table.update(seat)
            for c in update.choices:
                verb = c.action[0]
                seen.add(verb)
                if verb in known and verb not in menus:
                    assert c.targets, c.action
            table.act(seat, rng.choice(update.choices).action)
    assert {"city", "zone", "build", "major", "space", "mine", "deploy", "move"} <= seen


# ----- marks ----------------------------------------------------------------------------------


def test_events_mark_the_space_built_on_the_grid_completed_and_the_tracks() -> None:
    x = cell(2, 3)
    s = position(3, phase="effect", buildings=[[x, 1, RED]], workers=[[x, RED, 1]],
                 players=players(3, p0={"wood": 1, "stone": 1}))
    s.apply(RED, ("build", x, 2))
    view = s.view(RED)
    assert PRESENT.marks(view, s.events[-1]) == (f"cell:{x}",)
    placed = position(3, pick=["zone", 0])
    placed.apply(RED, ("city", cell(2, 3), 2))
    assert PRESENT.marks(placed.view(RED), placed.events[-1]) == (f"cell:{cell(2, 3)}",)
    grid = position(3)
    grid.apply(RED, ("zone", 1))
    grid.apply(RED, ("major", 5))
    grid.apply(RED, ("space", 0, 0))
    assert PRESENT.marks(grid.view(RED), grid.events[-1]) == ("major:5",)
    forest = position(3)
    forest.apply(RED, ("mine", 1))
    assert PRESENT.marks(forest.view(RED), forest.events[-1]) == ("mine:1",)
    game = played(3, 4, 300)
    kinds = {e.kind: PRESENT.marks(game.view(0), e) for e in game.events}
    assert kinds["turn"] == ("time",) and kinds["war_check"] == ("enemies",)
    office = position(3, phase="effect", offices={"owner": [-1] * 12, "turn": [-1] * 12, "bid": [RED] + [-1] * 11},
                      players=players(3, p0={"bid": 0, "silver": 5, "vp": 7}))
    crowd = war_position(3, [[OUT + 5, [A, A, A]]], attacker=RED)
    crowd.apply(RED, ("enter", OUT + 5, 1, 5))  # "brings a group of 1 from outside F1 to F1": the space
    assert crowd.events[-1].kind == "move" and PRESENT.marks(crowd.view(RED), crowd.events[-1]) == ("cell:5",)
    office.apply(RED, ("claim",))
    assert office.events[-1].kind == "office" and PRESENT.marks(office.view(RED), office.events[-1]) == ("office:0",)


# ----- each seat sees its own view ------------------------------------------------------------


def test_each_seats_drawing_comes_from_its_view_alone() -> None:
    """Nothing in Río is hidden but the dice to come: two states differing only in their generator
    draw the same board for every seat and a spectator; a board drawn from a JSON copy of the view
    (what a web client holds) is the same; seats' drawings differ only in who "you" are."""
    s = played(3, 5, 400)
    doc = s.to_json()
    doc["rng"] = doc["rng"] + 4242
    other = GAME.state_from_json(doc)
    for seat in (None, 0, 1, 2):
        mine = PRESENT.svg(s.view(seat), seat, s.options)
        assert PRESENT.svg(other.view(seat), seat, other.options) == mine
        copy: Any = json.loads(json.dumps(s.view(seat)))
        assert PRESENT.svg(copy, seat, s.options) == mine
        assert ("(you)" in mine) == (seat is not None)
    spectator = things(s, None)
    for seat in range(3):
        assert things(s, seat) == spectator  # the same numbers on every thing


def test_the_walls_and_roads_grids_are_drawn_closed_when_no_piece_is_left() -> None:
    from meeple.games.riodelaplata.board import PRINTED_WALLS, SEGMENTS

    edges = [g for g in range(SEGMENTS) if g not in PRINTED_WALLS]
    spent = position(4, walls=edges[:40], roads=list(range(20)))
    svg = PRESENT.svg(spent.view(0), 0, spent.options)
    assert "Walls closed" in svg and "Roads closed" in svg and "0 of 60 wall/road pieces left" in svg
    fresh = position(4)
    assert "closed" not in PRESENT.svg(fresh.view(0), 0, fresh.options)
