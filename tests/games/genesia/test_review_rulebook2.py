"""Second independent review against the rulebook (shared/seeds/003_7412cafd3421bba8.txt), on what the first
one (test_review_rulebook.py) left out: the solo game in full, the advanced rules, Invention and copy
cards, End-of-Age cards, War/Peace and the Nobel Peace Prize, Age III stacks, each Objective's condition,
discarding for Coins and every card effect kind against its text. Card texts, objectives and the board
are our own data (RULES.md): where a test checks one of them, the docstring says so."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.games.genesia import GAME
from meeple.games.genesia.data import CARDS_BY_NO
from meeple.games.genesia.scoring import breakdown, objective_points

from .helpers import (
    BLACK,
    GRAY,
    GREEN,
    RED,
    WHITE,
    give,
    load,
    no_objectives,
    phase_doc,
    refused,
    region,
    take,
)


def plain(n: int, phase: str, age: int = 1, **options: Any) -> dict[str, Any]:
    """A position in `phase` of `age`, empty board and hands, turn order 0..n-1, no objectives."""
    return no_objectives(phase_doc(n, phase, age=age, objectives=False, **options))


def assault_doc(n: int = 2, age: int = 2, sets: str = "blue+green", **options: Any) -> dict[str, Any]:
    """Red chose War (alone) and is about to launch an Assault."""
    doc = plain(n, "assault", age=age, sets=sets, **options)
    doc["war_peace"] = [1] + [0] * (n - 1)
    doc["attackers"], doc["attacker_index"] = [RED], 0
    return doc


# ---------------------------------------------------------------- Rules for 1 player


SOLO_DECKS = {
    # Blue + Yellow sets (1-12, 31-42 but 41 Green, 61-72), minus the rulebook's lists
    "beginner": (
        {1, 2, 3, 4, 5, 7, 8, 9, 10, 12},
        {31, 32, 33, 34, 35, 37, 38, 40, 42, 45},
        {61, 62, 63, 66, 67, 68, 69, 71},
    ),
    "expert": (
        {1, 2, 3, 4, 6, 7, 8, 9, 10, 11},
        {31, 32, 34, 35, 36, 37, 38, 39, 40, 45},
        {61, 62, 63, 66, 67, 68, 70, 71},
    ),
    "heroic": (
        {1, 2, 4, 5, 6, 7, 8, 10, 11, 12},
        {31, 32, 33, 35, 36, 37, 38, 39, 40, 42},
        {61, 62, 63, 66, 68, 69, 70, 71},
    ),
}


@pytest.mark.parametrize("difficulty", sorted(SOLO_DECKS))
def test_solo_preparation_blue_and_yellow_sets_minus_the_mode_cards_5_cards_each(difficulty: str) -> None:
    """Rules for 1 Player, Preparation: "take the Blue and Yellow card sets and put back in the box the
    discarded cards as indicated in the table"; "You will have 10 cards in the Age I and II decks, and 8
    cards in the Age III deck"; Course of the game: "In Ages I and II, deal 5 cards at random to each
    people"; "You play without the Secret Objective cards"; "no Coins are dealt"."""
    s = GAME.new_state(1, seed=5, options={"difficulty": difficulty})
    age1, age2, age3 = SOLO_DECKS[difficulty]
    assert set(s.hands[0]) | set(s.hands[1]) == age1 and s.decks[0] == []
    assert set(s.decks[1]) == age2 and set(s.decks[2]) == age3
    assert len(s.hands[0]) == len(s.hands[1]) == 5
    assert all(CARDS_BY_NO[c].colour in ("blue", "yellow") for c in age1 | age2 | age3)
    assert s.objective == [] and s.obj_opts == [] and s.phase == "growth" and s.coins == [0, 0]
    assert s.num_players == 1 and s.peoples == 2 and s.to_move() == [0]


def test_solo_opponents_homeland_card_means_the_other_people() -> None:
    """Rules for 1 Player: "on the cards ... the terms ... "opponent's" are to be understood ... as "your
    other people""; Homelands: "from Age II, some cards give Clans or Cities directly in an opponent's
    Homeland". Card 38 Embassy (ours): "Place 1 Clan and 1 City in the Homeland of an opponent"."""
    doc = phase_doc(1, "growth", age=2)
    give(doc, 0, 38)
    doc["coins"] = [3, 0]
    s = load(doc)
    s.apply(0, ("play", 38))
    green_home = region(s, "Green Homeland")
    assert s.legal_actions(0) == [("target", green_home)]
    s.apply(0, ("target", green_home))
    assert s.clans[0][green_home] == 1 and s.has_city(0, green_home) and s.coins == [0, 0]


