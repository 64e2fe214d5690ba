"""Advanced rules as options: decks, sets, teams, no objectives, recruiting in the Attack phase."""

from __future__ import annotations

import pytest

from meeple.engine import BadOption
from meeple.games.genesia import GAME
from meeple.games.genesia.data import CARDS_BY_NO


def _all_cards(s) -> list[list[int]]:
    """Every card of each Age's deck, wherever it is at the start (decks, draft packs)."""
    return [sorted(d + [c for pack in s.packs for c in pack if CARDS_BY_NO[c].age == age])
            for age, d in enumerate(s.decks, 1)]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize(("deck", "icon"), [("belligerent", "A"), ("management", "F")])
def test_themed_deck_holds_every_card_of_its_theme(n: int, deck: str, icon: str) -> None:
    """Advanced Rules: "gather all the Attack cards into a single set of cards put into play" (and "all
    the End-of-Age cards"): every card bearing the icon (four-icon cards aside: any phase) of each Age,
    7 Attack cards in Age II and 9 in Age III (none in Age I: "There is generally no Attack during Age
    I"), then first-game cards up to 6 a player. Until 2026-12-05 one 6-card set of our choice."""
    s = GAME.new_state(n, seed=1, options={"deck": deck})
    for age, cards in enumerate(_all_cards(s), 1):
        assert len(cards) == 6 * n
        themed = [c for c in range(30 * age - 29, 30 * age + 1) if icon in CARDS_BY_NO[c].icons != "GEAF"]
        assert set(themed) <= set(cards), (age, sorted(set(themed) - set(cards)))
    attack = [[c for c in range(30 * a - 29, 30 * a + 1) if "A" in CARDS_BY_NO[c].icons != "GEAF"] for a in (1, 2, 3)]
    assert [len(x) for x in attack] == [0, 7, 9]


def test_sets_per_age() -> None:
    s = GAME.new_state(3, seed=1, options={"sets": "y+g+r,b+p+r,g+p+r"})
    cols = [{CARDS_BY_NO[c].colour for c in d} for d in s.decks]
    assert cols == [{"yellow", "green", "red"}, {"blue", "purple", "red"}, {"green", "purple", "red"}]
    with pytest.raises(BadOption):
        GAME.new_state(3, options={"sets": "y+g"})


def test_custom_deck() -> None:
    cards = ",".join("+".join(str(c) for c in range(30 * a - 29, 30 * a - 17)) for a in (1, 2, 3))
    s = GAME.new_state(2, seed=1, options={"deck": "custom", "cards": cards})
    assert sorted(s.decks[0] + [c for p in s.packs for c in p]) == list(range(1, 13))
    with pytest.raises(BadOption):
        GAME.new_state(2, options={"deck": "custom"})
    with pytest.raises(BadOption):
        GAME.new_state(2, options={"deck": "custom", "cards": "1+2,31,61"})


def test_teams_option() -> None:
    GAME.new_state(5, options={"teams": "0+1,2+3+4"})
    with pytest.raises(BadOption):
        GAME.new_state(4, options={"teams": "0+1,2"})
    # not numbers at all: the message says what a team looks like, not Python's int() complaint
    with pytest.raises(BadOption, match=r"'true' is not player numbers joined by '\+'.*e\.g\. 0\+2,1\+3") as e:
        GAME.new_state(4, options={"teams": "true"})
    assert "invalid literal" not in str(e.value)
    with pytest.raises(BadOption, match=r"'1\+a' is not card numbers joined by '\+'"):
        GAME.new_state(2, options={"deck": "custom", "cards": "1+a,31,61"})


def test_no_objectives() -> None:
    s = GAME.new_state(3, options={"objectives": False})
    assert s.phase == "draft" and s.objective == []


def test_attack_recruit() -> None:
    from .helpers import RED, load, phase_doc, region

    doc = phase_doc(2, "assault", age=2, attack_recruit=True)
    doc["attackers"], doc["attacker_index"], doc["war_peace"] = [RED], 0, [1, 0]
    doc["coins"] = [4, 0]
    s = load(doc)
    assert ("recruit", region(doc, "Red Homeland")) in s.legal_actions(RED)
    assert ("pass",) in s.legal_actions(RED)
