"""Rulebook, B-2 Expansion, "Moving" and "Conditions of a Move": "1 Coin allows you to move 1 of your Clans
from 1 Region to 1 adjacent Region" and "You can pass through a Region already occupied by an opponent ...
by paying them directly, for each Region crossed, a Right of Way". Moves are made Region by Region, so
the mover chooses the route, and therefore whom a Right of Way is paid to (not only the cheapest path)."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction

from .helpers import GRAY, GREEN, RED, load, phase_doc, region, snapshot


def two_routes(age: int = 1, coins: int = 30):
    """Red has 2 Clans in Red 1a; Red 3a can be reached through Red 2a (Green) or Red 2b (Gray)."""
    doc = phase_doc(3, "expansion", age=age)
    doc["clans"][RED][region(doc, "Red 1a")] = 2
    doc["clans"][GREEN][region(doc, "Red 2a")] = 1
    doc["clans"][GRAY][region(doc, "Red 2b")] = 1
    doc["coins"] = [coins, 0, 0]
    return doc


def test_mover_chooses_to_cross_grays_region_and_pays_gray() -> None:
    doc = two_routes()
    s = load(doc)
    a, b, target = region(doc, "Red 1a"), region(doc, "Red 2b"), region(doc, "Red 3a")
    assert ("move", a, b) in s.legal_actions(RED), "entering an opponent's Region to cross it is offered"
    s.apply(RED, ("move", a, b))
    s.apply(RED, ("clans", 2))
    assert s.clans[RED][a] == 0 and s.clans[RED][b] == 0, "the Clans are crossing Red 2b, not stopped there"
    assert s.coins == [30 - 2 - 2, 0, 2], "1 step x 2 Clans to the reserve, Right of Way 2 to Gray"
    steps = s.legal_actions(RED)
    assert ("step", target) in steps
    s.apply(RED, ("step", target))
    assert s.clans[RED][target] == 2
    assert s.coins == [30 - 4 - 2, 0, 2], "2 Regions x 2 Clans + Right of Way 2 paid to Gray, none to Green"
    s.check_invariants()


def test_cheapest_path_shortcut_still_pays_one_opponent() -> None:
    doc = two_routes()
    s = load(doc)
    s.apply(RED, ("move", region(doc, "Red 1a"), region(doc, "Red 3a")))
    s.apply(RED, ("clans", 2))
    assert s.coins[RED] == 30 - 4 - 2 and s.coins[GREEN] + s.coins[GRAY] == 2


def test_age_3_stack_crossing_pays_per_stack() -> None:
    doc = two_routes(age=3)
    s = load(doc)
    s.apply(RED, ("move", region(doc, "Red 1a"), region(doc, "Red 2b")))
    s.apply(RED, ("clans", 2))
    s.apply(RED, ("step", region(doc, "Red 3a")))
    assert s.coins == [30 - 2 - 1, 0, 1]


def test_crossing_into_a_dead_end_is_refused_state_unchanged() -> None:
    """You cannot stop in an opponent's Region, and no debt is allowed: with 3 Coins, 1 Clan can enter
    Red 2b (1 + Right of Way 1) and step on (1), but 2 Clans cannot (2 + 2 then 2 more)."""
    doc = two_routes(coins=3)
    s = load(doc)
    a, b = region(doc, "Red 1a"), region(doc, "Red 2b")
    s.apply(RED, ("move", a, b))
    assert s.legal_actions(RED) == [("clans", 1)]
    s.apply(RED, ("clans", 1))
    before = snapshot(s)
    assert ("step", region(doc, "Red 2a")) not in s.legal_actions(RED), "crossing Green too costs 2 more"
    with pytest.raises(IllegalAction):
        s.apply(RED, ("step", region(doc, "Red 2a")))
    assert snapshot(s) == before
    assert all(a[0] == "step" for a in s.legal_actions(RED)) and s.legal_actions(RED)


def test_transit_round_trips_through_json() -> None:
    doc = two_routes()
    s = load(doc)
    s.apply(RED, ("move", region(doc, "Red 1a"), region(doc, "Red 2b")))
    s.apply(RED, ("clans", 2))
    t = load(s.to_json())
    assert snapshot(t) == snapshot(s) and t.legal_actions(RED) == s.legal_actions(RED)


def test_edited_document_with_a_move_outside_expansion_is_refused() -> None:
    from meeple.engine.errors import BadState

    doc = two_routes()
    doc["phase"] = "growth"
    doc["pending"] = [["transit", RED, region(doc, "Red 2b"), 2]]
    with pytest.raises(BadState, match="only in phase 'expansion'"):
        load(doc)
    doc["phase"] = "expansion"
    doc["pending"] = [["transit", RED, 999, 2]]
    with pytest.raises(BadState, match="transit"):
        load(doc)
