"""The search's judge (`mcts:judge=forecast`, docs/bots.md "Genesia (session 45)"): the estimate with each
people at its own step of the Age. Growth and Expansion are played "in turn" ("1 turn per player"), so once
a people's Expansion turn is over its Coins buy no more Clans or Moves this Age and its Expansion cards can
only be sold, though a later people is still to play: they are counted as the End of the Age finds them."""

from __future__ import annotations

import pytest

from meeple.bots.mcts import MctsBot
from meeple.games.genesia import evaluation
from meeple.games.genesia.data import board_for

from .helpers import BLACK, GRAY, GREEN, RED, give, load, phase_doc

GALLEONS = 50  # Age II, Expansion: 8 free Moves for 2 Coins
MERCHANT = 7  # objective: +1 per 2 Coins you have at the end


def age_two_expansion(turn: int):
    """Age II's Expansion in the order Red, Green, Gray, Black, `turn` peoples having played theirs; Red
    holds 10 Coins and Galleons."""
    doc = phase_doc(4, "expansion", age=2)
    homes = board_for(4).homelands
    for p in (RED, GREEN, GRAY, BLACK):
        doc["clans"][p][homes[p]] = 3
    doc["coins"] = [10, 6, 6, 6]
    doc["turn"] = turn
    give(doc, RED, GALLEONS)
    return load(doc)


def test_a_people_whose_expansion_turn_is_over_is_judged_with_its_coins_carried_and_its_cards_sold():
    playing = age_two_expansion(turn=0)
    assert playing.forecast() == playing.evaluate(), "Red's turn is under way: judged as the estimate does"
    s = age_two_expansion(turn=1)
    est, fc = s.evaluate(), s.forecast()
    assert fc[GREEN:] == est[GREEN:], "Green plays now, Gray and Black later: their Coins still buy Clans"
    coin, share = evaluation.WEIGHTS[2][0], evaluation.WEIGHTS[2][1]
    carried = evaluation.CARRIED[3]  # a Coin carried into Age III
    galleons = evaluation.card_extra(s, RED, GALLEONS, evaluation.WEIGHTS[2], 2)
    assert galleons > 0, "in Red's Expansion turn Galleons was worth more than its discard"
    # Red's 10 Coins and Galleons' 4-Coin discard are carried into Age III; Galleons can no longer be played
    assert est[RED] - fc[RED] == pytest.approx((10 + 4) * (coin - carried) + share * galleons)
    s.phase, s.turn = "war_peace", 0
    assert s.forecast() == s.evaluate(), "once the Expansion is over every people is counted so"


def merchant_with_coins():
    """Age I's Expansion, Red to play first with 25 Coins and the Merchant objective, its 3 Clans at home,
    the others' Clans at theirs (an arena game's position, seed 100, where the search passed and carried its
    Coins into Age II): the estimate counts a Coin 1.47, and half a point more by the objective as it is."""
    doc = phase_doc(4, "expansion", age=1)
    homes = board_for(4).homelands
    for p, k in zip((RED, GREEN, GRAY, BLACK), (3, 11, 28, 10)):
        doc["clans"][p][homes[p]] = k
    doc["coins"] = [25, 1, 0, 0]
    objectives = [MERCHANT, 8, 10, 3]
    doc["objective_options"] = [[o, 11] for o in objectives]
    doc["objective"] = objectives
    for p, cards in enumerate(([15], [11, 23], [], [12, 13, 20, 22])):
        give(doc, p, *cards)
    for p, cards in enumerate(([1, 21], [9, 19, 24], [6, 17], [7])):
        give(doc, p, *cards, where="played")
    return load(doc)


# the variant of issue 50's Genesia arena (docs/bots.md, session 44), on an iteration budget: reproducible
SEARCH = dict(
    depth=4, rollout="greedy", fast=1, draws=1, prune=4, tree=1, pick="value", reward="lead", iterations=60
)


def test_judged_by_the_forecast_the_search_spends_the_coins_it_would_carry_over():
    s = merchant_with_coins()
    for seed in range(3):
        kept = MctsBot(seed=seed, **SEARCH).act(s, RED)
        assert kept == ("done",), "judged mid-phase, a Coin kept is worth 1.97"
        judged = MctsBot(seed=seed, judge="forecast", **SEARCH)
        means = {a: e[1] / e[0] for a, e in judged.search(s, RED).stats[RED].items() if e[0]}
        assert min(means, key=means.get) == ("done",), "passing carries 25 Coins into Age II at 0.87 (+0.5)"
        assert MctsBot(seed=seed, judge="forecast", **SEARCH).act(s, RED)[0] == "move"
