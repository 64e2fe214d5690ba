"""Action cards of the rules reference §6 that had no exact test, each in an exact position."""

from __future__ import annotations

from meeple.games.elgrande.data import AMERICA, CASTILLO, MED

from .helpers import A, load, put, turn_doc


def _moves_allowed(card: str) -> tuple[int, set[int]]:
    """How many Caballeros the card moves at most, and whose it may pick first."""
    doc = turn_doc(3, 0, card, "Aragon")
    doc["grande"] = [A["Galicia"]] * 3
    for p in range(3):
        put(doc, p, "Seville", 5)
    s = load(doc)
    s.apply(0, ("special",))
    owners = {a[1] for a in s.legal_actions(0) if a[0] == "pick"}
    moved = 0
    while s.phase == 6:
        pick = next(a for a in s.legal_actions(0) if a[0] == "pick" and a[2] == A["Seville"])
        s.apply(0, pick)
        s.apply(0, ("drop", A["Granada"]))
        moved += 1
    return moved, owners


def test_intrigue_move_limits_and_colours() -> None:
    """§6 stack 1: up to 4 of any colour; up to 4 of your own; up to 3 opponents'; up to 3 any."""
    assert _moves_allowed("Intrigue: 4 of any colour") == (4, {0, 1, 2})
    assert _moves_allowed("Intrigue: 4 of your own") == (4, {0})
    assert _moves_allowed("Intrigue: 3 opponents'") == (3, {1, 2})
    assert _moves_allowed("Intrigue: 3 of any colour") == (3, {0, 1, 2})


def test_decay_of_authority_all() -> None:
    """§6 stack 2: every opponent returns all Caballeros in their court to the provinces."""
    doc = turn_doc(3, 0, "Decay of Authority: all", "Aragon")
    for p, k in enumerate((4, 6, 1)):
        put(doc, p, "court", k)
    s = load(doc)
    s.apply(0, ("special",))
    assert s.court == [4, 0, 0] and s.prov == [26, 30, 30]


def test_special_scoring_of_a_region_of_your_choice_includes_the_kings_region() -> None:
    """§6 stack 2 (×3) / stack 3: one region scored now; the King's region is scored normally, with
    the King's +2 for a sole majority (§5)."""
    doc = turn_doc(2, 0, "Special scoring: a region of your choice", "Granada")
    doc["grande"] = [A["Galicia"], A["Galicia"]]
    put(doc, 0, "Granada", 3)
    put(doc, 1, "Granada", 1)
    s = load(doc)
    s.apply(0, ("special",))
    s.apply(0, ("area", A["Granada"]))
    assert s.scores == [6 + 2, 3] and s.parts[0] == [0, 8, 0]


def test_special_scoring_any_area_may_be_the_castillo_which_keeps_its_caballeros() -> None:
    doc = turn_doc(3, 0, "Special scoring: any area", "Aragon")
    for p, k in enumerate((2, 2, 1)):
        put(doc, p, "Castillo", k)
    s = load(doc)
    s.apply(0, ("special",))
    s.apply(0, ("area", CASTILLO))
    assert s.scores == [3, 3, 1]  # 5/3/1, the pair tied for first both take 2nd
    assert [s.cab[p][CASTILLO] for p in range(3)] == [2, 2, 1]


def test_special_scoring_the_castillo() -> None:
    doc = turn_doc(2, 0, "Special scoring: the Castillo", "Aragon")
    put(doc, 0, "Castillo", 1)
    put(doc, 1, "Castillo", 3)
    s = load(doc)
    s.apply(0, ("special",))
    assert s.scores == [3, 5] and s.cab[1][CASTILLO] == 3


def _value_scoring(card: str, options: dict | None = None) -> list[int]:
    """One Red Caballero in every region of Spain (and the new ones with colonies): each scored
    region gives Red its 1st value (no bonus: the Grandes are elsewhere, the King in Aragon)."""
    doc = turn_doc(2, 0, card, "Aragon", options)
    doc["grande"] = [A["Aragon"], A["Aragon"]]
    regions = ["New Castile", "Old Castile", "Catalonia", "Galicia", "Granada", "Basque Country", "Seville",
               "Valencia"]
    if options:
        regions += ["America", "Mediterranean"]
    for r in regions:
        put(doc, 0, r, 1)
    s = load(doc)
    s.apply(0, ("special",))
    return s.scores


def test_special_scoring_by_printed_value() -> None:
    """§6 stack 3: 5-point regions (Aragon, Basque Country, Valencia; Aragon is empty), 4-point
    regions (Catalonia, Galicia, Seville; with colonies also America 4/0/0 and the Mediterranean
    4/2/1), 6- and 7-point regions (Old Castile, Granada, New Castile)."""
    assert _value_scoring("Special scoring: 5-point regions") == [5 + 5, 0]
    assert _value_scoring("Special scoring: 4-point regions") == [4 * 3, 0]
    assert _value_scoring("Special scoring: 6- and 7-point regions") == [6 + 6 + 7, 0]
    assert _value_scoring("Special scoring: 4-point regions", {"colonies": True}) == [4 * 5, 0]


def test_first_places_only_in_the_new_regions() -> None:
    doc = turn_doc(2, 0, "Special scoring: first places", "Aragon", {"colonies": True})
    doc["grande"] = [A["Galicia"], A["Galicia"]]
    put(doc, 0, "Mediterranean", 2)
    put(doc, 1, "Mediterranean", 1)
    put(doc, 1, "America", 1)
    s = load(doc)
    s.apply(0, ("special",))
    assert s.scores == [4, 4]
    assert s.cab[0][MED] == 2 and s.cab[1][AMERICA] == 1
