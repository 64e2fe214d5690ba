"""Rulebook review (second pass): each test sets up an exact position and checks the outcome the
rulebook gives, quoting the passage in its docstring. Base game: the rules reference
(`shared/rules/el-grande.md`, §-numbers); the Colonies regions: the seed (its section named)."""

from __future__ import annotations

from typing import Any

from meeple.games.elgrande.data import AMERICA, CASTILLO, FRANCE, GOLD, MED, SHIP, WARES
from meeple.games.elgrande.scoring import area_points
from meeple.games.elgrande.state import ElGrandeState

from .helpers import A, empty_doc, free_moves_doc, load, put, turn_doc
from .helpers import refused as _refused

COL = {"colonies": True}
COURT = 14




def _free_doc(king: str, n: int = 2) -> dict[str, Any]:
    """Red's turn starts (power card 13: nobody to court), in the free moves of the Ship."""
    doc = free_moves_doc(n, king)
    doc["order"] = list(range(n))
    return doc


def _dests(s: ElGrandeState, p: int) -> set[int]:
    return {a[1] for a in s.legal_actions(p) if a[0] == "drop"}


# ----- the Ship ------------------------------------------------------------------------------------


def test_ship_free_moves_go_to_the_colonies_and_coastal_spain_but_not_the_kings_region() -> None:
    """Seed, Ship: "If a player has Caballeros on the ship at the beginning of his turn, he can move
    them to America, France, the Mediterranean, or any coastal region of Spain, except, of course,
    the King's region." (France: only with the King in Aragon or Catalonia, seed, France.)"""
    doc = _free_doc("Valencia")
    put(doc, 0, "Ship", 1)
    s = load(doc)
    assert s.phase == 1 and s.to_move() == [0]
    s.apply(0, ("pick", 0, SHIP, 0))
    assert _dests(s, 0) == {AMERICA, MED, A["Catalonia"], A["Galicia"], A["Granada"], A["Basque Country"],
                            A["Seville"]}
    _refused(s, 0, ("drop", A["Valencia"]), "frozen")
    s = load(_free_doc_with("Catalonia", "Ship", 1))
    s.apply(0, ("pick", 0, SHIP, 0))
    assert _dests(s, 0) == {AMERICA, MED, FRANCE, A["Galicia"], A["Granada"], A["Basque Country"],
                            A["Seville"], A["Valencia"]}


def _free_doc_with(king: str, area: str, k: int) -> dict[str, Any]:
    doc = _free_doc(king)
    put(doc, 0, area, k)
    return doc


def test_ship_free_moves_are_in_addition_to_the_normal_turn() -> None:
    """Seed, Ship: the free moves are "in addition to his normal actions": after them the turn goes
    on with the provinces -> court step of the power card (§4.1: card 9 brings 2)."""
    doc = _free_doc_with("Valencia", "Ship", 1)
    doc["played"] = [9, 8]
    doc["used"] = [[9], [8]]
    s = load(doc)
    s.apply(0, ("pick", 0, SHIP, 0))
    s.apply(0, ("drop", A["Seville"]))
    assert s.cab[0][SHIP] == 0 and s.cab[0][A["Seville"]] == 1
    s.apply(0, ("done",))
    assert s.phase == 2 and s.legal_actions(0) == [("court", 2), ("court", 1), ("court", 0)]


def test_only_caballeros_there_at_the_beginning_of_the_turn_move() -> None:
    """Seed, Ship: "He may also move Caballeros that were in the Mediterranean or America at the
    beginning of his turn to the ship": one that sailed from the Ship to the Mediterranean this turn
    may not come back, one that was in the Mediterranean may board."""
    doc = _free_doc_with("Valencia", "Ship", 1)
    put(doc, 0, "Mediterranean", 1)
    doc["captain"] = 0
    s = load(doc)
    s.apply(0, ("pick", 0, SHIP, 0))
    s.apply(0, ("drop", MED))
    assert s.captain == -1 and s.cab[0][MED] == 2
    assert s.legal_actions(0) == [("pick", 0, MED, 0), ("done",)]
    s.apply(0, ("pick", 0, MED, 0))
    s.apply(0, ("drop", SHIP))
    assert s.post == (SHIP, 0)  # the Captain's space is empty: Red may put it there
    s.apply(0, ("post", 1))
    assert s.captain == 0 and s.cab[0][SHIP] == 1 and s.cab[0][MED] == 1
    assert s.legal_actions(0) == [("done",)]  # neither may move again this turn


