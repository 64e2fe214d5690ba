"""Hidden information (the Castillo, the secret disks, stack order) and the general scoring (§7.1)."""

from __future__ import annotations

from meeple.engine import Rng
from meeple.games.elgrande.data import CASTILLO

from .helpers import A, empty_doc, load, put, turn_doc


def _castillo_doc(split: tuple[int, int, int]) -> dict:
    doc = turn_doc(3, 0, "Intrigue: withdraw", "Aragon")
    for p, k in enumerate(split):
        put(doc, p, "Castillo", k)
    return doc


def test_view_shows_the_castillo_by_colour_as_announced() -> None:
    """Rules reference §5: "You must announce how many you drop in" — every Caballero goes into the
    Castillo announced and comes out only at a scoring that opens it, so what the log told everyone
    is in the view: each colour's count and the provinces."""
    s = load(_castillo_doc((2, 3, 1)))
    v = s.view(0)
    assert [v["cab"][q][CASTILLO] for q in range(3)] == [2, 3, 1]
    assert v["prov"] == s.prov
    assert load(_castillo_doc((2, 1, 3))).view(0) != v


def test_determinize_keeps_the_castillo_and_redraws_the_stacks() -> None:
    s = load(_castillo_doc((2, 3, 1)))
    orders = set()
    for seed in range(10):
        d = s.determinize(0, Rng(seed))
        d.check_invariants()
        assert d.view(0) == s.view(0)
        assert d.cab == s.cab and d.prov == s.prov
        orders.add(tuple(map(tuple, d.decks)))
    assert len(orders) > 1


def _general_doc() -> dict:
    doc = empty_doc(2)
    doc["round_i"] = 2  # round 3: a general scoring follows
    doc["phase"] = "disk"
    doc["disk_kind"] = "general"
    doc["disk_need"] = [1, 1]
    doc["king"] = A["Aragon"]
    doc["grande"] = [A["Seville"], A["Galicia"]]
    doc["faceup"] = []
    doc["played"] = [5, 4]
    put(doc, 0, "Castillo", 3)
    put(doc, 1, "Castillo", 2)
    put(doc, 0, "Seville", 2)
    put(doc, 1, "Galicia", 1)
    put(doc, 1, "Aragon", 1)
    return doc


def test_general_scoring_disks_are_simultaneous_and_secret() -> None:
    s = load(_general_doc())
    assert s.to_move() == [0, 1]
    s.apply(1, ("disk", A["Galicia"]))
    assert s.to_move() == [0]
    assert s.view(0)["disk"][1] == "set"  # player 0 does not learn where
    assert s.view(1)["disk"][1] == A["Galicia"]


def test_general_scoring_castillo_then_disks_then_regions() -> None:
    """Castillo 5/3/1: Red 3 -> 5, Yellow 2 -> 3. Red's disk on the King's region (Aragon) sends
    Red's 3 back to court; Yellow's 2 go to Galicia (Yellow 3 there: 4 + Grande 2). Seville: Red 2
    -> 4 + Grande 2. Aragon: Yellow 1 -> 5 + King 2."""
    s = load(_general_doc())
    s.apply(0, ("disk", A["Aragon"]))
    s.apply(1, ("disk", A["Galicia"]))
    assert s.cab[0][CASTILLO] == 0 and s.cab[1][CASTILLO] == 0
    assert s.court[0] == 3 and s.cab[1][A["Galicia"]] == 3
    assert s.scores == [5 + 4 + 2, 3 + 4 + 2 + 5 + 2]
    assert s.parts[0][0] == s.scores[0]
    assert s.rounds[s.round_i] == 4 and s.phase == 0  # round 4 starts with the power cards


def test_last_general_scoring_ends_the_game_with_a_ranking() -> None:
    doc = _general_doc()
    doc["round_i"] = 8
    s = load(doc)
    s.apply(0, ("disk", A["Seville"]))
    s.apply(1, ("disk", A["Galicia"]))
    assert s.is_terminal() and s.to_move() == []
    r = s.result()
    # Red: Castillo 5 + Seville (5 Caballeros) 4 + Grande 2; Yellow: 3 + Galicia 4 + 2 + Aragon 5 + 2
    assert r.scores == [11, 16] and r.ranks == [2, 1]
    assert r.breakdown[1]["general scorings"] == 16


def test_the_order_of_the_stacks_is_hidden_and_redrawn() -> None:
    from .helpers import GAME

    s = GAME.new_state(3, 3)
    d = s.determinize(0, Rng(1))
    assert [len(x) for x in d.decks] == [len(x) for x in s.decks]
    assert d.decks != s.decks
    assert "decks" in s.view(0) and s.view(0)["decks"]["1"] == len(s.decks[0])
