"""Rules for 1 player: two peoples, no objectives, no Coins at the start of an Age, 5 cards (4 in Age III)
face up, no Attack phase, right of way between the peoples, the lower score counts."""

from __future__ import annotations

import pytest

from meeple.engine import BadOption
from meeple.games.genesia import GAME

from .helpers import load, phase_doc, region

REMOVED = {
    "beginner": {6, 11, 36, 39, 64, 65, 70, 72},
    "expert": {5, 12, 33, 42, 64, 65, 69, 72},
    "heroic": {3, 9, 34, 45, 64, 65, 67, 72},
}


@pytest.mark.parametrize("difficulty", sorted(REMOVED))
def test_solo_decks_by_difficulty(difficulty: str) -> None:
    s = GAME.new_state(1, seed=2, options={"difficulty": difficulty})
    every = set(s.decks[1] + s.decks[2] + s.hands[0] + s.hands[1])
    assert not every & REMOVED[difficulty]
    assert len(s.decks[1]) == 10 and len(s.decks[2]) == 8
    assert s.phase == "growth" and s.coins == [0, 0] and s.objective == []
    assert len(s.hands[0]) == len(s.hands[1]) == 5
    assert s.view(0)["hands"] == [sorted(s.hands[0]), sorted(s.hands[1])], "solo hands are face up"
    assert s.order == [s.first, 1 - s.first]


def test_solo_rejects_multiplayer_options() -> None:
    with pytest.raises(BadOption):
        GAME.new_state(1, options={"deck": "belligerent"})
    with pytest.raises(BadOption):
        GAME.new_state(3, options={"difficulty": "heroic"})


def test_solo_has_no_attack_phase_and_alternates_first_people() -> None:
    s = GAME.new_state(1, seed=3)
    first = s.first
    for _ in range(2):  # Growth then Expansion of both peoples, doing nothing
        for _ in range(2):
            s.apply(0, ("done",))
    assert s.phase in ("end_cards", "growth")
    while s.age == 1:
        s.apply(0, ("done",))
    assert s.phase == "growth" and s.order == [1 - first, first], "the other people plays first in Age II"
    assert s.coins[0] >= 0 and all(len(h) == 5 for h in s.hands)


def test_solo_right_of_way_is_paid_to_the_other_people() -> None:
    doc = phase_doc(1, "expansion")
    doc["clans"][0][region(doc, "Red Homeland")] = 1
    doc["clans"][1][region(doc, "Red 1a")] = 1
    doc["coins"] = [5, 0]
    s = load(doc)
    s.apply(0, ("move", region(doc, "Red Homeland"), region(doc, "Red 2a")))
    s.apply(0, ("clans", 1))
    assert s.coins == [2, 1]


def test_solo_score_is_the_lower_people() -> None:
    doc = phase_doc(1, "over", age=3)
    doc["pp"] = [[3, 3, 3], [1, 1, 1]]
    doc["clans"][0][region(doc, "Centre")] = 1  # 15
    doc["clans"][1][region(doc, "Red 4a")] = 1  # 8 + Radiance 2 (the other people's Continent)
    s = load(doc)
    r = s.result()
    assert r.scores == [13.0]
    assert r.breakdown[0]["people_1_total"] == 24 and r.breakdown[0]["people_2_total"] == 13
    assert r.breakdown[0]["radiance"] == 2 and r.breakdown[0]["conquest"] == 8


def solo_bound(difficulty: str) -> float:
    """An upper bound on the solo score (the lower people's): half of what both peoples together could
    score at most: every Region of the 1-2 player board (Conquest), Radiance for every Region of the two
    Continents, Homelands included, and every Progress Point the solo deck holds (each Invention for every
    Age from its own, each End-of-Age card at its cap)."""
    from meeple.games.genesia.data import CARDS_BY_NO, board_for
    from meeple.games.genesia.decks import build_decks
    from meeple.games.genesia.scoring import RADIANCE

    b = board_for(2)
    pp = 0
    for deck in build_decks({"difficulty": difficulty}, 1):
        for c in map(CARDS_BY_NO.__getitem__, deck):
            pp += c.pp * (4 - c.age) if c.invention else 0
            pp += c.n if c.kind == "pp" else c.cap if c.kind == "pp_per" else 0
    radiance = RADIANCE * sum(1 for r in range(b.size) if b.continent[r] >= 0)
    return (sum(b.values) + radiance + pp) / 2


@pytest.mark.parametrize("difficulty", ["beginner", "expert", "heroic"])
def test_the_solo_levels_are_within_reach(difficulty: str) -> None:
    """Rules for 1 Player: "Start in Beginner mode. Move up to Expert level when you have reached a minimum
    score of 100 points. Then to Heroic mode as soon as you have reached a score of 130 points." Our
    designed values (Region values, Progress Points) must let a good Beginner game reach 100 and a
    near-perfect Expert game 130: 100 is at most 70% of the Beginner bound, 130 at most 90% of the Expert
    one, and 130 is below every level's bound (until 2026-12-05 the bounds were 89.5, 84.5 and 85: no level
    could be left)."""
    bound = solo_bound(difficulty)
    assert bound > 130
    if difficulty == "beginner":
        assert 0.7 * bound >= 100
    if difficulty == "expert":
        assert 0.9 * bound >= 130
    assert {d: solo_bound(d) for d in ("beginner", "expert", "heroic")} == {
        "beginner": 160.0, "expert": 150.0, "heroic": 151.0}
