"""Rules checked one by one in review, each against the exact sentence of the rules (seed or rules
reference) quoted in the docstring, in an exact position."""

from __future__ import annotations

import json

import pytest

from meeple.engine import BadState, IllegalAction
from meeple.games.elgrande.data import AMERICA, CARDS, FRANCE, MED, SHIP, VETO_CARDS

from .helpers import GAME, A, card_id, empty_doc, free_moves_doc, load, put, turn_doc

COL = {"colonies": True}


def _free_doc(king: str) -> dict:
    """Red's turn starts with a Caballero on the Ship (free moves first)."""
    doc = free_moves_doc(2, king)
    put(doc, 0, "Ship", 1)
    doc["captain"] = 0
    return doc


def test_seed_france_from_the_ship_only_when_the_king_is_in_aragon_or_catalonia() -> None:
    """Seed, France: "Caballeros can be moved to France when the King is in Aragon or Catalonia,
    directly from a player's court or the ship, and by action cards ..." """
    for king, allowed in (("Aragon", True), ("Catalonia", True), ("Seville", False), ("Old Castile", False)):
        s = load(_free_doc(king))
        s.apply(0, ("pick", 0, SHIP, 0))
        dests = {a[1] for a in s.legal_actions(0)}
        assert (FRANCE in dests) is allowed, king
        assert {AMERICA, MED} <= dests
    s = load(_free_doc("Seville"))
    s.apply(0, ("pick", 0, SHIP, 0))
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match="King is in Aragon or Catalonia"):
        s.apply(0, ("drop", FRANCE))
    assert json.dumps(s.to_json(), sort_keys=True) == before
    s = load(_free_doc("Aragon"))
    s.apply(0, ("pick", 0, SHIP, 0))
    s.apply(0, ("drop", FRANCE))
    assert s.france == [0, -1, -1] and s.captain == -1


def test_secret_disk_return_two_only_players_with_two_in_a_region() -> None:
    """§6 stack 2 / card text: "Each player chooses a region (where they have at least 2
    Caballeros) with their secret disc ... must return 2": a player with no such region has nothing
    to choose and loses nothing."""
    doc = turn_doc(3, 0, "Secret disk: return 2", "Aragon")
    put(doc, 0, "Seville", 3)
    put(doc, 1, "Galicia", 1)
    put(doc, 1, "Granada", 1)
    put(doc, 1, "Aragon", 4)  # the King's region does not count
    put(doc, 2, "Valencia", 2)
    s = load(doc)
    s.apply(0, ("special",))
    assert s.to_move() == [0, 2]
    assert s.legal_actions(2) == [("disk", A["Valencia"])]
    s.apply(0, ("disk", A["Seville"]))
    s.apply(2, ("disk", A["Valencia"]))
    assert s.cab[0][A["Seville"]] == 1 and s.cab[2][A["Valencia"]] == 0
    assert s.cab[1][A["Galicia"]] == 1 and s.cab[1][A["Granada"]] == 1 and s.phase == 5


def test_veto_is_kept_by_taking_the_card() -> None:
    """§6 stack 2: "Veto! Keep the card; during this or the next round cancel ... one other
    player's special action as it starts": the taker keeps it without any further step."""
    doc = turn_doc(2, 0, "Veto!", "Aragon")
    doc["phase"] = "card"
    doc["card"] = -1
    doc["faceup"] = [VETO_CARDS[0], card_id("The King's card")]
    put(doc, 0, "court", 2)
    s = load(doc)
    s.apply(0, ("card", VETO_CARDS[0]))
    assert s.vetoes == [(VETO_CARDS[0], 0, 0)]
    assert ("special",) not in s.legal_actions(0)  # nothing else to carry out
    s.apply(0, ("place", A["Valencia"]))
    s.apply(0, ("done",))
    # Yellow takes the King's card and announces its special action: Red may veto it
    s.apply(1, ("card", card_id("The King's card")))
    s.apply(1, ("special",))
    assert s.to_move() == [0] and s.legal_actions(0) == [("veto",), ("allow",)]
    s.apply(0, ("veto",))
    assert s.king == A["Aragon"] and s.vetoes == []


def _kept_doc() -> dict:
    doc = turn_doc(2, 0, "Silver Fleet", "Seville", COL)
    doc["grande"] = [A["Galicia"], A["Granada"]]
    return doc


def test_seed_seventh_stack_special_action_in_a_later_round() -> None:
    """Seed, Gold and Wares: "The discs are placed when the special action on the card is performed,
    which may occur in a later round than when the card is chosen. If the special action is not
    performed, the discs are not placed." A 7th-stack card whose special action was not carried out
    stays with its taker, who may carry it out in a later turn."""
    s = load(_kept_doc())
    fleet = card_id("Silver Fleet")
    s.apply(0, ("done",))
    assert s.kept == [(fleet, 0)] and s.discs == []
    # Yellow's turn: the card is Red's, not Yellow's
    assert all(a[0] != "use" for a in s.legal_actions(1))
    s.apply(1, s.legal_actions(1)[0])  # takes a card
    s.apply(1, ("done",))
    # round 2: Red may carry out the kept card's special action now
    assert s.rounds[s.round_i] == 2
    while s.to_move() != [0] or s.phase != 5:
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        s.apply(p, ("done",) if ("done",) in legal and s.phase != 5 else legal[0])
    assert ("use", fleet) in s.legal_actions(0)
    assert "Silver Fleet" in s.action_text(("use", fleet))
    s.apply(0, ("use", fleet))
    assert s.discs == [(1, AMERICA, -1), (1, AMERICA, -1)] and s.kept == []
    assert s.supply[1] == 6


