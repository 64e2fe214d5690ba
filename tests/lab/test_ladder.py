"""meeple ladder: Plackett-Luce ratings order the bots by strength on a clear case; its games and
journal; bad input."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from meeple.arena import ArenaError
from meeple.arena.ladder import ladder_groups, ladder_tasks, run_ladder
from meeple.cli.commands import cli

POOL = ["random", "greedy", "mcts:iterations=150"]


def test_groups_go_through_every_combination():
    groups = ladder_groups(4, 2, 12, seed=0)
    assert sorted(groups[:6]) == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    assert groups[6:] == groups[:6]
    big = ladder_groups(30, 5, 3, seed=0)  # 142506 combinations: each block draws its own
    assert all(len(set(g)) == 5 and all(0 <= e < 30 for e in g) for g in big)


def test_a_block_plays_one_deal_with_the_seats_rotated():
    tasks = ladder_tasks("goofspiel", POOL, 3, 6, seed=4, options={})
    seats = [t[5] for t in tasks]
    assert seats[0] != seats[1] and sorted(seats[0]) == sorted(seats[1]) == sorted(seats[2])
    assert {t[4] for t in tasks[:3]} == {4} and {t[4] for t in tasks[3:]} == {5}


def test_ratings_order_random_greedy_mcts():
    report = run_ladder("goofspiel", POOL, 48, players=2, seed=0, options={"cards": 8})
    assert report.games == 48 and not report.errors
    assert [r.name for r in report.ratings] == list(reversed(POOL))  # best first
    assert all(r.games == 32 for r in report.ratings)  # 3 pairs in turn, 2 seats: each bot plays 2/3
    mcts, greedy, rand = report.ratings
    assert mcts.mu > greedy.mu > rand.mu
    assert all(r.sigma < 25 / 3 for r in report.ratings)  # the games made every rating surer
    assert mcts.mu - rand.mu > 2 * (mcts.sigma + rand.sigma)  # a clear case, beyond the uncertainty


def test_journal_resumes_to_the_same_ratings(tmp_path):
    path = tmp_path / "ladder.jsonl"
    whole = run_ladder("goofspiel", ["random", "greedy"], 8, seed=2, options={"cards": 5})
    run_ladder("goofspiel", ["random", "greedy"], 5, seed=2, options={"cards": 5}, results=path)
    played = []
    resumed = run_ladder("goofspiel", ["random", "greedy"], 8, seed=2, options={"cards": 5}, results=path,
                         progress=lambda done, total: played.append(done))
    assert played == [6, 7, 8]  # only the three games the journal lacked
    assert [r.to_json() for r in resumed.ratings] == [r.to_json() for r in whole.ratings]
    with pytest.raises(ArenaError, match="another ladder"):
        run_ladder("goofspiel", ["random", "greedy"], 8, seed=3, options={"cards": 5}, results=path)


def test_command_json():
    res = CliRunner().invoke(cli, ["ladder", "goofspiel", "--bots", "random,greedy", "--games", "4", "-o", "cards=5", "--json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output.strip().splitlines()[-1])
    assert doc["games"] == 4 and {r["name"] for r in doc["ratings"]} == {"random", "greedy"}
    assert all(r["ordinal"] == pytest.approx(r["mu"] - 3 * r["sigma"], abs=1e-3) for r in doc["ratings"])


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--bots", "random"], "at least two bots"),
        (["--bots", "random,random"], "once"),
        (["--bots", "random,greedy", "--players", "3"], "--players must be from 2"),
        (["--bots", "random,nobot"], "nobot"),
        (["--bots", "random,greedy", "--games", "0"], "at least 1"),
        (["--bots", "random,greedy", "-o", "cards=0"], "cards"),
    ],
)
def test_bad_input_is_one_line(argv, words):
    res = CliRunner().invoke(cli, ["ladder", "goofspiel", *argv])
    assert res.exit_code in (1, 2) and words in res.output and "Traceback" not in res.output, res.output
