"""Where the greedy bot judges a ballot (outlook.py): the year's ballot rounds left are played out by a
plain rule, each hand spread over them, before the position is judged."""

from __future__ import annotations

import pytest

from meeple.bots.greedy import _PLAY_ON_SALT, GreedyBot, one_ply_value
from meeple.engine import Rng
from meeple.games.doge import GAME
from meeple.games.doge.outlook import play_out_ballots, spread_markers
from meeple.games.doge.state import BALLOTS, ELECTIONS

from .helpers import CANNAREGIO, CASTELLO, election, position


def markers_placed(action: tuple) -> int:
    return sum(action[1:5])


def play_round(s, markers: dict[int, tuple[int, int, int, int]]) -> None:
    """Every player plays its first unused card, with the markers given (counts of values 0-3) or else
    its lowest marker."""
    for p in range(s.num_players):
        card = next(x for x in range(7) if not s.used[p * 7 + x])
        s.apply(p, ("card", card))
        lowest = next(v for v in range(4) if s.hand[p * 4 + v])
        s.apply(p, ("markers", *markers.get(p, tuple(int(v == lowest) for v in range(4)))))


def test_a_hand_is_spread_so_that_it_is_all_placed_by_the_last_round() -> None:
    s = GAME.new_state(4, seed=1)  # 7 markers each, 3 rounds: 3, then 2, then 2
    assert markers_placed(spread_markers(s, 0, Rng(0))) == 3
    play_round(s, {0: (1, 1, 1, 0)})
    assert markers_placed(spread_markers(s, 0, Rng(0))) == 2  # 4 left for 2 rounds
    play_round(s, {0: (0, 0, 0, 1)})
    assert markers_placed(spread_markers(s, 1, Rng(0))) == 4  # 5 left for the last round: a card takes 4
    # the marker kept too long stays in hand, worth nothing once the ballots are over


def test_the_markers_drawn_are_the_players_own() -> None:
    s = GAME.new_state(4, seed=1)
    play_round(s, {0: (0, 2, 2, 0)})  # Red holds 0, 3, 3
    for seed in range(20):
        action = spread_markers(s, 0, Rng(seed))
        assert markers_placed(action) == 2 and action[2] == action[3] == 0 and action[1] <= 1


def test_playing_out_ends_the_ballot_phase_with_every_hand_placed() -> None:
    s = GAME.new_state(4, seed=3)
    play_out_ballots(s, Rng(5))
    assert s.phase == ELECTIONS
    for p in range(4):
        assert sum(s.used[p * 7 : p * 7 + 7]) == 3  # a card in each of the 3 rounds
        # every marker left the hand (those of the election under way came back to it, turned up)
        assert s.hand[p * 4 : p * 4 + 4] == s.shown[p * 4 : p * 4 + 4]


def test_a_card_already_chosen_this_round_is_kept() -> None:
    s = position(4, pending=[{"card": "Castello", "markers": None}, None, None, None])
    assert s.pend_card[0] == CASTELLO and s.phase == BALLOTS
    play_out_ballots(s, Rng(2))
    assert s.used[0 * 7 + CASTELLO] == 1


def test_nothing_is_played_once_the_ballots_are_over() -> None:
    s = election(CANNAREGIO, 4, ballots={0: [3]})
    before = s.to_json()
    play_out_ballots(s, Rng(1))
    assert s.to_json() == before


def test_the_greedy_bot_judges_each_ballot_after_the_rounds_left_too() -> None:
    # Red is the last to choose the first round's markers: each choice is judged as it stands after
    # the reveal and after the two rounds left are played out (on the same draws for every choice:
    # common random numbers), weighed by Doge's play_on_weight
    s = position(4, pending=[{"card": "Cannaregio", "markers": None}, *({"card": c, "markers": [3]} for c in (1, 2, 3))])
    w = GAME.play_on_weight
    assert 0.0 < w <= 1.0
    bot = GreedyBot(seed=11, samples=1, chain=0)
    ranked = dict(bot.rank_actions(s, 0))
    sample = Rng(11).next64()
    base = s.determinize(0, Rng(sample))
    judged, as_it_stands = {}, {}
    for action in s.legal_actions(0):
        d = base.clone()
        d.apply(0, action)
        as_it_stands[action] = one_ply_value(d, 0)
        play_out_ballots(d, Rng(sample ^ _PLAY_ON_SALT))
        assert d.phase != BALLOTS
        judged[action] = (1.0 - w) * as_it_stands[action] + w * one_ply_value(d, 0)
    assert ranked == pytest.approx(judged)
    assert judged != pytest.approx(as_it_stands)


def test_a_game_without_a_play_on_weight_is_judged_as_it_stands() -> None:
    from meeple.games.goofspiel import GAME as GOOFSPIEL

    assert GOOFSPIEL.play_on_weight == 0.0
    s = GOOFSPIEL.new_state(2, seed=4)
    before = s.to_json()
    s.play_on_to_judge(Rng(1))  # the engine's default plays nothing
    assert s.to_json() == before