def test_solo_a_continent_other_than_yours_is_the_other_peoples() -> None:
    """Rules for 1 Player: ""a Continent other than yours" ... "Regions of the Continent not containing
    your Homeland""; card 42 Spice Route (ours): "Take 2 Coins per Region of another Continent you
    occupy" (Genesia is no Continent)."""
    doc = phase_doc(1, "expansion", age=2)
    give(doc, 0, 42)
    for name in ("Green 4a", "Green Homeland", "Centre", "Red 2a"):
        doc["clans"][0][region(doc, name)] = 1
    doc["cities"][region(doc, "Green 3a")] = 0
    doc["coins"] = [0, 0]
    s = load(doc)
    s.apply(0, ("play", 42))
    assert s.coins == [6, 0], "Green 4a, Green Homeland, Green 3a (a City): 3 Regions x 2"


def test_solo_discard_for_4_coins_and_no_attack_phase() -> None:
    """Rules for 1 Player: "you can always discard during the Age as many cards as you wish for 4 Coins
    per discarded card"; "there is no Attack phase" (a Course "made up only of the Growth and Expansion
    phases"); End of the Age then gives each people its free Cities."""
    doc = phase_doc(1, "expansion", age=1)
    give(doc, 0, 1, 2)
    give(doc, 1, 7)
    doc["coins"] = [0, 0]
    doc["clans"][0][region(doc, "Red 3a")] = 3
    doc["clans"][1][region(doc, "Red 4a")] = 1  # an Assault would be possible in a multiplayer game
    doc["clans"][1][region(doc, "Green 1a")] = 2
    s = load(doc)
    s.apply(0, ("discard", 1))
    s.apply(0, ("discard", 2))
    assert s.coins == [8, 0] and s.discards[0] == [1, 2]
    s.apply(0, ("done",))
    assert s.order[s.turn] == 1 and s.phase == "expansion"
    s.apply(0, ("done",))
    # straight to the End of the Age: no War/Peace tile; both peoples' free Cities, then the hands discarded
    assert s.age == 2 and s.phase == "growth"
    assert s.cities[region(s, "Red 3a")] == 0 and s.cities[region(s, "Green 1a")] == 1
    assert s.cities[region(s, "Red 4a")] == -1
    assert s.coins == [8, 4], "people 1's last card discarded for 4 at the End of the Age, no income"
    assert s.assaults == [0, 0]


def test_solo_end_of_age_card_then_the_lower_people_is_the_score() -> None:
    """Rules for 1 Player, Scoring: "identical to the multiplayer game, without Objective Points";
    "your final score is the lower of your two peoples' scores". End of the Age 2 and 3 in Age III:
    End-of-Age cards (card 71 Megacities, ours: 2 PP per City, at most 12) then "go directly to the End of
    the Game"."""
    doc = phase_doc(1, "expansion", age=3)
    doc["turn"] = 1
    doc["first"], doc["order"] = 0, [0, 1]
    give(doc, 1, 71)
    doc["coins"] = [0, 0]
    doc["pp"] = [[2, 2], [0, 0]]
    for name in ("Green 1a", "Green 1b", "Green 2a"):
        doc["clans"][1][region(doc, name)] = 2  # 3 free Cities at the End of the Age
    doc["clans"][0][region(doc, "Centre")] = 1
    s = load(doc)
    s.apply(0, ("done",))
    assert s.phase == "end_cards" and s.legal_actions(0) == [("play", 71), ("discard", 71), ("done",)]
    s.apply(0, ("play", 71))
    s.apply(0, ("done",))
    assert s.phase == "over"
    assert s.pp == [[2, 2, 0], [0, 0, 6]]
    # people 0: 4 PP + Centre 15 = 19; people 1: 6 PP + Conquest 2 + 2 + 4 = 14
    assert breakdown(s, 0)["total"] == 19 and breakdown(s, 1)["total"] == 14
    assert breakdown(s, 1)["objective"] == 0
    assert s.result().scores == [14.0]


# ---------------------------------------------------------------- Advanced rules


def test_teams_two_against_three_score_their_lowest_member() -> None:
    """Advanced Rules: "You can play in teams (including 1 against 2 or 2 against 3) ...: the final score
    of each team is that of the player with the lowest individual total"."""
    doc = phase_doc(5, "over", age=3, objectives=False, teams="0+3,1+2+4")
    no_objectives(doc)
    doc["pp"] = [[9, 0, 0], [20, 0, 0], [8, 0, 0], [7, 0, 0], [30, 0, 0]]
    s = load(doc)
    r = s.result()
    assert r.scores == [7.0, 8.0, 8.0, 7.0, 8.0]
    assert sorted(r.winners) == [GREEN, GRAY, WHITE]
    assert r.ranks[RED] == r.ranks[BLACK] > r.ranks[GREEN]


