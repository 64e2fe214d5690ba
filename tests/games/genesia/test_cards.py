"""Playing Age cards: phases and icon combinations, costs, discards, copy cards out of turn, defence and
offence cards in an Assault, Growth+Attack cards adding up or offsetting, Nobel Peace Prize, Inventions."""

from __future__ import annotations

from .helpers import GRAY, GREEN, RED, give, load, phase_doc, region


def test_discard_for_4_coins_unseen() -> None:
    doc = phase_doc(2, "growth")
    give(doc, RED, 5)
    s = load(doc)
    s.apply(RED, ("discard", 5))
    assert s.coins[RED] == 4 and s.discards[RED] == [5]
    assert s.view(GREEN)["discards"][RED] == 1


def test_growth_expansion_card_placed_in_growth_stays_active_in_expansion() -> None:
    doc = phase_doc(2, "growth")
    give(doc, RED, 6)  # Barley Grains: recruiting costs 1 this Age
    doc["coins"] = [3, 0]
    s = load(doc)
    s.apply(RED, ("play", 6))
    s.apply(RED, ("recruit", region(doc, "Red Homeland")))
    assert s.coins[RED] == 2
    s.apply(RED, ("done",))
    s.apply(GREEN, ("done",))
    assert s.phase == "expansion"
    s.apply(RED, ("recruit", region(doc, "Red Homeland")))
    assert s.coins[RED] == 1 and s.clans[RED][region(doc, "Red Homeland")] == 2


def test_free_moves_pay_steps_but_not_right_of_way() -> None:
    doc = phase_doc(2, "expansion")
    give(doc, RED, 12)  # Around the Game: 7 free Moves, costs 1
    home = region(doc, "Red Homeland")
    doc["clans"][RED][home] = 4
    doc["clans"][GREEN][region(doc, "Red 1a")] = 1
    doc["clans"][GREEN][region(doc, "Red 1b")] = 1
    doc["coins"] = [10, 0]
    s = load(doc)
    s.apply(RED, ("play", 12))
    s.apply(RED, ("move", home, region(doc, "Red 2b")))
    s.apply(RED, ("clans", 4))  # 8 moves (7 free, 1 paid) + Right of Way 4 to Green
    assert s.coins == [10 - 1 - 1 - 4, 4] and s.credit[RED] == 0


def test_templars_path_removes_right_of_way() -> None:
    doc = phase_doc(2, "growth", age=2)
    give(doc, RED, 36)
    home = region(doc, "Red Homeland")
    doc["clans"][RED][home] = 1
    doc["clans"][GREEN][region(doc, "Red 1a")] = 1
    doc["clans"][GREEN][region(doc, "Red 1b")] = 1
    doc["coins"] = [10, 0]
    s = load(doc)
    s.apply(RED, ("play", 36))
    s.apply(RED, ("done",))
    s.apply(GREEN, ("done",))
    s.apply(RED, ("move", home, region(doc, "Red 2b")))
    s.apply(RED, ("clans", 1))
    # no Right of Way crossing Green's 1a or 1b; the 2 Moves come out of the card's 4 free Moves
    assert s.coins == [10 - 1, 0] and s.credit[RED] == 4 - 2


def test_clans_card_places_on_homeland_or_a_city_from_age_2() -> None:
    doc = phase_doc(2, "growth", age=2, sets="blue+green")
    give(doc, RED, 47)  # Guilds: gain 4 Clans, costs 2
    doc["coins"] = [5, 0]
    doc["cities"][region(doc, "Red 2b")] = RED
    s = load(doc)
    s.apply(RED, ("play", 47))
    assert s.legal_actions(RED) == [
        ("target", region(doc, "Red Homeland")),
        ("target", region(doc, "Red 2b")),
    ]
    s.apply(RED, ("target", region(doc, "Red 2b")))
    assert s.clans[RED][region(doc, "Red 2b")] == 4 and s.coins[RED] == 3


def test_thirty_clans_at_most() -> None:
    doc = phase_doc(2, "growth")
    give(doc, RED, 11)  # gain 4 Clans
    doc["clans"][RED][region(doc, "Red Homeland")] = 28
    doc["coins"] = [10, 0]
    s = load(doc)
    s.apply(RED, ("play", 11))
    assert s.reserve_clans(RED) == 0
    assert not any(a[0] == "recruit" for a in s.legal_actions(RED))


def test_invade_places_clans_and_city_in_an_opponents_homeland() -> None:
    doc = phase_doc(2, "growth", age=3)
    give(doc, RED, 70)  # Right of Asylum: 3 Clans and a City in an opponent's Homeland
    doc["coins"] = [5, 0]
    doc["clans"][GREEN][region(doc, "Green Homeland")] = 4
    s = load(doc)
    s.apply(RED, ("play", 70))
    s.apply(RED, ("target", region(doc, "Green Homeland")))
    gh = region(doc, "Green Homeland")
    assert s.clans[RED][gh] == 3 and s.has_city(RED, gh)
    # Red may now recruit in that City; both peoples live there in peace
    assert ("recruit", gh) in s.legal_actions(RED)


