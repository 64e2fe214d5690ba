"""The greedy bot's look at a ballot over the year's ballot rounds left (outlook.py, `Game.looks_ahead`):
the play-on keeps the rules of the ballot phase, and a stake the one-ply look takes for won is weighed
against the others' answers in the later rounds."""

from __future__ import annotations

import pytest

from meeple.bots.greedy import GreedyBot
from meeple.engine import Rng
from meeple.games.doge import outlook
from meeple.games.doge.data import MARKER_COUNTS, NUM_AREAS
from meeple.games.doge.elections import votes_in
from meeple.games.doge.game import Doge

from .helpers import CANNAREGIO, position


def red_has_chosen_cannaregio():
    """The first ballot round of four players: Red has 2 houses in Cannaregio (a third builds its
    first palace) and has chosen the Cannaregio card; nobody else has chosen."""
    s = position(4, houses=[[2, 0, 0, 0, 0, 0], {}, {}, {}])
    s.apply(0, ("card", CANNAREGIO))
    return s


def votes(action: tuple) -> int:
    return action[2] + 2 * action[3] + 3 * action[4]


def test_the_play_on_keeps_the_rules_of_the_ballot_phase() -> None:
    s = red_has_chosen_cannaregio()
    for seed in range(4):
        d = s.determinize(0, Rng(seed))
        outlook.year_end_lead(d, 0, (0, 1, 0, 0), Rng(seed))
        assert d.rnd == 3 and d.phase == 0  # judged when the 3 rounds are over, before the elections
        for p in range(4):
            used = d.used[p * NUM_AREAS : (p + 1) * NUM_AREAS]
            on_cards = [
                sum(d.placed[(p * NUM_AREAS + x) * 4 : (p * NUM_AREAS + x + 1) * 4]) for x in range(7)
            ]
            assert sum(used) == 3  # one card a round, each card once a year
            assert all((k > 0) == bool(u) and k <= 4 for k, u in zip(on_cards, used))  # 1 to 4 markers a card
            held = d.hand[p * 4 : p * 4 + 4]
            placed = [sum(d.placed[(p * NUM_AREAS + x) * 4 + v] for x in range(7)) for v in range(4)]
            assert [h + k for h, k in zip(held, placed)] == list(MARKER_COUNTS)  # no marker made or lost
        assert d.placed[CANNAREGIO * 4 : CANNAREGIO * 4 + 4] == [0, 1, 0, 0]  # Red's own choice


def test_the_others_answer_a_small_stake_in_the_later_rounds() -> None:
    # the reason a one-vote lead is not yet won: the others still hold their Cannaregio cards, and in
    # the play-on some of them play it in a later round (a one-ply look draws only this round's ballots)
    s = red_has_chosen_cannaregio()
    answered = 0
    for seed in range(8):
        d = s.determinize(0, Rng(seed))
        outlook.year_end_lead(d, 0, (0, 1, 0, 0), Rng(seed))
        others = votes_in(d, CANNAREGIO)[1:]
        answered += max(others) >= 1
    assert answered >= 4


@pytest.mark.parametrize("looks", [False, True])
def test_greedy_stakes_more_where_the_others_can_still_answer(
    looks: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # one ply: a one-marker lead looks safe against this round's random ballots (each rival plays
    # Cannaregio with odds 1 in 7), so Red mostly stakes 1 vote; judged at the year's end, with the
    # rivals' Cannaregio cards still to come, Red stakes 3 or 4 markers, 3 votes or more
    monkeypatch.setattr(Doge, "looks_ahead", looks)
    s = red_has_chosen_cannaregio()
    chosen = [GreedyBot(seed=seed).act(s, 0) for seed in range(8)]
    four = sum(1 for a in chosen if sum(a[1:5]) == 4)
    if looks:
        assert four >= 7 and all(votes(a) >= 3 for a in chosen)
    else:
        assert four <= 1 and sum(votes(a) == 1 for a in chosen) >= 5


def test_only_a_markers_step_of_the_ballot_phase_is_looked_at(monkeypatch: pytest.MonkeyPatch) -> None:
    s = position(4, houses=[[2, 0, 0, 0, 0, 0], {}, {}, {}])
    ranked = [(("card", x), float(-x)) for x in range(7)]
    assert outlook.look_ahead(s, 0, ranked, Rng(1)) == ranked
    # the easy level (rivals=0) never looks: its ranking is the one-ply one
    s.apply(0, ("card", CANNAREGIO))
    looked = GreedyBot(seed=3, rivals=0).rank_actions(s, 0)
    monkeypatch.setattr(Doge, "looks_ahead", False)
    assert GreedyBot(seed=3, rivals=0).rank_actions(s, 0) == looked