def test_recruiting_in_the_attack_phase_then_the_assault_is_compulsory() -> None:
    """Advanced Rules: "Optionally, you can also allow the recruitment of Clans during the Attack phase";
    Conditions of an Assault: "If you meet these conditions in at least one Region you must launch an
    assault there"; recruiting is "2 Coins per Clan", on "your Homeland"."""
    doc = assault_doc(age=2, attack_recruit=True)
    home = region(doc, "Red Homeland")
    doc["clans"][RED][home] = 1
    doc["clans"][GREEN][region(doc, "Red 1a")] = 1
    doc["coins"] = [2, 0]
    s = load(doc)
    assert s.legal_actions(RED) == [("recruit", home), ("pass",)]
    s.apply(RED, ("recruit", home))
    assert s.coins == [0, 0] and s.clans[RED][home] == 2
    assert s.legal_actions(RED) == [("assault", home, region(s, "Red 1a"))], "no pass: a target exists"
    refused(s, RED, ("pass",))
    # without the option, no recruiting in the Attack phase
    doc["options"]["attack_recruit"] = False
    s = load(doc)
    assert s.legal_actions(RED) == [("pass",)]


# ---------------------------------------------------------------- Invention and copy cards


def test_copied_invention_scores_for_the_copier_at_every_later_age() -> None:
    """3 - Count your Progress Points: "Add those of all your Invention cards played during this Age and
    previous Ages, not forgetting those of your opponents that you may have copied"; the copy card itself
    (card 14 Imitation, ours) is no Invention."""
    doc = plain(2, "end_cards", age=2, sets="yellow+green")
    for c in (9, 14):  # Invention of Agriculture (2 PP), copied in Age I with Imitation
        take(doc, c)
    doc["played"] = [[9], [14]]
    doc["copies"] = [[], [9]]
    doc["pp"] = [[2], [2]]
    give(doc, RED, 37)
    s = load(doc)
    s.apply(RED, ("done",))
    assert s.phase == "turn_order"
    assert s.pp == [[2, 2], [2, 2]]


def test_copy_an_end_of_age_card_at_the_reveal() -> None:
    """Playing Age cards: "Cards that copy the effect of a card played by an opponent must be played at the
    moment the card you wish to copy is put into play"; Cost: "paid at the moment the card is played".
    Card 10 Cave Paintings (ours): cost 1, 7 Progress Points; card 14 Imitation (ours): cost 1, copies it."""
    doc = plain(2, "end_cards", age=1, sets="yellow+green")
    give(doc, RED, 10)
    give(doc, GREEN, 14)
    doc["coins"] = [1, 1]
    s = load(doc)
    s.apply(RED, ("play", 10))
    s.apply(RED, ("done",))
    s.apply(GREEN, ("done",))  # Green keeps Imitation in hand for the reveal
    assert s.to_move() == [GREEN] and s.legal_actions(GREEN) == [("copy", 14), ("discard", 14), ("pass",)]
    s.apply(GREEN, ("copy", 14))
    assert s.pp == [[7], [7]]
    assert s.coins == [0, 0] and s.hands == [[], []]


def test_a_copy_card_is_not_offered_without_its_cost_nor_for_a_city_card() -> None:
    """Cost: "No debt is allowed"; decision 6 (ours): City and Homeland cards are not copied. Card 43
    Espionage (ours) costs 2."""
    doc = plain(2, "growth", age=2, sets="green+yellow")
    give(doc, RED, 47, 38)  # Guilds: gain 4 Clans (cost 2); Embassy (invade, cost 3)
    give(doc, GREEN, 43, 37)
    doc["coins"] = [10, 1]
    s = load(doc)
    s.apply(RED, ("play", 47))
    assert s.clans[RED][region(s, "Red Homeland")] == 4, "one place only: the Clans go there"
    # Green holds cards, so it is asked (hands are secret), but cannot pay Espionage
    assert s.to_move() == [GREEN] and s.legal_actions(GREEN) == [("discard", 37), ("discard", 43), ("pass",)]
    refused(s, GREEN, ("copy", 43))
    s.apply(GREEN, ("pass",))
    s.apply(RED, ("play", 38))
    assert s.to_move() == [RED] and s.pend[-1][0] == "invade", "no copy window for a Homeland card"


# ---------------------------------------------------------------- End-of-Age cards