def copy_doc():
    doc = phase_doc(3, "growth", age=1)
    give(doc, RED, 9)  # Invention of Agriculture: 2 PP, gain 2 Clans, costs 2
    give(doc, GRAY, 14)  # Imitation (copy), costs 1
    doc["coins"] = [5, 5, 5]
    return doc


def test_copy_card_played_out_of_turn_copies_effect_and_invention_points() -> None:
    s = load(copy_doc())
    s.apply(RED, ("play", 9))
    assert s.to_move() == [GRAY], "Gray may copy the moment the card is put into play"
    assert ("copy", 14) in s.legal_actions(GRAY)
    s.apply(GRAY, ("copy", 14))
    assert s.to_move() == [RED]
    assert s.clans[GRAY][region(s, "Gray Homeland")] == 2 and s.coins[GRAY] == 4
    assert s.copies[GRAY] == [9]
    # the copied Invention earns its Progress Points to the copier at every End of Age
    from meeple.games.genesia.end_of_age import age_progress

    assert age_progress(s, GRAY) == 2 and age_progress(s, RED) == 2


def test_copy_window_can_be_declined() -> None:
    s = load(copy_doc())
    s.apply(RED, ("play", 9))
    s.apply(GRAY, ("pass",))
    assert s.hands[GRAY] == [14] and s.copies[GRAY] == [] and s.to_move() == [RED]


def assault_doc(age: int = 3, sets: str = "blue+green"):
    doc = phase_doc(2, "assault", age=age, sets=sets)
    doc["attackers"], doc["attacker_index"], doc["war_peace"] = [RED], 0, [1, 0]
    src, dst = region(doc, "Red 3a"), region(doc, "Red 4a")
    doc["clans"][RED][src] = 4
    doc["clans"][GREEN][dst] = 3
    doc["coins"] = [10, 10]
    return doc, src, dst


def test_defence_card_played_when_attacked_cancels_the_assault() -> None:
    doc, src, dst = assault_doc(sets="yellow+green")
    give(doc, GREEN, 72)  # Cyberdefense
    s = load(doc)
    s.apply(RED, ("assault", src, dst))
    assert s.to_move() == [GREEN], "the defender plays out of turn, as soon as attacked"
    s.apply(GREEN, ("play", 72))
    assert s.clans[RED][src] == 4 and s.clans[GREEN][dst] == 3 and not s.asl
    assert s.assaults[RED] == 1


def test_offence_before_and_after_the_defence_card() -> None:
    doc, src, dst = assault_doc()
    give(doc, RED, 64, 75)  # Drones: defender loses 2; Missiles: defender loses 3
    give(doc, GREEN, 76)  # Orbital Shield: attacker loses 3
    doc["clans"][GREEN][dst] = 3
    doc["clans"][RED][src] = 6
    s = load(doc)
    s.apply(RED, ("assault", src, dst))
    s.apply(RED, ("play", 64))
    assert s.clans[GREEN][dst] == 1 and s.clans[RED][src] == 6
    s.apply(RED, ("done",))
    s.apply(GREEN, ("play", 76))
    assert s.clans[RED][src] == 3
    assert s.to_move() == [RED] and ("play", 75) in s.legal_actions(RED), "offence after the defence card"
    s.apply(RED, ("play", 75))
    assert s.clans[GREEN][dst] == 0
    assert s.legal_actions(RED)[-1] == ("movein", 3)


def test_growth_attack_cards_add_up_and_offset() -> None:
    doc, src, dst = assault_doc()
    doc["war_bonus"] = [3, 0]  # e.g. Robot Army (2) + Warlord-like (1)
    doc["war_guard"] = [0, 2]  # Protective Dome
    s = load(doc)
    s.apply(RED, ("assault", src, dst))
    assert s.clans[GREEN][dst] == 2 and s.clans[RED][src] == 4, "3 - 2: the defender first loses 1 Clan"
    doc["war_bonus"] = [0, 0]
    s = load(doc)
    s.apply(RED, ("assault", src, dst))
    assert s.clans[RED][src] == 2, "the guard alone: the attacker first loses 2 Clans"


def test_growth_attack_card_must_be_placed_in_growth() -> None:
    doc = phase_doc(2, "growth", age=3, sets="blue+purple")
    give(doc, RED, 79)
    doc["coins"] = [5, 0]
    s = load(doc)
    s.apply(RED, ("play", 79))
    assert s.bonus[RED] == 2


