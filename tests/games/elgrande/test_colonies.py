"""The Colonies regions (seed): France, the Ship and its Captain, America and its Viceroy, the
Mediterranean, Gold and Wares, the 7th stack, mobile scoreboards on the new regions."""

from __future__ import annotations

from meeple.games.elgrande.data import AMERICA, CARDS, FRANCE, MED, SHIP
from meeple.games.elgrande.scoring import area_points

from .helpers import GAME, A, card_id, empty_doc, load, put, turn_doc

COL = {"colonies": True}


def _targets(king: str) -> set[int]:
    doc = turn_doc(2, 0, "Intrigue: withdraw", king, COL)
    put(doc, 0, "court", 3)
    return {a[1] for a in load(doc).legal_actions(0) if a[0] == "place"}


def test_france_from_court_only_when_the_king_is_in_aragon_or_catalonia() -> None:
    assert FRANCE in _targets("Aragon") and FRANCE in _targets("Catalonia")
    assert FRANCE not in _targets("Valencia")


def test_ship_from_court_only_when_the_king_is_in_a_coastal_region() -> None:
    assert SHIP in _targets("Catalonia") and SHIP in _targets("Seville")
    assert SHIP not in _targets("Aragon") and SHIP not in _targets("New Castile")
    assert AMERICA not in _targets("Seville") and MED not in _targets("Seville")


def test_the_king_goes_only_to_france_among_the_new_regions() -> None:
    doc = turn_doc(2, 0, "The King's card", "Seville", COL)
    s = load(doc)
    s.apply(0, ("special",))
    dests = {a[1] for a in s.legal_actions(0)}
    assert FRANCE in dests and not dests & {SHIP, AMERICA, MED}
    s.apply(0, ("area", FRANCE))
    assert s.king == FRANCE
    s.apply(0, ("done",))


def test_king_in_france_freezes_it_and_places_next_to_it() -> None:
    assert _targets("France") == {A["Aragon"], A["Catalonia"], A["Castillo"], SHIP}


def test_secret_disk_never_targets_a_new_region() -> None:
    doc = turn_doc(2, 0, "Secret disk: return all", "Aragon", COL)
    put(doc, 0, "America", 3)
    put(doc, 0, "Seville", 1)
    put(doc, 1, "France", 1)
    doc["france"] = [1, -1, -1]
    s = load(doc)
    s.apply(0, ("special",))
    assert s.to_move() == [0]  # player 1 has Caballeros only in France: no disk to set
    assert s.legal_actions(0) == [("disk", A["Seville"])]


def test_ship_scores_only_the_captain() -> None:
    doc = empty_doc(2, COL)
    put(doc, 0, "Ship", 1)
    put(doc, 1, "Ship", 3)
    doc["captain"] = 0
    assert area_points(load(doc), SHIP) == [3, 0]


def test_viceroy_scores_five_and_does_not_count_for_the_majority() -> None:
    """America 4/0/0: Red has the Viceroy and 1 more (1 counts), Yellow 2: Yellow 4, Red 5."""
    doc = empty_doc(2, COL)
    put(doc, 0, "America", 2)
    put(doc, 1, "America", 2)
    doc["viceroy"] = 0
    assert area_points(load(doc), AMERICA) == [5, 4]


def test_mobile_scoreboard_on_a_new_region() -> None:
    doc = turn_doc(2, 0, "Mobile scoreboard", "Aragon", COL)
    put(doc, 0, "Mediterranean", 2)
    put(doc, 1, "Mediterranean", 1)
    s = load(doc)
    s.apply(0, ("special",))
    s.apply(0, ("board", 0))
    s.apply(0, ("area", MED))
    assert area_points(s, MED) == [8, 4]


def test_seventh_stack_card_places_discs_and_the_taker_may_claim() -> None:
    doc = turn_doc(2, 0, "Conquistadores", "Aragon", COL)
    put(doc, 0, "Seville", 2)
    s = load(doc)
    assert ("claim", 1) not in s.legal_actions(0)
    s.apply(0, ("special",))
    assert s.discs == [(1, AMERICA, -1)] and s.supply[1] == 7
    s.apply(0, ("pick", 0, A["Seville"], 0))
    assert {a[1] for a in s.legal_actions(0)} == {AMERICA}
    s.apply(0, ("drop", AMERICA))
    s.apply(0, ("post", 1))  # the Viceroy's space was empty: Red takes it
    s.apply(0, ("done",))
    assert s.viceroy == 0
    s.apply(0, ("claim", 1))  # the Viceroy resigns to claim the Gold
    assert s.discs == [(1, AMERICA, 0)] and s.viceroy == -1


def test_discs_are_not_placed_when_the_special_action_is_not_performed() -> None:
    doc = turn_doc(2, 0, "Silver Fleet", "Aragon", COL)
    s = load(doc)
    s.apply(0, ("done",))
    assert s.discs == [] and s.supply[1] == 8


def test_repositioning_a_carrier_into_spain_delivers_it() -> None:
    """Seed: repositioning cards bypass the Ship; the disc scores on reaching Spain."""
    doc = turn_doc(2, 0, "Homecoming Galleons", "Aragon", COL)
    put(doc, 0, "Mediterranean", 1)
    doc["discs"] = [[2, MED, 0]]
    doc["supply"] = {"gold": 8, "wares": 9}
    s = load(doc)
    s.apply(0, ("special",))  # + 1 Gold, 1 Wares in play
    s.apply(0, ("pick", 0, MED, 2))
    s.apply(0, ("drop", A["Old Castile"]))
    assert s.scores[0] == 4 and s.parts[0][2] == 4
    s.check_invariants()


def test_another_player_cannot_send_a_carrier_to_the_provinces() -> None:
    doc = turn_doc(2, 0, "Exile", "Aragon", COL)
    put(doc, 1, "America", 1)
    doc["discs"] = [[1, AMERICA, 1]]
    doc["supply"] = {"gold": 7, "wares": 10}
    s = load(doc)
    s.apply(0, ("special",))
    assert s.phase == 5 and s.cab[1][AMERICA] == 1  # nothing could be returned


def test_own_carrier_into_the_castillo_gives_up_the_disc() -> None:
    doc = turn_doc(2, 0, "Intrigue: 4 of your own", "Aragon", COL)
    put(doc, 0, "America", 1)
    doc["discs"] = [[1, AMERICA, 0]]
    doc["supply"] = {"gold": 7, "wares": 10}
    s = load(doc)
    s.apply(0, ("special",))
    s.apply(0, ("pick", 0, AMERICA, 1))
    s.apply(0, ("drop", A["Castillo"]))
    assert s.discs == [] and s.supply[1] == 8 and s.scores[0] == 0


def test_the_seventh_stack_has_eleven_designed_cards_and_is_dealt_with_colonies() -> None:
    assert sum(1 for c in CARDS if c["stack"] == 7) == 11
    assert sum(1 for c in CARDS if c["stack"] != 7) == 45
    s = GAME.new_state(3, 2, COL)
    assert len(s.faceup) == 6 and len(s.decks[-1]) == 10
    assert s.discs == [(1, AMERICA, -1), (2, MED, -1), (2, MED, -1)]
    assert card_id("Silver Fleet") in [c["id"] for c in CARDS if c["stack"] == 7]