@pytest.mark.parametrize(
    ("card", "names", "pp"),
    [
        # 8 Gathering: 2 PP per Region you occupy (at most 8)
        (8, ("Red 1a", "Red 1b", "Red 2a", "Red 2b", "Green 1a"), 8),
        (8, ("Red 1a", "Red 1b", "Centre"), 6),
        # 30 Offerings: 2 PP per Region of another Continent (at most 6); Genesia does not count
        (30, ("Green 1a", "Green Homeland", "Centre", "Red 1a"), 4),
        (30, ("Green 1a", "Green 1b", "Green 2a", "Green 2b"), 6),
        # 18 Burial Mound: 6 PP per City you have (at most 8; 3 a City until the card audit's third round):
        # 2 Cities, 12 capped at 8
        (18, (), 8),
    ],
)
def test_end_of_age_points_per_unit_with_their_cap(card: int, names: tuple[str, ...], pp: int) -> None:
    """2 - Play or discard your cards: "Play the cards from your hand bearing the End-of-Age icon"; 3 -
    "Add up the Progress Points earned thanks to your End-of-Age cards played during this Age". Texts
    ours (cards 8, 18, 30)."""
    doc = plain(2, "end_cards", age=1, sets="yellow+green" if card != 30 else "yellow+red")
    give(doc, RED, card)
    for name in names:
        doc["clans"][RED][region(doc, name)] = 1
    doc["cities"][region(doc, "Red 3a")] = RED if card == 18 else -1
    doc["cities"][region(doc, "Red 3b")] = RED if card == 18 else -1
    doc["coins"] = [0, 0]
    s = load(doc)
    s.apply(RED, ("play", card))
    s.apply(RED, ("done",))
    assert s.pp == [[pp], [0]]


def test_discoveries_4_points_per_genesia_region_at_most_12() -> None:
    """Card 59 Discoveries (ours): "4 Progress Points per Region of Genesia you occupy (at most 12)"."""
    doc = plain(2, "end_cards", age=2, sets="red+green")
    give(doc, RED, 59)
    for name in ("Coast 1", "Strait 1", "Centre", "Strait 2"):
        doc["clans"][RED][region(doc, name)] = 1
    s = load(doc)
    s.apply(RED, ("play", 59))
    s.apply(RED, ("done",))
    assert s.pp == [[12], [0]]


def test_chronicles_count_copied_inventions_and_a_four_icon_card_gives_coins_at_the_end() -> None:
    """Card 40 Chronicles (ours): "2 Progress Points per Invention you have (at most 8)"; Inventions copied
    count as yours (3 - "not forgetting those ... that you may have copied"). "Cards with all 4 icons ...
    can be played in the phase of your choice": card 37 Market (ours, take 6 Coins; advantage for other
    players: each takes 1 Coin) at the End of the Age;
    the Coins are kept ("Keep in front of you all your unused Coins") and the next Age adds 15."""
    doc = plain(2, "end_cards", age=2, sets="yellow+green")
    for c in (15, 9, 14):
        take(doc, c)
    doc["played"] = [[15, 14], [9]]  # Mastery of Fire (4 PP) and Imitation, which copied 9 (2 PP)
    doc["copies"] = [[9], []]
    doc["pp"] = [[3], [0]]
    give(doc, RED, 40, 37)
    doc["coins"] = [0, 0]
    s = load(doc)
    s.apply(RED, ("play", 40))
    s.apply(RED, ("play", 37))
    s.apply(RED, ("done",))
    assert s.pp == [[3, 4 + 4 + 2], [0, 2]], "Chronicles: 2 Inventions (1 copied); plus their 6 PP"
    assert s.phase == "turn_order"
    s.apply(GREEN, s.legal_actions(GREEN)[0])
    assert s.age == 3 and s.coins == [6 + 15, 1 + 15]


# ---------------------------------------------------------------- War/Peace tiles, Nobel Peace Prize


