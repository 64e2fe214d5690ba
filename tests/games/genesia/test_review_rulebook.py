"""Independent review against the rulebook (shared/seeds/003_7412cafd3421bba8.txt): one scenario per rule,
each with the exact outcome the rulebook gives. Card texts and the board are our own data (RULES.md)."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.games.genesia.scoring import breakdown

from .helpers import GRAY, GREEN, RED, give, load, no_objectives, phase_doc, refused, region, take


def war_doc(n: int = 2, age: int = 2) -> dict[str, Any]:
    """The Attack phase at the start of a round (everyone still to place a tile), no objectives."""
    doc = no_objectives(phase_doc(n, "war_peace", age=age, objectives=False))
    doc["war_peace"] = [-1] * n
    return doc


def assault_doc(n: int = 2, age: int = 2, attacker: int = RED) -> dict[str, Any]:
    """`attacker` chose War (alone) and is about to launch an Assault (Blue and Green sets)."""
    doc = no_objectives(phase_doc(n, "assault", age=age, objectives=False, sets="blue+green"))
    doc["war_peace"] = [1 if p == attacker else 0 for p in range(n)]
    doc["attackers"], doc["attacker_index"] = [attacker], 0
    return doc


# ---------------------------------------------------------------- Start of the Age


def test_start_of_age_15_coins_added_to_the_unspent_ones() -> None:
    """A - Start of the Age: "each player receives 15 COINS, which are added, if applicable, to the money
    not spent during the previous Age" and 6 Age cards of the Age being played. End of the Age 2: cards
    left are discarded "for 4 Coins each"."""
    doc = no_objectives(phase_doc(2, "end_cards", age=1, objectives=False))
    give(doc, RED, 10, 3)  # Cave Paintings (End of Age, cost 1, 7 PP); Flint Deposit (no End-of-Age icon)
    doc["coins"] = [3, 7]
    s = load(doc)
    s.apply(RED, ("play", 10))
    s.apply(RED, ("done",))
    assert s.pp == [[7], [0]]
    assert s.phase == "turn_order" and s.to_move() == [GREEN], "fewest Progress Points choose first"
    s.apply(GREEN, ("position", 1))
    assert s.order == [RED, GREEN]
    assert s.age == 2 and s.phase == "draft"
    # Red: 3 - 1 (Cave Paintings) + 4 (Flint Deposit discarded) + 15; Green: 7 + 15
    assert s.coins == [21, 22]
    assert [len(p) for p in s.packs] == [6, 6]
    assert all(31 <= c <= 60 for p in s.packs for c in p), "cards of the Age being played"


def test_draft_age_3_passes_left_and_discards_the_last_card() -> None:
    """Draft: choose 1, pass the rest "to the player on their right or left depending on the Age"
    (card back: "Age I left, Age II right, Age III left"); "The last card remaining in hand is always
    discarded"; "The 5 cards selected in front of you are then taken into hand"."""
    doc = no_objectives(phase_doc(3, "end_cards", age=2, objectives=False))
    give(doc, RED, 48)  # Cathedral: 6 PP, cost 3
    doc["coins"] = [3, 0, 0]
    doc["pp"] = [[0], [0], [0]]
    s = load(doc)
    s.apply(RED, ("play", 48))
    s.apply(RED, ("done",))
    while s.phase == "turn_order":
        s.apply(s.to_move()[0], s.legal_actions(s.to_move()[0])[0])
    assert s.age == 3 and s.phase == "draft"
    packs = [sorted(p) for p in s.packs]
    for p in range(3):
        s.apply(p, ("draft", packs[p][0]))
    # left = to the next seat: Red's 5 remaining cards now lie in front of Green
    assert sorted(s.packs[GREEN]) == packs[RED][1:]
    assert sorted(s.packs[GRAY]) == packs[GREEN][1:]
    assert sorted(s.packs[RED]) == packs[GRAY][1:]
    for _ in range(4):
        for p in range(3):
            s.apply(p, ("draft", sorted(s.packs[p])[0]))
    assert s.phase == "growth"
    assert [len(h) for h in s.hands] == [5, 5, 5]
    assert [len(d) for d in s.discards] == [1, 1, 1], "the sixth card of each pack is discarded"
    assert s.coins == [15, 15, 15]


# ---------------------------------------------------------------- Growth


def test_recruit_2_coins_on_homeland_and_in_a_city_only_from_age_2() -> None:
    """1 - Growth: "Recruit ... at a cost of 2 Coins per Clan" ... "The Clans recruited in this way are
    always placed either on your Homeland or in one of your Cities (in Age II or Age III)"."""
    for age, places in ((1, ["Red Homeland"]), (2, ["Red Homeland", "Red 2a"])):
        doc = no_objectives(phase_doc(2, "growth", age=age, objectives=False))
        doc["cities"][region(doc, "Red 2a")] = RED
        doc["cities"][region(doc, "Green 2a")] = GREEN
        doc["coins"] = [5, 0]
        s = load(doc)
        recruits = [a for a in s.legal_actions(RED) if a[0] == "recruit"]
        assert recruits == [("recruit", region(s, name)) for name in places], age
        if age == 1:
            refused(s, RED, ("recruit", region(s, "Red 2a")))
        else:
            s.apply(RED, ("recruit", region(s, "Red 2a")))
            s.apply(RED, ("recruit", region(s, "Red Homeland")))
            assert s.coins == [1, 0]
            assert s.clans[RED][region(s, "Red 2a")] == 1 and s.clans[RED][region(s, "Red Homeland")] == 1
            assert not [a for a in s.legal_actions(RED) if a[0] == "recruit"], "1 Coin left: no debt"


