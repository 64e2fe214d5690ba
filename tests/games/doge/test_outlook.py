"""The greedy bot's look at a ballot of the year's last round (outlook.py, `Game.looks_ahead`): the
play-on keeps the rules of the ballot phase, and a stake the one-ply look takes for a likely win is
weighed against the answer of a rival whose palace is at stake."""

from __future__ import annotations

import pytest

from meeple.bots.greedy import GreedyBot
from meeple.engine import Rng
from meeple.games.doge import outlook
from meeple.games.doge.data import MARKER_COUNTS, NUM_AREAS
from meeple.games.doge.elections import votes_in
from meeple.games.doge.game import Doge

from .helpers import CANNAREGIO, CASTELLO, DORSODURO, position


def red_has_chosen_cannaregio():
    """The last of the 3 ballot rounds of four players, every hand full, Cannaregio's card unused by
    all: Blue, Green and Yellow have 2 houses each in Cannaregio (a third builds each one's first
    palace there), Red none; Red has chosen the Cannaregio card, nobody else has chosen."""
    s = position(
        4,
        round=2,
        houses=[{}, [2, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0]],
        used=[[CASTELLO, DORSODURO]] * 4,
    )
    s.apply(0, ("card", CANNAREGIO))
    return s


def votes(action: tuple) -> int:
    return action[2] + 2 * action[3] + 3 * action[4]


def test_the_play_on_keeps_the_rules_of_the_ballot_phase() -> None:
    s = red_has_chosen_cannaregio()
    for seed in range(4):
        d = s.determinize(0, Rng(seed))
        outlook.year_end_lead(d, 0, (0, 0, 1, 2), Rng(seed))
        assert d.rnd == 3 and d.phase == 0  # judged when the 3 rounds are over, before the elections
        for p in range(4):
            used = d.used[p * NUM_AREAS : (p + 1) * NUM_AREAS]
            assert sum(used) == 3  # one card a round, each card once a year
            row = p * NUM_AREAS * 4
            on_cards = [sum(d.placed[row + x * 4 : row + x * 4 + 4]) for x in range(NUM_AREAS)]
            assert all(k <= 4 for k in on_cards)  # at most 4 markers a card
            held = d.hand[p * 4 : p * 4 + 4]
            placed = [sum(d.placed[row + x * 4 + v] for x in range(NUM_AREAS)) for v in range(4)]
            assert [h + k for h, k in zip(held, placed)] == list(MARKER_COUNTS)  # no marker made or lost
        assert d.placed[CANNAREGIO * 4 : CANNAREGIO * 4 + 4] == [0, 0, 1, 2]  # Red's own choice


def test_a_rival_whose_palace_is_at_stake_answers_in_the_same_round() -> None:
    # the reason Red's 8 votes do not win Cannaregio: a rival with a palace at stake there plays its
    # Cannaregio card with its 4 strongest markers (3+3+2+2); a one-ply look draws the rivals' ballots
    # of the round at random (each plays Cannaregio with odds 1 in 5, a random stack)
    s = red_has_chosen_cannaregio()
    for seed in range(4):
        d = s.determinize(0, Rng(seed))
        outlook.year_end_lead(d, 0, (0, 0, 1, 2), Rng(seed))
        assert max(votes_in(d, CANNAREGIO)[1:]) == 10


@pytest.mark.parametrize("looks", [False, True])
def test_a_stake_that_cannot_win_is_worth_no_more_than_a_small_one(
    looks: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # one ply: against random ballots a larger stake on Cannaregio looks like a likelier win, so Red's
    # best selections of 1 to 4 markers differ in worth by 0.3 or more; judged with the rivals' answer,
    # every stake below their 10 votes loses Cannaregio alike (and markers kept after the last round
    # are worth nothing), so the selections are worth about the same
    monkeypatch.setattr(Doge, "looks_ahead", looks)
    s = red_has_chosen_cannaregio()
    for seed in range(3):
        best: dict[int, tuple[int, float]] = {}
        for action, value in GreedyBot(seed=seed).rank_actions(s, 0):
            best.setdefault(sum(action[1:5]), (votes(action), value))
        below = [value for v, value in best.values() if v < 10]
        assert len(below) >= 3
        if looks:
            assert max(below) - min(below) <= 0.2
        else:
            assert max(value for _, value in best.values()) - min(value for _, value in best.values()) >= 0.3


def test_only_a_markers_step_of_the_last_ballot_round_is_looked_at(monkeypatch: pytest.MonkeyPatch) -> None:
    cards = [(("card", x), float(-x)) for x in range(7)]
    assert outlook.look_ahead(position(4), 0, cards, Rng(1)) == cards  # a card step: as it was
    # an earlier round than the last: the one-ply ranking as it was (its markers are judged by what
    # the rounds left can place, evaluation.py)
    first = position(4, houses=[{}, [2, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0]])
    first.apply(0, ("card", CANNAREGIO))
    one_ply = [(("markers", 0, 1, 0, 0), 0.5), (("markers", 0, 2, 0, 0), 0.25)]
    assert outlook.look_ahead(first, 0, one_ply, Rng(1)) == one_ply
    # the easy level (rivals=0) never looks: its ranking is the one-ply one
    s = red_has_chosen_cannaregio()
    looked = GreedyBot(seed=3, rivals=0).rank_actions(s, 0)
    monkeypatch.setattr(Doge, "looks_ahead", False)
    assert GreedyBot(seed=3, rivals=0).rank_actions(s, 0) == looked
