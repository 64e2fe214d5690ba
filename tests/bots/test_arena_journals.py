"""tools/arena_journals.py: two arena journals paired game by game, several pooled by deal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tools import load_tool


def _tool():
    return load_tool("arena_journals")


def _journal(path: Path, games: list[tuple[int, list[int], list[int], list[float]]]) -> str:
    """A journal as `meeple arena --results` writes it: a header line, then (seed, seats, ranks, scores)."""
    lines = [{"game": "goofspiel", "bots": ["a", "b"], "seed": 0}]
    lines += [{"index": i, "seed": s, "seats": seats, "ranks": ranks, "scores": scores}
              for i, (s, seats, ranks, scores) in enumerate(games)]
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    return str(path)


def _two(tmp_path: Path) -> tuple[str, str]:
    new = _journal(tmp_path / "new.jsonl", [(0, [0, 1], [1, 2], [10, 4]), (0, [1, 0], [2, 1], [3, 5]),
                                            (1, [0, 1], [1, 1], [6, 6])])
    old = _journal(tmp_path / "old.jsonl", [(0, [0, 1], [2, 1], [4, 8]), (0, [1, 0], [1, 2], [9, 1])])
    return new, old


def test_a_journal_gives_each_games_win_share_and_margin(tmp_path):
    tool = _tool()
    new, _ = _two(tmp_path)
    played = tool.games(new, 0)
    assert played[0, (1, 0)] == (1.0, 2.0), "entry 0 sat second: 5 against 3, first"
    assert played[1, (0, 1)] == (0.5, 0.0), "a tie for first shares the win"
    assert tool.games(new, 1)[0, (0, 1)] == (0.0, -6.0)


def test_pair_compares_the_margins_of_the_games_both_played(tmp_path, capsys):
    tool = _tool()
    new, old = _two(tmp_path)
    tool.pair(new, old, 0)
    out = capsys.readouterr().out
    assert "2 wins of 2, mean margin +4.00" in out and "0 wins of 2, mean margin -6.00" in out
    assert "margin difference +10.00 +- 0.00 over 2 common games" in out  # game seed 1: only in new


def test_pool_counts_each_deal_once(tmp_path, capsys):
    tool = _tool()
    new, old = _two(tmp_path)
    tool.pool([new, old], 0)
    out = capsys.readouterr().out
    # deal 0: four games, wins 1, 1, 0, 0 and margins 6, 2, -4, -8; deal 1: one tie, margin 0
    assert "5 games, 2 deals, each deal once: win rate 50.0%" in out and "mean margin -0.50" in out


def test_bad_journals_are_one_line_and_a_non_zero_exit(tmp_path):
    tool = _tool()
    new, _ = _two(tmp_path)
    with pytest.raises(SystemExit, match="not a readable arena journal"):
        tool.pair(str(tmp_path / "missing.jsonl"), new, 0)
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"game": "doge", "bots": ["a", "b"]}) + "\n")
    with pytest.raises(SystemExit, match="not of one game and bots"):
        tool.pool([new, str(other)], 0)


def test_seats_gives_the_entrys_wins_by_the_seat_it_sat_in(tmp_path, capsys):
    tool = _tool()
    new, old = _two(tmp_path)
    tool.seats([new, old], 0)
    out = capsys.readouterr().out.splitlines()
    # seat 0: new's (0, [0, 1]) won, new's (1, [0, 1]) tied (half), old's (0, [0, 1]) is the same game as
    # new's and counts once; seat 1: new's (0, [1, 0]) won
    assert out[0].startswith("seat 0: 1.5 wins of 2 (75.0%, 95% Wilson") and out[0].endswith("mean margin +3.00")
    assert out[1].startswith("seat 1: 1 wins of 1 (100.0%") and out[1].endswith("mean margin +2.00")
    with pytest.raises(SystemExit, match="no finished game"):
        tool.seats([_journal(tmp_path / "empty.jsonl", [])], 0)
