"""The worked examples of the rules (rules reference §2.2 placement, §7.2 ties; the seed's France
example and the 4-turn trip of a Gold disc), rebuilt as exact positions with exact outcomes."""

from __future__ import annotations

from meeple.games.elgrande.data import CASTILLO, SHIP
from meeple.games.elgrande.scoring import area_points, place_points

from .helpers import A, empty_doc, load, put, turn_doc


def test_tie_example_a_three_tied_all_drop_one_place() -> None:
    """§7.2 example A (Castillo 5/3/1): three players with 4 each get 3 (2nd value); the player with
    3 gets 1 (3rd value)."""
    assert place_points([4, 4, 4, 3], (5, 3, 1)) == [3, 3, 3, 1]
    doc = empty_doc(4)
    for p, k in enumerate([4, 4, 4, 3]):
        put(doc, p, "Castillo", k)
    assert area_points(load(doc), CASTILLO) == [3, 3, 3, 1]


def test_tie_example_b_tied_for_third_drop_to_nothing() -> None:
    """§7.2 example B (6/4/2): counts 4, 3, 2, 2 score 6, 4 and the tied pair drops to 4th: 0."""
    assert place_points([4, 3, 2, 2], (6, 4, 2)) == [6, 4, 0, 0]
    doc = empty_doc(4)
    doc["king"] = A["Aragon"]
    doc["grande"] = [A["Galicia"]] * 4
    for p, k in enumerate([4, 3, 2, 2]):
        put(doc, p, "Old Castile", k)  # Old Castile is 6/4/2
    assert area_points(load(doc), A["Old Castile"]) == [6, 4, 0, 0]


def test_tie_for_first_cancels_king_and_grande_bonus() -> None:
    doc = empty_doc(3)
    doc["king"] = A["Granada"]
    doc["grande"] = [A["Granada"], A["Seville"], A["Galicia"]]
    put(doc, 0, "Granada", 3)
    put(doc, 1, "Granada", 3)
    put(doc, 2, "Granada", 1)
    # 6/3/1: the pair tied for first both drop to 2nd (3 each), the next takes 3rd (1); no bonus
    assert area_points(load(doc), A["Granada"]) == [3, 3, 1]
    doc["cab"][1][A["Granada"]] = 2
    doc["prov"][1] += 1
    # sole majority in the King's region and in the home region: 6 + 2 (King) + 2 (Grande)
    assert area_points(load(doc), A["Granada"]) == [10, 3, 1]


def _targets(king: str) -> set[str]:
    doc = turn_doc(2, 0, "Intrigue: withdraw", king)
    put(doc, 0, "court", 3)
    s = load(doc)
    names = {s.where(a[1]) for a in s.legal_actions(0) if a[0] == "place"}
    return names


def test_placement_example_king_in_galicia() -> None:
    """King in Galicia: Caballeros go to Old Castile, the Basque Country or the Castillo."""
    assert _targets("Galicia") == {"Old Castile", "Basque Country", "Castillo"}


def test_placement_example_king_in_new_castile() -> None:
    """King in New Castile: Old Castile, Seville, Granada, Valencia, Aragon or the Castillo."""
    assert _targets("New Castile") == {"Old Castile", "Seville", "Granada", "Valencia", "Aragon", "Castillo"}


def test_france_example_ambassador_and_envoy_score_six() -> None:
    """Seed: one player with both the Ambassador and the Envoy scores 6 = 3 (majority) + 2 + 1."""
    doc = empty_doc(2, {"colonies": True})
    put(doc, 0, "France", 2)
    put(doc, 1, "France", 1)
    doc["france"] = [0, 0, 1]
    assert area_points(load(doc), A["France"]) == [6, 1]


def test_france_spaces_are_taken_in_order_of_value_and_hold_three() -> None:
    doc = turn_doc(2, 0, "The King's card", "Aragon", {"colonies": True})
    put(doc, 0, "court", 5)
    put(doc, 1, "France", 1)
    doc["france"] = [1, -1, -1]
    s = load(doc)
    s.apply(0, ("place", A["France"]))
    s.apply(0, ("place", A["France"]))
    assert s.france == [1, 0, 0]
    assert ("place", A["France"]) not in s.legal_actions(0)  # France is full