def test_nobel_peace_prize_is_placed_in_growth_only_and_cannot_be_copied() -> None:
    """Playing Age cards: "Cards with both the Growth icon and the Attack icon must be placed during the
    Growth phase"; 3 - Attack: the Nobel holder "cannot take part in any Assault. They leave the Peace face
    of the tile in front of them". Card 73 (Growth + Attack, number ours); decision 6: not copyable."""
    doc = plain(3, "growth", age=3, sets="blue+green+yellow")
    give(doc, RED, 73)
    give(doc, GREEN, 74)  # Hacking (copy)
    doc["coins"] = [0, 5, 0]
    doc["clans"][RED][region(doc, "Red 3a")] = 3
    doc["clans"][GREEN][region(doc, "Red 4a")] = 1
    doc["clans"][GRAY][region(doc, "Red 3b")] = 1
    doc["clans"][GREEN][region(doc, "Red 2b")] = 5
    s = load(doc)
    t = s.clone()
    t.apply(RED, ("done",))
    t.apply(GREEN, ("done",))
    t.apply(GRAY, ("done",))
    refused(t, RED, ("play", 73))
    s.apply(RED, ("play", 73))
    assert not s.pend and s.nobel == [1, 0, 0] and s.to_move() == [RED], "nobody is asked to copy"
    for p in (RED, GREEN, GRAY, RED, GREEN, GRAY):
        s.apply(p, ("done",))
    assert s.phase == "war_peace" and s.wp[RED] == 0
    assert sorted(s.to_move()) == [GREEN, GRAY]
    s.apply(GREEN, ("war",))
    s.apply(GRAY, ("peace",))
    # Green may attack Gray's 1 Clan from Red 2b (5) but not Red's 3 Clans in Red 3a
    assert [a for a in s.legal_actions(GREEN) if a[0] == "assault"] == [
        ("assault", region(s, "Red 2b"), region(s, "Red 3b"))
    ]


# ---------------------------------------------------------------- Age III stacks


def test_age_3_part_of_a_stack_and_free_moves_per_stack_and_right_of_way_per_stack() -> None:
    """Moving: "Age III: 1 Coin allows you to move 1 of your groups of stacked Clans (from 1 to 30 Clans)";
    Stacking: "You can always separate a Clan or a group of Clans from a stack to move them"; Right of Way
    "1 Coin for 1 stack of Clans crossing the Region" in Age III. Card 66 Teleportation (ours): 8 free
    Moves."""
    doc = plain(2, "expansion", age=3)
    home = region(doc, "Red Homeland")
    doc["clans"][RED][home] = 12
    doc["clans"][GREEN][region(doc, "Red 1a")] = 1
    doc["clans"][GREEN][region(doc, "Red 1b")] = 1
    give(doc, RED, 66)  # costs 2
    doc["coins"] = [5, 0]
    s = load(doc)
    s.apply(RED, ("move", home, region(s, "Red 2b")))
    assert s.legal_actions(RED)[-1] == ("clans", 12)
    s.apply(RED, ("clans", 7))
    # 2 steps for the stack of 7 = 2 Coins; crossing Green's 1a or 1b = 1 Coin to Green
    assert s.coins == [2, 1] and s.clans[RED][home] == 5 and s.clans[RED][region(s, "Red 2b")] == 7
    s.apply(RED, ("play", 66))
    s.apply(RED, ("move", region(s, "Red 2b"), region(s, "Red 4b")))
    s.apply(RED, ("clans", 7))
    assert s.credit == [6, 0] and s.coins == [0, 1], "2 free Moves carry the stack of 7 two Regions"
    assert s.clans[RED][region(s, "Red 4b")] == 7


# ---------------------------------------------------------------- Secret objectives


def test_objectives_dealt_only_of_the_colours_in_use_two_each_keep_one() -> None:
    """Setup E: "keep only the sets of the same color as the Age cards. Shuffle them. Deal two at random
    ... each player chooses one of the two cards". Objective colours are ours (purple 9, 10; red 11, 12)."""
    s = GAME.new_state(2, seed=3, options={"sets": "purple+red"})
    assert sorted(s.obj_pool) == [9, 10, 11, 12]
    assert sorted(s.obj_opts[0] + s.obj_opts[1]) == [9, 10, 11, 12]
    assert s.phase == "objective" and sorted(s.to_move()) == [RED, GREEN]
    refused(s, RED, ("objective", s.obj_opts[GREEN][0]))
    s.apply(RED, ("objective", s.obj_opts[RED][1]))
    s.apply(GREEN, ("objective", s.obj_opts[GREEN][0]))
    assert s.objective == [s.obj_opts[RED][1], s.obj_opts[GREEN][0]]
    assert s.phase == "draft" and s.coins == [15, 15]


def objective_doc() -> dict[str, Any]:
    doc = plain(3, "over", age=3)
    doc["pp"] = [[0, 0, 0]] * 3
    return doc


def test_small_people_needs_a_city_and_exactly_one_clan_homeland_included() -> None:
    """Objective "Petit peuple": "+5 per Region you occupy with 1 City and only 1 Clan." "Including the Regions of
    your Continent." A City alone or with 2 Clans does not count; an unfulfilled objective "does not lose
    points"."""
    doc = objective_doc()
    for name, clans in (("Red Homeland", 1), ("Red 2a", 0), ("Red 2b", 2), ("Green 3a", 1), ("Centre", 1)):
        doc["cities"][region(doc, name)] = RED
        doc["clans"][RED][region(doc, name)] = clans
    doc["clans"][RED][region(doc, "Red 4a")] = 1  # a Clan without a City
    s = load(doc)
    assert objective_points(s, RED, 1) == 15, "Red Homeland, Green 3a, Centre"
    assert objective_points(s, GREEN, 1) == 0