def test_the_captain_may_leave_the_ship_and_the_space_stays_empty() -> None:
    """Seed, Ship: "The space may be empty while Caballeros are on the ship and the Captain may
    leave the ship using the same rules as for Caballeros"; the space is offered again only "when a
    player moves Caballeros to the ship"."""
    doc = _free_doc_with("Valencia", "Ship", 1)
    doc["captain"] = 0
    put(doc, 1, "Ship", 1)
    s = load(doc)
    s.apply(0, ("pick", 0, SHIP, 0))
    s.apply(0, ("drop", A["Granada"]))
    assert s.captain == -1 and s.cab[1][SHIP] == 1  # Yellow's Caballero is not promoted
    assert area_points(s, SHIP) == [0, 0]


def test_ship_scores_only_the_captain_even_against_a_majority() -> None:
    """Seed, Ship: "When the ship is scored, only the player with the Captain gets points": Yellow
    with 3 Caballeros aboard gets nothing, Red's Captain gets the Captain's 3 (rules ref. §10.2)."""
    doc = empty_doc(2, COL)
    put(doc, 0, "Ship", 1)
    put(doc, 1, "Ship", 3)
    doc["captain"] = 0
    doc["grande"] = [A["Galicia"], A["Granada"]]
    assert area_points(load(doc), SHIP) == [3, 0]


def test_placing_on_the_ship_needs_a_coastal_kings_region_france_included() -> None:
    """Seed, Ship: "Caballeros can be moved from a player's court to the ship when the King is in a
    coastal region (France, Catalonia, Valencia, Granada, Seville, Galicia, and Basque Country)"."""
    coastal = {"France", "Catalonia", "Valencia", "Granada", "Seville", "Galicia", "Basque Country"}
    for king in ("France", "Catalonia", "Valencia", "Granada", "Seville", "Galicia", "Basque Country",
                 "Aragon", "New Castile", "Old Castile"):
        doc = turn_doc(2, 0, "Intrigue: withdraw", king, COL)
        put(doc, 0, "court", 2)
        s = load(doc)
        assert (("place", SHIP) in s.legal_actions(0)) is (king in coastal), king
    doc = turn_doc(2, 0, "Intrigue: withdraw", "Aragon", COL)
    put(doc, 0, "court", 2)
    _refused(load(doc), 0, ("place", SHIP), "only when the King is in a coastal region")


# ----- France ---------------------------------------------------------------------------------------


def test_king_in_france_placement_and_ship_moves() -> None:
    """Seed: "the King can only go to France"; §5: the King's region is frozen and placement is next
    to it: with the King in France, court Caballeros go to Aragon, Catalonia (France's neighbours),
    the Castillo or the Ship (France is coastal), and the Ship may not sail to France."""
    doc = turn_doc(2, 0, "Intrigue: withdraw", "France", COL)
    put(doc, 0, "court", 2)
    s = load(doc)
    assert {a[1] for a in s.legal_actions(0) if a[0] == "place"} == {A["Aragon"], A["Catalonia"], CASTILLO, SHIP}
    _refused(s, 0, ("place", FRANCE), "frozen")
    s = load(_free_doc_with("France", "Ship", 1))
    s.apply(0, ("pick", 0, SHIP, 0))
    assert FRANCE not in _dests(s, 0)


def test_royal_adviser_moves_the_king_between_france_and_its_neighbours() -> None:
    """§6 Royal Adviser: "move the King to an adjacent region"; seed: of the new regions the King
    goes only to France (next to Aragon and Catalonia)."""
    doc = turn_doc(2, 0, "Royal Adviser", "Catalonia", COL)
    s = load(doc)
    s.apply(0, ("special",))
    assert {a[1] for a in s.legal_actions(0)} == {A["Aragon"], A["Valencia"], FRANCE}
    s.apply(0, ("area", FRANCE))
    assert s.king == FRANCE and s.phase == 5
    doc = turn_doc(2, 0, "Royal Adviser", "France", COL)
    s = load(doc)
    s.apply(0, ("special",))
    assert {a[1] for a in s.legal_actions(0)} == {A["Aragon"], A["Catalonia"]}