def test_recruiting_stops_at_30_clans() -> None:
    """1 - Growth: "You have 30 Clans maximum"."""
    doc = no_objectives(phase_doc(2, "growth", objectives=False))
    doc["clans"][RED][region(doc, "Red Homeland")] = 29
    doc["coins"] = [10, 0]
    s = load(doc)
    s.apply(RED, ("recruit", region(s, "Red Homeland")))
    assert s.reserve_clans(RED) == 0 and s.coins[RED] == 8
    refused(s, RED, ("recruit", region(s, "Red Homeland")))


def test_expansion_card_refused_in_growth_and_growth_attack_card_refused_in_expansion() -> None:
    """Playing Age cards: "you cannot play a card outside its phase"; "Cards with both the Growth icon
    and the Attack icon must be placed during the Growth phase"; Growth+Expansion cards "can be placed
    during the Growth phase or during the Expansion phase"."""
    doc = no_objectives(phase_doc(2, "growth", objectives=False, sets="blue+green"))
    give(doc, RED, 4, 16)  # Dugout Canoe (E), Trails (G+E)
    doc["coins"] = [5, 5]
    s = load(doc)
    plays = sorted(a for a in s.legal_actions(RED) if a[0] == "play")
    assert plays == [("play", 16)]
    refused(s, RED, ("play", 4))
    s.apply(RED, ("done",))
    s.apply(GREEN, ("done",))
    assert s.phase == "expansion"
    plays = sorted(a for a in s.legal_actions(RED) if a[0] == "play")
    assert plays == [("play", 4), ("play", 16)]
    # Growth+Attack cards are Age III cards (RULES.md decision 21): card 73 Nobel Peace Prize
    doc = no_objectives(phase_doc(2, "growth", age=3, objectives=False, sets="green+blue"))
    give(doc, RED, 73)
    s = load(doc)
    assert ("play", 73) in s.legal_actions(RED)
    s.apply(RED, ("done",))
    s.apply(GREEN, ("done",))
    assert s.phase == "expansion" and ("play", 73) not in s.legal_actions(RED)
    refused(s, RED, ("play", 73))


def test_growth_expansion_card_placed_in_growth_gives_its_moves_in_expansion() -> None:
    """Playing Age cards: Growth+Expansion cards "placed during the Growth phase ... remain active
    during the Expansion phase"; 2 - Expansion: "The Moves gained can be distributed among your clans as
    you wish"."""
    doc = no_objectives(phase_doc(2, "growth", objectives=False, sets="blue+green"))
    give(doc, RED, 16)  # Trails: 6 free Moves
    doc["clans"][RED][region(doc, "Red Homeland")] = 2
    doc["coins"] = [2, 0]
    s = load(doc)
    s.apply(RED, ("play", 16))
    s.apply(RED, ("done",))
    s.apply(GREEN, ("done",))
    s.apply(RED, ("move", region(s, "Red Homeland"), region(s, "Red 1a")))
    s.apply(RED, ("clans", 1))  # 1 free Move
    s.apply(RED, ("move", region(s, "Red Homeland"), region(s, "Red 2a")))
    s.apply(RED, ("clans", 1))  # 2 free Moves
    assert s.coins == [2, 0] and s.credit == [3, 0]
    assert s.clans[RED][region(s, "Red 1a")] == 1 and s.clans[RED][region(s, "Red 2a")] == 1


# ---------------------------------------------------------------- Expansion


def test_right_of_way_is_owed_for_a_region_held_only_by_a_city() -> None:
    """Conditions of a Move: "You can pass through a Region already occupied by an opponent (with one or
    more Clans and/or a City), by paying them directly ... a Right of Way of 1 Coin per Clan"; "You
    cannot stop in a Region occupied by an opponent"."""
    doc = no_objectives(phase_doc(2, "expansion", objectives=False))
    doc["clans"][RED][region(doc, "Red 2c")] = 2
    doc["cities"][region(doc, "Red 3b")] = GREEN  # a City, no Clan
    doc["coins"] = [10, 0]
    s = load(doc)
    t = s.clone()  # entering Red 3b is only a crossing: the Clans are in transit, not stopped
    t.apply(RED, ("move", region(s, "Red 2c"), region(s, "Red 3b")))
    t.apply(RED, ("clans", 1))
    assert t.pend == [["transit", RED, region(s, "Red 3b"), 1]] and t.coins == [8, 1]
    assert ("move", region(s, "Red 2c"), region(s, "Red 4b")) in s.legal_actions(RED)
    s.apply(RED, ("move", region(s, "Red 2c"), region(s, "Red 4b")))
    s.apply(RED, ("clans", 2))
    # 2 steps x 2 Clans to the reserve, and 1 Coin per Clan to Green for crossing Red 3b
    assert s.coins == [10 - 4 - 2, 2]
    assert s.clans[RED][region(s, "Red 4b")] == 2


