"""Special actions of the action cards (rules reference §6), each in an exact position."""

from __future__ import annotations

from meeple.games.elgrande.data import CASTILLO, VETO_CARDS

from .helpers import A, card_id, load, put, turn_doc


def test_veto_cancels_a_special_action_but_not_the_placement() -> None:
    doc = turn_doc(3, 0, "The King's card", "Aragon")
    put(doc, 0, "court", 5)
    doc["vetoes"] = [[VETO_CARDS[0], 2, 0]]
    s = load(doc)
    s.apply(0, ("special",))
    assert s.phase == 7 and s.to_move() == [2]
    s.apply(2, ("veto",))
    assert s.king == A["Aragon"] and s.vetoes == [] and s.special_done == 1
    assert ("special",) not in s.legal_actions(0)
    s.apply(0, ("place", A["Valencia"]))  # placement cannot be vetoed
    assert s.cab[0][A["Valencia"]] == 1


def test_veto_allowed_lets_the_action_go_ahead_and_expires_after_the_next_round() -> None:
    doc = turn_doc(2, 0, "Royal Adviser", "Aragon")
    doc["vetoes"] = [[VETO_CARDS[0], 1, 0]]
    s = load(doc)
    s.apply(0, ("special",))
    s.apply(1, ("allow",))
    s.apply(0, ("area", A["Catalonia"]))
    assert s.king == A["Aragon"] and s.to_move() == [1]  # the destination is named: Yellow may still object
    s.apply(1, ("allow",))
    assert s.king == A["Catalonia"] and len(s.vetoes) == 1
    # a veto kept in round 1 (round_i 0) is discarded at the end of round 2 unless used
    from meeple.games.elgrande import flow

    s.round_i = 1
    flow.end_round(s)
    assert s.vetoes == []


def test_angry_king_each_opponent_returns_three_from_court_or_regions() -> None:
    doc = turn_doc(3, 0, "The Angry King", "Aragon")
    put(doc, 1, "court", 1)
    put(doc, 1, "Seville", 4)
    put(doc, 1, "Aragon", 2)  # the King's region: untouchable
    put(doc, 2, "Galicia", 2)
    s = load(doc)
    s.apply(0, ("special",))
    assert s.to_move() == [1]
    assert ("ret", A["Aragon"]) not in s.legal_actions(1)
    s.apply(1, ("ret", 14))  # court
    s.apply(1, ("ret", A["Seville"]))
    s.apply(1, ("ret", A["Seville"]))
    assert s.to_move() == [2]
    s.apply(2, ("ret", A["Galicia"]))
    s.apply(2, ("ret", A["Galicia"]))  # only 2 to give: as many as possible
    assert s.to_move() == [0] and s.phase == 5
    assert s.court[1] == 0 and s.cab[1][A["Seville"]] == 2 and s.cab[2][A["Galicia"]] == 0


def test_decay_of_authority_three() -> None:
    doc = turn_doc(3, 0, "Decay of Authority: 3", "Aragon")
    put(doc, 0, "court", 5)
    put(doc, 1, "court", 5)
    put(doc, 2, "court", 2)
    s = load(doc)
    s.apply(0, ("special",))
    assert s.court == [5, 2, 0]


def test_exile_returns_one_caballero_of_each_opponent() -> None:
    doc = turn_doc(3, 0, "Exile", "Aragon")
    put(doc, 1, "Seville", 1)
    put(doc, 2, "Aragon", 1)  # only in the King's region: nothing to take
    s = load(doc)
    s.apply(0, ("special",))
    assert s.legal_actions(0) == [("ret", A["Seville"]), ("done",)]
    s.apply(0, ("ret", A["Seville"]))
    assert s.phase == 5 and s.cab[1][A["Seville"]] == 0 and s.cab[2][A["Aragon"]] == 1


def test_secret_disk_return_two() -> None:
    doc = turn_doc(2, 0, "Secret disk: return 2", "Aragon")
    put(doc, 0, "Seville", 3)
    put(doc, 0, "Galicia", 1)
    put(doc, 1, "Galicia", 1)
    s = load(doc)
    s.apply(0, ("special",))
    assert s.to_move() == [0]  # Yellow has no region with 2 or more: nothing to choose
    assert s.legal_actions(0) == [("disk", A["Seville"])]  # a region with 2 or more
    s.apply(0, ("disk", A["Seville"]))
    assert s.cab[0][A["Seville"]] == 1 and s.cab[1][A["Galicia"]] == 1 and s.phase == 5


def test_eviction_moves_all_of_each_opponent_to_their_secret_choice() -> None:
    doc = turn_doc(3, 0, "Eviction", "Aragon")
    put(doc, 0, "Seville", 2)
    put(doc, 1, "Seville", 3)
    put(doc, 2, "Seville", 1)
    s = load(doc)
    s.apply(0, ("special",))
    s.apply(0, ("area", A["Seville"]))
    assert s.to_move() == [1, 2]
    assert ("disk", A["Aragon"]) not in s.legal_actions(1)
    s.apply(2, ("disk", A["Galicia"]))
    s.apply(1, ("disk", A["Granada"]))
    assert [s.cab[p][A["Seville"]] for p in range(3)] == [2, 0, 0]
    assert s.cab[1][A["Granada"]] == 3 and s.cab[2][A["Galicia"]] == 1


