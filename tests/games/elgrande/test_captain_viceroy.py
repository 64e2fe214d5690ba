"""The Captain and the Viceroy as Caballeros that move (seed, Ship: "the Captain may leave the ship
using the same rules as for Caballeros"; America: "the Viceroy may leave America using the same rules
as for Caballeros"): which of a player's Caballeros may sail at the free moves (only those there "at
the beginning of his turn", the Captain/Viceroy included: `fresh_roles`), and `pick owner area 3`,
which names the Captain/Viceroy itself, at the free moves and for the cards."""

from __future__ import annotations

import json
from typing import Any

import pytest

from meeple.engine import BadState
from meeple.games.elgrande.data import AMERICA, CASTILLO, GOLD, MED, SHIP
from meeple.games.elgrande.pieces import ROLE
from meeple.games.elgrande.state import ElGrandeState

from .helpers import GAME, A, free_moves_doc, load, put, refused, turn_doc

COL = {"colonies": True}
SEVILLE = A["Seville"]


def _refused(s: ElGrandeState, p: int, action: tuple, words: str) -> None:
    """The action is refused with exactly `words` as its reason and the position is unchanged."""
    refused(s, p, action, f": {words}. Legal now:")


def _free_doc() -> dict[str, Any]:
    """Red's turn starts in the free moves of the Ship; the King in Aragon (not coastal, so Seville
    is open to the Ship)."""
    return free_moves_doc(2, "Aragon")


def _texts(s: ElGrandeState, p: int) -> list[str]:
    return [s.action_text(a) for a in s.legal_actions(p)]


# ----- free moves: which Caballero may sail ------------------------------------------------------------


def test_free_moves_name_the_captain_or_another_caballero() -> None:
    """Seed, Ship: Red's Captain and another Caballero were on the Ship at the beginning of the turn:
    either may sail; `pick 0 11 3` sends the Captain (its space stays empty, the other is not
    promoted), `pick 0 11 0` the other one (the Captain stays)."""
    doc = _free_doc()
    put(doc, 0, "Ship", 2)
    doc["captain"] = 0
    s = load(doc)
    assert s.legal_actions(0) == [("pick", 0, SHIP, 0), ("pick", 0, SHIP, ROLE), ("done",)]
    assert _texts(s, 0) == ["pick up a Red Caballero on the Ship (not the Captain)",
                            "pick up the Red Captain on the Ship", "end the free moves of the Ship"]
    t = s.clone()
    t.apply(0, ("pick", 0, SHIP, 0))
    t.apply(0, ("drop", SEVILLE))
    assert t.captain == 0 and t.cab[0][SHIP] == 1 and t.cab[0][SEVILLE] == 1
    s.apply(0, ("pick", 0, SHIP, ROLE))
    assert s.held == (0, SHIP, ROLE)
    s.apply(0, ("drop", SEVILLE))
    assert s.captain == -1 and s.cab[0][SHIP] == 1 and s.cab[0][SEVILLE] == 1
    assert s.events[-1].text == "Red moves the Captain from the Ship to Seville"
    assert s.legal_actions(0) == [("pick", 0, SHIP, 0), ("done",)]
    assert _texts(s, 0)[0] == "pick up a Red Caballero on the Ship"