def test_crossing_an_opponents_homeland_pays_no_right_of_way() -> None:
    """Homelands: "Homelands are indeed the only Regions of peaceful coexistence between players ...
    and no Right of Way to pay"."""
    doc = no_objectives(phase_doc(2, "expansion", objectives=False))
    doc["clans"][RED][region(doc, "Green 1a")] = 1
    doc["clans"][GREEN][region(doc, "Green Homeland")] = 3
    doc["coins"] = [5, 0]
    s = load(doc)
    s.apply(RED, ("move", region(s, "Green 1a"), region(s, "Green Homeland")))
    s.apply(RED, ("clans", 1))
    assert s.coins == [4, 0], "1 Coin for the step, no Right of Way in a Homeland"
    assert ("step", region(s, "Green 1b")) in s.legal_actions(RED)
    s.apply(RED, ("step", region(s, "Green 1b")))
    assert s.coins == [3, 0]
    assert s.clans[RED][region(s, "Green 1b")] == 1 and s.clans[GREEN][region(s, "Green Homeland")] == 3


def test_a_city_left_without_clans_still_belongs_to_you() -> None:
    """Moving: CITIES "It is not compulsory to leave at least one Clan present there"; the Region stays
    occupied ("with one or more Clans and/or a City"), so an opponent cannot stop there."""
    doc = no_objectives(phase_doc(2, "expansion", objectives=False))
    doc["cities"][region(doc, "Red 2a")] = RED
    doc["clans"][RED][region(doc, "Red 2a")] = 2
    doc["clans"][GREEN][region(doc, "Red 1a")] = 1
    doc["coins"] = [10, 10]
    s = load(doc)
    s.apply(RED, ("move", region(s, "Red 2a"), region(s, "Red 3a")))
    s.apply(RED, ("clans", 2))
    assert s.clans[RED][region(s, "Red 2a")] == 0 and s.cities[region(s, "Red 2a")] == RED
    assert s.coins == [8, 10]
    s.apply(RED, ("done",))
    s.apply(GREEN, ("move", region(s, "Red 1a"), region(s, "Red 2a")))
    s.apply(GREEN, ("clans", 1))
    # Green may only cross Red's City: in transit, and Red is paid a Right of Way
    assert s.pend == [["transit", GREEN, region(s, "Red 2a"), 1]]
    assert s.coins == [9, 8]
    assert ("step", region(s, "Red 3a")) in s.legal_actions(GREEN)


def test_age_3_a_whole_stack_moves_for_1_coin_per_region() -> None:
    """Moving: "Age III: 1 Coin allows you to move 1 of your groups of stacked Clans (from 1 to 30 Clans)
    from 1 Region to 1 adjacent Region" and the Right of Way is "1 Coin ... per stack of Clans in Age
    III"."""
    doc = no_objectives(phase_doc(2, "expansion", age=3, objectives=False))
    doc["clans"][RED][region(doc, "Red Homeland")] = 30
    doc["clans"][GREEN][region(doc, "Red 1a")] = 1
    doc["coins"] = [3, 0]
    s = load(doc)
    s.apply(RED, ("move", region(s, "Red Homeland"), region(s, "Red 2b")))
    assert s.legal_actions(RED)[-1] == ("clans", 30)
    s.apply(RED, ("clans", 30))
    # cheapest path: through Red 1b (2 Coins) rather than Green's Red 1a (2 + 1 Right of Way)
    assert s.coins == [1, 0]
    assert s.clans[RED][region(s, "Red 2b")] == 30


# ---------------------------------------------------------------- Attack


def test_peace_players_cannot_attack_and_a_war_player_without_a_target_passes() -> None:
    """3 - Attack: "Players who chose Peace cannot launch an Assault even if they are attacked";
    "If on your turn you no longer meet these conditions in any Region, you pass"; the phase ends "in
    the round where everyone plays the Peace tile"."""
    doc = war_doc(3)
    doc["clans"][RED][region(doc, "Red 3a")] = 3
    doc["clans"][GREEN][region(doc, "Red 4a")] = 1
    doc["clans"][GRAY][region(doc, "Gray 3a")] = 1  # Gray can attack nobody
    s = load(doc)
    s.apply(RED, ("peace",))
    s.apply(GREEN, ("peace",))
    s.apply(GRAY, ("war",))
    # Gray has no Region to attack: it passes, and a new round begins; nobody launched an Assault
    assert s.phase == "war_peace" and s.assaults == [0, 0, 0]
    assert s.to_move() == [RED], "after a round without Assault only Red (with a target) chooses"
    s.apply(RED, ("peace",))
    assert s.phase == "end_cards" or s.phase == "turn_order"
    assert s.clans[GREEN][region(s, "Red 4a")] == 1


def test_assault_conditions_adjacent_fewer_clans_or_a_lone_city_from_a_homeland() -> None:
    """Conditions of an Assault: the attacked Region "Must be adjacent", "Must be occupied by opposing
    Clans and/or a City", "Must have a number of Clans that is zero or strictly lower than that of the
    attacking Region"; "The attacked Region cannot be a Homeland, but the attacking Region can be"."""
    doc = assault_doc()
    doc["clans"][RED][region(doc, "Red Homeland")] = 2
    doc["clans"][GREEN][region(doc, "Red 1a")] = 2  # as many Clans: no
    doc["cities"][region(doc, "Red 1b")] = GREEN  # a City with zero Clans: yes
    doc["clans"][GREEN][region(doc, "Red 2a")] = 1  # not adjacent to the Homeland
    s = load(doc)
    assaults = [a for a in s.legal_actions(RED) if a[0] == "assault"]
    assert assaults == [("assault", region(s, "Red Homeland"), region(s, "Red 1b"))]
    refused(s, RED, ("assault", region(s, "Red Homeland"), region(s, "Red 1a")))
    refused(s, RED, ("assault", region(s, "Red Homeland"), region(s, "Red 2a")))
    refused(s, RED, ("pass",))