def test_a_kept_seventh_stack_card_is_not_kept_once_carried_out_or_vetoed() -> None:
    """The special action is carried out once: performed (or vetoed) now, nothing is kept."""
    s = load(_kept_doc())
    s.apply(0, ("special",))
    s.apply(0, ("done",))
    assert s.kept == [] and len(s.discs) == 2
    doc = _kept_doc()
    doc["vetoes"] = [[VETO_CARDS[0], 1, 0]]
    s = load(doc)
    s.apply(0, ("special",))
    s.apply(1, ("veto",))
    s.apply(0, ("done",))
    assert s.kept == [] and s.discs == []


def test_kept_card_use_is_refused_in_the_same_round_and_for_others() -> None:
    doc = _kept_doc()
    doc["kept"] = [[card_id("Spice Caravel"), 1]]
    s = load(doc)
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match="kept"):
        s.apply(0, ("use", card_id("Spice Caravel")))
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_supply_of_discs_follows_the_discs_in_play() -> None:
    """A hand-made document may put discs in play without touching 'supply' (our supply sizes are a
    design decision, not a rule): the supply is what is not in play."""
    doc = empty_doc(2, COL)
    doc["discs"] = [[1, AMERICA, -1], [1, AMERICA, -1], [2, MED, -1]]
    s = load(doc)
    assert s.supply[1] == 6 and s.supply[2] == 9


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda d: d.update(held=["x", 1, 0]), "held"),
        (lambda d: d.update(held=[1, A["Seville"], 0]), "held"),
        (lambda d: d.update(mobile=[A["Seville"], A["Seville"]]), "scoreboard"),
        (lambda d: d.update(phase="effect", eff=card_id("Special scoring: the Castillo")), "at once"),
        (lambda d: d.update(phase="effect", eff=card_id("Silver Fleet"), sub=1), "sub"),
        (lambda d: d.update(phase="effect", eff=card_id("The Angry King"), queue=[]), "queue"),
        (lambda d: d.update(phase="effect", eff=card_id("Mobile scoreboard"), step=1, arg=7), "arg"),
        (lambda d: d.update(played=[0, 12], phase="court", card=-1, left=3), "power card"),
        (lambda d: d.update(turns=[0, 0]), "turns"),
        (lambda d: d.update(vetoes=[[3, 0, 0]]), "Veto"),
        (lambda d: d.update(vetoes=[[VETO_CARDS[0], 7, 0]]), "Veto"),
        (lambda d: d.update(discs=[[1, AMERICA, 0]]), "carr"),
        (lambda d: d.update(discs=[[1, SHIP, -1]]), "unclaimed"),
        (lambda d: d.update(kept=[[card_id("Veto!"), 0]]), "kept"),
        (lambda d: d.update(options={"colonies": False}, faceup=[card_id("Silver Fleet")]), "7th stack"),
        (lambda d: d.update(lock=A["Aragon"], phase="effect", eff=card_id("Intrigue: one region")), "lock"),
    ],
)
def test_edited_documents_are_refused_with_a_clear_message(edit, words: str) -> None:
    """state_from_json raises BadState (never a traceback, never a state that crashes later)."""
    doc = turn_doc(2, 0, "Intrigue: withdraw", "Aragon", COL)
    put(doc, 0, "court", 3)
    put(doc, 1, "Seville", 2)
    edit(doc)
    with pytest.raises(BadState, match=words):
        GAME.state_from_json(json.loads(json.dumps(doc)))


def test_edited_documents_in_every_phase_of_random_games_never_crash() -> None:
    """Documents of random positions with one field nudged: either BadState, or a state whose legal
    actions can all be applied."""
    from meeple.engine import Rng

    rng = Rng(5)
    checked = 0
    for seed in range(3):
        s = GAME.new_state(3, seed, COL)
        while not s.is_terminal() and checked < 400:
            p = s.to_move()[0]
            s.apply(p, rng.choice(s.legal_actions(p)))
            if rng.below(4):
                continue
            doc = s.to_json()
            key = rng.choice(sorted(k for k in doc if k not in ("game", "version", "num_players", "options")))
            value = doc[key]
            if isinstance(value, int) and not isinstance(value, bool):
                doc[key] = value + rng.choice([-2, -1, 1, 2, 20])
            elif isinstance(value, list) and value and isinstance(value[0], int):
                i = rng.below(len(value))
                value[i] += rng.choice([-1, 1, 5])
            else:
                continue
            checked += 1
            try:
                t = GAME.state_from_json(doc)
            except BadState:
                continue
            for q in t.to_move():
                for a in t.legal_actions(q):
                    u = t.clone()
                    u.apply(q, a)
                    u.view(q)
    assert checked > 50


