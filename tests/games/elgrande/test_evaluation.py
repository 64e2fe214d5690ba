"""The bots' estimate (evaluation.py), term by term on built positions: each term is what the rules
make that part of the board worth."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.bots.greedy import GreedyBot
from meeple.games.elgrande.data import CARDS, GOLD
from meeple.games.elgrande.evaluation import TERMS, WEIGHTS, evaluate, features, scorings_left

from .helpers import A, empty_doc, load, put

W = dict(zip(TERMS, WEIGHTS))


def _term(doc: dict[str, Any], name: str, p: int = 0) -> float:
    return features(load(doc))[p][TERMS.index(name)]


def _doc(king: str = "Granada") -> dict[str, Any]:
    """Round 1 of 3 player, the King in `king`, the Grandes in Galicia, Seville and Catalonia."""
    doc = empty_doc(3)
    doc["king"] = A[king]
    doc["grande"] = [A["Galicia"], A["Seville"], A["Catalonia"]]
    return doc


def test_three_general_scorings_are_left_in_round_one_and_one_in_round_eight() -> None:
    doc = _doc()
    assert scorings_left(load(doc)) == 3
    doc["round_i"] = 7
    assert scorings_left(load(doc)) == 1


def test_a_sole_majority_in_a_region_is_worth_its_first_place_at_each_scoring_left() -> None:
    doc = _doc()
    put(doc, 0, "Aragon", 2)
    put(doc, 1, "Aragon", 1)
    assert _term(doc, "regions", 0) == 3 * 5  # Aragon 5/4/1, three general scorings left
    assert _term(doc, "regions", 1) == 3 * 4


def test_a_caballero_in_the_castillo_scores_the_castillo_and_goes_out_to_the_best_region() -> None:
    doc = _doc(king="New Castile")
    put(doc, 0, "Castillo", 1)
    # the Castillo alone: 5 at the next general scoring (it is emptied then)
    assert _term(doc, "castillo") == 5
    # then it goes out where it adds most: a sole first place in Old Castile or Granada (6; New
    # Castile's 7 is the King's region, where it may not go; Galicia is 4 + the Grande's 2)
    assert _term(doc, "disk") == 3 * 6
    empty = _doc(king="New Castile")
    before, after = evaluate(load(empty))[0], evaluate(load(doc))[0]
    assert after - before == pytest.approx(W["castillo"] * 5 + W["disk"] * 18 - W["provinces"])


def test_the_castillo_s_caballeros_follow_the_secret_disk_once_it_is_set() -> None:
    doc = _doc(king="New Castile")
    doc["round_i"] = 2  # round 3: the general scoring's disks
    doc["phase"] = "disk"
    doc["disk_kind"] = "general"
    doc["disk_need"] = [1, 1, 1]
    doc["faceup"] = []
    doc["played"] = [5, 4, 3]
    put(doc, 0, "Castillo", 2)
    put(doc, 1, "Seville", 1)
    s = load(doc)
    s.disk = [A["Seville"], -1, -1]  # 2 against 1 in Seville: first place 4, where 0 had nothing
    assert features(s)[0][TERMS.index("disk")] == 3 * 4
    s.disk = [A["New Castile"], -1, -1]  # the King's region: back to court, nothing on the board
    assert features(s)[0][TERMS.index("disk")] == 0


def test_the_kings_moves_change_the_majorities_reachable_next_turn() -> None:
    doc = _doc(king="Galicia")  # next to Galicia: Old Castile (6) and the Basque Country (5)
    put(doc, 0, "court", 2)
    put(doc, 1, "Old Castile", 1)
    put(doc, 1, "Basque Country", 3)
    assert _term(doc, "reach") == 6  # 2 against 1 in Old Castile: first place 6
    doc["king"] = A["Seville"]  # next to Seville: New Castile (7) and Granada (6)
    assert _term(doc, "reach") == 7
    doc["court"][0], doc["prov"][0] = 0, doc["prov"][0] + 2
    assert _term(doc, "reach") == 0  # nothing in court, nothing to place


def test_the_castillo_is_within_reach_next_turn_wherever_the_king_stands() -> None:
    doc = _doc(king="Galicia")  # next to Galicia: Old Castile (6/4/2) and the Basque Country (5/3/1)
    for q in (1, 2):
        put(doc, q, "Old Castile", 5)
        put(doc, q, "Basque Country", 5)
    put(doc, 0, "court", 2)
    assert _term(doc, "reach") == 5  # the empty Castillo's first place (Old Castile: its third, 2)
    put(doc, 1, "Castillo", 3)
    assert _term(doc, "reach") == 3  # two against three in the Castillo: its second place
    put(doc, 2, "Castillo", 3)
    assert _term(doc, "reach") == 2  # its third place (1) is less than Old Castile's
    assert _term(doc, "reach", 2) == 0  # nothing in court, nothing to place


def test_a_caballero_brought_to_court_is_worth_more_than_in_the_provinces() -> None:
    doc = _doc(king="Galicia")
    s0 = evaluate(load(doc))[0]
    put(doc, 0, "court", 1)
    s1 = evaluate(load(doc))[0]
    assert W["court"] > W["provinces"]
    # the court's Caballero can take Old Castile next turn (6 reachable), is one Caballero more in court,
    # and one the action card player 0 picks this round can place (nobody has bid yet: nobody ahead)
    assert s1 - s0 == pytest.approx(W["court"] - W["provinces"] + W["reach"] * 6 + W["pick"])


def test_gold_carried_is_worth_its_six_points_to_come() -> None:
    doc = empty_doc(3, {"colonies": True})
    doc["king"] = A["Granada"]
    put(doc, 0, "Ship", 1)
    doc["discs"] = [[GOLD, A["Ship"], 0]]
    doc["supply"]["gold"] -= 1
    assert _term(doc, "discs") == 6
    assert _term(doc, "discs", 1) == 0


def test_the_colonies_regions_count_with_the_option() -> None:
    doc = empty_doc(3, {"colonies": True})
    doc["king"] = A["Granada"]
    put(doc, 0, "Mediterranean", 1)  # the Mediterranean 4/2/1: a sole first place
    assert _term(doc, "regions") == 3 * 4


def test_the_game_over_is_the_final_score() -> None:
    doc = _doc()
    doc["phase"] = "over"
    doc["scores"] = [40, 50, 60]
    assert evaluate(load(doc)) == [40.0, 50.0, 60.0]


def test_the_power_card_played_counts_its_caballeros_in_court_up_to_a_turns_five() -> None:
    doc = _doc()
    doc["phase"] = "power"
    doc["order"] = [0, 1, 2]
    doc["bid_i"] = 1
    doc["played"] = [1, 0, 0]  # power card 1 brings 6 Caballeros to court when 0's turn comes (§4.1)
    doc["used"] = [[1], [], []]
    put(doc, 0, "court", 1)
    assert _term(doc, "court") == 5  # a turn places 5 at most: the sixth and seventh wait
    assert _term(doc, "provinces") == 30 - 5
    assert _term(doc, "court", 1) == 0 and _term(doc, "provinces", 1) == 30  # 1 has not played yet
    doc["played"] = [12, 0, 0]  # power card 12 brings none
    doc["used"] = [[12], [], []]
    assert _term(doc, "court") == 1


def _bidding(court: int) -> dict[str, Any]:
    """Round 1's bidding of 3 players: player 1 has played power card 10, player 0 is to bid with
    `court` Caballeros in court; the face-up action cards place 1, 2, 3, 4 and 5 Caballeros."""
    doc = _doc()
    doc["phase"] = "power"
    doc["order"] = [1, 0, 2]
    doc["bid_i"] = 1
    doc["played"] = [0, 10, 0]
    doc["used"] = [[], [10], []]
    doc["faceup"] = sorted(next(c["id"] for c in CARDS if c["stack"] == k) for k in (1, 2, 3, 4, 5))
    put(doc, 0, "court", court)
    return doc


def test_a_high_power_card_is_worth_the_first_choice_of_the_action_cards() -> None:
    # turns go from the highest power card down and each player takes one face-up card (§4): after 13
    # player 0 chooses first (the King's card, 5 Caballeros), after 1 second behind player 1's 10 (4)
    s = load(_bidding(court=5))
    high, low = s.clone(), s.clone()
    high.apply(0, ("power", 13))
    low.apply(0, ("power", 1))
    assert features(high)[0][TERMS.index("pick")] == 5
    assert features(low)[0][TERMS.index("pick")] == 4  # power card 1's 6 to court do not raise it
    assert evaluate(high)[0] - evaluate(low)[0] == pytest.approx(W["pick"])


def test_the_pick_is_the_caballeros_the_court_can_place_and_ends_with_the_card_taken() -> None:
    doc = _bidding(court=2)
    put(doc, 1, "court", 5)
    doc["played"] = [13, 10, 9]
    doc["used"] = [[13], [10], [9]]
    doc["bid_i"] = 3
    doc["phase"] = "card"
    doc["turns"] = [0, 1, 2]
    doc["turn_i"] = 0
    doc["cur"] = 0
    s = load(doc)
    # 0's court holds 2 (the card of 5 would place 5); 1 chooses second (the card of 4 at best, its court
    # of 5 and 1 more from power card 10), 2 third (3 at best, the 2 its power card 9 brings)
    assert [f[TERMS.index("pick")] for f in features(s)] == [2, 4, 2]
    for stack in (5, 1):  # whichever card 0 takes, the others choose one place earlier
        after = s.clone()
        after.apply(0, ("card", next(c for c in s.faceup if CARDS[c]["stack"] == stack)))
        # 0's card is taken: its placements count on the board now
        assert [f[TERMS.index("pick")] for f in features(after)] == [0, 5, 2]


def test_the_greedy_bot_with_a_full_court_bids_for_the_first_choice() -> None:
    s = load(_bidding(court=5))
    for seed in range(6):
        assert GreedyBot(seed=seed).act(s, 0)[1] in (11, 12, 13)  # above player 1's 10
