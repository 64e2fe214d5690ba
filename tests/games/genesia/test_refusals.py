"""Bad input is refused with the rule it breaks, and the state is left unchanged."""

from __future__ import annotations

import pytest

from meeple.engine import BadState, IllegalAction

from .helpers import GREEN, RED, give, load, phase_doc, region, snapshot


def refused(s, player, action, *words: str) -> str:
    before = snapshot(s)
    with pytest.raises(IllegalAction) as info:
        s.apply(player, action)
    assert snapshot(s) == before, "a refused action must not change the state"
    text = str(info.value)
    for w in words:
        assert w in text, text
    return text


def test_stopping_in_an_opponents_region_is_refused() -> None:
    doc = phase_doc(2, "expansion")
    doc["clans"][RED][region(doc, "Red Homeland")] = 2
    doc["clans"][GREEN][region(doc, "Red 1a")] = 1
    doc["clans"][GREEN][region(doc, "Red 2a")] = 1
    doc["coins"] = [10, 10]
    s = load(doc)
    refused(s, RED, ("move", region(doc, "Red Homeland"), region(doc, "Red 2a")), "can't stop", "occupied")
    # passing through it is allowed (with a Right of Way)
    assert ("move", region(doc, "Red Homeland"), region(doc, "Red 2b")) in s.legal_actions(RED)
    # entering Red 1a is only a crossing: the Clans must go on, they cannot stop there
    s.apply(RED, ("move", region(doc, "Red Homeland"), region(doc, "Red 1a")))
    s.apply(RED, ("clans", 1))
    assert s.legal_actions(RED) and all(a[0] == "step" for a in s.legal_actions(RED))
    refused(s, RED, ("done",), "stop")


def assault_doc(att: int, dfd: int):
    doc = phase_doc(2, "assault", age=2)
    doc["attackers"], doc["attacker_index"], doc["war_peace"] = [RED], 0, [1, 0]
    doc["clans"][RED][region(doc, "Red 1a")] = att
    return doc


def test_attacking_a_homeland_is_refused() -> None:
    doc = assault_doc(5, 0)
    doc["clans"][GREEN][region(doc, "Red Homeland")] = 1  # Green got there with a card
    doc["clans"][GREEN][region(doc, "Red 2a")] = 1
    s = load(doc)
    refused(
        s, RED, ("assault", region(doc, "Red 1a"), region(doc, "Red Homeland")), "Homeland can't be attacked"
    )


def test_attacking_a_region_with_as_many_clans_is_refused() -> None:
    doc = assault_doc(2, 0)
    doc["clans"][GREEN][region(doc, "Red 2a")] = 2
    doc["clans"][GREEN][region(doc, "Red 2b")] = 1
    s = load(doc)
    refused(s, RED, ("assault", region(doc, "Red 1a"), region(doc, "Red 2a")), "fewer Clans", "2 there")
    refused(s, RED, ("assault", region(doc, "Red 1a"), region(doc, "Red 3a")), "adjacent")
    assert s.legal_actions(RED) == [("assault", region(doc, "Red 1a"), region(doc, "Red 2b"))] + [
        a for a in s.legal_actions(RED) if a[0] != "assault"
    ]


def test_a_war_player_with_a_qualifying_region_must_attack() -> None:
    doc = assault_doc(2, 0)
    doc["clans"][GREEN][region(doc, "Red 2b")] = 1
    s = load(doc)
    assert ("pass",) not in s.legal_actions(RED)
    refused(s, RED, ("pass",))


def test_paying_coins_you_dont_have_is_refused() -> None:
    doc = phase_doc(2, "growth")
    doc["coins"] = [1, 0]
    give(doc, RED, 5)  # Invention of Writing costs 2
    s = load(doc)
    refused(s, RED, ("recruit", region(doc, "Red Homeland")), "costs 2 Coins", "no debt")
    refused(s, RED, ("play", 5), "costs 2 Coins", "no debt")


def test_moving_beyond_your_coins_is_refused() -> None:
    doc = phase_doc(2, "expansion")
    doc["clans"][RED][region(doc, "Red Homeland")] = 1
    doc["coins"] = [2, 0]
    s = load(doc)
    refused(s, RED, ("move", region(doc, "Red Homeland"), region(doc, "Red 3a")), "costs 3 Coins")


def test_playing_a_card_outside_its_phase_is_refused() -> None:
    doc = phase_doc(2, "expansion", age=3)
    doc["coins"] = [20, 20]
    give(doc, RED, 62, 65, 72, 71)  # Growth; Growth+Attack; defence; End of Age
    s = load(doc)
    refused(s, RED, ("play", 62), "outside its phase", "G")
    refused(s, RED, ("play", 65), "outside its phase", "placed during Growth")
    refused(s, RED, ("play", 72), "defence card", "attacked")
    refused(s, RED, ("play", 71), "outside its phase")
    refused(s, RED, ("play", 1), "not in your hand")


def test_a_player_out_of_turn_is_refused() -> None:
    doc = phase_doc(2, "growth")
    s = load(doc)
    refused(s, GREEN, ("done",), "not Green's turn")


def test_an_inconsistent_document_is_refused_with_a_clear_message() -> None:
    from meeple.engine import BadState
    from meeple.games.genesia import GAME

    doc = phase_doc(2, "growth")
    doc["clans"][RED][region(doc, "Red 2a")] = 1
    doc["clans"][GREEN][region(doc, "Red 2a")] = 1
    with pytest.raises(BadState, match="several peoples"):
        GAME.state_from_json(doc)
    doc = phase_doc(2, "growth")
    doc["hands"][RED].append(doc["decks"][0][0])  # the card is now twice in the game
    with pytest.raises(BadState, match="several places"):
        GAME.state_from_json(doc)
    doc = phase_doc(2, "growth")
    doc["clans"][RED][0] = 31
    with pytest.raises(BadState):
        GAME.state_from_json(doc)


def test_a_hand_made_document_with_region_names_and_defaults() -> None:
    from meeple.games.genesia import GAME

    doc = {
        "game": "genesia",
        "num_players": 2,
        "options": {"objectives": False},
        "phase": "expansion",
        "age": 1,
        "coins": [20, 0],
        "clans": [{"Red Homeland": 3}, {"Red 3a": 1}],
        "cities": {"Red 3a": "Green"},
    }
    s = GAME.state_from_json(doc)
    s.check_invariants()
    assert sum(len(d) for d in s.decks) == 36
    assert s.clans[RED][region(s, "Red Homeland")] == 3 and s.cities[region(s, "Red 3a")] == GREEN
    s.apply(RED, ("move", region(s, "Red Homeland"), region(s, "Red 4a")))
    s.apply(RED, ("clans", 3))
    assert s.coins == [20 - 12 - 3, 3]
    doc["clans"] = [{"Nowhere": 3}, {}]
    with pytest.raises(BadState, match="unknown region"):
        GAME.state_from_json(doc)