def test_france_scoring_with_the_king_there_and_a_three_way_tie() -> None:
    """Seed, France: "the player with the Ambassador gets 2 additional points and the player with
    the Envoy gets 1"; §7.2 "all tied players drop one place" (3/1/0: three tied firsts get 1 each);
    §5 the King's +2 needs a sole majority, so none here."""
    doc = empty_doc(3, COL)
    doc["grande"] = [A["Galicia"], A["Granada"], A["Seville"]]
    doc["king"] = FRANCE
    for p in range(3):
        put(doc, p, "France", 1)
    doc["france"] = [2, 0, 1]  # Green Ambassador, Red Envoy, Yellow third
    assert area_points(load(doc), FRANCE) == [1 + 1, 1, 1 + 2]
    doc["france"] = [2, 2, 1]
    doc["cab"][0][FRANCE] = 0
    doc["prov"][0] += 1
    doc["cab"][2][FRANCE] = 2
    doc["prov"][2] -= 1
    # Green 2 (Ambassador and Envoy), Yellow 1: 3 + 2 + 1 + the King's 2 = 8 (seed's 6 plus the King)
    assert area_points(load(doc), FRANCE) == [0, 1, 8]


def test_france_holds_three_and_a_full_france_takes_no_more_from_any_side() -> None:
    """Seed, France: "There is room for only 3 Caballeros in France; there are three spaces for
    them." Placement, the Ship's free moves and repositioning cards all stop at 3."""
    doc = turn_doc(2, 0, "Intrigue: 4 of your own", "Aragon", COL)
    put(doc, 0, "court", 2)
    put(doc, 0, "Seville", 2)
    put(doc, 1, "France", 3)
    doc["france"] = [1, 1, 1]
    s = load(doc)
    assert ("place", FRANCE) not in s.legal_actions(0)
    _refused(s, 0, ("place", FRANCE), "only 3")
    s.apply(0, ("special",))
    s.apply(0, ("pick", 0, A["Seville"], 0))
    assert FRANCE not in _dests(s, 0)
    _refused(s, 0, ("drop", FRANCE), "only 3")


# ----- America, the Viceroy, Gold and Wares ------------------------------------------------------------


def test_america_viceroy_tie_for_the_majority_scores_nothing_but_the_viceroy() -> None:
    """Seed, America: "the player with the Viceroy gets 5 points, but the Viceroy is not counted when
    determining the Caballero majority"; America 4/0/0 (rules ref. §10.2); §7.2 tied players drop
    a place (to 0 here). Red: Viceroy + 2, Yellow 2: a tie, Red gets only the Viceroy's 5."""
    doc = empty_doc(2, COL)
    doc["grande"] = [A["Galicia"], A["Granada"]]
    put(doc, 0, "America", 3)
    put(doc, 1, "America", 2)
    doc["viceroy"] = 0
    assert area_points(load(doc), AMERICA) == [5, 0]
    doc["viceroy"] = 1  # now Yellow's Viceroy does not count: Red 3 against 1
    assert area_points(load(doc), AMERICA) == [4, 5]


def test_mediterranean_scores_four_two_one() -> None:
    """Rules ref. §10.2: the Mediterranean scores 4/2/1; carriers count as normal (seed: a Caballero
    with a disc "counts as normal when determining the majority in a region")."""
    doc = empty_doc(3, COL)
    doc["grande"] = [A["Galicia"], A["Granada"], A["Seville"]]
    put(doc, 0, "Mediterranean", 2)
    put(doc, 1, "Mediterranean", 3)
    put(doc, 2, "Mediterranean", 1)
    doc["discs"] = [[WARES, MED, 0], [WARES, MED, 0]]
    doc["supply"] = {"gold": 8, "wares": 8}
    assert area_points(load(doc), MED) == [2, 4, 1]


def test_a_claimed_disc_cannot_be_taken_by_another_player() -> None:
    """Seed, Gold and Wares: "Once a Caballero has claimed a disc, the disc cannot be taken by
    another player." Red's Caballero in America carries the only Gold: Yellow cannot claim."""
    doc = _free_doc("Valencia")
    doc["cur"] = 1
    doc["turn_i"] = 1
    put(doc, 0, "America", 1)
    put(doc, 1, "America", 1)
    doc["discs"] = [[GOLD, AMERICA, 0]]
    doc["supply"] = {"gold": 7, "wares": 10}
    s = load(doc)
    assert s.to_move() == [1]
    assert s.legal_actions(1) == [("pick", 1, AMERICA, 0), ("done",)]
    _refused(s, 1, ("claim", GOLD), "unclaimed disc")