def test_siege_of_a_lone_city_then_free_move_in() -> None:
    """Resolution of an Assault: "If there are no (or no more) opposing Clans and there is a City, you can
    besiege it by losing 1 Clan (from the attacking Region) and replace it with one of yours"; "When there
    are no more opposing Clans or City, you can move for free there as many Clans as you wish"."""
    doc = assault_doc()
    doc["clans"][RED][region(doc, "Red 3a")] = 3
    doc["cities"][region(doc, "Red 4a")] = GREEN
    doc["coins"] = [0, 0]
    s = load(doc)
    s.apply(RED, ("assault", region(s, "Red 3a"), region(s, "Red 4a")))
    assert s.legal_actions(RED) == [("siege",)]
    s.apply(RED, ("siege",))
    assert s.cities[region(s, "Red 4a")] == RED and s.clans[RED][region(s, "Red 3a")] == 2
    assert s.reserve_cities(GREEN) == 20 and s.reserve_cities(RED) == 19
    assert s.legal_actions(RED) == [("movein", 0), ("movein", 1), ("movein", 2)]
    s.apply(RED, ("movein", 2))
    assert s.clans[RED][region(s, "Red 4a")] == 2 and s.clans[RED][region(s, "Red 3a")] == 0
    assert s.coins == [0, 0], "the move in is free"


def test_a_declined_siege_leaves_the_city_and_allows_no_move_in() -> None:
    """Resolution of an Assault: the siege "can" be done; "When there are no more opposing Clans or City,
    you can move ... there": while the opponent's City stands, nobody moves in."""
    doc = assault_doc()
    doc["clans"][RED][region(doc, "Red 3a")] = 4
    doc["clans"][GREEN][region(doc, "Red 4a")] = 2
    doc["cities"][region(doc, "Red 4a")] = GREEN
    s = load(doc)
    s.apply(RED, ("assault", region(s, "Red 3a"), region(s, "Red 4a")))
    assert s.legal_actions(RED) == [("lose", 1), ("lose", 2)], "from 1 Clan up to the whole opposing stack"
    s.apply(RED, ("lose", 2))
    assert s.legal_actions(RED) == [("siege",), ("pass",)]
    s.apply(RED, ("pass",))
    assert not s.asl and s.cities[region(s, "Red 4a")] == GREEN
    assert s.clans[RED][region(s, "Red 3a")] == 2 and s.clans[RED][region(s, "Red 4a")] == 0
    assert s.phase == "war_peace"


def test_a_peace_player_defends_with_a_card_when_attacked() -> None:
    """3 - Attack: Peace players "can defend themselves using cards"; "To play a defensive card, there is
    no need to wait for your turn; play it as soon as you suffer an Assault"; the card's cost is paid
    ("No debt is allowed")."""
    doc = assault_doc()
    doc["clans"][RED][region(doc, "Red 3a")] = 3
    doc["clans"][GREEN][region(doc, "Red 4a")] = 1
    give(doc, GREEN, 44)  # Ramparts: the Assault is cancelled (cost 1)
    doc["coins"] = [0, 1]
    s = load(doc)
    s.apply(RED, ("assault", region(s, "Red 3a"), region(s, "Red 4a")))
    assert s.to_move() == [GREEN]
    assert s.legal_actions(GREEN) == [("play", 44), ("discard", 44), ("pass",)]
    s.apply(GREEN, ("play", 44))
    assert s.coins == [0, 0]
    assert s.clans[RED][region(s, "Red 3a")] == 3 and s.clans[GREEN][region(s, "Red 4a")] == 1
    assert s.assaults == [1, 0] and s.phase == "war_peace"


def test_a_defence_card_without_the_coins_cannot_be_played() -> None:
    """Cost: "Some cards have a cost in Coins that must be paid at the moment the card is played ... No
    debt is allowed" (a defence card too)."""
    doc = assault_doc()
    doc["clans"][RED][region(doc, "Red 3a")] = 3
    doc["clans"][GREEN][region(doc, "Red 4a")] = 1
    give(doc, GREEN, 44)
    doc["coins"] = [0, 0]
    s = load(doc)
    s.apply(RED, ("assault", region(s, "Red 3a"), region(s, "Red 4a")))
    assert s.legal_actions(GREEN) == [("discard", 44), ("pass",)]
    refused(s, GREEN, ("play", 44))