def test_a_captain_made_this_turn_stays_and_the_one_there_before_sails() -> None:
    """Seed, Ship: only Caballeros that were there "at the beginning of his turn" move. Red's plain
    Caballero was on the Ship; another boards from America and takes the empty Captain's space: the
    Captain arrived this turn (`fresh_roles` [1, 0], kept through the document), so only the other one
    may sail on, and the Captain may not."""
    doc = _free_doc()
    put(doc, 0, "Ship", 1)
    put(doc, 0, "America", 1)
    s = load(doc)
    s.apply(0, ("pick", 0, AMERICA, 0))
    s.apply(0, ("drop", SHIP))
    s.apply(0, ("post", 1))
    assert s.captain == 0 and s.fresh == [1, 0, 0, 0, 0, 0, 0, 0, 0] and s.fresh_roles == [1, 0]
    d = s.to_json()
    assert d["fresh_roles"] == [1, 0]
    t = load(d)
    assert t.fresh_roles == [1, 0] and t.to_json() == d
    for x in (s, t):
        assert x.legal_actions(0) == [("pick", 0, SHIP, 0), ("done",)]
        assert _texts(x, 0)[0] == "pick up a Red Caballero on the Ship (not the Captain)"
        _refused(x, 0, ("pick", 0, SHIP, ROLE), "the Captain arrived on the Ship this turn: only Caballeros "
                 "that were there at the beginning of the turn move (seed, Ship)")
    s.apply(0, ("pick", 0, SHIP, 0))
    s.apply(0, ("drop", SEVILLE))
    assert s.captain == 0 and s.cab[0][SHIP] == 1 and s.cab[0][SEVILLE] == 1
    assert s.legal_actions(0) == [("done",)]
    _refused(s, 0, ("pick", 0, SHIP, 0), "that Captain arrived on the Ship this turn: only Caballeros that "
             "were there at the beginning of the turn move (seed, Ship)")
    s.apply(0, ("done",))
    assert s.fresh_roles == [0, 0] and s.fresh == [0] * 9  # the turn goes on: nothing arrived in it any more


def test_a_viceroy_made_this_turn_resigning_for_gold_does_not_sail_on() -> None:
    """Seed: the Viceroy "may 'resign' to claim Gold as a free action"; only Caballeros there at the
    beginning of the turn move. Red's Caballero sails from the Ship to America, becomes the Viceroy,
    then resigns to claim the Gold: the carrier arrived this turn and stays in America."""
    doc = _free_doc()
    put(doc, 0, "Ship", 1)
    doc["discs"] = [[GOLD, AMERICA, -1]]
    doc["supply"] = {"gold": 7, "wares": 10}
    s = load(doc)
    s.apply(0, ("pick", 0, SHIP, 0))
    s.apply(0, ("drop", AMERICA))
    s.apply(0, ("post", 1))
    assert s.viceroy == 0 and s.fresh_roles == [0, 1] and s.fresh[3:6] == [1, 0, 0]
    assert s.legal_actions(0) == [("claim", GOLD), ("done",)]
    s.apply(0, ("claim", GOLD))
    assert s.viceroy == -1 and s.discs == [(GOLD, AMERICA, 0)]
    assert s.fresh_roles == [0, 0] and s.fresh[3:6] == [0, 1, 0]
    assert s.legal_actions(0) == [("done",)]
    _refused(s, 0, ("pick", 0, AMERICA, GOLD), "that Caballero arrived in America this turn: only Caballeros "
             "that were there at the beginning of the turn move (seed, Ship)")


def test_an_old_viceroy_resigning_for_gold_sails_on_with_it() -> None:
    """Seed, Ship: the Viceroy was in America at the beginning of the turn (and Red's only Caballero
    there): it resigns to claim the Gold and may take it onto the Ship the same turn."""
    doc = _free_doc()
    put(doc, 0, "America", 1)
    doc["viceroy"] = 0
    doc["discs"] = [[GOLD, AMERICA, -1]]
    doc["supply"] = {"gold": 7, "wares": 10}
    s = load(doc)
    assert s.legal_actions(0) == [("pick", 0, AMERICA, 0), ("claim", GOLD), ("done",)]
    assert _texts(s, 0)[0] == "pick up the Red Viceroy in America"
    s.apply(0, ("claim", GOLD))
    assert s.viceroy == -1 and s.fresh == [0] * 9 and s.fresh_roles == [0, 0]
    assert s.legal_actions(0) == [("pick", 0, AMERICA, GOLD), ("done",)]