def test_viceroy_resigns_only_to_claim_gold() -> None:
    """Seed, America: "The Viceroy may not have or claim Gold or Wares, but may "resign" to claim
    Gold as a free action": Red's only Caballero in America is the Viceroy; claiming the Gold makes
    it a carrier and leaves the Viceroy's space empty."""
    doc = _free_doc("Valencia")
    put(doc, 0, "America", 1)
    doc["viceroy"] = 0
    doc["discs"] = [[GOLD, AMERICA, -1], [WARES, MED, -1]]
    doc["supply"] = {"gold": 7, "wares": 9}
    s = load(doc)
    assert ("claim", GOLD) in s.legal_actions(0) and ("claim", WARES) not in s.legal_actions(0)
    s.apply(0, ("claim", GOLD))
    assert s.viceroy == -1 and s.discs == [(GOLD, AMERICA, 0), (WARES, MED, -1)]
    # it was in America at the beginning of the turn: it may take the Gold onto the Ship now
    assert s.legal_actions(0) == [("pick", 0, AMERICA, 1), ("done",)]


def test_a_caballero_that_arrived_this_turn_does_not_sail_on_with_the_gold() -> None:
    """Seed, Ship: "He may also move Caballeros that were in the Mediterranean or America at the
    beginning of his turn to the ship"; the 4-turn trip: "move Caballero to the region onto a disc",
    then (a later turn) "move Caballero onto the ship with the disc". Red's Viceroy was in America;
    a second Caballero sails there from the Ship and claims the Gold (the Viceroy stays): that
    carrier arrived this turn and may not board the Ship again now."""
    doc = _free_doc("Aragon")
    put(doc, 0, "Ship", 1)
    put(doc, 0, "America", 1)
    doc["viceroy"] = 0
    doc["discs"] = [[GOLD, AMERICA, -1]]
    doc["supply"] = {"gold": 7, "wares": 10}
    s = load(doc)
    s.apply(0, ("pick", 0, SHIP, 0))
    s.apply(0, ("drop", AMERICA))
    assert s.post == ()  # the Viceroy's space is taken: nothing offered
    s.apply(0, ("claim", GOLD))
    assert s.viceroy == 0 and s.discs == [(GOLD, AMERICA, 0)]
    assert ("pick", 0, AMERICA, GOLD) not in s.legal_actions(0)


def test_the_captain_alone_at_the_start_is_the_one_that_sails_on() -> None:
    """Seed, Ship: "If a player has Caballeros on the ship at the beginning of his turn, he can move
    them ..."; "the Captain may leave the ship using the same rules as for Caballeros". Red's only
    Caballero on the Ship is the Captain; another boards from America (a free move). Only the Captain
    was there at the beginning of the turn, so a Caballero landing in Seville now is the Captain: the
    space is left empty (the newcomer is not promoted: it boarded while the space was taken)."""
    doc = _free_doc_with("Aragon", "Ship", 1)
    put(doc, 0, "America", 1)
    doc["captain"] = 0
    s = load(doc)
    s.apply(0, ("pick", 0, AMERICA, 0))
    s.apply(0, ("drop", SHIP))
    assert s.post == ()
    s.apply(0, ("pick", 0, SHIP, 0))
    s.apply(0, ("drop", A["Seville"]))
    assert s.cab[0][SHIP] == 1 and s.cab[0][A["Seville"]] == 1
    assert s.captain == -1


def test_delivery_scores_at_once_and_france_is_not_spain() -> None:
    """Seed: "The discs score points for a player only when they reach Spain. The player scores the
    points immediately: 6 for Gold, 4 for Wares." Wares sailing to Seville: +4 at once, the disc
    goes back beside the board; Gold sailing to France (not Spain) scores nothing and stays carried."""
    doc = _free_doc("Aragon")
    put(doc, 0, "Ship", 2)
    doc["discs"] = [[WARES, SHIP, 0], [GOLD, SHIP, 0]]
    doc["supply"] = {"gold": 7, "wares": 9}
    s = load(doc)
    s.apply(0, ("pick", 0, SHIP, WARES))
    s.apply(0, ("drop", A["Seville"]))
    assert s.scores == [4, 0] and s.parts[0] == [0, 0, 4] and s.supply == [0, 7, 10]
    s.apply(0, ("pick", 0, SHIP, GOLD))
    s.apply(0, ("drop", FRANCE))
    assert s.scores == [4, 0] and s.discs == [(GOLD, FRANCE, 0)] and s.france == [0, -1, -1]


