"""The arena: rotated seats, statistics, parallel runs equal to serial ones, the command line."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest
from click.testing import CliRunner

from meeple.arena import ArenaError, run_arena, seat_plan, wilson
from meeple.bots import BadBotSpec
from meeple.cli.arena import arena
from meeple.engine import BadOption, UnknownGame


def test_seat_plan_rotates_every_entry_through_every_seat():
    plan = seat_plan(4, 8)
    for seat in range(4):
        assert sorted(g[seat] for g in plan) == [0, 0, 1, 1, 2, 2, 3, 3]
    assert all(sorted(g) == [0, 1, 2, 3] for g in plan)


def test_wilson_interval():
    lo, hi = wilson(80, 100)
    assert 0.70 < lo < 0.72 and 0.86 < hi < 0.88
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(2.5, 5)  # ties split into half wins
    assert lo < 0.5 < hi


def test_report_counts_and_ties():
    r = run_arena("goofspiel", ["greedy", "random", "random"], 6, seed=3, options={"cards": 5})
    assert r.games == 6 and r.errors == 0 and r.balanced
    assert [b.name for b in r.bots] == ["greedy", "random", "random"]  # the same spec twice: two entries
    assert all(b.games == 6 and b.seats == [2, 2, 2] for b in r.bots)
    assert abs(sum(b.wins for b in r.bots) - 6) < 1e-9  # ties split
    for b in r.bots:
        assert b.ci95[0] <= b.win_rate <= b.ci95[1]
        assert b.decisions == 6 * 5 and b.seconds_per_decision >= 0


def test_parallel_equals_serial():
    args = ("goofspiel", ["mcts:iterations=20,depth=3", "greedy"], 6)
    a = run_arena(*args, seed=1, jobs=1, options={"cards": 6})
    b = run_arena(*args, seed=1, jobs=2, options={"cards": 6})
    strip = [(x.wins, x.mean_score, x.mean_margin) for x in a.bots]
    assert strip == [(x.wins, x.mean_score, x.mean_margin) for x in b.bots]


def test_unbalanced_games_are_stated():
    r = run_arena("goofspiel", ["greedy", "random"], 3, options={"cards": 3})
    assert not r.balanced and sorted(b.games for b in r.bots) == [3, 3]


@pytest.mark.parametrize(
    ("args", "exc"),
    [
        (("nogame", ["random", "random"], 2), UnknownGame),
        (("goofspiel", ["random", "nobot"], 2), BadBotSpec),
        (("goofspiel", ["random", "mcts:seconds=0"], 2), BadBotSpec),
        (("goofspiel", ["random"], 2), BadOption),
        (("goofspiel", ["random", "random"], 0), ArenaError),
    ],
)
def test_bad_input_raises_meeple_errors(args, exc):
    with pytest.raises(exc):
        run_arena(*args)


def test_command_json_last_line():
    res = CliRunner().invoke(
        arena,
        [
            "goofspiel",
            "--bots",
            "mcts:iterations=10,depth=2,random",
            "--games",
            "4",
            "-o",
            "cards=4",
            "--json",
        ],
    )
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout.strip().splitlines()[-1])
    assert doc["games"] == 4 and doc["errors"] == 0
    assert [b["name"] for b in doc["bots"]] == ["mcts:iterations=10,depth=2", "random"]
    for b in doc["bots"]:
        assert {"name", "games", "wins", "win_rate", "ci95", "mean_score", "seconds_per_decision"} <= set(b)
        assert len(b["ci95"]) == 2


def test_command_table():
    res = CliRunner().invoke(arena, ["goofspiel", "--bots", "greedy,random", "--games", "3", "-o", "cards=3"])
    assert res.exit_code == 0, res.output
    assert "greedy" in res.output and "win rate" in res.output and "not a multiple" in res.output


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["goofspiel", "--bots", "greedy,minimax"], ["unknown bot 'minimax'", "mcts"]),
        (["goofspiel", "--bots", "mcts:iterations=0,random"], ["iterations", "> 0"]),
        (["goofspiel", "--bots", "mcts:seconds=-1,random"], ["seconds", "> 0"]),
        (["goofspiel", "--bots", "mcts:speed=3,random"], ["no parameter 'speed'", "iterations"]),
        (["goofspiel", "--bots", "greedy"], ["2 to 5 players"]),
        (["nogame", "--bots", "greedy,random"], ["unknown game 'nogame'", "goofspiel"]),
        (["goofspiel", "--bots", "greedy,random", "--games", "0"], ["--games"]),
        (["goofspiel", "--bots", "greedy,random", "--jobs", "0"], ["--jobs"]),
        (["goofspiel", "--bots", "greedy,random", "-o", "cards=99"], ["cards"]),
    ],
)
def test_command_bad_input(argv, words):
    res = CliRunner().invoke(arena, argv)
    assert res.exit_code != 0
    assert "Traceback" not in res.output and not isinstance(res.exception, (TypeError, ValueError, KeyError))
    for w in words:
        assert w in res.output


def test_meeple_arena_subprocess_parallel():
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "meeple",
            "arena",
            "goofspiel",
            "--bots",
            "greedy,random,random",
            "--games",
            "6",
        ]
        + ["--jobs", "2", "-o", "cards=4", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout.strip().splitlines()[-1])
    assert doc["games"] == 6 and doc["errors"] == 0 and len(doc["bots"]) == 3


def _strip(report):
    return [(b.wins, b.mean_score, b.mean_margin, b.seats) for b in report.bots]


def test_results_journal_resumes_and_extends(tmp_path):
    """A run stopped after 4 games and resumed to 6 reports what an uninterrupted run of 6 does, and
    the 4 finished games are not played again."""
    journal = tmp_path / "arena.jsonl"
    args = ("goofspiel", ["greedy", "random"])
    first = run_arena(*args, 4, seed=2, options={"cards": 5}, results=journal)
    assert first.games == 4 and len(journal.read_text().splitlines()) == 1 + 4
    played = []
    resumed = run_arena(*args, 6, seed=2, options={"cards": 5}, results=journal, progress=lambda d, t: played.append(d))
    assert played == [5, 6]  # only the two new games were played
    assert len(journal.read_text().splitlines()) == 1 + 6
    assert _strip(resumed) == _strip(run_arena(*args, 6, seed=2, options={"cards": 5}))
    fewer = run_arena(*args, 2, seed=2, options={"cards": 5}, results=journal)  # nothing played
    assert fewer.games == 2 and len(journal.read_text().splitlines()) == 1 + 6


def test_results_journal_of_another_arena_or_damaged_is_refused(tmp_path):
    journal = tmp_path / "arena.jsonl"
    run_arena("goofspiel", ["greedy", "random"], 2, seed=2, options={"cards": 4}, results=journal)
    before = journal.read_text()
    with pytest.raises(ArenaError, match="another arena"):
        run_arena("goofspiel", ["random", "greedy"], 2, seed=2, options={"cards": 4}, results=journal)
    with pytest.raises(ArenaError, match="another arena"):
        run_arena("goofspiel", ["greedy", "random"], 2, seed=3, options={"cards": 4}, results=journal)
    assert journal.read_text() == before  # nothing saved is lost
    journal.write_text(before + '{"index": 2, "se\n')
    with pytest.raises(ArenaError, match="line 4: damaged"):
        run_arena("goofspiel", ["greedy", "random"], 4, seed=2, options={"cards": 4}, results=journal)
    r = CliRunner().invoke(arena, ["goofspiel", "--bots", "greedy,random", "--games", "4", "--seed", "2",
                                   "-o", "cards=4", "--results", str(journal)])
    assert r.exit_code == 1 and "line 4: damaged" in r.output and "Traceback" not in r.output


def test_results_journal_of_other_code_is_refused(tmp_path):
    """A journal is never continued by another version of the engine, the bots or the game."""
    journal = tmp_path / "arena.jsonl"
    run_arena("goofspiel", ["greedy", "random"], 2, seed=2, options={"cards": 4}, results=journal)
    lines = journal.read_text().splitlines()
    head = json.loads(lines[0])
    assert len(head["code"]) == 16
    head["code"] = "0" * 16
    journal.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n")
    before = journal.read_text()
    with pytest.raises(ArenaError, match="other code"):
        run_arena("goofspiel", ["greedy", "random"], 4, seed=2, options={"cards": 4}, results=journal)
    assert journal.read_text() == before


def test_mean_and_error_of_paired_differences():
    from meeple.arena.stats import mean_and_error

    mean, se = mean_and_error([1.0, 3.0, 5.0, 7.0])
    assert mean == 4.0 and se == pytest.approx((20 / 3 / 4) ** 0.5)
    assert mean_and_error([2.0])[0] == 2.0 and math.isnan(mean_and_error([2.0])[1])
