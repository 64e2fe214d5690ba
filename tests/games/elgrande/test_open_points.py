"""The points left open after review, each against the exact sentence of the rules quoted in the
docstring: the Captain's and Viceroy's spaces are the mover's choice (seed), Exile is carried out in
full once started, and the stack-2 special scoring scores a region, never the Castillo (§5, §6)."""

from __future__ import annotations

import json

import pytest

from meeple.engine import BadState
from meeple.games.elgrande.data import AMERICA, CARDS, CASTILLO, SHIP, SPAIN
from meeple.games.elgrande.scoring import area_points

from .helpers import GAME, A, free_moves_doc, load, put, turn_doc
from .helpers import refused as _refused

COL = {"colonies": True}
OFFER = [("post", 1), ("post", 0)]


def _free_doc() -> dict:
    """Red's turn starts with 2 plain Caballeros on the Ship, nobody Captain or Viceroy; Yellow has 2
    in America."""
    doc = free_moves_doc(2, "Aragon")
    put(doc, 0, "Ship", 2)
    put(doc, 1, "America", 2)
    return doc


def test_seed_captain_is_the_choice_of_the_player_placing_onto_the_ship() -> None:
    """Seed, Ship: "If the Captain's space is empty when a player moves Caballeros to the ship, the
    player may put one on the space. The space may be empty while Caballeros are on the ship." """
    doc = turn_doc(2, 0, "Mobile scoreboard", "Seville", COL)
    put(doc, 0, "court", 3)
    s = load(doc)
    s.apply(0, ("place", SHIP))
    assert s.captain == -1 and s.post == (SHIP, 0) and s.to_move() == [0]
    assert s.legal_actions(0) == OFFER and s.legal_actions(1) == []
    assert s.action_text(("post", 1)) == "make your Caballero the Captain of the Ship"
    assert s.action_text(("post", 0)) == "leave the Captain's space empty"
    assert s.prompt(0) == "Your Caballero arrives on the Ship and the Captain's space is empty: make it the Captain?"
    _refused(s, 0, ("done",), "first decide whether the Caballero that just arrived on the Ship")
    _refused(s, 0, ("place", SHIP), "takes the empty Captain's space")
    s.apply(0, ("post", 0))  # declined: the space stays empty, the Caballero is aboard
    assert s.captain == -1 and s.post == () and s.cab[0][SHIP] == 1 and s.court[0] == 2
    assert area_points(s, SHIP) == [0, 0]  # only the Captain scores on the Ship
    _refused(s, 0, ("post", 1), "offered only when you move a Caballero onto the Ship")
    s.apply(0, ("place", SHIP))  # the space is still empty: asked again
    assert s.legal_actions(0) == OFFER
    s.apply(0, ("post", 1))
    assert s.captain == 0 and s.cab[0][SHIP] == 2
    assert area_points(s, SHIP) == [3, 0]
    s.apply(0, ("place", SHIP))  # the space is taken: nothing to ask
    assert s.post == () and s.cab[0][SHIP] == 3 and ("done",) in s.legal_actions(0)


def test_seed_viceroy_is_the_choice_of_the_player_sailing_to_america() -> None:
    """Seed, America: "If the Viceroy's space is empty when a player moves Caballeros to America, the
    player may put one on the space. The space may be empty while Caballeros are in America." America
    scores 4/0/0 and the Viceroy 5, not counted for the majority."""
    s = load(_free_doc())
    s.apply(0, ("pick", 0, SHIP, 0))
    s.apply(0, ("drop", AMERICA))
    assert s.post == (AMERICA, 0) and s.legal_actions(0) == OFFER
    assert s.action_text(("post", 1)) == "make your Caballero the Viceroy of America"
    assert s.action_text(("post", 0)) == "leave the Viceroy's space empty"
    s.apply(0, ("post", 0))
    assert s.viceroy == -1 and s.cab[0][AMERICA] == 1
    assert area_points(s, AMERICA) == [0, 4]  # Yellow 2 against Red 1, nobody Viceroy
    s.apply(0, ("pick", 0, SHIP, 0))  # Red's second Caballero sails too: asked again
    s.apply(0, ("drop", AMERICA))
    assert s.legal_actions(0) == OFFER
    s.apply(0, ("post", 1))
    assert s.viceroy == 0 and s.cab[0][AMERICA] == 2
    assert area_points(s, AMERICA) == [5, 4]  # Red: Viceroy 5, 1 counted; Yellow 2 -> first
    assert ("done",) in s.legal_actions(0)


def test_seed_a_caballero_carrying_a_disc_is_never_offered_the_space() -> None:
    """Seed: a Caballero with a Gold or Wares disc "cannot be the Captain on the ship" and "cannot be
    the Viceroy in America": arriving with a disc, nothing is asked."""
    doc = _free_doc()
    put(doc, 0, "America", 1)
    doc["discs"] = [[1, AMERICA, 0]]
    s = load(doc)
    s.apply(0, ("pick", 0, AMERICA, 1))
    s.apply(0, ("drop", SHIP))
    assert s.post == () and s.captain == -1 and s.discs == [(1, SHIP, 0)]
    assert ("done",) in s.legal_actions(0)