def test_evicted_carrier_reaching_spain_scores_for_its_owner() -> None:
    """Seed: a disc scores "when [it reaches] Spain", for the carrier's owner; §6 Eviction: every
    opponent moves all their Caballeros from the named region to the region of their disk. Yellow's
    Gold carrier and plain Caballero leave America for Castile: +6 for Yellow."""
    doc = turn_doc(2, 0, "Eviction", "Aragon", COL)
    doc["grande"] = [A["Galicia"], A["Granada"]]
    put(doc, 1, "America", 2)
    doc["discs"] = [[GOLD, AMERICA, 1]]
    doc["supply"] = {"gold": 7, "wares": 10}
    s = load(doc)
    s.apply(0, ("special",))
    s.apply(0, ("area", AMERICA))
    assert s.to_move() == [1] and ("disk", A["Aragon"]) not in s.legal_actions(1)
    s.apply(1, ("disk", A["Old Castile"]))
    assert s.cab[1][AMERICA] == 0 and s.cab[1][A["Old Castile"]] == 2
    assert s.scores == [0, 6] and s.parts[1] == [0, 0, 6] and s.discs == []


def test_angry_king_owner_may_return_a_carrier_which_gives_up_the_disc() -> None:
    """Seed: "If a player chooses to move his own Caballero to the Castillo or the provinces, he
    places the disc near the board with the others"; §6 The Angry King: each opponent returns 3
    "taken from their court and/or any regions". Yellow's only Caballeros: a Wares carrier and 2 at
    home: it returns all three, the Wares go back beside the board, no points."""
    doc = turn_doc(2, 0, "The Angry King", "Aragon", COL)
    doc["grande"] = [A["Galicia"], A["Granada"]]
    put(doc, 1, "Mediterranean", 1)
    put(doc, 1, "Granada", 2)
    doc["discs"] = [[WARES, MED, 1]]
    doc["supply"] = {"gold": 8, "wares": 9}
    s = load(doc)
    s.apply(0, ("special",))
    assert s.legal_actions(1) == [("ret", A["Granada"]), ("ret", MED)]
    s.apply(1, ("ret", MED))
    s.apply(1, ("ret", A["Granada"]))
    s.apply(1, ("ret", A["Granada"]))
    assert s.discs == [] and s.supply == [0, 8, 10] and s.scores == [0, 0]
    assert s.prov[1] == 30 and s.phase == 5 and s.to_move() == [0]


def test_discs_placed_only_as_far_as_the_supply_goes() -> None:
    """Seed: "For every picture on such a card, a corresponding disc is placed in America or the
    Mediterranean" (Gold in America, Wares in the Mediterranean); the supply (8 Gold / 10 Wares, our
    data) limits it: Trade Winds (1 Gold, 2 Wares) with 1 Wares left places 1 Gold and 1 Wares."""
    doc = turn_doc(2, 0, "Trade Winds", "Aragon", COL)
    doc["grande"] = [A["Galicia"], A["Granada"]]
    put(doc, 1, "Mediterranean", 9)
    doc["discs"] = [[WARES, MED, 1]] * 9
    doc["supply"] = {"gold": 8, "wares": 1}
    s = load(doc)
    s.apply(0, ("special",))
    assert s.supply == [0, 7, 0]
    assert s.discs.count((GOLD, AMERICA, -1)) == 1 and s.discs.count((WARES, MED, -1)) == 1


# ----- base game ------------------------------------------------------------------------------------


