"""`meeple bench --rl`: PettingZoo steps per second of our environments beside PettingZoo's own."""

from __future__ import annotations

import json

from tests.cli.test_cli import meeple


def test_bench_rl_measures_each_count_and_the_classic_yardstick() -> None:
    out = meeple("bench", "--rl", "goofspiel", "--players", "2", "--seconds", "0.2", "--json")
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout.strip().splitlines()[-1])
    assert [r["game"] for r in rows] == ["goofspiel", "pettingzoo:connect_four_v3"]
    assert all(r["rl_steps"] > 0 and r["rl_steps_per_second"] > 0 for r in rows)


def test_bench_rl_refuses_a_bad_player_count_in_one_line() -> None:
    out = meeple("bench", "--rl", "doge", "--players", "2")
    assert out.returncode == 2
    assert "doge is for 3-4 players" in out.stderr and "Traceback" not in out.stderr