def test_each_war_player_launches_one_assault_then_a_new_round() -> None:
    """3 - Attack: "All players who chose War must launch one and only one Assault in Turn Order";
    "When all the players who chose War have carried out their Assault, begin a new round"; "You can
    therefore very well be the only attacker ... and launch as many Assaults as you wish"."""
    doc = war_doc(2)
    doc["clans"][RED][region(doc, "Red 3a")] = 5
    doc["clans"][GREEN][region(doc, "Red 4a")] = 1
    doc["clans"][GREEN][region(doc, "Red 3b")] = 1
    s = load(doc)
    s.apply(RED, ("war",))
    s.apply(GREEN, ("peace",))
    s.apply(RED, ("assault", region(s, "Red 3a"), region(s, "Red 4a")))
    s.apply(RED, ("lose", 1))
    s.apply(RED, ("movein", 0))
    assert s.phase == "war_peace" and sorted(s.to_move()) == [RED, GREEN]
    s.apply(RED, ("war",))
    s.apply(GREEN, ("peace",))
    s.apply(RED, ("assault", region(s, "Red 3a"), region(s, "Red 3b")))
    s.apply(RED, ("lose", 1))
    s.apply(RED, ("movein", 1))
    assert s.assaults == [2, 0]
    assert s.clans[RED][region(s, "Red 3a")] == 2 and s.clans[RED][region(s, "Red 3b")] == 1
    assert s.clans[GREEN] == [0] * len(s.clans[GREEN])
    # Green has nothing left to attack from and Red nothing left to attack: the phase ends
    assert s.phase in ("end_cards", "turn_order")


def test_nobel_holder_keeps_peace_and_is_not_attacked() -> None:
    """3 - Attack: "If a player has played the card Nobel Peace Prize, they cannot take part in any
    Assault. They leave the Peace face of the tile in front of them"."""
    doc = no_objectives(phase_doc(3, "expansion", age=3, objectives=False))
    doc["turn"] = 2  # Gray's Expansion turn, the last one
    doc["nobel"] = [0, 1, 0]
    doc["clans"][RED][region(doc, "Red 3a")] = 3
    doc["clans"][GREEN][region(doc, "Red 4a")] = 1
    doc["clans"][GREEN][region(doc, "Red 2a")] = 5
    doc["clans"][GRAY][region(doc, "Red 3b")] = 1
    s = load(doc)
    s.apply(GRAY, ("done",))
    assert s.phase == "war_peace"
    assert sorted(s.to_move()) == [RED, GRAY] and s.wp[GREEN] == 0
    s.apply(RED, ("war",))
    s.apply(GRAY, ("peace",))
    assaults = [a for a in s.legal_actions(RED) if a[0] == "assault"]
    assert assaults == [("assault", region(s, "Red 3a"), region(s, "Red 3b"))]


# ---------------------------------------------------------------- End of the Age


def test_free_cities_then_end_cards_then_progress_in_age_3_and_game_over() -> None:
    """C - End of the Age: "1 - Create your Cities ... (including in Age III because Secret Objectives may
    depend on it)" before "2 - Play or discard your cards"; "In Age III, go directly to the End of the
    Game" (no turn-order choice)."""
    doc = no_objectives(phase_doc(2, "expansion", age=3, objectives=False))
    doc["coins"] = [0, 0]
    doc["turn"] = 1  # Green's Expansion turn, the last one
    doc["clans"][RED][region(doc, "Red 2a")] = 2
    doc["clans"][RED][region(doc, "Red 3b")] = 1
    doc["cities"][region(doc, "Red 3b")] = RED
    give(doc, RED, 71)  # Megacities: 2 PP per City (at most 12)
    doc["pp"] = [[1, 1], [0, 0]]
    doc["clans"][GREEN][region(doc, "Green 1a")] = 1
    s = load(doc)
    s.apply(GREEN, ("done",))
    # nobody can attack: nobody places a tile, the End of the Age begins at once
    assert s.phase == "end_cards"
    assert s.cities[region(s, "Red 2a")] == RED
    s.apply(RED, ("play", 71))
    s.apply(RED, ("done",))
    assert s.phase == "over" and s.is_terminal()
    assert s.pp == [[1, 1, 4], [0, 0, 0]], "2 Cities (one built this End of Age)"
    assert s.coins == [0, 0]


def test_inventions_score_at_every_age_end_of_age_points_only_once() -> None:
    """Invention cards: "the Invention cards of Age I will earn their Progress Points 3 times";
    3 - Count your Progress Points: "the Progress Points earned thanks to End-of-Age cards do not
    accumulate over the Ages"."""
    doc = no_objectives(
        phase_doc(2, "end_cards", age=3, objectives=False, sets="blue+yellow,blue+yellow,blue+green")
    )
    for c in (5, 10):  # Invention of Writing (4 PP, Age I), Cave Paintings (End of Age, 4 PP, Age I)
        take(doc, c)
    doc["played"][RED] = [5, 10]
    doc["pp"] = [[8, 4], [0, 0]]  # Age I: 4 + 4; Age II: 4
    give(doc, RED, 77)  # Space Exploration: End-of-Age Invention (6 PP), cost 4
    doc["coins"] = [4, 0]
    s = load(doc)
    s.apply(RED, ("play", 77))
    s.apply(RED, ("done",))
    assert s.pp[RED] == [8, 4, 4 + 6]
    assert breakdown(s, RED)["progress"] == 22


