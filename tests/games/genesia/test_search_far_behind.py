"""The search of a seat far behind (issue 50's Genesia search, docs/bots.md "Genesia (session 44)"): under
the `margin` reward the last player's reward is 0 whatever its value, so where every playout leaves the
seat last its root actions all tie at 0 and it plays the first of them in the legal order, not the best."""

from __future__ import annotations

from meeple.bots.greedy import GreedyBot
from meeple.bots.mcts import MctsBot
from meeple.games.genesia.data import board_for

from .helpers import BLACK, GRAY, GREEN, RED, give, load, phase_doc

# the variant measured at a CPU second (sessions 40-44), on an iteration budget so that it is reproducible
VARIANT = dict(depth=4, rollout="greedy", fast=1, draws=1, prune=4, tree=1, pick="value", iterations=120)


def far_behind():
    """Age II's Growth, Red to play with 1 Coin, 8 Clans at home and two cards: 33 Invention of the Astrolabe (an
    Invention of 4 PP and 5 free Moves for 4 Coins, worth keeping for the Expansion) and 42 Spice Route (2 Coins a foreign Region: none, worth its
    discard only). The others hold some twenty Regions between them: Red is last by some 60 points."""
    doc = phase_doc(4, "growth", age=2)
    homes = board_for(4).homelands
    doc["clans"][RED][homes[RED]] = 8
    for p in (GREEN, GRAY, BLACK):
        doc["clans"][p][homes[p]] = 3
    for r in range(len(doc["clans"][RED])):
        if r not in homes and (r >= 40 or (r % 3 == 0 and r > 12)):
            doc["clans"][1 + (r // 3) % 3][r] = 1
    doc["coins"] = [1, 5, 5, 5]
    give(doc, RED, 33, 42)
    return load(doc)


def test_margin_leaves_a_seat_far_behind_blind_and_lead_plays_the_best_discard():
    s = far_behind()
    values = s.evaluate()
    assert values[RED] < min(values[1:]) - 40, "Red is far last"
    ranked = GreedyBot(seed=1).rank_actions(s, RED)
    best, worst = ranked[0], dict(ranked)[("discard", 33)]
    assert best[0] == ("discard", 42) and best[1] - worst > 5, "keeping the Invention is worth 5+ points"
    for seed in range(3):
        blind = MctsBot(seed=seed, reward="margin", **VARIANT)
        root = blind.search(s, RED)
        assert all(e[1] == 0.0 for e in root.stats[RED].values()), "every playout leaves Red last: reward 0"
        assert MctsBot(seed=seed, reward="margin", **VARIANT).act(s, RED) == ("discard", 33), "the legal order's first"
        lead = MctsBot(seed=seed, reward="lead", **VARIANT)
        means = {a: e[1] / e[0] for a, e in lead.search(s, RED).stats[RED].items()}
        assert len(set(means.values())) == len(means), "under lead the root actions are told apart"
        assert MctsBot(seed=seed, reward="lead", **VARIANT).act(s, RED) == ("discard", 42)