def test_recall_from_regions_never_from_the_kings_region_or_the_castillo() -> None:
    """§4.1: "If provinces run short, you may take your own Caballeros back from regions (never from
    the King's region or the Castillo)". Power card 1 brings 6; provinces hold 1."""
    doc = empty_doc(2)
    doc["king"] = A["Aragon"]
    doc["grande"] = [A["Galicia"], A["Granada"]]
    put(doc, 0, "Aragon", 5)
    put(doc, 0, "Castillo", 5)
    put(doc, 0, "Seville", 2)
    put(doc, 0, "court", 17)
    doc["phase"] = "court"
    doc["cur"] = 0
    doc["played"] = [1, 2]
    doc["used"] = [[1], [2]]
    doc["bid_i"] = 2
    doc["turns"] = [0, 1]
    doc["left"] = 6  # power card 1
    s = load(doc)
    assert s.prov[0] == 1 and s.legal_actions(0) == [("court", 1), ("court", 0)]
    s.apply(0, ("court", 1))
    assert s.legal_actions(0) == [("recall", A["Seville"]), ("done",)]
    s.apply(0, ("recall", A["Seville"]))
    s.apply(0, ("recall", A["Seville"]))
    assert s.court[0] == 20 and s.cab[0][A["Seville"]] == 0 and s.phase == 4  # choose a card


def test_turn_order_and_the_next_start_player() -> None:
    """§4.3-4.4: turns "in descending power-card order"; the next round's bidding starts with "the
    player who acted last in the previous round (i.e. who played the lowest power card)"."""
    doc = empty_doc(3)
    doc["order"] = [1, 2, 0]
    doc["last_start"] = 1
    s = load(doc)
    assert s.to_move() == [1]
    s.apply(1, ("power", 5))
    _refused(s, 2, ("power", 5), "already played this round")
    s.apply(2, ("power", 11))
    s.apply(0, ("power", 2))
    assert s.turns == [2, 1, 0] and s.cur == 2 and s.last_start == 0


def test_tie_for_second_drops_to_third_and_the_next_gets_nothing() -> None:
    """§7.2: "all tied players drop one place and each receives that lower place's value; the next
    player after the tied group takes the place after that". New Castile 7/4/2: 5, 3, 3, 1 -> 7, 2,
    2, 0; with the King there, the sole first gets +2 (§5)."""
    doc = empty_doc(4)
    doc["king"] = A["New Castile"]
    doc["grande"] = [A["Galicia"], A["Granada"], A["Seville"], A["Aragon"]]
    for p, k in enumerate((5, 3, 3, 1)):
        put(doc, p, "New Castile", k)
    assert area_points(load(doc), A["New Castile"]) == [9, 2, 2, 0]


def test_grande_bonus_needs_the_sole_majority_in_the_own_home_region() -> None:
    """§5: "if you have the sole majority in the region where your own Grande stands when it is
    scored, +2". Yellow's Grande is in Valencia (5/3/2) where Red leads: only Yellow's own home
    counts, so Red gets 5, Yellow 3 and no bonus; Red in its own home Galicia (4/2/0) gets 4 + 2."""
    doc = empty_doc(2)
    doc["king"] = A["Aragon"]
    doc["grande"] = [A["Galicia"], A["Valencia"]]
    put(doc, 0, "Valencia", 3)
    put(doc, 1, "Valencia", 2)
    put(doc, 0, "Galicia", 1)
    s = load(doc)
    assert area_points(s, A["Valencia"]) == [5, 3]
    assert area_points(s, A["Galicia"]) == [6, 0]


def test_general_scoring_disk_in_the_kings_region_sends_the_castillo_caballeros_to_court() -> None:
    """§7.1: "The King's region is illegal; choosing it ... sends that player's Castillo Caballeros
    back to their court"; the Castillo is scored first (5/3/1), then the regions."""
    doc = empty_doc(2)
    doc["king"] = A["Aragon"]
    doc["grande"] = [A["Galicia"], A["Granada"]]
    put(doc, 0, "Castillo", 3)
    put(doc, 1, "Castillo", 2)
    put(doc, 1, "Seville", 1)
    doc["round_i"] = 2
    doc["phase"] = "disk"
    doc["disk_kind"] = "general"
    doc["disk_need"] = [1, 1]
    doc["played"] = [13, 12]
    doc["used"] = [[13], [12]]
    doc["bid_i"] = 2
    doc["faceup"] = []
    s = load(doc)
    s.apply(0, ("disk", A["Aragon"]))
    s.apply(1, ("disk", A["Seville"]))
    # Castillo: Red 5, Yellow 3; Seville (4/3/1): Yellow 3 alone -> 4; nothing else held
    assert s.court[0] == 3 and s.cab[0][CASTILLO] == 0 and s.cab[1][A["Seville"]] == 3
    assert s.scores == [5, 3 + 4] and s.round_i == 3 and s.phase == 0


