"""state_from_json refuses inconsistent hand-edited documents with BadState (never a traceback)."""

from __future__ import annotations

import pytest

from meeple.engine.errors import BadState

from .helpers import GREEN, RED, load, phase_doc, region


def assault_doc():
    doc = phase_doc(2, "assault", age=2)
    doc["attackers"], doc["attacker_index"], doc["war_peace"] = [RED], 0, [1, 0]
    doc["clans"][RED][region(doc, "Red 3a")] = 3
    doc["clans"][GREEN][region(doc, "Red 4a")] = 2
    return doc


@pytest.mark.parametrize(
    "edit, words",
    [
        (lambda d, a, b: d.update(assault=[RED, a, b, GREEN, 9, 0, 0, 2]), "stage"),
        (lambda d, a, b: d.update(assault=[GREEN, a, b, RED, 3, 0, 0, 2]), "attacker"),
        (lambda d, a, b: d.update(assault=[RED, a, 0, GREEN, 3, 0, 0, 2]), "adjacent"),
        (lambda d, a, b: d.update(war_peace=[0, 0]), "War tile"),
        (lambda d, a, b: d.update(pending=[["copy", GREEN, 9, RED]]), "not played"),
        (lambda d, a, b: d.update(pending=[["place", GREEN, -5, 0]]), "place"),
        (lambda d, a, b: d.update(pending=[["invade", GREEN, 3, 7]]), "invade"),
        (lambda d, a, b: d.update(phase="turn_order", choosers=[0, 0], new_order=[-1, -1]), "turn order"),
        (lambda d, a, b: d.update(phase="draft"), "draft"),
        (lambda d, a, b: d.update(phase="objective"), "objective"),
        (lambda d, a, b: d.update(phase="war_peace", war_peace=[1, 1]), "tile"),
    ],
)
def test_inconsistent_documents_are_refused(edit, words: str) -> None:
    doc = assault_doc()
    edit(doc, region(doc, "Red 3a"), region(doc, "Red 4a"))
    with pytest.raises(BadState, match=words):
        load(doc)


def test_a_consistent_assault_document_loads() -> None:
    doc = assault_doc()
    doc["assault"] = [RED, region(doc, "Red 3a"), region(doc, "Red 4a"), GREEN, 3, 0, 0, 2]
    s = load(doc)
    assert s.legal_actions(RED) == [("lose", 1), ("lose", 2)]
