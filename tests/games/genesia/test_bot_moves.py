"""What the bots weigh at an Expansion decision (`GenesiaState.bot_actions`) and the steps of a move begun
(`choice_under_way`): bot concerns, not rules (docs/bots.md, Genesia session 43)."""

from __future__ import annotations

from .helpers import GRAY, RED, load, phase_doc, region


def spread() -> dict:
    """Red holds Red 1a (3 Clans) and Red 2a (1 Clan); Gray holds Red 2b, which Red may only cross."""
    doc = phase_doc(3, "expansion")
    doc["clans"][RED][region(doc, "Red 1a")] = 3
    doc["clans"][RED][region(doc, "Red 2a")] = 1
    doc["clans"][GRAY][region(doc, "Red 2b")] = 1
    doc["coins"] = [10, 0, 0]
    return doc


def test_bots_weigh_moves_into_new_regions_only() -> None:
    doc = spread()
    s = load(doc)
    legal = s.legal_actions(RED)
    weighed = s.bot_actions(RED)
    a, own, crossed = region(doc, "Red 1a"), region(doc, "Red 2a"), region(doc, "Red 2b")
    assert ("move", a, own) in legal and ("move", a, own) not in weighed, "a move into a Region Red holds"
    assert ("move", a, crossed) in legal and ("move", a, crossed) not in weighed, "an entry in transit"
    dropped = [x for x in legal if x not in weighed]
    assert dropped and all(x[0] == "move" for x in dropped), "only moves are left out"
    kept = [x for x in weighed if x[0] == "move"]
    assert kept and all(not s.clans[RED][x[2]] and not s.others_in(RED, x[2]) for x in kept)
    assert [x for x in legal if x in weighed] == weighed, "a subset of the legal actions, in their order"
    assert ("done",) in weighed


def test_bots_weigh_every_action_outside_an_expansion_choice() -> None:
    s = load(spread())
    s.apply(RED, ("move", region(s, "Red 1a"), region(s, "Red 3a")))
    assert s.bot_actions(RED) == s.legal_actions(RED), "the number of Clans: all of them"
    growth = load(phase_doc(3, "growth"))
    assert growth.bot_actions(RED) == growth.legal_actions(RED)


def test_a_moves_number_of_clans_is_a_step_of_the_move_begun() -> None:
    s = load(spread())
    assert not s.choice_under_way(RED)
    s.apply(RED, ("move", region(s, "Red 1a"), region(s, "Red 3a")))
    assert s.choice_under_way(RED), "the move (from, to) changed nothing yet: its Clans are the choice"
    s.apply(RED, ("clans", 1))
    assert not s.choice_under_way(RED)