@pytest.mark.parametrize(
    ("oid", "points"),
    [
        (3, 4 * 2),  # Explorer: +4 per Genesia Region (Centre, Coast 1)
        (4, 3 * 3),  # Coloniser: +3 per Region of another Continent, Homelands included
        (5, 3 * 2),  # Horde: +3 per Region with 3 Clans or more (Red Homeland, Centre)
        (6, 2 * 2),  # Settler: +2 per Region of your Continent, not the Homeland (Red 1a, Red 2a City)
        (7, 3),  # Merchant: +1 per 2 Coins (7 Coins)
        (8, 3 * 3),  # Scholar: +3 per Invention, copies included
        (9, 12),  # Conqueror: the Centre
        (10, 0),  # Pacifist: an Assault was launched
        (11, 3 * 5),  # Warrior: +3 per Assault, at most 5 (6 launched)
        (12, 5 * 2),  # Ambassador: +5 per opposing Homeland with your Clan or City
    ],
)
def test_each_objective_condition(oid: int, points: int) -> None:
    """End of the Game, 4. Objective Points: "reveal your Secret Objective, then count and record the
    points thus gained". The 11 objectives other than "Petit peuple" are ours (data/objectives.json)."""
    doc = objective_doc()
    for name, clans in (
        ("Red Homeland", 4),
        ("Red 1a", 1),
        ("Centre", 3),
        ("Coast 1", 1),
        ("Green Homeland", 1),
        ("Green 4a", 2),
    ):
        doc["clans"][RED][region(doc, name)] = clans
    doc["cities"][region(doc, "Red 2a")] = RED
    doc["cities"][region(doc, "Gray Homeland")] = RED
    doc["coins"] = [7, 0, 0]
    for c in (5, 9, 14):
        take(doc, c)
    doc["played"] = [[5, 9, 14], [], []]
    doc["copies"] = [[33], [], []]
    take(doc, 33)
    doc["played"][GREEN] = [33]
    doc["assaults"] = [6, 0, 0]
    s = load(doc)
    assert objective_points(s, RED, oid) == points
    if oid == 10:
        assert objective_points(s, GREEN, 10) == 10


def test_twin_cities_count_the_most_pairs_the_cities_allow() -> None:
    """Note on Secret Objectives: "1 City can only be counted once. To make counting easier, remove from
    the board each set of 2 Cities after counting them." Objective 2 Twin Cities (ours): "+6 per pair of
    your Cities in adjacent Regions (each City counts once)". Cities in Red 1a, 1b, 2a, 2c form two
    disjoint pairs (1a-2a, 1b-2c); pairing 1a with 1b first leaves 2a and 2c apart."""
    doc = objective_doc()
    for name in ("Red 1a", "Red 1b", "Red 2a", "Red 2c"):
        doc["cities"][region(doc, name)] = RED
    s = load(doc)
    assert objective_points(s, RED, 2) == 12


# ---------------------------------------------------------------- Discarding for Coins


def test_discard_any_number_on_your_turn_and_when_attacked_to_pay_a_defence_card() -> None:
    """Discarding a card: "There is no limit to the number of cards you can discard"; Quick Rules: "At any
    time, you can discard your cards for 4 Coins each" (the solo rules: "you can always discard"): a
    defender with no Coin discards a card when attacked and pays Ramparts (44, ours: cost 1) with it
    (until 2026-12-05 only "during your turn": the defender could only pass)."""
    doc = plain(2, "expansion", age=2, sets="blue+green")
    give(doc, RED, 31, 32, 33)
    doc["coins"] = [0, 0]
    s = load(doc)
    for c in (31, 32, 33):
        s.apply(RED, ("discard", c))
    assert s.coins == [12, 0] and s.hands[RED] == [] and sorted(s.discards[RED]) == [31, 32, 33]
    assert s.view(GREEN)["discards"][RED] == 3
    doc = assault_doc()
    doc["clans"][RED][region(doc, "Red 3a")] = 3
    doc["clans"][GREEN][region(doc, "Red 4a")] = 1
    give(doc, GREEN, 44, 43)
    doc["coins"] = [0, 0]
    s = load(doc)
    s.apply(RED, ("assault", region(s, "Red 3a"), region(s, "Red 4a")))
    assert s.legal_actions(GREEN) == [("discard", 43), ("discard", 44), ("pass",)]
    s.apply(GREEN, ("discard", 43))
    assert s.coins == [0, 4] and s.legal_actions(GREEN) == [("play", 44), ("discard", 44), ("pass",)]
    s.apply(GREEN, ("play", 44))
    assert s.coins == [0, 3] and not s.asl and s.clans[GREEN][region(s, "Red 4a")] == 1