def test_secret_disk_scoring_scores_regions_picked_once() -> None:
    doc = turn_doc(3, 0, "Special scoring: secret disk", "Aragon")
    doc["grande"] = [A["Galicia"]] * 3
    put(doc, 0, "Seville", 2)
    put(doc, 1, "Granada", 2)
    s = load(doc)
    s.apply(0, ("special",))
    s.apply(0, ("disk", A["Seville"]))
    s.apply(1, ("disk", A["Granada"]))
    s.apply(2, ("disk", A["Granada"]))
    assert s.scores == [4, 0, 0]  # Granada was picked twice: not scored


def test_first_places_only() -> None:
    doc = turn_doc(2, 0, "Special scoring: first places", "Aragon")
    doc["grande"] = [A["Galicia"], A["Galicia"]]
    put(doc, 0, "Seville", 2)
    put(doc, 1, "Seville", 1)
    put(doc, 0, "Granada", 1)
    put(doc, 1, "Granada", 1)
    put(doc, 0, "Castillo", 3)
    s = load(doc)
    s.apply(0, ("special",))
    assert s.scores == [4, 0]  # Seville first only; the tie in Granada scores nothing


def test_most_and_fewest_caballeros() -> None:
    doc = turn_doc(2, 0, "Special scoring: the fewest Caballeros", "Aragon")
    doc["grande"] = [A["Galicia"], A["Galicia"]]
    put(doc, 0, "Seville", 1)
    put(doc, 1, "Granada", 1)
    put(doc, 0, "Valencia", 3)
    s = load(doc)
    s.apply(0, ("special",))
    assert s.scores == [4, 6]  # Seville and Granada, one Caballero each
    doc["card"] = card_id("Special scoring: the most Caballeros")
    s = load(doc)
    s.apply(0, ("special",))
    assert s.scores == [5, 0]  # Valencia


def test_mobile_scoreboard_replaces_the_values() -> None:
    doc = turn_doc(2, 0, "Mobile scoreboard", "Aragon")
    doc["grande"] = [A["Galicia"], A["Galicia"]]
    put(doc, 0, "Seville", 2)
    put(doc, 1, "Seville", 1)
    s = load(doc)
    s.apply(0, ("special",))
    s.apply(0, ("board", 0))
    assert ("area", A["Aragon"]) not in s.legal_actions(0)
    s.apply(0, ("area", A["Seville"]))
    from meeple.games.elgrande.scoring import area_points

    assert area_points(s, A["Seville"]) == [8, 4]


def test_power_of_the_cards_and_grande_and_king() -> None:
    doc = turn_doc(2, 0, "Power of the Cards", "Aragon")
    doc["used"] = [[13, 2, 5], [12]]
    s = load(doc)
    s.apply(0, ("special",))
    assert {a[1] for a in s.legal_actions(0)} == {2, 5, 13}
    s.apply(0, ("reclaim", 13))
    assert s.used[0] == (1 << 1) | (1 << 4)
    doc = turn_doc(2, 0, "Grande", "Aragon")
    doc["grande"] = [A["Seville"], A["Galicia"]]
    s = load(doc)
    s.apply(0, ("special",))
    assert ("area", A["Aragon"]) not in s.legal_actions(0)
    s.apply(0, ("area", A["Granada"]))
    assert s.grande[0] == A["Granada"]
    doc = turn_doc(2, 0, "Royal Adviser", "Galicia")
    s = load(doc)
    s.apply(0, ("special",))
    assert {a[1] for a in s.legal_actions(0)} == {A["Old Castile"], A["Basque Country"]}


def test_intrigue_one_region_and_frozen_kings_region() -> None:
    doc = turn_doc(2, 0, "Intrigue: one region", "Aragon")
    put(doc, 1, "Seville", 3)
    put(doc, 1, "Aragon", 3)
    s = load(doc)
    s.apply(0, ("special",))
    assert ("area", A["Aragon"]) not in s.legal_actions(0)
    s.apply(0, ("area", A["Seville"]))
    for dst in ("Castillo", "Galicia"):
        s.apply(0, ("pick", 1, A["Seville"], 0))
        assert ("drop", A["Aragon"]) not in s.legal_actions(0)
        s.apply(0, ("drop", A[dst]))
    s.apply(0, ("done",))
    assert s.cab[1][A["Seville"]] == 1 and s.cab[1][CASTILLO] == 1 and s.cab[1][A["Galicia"]] == 1


def test_provinces_run_out_then_caballeros_come_back_from_regions() -> None:
    doc = turn_doc(2, 0, "Intrigue: withdraw", "Aragon")
    doc["phase"] = "court"
    doc["card"] = -1
    doc["played"] = [1, 13]
    doc["left"] = 6
    put(doc, 0, "Seville", 26)
    put(doc, 0, "Aragon", 2)
    s = load(doc)
    assert s.legal_actions(0)[0] == ("court", 2)
    s.apply(0, ("court", 2))
    assert s.phase == 3 and ("recall", A["Aragon"]) not in s.legal_actions(0)
    s.apply(0, ("recall", A["Seville"]))
    s.apply(0, ("done",))
    assert s.court[0] == 3 and s.phase == 4