def test_nobel_peace_prize_takes_no_part_in_any_assault() -> None:
    from meeple.games.genesia.attack import targets

    doc = phase_doc(2, "growth", age=3, sets="blue+green")
    give(doc, GREEN, 73)
    doc["clans"][RED][region(doc, "Red 3a")] = 4
    doc["clans"][GREEN][region(doc, "Red 4a")] = 1
    doc["clans"][GREEN][region(doc, "Red 2a")] = 5
    s = load(doc)
    s.apply(RED, ("done",))
    assert targets(s, RED) and targets(s, GREEN)
    s.apply(GREEN, ("play", 73))
    assert targets(s, RED) == [] and targets(s, GREEN) == [], "no Assault against nor by the Nobel holder"
    s.apply(GREEN, ("done",))
    s.apply(RED, ("done",))
    s.apply(GREEN, ("done",))
    assert s.phase == "over", "nobody takes part in an Assault: the Attack phase and Age III end"
    assert s.clans[GREEN][region(doc, "Red 4a")] == 1


def test_equal_attack_card_war_or_peace() -> None:
    doc, src, dst = assault_doc()
    doc["clans"][GREEN][dst] = 4
    doc["equal_attack"] = [1, 0]
    s = load(doc)
    assert ("assault", src, dst) in s.legal_actions(RED)


def test_free_siege_card() -> None:
    doc, src, dst = assault_doc(age=3, sets="blue+red")
    give(doc, RED, 89)  # Special Forces
    doc["clans"][GREEN][dst] = 0
    doc["cities"][dst] = GREEN
    s = load(doc)
    s.apply(RED, ("assault", src, dst))
    s.apply(RED, ("play", 89))
    s.apply(RED, ("siege",))
    assert s.cities[dst] == RED and s.clans[RED][src] == 4


def test_effects_valid_only_in_their_age() -> None:
    doc = phase_doc(2, "end_cards", age=1)
    doc["free_moves"] = [3, 0]
    doc["recruit_cost"] = [1, 2]
    give(doc, RED, 10)
    doc["coins"] = [2, 0]
    s = load(doc)
    s.apply(RED, ("play", 10))
    s.apply(RED, ("done",))
    assert s.credit == [0, 0] and s.rcost == [2, 2]
    assert s.pp[RED] == [7], "End-of-Age card Progress Points count in this Age only"


def test_free_moves_and_right_of_way_listing_agrees_with_moving() -> None:
    """The path is the cheapest in Coins before free Moves (ties: fewer steps); every listed move can be
    carried out with at least one Clan."""
    doc = phase_doc(2, "expansion", age=2)
    a1, b3 = region(doc, "Red 1a"), region(doc, "Red 3b")
    doc["clans"][RED][a1] = 2
    doc["clans"][GREEN][region(doc, "Red 2b")] = 1
    doc["free_moves"] = [4, 0]
    doc["coins"] = [0, 0]
    s = load(doc)
    moves = [a for a in s.legal_actions(RED) if a[0] == "move"]
    assert ("move", a1, b3) not in moves, "via Red 2b: 2 free steps but a Right of Way of 1 Coin"
    for m in moves:
        t = s.clone()
        t.apply(RED, m)
        assert t.legal_actions(RED), m
    doc["coins"] = [1, 0]
    s = load(doc)
    s.apply(RED, ("move", a1, b3))
    assert s.legal_actions(RED) == [("clans", 1)]
    s.apply(RED, ("clans", 1))
    assert s.coins == [0, 1] and s.credit[RED] == 2


def test_clones_are_independent() -> None:
    doc = phase_doc(2, "growth", age=2)
    give(doc, RED, 36, 32)
    doc["coins"] = [10, 0]
    s = load(doc)
    before = s.to_json()
    c = s.clone()
    c.apply(RED, ("play", 36))
    c.apply(RED, ("discard", 32))
    assert s.to_json() == before
    assert c.rowfree == [1, 0] and s.rowfree == [0, 0] and c.discards[RED] == [32] and s.discards[RED] == []


def test_who_is_asked_out_of_turn_does_not_reveal_a_hidden_hand() -> None:
    """Playing Age cards: copy cards are played "at the moment the card you wish to copy is put into
    play", defence cards "at the moment you are attacked"; hands are secret, so whether a player is asked
    must not depend on holding such a card: the same players are asked whatever their hidden cards."""
    moved = []
    for gray_card in (14, 13):  # a copy card / a card that cannot copy (Palisade)
        doc = phase_doc(3, "growth", age=1)
        give(doc, RED, 9)
        give(doc, GRAY, gray_card)
        doc["coins"] = [5, 5, 5]
        s = load(doc)
        s.apply(RED, ("play", 9))
        moved.append(s.to_move())
    assert moved == [[GRAY], [GRAY]]
    seen = []
    for green_card in (72, 64):  # Cyberdefense (defence) / Drones (offence, useless when attacked)
        doc, src, dst = assault_doc(sets="yellow+blue")
        give(doc, GREEN, green_card)
        s = load(doc)
        s.apply(RED, ("assault", src, dst))
        seen.append((s.to_move(), s.legal_actions(GREEN)[-1]))
    assert seen == [([GREEN], ("pass",)), ([GREEN], ("pass",))]