def test_the_game_ends_after_the_third_general_scoring() -> None:
    """§7.3: "After the third general scoring the player furthest on the success track wins"."""
    doc = empty_doc(2)
    doc["king"] = A["Aragon"]
    doc["grande"] = [A["Galicia"], A["Granada"]]
    put(doc, 1, "Seville", 1)
    doc["scores"] = [10, 7]
    doc["parts"] = [[10, 0, 0], [7, 0, 0]]
    doc["round_i"] = 8
    doc["phase"] = "disk"
    doc["disk_kind"] = "general"
    doc["disk_need"] = [1, 1]
    doc["played"] = [13, 12]
    doc["used"] = [[13], [12]]
    doc["bid_i"] = 2
    doc["faceup"] = []
    s = load(doc)
    s.apply(0, ("disk", A["Seville"]))
    s.apply(1, ("disk", A["Seville"]))
    assert s.is_terminal() and s.scores == [10, 11]
    r = s.result()
    assert r.ranks == [2, 1] and r.winners == [1]


def test_a_repositioning_card_may_move_an_opponents_captain() -> None:
    """Seed, Ship: "the Captain may leave the ship using the same rules as for Caballeros"; §6 stack 1
    "Move up to 3 opponents' Caballeros" (any of them). Yellow has the Captain and one more
    Caballero on the Ship: Red's card may take the Captain away (Yellow then scores nothing there)."""
    doc = turn_doc(2, 0, "Intrigue: 3 opponents'", "Aragon", COL)
    doc["grande"] = [A["Galicia"], A["Granada"]]
    put(doc, 1, "Ship", 2)
    doc["captain"] = 1
    outcomes = set()
    s0 = load(doc)
    s0.apply(0, ("special",))
    for pick in [a for a in s0.legal_actions(0) if a[0] == "pick" and a[2] == SHIP]:
        s = s0.clone()
        s.apply(0, pick)
        s.apply(0, ("drop", A["Seville"]))
        outcomes.add((s.captain, s.cab[1][SHIP]))
    assert (-1, 1) in outcomes


def test_veto_holders_answer_in_turn_and_the_first_veto_cancels() -> None:
    """§6 Veto!: "during this or the next round cancel ... one other player's special action as it
    starts; then discard". Yellow and Green hold one each; Yellow lets Red's King's card go, Green
    vetoes it: the King stays, Green's Veto is spent, Yellow's is still held."""
    from meeple.games.elgrande.data import VETO_CARDS

    doc = turn_doc(3, 0, "The King's card", "Aragon")
    doc["vetoes"] = [[VETO_CARDS[0], 2, 0], [VETO_CARDS[1], 1, 0]]
    s = load(doc)
    s.apply(0, ("special",))
    assert s.to_move() == [1] and s.legal_actions(1) == [("veto",), ("allow",)]
    s.apply(1, ("allow",))
    assert s.to_move() == [2]
    s.apply(2, ("veto",))
    assert s.king == A["Aragon"] and s.vetoes == [(VETO_CARDS[1], 1, 0)] and s.to_move() == [0]
    assert ("special",) not in s.legal_actions(0)


def test_no_general_scoring_after_round_four() -> None:
    """§4.6: general scoring "After rounds 3, 6, 9" only: the end of round 4 goes straight to the
    bidding of round 5, with no disks and no points."""
    doc = turn_doc(2, 1, "Intrigue: withdraw", "Aragon")
    doc["grande"] = [A["Galicia"], A["Granada"]]
    put(doc, 0, "Castillo", 2)
    put(doc, 1, "Seville", 2)
    doc["round_i"] = 3
    doc["last_start"] = 1
    s = load(doc)
    s.apply(1, ("done",))
    assert s.phase == 0 and s.round_i == 4 and s.scores == [0, 0] and s.cab[0][CASTILLO] == 2
    assert s.to_move() == [1]  # Yellow played the lower card and opens the bidding
    doc["round_i"] = 2
    s = load(doc)
    s.apply(1, ("done",))
    assert s.phase == 8 and s.to_move() == [0, 1]  # after round 3: the general scoring's disks