# ---------------------------------------------------------------- Card effect kinds against their texts


def test_recruit_cost_card_lasts_the_age_in_growth_and_expansion() -> None:
    """Card 85 Nanotechnology (ours, Growth + Expansion): "This Age, recruiting a Clan costs 1 Coin"
    (Growth + Expansion cards placed in Growth "remain active during the Expansion phase")."""
    doc = plain(2, "growth", age=3, sets="red+blue")
    give(doc, RED, 85)
    doc["coins"] = [3, 0]
    doc["cities"][region(doc, "Red 2a")] = RED
    s = load(doc)
    s.apply(RED, ("play", 85))
    s.apply(RED, ("recruit", region(s, "Red 2a")))
    s.apply(RED, ("done",))
    s.apply(GREEN, ("done",))
    s.apply(RED, ("recruit", region(s, "Red Homeland")))
    assert s.coins == [0, 0] and s.clans[RED][region(s, "Red 2a")] == 1


def test_highways_no_right_of_way_for_a_stack_in_age_3() -> None:
    """Card 86 Highways (ours): "This Age, you pay no Right of Way; 6 free Moves"; the move itself is still
    paid (1 Coin per stack per Region in Age III), out of the free Moves first."""
    doc = plain(2, "expansion", age=3, sets="red+blue")
    give(doc, RED, 86)
    home = region(doc, "Red Homeland")
    doc["clans"][RED][home] = 4
    doc["clans"][GREEN][region(doc, "Red 1a")] = 1
    doc["clans"][GREEN][region(doc, "Red 1b")] = 1
    doc["coins"] = [3, 0]
    s = load(doc)
    s.apply(RED, ("play", 86))
    s.apply(RED, ("move", home, region(s, "Red 2b")))
    s.apply(RED, ("clans", 4))
    assert s.coins == [3 - 1, 0] and s.credit[RED] == 6 - 2 and s.clans[RED][region(s, "Red 2b")] == 4


def test_builders_two_cities_where_you_have_a_clan_and_not_where_a_city_stands() -> None:
    """Card 39 Builders (ours): "Build 2 Cities in Regions where you have a Clan" (cost 3); a Region has one
    City ("each Region that does not already have a City")."""
    doc = plain(2, "expansion", age=2, sets="yellow+blue")
    give(doc, RED, 39)
    for name in ("Red 1a", "Red 2a", "Red 3a"):
        doc["clans"][RED][region(doc, name)] = 1
    doc["cities"][region(doc, "Red 2a")] = RED
    doc["coins"] = [3, 0]
    s = load(doc)
    s.apply(RED, ("play", 39))
    assert s.legal_actions(RED) == [
        ("target", region(s, "Red 1a")),
        ("target", region(s, "Red 3a")),
        ("pass",),
    ]
    s.apply(RED, ("target", region(s, "Red 3a")))
    assert s.legal_actions(RED) == [("target", region(s, "Red 1a")), ("pass",)]
    s.apply(RED, ("target", region(s, "Red 1a")))
    assert not s.pend and s.coins == [0, 0] and s.cities.count(RED) == 3


def test_call_of_the_crusade_takes_only_the_clans_left() -> None:
    """Card 45 The Call of the Crusade (ours): "Place 3 Clans in the Homeland of an opponent of your
    choice"; 1 - Growth: "If a card makes you gain Clans and you do not have enough available, take only
    the remaining Clans"."""
    doc = plain(3, "growth", age=2, sets="yellow+blue+green")
    give(doc, RED, 45)
    doc["clans"][RED][region(doc, "Red Homeland")] = 28
    doc["coins"] = [2, 0, 0]
    s = load(doc)
    s.apply(RED, ("play", 45))
    assert s.legal_actions(RED) == [
        ("target", region(s, "Green Homeland")),
        ("target", region(s, "Gray Homeland")),
    ]
    s.apply(RED, ("target", region(s, "Gray Homeland")))
    assert s.clans[RED][region(s, "Gray Homeland")] == 2 and s.reserve_clans(RED) == 0
    assert s.cities[region(s, "Gray Homeland")] == -1


