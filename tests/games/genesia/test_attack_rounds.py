"""Rounds of the Attack phase: secret tiles revealed together, War players attack in turn order, new
rounds until everyone plays Peace."""

from __future__ import annotations

from meeple.engine import Rng
from meeple.games.genesia.evaluation import best_assault_gain, evaluate

from .helpers import GRAY, GREEN, RED, load, phase_doc, region


def three_player_war_doc():
    doc = phase_doc(3, "war_peace", age=2, objectives=False)
    doc["objective"], doc["objective_options"] = [], []
    doc["order"] = [GRAY, RED, GREEN]
    doc["clans"][RED][region(doc, "Red 3a")] = 3
    doc["clans"][GREEN][region(doc, "Red 4a")] = 1
    doc["clans"][GRAY][region(doc, "Gray 3a")] = 3
    doc["clans"][GREEN][region(doc, "Gray 4a")] = 1
    doc["clans"][GREEN][region(doc, "Green 3a")] = 3
    doc["clans"][RED][region(doc, "Green 4a")] = 1
    return doc


def test_all_peace_goes_directly_to_the_end_of_the_age() -> None:
    s = load(three_player_war_doc())
    for p in (RED, GREEN, GRAY):
        s.apply(p, ("peace",))
    assert s.phase in ("end_cards", "turn_order")
    assert s.clans[GREEN][region(s, "Red 4a")] == 1


def test_tiles_are_secret_until_all_are_placed() -> None:
    war, peace = load(three_player_war_doc()), load(three_player_war_doc())
    war.apply(RED, ("war",))
    peace.apply(RED, ("peace",))
    v = war.view(GREEN)
    assert v["war_peace"][RED] is True, "Green only sees that Red has placed a tile"
    for k in range(12):  # Green's sampled worlds do not depend on the tile Red really placed
        assert war.determinize(GREEN, Rng(k)).wp[RED] == peace.determinize(GREEN, Rng(k)).wp[RED]
    assert war.view(RED)["war_peace"][RED] == 1


def test_a_tile_already_placed_is_placed_again_as_the_estimate_prices_it() -> None:
    """Red, first to choose, placed Peace; Green, still choosing, samples Red's hidden tile. Red's 3 Clans
    in Red 3a can take Green's lone Clan in Red 4a and hold both Regions, which raises Red's lead: in every
    sampled world Red places War, as a greedy seat mostly does with such an Assault (`best_assault_gain`).
    Until session 48 the tile was a coin flip, though greedy seats place War by their Assaults: the search
    at a later index saw every earlier seat's War/Peace tile at random."""
    s = load(three_player_war_doc())
    s.apply(RED, ("peace",))
    assert best_assault_gain(s, RED, evaluate(s)) > 0
    for k in range(8):
        assert s.determinize(GREEN, Rng(k)).wp == [1, -1, -1]


def test_an_assault_that_does_not_pay_is_priced_below_peace() -> None:
    """Red's only Assault is with 2 Clans on Gray's lone Clan in Red 4a: it leaves Red 1 Clan in Red 3a and
    none to move in, so both lose a Clan and Red takes no Region, and Gray is not the leader (Green is), so
    Red's lead falls. The estimate places Peace for Red, the tile a greedy seat mostly places when no
    Assault raises its lead."""
    doc = three_player_war_doc()
    doc["clans"][RED][region(doc, "Red 3a")] = 2
    doc["clans"][RED][region(doc, "Green 4a")] = 0
    doc["clans"][GREEN][region(doc, "Red 4a")] = 0
    doc["clans"][GRAY][region(doc, "Red 4a")] = 1
    s = load(doc)
    s.apply(RED, ("war",))
    vals = evaluate(s)
    assert max(vals) == vals[GREEN] and best_assault_gain(s, RED, vals) < 0
    for k in range(8):
        assert s.determinize(GREEN, Rng(k)).wp[RED] == 0


def test_war_players_attack_once_each_in_turn_order_then_a_new_round() -> None:
    s = load(three_player_war_doc())
    s.apply(RED, ("war",))
    s.apply(GREEN, ("peace",))
    s.apply(GRAY, ("war",))
    assert s.revealed == [1, 0, 1]
    assert s.phase == "assault" and s.to_move() == [GRAY], "Gray is first in turn order"
    assert s.legal_actions(GRAY)[0] == ("assault", region(s, "Gray 3a"), region(s, "Gray 4a"))
    s.apply(GRAY, ("assault", region(s, "Gray 3a"), region(s, "Gray 4a")))
    s.apply(GRAY, ("lose", 1))
    s.apply(GRAY, ("movein", 2))
    assert s.to_move() == [RED]
    s.apply(RED, ("assault", region(s, "Red 3a"), region(s, "Red 4a")))
    s.apply(RED, ("lose", 1))
    s.apply(RED, ("movein", 0))
    assert s.assaults == [1, 0, 1]
    # only Green still has a Region to attack, but an Assault was launched this round and Green's could
    # open one for the others: everyone places a tile again
    assert s.phase == "war_peace" and sorted(s.to_move()) == [RED, GREEN, GRAY] and s.wp == [-1, -1, -1]


