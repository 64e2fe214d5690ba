"""The rulebook's worked examples, rebuilt as exact positions with their exact outcomes."""

from __future__ import annotations

from .helpers import BLACK, GRAY, GREEN, RED, load, phase_doc, region


def move_position(age: int, coins: int = 30):
    """Red's Continent: Red has a lone Clan, a stack of 2 and a stack of 3 on the Homeland... (three
    separate situations share one board: Red's Homeland holds 6 Clans) and Green occupies Red 3a."""
    doc = phase_doc(2, "expansion", age=age)
    home = region(doc, "Red Homeland")
    doc["clans"][RED][home] = 6
    doc["clans"][GREEN][region(doc, "Red 3a")] = 1
    doc["coins"] = [coins, 0]
    return doc, home


def move(s, src, dst, n):
    s.apply(RED, ("move", src, dst))
    s.apply(RED, ("clans", n))


def test_move_one_clan_to_adjacent_region_1_costs_1() -> None:
    doc, home = move_position(1)
    s = load(doc)
    move(s, home, region(doc, "Red 1a"), 1)
    assert s.coins == [29, 0]
    assert s.clans[RED][region(doc, "Red 1a")] == 1


def test_move_stack_of_2_to_region_2_costs_4_in_ages_1_2_and_2_in_age_3() -> None:
    for age, cost in ((1, 4), (2, 4), (3, 2)):
        doc, home = move_position(age)
        s = load(doc)
        move(s, home, region(doc, "Red 2a"), 2)
        assert s.coins == [30 - cost, 0], age
        assert s.clans[RED][region(doc, "Red 2a")] == 2


def test_move_stack_of_3_to_region_4_costs_12_plus_right_of_way_3_to_green() -> None:
    doc, home = move_position(1)
    s = load(doc)
    move(s, home, region(doc, "Red 4a"), 3)
    assert s.coins[RED] == 30 - 12 - 3
    assert s.coins[GREEN] == 3, "the Right of Way is paid directly to the green player"
    assert s.clans[RED][region(doc, "Red 4a")] == 3
    assert s.clans[GREEN][region(doc, "Red 3a")] == 1


def test_move_stack_of_3_to_region_4_in_age_3_costs_4_plus_right_of_way_1() -> None:
    doc, home = move_position(3)
    s = load(doc)
    move(s, home, region(doc, "Red 4a"), 3)
    assert s.coins == [30 - 4 - 1, 1]


def assault_position(att: int, dfd: int, city: bool):
    doc = phase_doc(2, "assault", age=2)
    src, dst = region(doc, "Red 3a"), region(doc, "Red 4a")
    doc["clans"][RED][src] = att
    doc["clans"][GREEN][dst] = dfd
    if city:
        doc["cities"][dst] = GREEN
    doc["attackers"], doc["attacker_index"], doc["war_peace"] = [RED], 0, [1, 0]
    return doc, src, dst


def test_assault_example_1_engaging_2_clans() -> None:
    doc, src, dst = assault_position(3, 2, city=False)
    s = load(doc)
    s.apply(RED, ("assault", src, dst))
    assert s.legal_actions(RED) == [("lose", 1), ("lose", 2)]
    s.apply(RED, ("lose", 2))
    assert s.clans[RED][src] == 1 and s.clans[GREEN][dst] == 0
    # leave the last Clan where it is, or abandon the Region to occupy the attacked one
    assert s.legal_actions(RED) == [("movein", 0), ("movein", 1)]
    t = s.clone()
    t.apply(RED, ("movein", 1))
    assert t.clans[RED][src] == 0 and t.clans[RED][dst] == 1
    s.apply(RED, ("movein", 0))
    assert s.clans[RED][src] == 1 and s.clans[RED][dst] == 0
    assert s.reserve_clans(RED) == 29 and s.reserve_clans(GREEN) == 30


def test_assault_example_1_engaging_1_clan() -> None:
    doc, src, dst = assault_position(3, 2, city=False)
    s = load(doc)
    s.apply(RED, ("assault", src, dst))
    s.apply(RED, ("lose", 1))
    assert s.clans[RED][src] == 2 and s.clans[GREEN][dst] == 1
    assert not s.asl, "the Assault is over: the opponent still holds the Region"
    assert s.phase == "war_peace", "Red was the only War player: a new round begins"


def test_assault_example_2_city_besieged() -> None:
    doc, src, dst = assault_position(2, 1, city=True)
    s = load(doc)
    s.apply(RED, ("assault", src, dst))
    s.apply(RED, ("lose", 1))
    assert s.legal_actions(RED) == [("siege",), ("pass",)]
    s.apply(RED, ("siege",))
    assert s.clans[RED][src] == 0 and s.clans[GREEN][dst] == 0
    assert s.cities[dst] == RED, "the City is replaced with one of the attacker's"
    assert s.reserve_cities(GREEN) == 20 and s.reserve_cities(RED) == 19
    assert not s.asl


def test_turn_order_example_green_red_gray_black() -> None:
    doc = phase_doc(4, "end_cards", age=1)
    doc["order"] = [GREEN, RED, GRAY, BLACK]
    doc["turn"] = 3
    from .helpers import give

    give(doc, BLACK, 10)  # Black still has an End-of-Age card to decide on
    doc["end_pp"] = [0, 5, 2, 2]  # Red fewest, Gray and Black tied, Green most
    doc["coins"] = [0, 0, 0, 5]
    s = load(doc)
    s.apply(BLACK, ("done",))
    assert s.phase == "turn_order"
    assert s.pp == [[0], [5], [2], [2]]
    assert s.to_move() == [RED]
    s.apply(RED, ("position", 0))  # Red takes 1st position
    assert s.to_move() == [GRAY], "Gray chooses before Black: currently 3rd while Black is 4th"
    s.apply(GRAY, ("position", 3))  # Gray takes 4th
    assert s.to_move() == [BLACK]
    s.apply(BLACK, ("position", 1))  # Black takes 2nd; Green takes the remaining position
    assert s.order == [RED, BLACK, GREEN, GRAY]
    assert s.age == 2 and s.phase == "draft"
