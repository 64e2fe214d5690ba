"""The Ray backend gives the results of the process backend for the same seeds: simulate, arena,
ladder and report, on a local Ray with 2 CPUs started once for the module."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from meeple.arena import run_arena
from meeple.arena.backends import BackendError, chunks, run_tasks
from meeple.arena.ladder import run_ladder
from meeple.cli.commands import cli
from meeple.lab import runs

TIMES = {"seconds", "seconds_per_decision", "max_seconds_per_decision", "games_per_second"}


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    import ray

    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    yield
    ray.shutdown()


def _untimed(doc: object) -> object:
    if isinstance(doc, dict):
        return {k: _untimed(v) for k, v in doc.items() if k not in TIMES}
    if isinstance(doc, list):
        return [_untimed(v) for v in doc]
    return doc


def test_chunks_cover_every_task_once():
    for n, workers in ((1, 2), (7, 2), (500, 2), (10_000, 64)):
        parts = chunks(n, workers)
        assert [i for r in parts for i in r] == list(range(n))
        assert max(len(r) for r in parts) <= 16


def test_simulate_and_arena_equal_the_process_backend(local_ray):
    argv = ["simulate", "goofspiel", "--players", "3", "--bots", "greedy,random,random", "-n", "30", "-j", "2",
            "--seed", "7", "--json"]
    docs = []
    for backend in ("process", "ray"):
        res = CliRunner().invoke(cli, [*argv, "--backend", backend])
        assert res.exit_code == 0, res.output
        docs.append(_untimed(json.loads(res.output.strip().splitlines()[-1])))
    assert docs[0] == docs[1] and docs[0]["games"] == 30
    arenas = [run_arena("goofspiel", ["greedy", "random"], 12, seed=3, jobs=2, backend=b).to_json()
              for b in ("process", "ray")]
    assert _untimed(arenas[0]) == _untimed(arenas[1])


def test_ladder_and_report_equal_the_process_backend(local_ray):
    ladders = [run_ladder("goofspiel", ["random", "greedy", "mcts:iterations=40"], 12, seed=1, jobs=2, backend=b,
                          options={"cards": 6}).to_json() for b in ("process", "ray")]
    assert _untimed(ladders[0]) == _untimed(ladders[1])
    reports = [runs.run("goofspiel", ["greedy", "random", "random"], 18, seed=4, options={"cards": 5}, jobs=2,
                        backend=b) for b in ("process", "ray")]
    assert reports[0].rows == reports[1].rows and len(reports[0].rows) == 18


def test_unknown_backend_is_refused():
    with pytest.raises(BackendError, match="unknown backend"):
        list(run_tasks(abs, [1], backend="spark"))