def test_carry_three_is_refused_when_carry_zero_already_names_the_captain() -> None:
    """The Captain is Red's only Caballero without a disc on the Ship: `pick 0 11 0` picks it, so
    carry 3 is not a second way to say the same (refused with the reason); in the Mediterranean there
    is neither Captain nor Viceroy."""
    doc = _free_doc()
    put(doc, 0, "Ship", 1)
    put(doc, 0, "Mediterranean", 1)
    doc["captain"] = 0
    s = load(doc)
    assert s.legal_actions(0) == [("pick", 0, SHIP, 0), ("pick", 0, MED, 0), ("done",)]
    assert _texts(s, 0)[0] == "pick up the Red Captain on the Ship"
    _refused(s, 0, ("pick", 0, SHIP, ROLE), "carry 0 already picks the Captain ('pick 0 11 0'): Red has no "
             "other Caballero without a disc on the Ship that was there at the beginning of the turn")
    _refused(s, 0, ("pick", 0, MED, ROLE), "carry 3 names the Captain or the Viceroy: only the Ship has a "
             "Captain and only America a Viceroy")
    _refused(s, 0, ("pick", 0, AMERICA, ROLE), "Red is not the Viceroy of America")


# ----- the document ----------------------------------------------------------------------------------------


def test_fresh_roles_in_documents_old_and_edited() -> None:
    """`fresh_roles` is optional on reading (a document written before it means [0, 0]); an edited
    value is refused with the reason: 0/1 only, only in phase free, only for the Captain/Viceroy of
    the player on turn, who is one of the arrivals `fresh` counts there."""
    doc = _free_doc()
    put(doc, 0, "Ship", 2)
    doc["captain"] = 0
    doc["fresh"] = [1, 0, 0, 0, 0, 0, 0, 0, 0]
    old = json.loads(json.dumps(doc))
    del old["fresh_roles"]
    assert load(old).fresh_roles == [0, 0]
    doc["fresh_roles"] = [1, 0]
    s = load(doc)
    assert s.fresh_roles == [1, 0] and s.legal_actions(0) == [("pick", 0, SHIP, 0), ("done",)]
    cases = [
        ({"fresh_roles": [2, 0]}, "state field 'fresh_roles' holds 2, outside 0..1"),
        ({"fresh_roles": [1]}, "state field 'fresh_roles' must have 2 items, got 1"),
        ({"captain": 1, "cab": [[0] * 11 + [1, 0, 0], [0] * 11 + [1, 0, 0]], "prov": [29, 29]},
         "'fresh_roles' marks the Captain as arrived this turn, but player 0 (on turn) is not the Captain"),
        ({"fresh": [0] * 9}, "'fresh_roles' marks the Captain as arrived this turn, but 'fresh' counts no "
         "Caballero without a disc arriving in Ship (index 0)"),
        ({"fresh_roles": [0, 1]}, "'fresh_roles' marks the Viceroy as arrived this turn, but player 0 (on "
         "turn) is not the Viceroy"),
        ({"phase": "court", "left": 0}, "'fresh_roles' marks the Captain as arrived this turn, which only the "
         "free moves of the Ship (phase 'free') record, not phase 'court'"),
    ]
    for edit, message in cases:
        bad = json.loads(json.dumps(doc))
        bad.update(edit)
        with pytest.raises(BadState) as info:
            GAME.state_from_json(bad)
        assert str(info.value) == message, edit


def test_a_held_captain_survives_the_document_and_a_wrong_one_is_refused() -> None:
    """`held` [owner, area, 3] is the Captain/Viceroy in hand: read back as it was; naming a player
    who is not the Captain is refused."""
    doc = _free_doc()
    put(doc, 0, "Ship", 2)
    doc["captain"] = 0
    s = load(doc)
    s.apply(0, ("pick", 0, SHIP, ROLE))
    d = s.to_json()
    assert d["held"] == [0, SHIP, ROLE]
    t = load(d)
    assert t.held == (0, SHIP, ROLE) and t.to_json() == d
    t.apply(0, ("drop", SEVILLE))
    assert t.captain == -1 and t.cab[0][SHIP] == 1
    bad = json.loads(json.dumps(d))
    bad["captain"] = -1
    with pytest.raises(BadState) as info:
        GAME.state_from_json(bad)
    assert str(info.value) == ("'held' names a Caballero of player 0 in Ship that is not there (or no move "
                               "is running) (carry 3: the Captain/Viceroy)")