def test_turn_order_counts_the_progress_of_this_age_inventions_included() -> None:
    """4 - Play order: "The player who scored the fewest Progress Points during the current Age chooses
    first"; "In case of a tie ... the tied players choose their respective position in the current Turn
    Order"; the last one "will take the remaining position"."""
    doc = no_objectives(phase_doc(3, "end_cards", age=2, objectives=False))
    doc["order"] = [GRAY, GREEN, RED]
    take(doc, 5)
    doc["played"][GREEN] = [5]  # an Age I Invention: 4 PP again in Age II
    doc["pp"] = [[0], [4], [0]]
    give(doc, RED, 48)  # Cathedral: 6 PP
    give(doc, GRAY, 46)  # Printing Press: End-of-Age Invention, 4 PP, cost 3
    doc["coins"] = [3, 0, 3]
    s = load(doc)
    s.apply(RED, ("play", 48))
    s.apply(RED, ("done",))
    s.apply(GRAY, ("play", 46))
    s.apply(GRAY, ("done",))
    # the chosen cards are carried out in turn order; every opponent holding cards may copy each one
    assert s.pend == [["copy", RED, 46, GRAY]] and s.legal_actions(RED) == [("discard", 48), ("pass",)]
    s.apply(RED, ("pass",))  # then Red's Cathedral: Gray's hand is empty now, nobody is asked
    assert not s.pend
    assert [x[-1] for x in s.pp] == [6, 4, 4]
    # Green and Gray tie on 4: Gray (1st now) chooses before Green (2nd); Red (6, most) takes the rest
    assert s.phase == "turn_order" and s.to_move() == [GRAY]
    s.apply(GRAY, ("position", 2))
    assert s.to_move() == [GREEN]
    s.apply(GREEN, ("position", 0))
    assert s.order == [GREEN, RED, GRAY] and s.phase == "draft" and s.age == 3


# ---------------------------------------------------------------- End of the game


def test_final_score_radiance_conquest_objective_small_people() -> None:
    """End of the Game: Radiance "2 Points for each Region of a Continent other than yours ... Opposing
    Homelands count. The Regions of Genesia do not count"; Conquest "the points printed in each Region
    (including your Continent and Genesia)"; "Petit peuple": "+5 per Region you occupy with 1 City and
    only 1 Clan. Including the Regions of your Continent."; "An unfulfilled objective does not lose
    points"."""
    doc = phase_doc(2, "over", age=3)
    doc["objective_options"] = [[1, 2], [3, 4]]
    doc["objective"] = [1, 3]
    doc["pp"] = [[1, 2, 3], [0, 0, 0]]
    doc["cities"][region(doc, "Red 2a")] = RED
    doc["clans"][RED][region(doc, "Red 2a")] = 1  # own Continent, City + 1 Clan: +5, conquest 4
    doc["cities"][region(doc, "Red 2b")] = RED
    doc["clans"][RED][region(doc, "Red 2b")] = 2  # City + 2 Clans: conquest 4, no objective
    doc["cities"][region(doc, "Green 3a")] = RED  # City alone: radiance 2, conquest 6, no objective
    doc["clans"][RED][region(doc, "Green Homeland")] = 1  # radiance 2, conquest 0
    doc["clans"][RED][region(doc, "Strait 1")] = 1  # Genesia: conquest 15, no radiance
    s = load(doc)
    assert breakdown(s, RED) == {"progress": 6, "radiance": 4, "conquest": 29, "objective": 5, "total": 44}
    assert breakdown(s, GREEN) == {"progress": 0, "radiance": 0, "conquest": 0, "objective": 0, "total": 0}


def test_tie_broken_by_objective_points_before_progress() -> None:
    """End of the Game: "In case of a tie, the player with the most Objective Points is declared the
    winner. In case of a further tie, the winner is decided by Progress Points"."""
    doc = phase_doc(2, "over", age=3)
    doc["objective_options"] = [[1, 2], [3, 6]]
    doc["objective"] = [1, 6]  # Red: Petit peuple (+5); Green: Settler (+2 per own Region)
    doc["pp"] = [[0, 0, 0], [3, 0, 0]]
    doc["cities"][region(doc, "Red 1a")] = RED
    doc["clans"][RED][region(doc, "Red 1a")] = 1  # Red: conquest 2 + objective 5 = 7
    doc["clans"][GREEN][region(doc, "Green 1a")] = 1  # Green: 3 + conquest 2 + objective 2 = 7
    s = load(doc)
    r = s.result()
    assert r.scores == [7.0, 7.0]
    assert [b["objective"] for b in r.breakdown] == [5, 2]
    assert [b["progress"] for b in r.breakdown] == [0, 3]
    assert r.ranks == [1, 2] and r.winners == [RED], "more Objective Points win before more Progress"


# ---------------------------------------------------------------- Solo


def test_solo_lower_people_scores_and_radiance_across_peoples() -> None:
    """Rules for 1 Player, Scoring: "identical to the multiplayer game, without Objective Points. The
    Regions occupied by one people in the Regions of the other people's Continent earn Radiance Points";
    "your final score is the lower of your two peoples' scores"."""
    doc = phase_doc(1, "over", age=3)
    doc["pp"] = [[3, 3, 3], [1, 1, 1]]
    doc["clans"][0][region(doc, "Green 2a")] = 1  # people 0 (Red) on people 1's Continent: 2 + 4
    doc["clans"][1][region(doc, "Centre")] = 1  # people 1 on Genesia: 15
    s = load(doc)
    assert breakdown(s, 0)["total"] == 9 + 2 + 4
    assert breakdown(s, 1)["total"] == 3 + 15
    assert s.result().scores == [15.0]


