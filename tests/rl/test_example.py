"""The example agent (examples/pg_agent.py): its update moves the policy toward a decision that gained,
and a short run writes its learning curve (CSV and plot)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.tools import ROOT, load_example

pytest.importorskip("gymnasium")
pytest.importorskip("matplotlib")
agent = load_example("pg_agent")


def test_a_decision_that_gained_becomes_likelier_and_one_that_lost_less_likely():
    from meeple.rl import gym_env

    env = gym_env("elgrande", ["random", "random"], reward="margin")
    for final, likelier in ((0.5, True), (-0.5, False)):
        policy = agent.Policy(env.observation_space["observation"].shape[0], env.action_space.n,
                              np.random.default_rng(1))
        steps, _ = agent.play(env, policy, seed=3)
        x, legal, i, before = next(s for s in steps if len(s[1]) > 1)  # a real choice
        agent.reinforce(policy, steps, final, lambda x: 0.0, lr=0.5)
        after = policy.probs(x, legal)
        assert (after[i] > before[i]) == likelier, (before[i], after[i])


def test_a_short_run_writes_its_learning_curve(tmp_path: Path):
    out = tmp_path / "curve"
    run = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "pg_agent.py"), "--game", "goofspiel", "--opponents", "1",
         "-o", "cards=5", "--seconds", "2", "--report", "50", "--measure", "20", "--out", str(out)],
        capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stderr
    rows = out.with_suffix(".csv").read_text().splitlines()
    assert rows[0] == "games,win_rate" and rows[1].startswith("0,") and len(rows) >= 3
    assert all(0.0 <= float(r.split(",")[1]) <= 1.0 for r in rows[1:])
    assert out.with_suffix(".png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
