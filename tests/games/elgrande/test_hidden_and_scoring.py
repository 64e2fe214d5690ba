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


def test_view_shows_own_castillo_caballeros_and_how_many_others() -> None:
    s = load(_castillo_doc((2, 3, 1)))
    v = s.view(0)
    assert v["castillo"] == {"mine": 2, "others": 4, "total": 6}
    assert v["cab"][1][CASTILLO] is None and v["cab"][2][CASTILLO] is None
    assert v["prov"][1] is None  # it would give the Castillo away
    # another split among the others looks the same to player 0, not to player 1
    t = load(_castillo_doc((2, 1, 3)))
    assert t.view(0) == v
    assert t.view(1) != s.view(1)


def test_determinize_redraws_the_others_castillo_split_and_keeps_the_view() -> None:
    s = load(_castillo_doc((2, 3, 1)))
    seen = set()
    for seed in range(30):
        d = s.determinize(0, Rng(seed))
        d.check_invariants()
        assert d.view(0) == s.view(0)
        assert d.cab[0][CASTILLO] == 2
        seen.add((d.cab[1][CASTILLO], d.cab[2][CASTILLO]))
    assert len(seen) > 1 and all(a + b == 4 for a, b in seen)


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
