"""Rulebook, C - End of the Age: "the players perform the following actions in this order and
simultaneously (except no. 4, which is done one after the other)". Step 2 (play or discard your cards)
is a simultaneous secret choice: each player lists the End-of-Age cards they play and the cards they
discard; nobody sees the others' choices (nor their Coins move) before all have chosen."""

from __future__ import annotations

from meeple.engine import Rng
from meeple.games.genesia.data import CARDS_BY_NO
from meeple.games.genesia.evaluation import list_end_cards
from meeple.games.genesia.state import GenesiaState

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
    assert d.ready[RED] == 1 and all(abs(c) in d.hands[RED] for c in d.chosen[RED]), (
        "others' secret choices are not kept in a redraw: made again from the hand redrawn"
    )
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


def reveal_passing(s: GenesiaState) -> None:
    """Play the End of the Age on to its Progress Points, every copy window passed."""
    while s.phase == "end_cards":
        p = s.to_move()[0]
        s.apply(p, ("pass",) if s.pend else ("done",))


def test_a_ready_people_chooses_again_from_the_hand_redrawn_for_it() -> None:
    """Red (1 Coin) and Green (2 Coins) chose their End-of-Age cards in secret and are ready; Gray, still
    choosing, knows every other card of the Age (its discards), so its redraw deals Red and Green Cave
    Paintings (4 PP, costs 1) and Totem (6 PP, costs 2) one each, either way round. There each makes its
    choice again from the hand redrawn for it: the card if it can afford it (`list_end_cards`, what the
    greedy bot lists). Until session 47 the redraw emptied their choices, so at its reveal they played
    nothing and discarded their whole hands: Gray's search saw them weaker at every End of the Age."""
    doc = end_doc()
    doc["discards"][GRAY], doc["decks"][0] = doc["decks"][0], []
    s = load(doc)
    s.apply(RED, ("play", 10))
    s.apply(RED, ("done",))
    s.apply(GREEN, ("play", 23))
    s.apply(GREEN, ("done",))
    real = s.clone()
    real.chosen = [[], [], []]
    for q in (RED, GREEN):
        list_end_cards(real, q)
    assert real.chosen == [[10], [23], []], "from the real hands: the cards Red and Green chose"
    swapped = 0
    for k in range(8):
        d = s.determinize(GRAY, Rng(k))
        assert d.ready == [1, 1, 0] and sorted(d.hands[RED] + d.hands[GREEN]) == [10, 23]
        swapped += d.hands[RED] == [23]
        affordable = [[c for c in d.hands[q] if CARDS_BY_NO[c].cost <= d.coins[q]] for q in (RED, GREEN)]
        assert d.chosen == [*affordable, []]
        reveal_passing(d)
        assert [d.pp[q][-1] > 0 for q in (RED, GREEN)] == [bool(a) for a in affordable], "played at the reveal"
    assert 0 < swapped < 8, "both deals drawn"