def _policy(s, p: int) -> tuple:
    """The other player's moves in the trip test: the first choice, never a special action."""
    legal = s.legal_actions(p)
    for a in legal:
        if a[0] == "done" and s.phase != 2:
            return a
    return legal[0]


def test_gold_disc_four_turn_trip() -> None:
    """Seed, "Bringing Gold and Wares to Spain": (1) a Caballero boards the Ship from court (the King
    in a coastal region), (2) sails to America and claims the Gold, (3) boards the Ship with it,
    (4) lands in a coastal region of Spain: +6 at once."""
    doc = empty_doc(2, {"colonies": True})
    doc["king"] = A["Valencia"]
    doc["grande"] = [A["Aragon"], A["Galicia"]]
    put(doc, 0, "court", 3)
    put(doc, 1, "court", 3)
    doc["discs"] = [[1, A["America"], -1]]
    doc["supply"] = {"gold": 7, "wares": 10}
    doc["last_start"] = 0
    doc["order"] = [0, 1]
    s = load(doc)
    assert s.phase == 0  # power cards

    def my_turn(card_power: int) -> None:
        # the other player plays its lowest power cards, takes a card and passes
        while not (s.phase == 0 and s.to_move() == [0]):
            p = s.to_move()[0]
            s.apply(p, _policy(s, p))
        s.apply(0, ("power", card_power))
        while s.phase == 0:
            s.apply(1, s.legal_actions(1)[0])
        assert s.to_move() == [0]

    # turn 1: from court onto the Ship; the Captain's space is empty, so Red may take it (and does)
    my_turn(13)
    s.apply(0, s.legal_actions(0)[0])  # take a card (power 13 brings nobody to court)
    s.apply(0, ("place", SHIP))
    assert s.captain == -1 and s.legal_actions(0) == [("post", 1), ("post", 0)]
    s.apply(0, ("post", 1))
    assert s.cab[0][SHIP] == 1 and s.captain == 0
    s.apply(0, ("done",))
    # turn 2: free move from the Ship to America, then claim the Gold (both free)
    my_turn(12)
    assert s.phase == 1  # the free moves come first
    s.apply(0, ("pick", 0, SHIP, 0))
    s.apply(0, ("drop", A["America"]))
    s.apply(0, ("post", 1))  # the Viceroy's space is empty: Red takes it
    assert s.captain == -1 and s.viceroy == 0
    s.apply(0, ("claim", 1))
    assert s.discs == [(1, A["America"], 0)] and s.viceroy == -1  # the Viceroy resigned to claim
    assert ("pick", 0, A["America"], 1) not in s.legal_actions(0)  # it arrived this turn
    s.apply(0, ("done",))
    s.apply(0, s.legal_actions(0)[0])
    s.apply(0, s.legal_actions(0)[0])
    s.apply(0, ("done",))
    # turn 3: back onto the Ship with the disc (free)
    my_turn(11)
    s.apply(0, ("pick", 0, A["America"], 1))
    assert ("drop", A["Valencia"]) not in s.legal_actions(0)
    s.apply(0, ("drop", SHIP))
    assert s.discs == [(1, SHIP, 0)] and s.captain == -1  # a carrier is never the Captain
    s.apply(0, ("done",))
    while s.to_move() == [0] and s.phase != 0:
        s.apply(0, ("done",) if ("done",) in s.legal_actions(0) else s.legal_actions(0)[0])
    # turn 4: land in a coastal region of Spain (not the King's): delivered, +6 at once
    my_turn(10)
    gold_before = s.parts[0][2]
    score_before = s.scores[0]
    s.apply(0, ("pick", 0, SHIP, 1))
    assert ("drop", A["Valencia"]) not in s.legal_actions(0)  # the King's region
    s.apply(0, ("drop", A["Seville"]))
    assert s.parts[0][2] - gold_before == 6 and s.scores[0] - score_before == 6
    assert s.discs == [] and s.supply[1] == 8
    assert s.cab[0][A["Seville"]] == 1
