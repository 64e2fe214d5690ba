"""tools/doge_held_votes.py, the fit of what held ballot votes win by the year's end: its fit on
built rows (the study itself plays forty games: docs/bots.md, Doge, session 35, gives its command)."""

from __future__ import annotations

import pytest

from tests.tools import load_tool


def _tool():
    return load_tool("doge_held_votes")


def test_the_fit_pools_a_drop_into_a_non_decreasing_row() -> None:
    tool = _tool()
    # the means 1.0 (weight 1) then 0.4 (weight 3) break the order: both become their weighted mean, 0.55
    assert tool.non_decreasing([0.0, 1.0, 0.4], [1e9, 1.0, 3.0]) == pytest.approx([0.0, 0.55, 0.55])


def test_held_votes_are_valued_by_what_the_later_rounds_won() -> None:
    tool = _tool()
    # two player-years: 2 votes placed in round 1, then 4 and 6; the later stacks' prizes by round
    rows = [
        {"votes": [2, 4, 6], "value": [0.1, 0.5, 0.9]},
        {"votes": [2, 6, 4], "value": [0.3, 0.8, 0.2]},
    ]
    table = tool.fit(rows)
    # after round 1 both held 10 votes: the rounds 2 and 3 won 1.4 and 1.0
    assert table[2][10] == pytest.approx(1.2)
    # after round 2 one held 6 votes (round 3 won 0.9), the other 4 (0.2); no votes, nothing
    assert table[1][6] == pytest.approx(0.9)
    assert table[1][4] == pytest.approx(0.2)
    assert table[1][0] == 0.0
    # votes never held are read off the line between their neighbours, and beyond the last as the last
    assert table[1][5] == pytest.approx(0.55)
    assert table[1][12] == pytest.approx(0.9)
    assert table[2][5] == pytest.approx(0.6)