# ----- cards -----------------------------------------------------------------------------------------------


def _card_doc() -> dict[str, Any]:
    """Red carries out "Intrigue: 3 opponents'"; Yellow has the Captain and another Caballero on the
    Ship, the Viceroy and another one in America."""
    doc = turn_doc(2, 0, "Intrigue: 3 opponents'", "Aragon", COL)
    doc["grande"] = [A["Galicia"], A["Granada"]]
    put(doc, 1, "Ship", 2)
    put(doc, 1, "America", 2)
    doc["captain"] = 1
    doc["viceroy"] = 1
    return doc


def test_a_card_picks_an_opponents_captain_or_another_caballero() -> None:
    """Seed, Ship: "the Captain may leave the ship using the same rules as for Caballeros"; §6 stack 1
    "Move up to 3 opponents' Caballeros": Red may take Yellow's Captain away (its space stays empty,
    Yellow's other Caballero is not promoted) or another of Yellow's (the Captain stays)."""
    s = load(_card_doc())
    s.apply(0, ("special",))
    assert s.legal_actions(0) == [("pick", 1, SHIP, 0), ("pick", 1, SHIP, ROLE), ("pick", 1, AMERICA, 0),
                                  ("pick", 1, AMERICA, ROLE), ("done",)]
    assert _texts(s, 0) == ["pick up a Yellow Caballero on the Ship (not the Captain)",
                            "pick up the Yellow Captain on the Ship",
                            "pick up a Yellow Caballero in America (not the Viceroy)",
                            "pick up the Yellow Viceroy in America", "stop here (end the special action)"]
    t = s.clone()
    t.apply(0, ("pick", 1, SHIP, 0))
    t.apply(0, ("drop", SEVILLE))
    assert t.captain == 1 and t.cab[1][SHIP] == 1
    s.apply(0, ("pick", 1, SHIP, ROLE))
    assert s.prompt(0) == "Intrigue: 3 opponents': where does the Yellow Captain go?"
    assert ("drop", CASTILLO) in s.legal_actions(0)  # the Captain carries no disc: the Castillo is open
    s.apply(0, ("drop", SEVILLE))
    assert s.captain == -1 and s.cab[1][SHIP] == 1 and s.cab[1][SEVILLE] == 1 and s.left == 2
    assert s.events[-1].text == "Red moves the Yellow Captain from the Ship to Seville"
    assert [a for a in s.legal_actions(0) if a[2:3] == (SHIP,)] == [("pick", 1, SHIP, 0)]
    _refused(s, 0, ("pick", 1, SHIP, ROLE), "Yellow is not the Captain of the Ship")


def test_a_card_moves_an_opponents_viceroy_onto_the_ship_and_the_mover_decides_the_captain() -> None:
    """Seed, America: "the Viceroy may leave America using the same rules as for Caballeros"; the Ship:
    "If the Captain's space is empty when a player moves Caballeros to the ship, the player may put one
    on the space" (the mover decides, as for every arrival). Yellow's Viceroy goes to the empty Ship."""
    doc = _card_doc()
    doc["cab"][1][SHIP] = 0
    doc["prov"][1] += 2
    doc["captain"] = -1
    s = load(doc)
    s.apply(0, ("special",))
    assert s.legal_actions(0) == [("pick", 1, AMERICA, 0), ("pick", 1, AMERICA, ROLE), ("done",)]
    s.apply(0, ("pick", 1, AMERICA, ROLE))
    s.apply(0, ("drop", SHIP))
    assert s.viceroy == -1 and s.cab[1][AMERICA] == 1 and s.cab[1][SHIP] == 1 and s.post == (SHIP, 1)
    assert _texts(s, 0) == ["make the Yellow Caballero the Captain of the Ship", "leave the Captain's space empty"]
    s.apply(0, ("post", 1))
    assert s.captain == 1 and s.viceroy == -1
