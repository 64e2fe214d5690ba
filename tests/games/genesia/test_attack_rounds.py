"""Rounds of the Attack phase: secret tiles revealed together, War players attack in turn order, new
rounds until everyone plays Peace."""

from __future__ import annotations

from meeple.engine import Rng

from .helpers import GRAY, GREEN, RED, load, phase_doc, region


def three_player_war_doc():
    doc = phase_doc(3, "war_peace", age=2, objectives=False)
    doc["objective"], doc["objective_options"] = [], []
    doc["order"] = [GRAY, RED, GREEN]
    doc["clans"][RED][region(doc, "Red 3a")] = 3
    doc["clans"][GREEN][region(doc, "Red 4a")] = 1
    doc["clans"][GRAY][region(doc, "Gray 3a")] = 3
    doc["clans"][GREEN][region(doc, "Gray 4a")] = 1
    doc["clans"][GREEN][region(doc, "Green 3a")] = 3
    doc["clans"][RED][region(doc, "Green 4a")] = 1
    return doc


def test_all_peace_goes_directly_to_the_end_of_the_age() -> None:
    s = load(three_player_war_doc())
    for p in (RED, GREEN, GRAY):
        s.apply(p, ("peace",))
    assert s.phase in ("end_cards", "turn_order")
    assert s.clans[GREEN][region(s, "Red 4a")] == 1


def test_tiles_are_secret_until_all_are_placed() -> None:
    s = load(three_player_war_doc())
    s.apply(RED, ("war",))
    v = s.view(GREEN)
    assert v["war_peace"][RED] is True, "Green only sees that Red has placed a tile"
    changed = sum(s.determinize(GREEN, Rng(k)).wp[RED] != s.wp[RED] for k in range(12))
    assert changed > 0
    assert s.view(RED)["war_peace"][RED] == 1


def test_war_players_attack_once_each_in_turn_order_then_a_new_round() -> None:
    s = load(three_player_war_doc())
    s.apply(RED, ("war",))
    s.apply(GREEN, ("peace",))
    s.apply(GRAY, ("war",))
    assert s.revealed == [1, 0, 1]
    assert s.phase == "assault" and s.to_move() == [GRAY], "Gray is first in turn order"
    assert s.legal_actions(GRAY)[0] == ("assault", region(s, "Gray 3a"), region(s, "Gray 4a"))
    s.apply(GRAY, ("assault", region(s, "Gray 3a"), region(s, "Gray 4a")))
    s.apply(GRAY, ("lose", 1))
    s.apply(GRAY, ("movein", 2))
    assert s.to_move() == [RED]
    s.apply(RED, ("assault", region(s, "Red 3a"), region(s, "Red 4a")))
    s.apply(RED, ("lose", 1))
    s.apply(RED, ("movein", 0))
    assert s.assaults == [1, 0, 1]
    # only Green still has a Region to attack: the others keep the Peace face without choosing
    assert s.phase == "war_peace" and s.to_move() == [GREEN] and s.wp == [0, -1, 0]


def test_players_without_any_region_to_attack_keep_peace() -> None:
    doc = three_player_war_doc()
    doc["clans"][RED][region(doc, "Green 4a")] = 0
    doc["clans"][GREEN][region(doc, "Red 4a")] = 0
    doc["clans"][GREEN][region(doc, "Gray 4a")] = 0
    doc["phase"] = "growth"
    doc["turn"] = 2
    s = load(doc)
    s.apply(GREEN, ("done",))
    for p in (GRAY, RED, GREEN):
        s.apply(p, ("done",))
    assert s.phase in ("end_cards", "turn_order"), "nobody can attack: the Attack phase is over at once"


def test_attacking_a_city_alone_is_a_compulsory_siege() -> None:
    doc = three_player_war_doc()
    doc["clans"][GREEN][region(doc, "Red 4a")] = 0
    doc["cities"][region(doc, "Red 4a")] = GREEN
    s = load(doc)
    s.apply(RED, ("war",))
    s.apply(GREEN, ("peace",))
    s.apply(GRAY, ("peace",))
    s.apply(RED, ("assault", region(s, "Red 3a"), region(s, "Red 4a")))
    assert s.legal_actions(RED) == [("siege",)]
