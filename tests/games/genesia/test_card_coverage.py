"""Every Age card can be played: seeded random games (the bots of `meeple simulate`) play every card
that is not an Assault card, and each offence / defence card, rare in random games (RULES.md, "Card
coverage"), is offered by `legal_actions` in its window of an Assault and works when played. The full
acceptance check (200 games of every configuration) is `tests/games/genesia/card_coverage.py`."""

from __future__ import annotations

import pytest

from meeple.games.genesia.data import CARDS_BY_NO, COLOURS

from .card_coverage import card_plays
from .helpers import GREEN, RED, give, load, phase_doc, region

REACTION = [c for c in range(1, 91) if CARDS_BY_NO[c].kind in ("offence", "defence")]


def test_random_games_end_without_errors() -> None:
    plays, errors = card_plays(5, {}, games=120)  # five players: all 90 cards are dealt
    assert not errors and sum(plays.values()) > 0


@pytest.mark.parametrize("card", [c for c in range(1, 91) if CARDS_BY_NO[c].kind not in ("offence", "defence", "copy")])
def test_every_card_is_offered_in_its_phase_and_played(card: int) -> None:
    """"Cards can only be played during the Age to which they are dealt, on your turn, and in the phase
    corresponding to the icon": each card (Assault and copy cards aside, tested in their windows) is
    offered by legal_actions to a player holding it with its cost, in its Age and phase, and is played.
    (Random games measure how often: RULES.md "Card coverage".)"""
    c = CARDS_BY_NO[card]
    phase = "growth" if "G" in c.icons else "expansion" if "E" in c.icons else "end_cards"
    other = next(x for x in COLOURS if x != c.colour)
    doc = phase_doc(2, phase, age=c.age, sets=f"{c.colour}+{other}")
    give(doc, RED, card)
    doc["coins"] = [c.cost, 0]
    doc["clans"][RED][region(doc, "Red Homeland")] = 1
    doc["clans"][RED][region(doc, "Red 2a")] = 1  # where a City card can build
    s = load(doc)
    assert ("play", card) in s.legal_actions(RED)
    s.apply(RED, ("play", card))
    if phase == "end_cards":
        s.apply(RED, ("done",))  # the secret choice, then the reveal
    while s.pend and s.pend[-1][1] == RED:
        s.apply(RED, s.legal_actions(RED)[0])
    assert card in s.played[RED] and s.coins[RED] >= 0


def assault_position(card: int, attacker_coins: int, defender_coins: int):
    """Red (4 Clans) attacks Green (3 Clans) in the Age of `card`, with a deck holding its colour set."""
    colour = CARDS_BY_NO[card].colour
    other = next(c for c in COLOURS if c != colour)
    doc = phase_doc(2, "assault", age=CARDS_BY_NO[card].age, sets=f"{colour}+{other}")
    doc["attackers"], doc["attacker_index"], doc["war_peace"] = [RED], 0, [1, 0]
    src, dst = region(doc, "Red 3a"), region(doc, "Red 4a")
    doc["clans"][RED][src], doc["clans"][GREEN][dst] = 4, 3
    doc["coins"] = [attacker_coins, defender_coins]
    return doc, src, dst


@pytest.mark.parametrize("card", [c for c in REACTION if CARDS_BY_NO[c].kind == "offence"])
def test_offence_card_is_offered_in_the_attackers_assault(card: int) -> None:
    c = CARDS_BY_NO[card]
    doc, src, dst = assault_position(card, c.cost, 0)
    if c.what == "free_siege":
        doc["clans"][GREEN][dst], doc["cities"][dst] = 0, GREEN
    give(doc, RED, card)
    s = load(doc)
    s.apply(RED, ("assault", src, dst))
    assert s.legal_actions(RED) == [("play", card), ("discard", card), ("done",)]
    s.apply(RED, ("play", card))
    assert card in s.played[RED] and s.coins[RED] == 0
    if c.what == "defender_loses":
        assert s.clans[GREEN][dst] == 3 - c.n and s.clans[RED][src] == 4
    else:
        s.apply(RED, ("siege",))
        assert s.cities[dst] == RED and s.clans[RED][src] == 4, "the siege cost no Clan"


