"""El Grande drawn (issue 49): the SVG board says what the view says (each area's Caballeros by
colour, its values, the King, the Grandes, France's spaces, the Captain and the Viceroy, the discs,
the players' court, provinces, score and power card, the cards face up), every kind of action names
the board things a player clicks, events mark what they touched, and a seat's drawing holds nothing
its view does not (the others' secret disks, the order of the stacks)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

from meeple.engine import Rng
from meeple.engine.result import Event
from meeple.games.elgrande.data import (
    AMERICA,
    CARDS,
    CASTILLO,
    COURT,
    FRANCE,
    GOLD,
    KING_CARD,
    MED,
    MOBILE,
    NAMES,
    SHIP,
    SPAIN,
    VALUES,
    WARES,
)
from meeple.games.elgrande.drawing import region_thing
from meeple.games.elgrande.phases import DISK
from meeple.table import HUMAN, Table, presenter_for

from .helpers import GAME, A, card_id, free_moves_doc, load, put, turn_doc

PRESENT = presenter_for(GAME)
COLONIES = {"colonies": True}


def things(svg: str) -> dict[str, dict[str, str]]:
    """Each board thing of a drawing, by name, with its attributes (the SVG must be well-formed)."""
    root = ET.fromstring(svg)
    return {g.get("data-thing"): dict(g.attrib) for g in root.iter() if g.get("data-thing")}


def texts(svg: str) -> str:
    """Every text and tooltip of a drawing, one per line."""
    root = ET.fromstring(svg)
    return "\n".join("".join(e.itertext()) for e in root.iter() if e.tag.endswith(("text", "title")))


def drawing(s: Any, seat: int | None) -> str:
    return PRESENT.svg(s.view(seat), seat, s.options)


def colonies_position() -> Any:
    """A 4-player Colonies position in Red's turn: Caballeros all over Spain and the new regions, the
    King in Catalonia, a Grande in France, the 8/4/0 scoreboard on Granada, Yellow the Captain, Green
    the Viceroy, Gold and Wares unclaimed and carried."""
    doc = turn_doc(4, 0, "Intrigue: 4 of your own", "Catalonia", COLONIES)
    for p, area, k in [(0, "Aragon", 3), (1, "Aragon", 2), (2, "Galicia", 1), (3, "Seville", 4), (0, "Castillo", 2),
                       (2, "Castillo", 1), (0, "France", 2), (3, "France", 1), (1, "Ship", 2), (2, "America", 2),
                       (0, "Mediterranean", 1), (3, "Valencia", 5), (1, "New Castile", 7), (0, "court", 6),
                       (1, "court", 3)]:
        put(doc, p, area, k)
    doc["france"] = [0, 0, 3]
    doc["captain"] = 1
    doc["viceroy"] = 2
    doc["grande"] = [A["France"], A["New Castile"], A["Galicia"], A["Seville"]]
    doc["mobile"] = [A["Granada"], -1]
    doc["discs"] = [[GOLD, AMERICA, -1], [GOLD, AMERICA, -1], [GOLD, AMERICA, 2], [WARES, MED, 0],
                    [WARES, MED, -1]]
    doc["scores"] = [12, 30, 7, 0]
    doc["faceup"] = [c for c in doc["faceup"] if CARDS[c]["stack"] != 1]  # Red took stack 1's card
    return load(doc)


# ----- the drawing says what the view says ---------------------------------------------------------


def test_every_area_shows_the_views_caballeros_values_king_and_grandes() -> None:
    s = colonies_position()
    for seat in (0, 2, None):
        view = s.view(seat)
        drawn = things(drawing(s, seat))
        for a in (*SPAIN, CASTILLO, FRANCE, SHIP, AMERICA, MED):
            thing = drawn[region_thing(a)]
            counts = {int(p): int(k) for p, k in (x.split(":") for x in thing["data-caballeros"].split())}
            assert counts == {p: row[a] for p, row in enumerate(view["cab"]) if row[a]}, NAMES[a]
            values = MOBILE[view["mobile"].index(a)] if a in view["mobile"] else VALUES[a]
            assert thing["data-values"] == "/".join(map(str, values)), NAMES[a]
            assert ("data-king" in thing) == (a == view["king"])
            grandes = [p for p, g in enumerate(view["grande"]) if g == a]
            assert thing.get("data-grandes", "") == " ".join(map(str, grandes))
        assert drawn["region:granada"]["data-values"] == "8/4/0"
        assert drawn["region:catalonia"]["data-king"] == "1"
        assert drawn["region:france"]["data-spaces"] == "0 0 3"
        assert drawn["region:ship"]["data-captain"] == "1" and drawn["post:ship"]["data-owner"] == "1"
        assert drawn["region:america"]["data-viceroy"] == "2" and drawn["post:america"]["data-owner"] == "2"
        assert drawn["discs:gold"]["data-unclaimed"] == "2" and drawn["discs:wares"]["data-unclaimed"] == "1"
        assert drawn["mobile:0"]["data-values"] == "8/4/0" and "mobile:1" in drawn


def test_every_player_shows_score_court_provinces_and_power_card() -> None:
    s = colonies_position()
    view = s.view(1)
    drawn = things(drawing(s, 1))
    for p in range(4):
        player = drawn[f"player:{p}"]
        assert int(player["data-score"]) == view["scores"][p]
        assert int(player["data-court"]) == view["court"][p] == int(drawn[f"court:{p}"]["data-court"])
        assert int(player["data-provinces"]) == view["prov"][p]
        assert int(player["data-played"]) == view["played"][p]
    assert [view["court"][0], view["prov"][0]] == [6, 30 - 3 - 2 - 2 - 1 - 6]


def test_the_cards_face_up_and_the_card_of_the_turn_are_in_their_stacks_slots() -> None:
    s = colonies_position()
    view = s.view(0)
    drawn = things(drawing(s, 0))
    shown = {int(drawn[f"card:{st}"]["data-card"]) for st in (1, 2, 3, 4, 5, 7)} - {-1}
    assert shown == set(view["faceup"]) | {view["card"]}
    assert drawn["card:1"]["data-card"] == str(card_id("Intrigue: 4 of your own"))  # taken, its turn under way
    assert drawn["card:5"]["data-card"] == str(KING_CARD)
    for st in ("1", "2", "3", "4", "7"):
        assert int(drawn[f"card:{st}"]["data-left"]) == view["decks"][st]
    text = texts(drawing(s, 0))
    assert "taken by Red" in text and CARDS[KING_CARD]["text"] in text


def test_your_power_cards_spent_and_left_and_none_for_a_spectator() -> None:
    doc = turn_doc(3, 1, "The Court", "Galicia")
    doc["used"] = [[13], [12, 3, 5], [11]]
    doc["played"] = [13, 12, 11]
    s = load(doc)
    drawn = things(drawing(s, 1))
    assert {v for v in range(1, 14) if drawn[f"power:{v}"]["data-used"] == "1"} == {3, 5, 12}
    assert not any(name.startswith("power:") for name in things(drawing(s, None)))
    assert "Your power cards" not in texts(drawing(s, None))


def test_the_base_game_draws_no_colonies() -> None:
    s = GAME.new_state(3, 5, {})
    drawn = things(drawing(s, 0))
    assert {f"region:{n}" for n in ("france", "ship", "america", "mediterranean")}.isdisjoint(drawn)
    assert set(drawn) >= {region_thing(a) for a in (*SPAIN, CASTILLO)} | {"card:5", "mobile:0", "mobile:1"}
    assert "card:7" not in drawn


# ----- targets: what a player clicks for each kind of action --------------------------------------------


def targets_of(s: Any, seat: int) -> dict[tuple[Any, ...], tuple[str, ...]]:
    view = s.view(seat)
    drawn = things(drawing(s, seat))
    out = {}
    for action in s.legal_actions(seat):
        t = PRESENT.targets(view, action)
        assert set(t) <= set(drawn), (action, t)
        out[tuple(action)] = t
    return out


def test_power_cards_action_cards_placements_and_the_special_action_are_clicked_on_the_board() -> None:
    s = GAME.new_state(3, 2, {})
    p = s.to_move()[0]
    assert targets_of(s, p) == {("power", v): (f"power:{v}",) for v in range(1, 14)}
    doc = turn_doc(3, 0, "Intrigue: 4 of your own", "New Castile")
    put(doc, 0, "court", 5)
    got = targets_of(load(doc), 0)
    assert got[("place", A["Aragon"])] == ("region:aragon",)
    assert got[("place", CASTILLO)] == ("region:castillo",)
    assert got[("special",)] == ("card:1",)
    assert got[("done",)] == ()
    doc = turn_doc(3, 0, "Intrigue: 4 of your own", "New Castile")
    doc["phase"], doc["card"] = "card", -1
    doc["faceup"] = [card_id("Intrigue: 4 of your own"), card_id("Exile"), KING_CARD]
    got = targets_of(load(doc), 0)
    assert got == {("card", card_id("Intrigue: 4 of your own")): ("card:1",), ("card", card_id("Exile")): ("card:2",),
                   ("card", KING_CARD): ("card:5",)}


def test_a_caballero_move_is_its_region_then_the_region_it_goes_to() -> None:
    doc = turn_doc(3, 0, "Intrigue: 4 of your own", "New Castile")
    put(doc, 0, "Aragon", 2)
    s = load(doc)
    s.apply(0, ("special",))
    got = targets_of(s, 0)
    assert got[("pick", 0, A["Aragon"], 0)] == ("region:aragon",)
    s.apply(0, ("pick", 0, A["Aragon"], 0))
    got = targets_of(s, 0)
    assert got[("drop", A["Galicia"])] == ("region:galicia",)
    assert got[("drop", CASTILLO)] == ("region:castillo",)


def test_ship_free_moves_claims_and_the_captains_space() -> None:
    doc = free_moves_doc(2, king="Seville")
    put(doc, 0, "Ship", 1)
    put(doc, 0, "America", 1)
    doc["discs"] = [[GOLD, AMERICA, -1]]
    s = load(doc)
    got = targets_of(s, 0)
    assert got[("pick", 0, SHIP, 0)] == ("region:ship",)
    assert got[("claim", GOLD)] == ("discs:gold",)
    assert got[("done",)] == ()
    s.apply(0, ("pick", 0, AMERICA, 0))
    s.apply(0, ("drop", SHIP))
    got = targets_of(s, 0)  # the Captain's space is empty: make the Caballero the Captain?
    assert got == {("post", 1): ("post:ship",), ("post", 0): ()}


def test_targets_of_the_other_actions() -> None:
    view = colonies_position().view(0)
    t = PRESENT.targets
    assert t(view, ("area", A["Galicia"])) == ("region:galicia",)
    assert t(view, ("disk", A["Valencia"])) == ("region:valencia",)
    assert t(view, ("recall", A["Basque Country"])) == ("region:basque-country",)
    assert t(view, ("ret", A["Seville"])) == ("region:seville",)
    assert t(view, ("ret", COURT)) == ("court:0",)  # Angry King: your own court
    assert t({**view, "queue": [2, 3]}, ("ret", COURT)) == ("court:2",)  # the player whose turn it is to return
    assert t(view, ("board", 1)) == ("mobile:1",)
    assert t(view, ("claim", WARES)) == ("discs:wares",)
    assert t(view, ("reclaim", 4)) == ("power:4",)
    for action in [("court", 3), ("option", 0), ("veto",), ("allow",), ("use", 45), ("done",)]:
        assert t(view, action) == ()


def test_events_mark_what_they_touched() -> None:
    view = colonies_position().view(0)
    m = PRESENT.marks
    assert m(view, Event("place", "", 1, None, {"area": A["Aragon"]})) == ("region:aragon",)
    assert m(view, Event("move", "", 0, None, {"src": A["Aragon"], "dst": CASTILLO})) == \
        ("region:aragon", "region:castillo")
    assert m(view, Event("score", "", None, None, {"area": A["Granada"], "points": [1, 2, 3, 4]})) == \
        ("region:granada",)
    assert m(view, Event("return", "", 2, None, {"area": COURT})) == ("court:2",)
    assert m(view, Event("card", "", 1, None, {"card": KING_CARD})) == ("card:5",)
    assert m(view, Event("power", "", 3)) == ("player:3",)
    assert m(view, Event("castillo", "General scoring: the Castillo is opened")) == ("region:castillo",)


def test_the_rules_events_carry_the_areas_they_mark() -> None:
    doc = turn_doc(3, 0, "Intrigue: 4 of your own", "New Castile")
    put(doc, 0, "court", 2)
    put(doc, 0, "Aragon", 1)
    s = load(doc)
    s.log = True
    start = len(s.events)
    s.apply(0, ("place", A["Valencia"]))
    s.apply(0, ("special",))
    s.apply(0, ("pick", 0, A["Aragon"], 0))
    s.apply(0, ("drop", A["Granada"]))
    marks = [PRESENT.marks(s.view(0), e) for e in s.events[start:]]
    assert ("region:valencia",) in marks and ("region:aragon", "region:granada") in marks


# ----- nothing of another seat's secrets -------------------------------------------------------------


def disks_set() -> Any:
    """A 4-player Colonies game played at random until some, not all, secret disks are set."""
    for seed in range(1, 40):
        s = GAME.new_state(4, seed, COLONIES)
        rng = random.Random(seed)
        while not s.is_terminal():
            need = [p for p in range(4) if s.disk_need[p]]
            if s.phase == DISK and any(s.disk[p] >= 0 for p in need) and any(s.disk[p] < 0 for p in need):
                return s
            p = s.to_move()[0]
            s.apply(p, rng.choice(s.legal_actions(p)))
    raise AssertionError("no position with secret disks set")


def test_a_secret_disk_is_drawn_for_its_owner_only() -> None:
    s = disks_set()
    for seat in (*range(4), None):
        text = texts(drawing(s, seat))
        for p in range(4):
            d = s.disk[p]
            if d < 0:
                continue
            if p == seat:
                assert f"disk: {NAMES[d]}" in text and "Your secret disk" in text
            else:
                assert "disk set (hidden)" in text
        if seat is None or s.disk[seat] < 0:
            assert "Your secret disk" not in text


def test_a_seats_drawing_is_the_same_whatever_it_cannot_see() -> None:
    """Redrawing what the seat cannot see (the stacks' order, the others' disks, cards taken back in
    secret) changes nothing in its drawing."""
    s = disks_set()
    for seat in range(4):
        other = s.determinize(seat, Rng(seat + 7))
        assert drawing(other, seat) == drawing(s, seat)


def test_whole_colonies_games_name_only_drawn_things() -> None:
    """Random 4-player Colonies games: at every decision each choice's targets and each event's marks
    are things of the seat's own drawing."""
    for seed in (3, 4):
        table = Table(GAME, [HUMAN] * 4, seed, COLONIES)
        rng = random.Random(seed)
        kinds: set[str] = set()
        for _ in range(500):
            if table.is_over():
                break
            seat = table.waiting_for()[0]
            update = table.update(seat)
            drawn = set(things(table.svg(update)))
            for choice in update.choices:
                assert set(choice.targets) <= drawn, (choice.label, choice.targets)
                if choice.targets:
                    kinds.add(choice.action[0])
            for event, marks in zip(update.events, update.marks, strict=True):
                assert set(marks) <= drawn, (event.text, marks)
            table.act(seat, rng.choice(update.choices).action)
        assert {"power", "card", "place", "pick", "drop"} <= kinds