def test_solo_no_coins_at_the_start_of_an_age_and_4_cards_in_age_3() -> None:
    """Rules for 1 Player: "At the Start of each Age, you receive no Coins"; "In Ages I and II, deal 5
    cards at random to each people. In Age III, deal 4"; the first people of Age I "will play 2nd in Age
    II and then 1st again in Age III"."""
    doc = phase_doc(1, "end_cards", age=2)
    doc["first"] = 1
    doc["order"] = [0, 1]
    doc["coins"] = [1, 2]
    doc["pp"] = [[0], [0]]
    give(doc, 0, 40)  # Chronicles (End of Age)
    s = load(doc)
    assert s.legal_actions(0) == [("play", 40), ("discard", 40), ("done",)]
    s.apply(0, ("discard", 40))
    s.apply(0, ("done",))
    assert s.age == 3 and s.phase == "growth"
    assert s.coins == [5, 2], "the discarded card's 4 Coins, no Coins for the new Age"
    assert s.order == [1, 0]
    assert [len(h) for h in s.hands] == [4, 4]
    assert len(s.decks[2]) == 0


# ---------------------------------------------------------------- Secret objectives


def test_discarded_objective_is_never_revealed_the_kept_one_is_at_the_end() -> None:
    """Setup E: "each player chooses one of the two cards and places it face down in front of them, to
    reveal it to the other players only at the time of the final score count. Put the discarded cards
    back in the box without revealing them."."""
    doc = phase_doc(2, "over", age=3)
    doc["objective_options"] = [[1, 2], [3, 6]]
    doc["objective"] = [1, 6]
    s = load(doc)
    v = s.view(RED)
    assert v["objective"] == [1, 6], "the kept objectives are revealed at the final count"
    assert v["objective_options"] == [[1, 2], 2], "Green's discarded objective (3) stays unseen"
    assert s.view(GREEN)["objective_options"] == [2, [3, 6]]
    assert s.view(None)["objective_options"] == [2, 2]


def test_free_city_in_your_own_homeland_with_two_clans() -> None:
    """C - End of the Age, 1 - Create your Cities: "Add 1 City for free in each Region that does not
    already have a City and that you occupy with at least 2 Clans"; Homelands are Regions ("Homelands
    are indeed the only Regions of peaceful coexistence"; "Opposing Homelands count")."""
    doc = no_objectives(phase_doc(2, "expansion", objectives=False))
    doc["turn"] = 1
    doc["coins"] = [0, 0]
    doc["clans"][RED][region(doc, "Red Homeland")] = 2
    s = load(doc)
    s.apply(GREEN, ("done",))
    assert s.has_city(RED, region(s, "Red Homeland"))


@pytest.mark.parametrize("order", [[GREEN, RED], [RED, GREEN]])
def test_a_shared_homeland_gets_a_free_city_for_each_player_whatever_the_turn_order(order: list[int]) -> None:
    """C - End of the Age: "the players perform the following actions in this order and simultaneously
    (except no. 4)"; 1: "Add 1 City for free in each Region that does not already have a City and that
    you occupy with at least 2 Clans"; Homelands: "the only Regions of peaceful coexistence between
    players". Both players meet the condition at the same moment, so neither City keeps the other out:
    each builds its own (until 2026-12-05 the first in turn order built and the other got nothing)."""
    doc = no_objectives(phase_doc(2, "expansion", objectives=False))
    doc["coins"] = [0, 0]
    home = region(doc, "Red Homeland")
    doc["clans"][RED][home] = 2
    doc["clans"][GREEN][home] = 3
    doc["order"], doc["turn"] = order, 1
    s = load(doc)
    s.apply(order[1], ("done",))
    assert s.phase != "expansion"
    assert s.has_city(RED, home) and s.has_city(GREEN, home)
    assert s.reserve_cities(RED) == s.reserve_cities(GREEN) == 19


def test_an_invaders_city_stands_beside_the_owners_in_a_homeland() -> None:
    """Homelands: "some cards give Clans or Cities directly in an opponent's Homeland". The owner's free
    City in their Homeland (every Homeland has one by Age II) leaves room for the invader's: card 38
    Embassy (ours: "Place 1 Clan and 1 City in the Homeland of an opponent of your choice") places both
    (until 2026-12-05 one City a Region voided it: 3 Coins for 1 Clan)."""
    doc = no_objectives(phase_doc(2, "growth", age=2, objectives=False))
    give(doc, RED, 38)
    gh = region(doc, "Green Homeland")
    doc["clans"][GREEN][gh] = 2
    doc["cities"][gh] = GREEN
    doc["coins"] = [5, 0]
    s = load(doc)
    s.apply(RED, ("play", 38))
    s.apply(RED, ("target", gh))
    assert s.clans[RED][gh] == 1 and s.has_city(RED, gh) and s.has_city(GREEN, gh)
    assert s.reserve_cities(RED) == 19 and s.coins == [2, 0]
    assert s.to_json()["home_cities"] == [[gh], [gh]]
    assert ("recruit", gh) in s.legal_actions(RED), "recruited Clans go on your Homeland or in your Cities"


