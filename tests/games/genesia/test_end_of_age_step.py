"""Rulebook, C - End of the Age: "the players perform the following actions in this order and
simultaneously (except no. 4, which is done one after the other)". Step 2 (play or discard your cards)
is a simultaneous secret choice: each player lists the End-of-Age cards they play and the cards they
discard; nobody sees the others' choices (nor their Coins move) before all have chosen."""

from __future__ import annotations

from meeple.engine import Rng

from .helpers import GRAY, GREEN, RED, give, load, phase_doc


def end_doc():
    doc = phase_doc(3, "end_cards", age=1, sets="yellow+green+purple")
    give(doc, RED, 10)  # Cave Paintings: 4 PP, costs 1
    give(doc, GREEN, 23)  # Totem: 6 PP, costs 2
    give(doc, GRAY, 14)  # a copy card (costs 1)
    doc["coins"] = [1, 2, 1]
    doc["order"] = [GRAY, RED, GREEN]
    return doc


def test_end_of_age_cards_are_chosen_simultaneously_and_secretly() -> None:
    s = load(end_doc())
    assert sorted(s.to_move()) == [RED, GREEN, GRAY], "all players choose at once, not in turn order"
    s.apply(RED, ("play", 10))
    assert s.coins == [1, 2, 1], "nothing is paid before the reveal"
    assert s.view(GREEN)["chosen"][RED] is None and s.view(RED)["chosen"][RED] == [10]
    assert s.view(GREEN)["hands"][RED] == 1
    s.apply(RED, ("done",))
    s.apply(GREEN, ("play", 23))
    assert s.phase == "end_cards" and sorted(s.to_move()) == [GREEN, GRAY]
    d = s.determinize(GRAY, Rng(3))
    assert d.chosen[RED] == [] and d.ready[RED] == 1, "others' secret choices are not kept in a redraw"
    s.apply(GREEN, ("done",))
    s.apply(GRAY, ("done",))
    # revealed in turn order: Gray, Red (the others, holding cards, may copy Cave Paintings), then Green
    assert s.to_move() == [GREEN] and s.legal_actions(GREEN)[-1] == ("pass",), "asked too: hands are secret"
    assert not any(a[0] == "copy" for a in s.legal_actions(GREEN))
    s.apply(GREEN, ("pass",))
    assert s.to_move() == [GRAY] and ("copy", 14) in s.legal_actions(GRAY)
    s.apply(GRAY, ("copy", 14))
    assert s.phase == "turn_order", "then Green's Totem is played and Progress is counted"
    assert s.to_move() == [GRAY], "all tie on 7 PP: Gray, first in the current order, chooses first"
    assert s.pp == [[7], [7], [7]]
    assert s.coins == [0, 0, 0]


def test_discarding_secretly_pays_for_a_card() -> None:
    """Discarding gives 4 Coins (Playing Age cards, Discarding a card): chosen first, it pays for a card."""
    doc = end_doc()
    give(doc, GREEN, 8)
    doc["coins"] = [1, 0, 1]
    s = load(doc)
    assert ("play", 23) not in s.legal_actions(GREEN), "no debt: Totem costs 2, Green has 0"
    s.apply(GREEN, ("discard", 8))
    assert ("play", 23) in s.legal_actions(GREEN)
    s.apply(GREEN, ("play", 23))
    for p in (GREEN, RED, GRAY):
        s.apply(p, ("done",))
    s.apply(GRAY, ("pass",))  # Gray and Red, holding cards, may copy Green's Totem: they do not
    s.apply(RED, ("pass",))
    assert s.pp[GREEN] == [7] and s.coins[GREEN] == 4 - 2


def test_a_chosen_card_discarded_in_a_copy_window_of_the_reveal_is_no_longer_chosen() -> None:
    """Quick Rules: "At any time, you can discard your cards" (RULES.md decision 7): Green, asked in the
    copy window of Red's Cave Paintings at the reveal, discards the Totem it chose to play; the Totem is
    then neither played nor discarded twice, and the position stays a valid document."""
    s = load(end_doc())
    s.apply(RED, ("play", 10))
    s.apply(RED, ("done",))
    s.apply(GREEN, ("play", 23))
    s.apply(GREEN, ("done",))
    s.apply(GRAY, ("done",))
    assert s.to_move() == [GREEN] and ("discard", 23) in s.legal_actions(GREEN)
    s.apply(GREEN, ("discard", 23))
    assert s.chosen[GREEN] == [] and s.coins[GREEN] == 6
    again = load(s.to_json())
    assert again.chosen == s.chosen
    s.apply(GREEN, ("pass",))
    s.apply(GRAY, ("pass",))
    assert s.phase == "turn_order" and s.pp == [[7], [0], [0]] and s.discards[GREEN] == [23]
