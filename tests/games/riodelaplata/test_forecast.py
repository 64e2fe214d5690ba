"""The forecast of the final scores (forecast.py, data/forecast.json): what it reads and where it applies."""

from __future__ import annotations

import pytest

from meeple.games.riodelaplata.board import HOUSE, HUT, MARKET, STONECUTTER
from meeple.games.riodelaplata.forecast import FEATURES, OWN_WEIGHTS, WEIGHTS, at_turn_start, features

from .helpers import BLUE, GREEN, RED, SILVER, YELLOW, cell, deal, players, position  # noqa: F401


def column(name: str) -> int:
    return FEATURES.index(name)


def holdings() -> object:
    """The start of game turn 6 in a four-player game: Green holds a Stonecutter and a Market, Blue a
    House and builders, Red has attacked, and the order is Blue, Red, Yellow, Green."""
    kit = players(4, p0={"attacked": 1, "silver": 4})
    return position(4, turn=6, phase="place", order=[BLUE, RED, YELLOW, GREEN], players=kit,
                    buildings=[[cell(3, 4), STONECUTTER, GREEN], [cell(3, 5), MARKET, GREEN],
                               [cell(4, 4), HOUSE, BLUE], [cell(4, 6), HUT, YELLOW]],
                    workers=[[cell(4, 5), BLUE, 2]])


def test_features_read_each_players_holdings() -> None:
    s = holdings()
    rows = features(s)
    assert [r[column("free")] for r in rows] == [9, 9, 7, 9], "Blue's two builders are out of its supply"
    assert [r[column("production")] for r in rows] == [0, 2, 0, 0]
    assert [r[column("builders")] for r in rows] == [0, 0, 2, 0]
    assert [r[column("huts")] for r in rows] == [0, 0, 0, 1]
    assert rows[BLUE][column("houses")] >= 2, "a House scores 2 VP and its district's modifier"
    assert [r[column("silver")] for r in rows] == [4, 2, 2, 2]
    assert [r[column("place")] for r in rows] == [1, 3, 0, 2]
    assert [r[column("attacked")] for r in rows] == [1, 0, 0, 0]
    # the war at this turn's end is led by the last in the order who has not attacked yet
    assert [r[column("attacker_next")] for r in rows] == [0, 1, 0, 0]


def test_the_forecast_is_the_mean_final_score_plus_weighted_differences() -> None:
    s = holdings()
    assert at_turn_start(s)
    mean, weights = WEIGHTS[s.num_turns - s.turn]
    out = s.forecast()
    assert sum(out) / 4 == pytest.approx(mean), "the table's mean forecast is the games' mean final score"
    rows = features(s)
    for p in (RED, BLUE, YELLOW):
        gap = sum(w * (a - b) for w, a, b in zip(weights, rows[p], rows[GREEN]))
        assert out[p] - out[GREEN] == pytest.approx(gap)
    assert out != pytest.approx(s.evaluate())


def test_weights_cover_every_turn_of_the_game_and_every_feature() -> None:
    assert sorted(WEIGHTS) == list(range(1, 20)), "from the second turn's start to the last's"
    assert all(len(w) == len(FEATURES) for _, w in WEIGHTS.values())


def test_elsewhere_the_forecast_is_the_evaluation() -> None:
    """Within a turn (a worker placed, the effect phase, a war, an open offer), in the first turn and at
    the end, the forecast has no fitted weights and gives the evaluation."""
    kit = players(4, p0={"placed": 1})
    for s in (position(4, turn=6, players=kit), position(4, turn=6, phase="effect"),
              position(4, turn=6, phase="effect", trade=deal(0, 1, {SILVER: 2})), position(4, turn=0),
              position(4, turn=19, phase="over")):
        assert not at_turn_start(s) or s.turn == 0 or s.phase == "over"
        assert s.forecast() == pytest.approx(s.evaluate())


def test_the_searchers_own_forecast_changes_its_row_alone() -> None:
    """forecast(searcher) (mcts:judge=own): the searching player's forecast is the mean final score
    plus its shift, by its own weights (data/forecast_own.json); the others' are the forecast's."""
    s = holdings()
    left = s.num_turns - s.turn
    mean, _ = WEIGHTS[left]
    shift, mine = OWN_WEIGHTS[left]
    plain, own = s.forecast(), s.forecast(RED)
    rows = features(s)
    centre = [sum(col) / 4 for col in zip(*rows)]
    assert own[RED] == pytest.approx(mean + shift + sum(w * (a - c) for w, a, c in zip(mine, rows[RED], centre)))
    assert own[RED] != pytest.approx(plain[RED])
    assert [own[p] for p in (BLUE, YELLOW, GREEN)] == pytest.approx([plain[p] for p in (BLUE, YELLOW, GREEN)])
    assert sorted(OWN_WEIGHTS) == sorted(WEIGHTS) and all(len(w) == len(FEATURES) for _, w in OWN_WEIGHTS.values())
    inside = position(4, turn=6, phase="effect")
    assert inside.forecast(RED) == pytest.approx(inside.evaluate()), "within a turn, the evaluation still"