def test_action_texts_name_what_is_chosen() -> None:
    doc = turn_doc(3, 0, "Exile", "Aragon")
    put(doc, 1, "Seville", 1)
    put(doc, 2, "Galicia", 1)
    s = load(doc)
    s.apply(0, ("special",))
    assert s.action_text(("ret", A["Seville"])) == "return a Yellow Caballero from Seville to the provinces"
    doc = turn_doc(2, 0, "The King's card", "Aragon")
    s = load(doc)
    s.apply(0, ("special",))
    assert s.action_text(("area", A["Seville"])) == "move the King to Seville"
    assert s.action_text(("done",)) == "stop here (end the special action)"
    names = {c["name"] for c in CARDS}
    assert len(names) == len({c["name"]: 0 for c in CARDS})


def test_seed_grande_may_move_to_a_new_region() -> None:
    """Seed: "The four new regions are treated just as the original regions, except they cannot be
    the target of a secret disk and the King can only go to France": the Grande card may move a
    Grande there (never into or out of the King's region, never to the Castillo)."""
    doc = turn_doc(2, 0, "Grande", "France", COL)
    doc["grande"] = [A["Seville"], A["Galicia"]]
    put(doc, 0, "America", 2)
    put(doc, 1, "America", 1)
    s = load(doc)
    s.apply(0, ("special",))
    dests = {a[1] for a in s.legal_actions(0)}
    assert {AMERICA, MED, SHIP} <= dests and FRANCE not in dests and A["Castillo"] not in dests
    assert s.action_text(("area", AMERICA)) == "move your Grande to America"
    s.apply(0, ("area", AMERICA))
    assert s.grande[0] == AMERICA
    s.check_invariants()
    # America 4/0/0: Red's sole majority in its home region: 4 + Grande 2
    from meeple.games.elgrande.scoring import area_points

    assert area_points(s, AMERICA) == [6, 0]
    again = load(json.loads(json.dumps(s.to_json())))
    assert again.grande == [AMERICA, A["Galicia"]]


def test_a_hand_made_turn_may_leave_the_turn_order_out() -> None:
    """'turns' follows from the power cards played and 'turn_i' from 'cur'."""
    doc = turn_doc(3, 1, "Intrigue: withdraw", "Aragon")
    doc["played"] = [4, 9, 2]
    doc["turns"] = []
    doc["turn_i"] = 0
    s = load(doc)
    assert s.turns == [1, 0, 2] and s.turn_i == 0
    doc["turns"] = [1, 0, 2]
    doc["cur"] = 0
    s = load(doc)
    assert s.turn_i == 1
    s.apply(0, ("done",))
    assert s.cur == 2


def test_seed_america_is_never_entered_from_court() -> None:
    """Seed: "The King never goes to these regions. Caballeros get there only via ship or by being
    repositioned using the special actions on some cards." """
    doc = turn_doc(2, 0, "The King's card", "Seville", COL)
    put(doc, 0, "court", 5)
    s = load(doc)
    assert {a[1] for a in s.legal_actions(0) if a[0] == "place"} == {
        A["New Castile"], A["Granada"], A["Castillo"], SHIP}
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match="only by the Ship"):
        s.apply(0, ("place", AMERICA))
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_general_scoring_scores_the_new_regions_too() -> None:
    """§7.1 "Score every region (including the King's region)" with the seed's new regions "treated
    just as the original regions": France 3/1/0 + Ambassador 2 + Envoy 1 (+ King's 2 for a sole
    majority, the King being in France), the Ship (Captain 3), America 4/0/0 + Viceroy 5 (not counted
    for the majority), the Mediterranean 4/2/1. The secret disk points into Spain only."""
    doc = empty_doc(2, COL)
    doc["round_i"] = 2
    doc["phase"] = "disk"
    doc["disk_kind"] = "general"
    doc["disk_need"] = [1, 1]
    doc["king"] = FRANCE
    doc["grande"] = [A["Galicia"], A["Granada"]]
    doc["faceup"] = []
    put(doc, 0, "France", 2)
    put(doc, 1, "France", 1)
    doc["france"] = [0, 1, 0]  # Red Ambassador and third space, Yellow Envoy
    put(doc, 1, "Ship", 2)
    doc["captain"] = 1
    put(doc, 0, "America", 1)
    put(doc, 1, "America", 2)
    doc["viceroy"] = 0  # Red's only Caballero there: counts 0 for the majority
    put(doc, 0, "Mediterranean", 1)
    put(doc, 1, "Mediterranean", 1)
    s = load(doc)
    assert {a[1] for a in s.legal_actions(0)} == set(range(9))
    s.apply(0, ("disk", A["Seville"]))
    s.apply(1, ("disk", A["Seville"]))
    red = (3 + 2 + 2) + 5 + 2  # France: 1st, Ambassador, King; America: Viceroy; Med: tied -> 2nd
    yellow = (1 + 1) + 3 + 4 + 2  # France: 2nd, Envoy; Ship: Captain; America: 1st; Med: 2nd
    assert s.scores == [red, yellow]