@pytest.mark.parametrize("card", [c for c in REACTION if CARDS_BY_NO[c].kind == "defence"])
def test_defence_card_is_offered_when_attacked(card: int) -> None:
    c = CARDS_BY_NO[card]
    doc, src, dst = assault_position(card, 0, c.cost)
    give(doc, GREEN, card)
    s = load(doc)
    s.apply(RED, ("assault", src, dst))
    assert s.to_move() == [GREEN] and s.legal_actions(GREEN) == [("play", card), ("discard", card), ("pass",)]
    s.apply(GREEN, ("play", card))
    assert card in s.played[GREEN] and s.coins[GREEN] == 0
    if c.what == "cancel":
        assert not s.asl and s.clans[GREEN][dst] == 3
    else:
        assert s.clans[RED][src] == 4 - c.n


def test_attacker_may_discard_after_the_defence_card_to_pay_an_offence_card() -> None:
    """Quick Rules: "At any time, you can discard your cards for 4 Coins each" (decision 7)."""
    doc, src, dst = assault_position(75, 0, 2)
    give(doc, RED, 75, 62)  # Missiles (4 Coins), Robotics
    give(doc, GREEN, 76)  # Orbital Shield: the attacker loses 3 Clans
    doc["clans"][RED][src] = 6
    s = load(doc)
    s.apply(RED, ("assault", src, dst))
    assert s.legal_actions(RED) == [("discard", 62), ("discard", 75), ("done",)]
    s.apply(RED, ("done",))
    s.apply(GREEN, ("play", 76))
    assert s.legal_actions(RED) == [("discard", 62), ("discard", 75), ("done",)]
    s.apply(RED, ("discard", 62))
    assert s.coins[RED] == 4 and ("play", 75) in s.legal_actions(RED)
    s.apply(RED, ("play", 75))
    assert s.clans[GREEN][dst] == 0 and s.coins[RED] == 0


def test_tallies_count_each_card_played_for_simulate_stats() -> None:
    """`meeple simulate --stats` sums State.tallies() over games: one "card NN" per card played."""
    from meeple.bots import make_bot
    from meeple.engine import play_match
    from meeple.games.genesia import GAME

    s = play_match(GAME, [make_bot("random", seed=i) for i in range(3)], seed=4).state
    played = sorted(c for pile in s.played for c in pile)
    cards = {k: v for k, v in s.tallies().items() if k.startswith("card ")}
    assert played and cards == {f"card {c:02d}": 1 for c in played}


def test_attacker_plays_a_four_icon_card_in_the_assault_to_pay_an_offence_card() -> None:
    """Playing Age cards: "Cards with all 4 icons ... can be played in the phase of your choice", "on your
    turn"; "Offensive cards are played on your turn during an Assault, before or after the defender has
    played a defensive card". Card 67 Cryptocurrency (GEAF, take 5 Coins) after the defence card pays
    card 75 Missiles (ours: offence, cost 4, the defender loses 3 Clans). Until 2026-12-05 four-icon
    cards were offered only before the Assault was declared."""
    doc = phase_doc(2, "assault", age=3, sets="green+yellow")
    doc["attackers"], doc["attacker_index"], doc["war_peace"] = [RED], 0, [1, 0]
    src, dst = region(doc, "Red 3a"), region(doc, "Red 4a")
    doc["clans"][RED][src], doc["clans"][GREEN][dst] = 6, 3
    doc["coins"] = [0, 2]
    give(doc, RED, 67, 75)
    give(doc, GREEN, 76)  # Orbital Shield: the attacker loses 3 Clans (cost 2)
    s = load(doc)
    s.apply(RED, ("assault", src, dst))
    assert s.legal_actions(RED) == [("play", 67), ("discard", 67), ("discard", 75), ("done",)]
    s.apply(RED, ("done",))
    s.apply(GREEN, ("play", 76))
    assert s.clans[RED][src] == 3 and s.legal_actions(RED)[0] == ("play", 67)
    s.apply(RED, ("play", 67))
    assert s.coins[RED] == 5 and ("play", 75) in s.legal_actions(RED)
    s.apply(RED, ("play", 75))
    assert s.clans[GREEN][dst] == 0 and s.coins == [1, 0]