def test_defence_attacker_loses_then_equal_losses_and_offence_defender_loses() -> None:
    """Defence: "play it as soon as you suffer an Assault"; offensive cards "before or after the defender
    has played a defensive card". Card 76 Orbital Shield (ours): "the attacker loses 3 Clans of the
    attacking Region"; card 75 Missiles (ours): "the defender loses 3 Clans; you lose none for them";
    then "you lose the same number, from 1 Clan up to the whole of your opponent's stack"."""
    doc = assault_doc(age=3, sets="green+blue")
    src, dst = region(doc, "Red 3a"), region(doc, "Red 4a")
    doc["clans"][RED][src] = 8
    doc["clans"][GREEN][dst] = 5
    give(doc, RED, 75)
    give(doc, GREEN, 76)
    doc["coins"] = [4, 2]
    s = load(doc)
    s.apply(RED, ("assault", src, dst))
    s.apply(RED, ("done",))  # keeps Missiles for after the defence card
    s.apply(GREEN, ("play", 76))
    assert s.clans[RED][src] == 5 and s.coins == [4, 0]
    s.apply(RED, ("play", 75))
    assert s.clans[GREEN][dst] == 2 and s.clans[RED][src] == 5 and s.coins == [0, 0]
    assert s.legal_actions(RED) == [("lose", 1), ("lose", 2)]
    s.apply(RED, ("lose", 2))
    assert s.legal_actions(RED) == [("movein", k) for k in range(4)]
    s.apply(RED, ("movein", 3))
    assert s.clans[RED][src] == 0 and s.clans[RED][dst] == 3 and s.clans[GREEN][dst] == 0


def _copy_position(green_clans: int) -> Any:
    """Red plays card 9 Invention of Agriculture (ours: Invention, 1 PP, gain 2 Clans; cost 2); Green holds
    card 14 Imitation (ours: copy, cost 1) with `green_clans` Clans on the board."""
    doc = plain(2, "growth", age=1, sets="yellow+green")
    give(doc, RED, 9)
    give(doc, GREEN, 14)
    doc["clans"][GREEN][region(doc, "Green 1a")] = green_clans
    doc["coins"] = [2, 1]
    s = load(doc)
    s.apply(RED, ("play", 9))
    return s


def test_copying_an_invention_takes_a_clan_to_mark_it() -> None:
    """C3 Count your Progress Points: copied Inventions are "recognizable by the Clan piece of your color
    that you placed on it at that time": the marker is one of your 30 Clans ("You have 30 Clans maximum"),
    so it leaves your reserve for the game (until 2026-12-05 it was bookkeeping only)."""
    s = _copy_position(27)
    s.apply(GREEN, ("copy", 14))
    assert s.copies[GREEN] == [9] and s.reserve_clans(GREEN) == 0, "30 - 27 - 1 marker - 2 gained"
    assert s.clans[GREEN][region(s, "Green Homeland")] == 2
    s = _copy_position(28)
    s.apply(GREEN, ("copy", 14))
    assert s.reserve_clans(GREEN) == 0 and s.clans[GREEN][region(s, "Green Homeland")] == 1, (
        "the marker first, then the Clans left: 'take only the remaining Clans'"
    )


def test_with_all_30_clans_out_an_invention_cannot_be_copied() -> None:
    """No Clan left to mark the copied Invention: the copy card is not offered (Green, holding cards, is
    still asked: it may discard or pass)."""
    s = _copy_position(30)
    assert s.to_move() == [GREEN] and s.legal_actions(GREEN) == [("discard", 14), ("pass",)]
    refused(s, GREEN, ("copy", 14))


def test_no_discard_while_choosing_war_or_peace_nor_while_an_assault_is_resolved() -> None:
    """Decision 7: "at any time" is offered at a player's own decisions of the Age; the War/Peace choice
    is not one of them (Coins gained there could only be spent at a decision where discarding is offered
    anyway), nor the steps resolving an Assault (losses, siege, moving in), where Coins buy nothing."""
    doc = assault_doc()
    doc["phase"], doc["war_peace"], doc["attackers"] = "war_peace", [-1, -1], []
    doc["clans"][RED][region(doc, "Red 3a")] = 3
    doc["clans"][GREEN][region(doc, "Red 4a")] = 1
    give(doc, RED, 32)
    s = load(doc)
    assert s.legal_actions(RED) == [("war",), ("peace",)]
    refused(s, RED, ("discard", 32))
    s.apply(RED, ("war",))
    s.apply(GREEN, ("peace",))
    s.apply(RED, ("assault", region(s, "Red 3a"), region(s, "Red 4a")))
    s.apply(RED, ("done",))  # the attacker's card step; Green holds no card: the losses
    assert s.legal_actions(RED) == [("lose", 1)]
    assert "card steps" in (s.why_illegal(RED, ("discard", 32)) or "")
    refused(s, RED, ("discard", 32))
