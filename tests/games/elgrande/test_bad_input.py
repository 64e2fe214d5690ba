"""Bad moves are refused with the rule they break, and the state is left unchanged."""

from __future__ import annotations

import pytest

from meeple.engine import BadState
from meeple.games.elgrande.data import SHIP

from .helpers import GAME, A, empty_doc, load, put, turn_doc
from .helpers import refused as _refused


def test_placing_into_the_kings_region_is_refused() -> None:
    doc = turn_doc(3, 1, "Intrigue: withdraw", "Aragon")
    put(doc, 1, "court", 4)
    s = load(doc)
    _refused(s, 1, ("place", A["Aragon"]), "King's region is frozen")
    _refused(s, 1, ("place", A["Seville"]), "next to the King")


def test_a_used_power_card_is_refused() -> None:
    s = GAME.new_state(3, 5)
    p = s.to_move()[0]
    s.used[p] |= 1 << 6  # card 7 spent in an earlier round
    _refused(s, p, ("power", 7), "already used")


def test_a_power_card_already_played_this_round_is_refused() -> None:
    s = GAME.new_state(3, 5)
    first = s.to_move()[0]
    s.apply(first, ("power", 9))
    second = s.to_move()[0]
    _refused(s, second, ("power", 9), "already played this round")


def test_a_caballero_carrying_gold_may_not_go_to_the_kings_region() -> None:
    """Seed: a Caballero with a disc cannot be moved to the King's region (here at the free move of
    the Ship, the King in coastal Seville)."""
    doc = empty_doc(2, {"colonies": True})
    doc["king"] = A["Seville"]
    put(doc, 0, "Ship", 1)
    doc["discs"] = [[1, SHIP, 0]]
    doc["supply"] = {"gold": 7, "wares": 10}
    doc["phase"] = "free"
    doc["cur"] = 0
    doc["played"] = [13, 12]
    doc["bid_i"] = 2
    doc["turns"] = [0, 1]
    s = load(doc)
    s.apply(0, ("pick", 0, SHIP, 1))
    _refused(s, 0, ("drop", A["Seville"]), "carrying Gold may not be moved to the King's region")
    s.apply(0, ("drop", A["Granada"]))
    assert s.scores[0] == 6


def test_an_opponents_carrier_may_not_be_moved_into_the_castillo() -> None:
    doc = turn_doc(2, 0, "Intrigue: 3 opponents'", "Seville", {"colonies": True})
    put(doc, 1, "America", 1)
    doc["discs"] = [[1, A["America"], 1]]
    doc["supply"] = {"gold": 7, "wares": 10}
    s = load(doc)
    s.apply(0, ("special",))
    s.apply(0, ("pick", 1, A["America"], 1))
    _refused(s, 0, ("drop", A["Castillo"]), "may not be moved to the Castillo")


def test_interleaving_placement_and_special_action_is_refused() -> None:
    doc = turn_doc(2, 0, "The Court", "Aragon")
    put(doc, 0, "court", 4)
    s = load(doc)
    s.apply(0, ("place", A["Valencia"]))
    s.apply(0, ("special",))  # The Court: 2 more from the provinces
    assert s.court[0] == 5
    _refused(s, 0, ("place", A["Valencia"]), "may not be interleaved")


def test_special_action_first_then_placement_is_allowed() -> None:
    doc = turn_doc(2, 0, "The Court", "Aragon")
    s = load(doc)
    s.apply(0, ("special",))
    assert s.court[0] == 2
    s.apply(0, ("place", A["Valencia"]))
    s.apply(0, ("place", A["Castillo"]))
    assert s.cab[0][A["Valencia"]] == 1 and s.cab[0][A["Castillo"]] == 1


def test_bad_documents_are_refused_with_a_clear_message() -> None:
    doc = empty_doc(2)
    doc["prov"][0] = 29
    with pytest.raises(BadState, match="Caballeros"):
        GAME.state_from_json(doc)
    doc = empty_doc(2)
    doc["phase"] = "dancing"
    with pytest.raises(BadState, match="phase"):
        GAME.state_from_json(doc)
    doc = empty_doc(2)
    put(doc, 0, "France", 1)
    with pytest.raises(BadState):
        GAME.state_from_json(doc)  # no France without colonies=true