def test_a_second_city_card_in_the_same_homeland_adds_clans_only() -> None:
    """One City of each player in a Homeland: Right of Asylum (70) where Red already has its City there
    places the 3 Clans and no second City."""
    doc = no_objectives(phase_doc(2, "growth", age=3, objectives=False))
    give(doc, RED, 70)
    gh = region(doc, "Green Homeland")
    doc["home_cities"] = [[gh], [gh]]
    doc["coins"] = [3, 0]
    s = load(doc)
    s.apply(RED, ("play", 70))
    s.apply(RED, ("target", gh))
    assert s.clans[RED][gh] == 3 and s.reserve_cities(RED) == 19


def test_growth_turns_follow_the_turn_order_board() -> None:
    """B - Course of the Age: "All players must in turn, following the order shown on the Turn Order
    board, play one phase before moving on to the next"; "You are not obliged to do every possible
    action of the phase ... or do none and pass"."""
    doc = no_objectives(phase_doc(3, "growth", objectives=False))
    doc["order"] = [GRAY, RED, GREEN]
    doc["coins"] = [4, 4, 4]
    s = load(doc)
    seen = []
    for _ in range(6):
        p = s.to_move()[0]
        seen.append((s.phase, p))
        s.apply(p, ("done",))
    assert seen == [
        ("growth", GRAY),
        ("growth", RED),
        ("growth", GREEN),
        ("expansion", GRAY),
        ("expansion", RED),
        ("expansion", GREEN),
    ]
    assert s.coins == [4, 4, 4]


def test_right_of_way_paid_to_each_opponent_crossed_per_clan() -> None:
    """Conditions of a Move: a Right of Way "for each Region crossed ... of 1 Coin per Clan ... passing
    through (to be added to the normal cost of the move)", paid "directly" to the occupant."""
    doc = no_objectives(phase_doc(3, "expansion", objectives=False))
    doc["clans"][RED][region(doc, "Red 1b")] = 2
    doc["clans"][GREEN][region(doc, "Red 2c")] = 1
    doc["clans"][GRAY][region(doc, "Red 3b")] = 1
    doc["clans"][GREEN][region(doc, "Red 2b")] = 1
    doc["coins"] = [20, 0, 0]
    s = load(doc)
    s.apply(RED, ("move", region(s, "Red 1b"), region(s, "Red 2c")))
    s.apply(RED, ("clans", 2))
    s.apply(RED, ("step", region(s, "Red 3b")))
    s.apply(RED, ("step", region(s, "Red 4b")))
    # 3 steps x 2 Clans = 6 to the reserve; 2 to Green (Red 2c) and 2 to Gray (Red 3b)
    assert s.coins == [20 - 6 - 4, 2, 2]
    assert s.clans[RED][region(s, "Red 4b")] == 2 and not s.pend


def test_a_city_card_with_all_20_cities_in_play_is_ignored() -> None:
    """1 - Create your Cities: "You cannot build more than 20 Cities. If a card or game situation allows
    you to build a City when they are all in play, ignore the effect"; the card's cost is paid when it
    is played."""
    doc = no_objectives(phase_doc(2, "expansion", objectives=False, sets="blue+red"))
    own = [r for r in range(len(doc["cities"])) if r % 10 != 0 and r < 40][:21]
    for r in own[:20]:
        doc["cities"][r] = RED
    doc["clans"][RED][own[20]] = 1
    give(doc, RED, 28)  # First Village: build 1 City where you have a Clan (cost 3)
    doc["coins"] = [3, 0]
    s = load(doc)
    s.apply(RED, ("play", 28))
    assert not s.pend and s.coins == [0, 0]
    assert s.cities.count(RED) == 20 and s.cities[own[20]] == -1


def test_a_city_card_builds_in_a_homeland_where_you_have_a_clan() -> None:
    """Card 35 Castle (ours): "Build 1 City in a Region where you have a Clan"; a Homeland is a Region
    ("Homelands are indeed the only Regions of peaceful coexistence"), so one where you have a Clan and no
    City of yours qualifies (until 2026-12-05 Homelands were left out)."""
    doc = no_objectives(phase_doc(2, "expansion", age=2, objectives=False))
    give(doc, RED, 35)
    home, gh = region(doc, "Red Homeland"), region(doc, "Green Homeland")
    doc["clans"][RED][home] = 1
    doc["clans"][RED][gh] = 1
    doc["home_cities"] = [[], [gh]]
    doc["coins"] = [3, 0]
    s = load(doc)
    s.apply(RED, ("play", 35))
    assert s.legal_actions(RED) == [("target", home), ("target", gh), ("pass",)]
    s.apply(RED, ("target", gh))
    assert s.has_city(RED, gh) and s.has_city(GREEN, gh) and s.coins == [0, 0] and not s.pend


def test_a_city_card_with_no_region_to_build_in_is_not_playable() -> None:
    """A City card that can build nowhere (every Region with your Clan has your City) would take its
    price and build nothing: it is not offered, and playing it is refused with the reason."""
    doc = no_objectives(phase_doc(2, "expansion", age=2, objectives=False))
    give(doc, RED, 35)
    home, r2a = region(doc, "Red Homeland"), region(doc, "Red 2a")
    doc["clans"][RED][home] = 2
    doc["clans"][RED][r2a] = 1
    doc["home_cities"] = [[home], []]
    doc["cities"][r2a] = RED
    doc["coins"] = [3, 0]
    s = load(doc)
    assert ("play", 35) not in s.legal_actions(RED)
    assert "no such Region" in (s.why_illegal(RED, ("play", 35)) or "")
    refused(s, RED, ("play", 35))