def test_seed_the_player_who_moves_another_colour_onto_the_ship_decides() -> None:
    """Seed: "when a player moves Caballeros to the ship, the player may put one on the space": with a
    card that moves opponents' Caballeros, the moving player decides, then the card goes on."""
    doc = turn_doc(2, 0, "Intrigue: 3 opponents'", "Aragon", COL)
    put(doc, 1, "Seville", 2)
    s = load(doc)
    s.apply(0, ("special",))
    s.apply(0, ("pick", 1, A["Seville"], 0))
    s.apply(0, ("drop", SHIP))
    assert s.post == (SHIP, 1) and s.to_move() == [0] and s.legal_actions(0) == OFFER
    assert s.action_text(("post", 1)) == "make the Yellow Caballero the Captain of the Ship"
    assert s.prompt(0) == ("A Yellow Caballero arrives on the Ship and the Captain's space is empty: "
                           "make it the Captain?")
    s.apply(0, ("post", 0))
    assert s.captain == -1 and s.phase == 6 and ("pick", 1, A["Seville"], 0) in s.legal_actions(0)
    s.apply(0, ("pick", 1, A["Seville"], 0))
    s.apply(0, ("drop", SHIP))
    s.apply(0, ("post", 1))
    assert s.captain == 1 and s.cab[1][SHIP] == 2


def test_an_offered_space_survives_the_document_and_edited_offers_are_checked() -> None:
    doc = turn_doc(2, 0, "Mobile scoreboard", "Seville", COL)
    put(doc, 0, "court", 3)
    s = load(doc)
    s.apply(0, ("place", SHIP))
    d = s.to_json()
    assert d["post"] == [SHIP, 0]
    t = load(d)
    assert t.post == (SHIP, 0) and t.legal_actions(0) == OFFER and t.to_json() == d
    c = s.clone()
    c.apply(0, ("post", 1))
    assert s.post == (SHIP, 0) and s.captain == -1  # the original is untouched
    bad = json.loads(json.dumps(d))
    bad["captain"] = 0
    with pytest.raises(BadState, match="Captain's space, but it is taken"):
        GAME.state_from_json(bad)
    bad = json.loads(json.dumps(d))
    bad["post"] = [AMERICA, 0]
    with pytest.raises(BadState, match="no Caballero without a disc in America"):
        GAME.state_from_json(bad)
    bad = json.loads(json.dumps(d))
    bad["post"] = [A["Seville"], 0]
    with pytest.raises(BadState, match="must be \\[11 \\(Ship\\) or 12 \\(America\\)"):
        GAME.state_from_json(bad)


def test_exile_returns_one_caballero_of_each_opponent_as_far_as_the_player_goes() -> None:
    """Rules reference §6 stack 2: "Return 1 Caballero of **each** opponent (from regions) to
    provinces"; and "'Return to provinces' cards never take from the Castillo or King's region; if not
    enough, return as many as possible." Opponents with nothing outside the King's region and the
    Castillo are skipped. (Since issue 46 the player may stop after any opponent: the card "may"
    return them, see test_issue46.)"""
    doc = turn_doc(4, 0, "Exile", "Aragon")
    put(doc, 1, "Seville", 2)
    put(doc, 1, "Galicia", 1)
    put(doc, 2, "Aragon", 3)  # Green: only in the King's region and the Castillo, nothing to take
    put(doc, 2, "Castillo", 2)
    put(doc, 3, "Granada", 1)
    s = load(doc)
    assert ("done",) in s.legal_actions(0)  # not starting it is allowed
    s.apply(0, ("special",))
    assert s.legal_actions(0) == [("ret", A["Galicia"]), ("ret", A["Seville"]), ("done",)]
    s.apply(0, ("ret", A["Seville"]))
    assert s.legal_actions(0) == [("ret", A["Granada"]), ("done",)]  # Green skipped: nothing may be taken
    assert s.action_text(("ret", A["Granada"])) == "return a Blue Caballero from Granada to the provinces"
    s.apply(0, ("ret", A["Granada"]))
    assert s.phase == 5 and s.eff == -1
    assert s.cab[1][A["Seville"]] == 1 and s.cab[1][A["Galicia"]] == 1 and s.prov[1] == 28
    assert s.cab[2][A["Aragon"]] == 3 and s.cab[2][CASTILLO] == 2 and s.prov[2] == 25
    assert s.cab[3][A["Granada"]] == 0 and s.prov[3] == 30


def test_stack_two_special_scoring_scores_a_region_never_the_castillo() -> None:
    """Rules reference §6: stack 2 "Special scoring: score one region of your choice now"; stack 3
    "Score a region of your choice (may be the King's region or the Castillo ...)"; §5: "Castillo ...
    not a region", the King's region "is still scored normally". The stack-2 card scores any region,
    the King's included, but not the Castillo; the stack-3 card may score the Castillo."""
    doc = turn_doc(2, 0, "Special scoring: a region of your choice", "Aragon")
    put(doc, 0, "Castillo", 2)
    put(doc, 1, "Castillo", 1)
    put(doc, 0, "Aragon", 1)
    s = load(doc)
    s.apply(0, ("special",))
    assert [a for _, a in s.legal_actions(0)] == list(SPAIN)  # the King's region (Aragon) included
    _refused(s, 0, ("area", CASTILLO), "the Castillo is not a region")
    s.apply(0, ("area", A["Aragon"]))
    assert s.scores == [5 + 2, 0]  # sole first in the King's region: 5 and the King's +2
    doc = turn_doc(2, 0, "Special scoring: any area", "Aragon")
    put(doc, 0, "Castillo", 2)
    put(doc, 1, "Castillo", 1)
    s = load(doc)
    s.apply(0, ("special",))
    assert [a for _, a in s.legal_actions(0)] == [*SPAIN, CASTILLO]
    s.apply(0, ("area", CASTILLO))
    assert s.scores == [5, 3] and s.cab[0][CASTILLO] == 2


def test_the_scoring_cards_say_which_areas_they_score() -> None:
    texts = {c["name"]: c["text"] for c in CARDS}
    assert texts["Special scoring: a region of your choice"] == (
        "Score one region of your choice now (the King's region may be chosen; the Castillo is not a region)")
    assert "the Castillo included" in texts["Special scoring: any area"]
