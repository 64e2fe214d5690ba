"""Where many independent games are played: in this process, in worker processes, or as Ray tasks.

Every caller (simulate, arena, ladder, report) hands over a top-level function and a list of plain,
picklable tasks; each task's result depends only on the task (its seeds), never on the worker that
played it or the order of completion, so every backend gives the same results for the same seeds.
Results come back as `(position in the task list, result)` in the order they finish, so a caller
can show progress and journal each game at once, and sort them afterwards.

Tasks travel in chunks: a game of a fast bot takes milliseconds, about what sending one task to a
worker costs, so each worker gets a few tasks at a time (at most 16, and about 8 chunks a worker so
the last ones still spread over all workers).
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from meeple.engine import MeepleError

BACKENDS = ("process", "ray")


class BackendError(MeepleError):
    """A backend that cannot be used here: Ray not installed, or its cluster not reachable."""


def chunks(n_tasks: int, workers: int) -> list[range]:
    size = max(1, min(16, n_tasks // (max(1, workers) * 8)))
    return [range(i, min(i + size, n_tasks)) for i in range(0, n_tasks, size)]


def _run_chunk(fn: Callable[[Any], Any], tasks: Sequence[Any]) -> list[Any]:
    return [fn(t) for t in tasks]


def run_tasks(
    fn: Callable[[Any], Any],
    tasks: Sequence[Any],
    jobs: int = 1,
    backend: str = "process",
    address: str | None = None,
) -> Iterator[tuple[int, Any]]:
    """`fn(task)` for every task, as `(index, result)` pairs in the order they finish.

    `process`: in this process with jobs=1, else in `jobs` spawned worker processes. `ray`: Ray
    tasks on the cluster at `address`, or on a local Ray with `jobs` CPUs started (and stopped) here
    when no address is given and none is running in this process yet."""
    if backend not in BACKENDS:
        raise BackendError(f"unknown backend {backend!r}; the backends are {', '.join(BACKENDS)}")
    if backend == "ray":
        yield from _ray(fn, tasks, jobs, address)
    elif jobs <= 1 or len(tasks) <= 1:
        for i, t in enumerate(tasks):
            yield i, fn(t)
    else:
        workers = min(jobs, len(tasks))
        parts = chunks(len(tasks), workers)
        ctx = multiprocessing.get_context("spawn")  # safe with threads and on every platform
        with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
            futures = {pool.submit(_run_chunk, fn, [tasks[i] for i in r]): r for r in parts}
            for f in as_completed(futures):
                yield from zip(futures[f], f.result())


def _ray(fn: Callable[[Any], Any], tasks: Sequence[Any], jobs: int, address: str | None) -> Iterator[tuple[int, Any]]:
    try:
        import ray
    except ImportError:
        raise BackendError("--backend ray needs Ray: pip install 'meeple[ray]'") from None
    started = False
    if not ray.is_initialized():
        # the workers must import the same meeple as this process (MEEPLE_PURE and all)
        env = {"env_vars": {k: v for k, v in os.environ.items() if k.startswith("MEEPLE_")}}
        try:
            if address:
                ray.init(address=address, runtime_env=env, logging_level="ERROR", log_to_driver=False)
            else:
                ray.init(num_cpus=max(1, jobs), include_dashboard=False, runtime_env=env,
                         logging_level="ERROR", log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as e:
            where = f"the Ray cluster at {address}" if address else "a local Ray"
            raise BackendError(f"cannot start or reach {where}: {e}") from None
        started = True
    try:
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        remote = ray.remote(num_cpus=1, max_retries=2)(_run_chunk)
        pending = {remote.remote(fn, [tasks[i] for i in r]): r for r in chunks(len(tasks), workers)}
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            r = pending.pop(done[0])
            yield from zip(r, ray.get(done[0]))
    finally:
        if started:
            ray.shutdown()