def test_players_without_any_region_to_attack_keep_peace() -> None:
    doc = three_player_war_doc()
    doc["clans"][RED][region(doc, "Green 4a")] = 0
    doc["clans"][GREEN][region(doc, "Red 4a")] = 0
    doc["clans"][GREEN][region(doc, "Gray 4a")] = 0
    doc["phase"] = "growth"
    doc["turn"] = 2
    s = load(doc)
    s.apply(GREEN, ("done",))
    for p in (GRAY, RED, GREEN):
        s.apply(p, ("done",))
    assert s.phase in ("end_cards", "turn_order"), "nobody can attack: the Attack phase is over at once"


def test_attacking_a_city_alone_is_a_compulsory_siege() -> None:
    doc = three_player_war_doc()
    doc["clans"][GREEN][region(doc, "Red 4a")] = 0
    doc["cities"][region(doc, "Red 4a")] = GREEN
    s = load(doc)
    s.apply(RED, ("war",))
    s.apply(GREEN, ("peace",))
    s.apply(GRAY, ("peace",))
    s.apply(RED, ("assault", region(s, "Red 3a"), region(s, "Red 4a")))
    assert s.legal_actions(RED) == [("siege",)]


def gained_target_doc():
    """Gray (first) can attack Green's stack of 2 in Gray 4a, which also holds a Green City; Red's lone
    Clan in Gray 4b has no Region to attack until Gray's Assault leaves that City without Clans."""
    doc = phase_doc(3, "war_peace", age=2, objectives=False)
    doc["objective"], doc["objective_options"] = [], []
    doc["order"] = [GRAY, RED, GREEN]
    doc["clans"][GRAY][region(doc, "Gray 3a")] = 3
    doc["clans"][GREEN][region(doc, "Gray 4a")] = 2
    doc["cities"][region(doc, "Gray 4a")] = GREEN
    doc["clans"][RED][region(doc, "Gray 4b")] = 1
    doc["phase"], doc["turn"] = "expansion", 2
    s = load(doc)
    s.apply(GREEN, ("done",))  # the last Expansion turn: the Attack phase starts
    return s


def test_a_player_without_a_target_may_still_choose_war_and_attack_later_in_the_round() -> None:
    """Rulebook, B-3 Attack: "At the start of each round ... place your War or Peace tile on the side of
    your choice"; Conditions of an Assault, special case: "If on your turn you no longer meet these
    conditions in any Region, you pass" -- the conditions are checked on your turn, after the earlier War
    players' Assaults, so a player with no target at the start of the round chooses too."""
    s = gained_target_doc()
    assert sorted(s.to_move()) == [RED, GREEN, GRAY], "Red places a tile like everyone"
    s.apply(RED, ("war",))
    s.apply(GREEN, ("peace",))
    s.apply(GRAY, ("war",))
    s.apply(GRAY, ("assault", region(s, "Gray 3a"), region(s, "Gray 4a")))
    s.apply(GRAY, ("lose", 2))
    s.apply(GRAY, ("pass",))  # Gray does not besiege the City
    assert s.to_move() == [RED]
    assert ("assault", region(s, "Gray 4b"), region(s, "Gray 4a")) in s.legal_actions(RED)


def test_after_a_round_without_any_assault_players_without_a_target_keep_peace() -> None:
    """Our decision 10 (termination): a War tile with no Region to attack only passes; once a whole round
    went by without an Assault, the board is unchanged, so such players keep Peace the next round."""
    s = gained_target_doc()
    s.apply(RED, ("war",))
    s.apply(GREEN, ("peace",))
    s.apply(GRAY, ("peace",))
    assert s.phase == "war_peace", "Red had to pass: a new round"
    assert sorted(s.to_move()) == [GREEN, GRAY], "Red has no Region to attack and the board did not change"
    s.apply(GREEN, ("peace",))
    s.apply(GRAY, ("peace",))
    assert s.phase in ("end_cards", "turn_order")


def test_hidden_tiles_are_redrawn_only_for_players_who_chose() -> None:
    s = gained_target_doc()
    s.apply(RED, ("war",))
    s.apply(GREEN, ("peace",))
    s.apply(GRAY, ("peace",))
    s.apply(GREEN, ("war",))
    for k in range(8):
        d = s.determinize(GRAY, Rng(k))
        assert d.wp[RED] == 0, "Red keeps Peace publicly; a redraw must not give Red a War tile"


def test_a_lone_city_cannot_be_attacked_with_all_20_cities_in_play() -> None:
    """Resolution of an Assault: a lone City is besieged "by losing 1 Clan ... and replace it with one of
    yours"; C-1: "If a card or game situation allows you to build a City when they are all in play, ignore
    the effect". With no City left the Assault could change nothing: the Region does not qualify (and a
    War player who must attack does not loop on it round after round)."""
    doc = three_player_war_doc()
    doc["clans"][GREEN][region(doc, "Red 4a")] = 0
    doc["cities"][region(doc, "Red 4a")] = GREEN
    free = [r for r in range(len(doc["cities"])) if r % 10 and doc["cities"][r] < 0 and r < 50]
    for r in [r for r in free if all(doc["clans"][q][r] == 0 for q in range(3))][:20]:
        doc["cities"][r] = RED
    from meeple.games.genesia.attack import targets

    s = load(doc)
    pair = (region(s, "Red 3a"), region(s, "Red 4a"))
    assert s.reserve_cities(RED) == 0 and pair not in targets(s, RED)
    doc["cities"][doc["cities"].index(RED)] = -1  # one City back in reserve: the siege is possible
    assert pair in targets(load(doc), RED)
